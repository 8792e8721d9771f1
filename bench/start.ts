// CLI start-up (issue 33): the CPU time of `flotilla --version` and of `flotilla validate` on the
// repository `flotilla init` makes, against a bare `node -e 0` in the same run, as ratios (so they
// hold on any machine). The three commands are interleaved, RUNS times each, so load changes hit
// all alike; the compile cache is warmed by one run of each first. FLOTILLA_BASELINE_CLI=path/to/
// bin/run.js adds the same two commands of another build (e.g. main before the bundling).
// Run: npm run build && node bench/start.ts [RUNS]
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { measure, printTable } from './lib/measure.ts';
import { size } from './lib/size.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const CLI = `${ROOT}bin/run.js`;
const RUNS = Number(process.argv[2] ?? size(20, 1));

const scratch = mkdtempSync(join(tmpdir(), 'flotilla-bench-start-'));
const fleet = join(scratch, 'fleet');
try {
  const init = spawnSync(process.execPath, [CLI, 'init', fleet], { encoding: 'utf8' });
  if (init.status !== 0) throw new Error(`flotilla init failed: ${init.stderr}`);
  const clis: [string, string][] = [['', CLI]];
  const baseline = process.env['FLOTILLA_BASELINE_CLI'];
  if (baseline) clis.push([' (baseline)', baseline]);
  const contenders: [string, string[]][] = [
    ['node -e 0 (floor)', ['-e', '0']],
    ...clis.flatMap(([label, cli]): [string, string[]][] => [
      [`flotilla --version${label}`, [cli, '--version']],
      [`flotilla validate (init repository)${label}`, [cli, 'validate', '--repo', fleet]],
    ]),
  ];
  const cpu = contenders.map(() => 0);
  const wall = contenders.map(() => 0);
  for (const [, args] of contenders) measure(process.execPath, args, ROOT);
  for (let run = 0; run < RUNS; run++) {
    contenders.forEach(([, args], i) => {
      const m = measure(process.execPath, args, ROOT);
      cpu[i]! += m.cpuSeconds;
      wall[i]! += m.seconds;
    });
  }
  const floor = cpu[0]! / RUNS;
  const rows: (string | number)[][] = [['command', 'CPU ms (mean)', 'wall ms (mean)', 'CPU ratio to floor']];
  contenders.forEach(([name], i) => {
    const mean = cpu[i]! / RUNS;
    rows.push([name, Math.round(mean * 1000), Math.round((wall[i]! / RUNS) * 1000), (mean / floor).toFixed(1)]);
  });
  console.log(`${RUNS} runs each, interleaved`);
  printTable(rows);
} finally {
  rmSync(scratch, { recursive: true, force: true });
}

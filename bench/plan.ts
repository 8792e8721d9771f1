// `plan --offline -o json` end to end on generated fleets (issue 6): time against a floor that
// only reads, parses, clones and serialises the same manifests; peak memory; linearity. Wall and
// CPU time (user + system, children included): on a shared, loaded machine only the CPU ratio
// holds still. The template counts may be given (`node bench/plan.ts 800` is issue 33's 40,000
// manifests); FLOTILLA_BASELINE_CLI=path/to/bin/run.js adds another build's CPU time, same run.
// Run: npm run build && node bench/plan.ts [TEMPLATES...]
import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { makeFleetRepo } from './lib/fleet-repo.ts';
import { measure, printTable } from './lib/measure.ts';
import { size } from './lib/size.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const CLI = `${ROOT}bin/run.js`;
const FLOOR = `${ROOT}bench/lib/plan-floor.ts`;

const BASELINE = process.env['FLOTILLA_BASELINE_CLI'];
const sizes =
  process.argv.length > 2 ? process.argv.slice(2).map(Number) : [size(500, 5), size(1000, 10), size(2000, 20)];

const rows: (string | number)[][] = [
  [
    ...['templates', 'clusters', 'manifests', 'plan s', 'floor s', 'ratio', 'plan CPU s', 'floor CPU s', 'CPU ratio'],
    ...(BASELINE ? ['baseline CPU s', 'baseline CPU ratio'] : []),
    ...['plan MiB', 'floor MiB'],
  ],
];
const planOf = (cli: string, repo: string) =>
  measure(
    process.execPath,
    ['--max-old-space-size=4096', cli, 'plan', '--offline', '--repo', repo, '-o', 'json'],
    ROOT,
  );
for (const templates of sizes) {
  const clusters = size(50, 2);
  const repo = makeFleetRepo({ templates, clusters, overridePolicies: 12 });
  try {
    const plan = planOf(CLI, repo);
    const floor = measure(process.execPath, [FLOOR, repo, String(clusters)], ROOT);
    const baseline = BASELINE ? planOf(BASELINE, repo) : undefined;
    rows.push([
      templates,
      clusters,
      templates * clusters,
      plan.seconds,
      floor.seconds,
      (plan.seconds / floor.seconds).toFixed(2),
      plan.cpuSeconds,
      floor.cpuSeconds,
      (plan.cpuSeconds / floor.cpuSeconds).toFixed(2),
      ...(baseline ? [baseline.cpuSeconds, (baseline.cpuSeconds / floor.cpuSeconds).toFixed(2)] : []),
      plan.maxRssMiB,
      floor.maxRssMiB,
    ]);
  } finally {
    rmSync(repo, { recursive: true, force: true });
  }
}
printTable(rows);

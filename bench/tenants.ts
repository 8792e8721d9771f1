// What tenants by folder (issue 29) cost `validate` and `plan --offline`: a 10,000-template
// repository whose apps sit in 50 team folders, with a flotilla.yaml of prune settings and no
// tenants (the floor) and with the same settings and 50 tenants owning the folders (every object inside its grant, so all of the checks run and
// none refuses). CPU and wall seconds, median of 5, the two repositories interleaved so load
// changes hit both alike; the ratio is against the floor of the same run. Target: validate within
// 1.05x. Run: npm run build && node bench/tenants.ts
import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { makeFleetRepo } from './lib/fleet-repo.ts';
import { type Measured, measure, printTable } from './lib/measure.ts';
import { size } from './lib/size.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const CLI = `${ROOT}bin/run.js`;
const TEMPLATES = size(10_000, 20);
const TENANTS = size(50, 2);
const RUNS = size(5, 1);

const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

const shape = { templates: TEMPLATES, clusters: 5, overridePolicies: 0, tenantFolders: TENANTS };
const floor = makeFleetRepo(shape);
const tenants = makeFleetRepo({ ...shape, tenantsConfig: true });
const rows: (string | number)[][] = [
  ['command', 'repository', 'CPU s (median)', 'wall s (median)', 'MiB', 'CPU ratio'],
];
try {
  const commands: [string, (repo: string) => string[]][] = [
    ['validate', (repo) => ['validate', '--repo', repo]],
    ['plan --offline', (repo) => ['plan', '--offline', '--repo', repo, '-o', 'json']],
  ];
  for (const [name, args] of commands) {
    const runs: [Measured[], Measured[]] = [[], []];
    for (let i = 0; i < RUNS; i++) {
      for (const [r, repo] of [floor, tenants].entries())
        runs[r]?.push(measure(process.execPath, ['--max-old-space-size=4096', CLI, ...args(repo)], ROOT));
    }
    const of = (r: 0 | 1, pick: (m: Measured) => number) => median(runs[r].map(pick));
    const base = of(0, (m) => m.cpuSeconds);
    for (const [r, label] of [
      [0, 'no tenants (floor)'],
      [1, `${TENANTS} tenants`],
    ] as const) {
      const cpu = of(r, (m) => m.cpuSeconds);
      rows.push([name, label, cpu, of(r, (m) => m.seconds), of(r, (m) => m.maxRssMiB), (cpu / base).toFixed(3)]);
    }
  }
} finally {
  rmSync(floor, { recursive: true, force: true });
  rmSync(tenants, { recursive: true, force: true });
}
console.log(`${TEMPLATES} templates in ${TENANTS} team folders, 5 clusters`);
printTable(rows);

// `plan --offline -o json` end to end on generated fleets (issue 6): time against a floor that
// only reads, parses, clones and serialises the same manifests; peak memory; linearity.
// Run: npm run build && node bench/plan.ts
import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { makeFleetRepo } from './lib/fleet-repo.ts';
import { measure, printTable } from './lib/measure.ts';
import { size } from './lib/size.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const CLI = `${ROOT}bin/run.js`;
const FLOOR = `${ROOT}bench/lib/plan-floor.ts`;

const rows: (string | number)[][] = [
  ['templates', 'clusters', 'manifests', 'plan s', 'floor s', 'ratio', 'plan MiB', 'floor MiB'],
];
for (const templates of [size(500, 5), size(1000, 10), size(2000, 20)]) {
  const clusters = size(50, 2);
  const repo = makeFleetRepo({ templates, clusters, overridePolicies: 12 });
  try {
    const plan = measure(
      process.execPath,
      ['--max-old-space-size=4096', CLI, 'plan', '--offline', '--repo', repo, '-o', 'json'],
      ROOT,
    );
    const floor = measure(process.execPath, [FLOOR, repo, String(clusters)], ROOT);
    rows.push([
      templates,
      clusters,
      templates * clusters,
      plan.seconds,
      floor.seconds,
      (plan.seconds / floor.seconds).toFixed(2),
      plan.maxRssMiB,
      floor.maxRssMiB,
    ]);
  } finally {
    rmSync(repo, { recursive: true, force: true });
  }
}
printTable(rows);

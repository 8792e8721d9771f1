// The floor issue 6 measures `plan --offline -o json` against: read every blob with native git,
// parse it with the `yaml` package, clone each manifest once per cluster, serialise the result.
// Run as `node bench/lib/plan-floor.ts REPO CLUSTERS`.
import { execFileSync } from 'node:child_process';
import { parseAllDocuments } from 'yaml';

const [repo, clusterCount] = process.argv.slice(2) as [string, string];
const listing = execFileSync('git', ['ls-tree', '-r', '-z', 'HEAD'], { cwd: repo, maxBuffer: 2 ** 30 }).toString();
const oids = listing
  .split('\0')
  .filter(Boolean)
  .map((line) => line.split(/\s+/)[2]!);
const batch = execFileSync('git', ['cat-file', '--batch'], {
  cwd: repo,
  input: oids.join('\n') + '\n',
  maxBuffer: 2 ** 31 - 1,
});
const blobs: string[] = [];
for (let at = 0; at < batch.length; ) {
  const nl = batch.indexOf(10, at);
  const size = Number(batch.subarray(at, nl).toString().split(' ')[2]);
  blobs.push(batch.subarray(nl + 1, nl + 1 + size).toString('utf8'));
  at = nl + 1 + size + 1;
}
const objects = blobs.flatMap((text) => parseAllDocuments(text).map((d) => d.toJS()));
const works: Record<string, unknown[]> = {};
for (let c = 0; c < Number(clusterCount); c++) works[`member${c}`] = objects.map((o) => structuredClone(o));
process.stdout.write(JSON.stringify({ works }, null, 2));

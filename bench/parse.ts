// Parsing throughput (issue 2): Flotilla's parse path (js-yaml events, positions kept lazily)
// against the `yaml` package's parseAllDocuments on the same generated manifests (the apps of
// bench/lib/fleet-repo.ts: a Deployment and a ConfigMap per file).
// Run: node bench/parse.ts
import { parseAllDocuments } from 'yaml';
import { parseSources } from '../src/render/parse/parse-sources.ts';
import { deploymentYaml } from './lib/fleet-repo.ts';
import { printTable } from './lib/measure.ts';
import { size } from './lib/size.ts';

const files = Array.from({ length: size(20_000, 20) }, (_, i) => ({
  path: `apps/app-${i}.yaml`,
  blobId: `b${i}`,
  content: Buffer.from(deploymentYaml(i)),
}));
const megabytes = files.reduce((n, f) => n + f.content.length, 0) / 2 ** 20;

function time(fn: () => void): number {
  const start = performance.now();
  fn();
  return (performance.now() - start) / 1000;
}

time(() => parseSources(files.slice(0, size(2000, 2))));
const ours = time(() => parseSources(files));
const reference = time(() => {
  for (const f of files) parseAllDocuments(f.content.toString('utf8')).map((d) => d.toJS());
});
const cache = new Map();
parseSources(files, cache);
const cached = time(() => parseSources(files, cache));
printTable([
  ['parser', 'files', 'MB', 'seconds', 'MB/s'],
  ['flotilla parseSources', files.length, megabytes.toFixed(1), ours.toFixed(2), (megabytes / ours).toFixed(1)],
  [
    'yaml parseAllDocuments',
    files.length,
    megabytes.toFixed(1),
    reference.toFixed(2),
    (megabytes / reference).toFixed(1),
  ],
  [
    'flotilla, every blob cached',
    files.length,
    megabytes.toFixed(1),
    cached.toFixed(2),
    (megabytes / cached).toFixed(1),
  ],
]);

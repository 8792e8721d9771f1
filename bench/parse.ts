// Parsing throughput (issue 2): Flotilla's parse path (js-yaml events, positions kept lazily)
// against the `yaml` package's parseAllDocuments on the same generated manifests.
// Run: node bench/parse.ts
import { parseAllDocuments } from 'yaml';
import { parseSources } from '../src/render/parse/parse-sources.ts';
import { printTable } from './lib/measure.ts';

function manifest(i: number): string {
  return `apiVersion: apps/v1
kind: Deployment
metadata:
  name: app-${i}
  namespace: team-${i % 20}
  labels: {app: app-${i}, tier: "t${i % 3}"}
  annotations:
    description: "a generated deployment used to measure parsing"
spec:
  replicas: ${1 + (i % 4)}
  selector:
    matchLabels: {app: app-${i}}
  template:
    metadata:
      labels: {app: app-${i}}
    spec:
      containers:
        - name: app
          image: registry.example.com/team/app-${i}:1.0.${i}
          args: ["--port=8080", "--id=${i}"]
          env:
            - {name: MODE, value: production}
            - {name: REPLICA, value: "${i}"}
          resources:
            requests: {cpu: 100m, memory: 128Mi}
            limits: {cpu: "1", memory: 512Mi}
`;
}

const files = Array.from({ length: 20_000 }, (_, i) => ({ path: `apps/app-${i}.yaml`, blobId: `b${i}`, content: Buffer.from(manifest(i)) }));
const megabytes = files.reduce((n, f) => n + f.content.length, 0) / 2 ** 20;

function time(fn: () => void): number {
  const start = performance.now();
  fn();
  return (performance.now() - start) / 1000;
}

time(() => parseSources(files.slice(0, 2000)));
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
  ['yaml parseAllDocuments', files.length, megabytes.toFixed(1), reference.toFixed(2), (megabytes / reference).toFixed(1)],
  ['flotilla, every blob cached', files.length, megabytes.toFixed(1), cached.toFixed(2), (megabytes / cached).toFixed(1)],
]);

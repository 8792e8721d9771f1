// What the offline OpenAPI check of templates (issue 22) costs `validate` and `plan`: validation of
// 10,000 generated templates in process with and without the schema check (CPU ms, best of 3, the
// first pass also compiling the kinds' schemas), then the CLI end to end on examples/repo and on a
// 10,000-template repository (CPU and wall, median of 5). FLOTILLA_BASELINE_CLI=path/to/bin/run.js
// adds the same CLI runs of another build (e.g. main before the check) for a before/after.
// Run: npm run build && node bench/validate.ts
import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseSources } from '../src/render/parse/parse-sources.ts';
import { builtinSchema, validateAndDefault, type SchemaLookup } from '../src/render/validate/index.ts';
import { deploymentYaml, makeFleetRepo } from './lib/fleet-repo.ts';
import { type Measured, measure, printTable } from './lib/measure.ts';
import { size } from './lib/size.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const TEMPLATES = size(10_000, 10);

function cpuMs(run: () => void): number {
  const start = process.cpuUsage();
  run();
  const used = process.cpuUsage(start);
  return Math.round((used.user + used.system) / 1000);
}

function inProcess(): (string | number)[][] {
  const files = Array.from({ length: TEMPLATES / 2 }, (_, i) => ({
    path: `apps/app-${i}.yaml`,
    blobId: String(i),
    content: Buffer.from(deploymentYaml(i)),
  }));
  const objects = parseSources(files).objects.map((o) => o.object);
  const validateAll = (schemaFor: SchemaLookup) => () => {
    for (const obj of objects) {
      if (validateAndDefault(obj, { schemaFor }).issues.length > 0) throw new Error('generated template is invalid');
    }
  };
  const none: SchemaLookup = () => undefined;
  const first = cpuMs(validateAll(builtinSchema));
  const runs = (schemaFor: SchemaLookup) => Math.min(...[0, 1, 2].map(() => cpuMs(validateAll(schemaFor))));
  const without = runs(none);
  const withSchemas = runs(builtinSchema);
  return [
    ['validation of 10,000 templates', 'CPU ms'],
    ['without the schema check', without],
    ['with the schema check (first pass, compiling Deployment and ConfigMap)', first],
    ['with the schema check (schemas compiled)', withSchemas],
  ];
}

const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** Each command run 5 times per CLI, the CLIs interleaved so that load changes hit both alike. */
function endToEnd(): (string | number)[][] {
  const clis: [string, string][] = [['this build', `${ROOT}bin/run.js`]];
  const baseline = process.env['FLOTILLA_BASELINE_CLI'];
  if (baseline) clis.push(['baseline', baseline]);
  const big = makeFleetRepo({ templates: TEMPLATES, clusters: 5, overridePolicies: 0 });
  const rows: (string | number)[][] = [['command', 'cli', 'CPU s (median of 5)', 'wall s (median of 5)', 'MiB']];
  try {
    const commands: [string, string[]][] = [
      ['validate examples/repo', ['validate', '--repo', `${ROOT}examples/repo`]],
      ['validate 10,000 templates', ['validate', '--repo', big]],
      ['plan --offline 10,000 templates x 5 clusters', ['plan', '--offline', '--repo', big, '-o', 'json']],
    ];
    for (const [name, args] of commands) {
      const runs = clis.map(() => [] as Measured[]);
      for (let i = 0; i < size(5, 1); i++) {
        for (const [c, [, cli]] of clis.entries()) {
          runs[c]!.push(measure(process.execPath, ['--max-old-space-size=4096', cli, ...args], ROOT));
        }
      }
      clis.forEach(([label], c) => {
        const of = (pick: (m: Measured) => number) => median(runs[c]!.map(pick));
        rows.push([name, label, of((m) => m.cpuSeconds), of((m) => m.seconds), of((m) => m.maxRssMiB)]);
      });
    }
  } finally {
    rmSync(big, { recursive: true, force: true });
  }
  return rows;
}

printTable(inProcess());
console.log();
printTable(endToEnd());

// `npm run bench [names...]`: builds the CLI, prints the machine, then runs every benchmark
// script in this folder (or the named ones) one after the other, so they do not compete for the
// two cores. Numbers go into docs/benchmarks.md by hand, with the machine line.
import { execFileSync, spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const wanted = process.argv.slice(2);
const all = readdirSync(`${ROOT}bench`)
  .filter((f) => f.endsWith('.ts') && f !== 'run.ts' && !f.startsWith('_'))
  .map((f) => f.slice(0, -3))
  .sort();
const names = wanted.length > 0 ? wanted : all;

execFileSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
console.log(
  `machine: ${cpus().length} x ${cpus()[0]?.model ?? 'cpu'}, ${Math.round(totalmem() / 2 ** 30)} GiB, node ${process.version}, ${new Date().toISOString()}`,
);
let failed = 0;
for (const name of names) {
  console.log(`\n## ${name}  (node bench/${name}.ts)`);
  const out = spawnSync(process.execPath, [`${ROOT}bench/${name}.ts`], { cwd: ROOT, stdio: 'inherit' });
  if (out.status !== 0) failed++;
}
process.exit(failed > 0 ? 1 : 0);

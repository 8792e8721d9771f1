/**
 * Regenerates expected.json from the Go libraries themselves (needs Go and the modules in the Go
 * module cache or proxy): `node test/render/overrides/go-parity/record.ts`.
 */
import { execFileSync } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { cases } from './cases.ts';

const dir = import.meta.dirname;
const binary = path.join(dir, '.go-parity');
execFileSync('go', ['build', '-o', binary, '.'], { cwd: dir, stdio: 'inherit' });
const answers = JSON.parse(execFileSync(binary, { input: JSON.stringify(cases) }).toString()) as { out: string; err?: string }[];
rmSync(binary);
const recorded = cases.map((c, i) => ({ ...c, go: answers[i] }));
writeFileSync(path.join(dir, 'expected.json'), `${JSON.stringify(recorded, null, 1)}\n`);
console.log(`recorded ${recorded.length} cases`);

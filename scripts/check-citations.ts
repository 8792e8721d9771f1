/**
 * Fails when a tracked file cites something a clone of the repository does not have: a specification
 * kept outside it (section marks, `interfaces.md`, a `../shared/` path, style-anchor numbers), or an
 * anchor of docs/karmada-compatibility.md that is not one of its headings. Run by `npm run lint`.
 * Karmada's rules are cited as `docs/karmada-compatibility.md#<anchor>`; the CLI contract lives in
 * the README and docs/.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const COMPATIBILITY = 'docs/karmada-compatibility.md';
const SELF = 'scripts/check-citations.ts';
const SCANNED = /^(src|test|docs|bench|scripts|examples)\/|^(README|CONTRIBUTING)\.md$/;
const TEXT = /\.(ts|js|mjs|cjs|md|ya?ml|json|lua)$/;

// Built from parts so this file does not match itself.
const SECTION = '\u00a7';
const OUTSIDE: readonly [RegExp, string][] = [
  [new RegExp(`${SECTION}\\s*\\d`), 'a section mark of a specification outside the repository'],
  [/\binterfaces\.md\b/, 'interfaces.md, which is outside the repository'],
  [/\.\.\/shared\b/, 'a ../shared path, outside the repository'],
  [/karmada-semantics\.md|layout\.md|style-anchors\.md/, 'a specification outside the repository'],
  [/\bstyle anchor\b|\(P\d+[,):;]/i, 'a style-anchor number of a guide outside the repository'],
];
const CITED_ANCHOR = /karmada-compatibility\.md#([a-z0-9_-]+)/g;

function slug(title: string): string {
  return title
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N} _-]/gu, '')
    .replace(/ /g, '-');
}

const anchors = new Set(
  readFileSync(COMPATIBILITY, 'utf8')
    .split('\n')
    .flatMap((line) => {
      const heading = /^#{1,6} (.+)$/.exec(line);
      return heading?.[1] ? [slug(heading[1])] : [];
    }),
);

const files = execFileSync('git', ['ls-files', '-z'], { encoding: 'utf8' })
  .split('\0')
  .filter((f) => SCANNED.test(f) && TEXT.test(f) && f !== SELF && !f.startsWith('test/golden/'));

const problems: string[] = [];
for (const file of files) {
  const lines = readFileSync(file, 'utf8').split('\n');
  lines.forEach((line, i) => {
    const where = `${file}:${i + 1}`;
    if (file !== COMPATIBILITY) {
      for (const [pattern, what] of OUTSIDE) if (pattern.test(line)) problems.push(`${where}: cites ${what}`);
    }
    for (const [, anchor] of line.matchAll(CITED_ANCHOR)) {
      if (anchor && !anchors.has(anchor)) problems.push(`${where}: ${COMPATIBILITY} has no heading #${anchor}`);
    }
  });
}

for (const p of problems) console.error(p);
if (problems.length > 0) {
  console.error(`${problems.length} citation(s) point outside the repository or to a missing anchor`);
  process.exitCode = 1;
} else {
  console.log(`citations: ${files.length} files cite only the repository`);
}

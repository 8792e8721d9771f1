import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

const MODULE = new URL('../../../src/cli/output/write-stdout.ts', import.meta.url).href;
const BIG_CHAR = 'é';

/**
 * What a real process writes to a real pipe given these pieces (`Buffer:` marks a piece given as
 * bytes, `BIG` a Buffer of 1.4 MB).
 */
function written(pieces: string[]): string {
  const script = `
    import { writeStdout } from ${JSON.stringify(MODULE)};
    const pieces = ${JSON.stringify(pieces)}.map((p) =>
      p === 'BIG' ? Buffer.from(${JSON.stringify(BIG_CHAR)}.repeat(700_000)) : p.startsWith('Buffer:') ? Buffer.from(p.slice(7)) : p,
    );
    await writeStdout(pieces);`;
  return execFileSync(process.execPath, ['--input-type=module', '-e', script], { maxBuffer: 2 ** 28 }).toString();
}

const big = BIG_CHAR.repeat(700_000);

describe('writeStdout of pieces', () => {
  it.each<[string, string[], string]>([
    ['strings and buffers in order, a newline added', ['{', 'Buffer:"ä"', '', '}'], '{"ä"}\n'],
    ['no second newline when the last piece ends with one', ['a', 'Buffer:b\n'], 'ab\n'],
    ['a last string piece ending with a newline', ['Buffer:x', 'y\n'], 'xy\n'],
    ['nothing at all', [], '\n'],
    ['more than one batch of bytes', ['BIG', ',', 'BIG', ',', 'BIG'], `${big},${big},${big}\n`],
  ])('%s', (_name, pieces, want) => {
    expect(written(pieces)).toBe(want);
  });
});

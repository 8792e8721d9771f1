import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import Run from '../../src/cli/commands/run.ts';
import { searchToken } from '../../src/cli/search-token.ts';
import { runInProcess } from './run-in-process.ts';

const dir = mkdtempSync(join(tmpdir(), 'flotilla-search-token-'));

describe('the search token', () => {
  it('comes from the flag or a file, trimmed; an empty one is refused', async () => {
    writeFileSync(join(dir, 'token'), '  s3cret\n');
    writeFileSync(join(dir, 'empty'), '\n');
    expect(await searchToken('abc', undefined)).toBe('abc');
    expect(await searchToken(undefined, join(dir, 'token'))).toBe('s3cret');
    expect(await searchToken(undefined, undefined)).toBeUndefined();
    await expect(searchToken(undefined, join(dir, 'empty'))).rejects.toThrow(`the search token in ${join(dir, 'empty')} is empty`);
    await expect(searchToken(' ', undefined)).rejects.toThrow('the search token is empty');
  });

  it('run --search-addr without one refuses to start: the cache is never served without a token', async () => {
    const saved = process.env['FLOTILLA_SEARCH_TOKEN'];
    delete process.env['FLOTILLA_SEARCH_TOKEN'];
    try {
      const { code, stdout } = await runInProcess(Run, ['--search-addr', '127.0.0.1:0', '--repo', dir]);
      expect(code).toBe(1);
      expect(stdout).toContain('--search-addr needs a token');
    } finally {
      if (saved !== undefined) process.env['FLOTILLA_SEARCH_TOKEN'] = saved;
    }
  });
});

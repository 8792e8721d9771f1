import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import { REPO_ROOT } from './run-cli.ts';

const GOLDEN = join(REPO_ROOT, 'test/golden');
const UPDATE = process.env['UPDATE_GOLDEN'] === '1';

/** Compares `actual` with test/golden/`name`; UPDATE_GOLDEN=1 (or a missing file) writes it. */
export function golden(name: string, actual: string): void {
  const path = join(GOLDEN, name);
  if (UPDATE || !existsSync(path)) {
    mkdirSync(join(path, '..'), { recursive: true });
    writeFileSync(path, actual);
  }
  expect(actual, `golden ${name} (refresh with UPDATE_GOLDEN=1 and review the diff)`).toBe(readFileSync(path, 'utf8'));
}

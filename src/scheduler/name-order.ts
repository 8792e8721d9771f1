import { compareBytes } from '../model/index.ts';

/**
 * Go's byte-wise string order, fast: UTF-16 code-unit order equals UTF-8 byte order until a
 * surrogate or a code unit ≥ U+E000 differs, where the exact (slower) comparison takes over.
 */
export function compareNames(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x === y) continue;
    if (x < 0xd800 && y < 0xd800) return x - y;
    return compareBytes(a, b);
  }
  return a.length - b.length;
}

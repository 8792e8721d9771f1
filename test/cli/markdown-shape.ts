import { expect } from 'vitest';

/**
 * Checks that markdown is whole: every code fence closed by the same fence, every `<details>`
 * closed, none closed that was not open, and no `<details>` tag inside a fence.
 */
export function wellFormed(markdown: string): void {
  let fence: string | undefined;
  let depth = 0;
  for (const line of markdown.split('\n')) {
    if (fence !== undefined) {
      if (line === fence) fence = undefined;
      continue;
    }
    const open = /^(`{3,})[a-z]*$/.exec(line);
    if (open) fence = open[1];
    else if (line === '<details>') depth++;
    else if (line === '</details>') {
      depth--;
      expect(depth, 'a </details> without its <details>').toBeGreaterThanOrEqual(0);
    }
  }
  expect(fence, 'a code fence left open').toBeUndefined();
  expect(depth, 'a <details> left open').toBe(0);
}

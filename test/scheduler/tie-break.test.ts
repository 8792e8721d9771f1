import { describe, expect, it } from 'vitest';
import { fnv1a32, namesDescending, tieBreakSeed } from '../../src/scheduler/tie-break.ts';
import { deployment } from './helpers.ts';

describe('tie-break seed (docs/karmada-compatibility.md#webster-division-and-tie-breaks, README.md#flotilla-plan)', () => {
  it.each<[string, number]>([
    ['', 0x811c9dc5],
    ['a', 0xe40c292c],
    ['foobar', 0xbf9cf968],
  ])('hashes %j with FNV-1a to %i', (text, want) => {
    expect(fnv1a32(text)).toBe(want);
  });

  it.each<[string, boolean]>([
    ['4858ca61-3ff8-4095-8267-f3d059d8074c', false],
    ['d43fdeeb-d750-4e2b-bee3-64eb94534f4c', true],
    ['', false],
  ])('orders ties for uid %j descending: %s', (uid, want) => {
    expect(namesDescending(uid)).toBe(want);
  });

  it('derives the seed from the template identity', () => {
    expect(tieBreakSeed(deployment)).toBe('apps/v1/Deployment/default/nginx');
  });
});

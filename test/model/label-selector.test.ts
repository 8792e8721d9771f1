import { describe, expect, it } from 'vitest';
import { matchLabelSelector } from '../../src/model/index.ts';
import type { LabelSelector } from '../../src/model/index.ts';

const labels = { app: 'web', tier: 'front' };

describe('matchLabelSelector', () => {
  it.each<[string, LabelSelector, Record<string, string> | undefined, boolean]>([
    ['an empty selector matches everything', {}, labels, true],
    ['an empty selector matches an object without labels', {}, undefined, true],
    ['matchLabels match when every pair is present', { matchLabels: { app: 'web' } }, labels, true],
    ['matchLabels fail on a different value', { matchLabels: { app: 'db' } }, labels, false],
    ['In matches a listed value', { matchExpressions: [{ key: 'tier', operator: 'In', values: ['front', 'x'] }] }, labels, true],
    ['In fails when the key is absent', { matchExpressions: [{ key: 'zone', operator: 'In', values: ['a'] }] }, labels, false],
    ['NotIn passes when the key is absent', { matchExpressions: [{ key: 'zone', operator: 'NotIn', values: ['a'] }] }, labels, true],
    ['NotIn fails on a listed value', { matchExpressions: [{ key: 'app', operator: 'NotIn', values: ['web'] }] }, labels, false],
    ['Exists needs the key', { matchExpressions: [{ key: 'app', operator: 'Exists' }] }, labels, true],
    ['DoesNotExist fails when the key is there', { matchExpressions: [{ key: 'app', operator: 'DoesNotExist' }] }, labels, false],
    ['an In without values is invalid and matches nothing', { matchExpressions: [{ key: 'app', operator: 'In', values: [] }] }, labels, false],
    ['an Exists with values is invalid and matches nothing', { matchExpressions: [{ key: 'app', operator: 'Exists', values: ['web'] }] }, labels, false],
    [
      'labels and expressions are AND-ed',
      { matchLabels: { app: 'web' }, matchExpressions: [{ key: 'tier', operator: 'In', values: ['back'] }] },
      labels,
      false,
    ],
  ])('%s', (_name, selector, have, want) => {
    expect(matchLabelSelector(selector, have)).toBe(want);
  });
});

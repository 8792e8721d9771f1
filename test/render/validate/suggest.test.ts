import { describe, expect, it } from 'vitest';
import { closestName } from '../../../src/render/validate/suggest.ts';

const KNOWN = ['replicaSchedulingType', 'replicaDivisionPreference', 'weightPreference', 'name', 'kind', 'zones', 'zone'];

describe('Did-you-mean suggestions', () => {
  it.each<[string, string, string | undefined]>([
    ['a dropped last letter', 'replicaSchedulingTyp', 'replicaSchedulingType'],
    ['a wrong case', 'WeightPreference', 'weightPreference'],
    ['two swapped letters', 'nmae', 'name'],
    ['an exact short name wins over a near one', 'Zone', 'zone'],
    ['a short name allows one edit', 'knd', 'kind'],
    ['a short name does not allow two edits', 'kd', undefined],
    ['an unrelated name', 'bogus', undefined],
  ])('%s', (_name, input, expected) => {
    expect(closestName(input, KNOWN)).toBe(expected);
  });
});

import { describe, expect, it } from 'vitest';
import { type Group, selectGroups } from '../../../src/scheduler/select/select-groups.ts';

/** `R1(1,80)` notation: name(value, weight). */
function groups(spec: string): Group[] {
  return spec.split(' ').map((g) => {
    const m = /^(\w+)\((\d+),(\d+)\)$/.exec(g);
    if (!m) throw new Error(`bad group ${g}`);
    return { name: m[1] as string, value: Number(m[2]), weight: Number(m[3]) };
  });
}

describe('selectGroups (select_groups_test.go, docs/karmada-compatibility.md#spread-constraints)', () => {
  it.each<[string, string, number, number, number, string[]]>([
    ['takes the values needed for a large target', 'R1(1,80) R3(1,80) R2(1,60) R5(2,60) R4(5,50) R6(3,50)', 1, 3, 10, ['R5', 'R4', 'R6']],
    ['prefers a feasible prefix of the heaviest path', 'R1(1,80) R2(4,40) R3(1,30) R4(3,30) R5(3,20) R6(5,10)', 2, 6, 5, ['R1', 'R2']],
    ['picks the heaviest of three-group paths', 'R1(1,60) R2(1,50) R3(1,40) R4(3,30) R5(3,20) R6(3,10)', 1, 3, 6, ['R1', 'R4', 'R5']],
    ['stops at maxGroups', 'R1(1,60) R2(2,50) R3(3,40) R4(4,30)', 1, 2, 5, ['R1', 'R4']],
    ['orders the result by weight', 'R4(1,60) R3(3,50) R1(3,40) R2(4,30)', 1, 2, 5, ['R3', 'R1']],
    ['takes a single sufficient group', 'R1(1,80)', 1, 3, 1, ['R1']],
    ['finds nothing when minGroups exceeds the groups', 'R1(1,80)', 2, 3, 1, []],
    ['finds nothing when the values fall short', 'R1(1,80) R2(2,70)', 1, 3, 4, []],
    ['uses every group when there are exactly minGroups', 'R1(1,10) R2(1,20)', 2, 2, 2, ['R2', 'R1']],
    ['finds nothing with maxGroups 0', 'R1(5,10)', 0, 0, 1, []],
  ])('%s', (_name, spec, min, max, target, want) => {
    expect(selectGroups(groups(spec), min, max, target).map((g) => g.name)).toEqual(want);
  });
});

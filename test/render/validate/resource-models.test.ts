import { describe, expect, it } from 'vitest';
import { cluster, e, issues, type Issue } from './helpers.ts';

const MAX = '9223372036854775807';
const range = (name: string, min: string | number, max: string | number) => ({ name, min, max });
const models = (...list: unknown[]) => cluster({ resourceModels: list });
const at = (...path: (string | number)[]) => ['spec', 'resourceModels', ...path];

describe('Cluster resource models, standardized and checked as Karmada admits them', () => {
  it.each<[string, unknown, Issue[]]>([
    [
      'two contiguous grades are valid',
      models({ grade: 0, ranges: [range('cpu', 0, 1), range('memory', 0, '4Gi')] }, { grade: 1, ranges: [range('cpu', 1, MAX), range('memory', '4Gi', MAX)] }),
      [],
    ],
    [
      "the first grade's min and the last grade's max are whatever was written",
      models({ grade: 0, ranges: [range('cpu', 5, 1)] }, { grade: 1, ranges: [range('cpu', 1, 0)] }),
      [],
    ],
    ['a single grade is valid with any bounds', models({ grade: 3, ranges: [range('memory', '1Gi', '1Mi')] }), []],
    ['grades are put in order before they are checked', models({ grade: 2, ranges: [range('cpu', 2, 8)] }, { grade: 1, ranges: [range('cpu', 0, 2)] }), []],
    [
      'two models of the same grade',
      models({ grade: 1, ranges: [range('cpu', 0, 1)] }, { grade: 1, ranges: [range('cpu', 1, 2)] }),
      [e(at(1, 'grade'), 'Invalid value: 1: The grade of each models should not be the same')],
    ],
    [
      'grades with different numbers of resources',
      models({ grade: 0, ranges: [range('cpu', 0, 1)] }, { grade: 1, ranges: [range('cpu', 1, 2), range('memory', 0, 1)] }),
      [e(at(1, 'ranges'), 'Invalid value: The number of resource types should be the same')],
    ],
    [
      'a resource other than cpu, memory, storage, ephemeral-storage',
      models({ grade: 0, ranges: [range('pods', 0, 10)] }),
      [e(at(0, 'ranges', 0, 'name'), 'Unsupported value: "pods": supported values: "cpu", "ephemeral-storage", "memory", "storage"')],
    ],
    [
      'a middle grade whose max is not above its min',
      models({ grade: 0, ranges: [range('cpu', 0, 2)] }, { grade: 1, ranges: [range('cpu', 2, 2)] }, { grade: 2, ranges: [range('cpu', 2, 4)] }),
      [e(at(1, 'ranges', 0, 'max'), 'Invalid value: The max value of each resource must be greater than the min value')],
    ],
    [
      'grades naming their resources in another order',
      models({ grade: 0, ranges: [range('cpu', 0, 1), range('memory', 0, 1)] }, { grade: 1, ranges: [range('memory', 1, 2), range('cpu', 1, 2)] }),
      [e(at(1, 'ranges', 0, 'name'), 'Invalid value: "memory": The resource types of each models should be the same')],
    ],
    [
      'a gap between grades',
      models({ grade: 0, ranges: [range('memory', 0, '1Gi')] }, { grade: 1, ranges: [range('memory', '2Gi', MAX)] }),
      [e(at(1, 'ranges', 0, 'min'), 'Invalid value: Model intervals for resources must be contiguous and non-overlapping')],
    ],
    [
      'the same boundary written in other units is contiguous',
      models({ grade: 0, ranges: [range('memory', 0, '1Gi')] }, { grade: 1, ranges: [range('memory', 1073741824, MAX)] }),
      [],
    ],
    [
      'only the first problem is reported',
      models({ grade: 0, ranges: [range('pods', 0, 1)] }, { grade: 0, ranges: [range('cpu', 0, 1)] }),
      [e(at(0, 'ranges', 0, 'name'), 'Unsupported value: "pods": supported values: "cpu", "ephemeral-storage", "memory", "storage"')],
    ],
  ])('%s', (_name, obj, expected) => {
    expect(issues(obj)).toEqual(expected);
  });
});

import { describe, expect, it } from 'vitest';
import type { ResourceInterpreterCustomization } from '../../../src/model/index.ts';
import { findCustomizationConflicts } from '../../../src/render/validate/index.ts';

const ric = (name: string, kind: string, customizations: Record<string, string>): ResourceInterpreterCustomization => ({
  apiVersion: 'config.karmada.io/v1alpha1',
  kind: 'ResourceInterpreterCustomization',
  metadata: { name },
  spec: {
    target: { apiVersion: 'apps.example.io/v1', kind },
    customizations: Object.fromEntries(Object.entries(customizations).map(([k, v]) => [k, { luaScript: v }])),
  },
});

describe('Customization conflicts', () => {
  it.each<[string, ResourceInterpreterCustomization[], [number, string, string][]]>([
    ['different operations of one target do not conflict', [ric('a', 'W', { retention: 'x' }), ric('b', 'W', { replicaResource: 'y' })], []],
    ['one operation of different targets does not conflict', [ric('a', 'W', { retention: 'x' }), ric('b', 'V', { retention: 'y' })], []],
    ['dependency scripts may repeat', [ric('a', 'W', { dependencyInterpretation: 'x' }), ric('b', 'W', { dependencyInterpretation: 'y' })], []],
    ['an empty script does not count', [ric('a', 'W', { retention: '' }), ric('b', 'W', { retention: 'y' })], []],
    [
      'the later name is reported, whatever the input order',
      [ric('zeta', 'W', { healthInterpretation: 'x' }), ric('alpha', 'W', { healthInterpretation: 'y' })],
      [[0, 'healthInterpretation', 'conflicting with InterpreterOperation(InterpretHealth) of existing ResourceInterpreterCustomization(alpha)']],
    ],
    [
      'each repeated operation is reported',
      [ric('a', 'W', { retention: 'x', statusAggregation: 'x' }), ric('b', 'W', { retention: 'y', statusAggregation: 'y' })],
      [
        [1, 'retention', 'conflicting with InterpreterOperation(Retain) of existing ResourceInterpreterCustomization(a)'],
        [1, 'statusAggregation', 'conflicting with InterpreterOperation(AggregateStatus) of existing ResourceInterpreterCustomization(a)'],
      ],
    ],
  ])('%s', (_name, rics, expected) => {
    const found = findCustomizationConflicts(rics).map((c) => [c.index, c.issue.path[2], c.issue.message]);
    expect(found).toEqual(expected);
  });
});

import { describe, expect, it } from 'vitest';
import { e, issues, w, type Issue } from './helpers.ts';

const ric = (spec: Record<string, unknown>, metadata: Record<string, unknown> = { name: 'workload' }): unknown => ({
  apiVersion: 'config.karmada.io/v1alpha1',
  kind: 'ResourceInterpreterCustomization',
  metadata,
  spec,
});
const target = { apiVersion: 'apps.example.io/v1', kind: 'Workload' };

describe('ResourceInterpreterCustomization validation', () => {
  it.each<[string, unknown, Issue[]]>([
    [
      'a customization with every operation is valid',
      ric({
        target,
        customizations: Object.fromEntries(
          [
            'retention',
            'replicaResource',
            'componentResource',
            'replicaRevision',
            'statusReflection',
            'statusAggregation',
            'healthInterpretation',
            'dependencyInterpretation',
          ].map((k) => [k, { luaScript: 'function f() end' }]),
        ),
      }),
      [],
    ],
    ['Lua that does not compile is not checked here', ric({ target, customizations: { retention: { luaScript: 'function (' } } }), []],
    ['a target is required', ric({ customizations: {} }), [e(['spec', 'target'], 'Required value')]],
    ['customizations are required', ric({ target }), [e(['spec', 'customizations'], 'Required value')]],
    [
      'a target needs apiVersion and kind',
      ric({ target: {}, customizations: {} }),
      [e(['spec', 'target', 'apiVersion'], 'Required value'), e(['spec', 'target', 'kind'], 'Required value')],
    ],
    [
      'an unknown customization is suggested',
      ric({ target, customizations: { healthInterpretaion: { luaScript: '' } } }),
      [e(['spec', 'customizations', 'healthInterpretaion'], 'unknown field "healthInterpretaion", did you mean "healthInterpretation"?')],
    ],
    [
      'a customization needs its script',
      ric({ target, customizations: { retention: {} } }),
      [e(['spec', 'customizations', 'retention', 'luaScript'], 'Required value')],
    ],
    [
      'a script is a string',
      ric({ target, customizations: { retention: { luaScript: 1 } } }),
      [e(['spec', 'customizations', 'retention', 'luaScript'], 'must be of type string, got integer')],
    ],
    [
      'a customization takes no namespace',
      ric({ target, customizations: {} }, { name: 'workload', namespace: 'default' }),
      [w(['metadata', 'namespace'], 'ResourceInterpreterCustomization is cluster-scoped: the namespace "default" is ignored')],
    ],
  ])('%s', (_name, obj, expected) => {
    expect(issues(obj)).toEqual(expected);
  });
});

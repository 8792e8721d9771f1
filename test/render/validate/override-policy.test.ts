import { describe, expect, it } from 'vitest';
import { e, issues, NAME_PART_MSG, overridePolicy, withOverriders, type Issue } from './helpers.ts';

const O = ['spec', 'overrideRules', 0, 'overriders'];
const POINTER_MSG = 'JSON pointer must be empty or start with a "/"';

describe('Overrider validation', () => {
  it.each<[string, Record<string, unknown>, Issue[]]>([
    [
      'the documented Karmada example is valid',
      {
        imageOverrider: [{ component: 'Registry', operator: 'replace', value: 'registry.eu.example.com' }],
        labelsOverrider: [{ operator: 'add', value: { 'zone-tier': 'gold' } }],
      },
      [],
    ],
    [
      'plaintext needs a path and an operator',
      { plaintext: [{ value: 5 }] },
      [e([...O, 'plaintext', 0, 'path'], 'Required value'), e([...O, 'plaintext', 0, 'operator'], 'Required value')],
    ],
    [
      'plaintext operators are add, remove and replace',
      { plaintext: [{ path: '/spec/replicas', operator: 'set' }] },
      [e([...O, 'plaintext', 0, 'operator'], 'Unsupported value: "set": supported values: "add", "remove", "replace"')],
    ],
    ['plaintext add needs no value and any path', { plaintext: [{ path: 'spec/image', operator: 'add' }] }, []],
    ['plaintext values may be any JSON', { plaintext: [{ path: '/spec/template', operator: 'replace', value: { a: [1, null] } }] }, []],
    [
      'image component is an enum',
      { imageOverrider: [{ component: 'Host', operator: 'replace', value: 'x' }] },
      [e([...O, 'imageOverrider', 0, 'component'], 'Unsupported value: "Host": supported values: "Registry", "Repository", "Tag"')],
    ],
    [
      'an image overrider needs component and operator',
      { imageOverrider: [{ value: 'x' }] },
      [e([...O, 'imageOverrider', 0, 'component'], 'Required value'), e([...O, 'imageOverrider', 0, 'operator'], 'Required value')],
    ],
    [
      'an image predicate path is a JSON pointer',
      { imageOverrider: [{ predicate: { path: 'spec/template' }, component: 'Tag', operator: 'remove' }] },
      [e([...O, 'imageOverrider', 0, 'predicate', 'path'], `Invalid value: "spec/template": ${POINTER_MSG}`)],
    ],
    [
      'an image predicate needs a path',
      { imageOverrider: [{ predicate: {}, component: 'Tag', operator: 'remove' }] },
      [e([...O, 'imageOverrider', 0, 'predicate', 'path'], 'Required value')],
    ],
    [
      'command operators are add and remove',
      { commandOverrider: [{ containerName: 'web', operator: 'replace', value: ['x'] }] },
      [e([...O, 'commandOverrider', 0, 'operator'], 'Unsupported value: "replace": supported values: "add", "remove"')],
    ],
    [
      'args need a container name',
      { argsOverrider: [{ operator: 'add', value: ['--v'] }] },
      [e([...O, 'argsOverrider', 0, 'containerName'], 'Required value')],
    ],
    [
      'args values are strings',
      { argsOverrider: [{ containerName: 'web', operator: 'add', value: ['--v', 2] }] },
      [e([...O, 'argsOverrider', 0, 'value', 1], 'must be of type string, got integer')],
    ],
    [
      'label overrider keys are label keys',
      { labelsOverrider: [{ operator: 'add', value: { 'testannotation~projectId': 'c-m' } }] },
      [e([...O, 'labelsOverrider', 0, 'value', 'testannotation~projectId'], `Invalid value: "testannotation~projectId": ${NAME_PART_MSG}`)],
    ],
    [
      'annotation overrider keys are qualified names',
      { annotationsOverrider: [{ operator: 'add', value: { 'testannotation~projectId': 'c-m' } }] },
      [e([...O, 'annotationsOverrider', 0, 'value', 'testannotation~projectId'], `Invalid value: "testannotation~projectId": ${NAME_PART_MSG}`)],
    ],
    ['annotation values need not be label values', { annotationsOverrider: [{ operator: 'add', value: { note: 'free text, any length!' } }] }, []],
    ['a field overrider with only YAML is valid', { fieldOverrider: [{ fieldPath: '/data/config', yaml: [{ subPath: '/key', operator: 'remove' }] }] }, []],
    [
      'a field overrider with both YAML and JSON is rejected',
      {
        fieldOverrider: [{ fieldPath: '/data/config', yaml: [{ subPath: '/key', operator: 'remove' }], json: [{ subPath: '/key', operator: 'remove' }] }],
      },
      [e([...O, 'fieldOverrider', 0], 'FieldOverrider has both YAML and JSON set. Only one is allowed')],
    ],
    [
      'a field overrider with neither YAML nor JSON is rejected',
      { fieldOverrider: [{ fieldPath: '/data/config' }] },
      [e([...O, 'fieldOverrider', 0], 'FieldOverrider must have either YAML or JSON set')],
    ],
    [
      'a field path is a JSON pointer',
      { fieldOverrider: [{ fieldPath: 'data/config', json: [{ subPath: '/k', operator: 'remove' }] }] },
      [e([...O, 'fieldOverrider', 0, 'fieldPath'], `Invalid value: "data/config": ${POINTER_MSG}`)],
    ],
    [
      'a patch sub-path is a JSON pointer',
      { fieldOverrider: [{ fieldPath: '/data/config', json: [{ subPath: 'k', operator: 'remove' }] }] },
      [e([...O, 'fieldOverrider', 0, 'json', 0, 'subPath'], `Invalid value: "k": ${POINTER_MSG}`)],
    ],
    [
      'a patch add needs a value',
      { fieldOverrider: [{ fieldPath: '/data/config', yaml: [{ subPath: '/k', operator: 'add' }] }] },
      [e([...O, 'fieldOverrider', 0, 'yaml', 0, 'value'], 'value is required for add or replace operation')],
    ],
    [
      'a patch remove takes no value',
      { fieldOverrider: [{ fieldPath: '/data/config', yaml: [{ subPath: '/k', operator: 'remove', value: 1 }] }] },
      [e([...O, 'fieldOverrider', 0, 'yaml', 0, 'value'], 'value is not allowed for remove operation')],
    ],
    [
      'an unknown overrider is suggested',
      { imageOverriders: [] },
      [e([...O, 'imageOverriders'], 'unknown field "imageOverriders", did you mean "imageOverrider"?')],
    ],
  ])('%s', (_name, overriders, expected) => {
    expect(issues(withOverriders(overriders))).toEqual(expected);
  });
});

describe('OverrideSpec validation', () => {
  const plaintext = [{ path: '/spec/replicas', operator: 'replace', value: 2 }];
  it.each<[string, Record<string, unknown>, Issue[]]>([
    ['the deprecated single-rule form is valid', { targetCluster: { clusterNames: ['m1'] }, overriders: { plaintext } }, []],
    ['an empty spec overrides nothing and is valid', {}, []],
    [
      'overrideRules and targetCluster are exclusive',
      { overrideRules: [{ overriders: {} }], targetCluster: { clusterNames: ['m1'] } },
      [e(['spec', 'targetCluster'], "overrideRules and targetCluster can't co-exist")],
    ],
    [
      'overrideRules and overriders are exclusive',
      { overrideRules: [], overriders: { plaintext } },
      [e(['spec', 'overriders'], "overrideRules and overriders can't co-exist")],
    ],
    ['empty deprecated overriders may sit next to overrideRules', { overrideRules: [{ overriders: {} }], overriders: {} }, []],
    [
      'a rule needs overriders',
      { overrideRules: [{ targetCluster: { clusterNames: ['m1'] } }] },
      [e(['spec', 'overrideRules', 0, 'overriders'], 'Required value')],
    ],
    [
      'a rule target fieldSelector follows Karmada rules',
      { overrideRules: [{ targetCluster: { fieldSelector: { matchExpressions: [{ key: 'provider', operator: 'Gt', values: ['1'] }] } }, overriders: {} }] },
      [e(['spec', 'overrideRules', 0, 'targetCluster', 'fieldSelector', 'matchExpressions', 0, 'operator'], 'unsupported operator "Gt", must be In or NotIn')],
    ],
    [
      'a deprecated target fieldSelector follows Karmada rules',
      { targetCluster: { fieldSelector: { matchExpressions: [{ key: 'foo', operator: 'In', values: ['x'] }] } } },
      [e(['spec', 'targetCluster', 'fieldSelector', 'matchExpressions', 0, 'key'], 'unsupported key "foo", must be provider, region, or zone')],
    ],
    [
      'a selector in another namespace is rejected',
      { resourceSelectors: [{ apiVersion: 'apps/v1', kind: 'Deployment', namespace: 'other' }] },
      [e(['spec', 'resourceSelectors', 0, 'namespace'], 'Invalid value: "other": must be empty or the policy\'s own namespace "shop"')],
    ],
  ])('%s', (_name, spec, expected) => {
    expect(issues(overridePolicy(spec))).toEqual(expected);
  });

  it('a ClusterOverridePolicy may select any namespace', () => {
    const cop = overridePolicy({ resourceSelectors: [{ apiVersion: 'v1', kind: 'ConfigMap', namespace: 'other' }] }, 'ClusterOverridePolicy');
    expect(issues(cop)).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import { scopeLookup } from '../../../src/model/index.ts';
import { DNS1123_LABEL_MSG, DNS1123_SUBDOMAIN_MSG, e, issues, LABEL_VALUE_MSG, NAME_PART_MSG, w, type Issue } from './helpers.ts';

const deployment = (metadata: Record<string, unknown>, extra: Record<string, unknown> = {}): unknown => ({
  apiVersion: 'apps/v1',
  kind: 'Deployment',
  metadata,
  ...extra,
});
const crd = (spec: Record<string, unknown>, name = 'backups.example.io'): unknown => ({
  apiVersion: 'apiextensions.k8s.io/v1',
  kind: 'CustomResourceDefinition',
  metadata: { name },
  spec: { group: 'example.io', names: { kind: 'Backup', plural: 'backups' }, scope: 'Namespaced', versions: [], ...spec },
});
const API_VERSION_MSG = 'must be VERSION or GROUP/VERSION, with a lowercase RFC 1123 subdomain GROUP and a lowercase RFC 1123 label VERSION';
const DNS1035_MSG =
  "a DNS-1035 label must consist of lower case alphanumeric characters or '-', start with an alphabetic character, and end with an alphanumeric character (e.g. 'my-name',  or 'abc-123', regex used for validation is '[a-z]([-a-z0-9]*[a-z0-9])?')";

describe('Template validation', () => {
  it.each<[string, unknown, Issue[]]>([
    [
      'a deployment with labels and annotations is valid',
      deployment(
        { name: 'web', namespace: 'shop', labels: { app: 'web' }, annotations: { 'example.com/note': 'any text' } },
        { spec: { selector: { matchLabels: { app: 'web' } }, template: {} } },
      ),
      [],
    ],
    ['a namespaced template may omit its namespace', deployment({ name: 'web' }), []],
    ['apiVersion is required', { kind: 'ConfigMap', metadata: { name: 'c' } }, [e(['apiVersion'], 'Required value')]],
    ['kind is required', { apiVersion: 'v1', metadata: { name: 'c' } }, [e(['kind'], 'Required value')]],
    ['apiVersion is a string', { apiVersion: 1, kind: 'ConfigMap', metadata: { name: 'c' } }, [e(['apiVersion'], 'must be of type string, got integer')]],
    [
      'apiVersion has at most one slash',
      { apiVersion: 'apps/v1/x', kind: 'Deployment', metadata: { name: 'c' } },
      [e(['apiVersion'], `Invalid value: "apps/v1/x": ${API_VERSION_MSG}`)],
    ],
    [
      'an API group is lowercase',
      { apiVersion: 'Apps/v1', kind: 'Deployment', metadata: { name: 'c' } },
      [e(['apiVersion'], `Invalid value: "Apps/v1": ${API_VERSION_MSG}`)],
    ],
    [
      'an API version is a DNS label',
      { apiVersion: 'apps/', kind: 'Deployment', metadata: { name: 'c' } },
      [e(['apiVersion'], `Invalid value: "apps/": ${API_VERSION_MSG}`)],
    ],
    [
      'a kind is letters, digits and dashes',
      { apiVersion: 'v1', kind: 'Config Map', metadata: { name: 'c' } },
      [e(['kind'], 'Invalid value: "Config Map": may have mixed case, but should otherwise match: [a-z]([-a-z0-9]*[a-z0-9])?')],
    ],
    [
      'a Karmada kind in another version is rejected',
      { apiVersion: 'policy.karmada.io/v1beta1', kind: 'PropagationPolicy', metadata: { name: 'p' } },
      [e(['apiVersion'], 'Unsupported value: "policy.karmada.io/v1beta1": supported values: "policy.karmada.io/v1alpha1"')],
    ],
    [
      'a misspelt Karmada kind is suggested',
      { apiVersion: 'policy.karmada.io/v1alpha1', kind: 'PropagationPolcy', metadata: { name: 'p' } },
      [e(['kind'], 'Invalid value: "PropagationPolcy": not a kind Flotilla reads, did you mean "PropagationPolicy"?')],
    ],
    ['another kind of a Karmada group is left to the loader', { apiVersion: 'remedy.karmada.io/v1alpha1', kind: 'Remedy', metadata: { name: 'q' } }, []],
    ['metadata is required', { apiVersion: 'v1', kind: 'ConfigMap' }, [e(['metadata'], 'Required value')]],
    ['metadata is an object', { apiVersion: 'v1', kind: 'ConfigMap', metadata: 'c' }, [e(['metadata'], 'must be of type object, got string')]],
    ['metadata.name is required', deployment({ namespace: 'shop' }), [e(['metadata', 'name'], 'Required value')]],
    [
      'a misspelt metadata field is suggested',
      deployment({ name: 'web', lables: {} }),
      [e(['metadata', 'lables'], 'unknown field "lables", did you mean "labels"?')],
    ],
    ['a name is a DNS-1123 subdomain', deployment({ name: 'Web_1' }), [e(['metadata', 'name'], `Invalid value: "Web_1": ${DNS1123_SUBDOMAIN_MSG}`)]],
    ['a dotted name is a valid subdomain', deployment({ name: 'web.v2' }), []],
    [
      'a namespace is a DNS-1123 label',
      deployment({ name: 'web', namespace: 'shop.eu' }),
      [e(['metadata', 'namespace'], `Invalid value: "shop.eu": ${DNS1123_LABEL_MSG}`)],
    ],
    [
      'a Namespace name is a DNS-1123 label',
      { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'shop.eu' } },
      [e(['metadata', 'name'], `Invalid value: "shop.eu": ${DNS1123_LABEL_MSG}`)],
    ],
    [
      'a Service name is a DNS-1035 label',
      { apiVersion: 'v1', kind: 'Service', metadata: { name: '1web' } },
      [e(['metadata', 'name'], `Invalid value: "1web": ${DNS1035_MSG}`)],
    ],
    ['a ClusterRole name may hold a colon', { apiVersion: 'rbac.authorization.k8s.io/v1', kind: 'ClusterRole', metadata: { name: 'system:foo' } }, []],
    [
      'a ClusterRole name may not hold a slash',
      { apiVersion: 'rbac.authorization.k8s.io/v1', kind: 'ClusterRole', metadata: { name: 'a/b' } },
      [e(['metadata', 'name'], 'Invalid value: "a/b": may not contain \'/\'')],
    ],
    [
      'a CronJob name has at most 52 characters',
      { apiVersion: 'batch/v1', kind: 'CronJob', metadata: { name: 'c'.repeat(53) }, spec: { schedule: '@daily', jobTemplate: {} } },
      [e(['metadata', 'name'], `Invalid value: "${'c'.repeat(53)}": must be no more than 52 characters`)],
    ],
    [
      'a cluster-scoped kind takes no namespace',
      { apiVersion: 'rbac.authorization.k8s.io/v1', kind: 'ClusterRole', metadata: { name: 'admin', namespace: 'shop' } },
      [w(['metadata', 'namespace'], 'ClusterRole is cluster-scoped: the namespace "shop" is ignored')],
    ],
    [
      'label keys and values follow label syntax',
      deployment({ name: 'web', labels: { 'app!': 'x', tier: 'a'.repeat(64), role: '-db' } }),
      [
        e(['metadata', 'labels', 'app!'], `Invalid value: "app!": ${NAME_PART_MSG}`),
        e(['metadata', 'labels', 'tier'], `Invalid value: "${'a'.repeat(64)}": must be no more than 63 bytes`),
        e(['metadata', 'labels', 'role'], `Invalid value: "-db": ${LABEL_VALUE_MSG}`),
      ],
    ],
    [
      'label values are strings',
      deployment({ name: 'web', labels: { replicas: 3 } }),
      [e(['metadata', 'labels', 'replicas'], 'must be of type string, got integer')],
    ],
    [
      'annotation keys are qualified names',
      deployment({ name: 'web', annotations: { 'Example.com/x': 'ok', 'a b': 'v' } }),
      [e(['metadata', 'annotations', 'a b'], `Invalid value: "a b": ${NAME_PART_MSG}`)],
    ],
    [
      'annotations hold at most 256 KiB',
      deployment({ name: 'web', annotations: { big: 'x'.repeat(256 * 1024) } }),
      [e(['metadata', 'annotations'], 'Too long: may not be more than 262144 bytes')],
    ],
    ['a CRD declaring its scope is valid', crd({}), []],
    ['a CRD needs a scope', crd({ scope: undefined }), [e(['spec', 'scope'], 'Required value')]],
    [
      'a CRD scope is Cluster or Namespaced',
      crd({ scope: 'Global' }),
      [e(['spec', 'scope'], 'Unsupported value: "Global": supported values: "Cluster", "Namespaced"')],
    ],
    [
      'a CRD group has a dot',
      crd({ group: 'example' }, 'backups.example'),
      [e(['spec', 'group'], 'Invalid value: "example": should be a domain with at least one dot')],
    ],
    ['a CRD names its plural and kind', crd({ names: {} }), [e(['spec', 'names', 'plural'], 'Required value'), e(['spec', 'names', 'kind'], 'Required value')]],
    [
      'a CRD is named plural.group',
      crd({}, 'backup.example.io'),
      [e(['metadata', 'name'], 'Invalid value: "backup.example.io": must be spec.names.plural+"."+spec.group')],
    ],
    ['a template that is not an object is rejected', 'text', [e([], 'must be of type object, got string')]],
  ])('%s', (_name, obj, expected) => {
    expect(issues(obj)).toEqual(expected);
  });

  const crds = [
    {
      apiVersion: 'apiextensions.k8s.io/v1',
      kind: 'CustomResourceDefinition',
      metadata: { name: 'backups.example.io' },
      spec: { group: 'example.io', names: { kind: 'Backup', plural: 'backups' }, scope: 'Cluster', versions: [{ name: 'v1' }] },
    },
  ];
  it.each<[string, unknown, Issue[]]>([
    [
      'a custom resource of a cluster-scoped CRD takes no namespace',
      { apiVersion: 'example.io/v1', kind: 'Backup', metadata: { name: 'nightly', namespace: 'shop' } },
      [w(['metadata', 'namespace'], 'Backup is cluster-scoped: the namespace "shop" is ignored')],
    ],
    [
      'a custom resource of an unknown kind may carry a namespace',
      { apiVersion: 'other.io/v1', kind: 'Backup', metadata: { name: 'nightly', namespace: 'shop' } },
      [],
    ],
  ])('%s', (_name, obj, expected) => {
    expect(issues(obj, { isNamespaced: scopeLookup(crds) })).toEqual(expected);
  });
});

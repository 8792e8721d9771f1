import { describe, expect, it } from 'vitest';
import { builtinSchema, crdSchemaLookup, KUBERNETES_SCHEMA_VERSION, type SchemaLookup, schemaLookup } from '../../../src/render/validate/index.ts';
import { e, issues, type Issue } from './helpers.ts';

const QUANTITY_MSG = "quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'";

const container = (fields: Record<string, unknown> = {}) => ({ name: 'web', image: 'nginx', ...fields });
const deployment = (podSpec: Record<string, unknown>, spec: Record<string, unknown> = {}): unknown => ({
  apiVersion: 'apps/v1',
  kind: 'Deployment',
  metadata: { name: 'web', namespace: 'shop' },
  spec: { selector: { matchLabels: { app: 'web' } }, template: { metadata: { labels: { app: 'web' } }, spec: podSpec }, ...spec },
});
const pod = (c: Record<string, unknown>) => deployment({ containers: [container(c)] });
const C = ['spec', 'template', 'spec', 'containers', 0];
const service = (port: Record<string, unknown>): unknown => ({
  apiVersion: 'v1',
  kind: 'Service',
  metadata: { name: 'web', namespace: 'shop' },
  spec: { selector: { app: 'web' }, ports: [{ port: 80, ...port }] },
});

describe('Built-in templates against the Kubernetes OpenAPI schema', () => {
  it.each<[string, unknown, Issue[]]>([
    ['a well-formed Deployment is valid', pod({ ports: [{ containerPort: 80, protocol: 'TCP' }], resources: { requests: { cpu: '100m', memory: 1e9 } } }), []],
    [
      'an unknown field is an error with a suggestion',
      pod({ resources: { requets: { cpu: '100m' } } }),
      [e([...C, 'resources', 'requets'], 'unknown field "requets", did you mean "requests"?')],
    ],
    [
      'an unknown field far from any name has no suggestion',
      deployment({ containers: [container()], wibble: 1 }),
      [e(['spec', 'template', 'spec', 'wibble'], 'unknown field "wibble"')],
    ],
    [
      'the pod template metadata is checked too',
      deployment({ containers: [container()] }, { template: { metadata: { lables: { app: 'web' } }, spec: { containers: [container()] } } }),
      [e(['spec', 'template', 'metadata', 'lables'], 'unknown field "lables", did you mean "labels"?')],
    ],
    [
      'an enum value outside the set is an error',
      pod({ imagePullPolicy: 'Sometimes' }),
      [e([...C, 'imagePullPolicy'], 'Unsupported value: "Sometimes": supported values: "Always", "IfNotPresent", "Never"')],
    ],
    ['an empty enum value is left to the server to default', pod({ imagePullPolicy: '' }), []],
    [
      'a string where an integer belongs is an error',
      deployment({ containers: [container()] }, { replicas: '3' }),
      [e(['spec', 'replicas'], 'must be of type integer, got string')],
    ],
    [
      'a fraction where an integer belongs is an error',
      deployment({ containers: [container()] }, { replicas: 1.5 }),
      [e(['spec', 'replicas'], 'must be of type integer, got number')],
    ],
    [
      'an int32 out of range is an error',
      deployment({ containers: [container()] }, { replicas: 2 ** 31 }),
      [e(['spec', 'replicas'], 'Invalid value: 2147483648: must fit in a 32-bit integer')],
    ],
    [
      'a string where a boolean belongs is an error',
      deployment({ containers: [container()], hostNetwork: 'yes' }),
      [e(['spec', 'template', 'spec', 'hostNetwork'], 'must be of type boolean, got string')],
    ],
    ['a required field left out is an error', deployment({ containers: [{ image: 'nginx' }] }), [e([...C, 'name'], 'Required value')]],
    ['a required list left out is an error', deployment({}), [e(['spec', 'template', 'spec', 'containers'], 'Required value')]],
    ['a required port left out is an error', pod({ ports: [{ name: 'http' }] }), [e([...C, 'ports', 0, 'containerPort'], 'Required value')]],
    [
      'a header or sysctl without a value is valid (the API server takes it as empty)',
      deployment({
        securityContext: { sysctls: [{ name: 'net.ipv4.ip_local_port_range' }] },
        containers: [container({ livenessProbe: { httpGet: { port: 80, httpHeaders: [{ name: 'X-Empty' }] } } })],
      }),
      [],
    ],
    [
      'items of nested lists are checked one by one',
      deployment({
        containers: [
          container(),
          container({
            name: 'side',
            env: [
              { name: 'A', value: 'b' },
              { name: 'B', valeu: 'c' },
            ],
          }),
        ],
      }),
      [e(['spec', 'template', 'spec', 'containers', 1, 'env', 1, 'valeu'], 'unknown field "valeu", did you mean "value"?')],
    ],
    ['a list where an object belongs is an error', pod({ resources: [] }), [e([...C, 'resources'], 'must be of type object, got array')]],
    ['a quantity may be a string or a number', pod({ resources: { limits: { cpu: 2, memory: '1Gi' } } }), []],
    [
      'a malformed quantity is an error',
      pod({ resources: { limits: { cpu: '1x' } } }),
      [e([...C, 'resources', 'limits', 'cpu'], `Invalid value: "1x": ${QUANTITY_MSG}`)],
    ],
    ['an int-or-string takes a name', service({ targetPort: 'http' }), []],
    ['an int-or-string takes a number', service({ targetPort: 8080 }), []],
    [
      'an int-or-string refuses a boolean',
      service({ targetPort: true }),
      [e(['spec', 'ports', 0, 'targetPort'], 'must be of type integer or string, got boolean')],
    ],
    [
      'an int-or-string refuses a fraction',
      service({ targetPort: 80.5 }),
      [e(['spec', 'ports', 0, 'targetPort'], 'must be of type integer or string, got number')],
    ],
    ['null counts as absent', deployment({ containers: [container({ resources: null })] }, { replicas: null }), []],
    [
      'raw JSON fields take anything',
      { apiVersion: 'apps/v1', kind: 'ControllerRevision', metadata: { name: 'r', namespace: 'shop' }, revision: 1, data: { any: [1] } },
      [],
    ],
    ['status is not checked: it is never sent', { ...(pod({}) as object), status: { replicas: 'many', whatever: true } }, []],
    [
      'a top-level field of a ConfigMap is checked',
      { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'c', namespace: 'shop' }, date: { a: 'b' } },
      [e(['date'], 'unknown field "date", did you mean "data"?')],
    ],
    ['an unknown built-in version is not checked', { apiVersion: 'apps/v1beta9', kind: 'Deployment', metadata: { name: 'web' }, spec: { wibble: 1 } }, []],
  ])('%s', (_case, obj, expected) => {
    expect(issues(obj)).toEqual(expected);
  });

  it('never shows a Secret value or a base64 value in a message', () => {
    const secret = {
      apiVersion: 'v1',
      kind: 'Secret',
      metadata: { name: 's', namespace: 'shop' },
      data: { pw: 'hunter2-not-base64!' },
      stringData: { pin: 4242424242 },
      typo: 1,
    };
    const configMap = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'c', namespace: 'shop' }, binaryData: { blob: 'hunter3-not-base64!' } };
    const found = [...issues(secret), ...issues(configMap)];
    expect(found.map(([path]) => path.join('.'))).toEqual(['data.pw', 'stringData.pin', 'typo', 'binaryData.blob']);
    for (const [, message] of found) expect(message).not.toMatch(/hunter|4242424242/);
  });

  it('knows the Kubernetes version of its schemas, builds each kind once and has none for other kinds', () => {
    expect(KUBERNETES_SCHEMA_VERSION).toBe('v1.36.3');
    expect(builtinSchema('apps/v1', 'Deployment')).toBe(builtinSchema('apps/v1', 'Deployment'));
    expect(builtinSchema('example.com/v1', 'Widget')).toBeUndefined();
  });
});

const widgetCrd = (schema: Record<string, unknown>, version: Record<string, unknown> = {}) => ({
  apiVersion: 'apiextensions.k8s.io/v1',
  kind: 'CustomResourceDefinition',
  metadata: { name: 'widgets.example.com' },
  spec: {
    group: 'example.com',
    scope: 'Namespaced',
    names: { plural: 'widgets', kind: 'Widget' },
    versions: [{ name: 'v1', served: true, storage: true, schema: { openAPIV3Schema: schema }, ...version }],
  },
});
const SCHEMA = {
  type: 'object',
  properties: {
    spec: {
      type: 'object',
      required: ['size'],
      properties: {
        size: { type: 'integer', minimum: 1, maximum: 10 },
        mode: { type: 'string', enum: ['fast', 'safe'] },
        name: { type: 'string', pattern: '^[a-z]+$', maxLength: 8 },
        port: { 'x-kubernetes-int-or-string': true },
        tags: { type: 'array', maxItems: 2, items: { type: 'string' } },
        labels: { type: 'object', additionalProperties: { type: 'string' } },
        config: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true, properties: { level: { type: 'integer' } } },
        template: {
          type: 'object',
          'x-kubernetes-embedded-resource': true,
          properties: { spec: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true } },
        },
        ratio: { type: 'number', multipleOf: 0.1 },
        retries: { type: 'integer', default: 3 },
        strategy: { type: 'object', required: ['retries'], properties: { retries: { type: 'integer', default: 3 } } },
        target: {
          type: 'object',
          oneOf: [{ required: ['name'] }, { required: ['selector'] }],
          properties: { name: { type: 'string' }, selector: { type: 'string' } },
        },
      },
    },
  },
};
const widget = (spec: Record<string, unknown>, apiVersion = 'example.com/v1'): unknown => ({
  apiVersion,
  kind: 'Widget',
  metadata: { name: 'w', namespace: 'shop' },
  spec,
});
const S = (...path: (string | number)[]) => ['spec', ...path];

describe('Custom resources against the CRD schema in the same commit', () => {
  const options = (crd: unknown): { schemaFor: SchemaLookup } => ({ schemaFor: schemaLookup([crd]) });
  it.each<[string, unknown, Issue[]]>([
    ['a well-formed custom resource is valid', widget({ size: 3, mode: 'fast', name: 'abc', port: 'http', tags: ['a'], labels: { a: 'b' } }), []],
    ['an unknown field is an error with a suggestion', widget({ size: 3, moed: 'fast' }), [e(S('moed'), 'unknown field "moed", did you mean "mode"?')]],
    ['a required field left out is an error', widget({}), [e(S('size'), 'Required value')]],
    ['a required field with a default is filled by the server', widget({ size: 1, strategy: {} }), []],
    [
      'an enum value outside the set is an error',
      widget({ size: 3, mode: 'slow' }),
      [e(S('mode'), 'Unsupported value: "slow": supported values: "fast", "safe"')],
    ],
    ['a type mismatch is an error', widget({ size: 'three' }), [e(S('size'), 'must be of type integer, got string')]],
    ['a minimum is checked', widget({ size: 0 }), [e(S('size'), 'Invalid value: 0: should be greater than or equal to 1')]],
    ['a maximum is checked', widget({ size: 11 }), [e(S('size'), 'Invalid value: 11: should be less than or equal to 10')]],
    ['a pattern is checked', widget({ size: 1, name: 'ABC' }), [e(S('name'), 'Invalid value: "ABC": should match \'^[a-z]+$\'')]],
    ['a maximum length is checked', widget({ size: 1, name: 'abcdefghi' }), [e(S('name'), 'Too long: may not be more than 8 characters')]],
    ['a maximum item count is checked', widget({ size: 1, tags: ['a', 'b', 'c'] }), [e(S('tags'), 'Too many: 3: must have at most 2 items')]],
    ['a multiple of a fraction is one, floating point aside', widget({ size: 1, ratio: 0.3 }), []],
    ['a multipleOf is checked', widget({ size: 1, ratio: 0.35 }), [e(S('ratio'), 'Invalid value: 0.35: should be a multiple of 0.1')]],
    ['int-or-string takes a number', widget({ size: 1, port: 8080 }), []],
    ['int-or-string refuses a list', widget({ size: 1, port: [80] }), [e(S('port'), 'must be of type integer or string, got array')]],
    ['map values are checked', widget({ size: 1, labels: { a: 1 } }), [e(S('labels', 'a'), 'must be of type string, got integer')]],
    ['preserve-unknown-fields keeps unknown fields', widget({ size: 1, config: { anything: { deep: [1] }, level: 2 } }), []],
    [
      'preserve-unknown-fields still checks the known ones',
      widget({ size: 1, config: { level: 'high' } }),
      [e(S('config', 'level'), 'must be of type integer, got string')],
    ],
    [
      'an embedded resource takes apiVersion, kind and metadata',
      widget({ size: 1, template: { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p' }, spec: { x: 1 } } }),
      [],
    ],
    [
      'an embedded resource refuses other unknown fields',
      widget({ size: 1, template: { kind: 'Pod', sepc: {} } }),
      [e(S('template', 'sepc'), 'unknown field "sepc", did you mean "spec"?')],
    ],
    [
      'oneOf demands exactly one branch',
      widget({ size: 1, target: { name: 'a', selector: 'b' } }),
      [e(S('target'), 'must validate one and only one schema (oneOf)')],
    ],
    ['oneOf with one branch is valid', widget({ size: 1, target: { name: 'a' } }), []],
    ['a version the CRD does not declare is not checked', widget({ wibble: 1 }, 'example.com/v2'), []],
  ])('%s', (_case, obj, expected) => {
    expect(issues(obj, options(widgetCrd(SCHEMA)))).toEqual(expected);
  });

  it('a root that preserves unknown fields accepts any spec', () => {
    expect(issues(widget({ anything: 1 }), options(widgetCrd({ type: 'object', 'x-kubernetes-preserve-unknown-fields': true })))).toEqual([]);
  });

  it('a version that is not served is not checked', () => {
    expect(issues(widget({ wibble: 1 }), options(widgetCrd(SCHEMA, { served: false })))).toEqual([]);
  });

  it('a kind with no schema is not checked and says nothing', () => {
    expect(issues(widget({ wibble: 1 }))).toEqual([]);
    expect(
      issues({ apiVersion: 'example.com/v1', kind: 'Gadget', metadata: { name: 'g', namespace: 'shop' }, spec: { any: 1 } }, options(widgetCrd(SCHEMA))),
    ).toEqual([]);
  });

  it('compiles an unchanged CRD schema once', () => {
    const crd = widgetCrd(SCHEMA);
    expect(crdSchemaLookup([crd])('example.com/v1', 'Widget')).toBe(crdSchemaLookup([crd])('example.com/v1', 'Widget'));
  });
});

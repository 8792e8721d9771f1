import { describe, expect, it } from 'vitest';
import type { KubeObject, PlaintextOverrider } from '../../../src/model/index.ts';
import { applyPlaintextOverriders } from '../../../src/render/overrides/plaintext-overrider.ts';

const withAnnotations: KubeObject = { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'w', annotations: {} }, spec: { replicas: 1 } };
const bare: KubeObject = { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'w' }, spec: { replicas: 1 } };

describe('plaintext (docs/karmada-compatibility.md#the-overriders)', () => {
  it.each<[string, KubeObject, PlaintextOverrider[], unknown]>([
    ['replace /spec/replicas with 5', bare, [{ path: '/spec/replicas', operator: 'replace', value: 5 }], { replicas: 5 }],
    ['add a nested object', bare, [{ path: '/spec/strategy', operator: 'add', value: { type: 'Recreate' } }], { replicas: 1, strategy: { type: 'Recreate' } }],
    ['remove a field', bare, [{ path: '/spec/replicas', operator: 'remove' }], {}],
    ['a missing value adds null', bare, [{ path: '/spec/paused', operator: 'add' }], { replicas: 1, paused: null }],
  ])('%s', (_name, obj, entries, spec) => {
    const result = applyPlaintextOverriders(obj, entries);
    expect(result.ok && result.doc['spec']).toEqual(spec);
  });

  it('adds an annotation when the annotations object exists', () => {
    const result = applyPlaintextOverriders(withAnnotations, [{ path: '/metadata/annotations/foo', operator: 'add', value: 'bar' }]);
    expect(result.ok && result.doc.metadata.annotations).toEqual({ foo: 'bar' });
  });

  it('fails to add an annotation when the template has no annotations object', () => {
    const result = applyPlaintextOverriders(bare, [{ path: '/metadata/annotations/foo', operator: 'add', value: 'bar' }]);
    expect(result).toMatchObject({ ok: false, entry: 0, path: '/metadata/annotations/foo' });
  });

  it('fails as a whole: an earlier entry is not kept when a later one fails', () => {
    const result = applyPlaintextOverriders(bare, [
      { path: '/spec/replicas', operator: 'replace', value: 3 },
      { path: '/spec/missing', operator: 'replace', value: 1 },
    ]);
    expect(result).toMatchObject({ ok: false, entry: 1, path: '/spec/missing' });
    expect(bare['spec']).toEqual({ replicas: 1 });
  });
});

import { describe, expect, it } from 'vitest';
import type { KubeObject, LabelAnnotationOverrider } from '../../../src/model/index.ts';
import { applyLabelAnnotationOverriders } from '../../../src/render/overrides/labels-annotations-overrider.ts';

function cm(metadata: Record<string, unknown>): KubeObject {
  return { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'c', ...metadata } };
}

describe('labelsOverrider and annotationsOverrider (labelannotationoverrider.go, docs/karmada-compatibility.md#the-overriders)', () => {
  it.each<[string, Record<string, unknown>, LabelAnnotationOverrider[], unknown]>([
    ['add creates the map when absent', {}, [{ operator: 'add', value: { a: '1' } }], { a: '1' }],
    ['add overwrites existing keys', { labels: { a: '0', b: '2' } }, [{ operator: 'add', value: { a: '1' } }], { a: '1', b: '2' }],
    ['replace sets only existing keys', { labels: { a: '0' } }, [{ operator: 'replace', value: { a: '1', z: '9' } }], { a: '1' }],
    ['replace on an absent map is a no-op', {}, [{ operator: 'replace', value: { a: '1' } }], undefined],
    ['remove drops existing keys whatever the value', { labels: { a: '0', b: '2' } }, [{ operator: 'remove', value: { a: 'ignored', z: '' } }], { b: '2' }],
    [
      'entries apply in order',
      { labels: { a: '0' } },
      [
        { operator: 'remove', value: { a: '' } },
        { operator: 'add', value: { a: '5' } },
      ],
      { a: '5' },
    ],
    [
      'keys with a slash are escaped in the path',
      { labels: { 'app.kubernetes.io/name': 'x' } },
      [{ operator: 'replace', value: { 'app.kubernetes.io/name': 'y' } }],
      { 'app.kubernetes.io/name': 'y' },
    ],
    ['an empty value does nothing, not even create the map', {}, [{ operator: 'add', value: {} }], undefined],
    ['add on a null map creates it', { labels: null }, [{ operator: 'add', value: { a: '1' } }], { a: '1' }],
    ['add keeps existing keys first and appends new ones', { labels: { z: '1' } }, [{ operator: 'add', value: { a: '2' } }], { z: '1', a: '2' }],
    [
      'replace sets several existing keys at once',
      { labels: { a: '0', b: '0', c: '0' } },
      [{ operator: 'replace', value: { a: '1', c: '3' } }],
      { a: '1', b: '0', c: '3' },
    ],
    ['remove can empty the map, which stays', { labels: { a: '0' } }, [{ operator: 'remove', value: { a: '' } }], {}],
    ['remove of a slash key', { labels: { 'x.io/y': '1', b: '2' } }, [{ operator: 'remove', value: { 'x.io/y': '' } }], { b: '2' }],
    ['add of a slash key', {}, [{ operator: 'add', value: { 'x.io/y': '1' } }], { 'x.io/y': '1' }],
    ['a value may be the empty string', { labels: { a: '0' } }, [{ operator: 'replace', value: { a: '' } }], { a: '' }],
  ])('%s', (_name, metadata, entries, want) => {
    const input = cm(metadata);
    const before = JSON.stringify(input);
    const result = applyLabelAnnotationOverriders(input, 'labels', entries);
    expect(result.ok && result.doc.metadata.labels).toEqual(want);
    expect(JSON.stringify(input)).toBe(before);
  });

  it('works the same on annotations and leaves labels alone', () => {
    const result = applyLabelAnnotationOverriders(cm({ labels: { a: '1' } }), 'annotations', [{ operator: 'add', value: { note: 'x' } }]);
    expect(result.ok && result.doc.metadata).toEqual({ name: 'c', labels: { a: '1' }, annotations: { note: 'x' } });
  });
});

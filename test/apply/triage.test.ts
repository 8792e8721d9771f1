import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../../src/model/index.ts';
import { desiredDigest } from '../../src/apply/normalize.ts';
import { objectId, refOfId } from '../../src/apply/object-id.ts';
import { triage, verdict } from '../../src/apply/triage.ts';
import type { DesiredObject } from '../../src/apply/triage.ts';

const MANAGED = { 'flotilla.io/managed-by': 'flotilla' };
const cm = (data: Record<string, string>, meta: Partial<KubeObject['metadata']> = {}): KubeObject => ({
  apiVersion: 'v1',
  kind: 'ConfigMap',
  metadata: { name: 'c', namespace: 'ns', labels: MANAGED, ...meta },
  data,
});
const item = (manifest: KubeObject, suspended = false): DesiredObject => ({ manifest, suspended, preserveOnDeletion: false });
const id = 'ns_c__ConfigMap';
const serverSide = (o: KubeObject): KubeObject => ({
  ...o,
  metadata: { ...o.metadata, resourceVersion: '7', uid: 'u', managedFields: [] },
  extra: 'defaulted',
});
const withCommit = (o: KubeObject, sha: string): KubeObject => ({ ...o, metadata: { ...o.metadata, annotations: { 'flotilla.io/source-commit': sha } } });

describe('triage', () => {
  const desired = cm({ k: '1' });
  const last = [{ id, v: 'v1', digest: desiredDigest(desired) }];
  it.each([
    ['an absent object is created', item(desired), undefined, last, 'create'],
    ['a suspended object is left alone', item(desired, true), serverSide(desired), last, 'suspended'],
    ['an unmanaged object under abort is a conflict', item(desired), serverSide(cm({ k: '1' }, { labels: {} })), last, 'conflict'],
    [
      'an unmanaged object under overwrite is checked',
      item(cm({ k: '1' }, { annotations: { 'flotilla.io/conflict-resolution': 'overwrite' } })),
      serverSide(cm({ k: '1' }, { labels: {} })),
      last,
      'check',
    ],
    ['last applied and not drifted is unchanged without a request', item(desired), serverSide(desired), last, 'unchanged'],
    ['only a new commit annotation is still unchanged', item(withCommit(desired, 'new')), serverSide(withCommit(desired, 'old')), last, 'unchanged'],
    ['a drifted live object is checked', item(desired), serverSide(cm({ k: 'edited' })), last, 'check'],
    ['a changed desired object is checked', item(cm({ k: '2' })), serverSide(desired), last, 'check'],
    ['an object missing from the inventory is checked', item(desired), serverSide(desired), [], 'check'],
  ])('%s', (_name, desiredItem, live, inventory, expected) => {
    const liveMap = new Map(live ? [[id, live]] : []);
    expect(triage([desiredItem], liveMap, inventory)[0]?.triage).toBe(expected);
  });

  it('sends every existing object to a dry-run for the live plan', () => {
    expect(triage([item(desired)], new Map([[id, serverSide(desired)]]), last, true)[0]?.triage).toBe('check');
  });

  it('puts CRDs and Namespaces in stage 1', () => {
    const ns: KubeObject = { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'ns' } };
    expect(triage([item(desired), item(ns)], new Map(), []).map((t) => t.stage)).toEqual([2, 1]);
  });
});

describe('verdict', () => {
  it.each([
    ['server fields and the commit annotation do not count', withCommit(serverSide(cm({ k: '1' })), 'a'), withCommit(cm({ k: '1' }), 'b'), 'unchanged'],
    ['a changed value does', serverSide(cm({ k: '1' })), cm({ k: '2' }), 'update'],
  ])('%s', (_name, live, dryRun, expected) => {
    expect(verdict(live, { ...dryRun, extra: 'defaulted' })).toBe(expected);
  });
});

describe('object ids', () => {
  it.each([
    [{ apiVersion: 'apps/v1', kind: 'Deployment', namespace: 'shop', name: 'web_1' }, 'shop_web_1_apps_Deployment'],
    [{ apiVersion: 'v1', kind: 'Namespace', namespace: '', name: 'shop' }, '_shop__Namespace'],
  ])('%j is %s and back', (ref, expected) => {
    expect(objectId(ref)).toBe(expected);
    expect(refOfId(expected, ref.apiVersion.split('/').pop() ?? '')).toEqual(ref);
  });
});

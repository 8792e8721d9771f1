import { describe, expect, it } from 'vitest';
import type { WorkDocument } from '../../../src/model/index.ts';
import { folderKey, readClusterWork, serializeWork, WorkDocumentError } from '../../../src/status/index.ts';
import { FakeGitStore } from '../../fakes/git-store.ts';
import { desiredDigest } from '../../../src/apply/normalize.ts';

const MANIFEST = 'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: web, namespace: shop, labels: {flotilla.io/managed-by: flotilla}}\ndata: {k: v}\n';
const PARSED = {
  apiVersion: 'v1',
  kind: 'ConfigMap',
  metadata: { name: 'web', namespace: 'shop', labels: { 'flotilla.io/managed-by': 'flotilla' } },
  data: { k: 'v' },
};

const WORK: WorkDocument = {
  cluster: 'edge',
  sourceCommit: 'c'.repeat(40),
  prune: { allowed: true, enabled: true, sourceHasErrors: false, maxFraction: 0.25, allowMassPrune: false },
  objects: [
    {
      file: 'shop/core.ConfigMap.web.yaml',
      apiVersion: 'v1',
      kind: 'ConfigMap',
      namespace: 'shop',
      name: 'web',
      digest: desiredDigest(PARSED),
      template: { apiVersion: 'v1', kind: 'ConfigMap', namespace: 'shop', name: 'web' },
      policy: null,
      suspended: false,
      preserveOnDeletion: false,
    },
  ],
  keptCopies: [],
  customizations: 'customizations.json',
};
const RIC = JSON.stringify([{ apiVersion: 'config.karmada.io/v1alpha1', kind: 'ResourceInterpreterCustomization', metadata: { name: 'x' }, spec: {} }]);

function store(files: Record<string, string>): { store: FakeGitStore; commit: string } {
  const s = new FakeGitStore();
  return { store: s, commit: s.commit(files, 'works') };
}

describe('readClusterWork', () => {
  it("reads a member's folder: work.json, its manifests in order, the customizations", async () => {
    const { store: s, commit } = store({
      'edge/work.json': serializeWork(WORK),
      'edge/shop/core.ConfigMap.web.yaml': MANIFEST,
      'edge/customizations.json': RIC,
      'core/work.json': '{}',
    });
    const work = await readClusterWork(s, commit, 'edge');
    expect(work?.manifests).toEqual([PARSED]);
    expect(work?.customizations.map((c) => c.metadata.name)).toEqual(['x']);
    expect(work?.document).toEqual(WORK);
    expect(work?.blob).toBe((await s.listTree(commit, 'edge'))?.find((e) => e.path === 'work.json')?.oid);
  });

  it('has nothing for a member without a folder', async () => {
    const { store: s, commit } = store({ 'core/work.json': '{}' });
    expect(await readClusterWork(s, commit, 'edge')).toBeUndefined();
  });

  it.each([
    ['no work.json', { 'edge/shop/core.ConfigMap.web.yaml': MANIFEST }, /^edge\/work\.json: missing/],
    [
      'a listed manifest missing',
      { 'edge/work.json': serializeWork({ ...WORK, customizations: undefined }) },
      /^edge\/shop\/core\.ConfigMap\.web\.yaml: listed in work\.json but missing/,
    ],
    [
      'a manifest that is another object',
      {
        'edge/work.json': serializeWork({ ...WORK, customizations: undefined }),
        'edge/shop/core.ConfigMap.web.yaml': MANIFEST.replace('name: web', 'name: api'),
      },
      /^edge\/shop\/core\.ConfigMap\.web\.yaml: is not ConfigMap shop\/web/,
    ],
    [
      'a manifest edited by hand with work.json unchanged',
      { 'edge/work.json': serializeWork({ ...WORK, customizations: undefined }), 'edge/shop/core.ConfigMap.web.yaml': MANIFEST.replace('k: v', 'k: evil') },
      /^edge\/shop\/core\.ConfigMap\.web\.yaml: does not match its digest in work\.json: changed after the hub wrote it/,
    ],
    [
      'an object added by hand, listed in work.json with its digest but without the label the hub puts on what it renders',
      {
        'edge/work.json': serializeWork({
          ...WORK,
          customizations: undefined,
          objects: [{ ...WORK.objects[0]!, digest: desiredDigest({ ...PARSED, metadata: { name: 'web', namespace: 'shop' } }) }],
        }),
        'edge/shop/core.ConfigMap.web.yaml': MANIFEST.replace(', labels: {flotilla.io/managed-by: flotilla}', ''),
      },
      /^edge\/shop\/core\.ConfigMap\.web\.yaml: is not labelled flotilla\.io\/managed-by=flotilla: not rendered by the hub/,
    ],
    [
      'a manifest that is not YAML',
      { 'edge/work.json': serializeWork({ ...WORK, customizations: undefined }), 'edge/shop/core.ConfigMap.web.yaml': 'a: [' },
      /not YAML/,
    ],
    [
      'customizations that are not a list',
      { 'edge/work.json': serializeWork(WORK), 'edge/shop/core.ConfigMap.web.yaml': MANIFEST, 'edge/customizations.json': '{}' },
      /^edge\/customizations\.json: expected a list/,
    ],
  ])('refuses a folder with %s, naming the file', async (_name, files, message) => {
    const { store: s, commit } = store(files);
    const read = readClusterWork(s, commit, 'edge');
    await expect(read).rejects.toBeInstanceOf(WorkDocumentError);
    await expect(read).rejects.toThrow(message);
  });

  it('keys a folder by its listing: another member or a new commit elsewhere does not change it', async () => {
    const s = new FakeGitStore();
    const one = s.commit({ 'edge/work.json': '1', 'core/work.json': '1' }, 'works');
    const two = s.commit({ 'edge/work.json': '1', 'core/work.json': '2' }, 'works');
    const three = s.commit({ 'edge/work.json': '2', 'core/work.json': '2' }, 'works');
    const key = async (c: string) => folderKey((await s.listTree(c, 'edge')) ?? []);
    expect(await key(one)).toBe(await key(two));
    expect(await key(three)).not.toBe(await key(two));
  });
});

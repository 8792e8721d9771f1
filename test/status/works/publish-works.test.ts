import { afterAll, describe, expect, it } from 'vitest';
import type { KubeObject, ObjectRef } from '../../../src/model/index.ts';
import { DEFAULT_PRUNE_SETTINGS } from '../../../src/apply/prune-plan.ts';
import { ForeignStatusBranchError, gitBlobId, openStatusStore, publishWorks } from '../../../src/status/index.ts';
import type { WorksInput } from '../../../src/status/index.ts';
import { createGitRepo, removeFixtures } from '../../source/helpers/git-fixture.ts';

afterAll(removeFixtures);

const configMap = (name: string, data: string): KubeObject => ({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name, namespace: 'shop' }, data: { data } });
const ref = (m: KubeObject): ObjectRef => ({ apiVersion: m.apiVersion, kind: m.kind, namespace: m.metadata.namespace ?? '', name: m.metadata.name ?? '' });

function input(sourceCommit: string, works: Record<string, KubeObject[]>, sourceHasErrors = false): WorksInput {
  return {
    sourceCommit,
    prune: { ...DEFAULT_PRUNE_SETTINGS, enabled: true, sourceHasErrors },
    works: Object.entries(works).map(([cluster, manifests]) => ({
      cluster,
      items: manifests.map((manifest) => ({ manifest, template: ref(manifest), suspended: false, preserveOnDeletion: false })),
      keptCopies: new Map(),
    })),
    policies: new Map(),
    customizations: [],
  };
}

const C1 = '1'.repeat(40);
const C2 = '2'.repeat(40);
const C3 = '3'.repeat(40);

describe.each([
  ['native git', true],
  ['isomorphic-git', false],
] as const)('the works branch through %s', (_name, preferNative) => {
  async function setup() {
    const repo = createGitRepo();
    repo.write('clusters.yaml', 'kind: Cluster\n');
    repo.commit('source');
    const write = async (works: WorksInput, owns?: (c: string) => boolean, members = ['a', 'b']) =>
      publishWorks(await openStatusStore({ repo: repo.dir, preferNative }, 'works'), works, {
        branch: 'works',
        members,
        now: () => new Date(0),
        ...(owns ? { owns } : {}),
      });
    const show = (path: string) => repo.git('show', `works:${path}`);
    return { repo, write, show };
  }

  it('keeps a manifest file byte for byte when only the source commit changed: the commit is in work.json, not in every object', async () => {
    const { write, show } = await setup();
    const stamped = (commit: string): KubeObject => {
      const m = configMap('x', '1');
      return { ...m, metadata: { ...m.metadata, annotations: { 'flotilla.io/template': 'v1/ConfigMap/shop/x', 'flotilla.io/source-commit': commit } } };
    };
    await write(input(C1, { a: [stamped(C1)], b: [] }));
    const before = show('a/shop/core.ConfigMap.x.yaml');
    await write(input(C2, { a: [stamped(C2)], b: [] }));
    expect(show('a/shop/core.ConfigMap.x.yaml')).toBe(before);
    expect(before).not.toContain('source-commit');
    expect(before).toContain('flotilla.io/template');
    expect(JSON.parse(show('a/work.json')).sourceCommit).toBe(C1);
  });

  it('starts an orphan branch with each member folder, work.json and kustomization, and a Source-Commit trailer', async () => {
    const { repo, write, show } = await setup();
    const result = await write(input(C1, { a: [configMap('x', '1')], b: [] }));
    expect(result.changed).toBe(true);
    expect(repo.git('ls-tree', '-r', '--name-only', 'works').split('\n')).toEqual([
      'a/kustomization.yaml',
      'a/shop/core.ConfigMap.x.yaml',
      'a/work.json',
      'b/kustomization.yaml',
      'b/work.json',
      'works.json',
    ]);
    expect(repo.git('rev-list', '--count', 'works')).toBe('1');
    expect(repo.git('log', '-1', '--format=%B', 'works')).toContain(`Source-Commit: ${C1}`);
    expect(result.workBlobs.get('a')).toBe(gitBlobId(show('a/work.json') + '\n'));
    expect(show('a/kustomization.yaml')).toContain('- shop/core.ConfigMap.x.yaml');
  });

  it('writes no commit for the same Work, nor for a new source commit that changes no Work', async () => {
    const { repo, write, show } = await setup();
    const first = await write(input(C1, { a: [configMap('x', '1')], b: [] }));
    const same = await write(input(C1, { a: [configMap('x', '1')], b: [] }));
    const moved = await write(input(C2, { a: [configMap('x', '1')], b: [] }));
    expect([same.changed, moved.changed]).toEqual([false, false]);
    expect(moved.commit).toBe(first.commit);
    expect(JSON.parse(show('a/work.json')).sourceCommit).toBe(C1);
    expect(repo.git('rev-list', '--count', 'works')).toBe('1');
  });

  it("names per member the source commit that last changed its Work: a change to one member's Work leaves the other's work.json as it was", async () => {
    const { write, show } = await setup();
    await write(input(C1, { a: [configMap('x', '1')], b: [configMap('y', '1')] }));
    const changed = await write(input(C3, { a: [configMap('x', '2')], b: [configMap('y', '1')] }));
    expect(changed.changed).toBe(true);
    expect(JSON.parse(show('a/work.json')).sourceCommit).toBe(C3);
    expect(JSON.parse(show('b/work.json')).sourceCommit).toBe(C1);
  });

  it('with shards, keeps the folders of the members another replica owns as the tip has them', async () => {
    const { write, show } = await setup();
    await write(input(C1, { a: [configMap('x', '1')], b: [configMap('y', '1')] }));
    await write(input(C2, { a: [configMap('x', '2')] }), (c) => c === 'a');
    expect(show('b/shop/core.ConfigMap.y.yaml')).toContain('data: "1"');
    expect(show('a/shop/core.ConfigMap.x.yaml')).toContain('data: "2"');
  });

  it.each([
    ['keeps the folder of a member the source no longer names while it has errors (its Cluster file may not parse)', true, ['a', 'b']],
    ['drops it once the source without errors no longer names it', false, ['a']],
  ])('%s', async (_name, sourceHasErrors, folders) => {
    const { repo, write } = await setup();
    await write(input(C1, { a: [configMap('x', '1')], b: [configMap('y', '1')] }));
    await write(input(C2, { a: [configMap('x', '2')] }, sourceHasErrors), undefined, ['a']);
    const tree = repo.git('ls-tree', '-r', '--name-only', 'works').split('\n');
    expect([...new Set(tree.filter((p) => p.includes('/')).map((p) => p.split('/')[0]))]).toEqual(folders);
    expect(JSON.parse(repo.git('show', 'works:works.json')).clusters).toEqual(folders);
  });

  it('says in work.json that prune is not allowed when the source has errors', async () => {
    const { write, show } = await setup();
    await write(input(C1, { a: [] }, true));
    expect(JSON.parse(show('a/work.json')).prune).toMatchObject({ allowed: false, enabled: true, sourceHasErrors: true });
  });

  it('never builds on a works branch Flotilla did not write', async () => {
    const { repo, write } = await setup();
    repo.git('checkout', '-q', '--orphan', 'works');
    repo.write('README.md', 'someone else\n');
    repo.commit('theirs');
    repo.git('checkout', '-q', 'main');
    await expect(write(input(C1, { a: [] }))).rejects.toBeInstanceOf(ForeignStatusBranchError);
    await expect(write(input(C1, { a: [] }))).rejects.toThrow(/no works\.json.*worksBranch/);
  });
});

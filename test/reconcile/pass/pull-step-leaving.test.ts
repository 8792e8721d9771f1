// The last Pull member switched to Push (or removed): the works branch is written once more without
// its folder, so an agent left running applies nothing more, and after that a pass writes nothing.
// A fleet that never had a Pull member never gets the branch. Real git repositories, both adapters.
import { afterAll, describe, expect, it } from 'vitest';
import type { KubeObject } from '../../../src/model/index.ts';
import { DEFAULT_PRUNE_SETTINGS } from '../../../src/apply/prune-plan.ts';
import { passWorksStep } from '../../../src/reconcile/pass/pull-step.ts';
import type { PassWorksInput } from '../../../src/reconcile/pass/pull-step.ts';
import { createGitRepo, removeFixtures } from '../../source/helpers/git-fixture.ts';

afterAll(removeFixtures);

const namespace: KubeObject = { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'shop' } };

function passInput(members: string[], sourceHasErrors = false): PassWorksInput {
  return {
    input: {
      sourceCommit: '1'.repeat(40),
      prune: { ...DEFAULT_PRUNE_SETTINGS, enabled: true, sourceHasErrors },
      works: members.map((cluster) => ({
        cluster,
        items: [
          { manifest: namespace, template: { apiVersion: 'v1', kind: 'Namespace', namespace: '', name: 'shop' }, suspended: false, preserveOnDeletion: false },
        ],
        keptCopies: new Map(),
      })),
      policies: new Map(),
      customizations: [],
    },
    branch: 'works',
    members,
    owns: () => true,
  };
}

describe.each([
  ['native git', true],
  ['isomorphic-git', false],
] as const)('the works step when no Pull member is left, through %s', (_name, preferNative) => {
  function setup() {
    const repo = createGitRepo();
    repo.write('clusters.yaml', 'kind: Cluster\n');
    repo.commit('source');
    const step = passWorksStep({ repo: repo.dir, preferNative }, () => new Date(0));
    const tree = () => repo.git('ls-tree', '-r', '--name-only', 'works').split('\n');
    return { repo, step, tree };
  }

  it('drops the last folder once, then writes nothing', async () => {
    const { repo, step, tree } = setup();
    expect((await step(passInput(['edge'])))?.changed).toBe(true);
    expect(tree()).toContain('edge/work.json');

    const dropped = await step(passInput([]));
    expect(dropped?.changed).toBe(true);
    expect(tree()).toEqual(['works.json']);
    expect(JSON.parse(repo.git('show', 'works:works.json'))).toEqual({ clusters: [] });

    expect(await step(passInput([]))).toBeUndefined();
    expect(repo.git('rev-list', '--count', 'works')).toBe('2');
  });

  it('keeps the folder while the source has errors (its Cluster file may only fail to parse)', async () => {
    const { step, tree } = setup();
    await step(passInput(['edge']));
    expect((await step(passInput([], true)))?.changed).toBe(false);
    expect(tree()).toContain('edge/work.json');
  });

  it('never creates the branch for a fleet without Pull members', async () => {
    const { repo, step } = setup();
    expect(await step(passInput([]))).toBeUndefined();
    expect(repo.git('branch', '--list', 'works')).toBe('');
  });
});

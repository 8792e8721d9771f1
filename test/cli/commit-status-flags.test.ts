import { afterAll, describe, expect, it } from 'vitest';
import { rolloutOutcomes, startRollout } from '../../src/cli/commit-status-flags.ts';
import { createGitRepo, removeFixtures } from '../source/helpers/git-fixture.ts';

afterAll(removeFixtures);

const REF = { apiVersion: 'apps/v1', kind: 'Deployment', namespace: 'shop', name: 'web' };

describe('apply --commit-status wiring', () => {
  it('leaves the source alone without --commit-status', async () => {
    expect(await startRollout({ 'commit-status-context': 'flotilla' }, { repo: '.' })).toEqual({ source: { repo: '.' } });
  });

  it('pins the source to the commit the statuses go to', async () => {
    const repo = createGitRepo();
    repo.write('a.yaml', 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: a\n');
    const commit = repo.commit('a');
    const env = { GITHUB_TOKEN: 't', GITHUB_REPOSITORY: 'acme/fleet' };
    const rollout = await startRollout({ 'commit-status': 'github', 'commit-status-context': 'fleet' }, { repo: repo.dir }, undefined, env);
    expect(rollout.source).toEqual({ repo: repo.dir, ref: commit });
    expect(rollout.statuses?.context('member1')).toBe('fleet/member1');
    const saved = await startRollout(
      { 'commit-status': 'github', 'commit-status-context': 'flotilla' },
      { repo: repo.dir, ref: 'f'.repeat(40) },
      'f'.repeat(40),
      env,
    );
    expect(saved.source.ref).toBe('f'.repeat(40));
  });

  it("maps each cluster's result to success or failure with its summary", () => {
    expect(
      rolloutOutcomes([
        { cluster: 'member1', objects: [{ cluster: 'member1', ref: REF, action: 'created' }], pruned: [], inventoryWritten: true },
        {
          cluster: 'member2',
          objects: [{ cluster: 'member2', ref: REF, action: 'conflict', error: new Error('not ours') }],
          pruned: [],
          inventoryWritten: false,
        },
        { cluster: 'member3', objects: [], pruned: [], inventoryWritten: false, error: new Error('unreachable') },
      ]),
    ).toEqual([
      { cluster: 'member1', state: 'success', description: 'member1: 1 created, 0 unchanged' },
      { cluster: 'member2', state: 'failure', description: 'member2: 0 unchanged, 1 conflict' },
      { cluster: 'member3', state: 'failure', description: 'member3: failed: unreachable' },
    ]);
  });
});

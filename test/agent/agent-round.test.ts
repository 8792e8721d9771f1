// One agent's rounds over a real git repository (the works branch as the hub writes it) and an
// in-memory member: what it applies, when it touches the member, when it reports.
import { afterAll, describe, expect, it } from 'vitest';
import type { KubeObject } from '../../src/model/index.ts';
import type { DEFAULT_PRUNE_SETTINGS } from '../../src/apply/prune-plan.ts';
import { AgentRounds } from '../../src/agent/agent-round.ts';
import { removeFixtures } from '../source/helpers/git-fixture.ts';
import { edgeAgentOptions, edgeFleet, edgeReport, edgeWorks, hubConfigMap as cm, publishEdgeWorks, T0 } from './helpers.ts';

afterAll(removeFixtures);

async function setup(reportOnly = false) {
  const { repo, source, member } = edgeFleet();
  const rounds = new AgentRounds({ ...edgeAgentOptions({ repo: repo.dir }, member), reportOnly });
  const writeWork = (manifests: KubeObject[], prune: Partial<typeof DEFAULT_PRUNE_SETTINGS> = {}) =>
    publishEdgeWorks(repo.dir, edgeWorks(source, manifests, { prune }));
  const reportOf = () => edgeReport(repo);
  const reports = () => Number(repo.git('rev-list', '--count', 'flotilla/agents/edge'));
  return { repo, member, rounds, writeWork, reportOf, reports };
}

describe('flotilla agent, one round at a time', () => {
  it('reports why it applies nothing before the hub wrote its Work, and touches nothing in the member', async () => {
    const { member, rounds, reportOf } = await setup();
    const result = await rounds.round(T0);
    expect(result).toMatchObject({ reported: true, ok: false, error: 'the works branch works does not exist yet' });
    expect(member.writes()).toEqual([]);
    expect(reportOf().error).toBe('the works branch works does not exist yet');
  });

  it('for a cluster the works branch does not list as a Pull member, applies nothing, publishes no report and says why', async () => {
    const { repo, member, writeWork } = await setup();
    await writeWork([cm('a', '1')]);
    const stranger = new AgentRounds({ ...edgeAgentOptions({ repo: repo.dir }, member), cluster: 'member1' });
    const result = await stranger.round(T0);
    expect(result).toMatchObject({ ok: false, reported: false });
    expect(result.error).toMatch(/^member1 is not a Pull member of this repository \(the works branch works lists edge\)/);
    expect(member.writes()).toEqual([]);
    expect(repo.git('branch', '--list', 'flotilla/agents/*')).toBe('');
  });

  it('applies a new Work, reports it; a round with nothing new sends no request to the member and commits no report', async () => {
    const { member, rounds, writeWork, reportOf, reports } = await setup();
    const written = await writeWork([cm('a', '1'), cm('b', '1')]);
    const first = await rounds.round(T0);
    expect(first).toMatchObject({ ok: true, reported: true, worksCommit: written.commit });
    expect(first.applied?.objects.map((o) => o.action)).toEqual(['created', 'created']);
    expect(reportOf()).toMatchObject({ work: { worksCommit: written.commit, blob: written.workBlobs.get('edge') } });
    expect(reportOf().objects.map((o) => [o.name, o.applied, o.health])).toEqual([
      ['a', true, 'Healthy'],
      ['b', true, 'Healthy'],
    ]);
    const calls = member.calls.length;
    const idle = await rounds.round(T0 + 1_000);
    expect(idle).toMatchObject({ ok: true, reported: false });
    expect(idle.applied).toBeUndefined();
    expect(member.calls.length).toBe(calls);
    expect(reports()).toBe(1);
  });

  it('reports at the heartbeat without writing to the member, and prunes what a new Work lacks', async () => {
    const { member, rounds, writeWork, reportOf, reports } = await setup();
    await writeWork([cm('a', '1'), cm('b', '1')]);
    await rounds.round(T0);
    const writes = member.writes().length;
    expect(await rounds.round(T0 + 60_000)).toMatchObject({ reported: true });
    expect(member.writes().length).toBe(writes);
    expect(reports()).toBe(2);
    expect(reportOf().heartbeat).toBe(new Date(T0 + 60_000).toISOString());
    await writeWork([cm('a', '1')]);
    const pruned = await rounds.round(T0 + 61_000);
    expect(pruned.applied?.pruned.map((p) => [p.ref.name, p.action])).toEqual([['b', 'deleted']]);
    expect(reportOf().pruned).toEqual([{ apiVersion: 'v1', kind: 'ConfigMap', namespace: 'shop', name: 'b', action: 'deleted' }]);
  });

  it('prunes nothing when work.json says the source has errors, and says so in its report', async () => {
    const { rounds, writeWork, reportOf, member } = await setup();
    await writeWork([cm('a', '1'), cm('b', '1')]);
    await rounds.round(T0);
    await writeWork([cm('a', '1')], { sourceHasErrors: true });
    const held = await rounds.round(T0 + 1_000);
    expect(held.ok).toBe(true);
    expect(held.applied?.pruneBlocked?.reason).toBe('source-errors');
    expect(reportOf().pruneBlocked?.reason).toBe('source-errors');
    expect([...member.objects.keys()].filter((k) => k.includes('ConfigMap/shop/'))).toHaveLength(2);
  });

  it('applies nothing of a folder whose work.json is broken, and names the file', async () => {
    const { repo, rounds, member, reportOf } = await setup();
    repo.git('checkout', '-q', '--orphan', 'works');
    repo.git('rm', '-rq', '--cached', '.');
    repo.write('works.json', '{"clusters": ["edge"]}\n');
    repo.write('edge/work.json', '{"cluster": "edge"}\n');
    repo.git('add', 'works.json', 'edge/work.json');
    repo.git('commit', '-qm', 'broken');
    const result = await rounds.round(T0);
    expect(result.ok).toBe(false);
    expect(result.error).toMatch(/^work\.json objects: expected a list$/);
    expect(member.writes()).toEqual([]);
    expect(reportOf().error).toBe(result.error);
  });

  it('with --report-only applies nothing and reports the objects the member holds as the Work has them', async () => {
    const { member, rounds, writeWork, reportOf } = await setup(true);
    const written = await writeWork([cm('a', '1'), cm('b', '1')]);
    // Another tool applied a, and b in an older version.
    member.put(cm('a', '1'));
    member.put(cm('b', 'old'));
    expect(await rounds.round(T0)).toMatchObject({ ok: true, reported: true, worksCommit: written.commit });
    expect(member.writes()).toEqual([]);
    const report = reportOf();
    expect(report.work?.blob).toBe(written.workBlobs.get('edge'));
    expect(report.objects.map((o) => [o.name, o.applied, o.digest !== undefined])).toEqual([
      ['a', true, true],
      ['b', false, false],
    ]);
  });

  it("keeps reporting Ready until its API server has failed readyz for the failure threshold, as Karmada's agent does", async () => {
    const { member, rounds, writeWork, reportOf } = await setup();
    await writeWork([cm('a', '1')]);
    const ready = () => reportOf().clusterStatus.conditions?.find((c) => c.type === 'Ready');
    await rounds.round(T0);
    expect(ready()).toMatchObject({ status: 'True', reason: 'ClusterReady' });
    member.rawAnswers.set('/readyz', { status: 500, body: 'etcd failed' });
    await rounds.round(T0 + 60_000);
    expect(ready()).toMatchObject({ status: 'True', reason: 'ClusterReady' });
    await rounds.round(T0 + 120_000);
    expect(ready()).toMatchObject({ status: 'False', reason: 'ClusterNotReady' });
    member.rawAnswers.set('/readyz', { status: 200, body: 'ok' });
    await rounds.round(T0 + 180_000);
    expect(ready()).toMatchObject({ status: 'False', reason: 'ClusterNotReady' });
    await rounds.round(T0 + 240_000);
    expect(ready()).toMatchObject({ status: 'True', reason: 'ClusterReady' });
  });

  it('reports an apply that could not work on the member at all as the round’s error, and tries again next round', async () => {
    const { member, rounds, writeWork, reportOf } = await setup();
    await writeWork([cm('a', '1')]);
    member.failWhen(
      'get',
      (target) => target.includes('Lease'),
      () => new Error('the API server is going away'),
    );
    const failed = await rounds.round(T0);
    expect(failed.ok).toBe(false);
    expect(reportOf().error).toMatch(/the API server is going away/);
    member.clearFailures();
    const retried = await rounds.round(T0 + 1_000);
    expect(retried).toMatchObject({ ok: true, reported: true });
    expect(reportOf().error).toBeUndefined();
  });
});

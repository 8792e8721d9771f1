import { execFileSync } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import type { ClusterApplyResult } from '../../../src/apply/events.ts';
import { ClusterUnreachableError } from '../../../src/apply/errors/index.ts';
import type { KubeClient } from '../../../src/apply/kube-client.ts';
import { refOf } from '../../../src/model/index.ts';
import type { KubeObject } from '../../../src/model/index.ts';
import { readFleet } from '../../../src/reconcile/pass/read-fleet.ts';
import { statusStep, type StatusStepInput } from '../../../src/reconcile/pass/status-step.ts';
import { renderFleet } from '../../../src/render/render-fleet.ts';
import { FakeKubeClient } from '../../fakes/kube-client.ts';
import { createGitRepo, removeFixtures } from '../../source/helpers/git-fixture.ts';

afterAll(removeFixtures);

const SECRET_VALUE = 'correct-horse-battery-staple';
const FLEET = {
  'clusters.yaml': ['member1', 'member2']
    .map((n) => `apiVersion: cluster.karmada.io/v1alpha1\nkind: Cluster\nmetadata:\n  name: ${n}\nspec: {}\n`)
    .join('---\n'),
  'policy.yaml': `apiVersion: policy.karmada.io/v1alpha1
kind: ClusterPropagationPolicy
metadata:
  name: all
spec:
  resourceSelectors:
    - {apiVersion: apps/v1, kind: Deployment}
    - {apiVersion: v1, kind: Secret}
  placement:
    clusterAffinity: {clusterNames: [member1, member2]}
`,
  'web.yaml': `apiVersion: apps/v1
kind: Deployment
metadata: {name: web, namespace: default}
spec:
  replicas: 2
  selector: {matchLabels: {app: web}}
  template:
    metadata: {labels: {app: web}}
    spec: {containers: [{name: web, image: nginx}]}
`,
  'secret.yaml': `apiVersion: v1
kind: Secret
metadata: {name: creds, namespace: default}
stringData: {password: ${SECRET_VALUE}}
`,
};

async function setup() {
  const repo = createGitRepo();
  for (const [file, text] of Object.entries(FLEET)) repo.write(file, text);
  repo.commit('fleet');
  const source = await readFleet({ repo: repo.dir });
  const rendered = renderFleet(source.fleet, source.interpreter, {
    sourceCommit: source.snapshot.commit,
    detect: {},
    previousSchedules: new Map(),
    observedClusters: new Map(),
  });
  const member1 = new FakeKubeClient('member1');
  member1.put({
    apiVersion: 'v1',
    kind: 'Node',
    metadata: { name: 'n1' },
    status: { allocatable: { cpu: '4', memory: '8Gi', pods: '110' }, conditions: [{ type: 'Ready', status: 'True' }] },
  });
  for (const item of rendered.works.get('member1') ?? []) {
    const live: KubeObject = structuredClone(item.manifest);
    live.metadata.generation = 1;
    if (live.kind === 'Deployment') live['status'] = { observedGeneration: 1, replicas: 2, updatedReplicas: 2, readyReplicas: 2, availableReplicas: 2 };
    member1.put(live);
  }
  const applied: ClusterApplyResult[] = [
    {
      cluster: 'member1',
      pruned: [],
      inventoryWritten: true,
      // An API server may quote invalid data back in its error: the status branch must not.
      objects: (rendered.works.get('member1') ?? []).map((i) =>
        i.manifest.kind === 'Secret'
          ? {
              cluster: 'member1',
              ref: refOf(i.manifest),
              action: 'failed' as const,
              error: new Error(`Secret "creds" is invalid: data[password]: Invalid value: "${SECRET_VALUE}"`),
            }
          : { cluster: 'member1', ref: refOf(i.manifest), action: 'created' as const },
      ),
    },
    {
      cluster: 'member2',
      objects: [],
      pruned: [],
      inventoryWritten: false,
      error: new ClusterUnreachableError('member2', 'https://127.0.0.1:1', 'connection refused'),
    },
  ];
  const clients = new Map<string, KubeClient | Error>([
    ['member1', member1],
    ['member2', new ClusterUnreachableError('member2', 'https://127.0.0.1:1', 'connection refused')],
  ]);
  const input: StatusStepInput = { sourceOptions: { repo: repo.dir }, source, rendered, applied, clients, previousClusters: new Map() };
  return { repo, input, member1 };
}

describe('statusStep', () => {
  it('observes, aggregates and commits the pass to the status branch, and only once when nothing changed', async () => {
    const { repo, input } = await setup();
    const first = await statusStep(input, { now: () => new Date('2026-01-01T00:00:00Z') });
    expect(first.changed).toBe(true);
    const web = first.report.templates.find((t) => t.resource.kind === 'Deployment');
    expect(web?.aggregatedStatus.map((i) => [i.clusterName, i.applied, i.health])).toEqual([
      ['member1', true, 'Healthy'],
      ['member2', false, 'Unknown'],
    ]);
    expect(web?.health).toBe('Unknown');
    expect(web?.problems).toEqual(['member2: not applied: cluster member2: API server https://127.0.0.1:1 is unreachable: connection refused']);
    expect(first.report.clusters.map((c) => [c.name, c.status.conditions?.find((x) => x.type === 'Ready')?.reason])).toEqual([
      ['member1', 'ClusterReady'],
      ['member2', 'ClusterNotReachable'],
    ]);
    expect(first.report.clusters[0]?.status.resourceSummary?.allocatable).toEqual({ cpu: '4', memory: '8Gi', pods: '110' });
    expect(repo.git('log', '-1', '--format=%(trailers:key=Source-Commit,valueonly)', 'status')).toBe(input.source.snapshot.commit);

    const again = await statusStep(input, { now: () => new Date('2026-01-01T00:10:00Z') });
    expect(again).toMatchObject({ changed: false, commit: first.commit });
    expect(repo.git('rev-list', '--count', 'status')).toBe('1');
  });

  it('never writes a Secret value into the status branch', async () => {
    const { repo, input } = await setup();
    await statusStep(input);
    const encoded = Buffer.from(SECRET_VALUE).toString('base64');
    for (const needle of [SECRET_VALUE, encoded]) {
      const hits = (() => {
        try {
          return execFileSync('git', ['grep', '-l', needle, 'status'], { cwd: repo.dir, encoding: 'utf8' });
        } catch {
          return '';
        }
      })();
      expect(hits).toBe('');
    }
    expect(repo.git('show', 'status:resources/core/Secret/default/creds.yaml')).toContain('Invalid value: \\"***\\"');
  });

  it("records each member's held-back prunes on the status branch, in its cluster document and STATUS.md, with the reason", async () => {
    const { repo, input } = await setup();
    const old = { apiVersion: 'apps/v1', kind: 'Deployment', namespace: 'default', name: 'api' };
    const applied = input.applied.map((r) =>
      r.cluster === 'member1'
        ? {
            ...r,
            pruned: [{ cluster: 'member1', ref: old, action: 'skipped' as const, reason: 'apps/v1 Deployment default/api: not pruned: evicted copy kept' }],
            pruneBlocked: { reason: 'mass-prune' as const, message: 'cluster member1: prune refused: 6 of 16 inventory objects would be deleted' },
          }
        : r,
    );
    const result = await statusStep({ ...input, applied });
    expect(result.report.clusters.map((c) => [c.name, c.heldBackPrunes])).toEqual([
      ['member1', ['prune refused: 6 of 16 inventory objects would be deleted', 'apps/v1 Deployment default/api: not pruned: evicted copy kept']],
      ['member2', undefined],
    ]);
    expect(repo.git('show', 'status:clusters/member1.yaml')).toContain('heldBackPrunes:\n  - "prune refused: 6 of 16 inventory objects would be deleted"');
    expect(repo.git('show', 'status:STATUS.md')).toContain(
      '## Held-back prunes\n\n- [member1](clusters/member1.yaml): prune refused: 6 of 16 inventory objects would be deleted\n- [member1](clusters/member1.yaml): apps/v1 Deployment default/api: not pruned: evicted copy kept\n',
    );
  });

  it("names why a member's copy is unhealthy from its conditions (a quota refusing its pods)", async () => {
    const { input, member1 } = await setup();
    const web = (input.rendered.works.get('member1') ?? []).find((i) => i.manifest.kind === 'Deployment');
    const live: KubeObject = structuredClone(web?.manifest as KubeObject);
    live.metadata.generation = 1;
    live['status'] = {
      observedGeneration: 1,
      replicas: 0,
      unavailableReplicas: 2,
      conditions: [
        { type: 'Available', status: 'False', message: 'Deployment does not have minimum availability.' },
        { type: 'ReplicaFailure', status: 'True', message: 'pods "web-1" is forbidden: exceeded quota: shop-quota' },
      ],
    };
    member1.put(live);
    const { report } = await statusStep(input);
    expect(report.templates.find((t) => t.resource.kind === 'Deployment')?.problems).toContain(
      'member1: Unhealthy (0/2 available): ReplicaFailure: pods "web-1" is forbidden: exceeded quota: shop-quota',
    );
  });
});

import { cpSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createGitRepo, removeFixtures } from '../source/helpers/git-fixture.ts';
import { REPO_ROOT, runCli } from './run-cli.ts';

afterAll(removeFixtures);

/** oclif wraps long errors behind ` ›  `. */
const oneLine = (s: string): string => s.replace(/\s*›\s*/g, ' ');

const cluster = (name: string, labels: string, taints = '') => `apiVersion: cluster.karmada.io/v1alpha1
kind: Cluster
metadata: {name: ${name}, labels: {${labels}}}
spec: {syncMode: Push${taints}}
`;

function smallRepo() {
  const repo = createGitRepo();
  repo.write(
    'clusters.yaml',
    [
      cluster('east', 'env: prod'),
      cluster('west', 'env: prod', ', taints: [{key: dedicated, value: batch, effect: NoSchedule}]'),
      cluster('lab', 'env: dev'),
    ].join('---\n'),
  );
  repo.write(
    'web.yaml',
    `apiVersion: apps/v1
kind: Deployment
metadata: {name: web, namespace: shop}
spec:
  replicas: 3
  selector: {matchLabels: {app: web}}
  template:
    metadata: {labels: {app: web}}
    spec:
      containers: [{name: web, image: nginx:1.27}]
`,
  );
  repo.write(
    'policies.yaml',
    `apiVersion: policy.karmada.io/v1alpha1
kind: PropagationPolicy
metadata: {name: web, namespace: shop}
spec:
  priority: 5
  resourceSelectors: [{apiVersion: apps/v1, kind: Deployment, name: web}]
  placement:
    clusterAffinity: {labelSelector: {matchLabels: {env: prod}}}
---
apiVersion: policy.karmada.io/v1alpha1
kind: PropagationPolicy
metadata: {name: all, namespace: shop}
spec:
  resourceSelectors: [{apiVersion: apps/v1, kind: Deployment}]
---
apiVersion: policy.karmada.io/v1alpha1
kind: OverridePolicy
metadata: {name: east-image, namespace: shop}
spec:
  resourceSelectors: [{apiVersion: apps/v1, kind: Deployment}]
  overrideRules:
  - targetCluster: {clusterNames: [east]}
    overriders: {imageOverrider: [{component: Tag, operator: replace, value: '1.28'}]}
`,
  );
  repo.commit('fleet');
  return repo;
}

describe('flotilla explain', { timeout: 120_000 }, () => {
  const small = smallRepo();

  it('explains the claim, each cluster and the overrides as text', () => {
    const out = runCli(['explain', 'deployment/shop/web', '--repo', small.dir]);
    expect(out.stderr).toBe('');
    expect(out.code).toBe(0);
    expect(out.stdout).toBe(`Deployment/shop/web (apps/v1) at web.yaml:1
Claimed by: PropagationPolicy/shop/web
  Matching policies (PropagationPolicies first; then priority, selector match, name):
  * PropagationPolicy/shop/web  priority 5, matched by name, preemption Never
    PropagationPolicy/shop/all  priority 0, matched by kind, preemption Never
Replicas: 3; strategy: Duplicated
Clusters:
  affinity: {"labelSelector":{"matchLabels":{"env":"prod"}}}
  east: chosen (score 0, available replicas 0, 3 replicas)
  west: rejected by TaintToleration: cluster(s) had untolerated taint {dedicated=batch:NoSchedule}
  lab: rejected by ClusterAffinity: cluster(s) did not match the placement cluster affinity constraint
Result: east=3
In the Work of: east
Overrides on east:
  OverridePolicy/shop/east-image: imageOverrider
  changed: spec.template.spec.containers[0].image
`);
  });

  it('gives the same facts as JSON', () => {
    const out = runCli(['explain', 'Deployment/shop/web', '--repo', small.dir, '-o', 'json']);
    expect(out.code).toBe(0);
    const e = JSON.parse(out.stdout);
    expect(e.claim.policy).toBe('PropagationPolicy/shop/web');
    expect(e.claim.candidates.map((c: { policy: string }) => c.policy)).toEqual(['PropagationPolicy/shop/web', 'PropagationPolicy/shop/all']);
    expect(e.scheduling.replicas).toBe(3);
    expect(e.scheduling.trace.attempts[0].clusters).toEqual([
      // Duplicated placements do not weigh capacity: the estimator's 0 (no resourceSummary) is shown as it is.
      { name: 'east', score: 0, allocatable: 0, available: 0, tier: 0, selected: true, replicas: 3 },
      { name: 'west', rejectedBy: { plugin: 'TaintToleration', reason: 'cluster(s) had untolerated taint {dedicated=batch:NoSchedule}' } },
      { name: 'lab', rejectedBy: { plugin: 'ClusterAffinity', reason: 'cluster(s) did not match the placement cluster affinity constraint' } },
    ]);
    expect(e.overrides).toEqual([
      {
        cluster: 'east',
        rules: [{ policy: 'OverridePolicy/shop/east-image', overriders: ['imageOverrider'] }],
        changed: ['spec.template.spec.containers[0].image'],
      },
    ]);
  });

  it.each([
    { arg: 'Deployment/shop/wbe', want: 'no template Deployment/shop/wbe at' },
    { arg: 'Deployment', want: 'expected KIND/NAMESPACE/NAME or KIND/NAME' },
  ])('refuses $arg with a clear message', ({ arg, want }) => {
    const out = runCli(['explain', arg, '--repo', small.dir]);
    expect(out.code).toBe(1);
    expect(oneLine(out.stderr)).toContain(want);
  });

  it('suggests the closest template name', () => {
    expect(oneLine(runCli(['explain', 'Deployment/shop/wbe', '--repo', small.dir]).stderr)).toContain('did you mean Deployment/shop/web?');
  });

  it('explains a weighted workload of examples/repo: weights, a tainted cluster, overrides per cluster', () => {
    const repo = createGitRepo();
    cpSync(join(REPO_ROOT, 'examples/repo'), repo.dir, { recursive: true });
    repo.commit('examples/repo');
    const out = runCli(['explain', 'Deployment/shop/web', '--repo', repo.dir]);
    expect(out.code).toBe(0);
    expect(out.stdout).toContain('Replicas: 6; strategy: StaticWeight');
    expect(out.stdout).toContain('member3: rejected by TaintToleration: cluster(s) had untolerated taint {dedicated=batch:NoSchedule}');
    expect(out.stdout).toContain('Result: member1=4, member2=2');
    expect(out.stdout).toContain('OverridePolicy/shop/web-eu: argsOverrider, labelsOverrider');
    const json = JSON.parse(runCli(['explain', 'Namespace/shop', '--repo', repo.dir, '-o', 'json']).stdout);
    expect(json.claim.policy).toBeNull();
    expect(json.clusters).toEqual(['member1', 'member2', 'member3']);
  });

  it('names the render root a template of examples/repo came from, and its overrides per cluster', () => {
    const repo = createGitRepo();
    cpSync(join(REPO_ROOT, 'examples/repo'), repo.dir, { recursive: true });
    repo.commit('examples/repo');
    const out = runCli(['explain', 'Deployment/kshop/prod-catalog', '--repo', repo.dir]);
    expect(out.code).toBe(0);
    expect(out.stdout).toContain(
      'rendered from apps/kustomize-shop/overlays/prod/kustomization.yaml → Deployment/kshop/prod-catalog (from apps/kustomize-shop/base/deployment.yaml)',
    );
    expect(out.stdout).toContain('OverridePolicy/kshop/catalog-member1: labelsOverrider');
  });
});

// A throw-away fleet repository per test (members member1..member3, one
// ClusterPropagationPolicy sending every selected kind to all of them) and an
// apply/plan harness that counts every request the engine sends.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { KubeClient } from '../../../src/apply/kube-client.ts';
import type { KubeconfigLocation } from '../../../src/apply/kubeconfig.ts';
import { openClusters } from '../../../src/apply/connect.ts';
import type { PruneSettings } from '../../../src/apply/prune-plan.ts';
import { applyPass } from '../../../src/reconcile/pass/apply-pass.ts';
import type { ApplyPassResult } from '../../../src/reconcile/pass/apply-pass.ts';
import { planLive } from '../../../src/reconcile/plan/live-plan.ts';
import type { LivePlanResult } from '../../../src/reconcile/plan/live-plan.ts';
import { fleetKubeconfig, memberNames } from './fleet.ts';

/** Every request the engine sent, per cluster. */
export interface RequestLog {
  reads: number;
  writes: { method: string; target: string }[];
}

/**
 * Wraps a client so that every request is counted; dry-run applies count as reads. The inventory
 * Lease every pass takes and gives back is bookkeeping, not a change: its writes are not counted.
 */
export function counting(client: KubeClient, log: RequestLog): KubeClient {
  const read = <T>(p: Promise<T>) => {
    log.reads++;
    return p;
  };
  return {
    cluster: client.cluster,
    discover: () => read(client.discover()),
    get: (ref) => read(client.get(ref)),
    list: (query) => read(client.list(query)),
    listWithVersion: (query) => read(client.listWithVersion(query)),
    watch: (query, onEvent, signal) => read(client.watch(query, onEvent, signal)),
    raw: (path, accept) => read(client.raw(path, accept)),
    apply: (object, request) => {
      if (request.dryRun) log.reads++;
      else if (object.kind !== 'Lease') log.writes.push({ method: 'apply', target: `${object.kind}/${object.metadata.name}` });
      return client.apply(object, request);
    },
    delete: (ref, policy) => {
      log.writes.push({ method: 'delete', target: `${ref.kind}/${ref.name}` });
      return client.delete(ref, policy);
    },
    withSignal: (signal) => counting(client.withSignal(signal), log),
  };
}

/** Push-mode Cluster objects for these members, as one multi-document YAML file. */
export function clusterObjects(names: readonly string[]): string {
  return names
    .map(
      (name) => `apiVersion: cluster.karmada.io/v1alpha1
kind: Cluster
metadata:
  name: ${name}
spec:
  syncMode: Push
`,
    )
    .join('---\n');
}

const CLUSTERS = clusterObjects(memberNames);

/** A ClusterPropagationPolicy for the given kinds (`apiVersion kind` pairs) to every member, or to the ones named. */
export function policy(
  kinds: readonly [string, string][],
  conflictResolution: 'Abort' | 'Overwrite' = 'Abort',
  name = 'everything',
  clusters: readonly string[] = memberNames,
): string {
  return `apiVersion: policy.karmada.io/v1alpha1
kind: ClusterPropagationPolicy
metadata:
  name: ${name}
spec:
  conflictResolution: ${conflictResolution}
  resourceSelectors:
${kinds.map(([apiVersion, kind]) => `    - apiVersion: ${apiVersion}\n      kind: ${kind}`).join('\n')}
  placement:
    clusterAffinity:
      clusterNames: [${clusters.join(', ')}]
`;
}

/** A git repository holding a fleet; `commit(files)` replaces its manifests and commits. */
export class FleetRepo {
  readonly dir = mkdtempSync(join(tmpdir(), 'flotilla-apply-e2e-'));
  readonly inventoryName: string;
  readonly logs = new Map<string, RequestLog>();
  kubeconfig: KubeconfigLocation = { kubeconfig: fleetKubeconfig() };
  #files = new Set<string>();

  constructor(namespace: string) {
    this.inventoryName = `inventory-${namespace}`;
    this.#git('init', '-q', '-b', 'main');
  }

  commit(files: Record<string, string>): void {
    for (const old of this.#files) if (!(old in files)) this.#git('rm', '-q', old);
    this.#files = new Set(Object.keys(files));
    for (const [file, text] of Object.entries({ 'clusters.yaml': CLUSTERS, ...files })) {
      mkdirSync(dirname(join(this.dir, file)), { recursive: true });
      writeFileSync(join(this.dir, file), text);
    }
    this.#git('add', '-A');
    this.#git('commit', '-q', '--allow-empty', '-m', 'change');
  }

  /** Requests of the last apply or plan, per cluster. */
  #access() {
    this.logs.clear();
    return {
      kubeconfig: this.kubeconfig,
      client: {},
      connect: async (clusters: Parameters<typeof openClusters>[0]) => {
        const clients = await openClusters(clusters, this.kubeconfig, { retry: { retries: 1, baseDelayMs: 20, maxDelayMs: 50 } });
        return new Map(
          [...clients].map(([name, c]) => {
            const log: RequestLog = { reads: 0, writes: [] };
            this.logs.set(name, log);
            return [name, c instanceof Error ? c : counting(c, log)];
          }),
        );
      },
    };
  }

  apply(prune: Partial<PruneSettings> = {}): Promise<ApplyPassResult> {
    return applyPass({ source: { repo: this.dir }, access: this.#access(), prune, runner: { inventoryName: this.inventoryName } });
  }

  plan(): Promise<LivePlanResult> {
    return planLive({ source: { repo: this.dir }, access: this.#access(), inventoryName: this.inventoryName });
  }

  writes(): number {
    return [...this.logs.values()].reduce((n, l) => n + l.writes.length, 0);
  }

  #git(...args: string[]): void {
    execFileSync('git', args, {
      cwd: this.dir,
      env: { ...process.env, GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@e', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@e' },
    });
  }
}

/** `action` counts of one cluster's result. */
export function actions(result: ApplyPassResult, cluster: string): Record<string, number> {
  const out: Record<string, number> = {};
  const c = result.clusters.find((x) => x.cluster === cluster);
  for (const o of c?.objects ?? []) out[o.action] = (out[o.action] ?? 0) + 1;
  for (const p of c?.pruned ?? []) out[`prune-${p.action}`] = (out[`prune-${p.action}`] ?? 0) + 1;
  return out;
}

/** The non-unchanged changes of a live plan, as `action Kind/name` per cluster. */
export function planChanges(plan: LivePlanResult, cluster: string): string[] {
  return (plan.document.changes?.[cluster] ?? []).filter((c) => c.action !== 'unchanged').map((c) => `${c.action} ${c.kind}/${c.name}`);
}

export function configMap(namespace: string, name: string, data: Record<string, string>, annotations: Record<string, string> = {}): string {
  return JSON.stringify({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name, namespace, annotations }, data });
}

/** A Deployment of `replicas` nginx pods named `name`. */
export function deployment(namespace: string, name: string, replicas: number): string {
  return JSON.stringify({
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name, namespace },
    spec: {
      replicas,
      selector: { matchLabels: { app: name } },
      template: { metadata: { labels: { app: name } }, spec: { containers: [{ name, image: 'nginx' }] } },
    },
  });
}

/** `web`'s PropagationPolicy: its replicas divided evenly among `members` by static weights. */
export function dividedPolicy(namespace: string, members: readonly string[]): string {
  return `apiVersion: policy.karmada.io/v1alpha1
kind: PropagationPolicy
metadata: {name: web, namespace: ${namespace}}
spec:
  resourceSelectors: [{apiVersion: apps/v1, kind: Deployment, name: web}]
  placement:
    clusterAffinity: {clusterNames: [${members.join(', ')}]}
    replicaScheduling:
      replicaSchedulingType: Divided
      replicaDivisionPreference: Weighted
      weightPreference:
        staticWeightList:
${members.map((m) => `          - {targetCluster: {clusterNames: [${m}]}, weight: 1}`).join('\n')}
`;
}

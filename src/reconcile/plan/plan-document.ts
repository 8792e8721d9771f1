import { compareBytes, compareDiagnostics, compareRefs, refKey, refOf } from '../../model/index.ts';
import type {
  Cluster,
  Diagnostic,
  KubeObject,
  ObjectRef,
  PolicyRef,
  TargetCluster,
  WorkloadAffinityGroups,
} from '../../model/index.ts';
import type { ResourceInterpreter } from '../../interpreter/index.ts';
import type { Rendered, ObjectChange } from '../../render/index.ts';
import { publishedRoots, type Snapshot } from '../../source/index.ts';
import type { PlanPullMember } from './pull-plan.ts';

export interface PlanCluster {
  name: string;
  ready: boolean;
  provider: string;
  region: string;
  zone: string;
  zones: string[];
  labels: Record<string, string>;
  taints: NonNullable<Cluster['spec']['taints']>;
}

export interface PlanBinding {
  resource: ObjectRef;
  policy: PolicyRef | null;
  replicas: number;
  /**
   * Whether the kind has replicas (the interpreter's InterpretReplica applies to it): `replicas` is
   * 0 both for a kind without replicas and for a workload scaled to 0, and only this tells them apart.
   */
  hasReplicas: boolean;
  clusters: TargetCluster[];
  error: string | null;
  /** Why a template is not propagated, when no policy claims it. */
  note?: string;
  /** The clusterAffinities term the scheduler used. */
  affinityName?: string;
  /** Its workload affinity groups (WorkloadAffinity feature gate on): `<groupByLabelKey>=<value>` each. */
  workloadAffinityGroups?: WorkloadAffinityGroups;
  /** For a dependency (propagateDeps): the workloads that need it and the clusters it goes to. */
  requiredBy?: { bindings: string[]; clusters: string[] };
  /**
   * Clusters whose copy is suspended (the policy's `suspension`): rendered, but neither applied
   * nor pruned there. Absent when none is.
   */
  suspendedClusters?: string[];
}

/** How many replicas one cluster runs of a template before and after (`--base` plans). */
export interface ClusterReplicaMove {
  name: string;
  before: number;
  after: number;
}

/** A template whose replicas move between clusters, grow or shrink: only the clusters that change. */
export interface ReplicaMove {
  resource: ObjectRef;
  replicas: { before: number; after: number };
  clusters: ClusterReplicaMove[];
}

/** `plan -o json` (README.md#flotilla-plan). */
export interface PlanDocument {
  source: { repo: string; ref: string; commit: string; path: string };
  /** With `--base`: the revision compared with. */
  base?: { ref: string; commit: string };
  clusters: PlanCluster[];
  bindings: PlanBinding[];
  works: Record<string, KubeObject[]>;
  changes?: Record<string, ObjectChange[]>;
  /** With `--base`: per template (sorted like `bindings`), the clusters whose replica count changes. */
  replicaMoves?: ReplicaMove[];
  /** Live plans: per Pull member, the agent's report its `changes` were computed against (not the cluster). */
  pullMembers?: Record<string, PlanPullMember>;
  /** The render roots and the programs that built them; absent when the fleet has none. */
  render?: PlanRender;
  diagnostics: Diagnostic[];
}

/** `plan -o json` `render`: each kustomization built, and kustomize's and helm's versions. */
export interface PlanRender {
  tools: NonNullable<Snapshot['renderTools']> | null;
  roots: ReturnType<typeof publishedRoots>;
}

/**
 * Ready unless the status says otherwise: a cluster without a Ready condition counts as Ready
 * (README.md#flotilla-plan).
 */
function isClusterReady(cluster: Cluster): boolean {
  const ready = cluster.status?.conditions?.find((c) => c.type === 'Ready');
  return ready === undefined || ready.status === 'True';
}

function planCluster(c: Cluster): PlanCluster {
  return {
    name: c.metadata.name,
    ready: isClusterReady(c),
    provider: c.spec.provider ?? '',
    region: c.spec.region ?? '',
    zone: c.spec.zone ?? c.spec.zones?.[0] ?? '',
    zones: c.spec.zones ?? (c.spec.zone ? [c.spec.zone] : []),
    labels: c.metadata.labels ?? {},
    taints: c.spec.taints ?? [],
  };
}

function planBinding(
  rendered: Rendered,
  interpreter: ResourceInterpreter,
  tb: Rendered['bindings'][number],
  placed: () => ReadonlySet<string>,
  suspended: () => ReadonlyMap<string, string[]>,
): PlanBinding {
  const { claim, binding, template } = tb;
  const resource = refOf(template.object);
  const key = refKey(resource);
  const deps = rendered.requiredBy.get(key);
  const synced = !claim.policy && resource.apiVersion === 'v1' && resource.kind === 'Namespace' && placed().has(key);
  const note = synced ? 'synced to every cluster (Karmada namespace auto-propagation)' : claim.note;
  const suspendedOn = suspended().get(key);
  return {
    resource,
    policy:
      binding?.policy ??
      (claim.policy
        ? {
            kind: claim.policy.object.kind,
            namespace: claim.policy.object.metadata.namespace ?? '',
            name: claim.policy.object.metadata.name ?? '',
          }
        : null),
    replicas: binding?.replicas ?? 0,
    hasReplicas: interpreter.supports(template.object, 'InterpretReplica'),
    clusters: binding?.clusters ?? [],
    error: binding?.error ?? claim.error ?? null,
    ...(note ? { note } : {}),
    ...(binding?.affinityName ? { affinityName: binding.affinityName } : {}),
    ...(binding?.workloadAffinityGroups ? { workloadAffinityGroups: binding.workloadAffinityGroups } : {}),
    ...(deps ? { requiredBy: { bindings: deps.requiredBy, clusters: deps.clusters } } : {}),
    ...(suspendedOn ? { suspendedClusters: suspendedOn } : {}),
  };
}

/** Template refKey → the clusters where its rendered copy is suspended, in name order. */
function suspendedCopies(rendered: Rendered): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const name of [...rendered.works.keys()].sort(compareBytes)) {
    for (const item of rendered.works.get(name) ?? []) {
      if (!item.suspended) continue;
      const key = refKey(item.template);
      (out.get(key) ?? out.set(key, []).get(key)!).push(name);
    }
  }
  return out;
}

/** Every template's binding in the plan's shape, sorted by identity. */
export function planBindings(rendered: Rendered, interpreter: ResourceInterpreter): PlanBinding[] {
  let placed: Set<string> | undefined;
  let suspended: Map<string, string[]> | undefined;
  const placedTemplates = (): ReadonlySet<string> =>
    (placed ??= new Set([...rendered.works.values()].flatMap((items) => items.map((i) => refKey(i.template)))));
  const suspendedTemplates = (): ReadonlyMap<string, string[]> => (suspended ??= suspendedCopies(rendered));
  return rendered.bindings
    .map((tb) => planBinding(rendered, interpreter, tb, placedTemplates, suspendedTemplates))
    .sort((a, b) => compareRefs(a.resource, b.resource));
}

function replicasByCluster(binding: PlanBinding | undefined): Map<string, number> {
  return new Map(binding && binding.replicas > 0 ? binding.clusters.map((c) => [c.name, c.replicas]) : []);
}

/**
 * Replica moves between two plans' bindings: per template with replicas on either side, each
 * cluster whose scheduled count differs (0 where it has none). Templates added or removed count
 * from or to 0. Pure; sorted like `bindings`, clusters in name order.
 */
export function replicaMoves(before: readonly PlanBinding[], after: readonly PlanBinding[]): ReplicaMove[] {
  const old = new Map(before.map((b) => [refKey(b.resource), b]));
  const now = new Map(after.map((b) => [refKey(b.resource), b]));
  const resources = [...new Map([...before, ...after].map((b) => [refKey(b.resource), b.resource])).values()].sort(
    compareRefs,
  );
  const moves: ReplicaMove[] = [];
  for (const resource of resources) {
    const [b, a] = [old.get(refKey(resource)), now.get(refKey(resource))];
    const [was, is] = [replicasByCluster(b), replicasByCluster(a)];
    const clusters = [...new Set([...was.keys(), ...is.keys()])]
      .sort(compareBytes)
      .map((name) => ({ name, before: was.get(name) ?? 0, after: is.get(name) ?? 0 }))
      .filter((c) => c.before !== c.after);
    if (clusters.length > 0)
      moves.push({ resource, replicas: { before: b?.replicas ?? 0, after: a?.replicas ?? 0 }, clusters });
  }
  return moves;
}

/** The plan as data, in the shape of README.md#flotilla-plan, deterministic in every order. */
export function planDocument(
  snapshot: Pick<Snapshot, 'repo' | 'ref' | 'commit' | 'path' | 'roots' | 'renderTools'>,
  rendered: Rendered,
  interpreter: ResourceInterpreter,
  diagnostics: readonly Diagnostic[],
): PlanDocument {
  const works: Record<string, KubeObject[]> = {};
  for (const name of [...rendered.works.keys()].sort(compareBytes)) {
    works[name] = (rendered.works.get(name) ?? []).map((i) => i.manifest);
  }
  return {
    source: { repo: snapshot.repo, ref: snapshot.ref, commit: snapshot.commit, path: snapshot.path },
    clusters: rendered.clusters.map(planCluster).sort((a, b) => compareBytes(a.name, b.name)),
    bindings: planBindings(rendered, interpreter),
    works,
    ...(snapshot.roots && snapshot.roots.length > 0
      ? { render: { tools: snapshot.renderTools ?? null, roots: publishedRoots(snapshot.roots) } }
      : {}),
    diagnostics: [...diagnostics].sort(compareDiagnostics),
  };
}

import { refKey, refOf } from '../../model/index.ts';
import type { PolicyRef, PropagationPolicy, SourceObject } from '../../model/index.ts';
import type { Fleet } from '../load/fleet.ts';
import { multiClusterServiceClaims } from './multicluster-service-claims.ts';
import { matchPolicy, selectBestPolicy } from './select-policy.ts';
import type { PolicyMatch } from './select-policy.ts';
import { compileNamespacePatterns, DEFAULT_SKIPPED_NAMESPACES, skipReason } from './skip-rules.ts';

export interface DetectOptions {
  /**
   * Namespaces never propagated, as anchored regular expressions.
   * @default ['kube-.*']
   */
  skippedNamespaces: readonly string[];
  /**
   * Karmada's PolicyPreemption feature gate: whether `preemption: Always` is honoured.
   * @default false (Karmada's default; alpha)
   */
  policyPreemption: boolean;
  /**
   * The policy that claimed each template last time, keyed by refKey. Karmada's claims are
   * sticky: a claimed template keeps its policy until the policy stops matching or is
   * preempted (docs/karmada-compatibility.md#claims-and-preemption, #claims-are-computed-each-pass).
   * @default none: every template is matched afresh
   */
  previousClaims: ReadonlyMap<string, PolicyRef>;
}

export const DEFAULT_DETECT_OPTIONS: Readonly<DetectOptions> = Object.freeze({
  skippedNamespaces: DEFAULT_SKIPPED_NAMESPACES,
  policyPreemption: false,
  previousClaims: new Map<string, PolicyRef>(),
});

/** The detector's verdict for one template. */
export interface Claim {
  template: SourceObject;
  /** The claiming policy; null when none claims the template. */
  policy: SourceObject<PropagationPolicy> | null;
  /** Why the template is not propagated (policy null), for the plan. */
  note?: string;
  /** A claim that cannot take effect yet, e.g. missing dependentOverrides. */
  error?: string;
}

export function policyRefOf(policy: SourceObject<PropagationPolicy>): PolicyRef {
  return {
    kind: policy.object.kind,
    namespace: policy.object.kind === 'ClusterPropagationPolicy' ? '' : (policy.object.metadata.namespace ?? 'default'),
    name: policy.object.metadata.name ?? '',
  };
}

interface Context {
  fleet: Fleet;
  options: DetectOptions;
  ppByNamespace: Map<string, SourceObject<PropagationPolicy>[]>;
  skipped: RegExp[];
  overrideNames: Map<string, Set<string>>;
  claimedByService: ReturnType<typeof multiClusterServiceClaims>;
}

function freshMatch(ctx: Context, template: SourceObject): PolicyMatch | undefined {
  const ns = template.object.metadata.namespace;
  const pp = ns ? selectBestPolicy(ctx.ppByNamespace.get(ns) ?? [], template.object) : undefined;
  return pp ?? selectBestPolicy(ctx.fleet.clusterPropagationPolicies, template.object);
}

function findPolicy(ctx: Context, ref: PolicyRef): SourceObject<PropagationPolicy> | undefined {
  if (ref.kind === 'MultiClusterService') return undefined;
  const list =
    ref.kind === 'PropagationPolicy'
      ? (ctx.ppByNamespace.get(ref.namespace) ?? [])
      : ctx.fleet.clusterPropagationPolicies;
  return list.find((p) => p.object.metadata.name === ref.name);
}

/**
 * Preemption (docs/karmada-compatibility.md#claims-and-preemption): only policies with `preemption: Always` may take a
 * claimed template.
 */
function preemptor(ctx: Context, template: SourceObject, current: PolicyMatch): PolicyMatch | undefined {
  const preempting = (list: readonly SourceObject<PropagationPolicy>[]) =>
    list.filter((p) => p.object.spec.preemption === 'Always' && p !== current.policy);
  const ns = template.object.metadata.namespace ?? '';
  const pps = ns ? preempting(ctx.ppByNamespace.get(ns) ?? []) : [];
  if (current.policy.object.kind === 'ClusterPropagationPolicy') {
    const pp = selectBestPolicy(pps, template.object);
    if (pp) return pp;
    const cpp = selectBestPolicy(preempting(ctx.fleet.clusterPropagationPolicies), template.object);
    return cpp && cpp.explicit > current.explicit ? cpp : undefined;
  }
  const pp = selectBestPolicy(pps, template.object);
  return pp && pp.explicit > current.explicit ? pp : undefined;
}

function stickyMatch(ctx: Context, template: SourceObject): PolicyMatch | undefined {
  const previous = ctx.options.previousClaims.get(refKey(refOf(template.object)));
  const policy = previous && findPolicy(ctx, previous);
  const kept = policy && matchPolicy(policy, template.object);
  if (!kept) return undefined;
  return (ctx.options.policyPreemption && preemptor(ctx, template, kept)) || kept;
}

function missingOverrides(ctx: Context, policy: SourceObject<PropagationPolicy>): string[] {
  const kind = policy.object.kind === 'PropagationPolicy' ? 'OverridePolicy' : 'ClusterOverridePolicy';
  const scope = kind === 'OverridePolicy' ? (policy.object.metadata.namespace ?? 'default') : '';
  const present = ctx.overrideNames.get(`${kind}/${scope}`) ?? new Set<string>();
  return (policy.object.spec.dependentOverrides ?? []).filter((n) => !present.has(n));
}

function claimOne(ctx: Context, template: SourceObject): Claim {
  const service = ctx.claimedByService(template.object);
  if (service) return { template, policy: service };
  const skip = skipReason(template.object, ctx.skipped);
  if (skip) return { template, policy: null, note: skip };
  const match = stickyMatch(ctx, template) ?? freshMatch(ctx, template);
  if (!match) return { template, policy: null, note: 'no PropagationPolicy or ClusterPropagationPolicy selects it' };
  const missing = missingOverrides(ctx, match.policy);
  if (missing.length > 0) {
    const kind = match.policy.object.kind === 'PropagationPolicy' ? 'OverridePolicy' : 'ClusterOverridePolicy';
    return {
      template,
      policy: match.policy,
      error: `waiting for dependentOverrides: ${kind} ${missing.join(', ')} not found`,
    };
  }
  return { template, policy: match.policy };
}

function indexOverrideNames(fleet: Fleet): Map<string, Set<string>> {
  const names = new Map<string, Set<string>>();
  const add = (key: string, name: string) => (names.get(key) ?? names.set(key, new Set()).get(key)!).add(name);
  for (const op of fleet.overridePolicies)
    add(`OverridePolicy/${op.object.metadata.namespace ?? 'default'}`, op.object.metadata.name ?? '');
  for (const cop of fleet.clusterOverridePolicies) add('ClusterOverridePolicy/', cop.object.metadata.name ?? '');
  return names;
}

/**
 * Karmada's detector over a whole commit: for every template, the policy that claims it
 * (docs/karmada-compatibility.md#detector). A CrossCluster MultiClusterService claims its Service first; then any
 * matching PropagationPolicy beats every ClusterPropagationPolicy; within a kind, explicit priority, then implicit
 * priority, then name decide. Pure.
 */
export function detect(fleet: Fleet, options: Partial<DetectOptions> = {}): Claim[] {
  const opts = { ...DEFAULT_DETECT_OPTIONS, ...options };
  const ppByNamespace = new Map<string, SourceObject<PropagationPolicy>[]>();
  for (const pp of fleet.propagationPolicies) {
    const ns = pp.object.metadata.namespace ?? 'default';
    (ppByNamespace.get(ns) ?? ppByNamespace.set(ns, []).get(ns)!).push(pp);
  }
  const ctx: Context = {
    fleet,
    options: opts,
    ppByNamespace,
    skipped: compileNamespacePatterns(opts.skippedNamespaces),
    overrideNames: indexOverrideNames(fleet),
    claimedByService: multiClusterServiceClaims(fleet),
  };
  return fleet.templates.map((t) => claimOne(ctx, t));
}

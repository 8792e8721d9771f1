/**
 * Renders only what changed (issue 9: a commit touching one file of a 10,000-template fleet must
 * not re-render every template). When everything but templates is as in the last render —
 * policies, overrides, clusters as scheduled, customizations, no eviction in progress, no
 * dependency propagation — the templates whose object changed (a new blob parses to a new object;
 * an unchanged blob keeps the cached one) are rendered on their own and merged into the last
 * result; otherwise the whole fleet is rendered. The Namespaces objects need and the apply order
 * are recomputed on the merged Work. Unchanged manifests keep the source commit they were
 * rendered at, which apply ignores when comparing with live objects.
 */
import { describeRef, featureEnabled, refKey, refOf } from '../../model/index.ts';
import type { Diagnostic, SourceObject, TargetCluster } from '../../model/index.ts';
import type { ResourceInterpreter } from '../../interpreter/index.ts';
import { compileNamespacePatterns, DEFAULT_SKIPPED_NAMESPACES, renderFleet } from '../../render/index.ts';
import type { Fleet, Rendered, RenderOptions, TemplateBinding } from '../../render/index.ts';
import { indexWorks, mergeWorks } from './work-index.ts';
import type { WorkIndex } from './work-index.ts';

/** What the next render builds on. */
export interface RenderMemo {
  /** Everything but the templates, serialised. */
  context: string;
  templates: Map<string, SourceObject>;
  rendered: Rendered;
  /** The index of `rendered`'s Work, built when a merge first needs it (see {@link lazyIndex}). */
  index: () => WorkIndex;
}

/** A render and how it was made. */
export interface IncrementalRender {
  rendered: Rendered;
  memo: RenderMemo;
  /** Templates rendered this time (every one on a full render). */
  rerendered: number;
  mode: 'full' | 'incremental';
}

function contextOf(fleet: Fleet, options: RenderOptions): string {
  const { templates: _t, isNamespaced: _n, ...rest } = fleet;
  const observed = [...options.observedClusters].sort(([a], [b]) => (a < b ? -1 : 1));
  return JSON.stringify({
    rest: Object.values(rest).map((list: SourceObject[]) => list.map((s) => s.object)),
    observed,
    nodes: [...(options.memberNodes ?? [])].sort(([a], [b]) => (a < b ? -1 : 1)),
    detect: options.detect.skippedNamespaces ?? null,
    featureGates: options.featureGates ?? {},
  });
}

function sameObject(a: SourceObject | undefined, b: SourceObject): boolean {
  return a !== undefined && (a.object === b.object || JSON.stringify(a.object) === JSON.stringify(b.object));
}

const usesWorkloadAffinity = (fleet: Fleet): boolean =>
  [...fleet.propagationPolicies, ...fleet.clusterPropagationPolicies].some(
    (p) => p.object.spec.placement?.workloadAffinity,
  );

/** Why the last render cannot be reused, or undefined when it can. */
function fullRenderReason(
  memo: RenderMemo | undefined,
  context: string,
  fleet: Fleet,
  options: RenderOptions,
): string | undefined {
  if (!memo) return 'first render';
  if (memo.context !== context) return 'policies, overrides, clusters or customizations changed';
  if ([...options.previousSchedules.values()].some((p) => (p.evictedClusters?.length ?? 0) > 0))
    return 'an eviction is in progress';
  if (memo.rendered.bindings.some((b) => b.binding?.propagateDeps) || memo.rendered.requiredBy.size > 0)
    return 'dependencies are propagated';
  if (featureEnabled(options.featureGates, 'FederatedQuotaEnforcement') && fleet.federatedResourceQuotas.length > 0)
    return 'federated resource quotas are enforced across templates';
  if (featureEnabled(options.featureGates, 'WorkloadAffinity') && usesWorkloadAffinity(fleet))
    return 'workload affinity groups span templates';
  return undefined;
}

/**
 * The Work's index, built at its first use and the same object after: a `plan` renders once and
 * never merges, and indexing 40,000 items is a tenth of its CPU time. Built later it is the same
 * index, since a merge only happens when the render's context (and so the quotas `indexed`
 * names) is unchanged and `indexed` keeps the templates of the render it was made for.
 */
function lazyIndex(works: Rendered['works'], indexed: (key: string) => boolean): () => WorkIndex {
  let index: WorkIndex | undefined;
  return () => {
    index ??= indexWorks(works, indexed);
    return index;
  };
}

function sameTargets(a: readonly TargetCluster[] | undefined, b: readonly TargetCluster[]): boolean {
  return (
    a !== undefined &&
    a.length === b.length &&
    a.every((t, i) => t.name === b[i]?.name && t.replicas === b[i]?.replicas)
  );
}

/**
 * Templates whose previous schedule a controller changed since the last render gave it (the
 * descheduler lowered it, a rebalancer dropped it): they are scheduled again, so rendered again.
 */
function rescheduled(bindings: readonly TemplateBinding[], previous: RenderOptions['previousSchedules']): string[] {
  return bindings.flatMap(({ template, binding }) =>
    binding && !sameTargets(previous.get(refKey(binding.resource))?.clusters, binding.clusters)
      ? [refKey(refOf(template.object))]
      : [],
  );
}

/** Renders the fleet, reusing `memo` for every template that did not change. */
export function renderIncremental(
  memo: RenderMemo | undefined,
  fleet: Fleet,
  interpreter: ResourceInterpreter,
  options: RenderOptions,
): IncrementalRender {
  const context = contextOf(fleet, options);
  const templates = new Map(fleet.templates.map((t) => [refKey(refOf(t.object)), t]));
  // A FederatedResourceQuota's ResourceQuotas are indexed like a template's items, so a merge keeps them.
  const quotas = new Set(fleet.federatedResourceQuotas.map((q) => refKey(refOf(q.object))));
  const indexed = (key: string): boolean => templates.has(key) || quotas.has(key);
  const full = (): IncrementalRender => {
    const rendered = renderFleet(fleet, interpreter, options);
    return {
      rendered,
      memo: { context, templates, rendered, index: lazyIndex(rendered.works, indexed) },
      rerendered: fleet.templates.length,
      mode: 'full',
    };
  };
  if (fullRenderReason(memo, context, fleet, options) !== undefined || !memo) return full();
  const changed = new Set<string>();
  for (const [key, t] of templates) if (!sameObject(memo.templates.get(key), t)) changed.add(key);
  for (const key of memo.templates.keys()) if (!templates.has(key)) changed.add(key);
  for (const key of rescheduled(memo.rendered.bindings, options.previousSchedules)) changed.add(key);
  // The quotas are in the render's context: a change to one renders everything, so the part leaves them out.
  const part = renderFleet(
    {
      ...fleet,
      templates: fleet.templates.filter((t) => changed.has(refKey(refOf(t.object)))),
      federatedResourceQuotas: [],
    },
    interpreter,
    options,
  );
  if (part.bindings.some((b) => b.binding?.propagateDeps) || part.requiredBy.size > 0) return full();
  const rendered = merge(memo, part, changed, fleet, indexed, options);
  return {
    rendered,
    memo: { context, templates, rendered, index: memo.index },
    rerendered: changed.size,
    mode: 'incremental',
  };
}

function merge(
  memo: RenderMemo,
  part: Rendered,
  changed: ReadonlySet<string>,
  fleet: Fleet,
  indexed: (key: string) => boolean,
  options: RenderOptions,
): Rendered {
  const last = memo.rendered;
  const bindingOf = new Map(last.bindings.map((b) => [refKey(refOf(b.template.object)), b]));
  const subjectOf = new Map<string, string>();
  for (const key of changed) {
    const b = bindingOf.get(key);
    if (b) subjectOf.set(key, describeRef(refOf(b.template.object)));
  }
  for (const b of part.bindings) {
    const key = refKey(refOf(b.template.object));
    subjectOf.set(key, describeRef(refOf(b.template.object)));
    bindingOf.set(key, b);
  }
  const bindings = fleet.templates.map((t) => bindingOf.get(refKey(refOf(t.object)))).filter((b) => b !== undefined);
  const changedSubjects = new Set(subjectOf.values());
  // A changed template's diagnostics come from this render; every other one stays (those about
  // clusters, which both renders make, once).
  const kept = last.diagnostics.filter((d) => d.object === undefined || !changedSubjects.has(d.object));
  const diagnostics: Diagnostic[] = [
    ...new Map([...kept, ...part.diagnostics].map((d) => [JSON.stringify(d), d])).values(),
  ];
  const works = mergeWorks({
    last: last.works,
    index: memo.index(),
    changed,
    part: part.works,
    isTemplate: indexed,
    skipped: compileNamespacePatterns(options.detect.skippedNamespaces ?? DEFAULT_SKIPPED_NAMESPACES),
    sourceCommit: options.sourceCommit,
  });
  return { clusters: part.clusters, bindings, works, requiredBy: new Map(), diagnostics };
}

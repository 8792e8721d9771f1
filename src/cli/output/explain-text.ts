/** `flotilla explain -o text`: the claim, each scheduling attempt cluster by cluster, the overrides. */
import type { Explanation, SchedulingExplanation } from '../../render/index.ts';
import type { AttemptTrace, ClusterVerdict } from '../../scheduler/index.ts';
import { formatSource } from '../../model/index.ts';
import { isKustomizationFile } from '../../source/index.ts';

function claimLines(e: Explanation): string[] {
  const out = [`Claimed by: ${e.claim.policy ?? 'none'}${e.claim.note ? ` (${e.claim.note})` : ''}`];
  if (e.claim.candidates.length > 0) {
    out.push('  Matching policies (PropagationPolicies first; then priority, selector match, name):');
    for (const c of e.claim.candidates) {
      const mark = c.claims ? '*' : ' ';
      out.push(`  ${mark} ${c.policy}  priority ${c.priority}, matched by ${c.matchedBy}, preemption ${c.preemption}`);
    }
  }
  if (e.dependencyOf) out.push(`Propagated as a dependency of: ${e.dependencyOf.join(', ')}`);
  return out;
}

function verdictLine(v: ClusterVerdict): string {
  if (v.deleting) return `  ${v.name}: being deleted, never a candidate`;
  if (v.rejectedBy) return `  ${v.name}: rejected by ${v.rejectedBy.plugin}: ${v.rejectedBy.reason}`;
  const tier = v.tier ? `, overflow tier ${v.tier}` : '';
  const facts = `score ${v.score}, available replicas ${v.available}${tier}`;
  if (v.selected === false) return `  ${v.name}: feasible (${facts}), not selected by the spread constraints`;
  const given = v.replicas !== undefined ? `, ${v.replicas} replicas` : '';
  return `  ${v.name}: ${v.replicas !== undefined ? 'chosen' : 'feasible'} (${facts}${given})`;
}

function attemptLines(a: AttemptTrace, i: number, total: number): string[] {
  const term = a.affinityName ? ` (clusterAffinities term ${a.affinityName})` : '';
  const head = total > 1 || a.affinityName ? `Attempt ${i + 1}${term}:` : 'Clusters:';
  const out = [head];
  if (a.affinity) out.push(`  affinity: ${JSON.stringify(a.affinity)}`);
  for (const v of a.clusters) out.push(verdictLine(v));
  if (a.error) out.push(`  failed: ${a.error}`);
  return out;
}

function schedulingLines(s: SchedulingExplanation): string[] {
  const rs = s.placement.replicaScheduling;
  const out = [
    `Replicas: ${s.replicas ?? '— (the kind has no replicas)'}; strategy: ${s.trace.strategy ?? 'unsupported'}`,
  ];
  const weights = rs?.weightPreference?.staticWeightList;
  const weight = (w: NonNullable<typeof weights>[number]): string => `${JSON.stringify(w.targetCluster)}=${w.weight}`;
  if (weights?.length) out.push(`Static weights: ${weights.map(weight).join(', ')}`);
  if (rs?.weightPreference?.dynamicWeight) out.push(`Dynamic weight: ${rs.weightPreference.dynamicWeight}`);
  for (const c of s.placement.spreadConstraints ?? []) out.push(`Spread constraint: ${JSON.stringify(c)}`);
  if (s.kept) out.push(`Note: ${s.kept}`);
  for (const [i, a] of s.trace.attempts.entries()) out.push(...attemptLines(a, i, s.trace.attempts.length));
  const result = s.clusters.map((t) => (s.replicas === null ? t.name : `${t.name}=${t.replicas}`)).join(', ');
  out.push(`Result: ${s.error ? `not scheduled: ${s.error}` : result || 'no cluster'}`);
  return out;
}

/** A rendered template's line is one of its root's build output: the root is what the user wrote. */
function whereFrom(e: Explanation): string {
  if (!isKustomizationFile(e.file)) return `at ${e.file}:${e.line}`;
  return `rendered from ${e.file} → ${e.template}${formatSource(e)} (line ${e.line} of its kustomize build output)`;
}

export function explainText(e: Explanation): string {
  const out = [`${e.template} (${e.apiVersion}) ${whereFrom(e)}`, ...claimLines(e)];
  if (e.scheduling) out.push(...schedulingLines(e.scheduling));
  out.push(`In the Work of: ${e.clusters.length > 0 ? e.clusters.join(', ') : 'no cluster'}`);
  if (e.overrides.length === 0) out.push('Overrides: none apply');
  for (const o of e.overrides) {
    out.push(`Overrides on ${o.cluster}:`);
    for (const r of o.rules) out.push(`  ${r.policy}: ${r.overriders.join(', ')}`);
    if (o.changed.length > 0) out.push(`  changed: ${o.changed.join(', ')}`);
    if (o.error) out.push(`  failed: ${o.error}`);
  }
  return out.join('\n');
}

import { describeRef, refKey, refOf, type ObjectRef } from '../../model/index.ts';
import { controllerPlanNotes, controllerPlanSections, type PlanNote } from '../../controllers/index.ts';
import type { PlanBinding, PlanDocument, PlanPullMember } from '../../reconcile/index.ts';
import type { ObjectChange } from '../../render/index.ts';
import type { Paint } from '../color.ts';
import { diagnosticsSummary, diagnosticsText } from './diagnostics.ts';

/** A cluster of a binding, marked when dispatching to it is suspended. */
function clusterEntry(b: PlanBinding, name: string, replicas?: number): string {
  const entry = replicas !== undefined && b.replicas > 0 ? `${name}: ${replicas}` : name;
  return b.suspendedClusters?.includes(name) ? `${entry} (suspended)` : entry;
}

function placement(b: PlanBinding): string {
  if (b.error) return `unschedulable: ${b.error}`;
  if (b.clusters.length === 0) {
    if (!b.requiredBy) return 'no clusters';
    return `with ${b.requiredBy.bindings.length} workload(s) → ${b.requiredBy.clusters.map((c) => clusterEntry(b, c)).join(', ')}`;
  }
  const clusters = b.clusters.map((c) => clusterEntry(b, c.name, c.replicas)).join(', ');
  const notes = controllerPlanNotes(b);
  const said = (on: PlanNote['on']) =>
    notes
      .filter((n) => n.on === on)
      .map((n) => ` (${n.text})`)
      .join('');
  const counted = b.replicas > 0 || notes.some((n) => n.on === 'replicas');
  return counted ? `${b.replicas} replicas${said('replicas')} → ${clusters}${said('placement')}` : `→ ${clusters}`;
}

function bindingsSection(doc: PlanDocument, paint: Paint): string[] {
  const claimed = doc.bindings.filter((b) => b.policy);
  const rest = doc.bindings.filter((b) => !b.policy);
  const lines = [paint('bold', `Bindings (${claimed.length} propagated, ${rest.length} not):`)];
  for (const b of claimed) {
    const policy = b.policy!.namespace
      ? `${b.policy!.kind}/${b.policy!.namespace}/${b.policy!.name}`
      : `${b.policy!.kind}/${b.policy!.name}`;
    const where = placement(b);
    lines.push(`  ${describeRef(b.resource)}  ${paint('dim', policy)}  ${b.error ? paint('red', where) : where}`);
  }
  for (const b of rest) {
    const why = b.requiredBy ? placement(b) : (b.note ?? 'not propagated');
    lines.push(`  ${describeRef(b.resource)}  ${paint('dim', why)}`);
  }
  return lines;
}

const SYMBOL: Record<ObjectChange['action'], string> = { create: '+', update: '~', delete: '-', unchanged: ' ' };
const COLOR = { create: 'green', update: 'yellow', delete: 'red', unchanged: 'dim' } as const;

function changeCounts(changes: readonly ObjectChange[]): string {
  const n = (a: ObjectChange['action']) => changes.filter((c) => c.action === a).length;
  return `${n('create')} to create, ${n('update')} to change, ${n('delete')} to prune`;
}

/** A unified diff line coloured as `git diff` colours it. */
function paintDiffLine(line: string, paint: Paint): string {
  if (line.startsWith('+++') || line.startsWith('---')) return paint('bold', line);
  if (line.startsWith('+')) return paint('green', line);
  if (line.startsWith('-')) return paint('red', line);
  if (line.startsWith('@@')) return paint('cyan', line);
  return line;
}

/** What a Pull member's changes were compared with: its agent's report, never the cluster. */
function pullNote(pull: PlanPullMember): string {
  if (pull.reportedAt === undefined)
    return `Pull mode: ${pull.problem ?? 'no report from its agent'}; every object counts as to create`;
  const applied = pull.sourceCommit ? `, which applied source commit ${pull.sourceCommit.slice(0, 12)}` : '';
  return `Pull mode: compared with its agent's report of ${pull.reportedAt}${applied}, not with the cluster`;
}

/** Whether an object's line is printed: in a summary only the first change, with its diff. */
interface Shown {
  summary: boolean;
  lines: number;
  hidden: number;
}

function show(shown: Shown): boolean {
  if (!shown.summary || shown.lines === 0) {
    shown.lines++;
    return true;
  }
  shown.hidden++;
  return false;
}

function worksSection(doc: PlanDocument, paint: Paint, showDiffs: boolean, summary: boolean): string[] {
  const lines = [paint('bold', 'Work per cluster:')];
  const shown: Shown = { summary, lines: 0, hidden: 0 };
  const copyKey = (cluster: string, ref: ObjectRef) => `${cluster}\u0000${refKey(ref)}`;
  const suspended = new Set(
    doc.bindings.flatMap((b) => (b.suspendedClusters ?? []).map((c) => copyKey(c, b.resource))),
  );
  for (const [cluster, manifests] of Object.entries(doc.works)) {
    const changes = doc.changes?.[cluster];
    const info = doc.clusters.find((c) => c.name === cluster);
    const state = info && !info.ready ? paint('red', ' (NotReady)') : '';
    const unread =
      doc.changes !== undefined && changes === undefined ? `; ${paint('red', 'unreachable: changes unknown')}` : '';
    lines.push(
      `  ${paint('bold', cluster)}${state}: ${manifests.length} objects${changes ? `; ${changeCounts(changes)}` : unread}`,
    );
    const pull = doc.pullMembers?.[cluster];
    if (pull) lines.push(paint('dim', `    ${pullNote(pull)}`));
    if (changes) {
      for (const c of changes.filter((x) => x.action !== 'unchanged')) {
        if (!show(shown)) continue;
        lines.push(paint(COLOR[c.action], `    ${SYMBOL[c.action]} ${describeRef({ ...c })}`));
        if (showDiffs && c.diff)
          lines.push(
            ...c.diff
              .trimEnd()
              .split('\n')
              .map((l) => `        ${paintDiffLine(l, paint)}`),
          );
      }
    } else if (summary) {
      shown.hidden += manifests.length;
    } else {
      for (const m of manifests) {
        const replicas = (m['spec'] as { replicas?: unknown } | undefined)?.replicas;
        const count = typeof replicas === 'number' ? paint('dim', ` (${replicas} replicas)`) : '';
        const held = suspended.has(copyKey(cluster, refOf(m)))
          ? paint('yellow', ' (suspended: not applied, not pruned)')
          : '';
        lines.push(`    ${describeRef(refOf(m))}${count}${held}`);
      }
    }
  }
  if (shown.hidden > 0)
    lines.push(
      paint('dim', `  (${shown.hidden} more objects counted above; without --summary each is listed with its diff)`),
    );
  return lines;
}

const TONE = { ok: 'green', warn: 'yellow', error: 'red' } as const;

/** The controllers' sections, each piece of a line coloured by its tone. */
function controllerSections(doc: PlanDocument, paint: Paint): string[] {
  return controllerPlanSections(doc).flatMap((section) => [
    '',
    paint('bold', `${section.title}:`),
    ...section.lines.map((line) =>
      line.map((c) => (c.tone && c.tone !== 'neutral' ? paint(TONE[c.tone], c.text) : c.text)).join(''),
    ),
  ]);
}

/** The plan for people, in the spirit of `terraform plan`: placements, then each cluster's Work. */
export function planText(
  doc: PlanDocument,
  paint: Paint,
  options: { diffs: boolean; pruneOff?: boolean; summary?: boolean } = { diffs: true },
): string {
  const ready = doc.clusters.map((c) => `${c.name}${c.ready ? '' : ' (NotReady)'}`).join(', ');
  const total = Object.values(doc.works).reduce((n, w) => n + w.length, 0);
  const lines = [
    `Source: ${doc.source.repo}${doc.source.path && !doc.source.repo.endsWith(doc.source.path) ? ` (fleet in ${doc.source.path})` : ''} @ ${doc.source.ref} (${doc.source.commit.slice(0, 12)})`,
    `Clusters: ${ready || 'none'}`,
    '',
    ...bindingsSection(doc, paint),
    '',
    ...worksSection(doc, paint, options.diffs, options.summary ?? false),
    ...controllerSections(doc, paint),
  ];
  const pruned = Object.values(doc.changes ?? {})
    .flat()
    .filter((c) => c.action === 'delete').length;
  if (options.pruneOff && pruned > 0) {
    lines.push(
      '',
      paint(
        'yellow',
        `Prune is off for this repository (prune.enabled in flotilla.yaml): \`flotilla apply\` deletes the ${pruned} object(s) marked - only with --prune.`,
      ),
    );
  }
  if (doc.diagnostics.length > 0) lines.push('', diagnosticsText(doc.diagnostics, paint));
  lines.push('', `Plan: ${doc.clusters.length} clusters, ${total} objects; ${diagnosticsSummary(doc.diagnostics)}.`);
  return lines.join('\n');
}

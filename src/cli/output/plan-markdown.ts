/**
 * `plan -o markdown`: a plan to review in a pull request, as a comment or a job summary. First a
 * table per cluster (objects added, changed, removed, replicas moved), the diagnostics and the
 * replica moves in words; then per cluster a collapsible `<details>` section with the unified diff of
 * every change (Secret values come masked in the diffs); then the placements.
 *
 * It stays within a size limit (GitHub takes 65,536 characters in a comment and 1 MiB in a job
 * summary): the table, the diagnostics and the moves come first, then every change's name, then
 * as many diffs as fit, in order (first fit), a diff that does not fit whole cut at a line. What
 * is left out is said where it is and in a note at the top. A fence or a `<details>` is never cut
 * in half; a fence is longer than any run of backticks in its diff.
 */
import { describeRef, refOf } from '../../model/index.ts';
import type { Diagnostic, ObjectRef } from '../../model/index.ts';
import type { PlanBinding, PlanDocument, ReplicaMove } from '../../reconcile/plan-document.ts';
import type { ObjectChange } from '../../render/works/diff-works.ts';
import { countBySeverity, diagnosticsSummary, plural } from './diagnostics.ts';
import { code, fenceFor, measure, plain } from './markdown-text.ts';

/** How much text a comment or summary takes, and how the host counts it. */
export interface MarkdownLimit {
  max: number;
  /** GitHub counts a comment in characters (code points) and a step summary in bytes (UTF-8). */
  unit: 'characters' | 'bytes';
  /** Said in the note when the plan was shortened. */
  what: string;
}

export const COMMENT_LIMIT: MarkdownLimit = Object.freeze({ max: 65_536, unit: 'characters', what: 'GitHub\'s limit of 65,536 characters for a comment' });
export const STEP_SUMMARY_LIMIT: MarkdownLimit = Object.freeze({ max: 1_048_576, unit: 'bytes', what: 'GitHub\'s limit of 1 MiB for a job summary' });

export interface MarkdownOptions {
  /** @default COMMENT_LIMIT; `null` for no limit. */
  limit?: MarkdownLimit | null;
}

/** Marks a Flotilla plan comment, so a workflow can find and update its own comment. */
export function commentMarker(path: string): string {
  return path === '' ? '<!-- flotilla-plan -->' : `<!-- flotilla-plan path=${path.replace(/--/g, '-')} -->`;
}

const WORD = { create: 'added', update: 'changed', delete: 'removed' } as const;
type Action = keyof typeof WORD;

function signed(gained: number, lost: number): string {
  const parts = [...(gained > 0 ? [`+${gained}`] : []), ...(lost > 0 ? [`−${lost}`] : [])];
  return parts.join(' ') || '0';
}

interface ClusterRow {
  name: string;
  ready: boolean | undefined;
  objects: number;
  counts: Record<Action, number>;
  gained: number;
  lost: number;
}

/** One change (or, without changes, one object of the Work) in a cluster's section. */
interface Entry {
  /** The name line, without its line break. */
  head: string;
  diff: string;
}

const LEFT_OUT = ' — _diff left out (size limit)_';

/** An entry as printed: a list item, or a name with its diff block (or the words saying it was left out). */
function entryText(section: Section, e: Entry, block: string | undefined): string {
  if (!section.diffs) return `${e.head}\n`;
  return block ? `${e.head}\n\n${block}` : `${e.head}${LEFT_OUT}\n\n`;
}

interface Section {
  open: string;
  entries: Entry[];
  /** Whether the entries are diffs (with `changes`) or a list of the Work's objects. */
  diffs: boolean;
}

function clusterRows(doc: PlanDocument): ClusterRow[] {
  const names = [...new Set([...doc.clusters.map((c) => c.name), ...Object.keys(doc.works), ...Object.keys(doc.changes ?? {})])];
  names.sort();
  return names.map((name) => {
    const changes = doc.changes?.[name] ?? [];
    const counts = { create: 0, update: 0, delete: 0 };
    for (const c of changes) if (c.action !== 'unchanged') counts[c.action]++;
    let gained = 0;
    let lost = 0;
    for (const move of doc.replicaMoves ?? []) {
      for (const c of move.clusters) {
        if (c.name !== name) continue;
        if (c.after > c.before) gained += c.after - c.before;
        else lost += c.before - c.after;
      }
    }
    return { name, ready: doc.clusters.find((c) => c.name === name)?.ready, objects: doc.works[name]?.length ?? 0, counts, gained, lost };
  });
}

function tableHead(doc: PlanDocument): string {
  const withChanges = doc.changes !== undefined;
  const withMoves = doc.replicaMoves !== undefined;
  const header = ['cluster', 'ready', 'objects', ...(withChanges ? ['added', 'changed', 'removed'] : []), ...(withMoves ? ['replicas moved'] : [])];
  const align = ['---', '---', '---:', ...(withChanges ? ['---:', '---:', '---:'] : []), ...(withMoves ? ['---:'] : [])];
  return `| ${header.join(' | ')} |\n| ${align.join(' | ')} |\n`;
}

function tableRow(doc: PlanDocument, r: ClusterRow): string {
  const ready = r.ready === undefined ? '—' : r.ready ? 'yes' : '**no**';
  const cells = [r.name, ready, String(r.objects)];
  if (doc.changes !== undefined) cells.push(String(r.counts.create), String(r.counts.update), String(r.counts.delete));
  if (doc.replicaMoves !== undefined) cells.push(signed(r.gained, r.lost));
  return `| ${cells.map(plain).join(' | ')} |\n`;
}

function title(doc: PlanDocument): string {
  const at = `${code(doc.source.commit.slice(0, 12))} (${code(doc.source.ref)})`;
  const against = doc.base
    ? ` compared with ${code(doc.base.commit.slice(0, 12))} (${code(doc.base.ref)})`
    : doc.changes ? ' compared with the live clusters' : '';
  const where = doc.source.path ? ` in ${code(doc.source.path)}` : '';
  return `${commentMarker(doc.source.path)}\n### Flotilla plan\n\n${at}${where}${against}\n\n`;
}

function verdict(doc: PlanDocument, rows: readonly ClusterRow[]): string {
  if (!doc.changes) return '';
  const any = rows.some((r) => r.counts.create + r.counts.update + r.counts.delete > 0);
  return any ? '' : '**No changes.**\n\n';
}

/** "`Deployment/shop/web`: member1 2→3, member2 4→3" */
function moveWords(move: ReplicaMove): string {
  const clusters = move.clusters.map((c) => `${c.name} ${c.before}→${c.after}`).join(', ');
  const total = move.replicas.before === move.replicas.after ? '' : ` (${move.replicas.before}→${move.replicas.after} in all)`;
  return `- ${code(describeRef(move.resource))}: ${clusters}${total}\n`;
}

function diagnosticLine(d: Diagnostic): string {
  return `- **${d.severity}** ${code(`${d.file}:${d.line}:${d.column}`)}: ${plain(d.message)}\n`;
}

function bindingCell(b: PlanBinding): string {
  if (b.error) return `⚠️ ${b.error}`;
  const held = (name: string) => (b.suspendedClusters?.includes(name) ? ' (suspended)' : '');
  return b.clusters.map((c) => `${b.replicas > 0 ? `${c.name}: ${c.replicas}` : c.name}${held(c.name)}`).join(', ') || '—';
}

function placements(doc: PlanDocument): string {
  const claimed = doc.bindings.filter((b) => b.policy);
  if (claimed.length === 0) return '';
  const rows = claimed.map((b) => {
    const p = b.policy!;
    const policy = p.namespace ? `${p.kind}/${p.namespace}/${p.name}` : `${p.kind}/${p.name}`;
    return `| ${plain(describeRef(b.resource))} | ${plain(policy)} | ${b.replicas} | ${plain(bindingCell(b))} |`;
  });
  return ['<details>', `<summary>Placements: ${claimed.length} templates</summary>`, '',
    '| template | policy | replicas | clusters |', '| --- | --- | ---: | --- |', ...rows, '', '</details>', '', ''].join('\n');
}

function sectionsOf(doc: PlanDocument, rows: readonly ClusterRow[]): Section[] {
  const sections: Section[] = [];
  for (const row of rows) {
    const changes = doc.changes?.[row.name]?.filter((c): c is ObjectChange & { action: Action } => c.action !== 'unchanged');
    const moved = row.gained + row.lost > 0 ? ` · replicas ${signed(row.gained, row.lost)}` : '';
    if (changes) {
      if (changes.length === 0) continue;
      const what = (['create', 'update', 'delete'] as const).filter((a) => row.counts[a] > 0).map((a) => `${row.counts[a]} ${WORD[a]}`).join(', ');
      const moves = (doc.replicaMoves ?? []).flatMap((m) => m.clusters.filter((c) => c.name === row.name).map((c) => `${code(describeRef(m.resource))} ${c.before}→${c.after}`));
      sections.push({
        open: `<details>\n<summary><b>${plain(row.name)}</b>: ${what}${moved}</summary>\n\n${moves.length > 0 ? `Replicas: ${moves.join(', ')}\n\n` : ''}`,
        entries: changes.map((c) => ({ head: `**${WORD[c.action]}** ${code(describeRef(c as ObjectRef))}`, diff: c.diff.trimEnd() })),
        diffs: true,
      });
    } else {
      const manifests = doc.works[row.name] ?? [];
      sections.push({
        open: `<details>\n<summary><b>${plain(row.name)}</b>: ${manifests.length} objects</summary>\n\n`,
        entries: manifests.map((m) => {
          const replicas = (m['spec'] as { replicas?: unknown } | undefined)?.replicas;
          return { head: `- ${code(describeRef(refOf(m)))}${typeof replicas === 'number' ? ` (${plural(replicas, 'replica')})` : ''}`, diff: '' };
        }),
        diffs: false,
      });
    }
  }
  return sections;
}

function diffBlock(diff: string, keep?: number): string {
  const fence = fenceFor(diff);
  if (keep === undefined) return `${fence}diff\n${diff}\n${fence}\n\n`;
  const lines = diff.split('\n');
  return `${fence}diff\n${lines.slice(0, keep).join('\n')}\n${fence}\n\n_✂️ ${lines.length - keep} more lines of this diff left out (size limit)._\n\n`;
}

function close(section: Section): string {
  return `${section.diffs ? '' : '\n'}</details>\n\n`;
}

/** After a section's last entry; a blank line first, so it never joins a list item. */
function listedNote(n: number): string {
  return `\n_… and ${n} more not listed (size limit)._\n\n`;
}

/** After a table or a list, a blank line first: otherwise the note would join the last row or item. */
function moreNote(what: string): (n: number) => string {
  return (n) => `\n_… and ${n} more ${what} (size limit)._\n`;
}

interface Shortened {
  diffsLeftOut: number;
  diffsCut: number;
  entriesLeftOut: number;
  /** The lists cut short: clusters (table rows), diagnostics, replica moves. */
  listsCut: Set<string>;
}

function shortenedNote(doc: PlanDocument, limit: MarkdownLimit, s: Shortened): string {
  const parts = [
    ...(s.diffsLeftOut > 0 ? [`${plural(s.diffsLeftOut, 'diff')} left out`] : []),
    ...(s.diffsCut > 0 ? [`${s.diffsCut} cut`] : []),
    ...(s.entriesLeftOut > 0 ? [`${plural(s.entriesLeftOut, 'object')} not listed`] : []),
    ...(s.listsCut.size > 0 ? [`the list of ${[...s.listsCut].join(' and ')} cut`] : []),
  ];
  const ref = doc.source.ref === 'HEAD' ? '' : ` --ref ${doc.source.ref}`;
  const rerun = doc.base ? `flotilla plan --offline --base ${doc.base.ref}${ref}` : `flotilla plan${ref}`;
  return `> [!WARNING]\n> Shortened to stay within ${limit.what}: ${parts.join(', ') || 'placements left out'}. ${code(rerun)} prints the whole plan.\n\n`;
}

/** What is left of the limit, in the limit's unit. */
interface Budget {
  left: number;
  cost(text: string): number;
}

/** Takes `text` if it fits. */
function take(budget: Budget, text: string): boolean {
  const c = budget.cost(text);
  if (c > budget.left) return false;
  budget.left -= c;
  return true;
}

/**
 * The items of a list that fit, then `more(n)` for the n that do not (its room is kept free);
 * undefined when not even that note fits.
 */
function fitList(items: readonly string[], budget: Budget, more: (n: number) => string): { text: string; cut: boolean } | undefined {
  let text = '';
  const reserve = budget.cost(more(items.length));
  if (reserve > budget.left) return undefined;
  budget.left -= reserve;
  let i = 0;
  while (i < items.length && take(budget, items[i]!)) text += items[i++]!;
  budget.left += reserve;
  if (i === items.length) return { text, cut: false };
  const note = more(items.length - i);
  budget.left -= budget.cost(note);
  return { text: text + note, cut: true };
}

/** The smallest useful piece of a cut diff: fewer lines than this and the diff is left out whole. */
const MIN_CUT_LINES = 8;

/**
 * A diff block that fits, whole or cut at a line, or undefined (left out). The entry's name was
 * taken with {@link LEFT_OUT}; a block replaces those words.
 */
function fitDiff(diff: string, budget: Budget, s: Shortened): string | undefined {
  budget.left += budget.cost(LEFT_OUT) - budget.cost('\n\n');
  const whole = diffBlock(diff);
  if (take(budget, whole)) return whole;
  const lines = diff.split('\n');
  // diffBlock(diff, k) costs at most the empty cut plus each kept line and its newline.
  let used = budget.cost(diffBlock(diff, 0));
  let keep = 0;
  while (keep < lines.length && used + budget.cost(lines[keep]!) + 1 <= budget.left) used += budget.cost(lines[keep++]!) + 1;
  if (keep >= MIN_CUT_LINES) {
    const cut = diffBlock(diff, keep);
    if (take(budget, cut)) {
      s.diffsCut++;
      return cut;
    }
  }
  budget.left -= budget.cost(LEFT_OUT) - budget.cost('\n\n');
  s.diffsLeftOut++;
  return undefined;
}

/**
 * A review-ready plan in GitHub-flavoured markdown, within `options.limit` (a comment's, by
 * default). Deterministic: the same document gives the same text.
 */
export function planMarkdown(doc: PlanDocument, options: MarkdownOptions = {}): string {
  const limit = options.limit === undefined ? COMMENT_LIMIT : options.limit;
  const rows = clusterRows(doc);
  const diagnostics = [...doc.diagnostics].sort((a, b) => (a.severity === b.severity ? 0 : a.severity === 'error' ? -1 : 1));
  const parts: Parts = {
    title: title(doc),
    table: tableHead(doc),
    rows: rows.map((r) => tableRow(doc, r)),
    verdict: verdict(doc, rows),
    lists: [
      // Errors first (they decide the exit code), then the moves reviewers look for.
      { name: 'diagnostics', head: doc.diagnostics.length > 0 ? `**${countBySeverity(doc.diagnostics).errors > 0 ? '❌ ' : ''}${diagnosticsSummary(doc.diagnostics)}**\n\n` : '', items: diagnostics.map(diagnosticLine) },
      { name: 'replica moves', head: (doc.replicaMoves?.length ?? 0) > 0 ? '**Replica moves**\n\n' : '', items: (doc.replicaMoves ?? []).map(moveWords) },
    ],
    sections: sectionsOf(doc, rows),
    placements: placements(doc),
  };
  const full = assemble(parts);
  if (limit === null || measure(full, limit.unit) <= limit.max) return full;
  return shorten(doc, limit, parts);
}

interface Parts {
  title: string;
  table: string;
  rows: string[];
  verdict: string;
  /** Diagnostics, then replica moves, in the order they are shown. */
  lists: { name: string; head: string; items: string[] }[];
  sections: Section[];
  placements: string;
}

/** The whole document, in display order. */
function assemble(p: Parts): string {
  let out = p.title + p.table + p.rows.join('') + '\n' + p.verdict + p.lists.map((l) => (l.head ? `${l.head}${l.items.join('')}\n` : '')).join('');
  for (const s of p.sections) out += s.open + s.entries.map((e) => entryText(s, e, diffBlock(e.diff))).join('') + close(s);
  return out + p.placements;
}

function shorten(doc: PlanDocument, limit: MarkdownLimit, p: Parts): string {
  const budget: Budget = { left: limit.max, cost: (text) => measure(text, limit.unit) };
  const entriesTotal = p.sections.reduce((n, sec) => n + sec.entries.length, 0);
  const s: Shortened = { diffsLeftOut: 0, diffsCut: 0, entriesLeftOut: 0, listsCut: new Set() };
  const worst = { diffsLeftOut: entriesTotal, diffsCut: entriesTotal, entriesLeftOut: entriesTotal, listsCut: new Set(['clusters', ...p.lists.map((l) => l.name)]) };
  budget.left -= budget.cost(p.title + shortenedNote(doc, limit, worst));
  budget.left -= budget.cost(p.table + '\n' + p.verdict);
  const rows = fitList(p.rows, budget, moreNote('clusters')) ?? { text: '', cut: true };
  if (rows.cut) s.listsCut.add('clusters');

  // The lists' headings (the error count among them), then the frame of every section with room
  // for its note, then the lists' items, before any change.
  const headed = p.lists.map((l) => l.head !== '' && take(budget, `${l.head}\n`));
  const frame = (sec: Section) => sec.open + close(sec) + listedNote(sec.entries.length);
  const framed = take(budget, p.sections.map(frame).join(''));
  const sections = framed ? p.sections : [];
  if (!framed) s.entriesLeftOut = entriesTotal;
  const lists = p.lists.map((l, i) => {
    if (!headed[i]) {
      if (l.head !== '') s.listsCut.add(l.name);
      return '';
    }
    const fitted = fitList(l.items, budget, moreNote(l.name)) ?? { text: '', cut: true };
    if (fitted.cut) s.listsCut.add(l.name);
    return `${l.head}${fitted.text}\n`;
  });

  // Every change's name, in order, as far as they go; then the diffs, first fit.
  const listed = sections.map((sec) => {
    let n = 0;
    while (n < sec.entries.length && take(budget, entryText(sec, sec.entries[n]!, undefined))) n++;
    s.entriesLeftOut += sec.entries.length - n;
    return sec.entries.slice(0, n);
  });
  const blocks = sections.map((sec, i) => listed[i]!.map((e) => (sec.diffs ? fitDiff(e.diff, budget, s) : undefined)));

  let out = p.title + shortenedNote(doc, limit, s) + p.table + rows.text + '\n' + p.verdict + lists.join('');
  sections.forEach((sec, i) => {
    out += sec.open;
    listed[i]!.forEach((e, j) => { out += entryText(sec, e, blocks[i]![j]); });
    if (sec.entries.length > listed[i]!.length) out += listedNote(sec.entries.length - listed[i]!.length);
    out += close(sec);
  });
  if (take(budget, p.placements)) out += p.placements;
  return out;
}

/** `--markdown-limit`: `comment` (65,536 characters), `step-summary` (1 MiB), `none`, or a number of characters. */
export function parseMarkdownLimit(value: string): MarkdownLimit | null {
  if (value === 'comment') return COMMENT_LIMIT;
  if (value === 'step-summary') return STEP_SUMMARY_LIMIT;
  if (value === 'none') return null;
  if (/^[1-9]\d*$/.test(value)) return { max: Number(value), unit: 'characters', what: `the limit of ${Number(value).toLocaleString('en-US')} characters` };
  throw new Error(`--markdown-limit: expected comment, step-summary, none or a number of characters, got ${JSON.stringify(value)}`);
}

/**
 * Fitting a plan comment into a size limit: the table, the diagnostics and the moves come first,
 * then every change's name, then as many diffs as fit, in order (first fit), a diff that does not
 * fit whole cut at a line. What is left out is said where it is and in a note at the top. A fence
 * or a `<details>` is never cut in half.
 */
import type { PlanDocument } from '../../../reconcile/index.ts';
import { plural } from '../diagnostics.ts';
import type { MarkdownLimit } from './limit.ts';
import { measure } from './limit.ts';
import { close, entryText, LEFT_OUT, type Section } from './sections.ts';
import { code, diffBlock } from './text.ts';

/** The pieces of a plan comment, in display order. */
export interface Parts {
  title: string;
  table: string;
  rows: string[];
  verdict: string;
  /** Diagnostics, then replica moves, in the order they are shown. */
  lists: { name: string; head: string; items: string[] }[];
  /** The collapsed warnings the base has too: shown whole or not at all. */
  alsoOnBase: string;
  sections: Section[];
  placements: string;
}

interface Shortened {
  diffsLeftOut: number;
  diffsCut: number;
  entriesLeftOut: number;
  /** The lists cut short: clusters (table rows), diagnostics, replica moves. */
  listsCut: Set<string>;
}

/** After a section's last entry; a blank line first, so it never joins a list item. */
function listedNote(n: number): string {
  return `\n_… and ${n} more not listed (size limit)._\n\n`;
}

/** After a table or a list, a blank line first: otherwise the note would join the last row or item. */
function moreNote(what: string): (n: number) => string {
  return (n) => `\n_… and ${n} more ${what} (size limit)._\n`;
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
function fitList(
  items: readonly string[],
  budget: Budget,
  more: (n: number) => string,
): { text: string; cut: boolean } | undefined {
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
  while (keep < lines.length && used + budget.cost(lines[keep]!) + 1 <= budget.left)
    used += budget.cost(lines[keep++]!) + 1;
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

/** The whole document, in display order. */
export function assemble(p: Parts): string {
  let out =
    p.title +
    p.table +
    p.rows.join('') +
    '\n' +
    p.verdict +
    p.lists.map((l) => (l.head ? `${l.head}${l.items.join('')}\n` : '')).join('');
  out += p.alsoOnBase;
  for (const s of p.sections)
    out += s.open + s.entries.map((e) => entryText(s, e, diffBlock(e.diff))).join('') + close(s);
  return out + p.placements;
}

export function shorten(doc: PlanDocument, limit: MarkdownLimit, p: Parts): string {
  const budget: Budget = { left: limit.max, cost: (text) => measure(text, limit.unit) };
  const entriesTotal = p.sections.reduce((n, sec) => n + sec.entries.length, 0);
  const s: Shortened = { diffsLeftOut: 0, diffsCut: 0, entriesLeftOut: 0, listsCut: new Set() };
  const allLists = ['clusters', ...p.lists.map((l) => l.name), ...(p.alsoOnBase ? ['warnings also on the base'] : [])];
  const worst = {
    diffsLeftOut: entriesTotal,
    diffsCut: entriesTotal,
    entriesLeftOut: entriesTotal,
    listsCut: new Set(allLists),
  };
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
  const alsoOnBase = take(budget, p.alsoOnBase) ? p.alsoOnBase : '';
  if (p.alsoOnBase && !alsoOnBase) s.listsCut.add('warnings also on the base');

  // Every change's name, in order, as far as they go; then the diffs, first fit.
  const listed = sections.map((sec) => {
    let n = 0;
    while (n < sec.entries.length && take(budget, entryText(sec, sec.entries[n]!, undefined))) n++;
    s.entriesLeftOut += sec.entries.length - n;
    return sec.entries.slice(0, n);
  });
  const blocks = sections.map((sec, i) => listed[i]!.map((e) => (sec.diffs ? fitDiff(e.diff, budget, s) : undefined)));

  let out =
    p.title + shortenedNote(doc, limit, s) + p.table + rows.text + '\n' + p.verdict + lists.join('') + alsoOnBase;
  sections.forEach((sec, i) => {
    out += sec.open;
    listed[i]!.forEach((e, j) => {
      out += entryText(sec, e, blocks[i]![j]);
    });
    if (sec.entries.length > listed[i]!.length) out += listedNote(sec.entries.length - listed[i]!.length);
    out += close(sec);
  });
  if (take(budget, p.placements)) out += p.placements;
  return out;
}

/** One step applied to a revision's base: `~n` (first parent n times), `^n` (n-th parent), `^{type}` (peel). */
export type RevisionStep =
  | { kind: 'ancestor'; generations: number }
  | { kind: 'parent'; index: number }
  | { kind: 'peel'; type: string };

/** A revision split into the name or id it starts from and the steps after it. */
export interface Revision {
  base: string;
  steps: RevisionStep[];
}

const STEP = /^(?:~(\d*)|\^\{([a-z]*)\}|\^(\d*))/;

/**
 * Splits the subset of git's revision syntax the pure-JavaScript adapter supports: a name or id
 * followed by `~n`, `^n` and `^{type}` (gitrevisions(7)). Returns `undefined` for anything else
 * (`@{...}`, `:/text`, ranges), which only the native adapter understands.
 */
export function parseRevision(text: string): Revision | undefined {
  const cut = text.search(/[~^]/);
  const base = cut < 0 ? text : text.slice(0, cut);
  if (base === '' || /@\{|:|\.\./.test(text)) return undefined;
  const steps: RevisionStep[] = [];
  let rest = cut < 0 ? '' : text.slice(cut);
  while (rest !== '') {
    const match = STEP.exec(rest);
    if (match === null) return undefined;
    const [whole, tilde, peel, caret] = match;
    if (tilde !== undefined) steps.push({ kind: 'ancestor', generations: tilde === '' ? 1 : Number(tilde) });
    else if (peel !== undefined) steps.push({ kind: 'peel', type: peel });
    else steps.push({ kind: 'parent', index: caret === '' || caret === undefined ? 1 : Number(caret) });
    rest = rest.slice(whole.length);
  }
  return { base: base === '@' ? 'HEAD' : base, steps };
}

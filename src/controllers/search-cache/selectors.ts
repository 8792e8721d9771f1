/**
 * Label and field selectors in the API's string form, as the search cache's list requests carry
 * them, compiled to predicates. Labels: `k`, `!k`, `k=v`, `k==v`, `k!=v`, `k in (a,b)`,
 * `k notin (a,b)`, `k>1`, `k<1`, comma-separated and AND-ed (the grammar of Kubernetes'
 * labels.Parse). Fields: `metadata.name` and `metadata.namespace` with `=`, `==` or `!=`, the two
 * fields every kind supports. A selector that does not parse is a {@link SelectorError}. Pure.
 */
import { isLabelValue } from '../../model/index.ts';

/** A selector that does not parse; the server answers 400 with its message. */
export class SelectorError extends Error {}

export type LabelMatcher = (labels: Readonly<Record<string, string>>) => boolean;
export type FieldMatcher = (fields: { name: string; namespace: string }) => boolean;

const KEY = /^([a-z0-9]([-a-z0-9.]*[a-z0-9])?\/)?[A-Za-z0-9]([-A-Za-z0-9_.]*[A-Za-z0-9])?$/;

/**
 * The longest selector (label or field) a request may carry. A legitimate one is a handful of terms; an attacker's is
 * made to be slow, so the parse refuses it before reading it.
 */
export const MAX_SELECTOR_LENGTH = 8192;

function checkLength(selector: string, kind: string): void {
  if (selector.length > MAX_SELECTOR_LENGTH)
    throw new SelectorError(`${kind} selector too long: ${selector.length} characters, at most ${MAX_SELECTOR_LENGTH}`);
}

function key(text: string, whole: string): string {
  const k = text.trim();
  // The length first: the pattern then runs over at most 316 characters.
  if (k.length > 316 || !KEY.test(k))
    throw new SelectorError(`unable to parse requirement: invalid label key "${k}" in "${whole}"`);
  return k;
}

function value(text: string, whole: string): string {
  const v = text.trim();
  if (!isLabelValue(v))
    throw new SelectorError(`unable to parse requirement: invalid label value "${v}" in "${whole}"`);
  return v;
}

/** Splits on the commas that are not inside a value list's parentheses. */
function terms(selector: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < selector.length; i++) {
    if (selector[i] === '(') depth++;
    else if (selector[i] === ')') depth--;
    else if (selector[i] === ',' && depth === 0) {
      out.push(selector.slice(start, i));
      start = i + 1;
    }
  }
  out.push(selector.slice(start));
  return out.map((t) => t.trim()).filter((t) => t !== '');
}

/** strconv.ParseInt's reading of a label value: the whole value, digits only (a label value has no sign). */
const wholeNumber = (text: string): number => (/^\d+$/.test(text) ? Number(text) : Number.NaN);

const OPERATORS = ['==', '!=', '=', '>', '<'] as const;
const isSpace = (c: string | undefined): boolean => c === ' ' || c === '\t' || c === '\n' || c === '\r';

/** A term split into key, operator and the rest, in one scan (a regular expression with two open ends is quadratic). */
function splitTerm(term: string): { key: string; op: string; rest: string } {
  let i = 0;
  while (i < term.length && !isSpace(term[i]) && !'=!<>('.includes(term[i] as string)) i++;
  const keyText = term.slice(0, i);
  let j = i;
  while (isSpace(term[j])) j++;
  if (j === term.length) return { key: keyText, op: '', rest: '' };
  const op = OPERATORS.find((o) => term.startsWith(o, j));
  if (op) return { key: keyText, op, rest: term.slice(j + op.length) };
  for (const word of ['notin', 'in']) {
    if (j === i || !term.startsWith(word, j)) continue;
    let k = j + word.length;
    while (isSpace(term[k])) k++;
    if (term[k] === '(') return { key: keyText, op: word, rest: term.slice(k) };
  }
  throw new SelectorError(`unable to parse requirement: unexpected "${term.slice(j, j + 20)}" in "${term}"`);
}

function setRequirement(k: string, op: string, rest: string, term: string): LabelMatcher {
  if (!rest.endsWith(')') || rest.indexOf(')') !== rest.length - 1)
    throw new SelectorError(`unable to parse requirement: expected ")" at the end of "${term}"`);
  const list = rest.slice(1, -1);
  if (list.trim() === '')
    throw new SelectorError(
      `unable to parse requirement: for 'in', 'notin' operators, values set can't be empty in "${term}"`,
    );
  const values = new Set(list.split(',').map((v) => value(v, term)));
  if (op === 'in') return (l) => Object.hasOwn(l, k) && values.has(l[k] as string);
  return (l) => !Object.hasOwn(l, k) || !values.has(l[k] as string);
}

function requirement(term: string): LabelMatcher {
  if (term.startsWith('!')) {
    const k = key(term.slice(1), term);
    return (l) => !Object.hasOwn(l, k);
  }
  const split = splitTerm(term);
  const k = key(split.key, term);
  if (split.op === '') return (l) => Object.hasOwn(l, k);
  if (split.op === 'in' || split.op === 'notin') return setRequirement(k, split.op, split.rest, term);
  const v = value(split.rest, term);
  switch (split.op) {
    case '!=':
      return (l) => l[k] !== v;
    case '>':
    case '<': {
      const n = wholeNumber(v);
      if (Number.isNaN(n))
        throw new SelectorError(`unable to parse requirement: "${v}" is not an integer in "${term}"`);
      const above = split.op === '>';
      return (l) => {
        const have = wholeNumber(l[k] ?? '');
        return !Number.isNaN(have) && (above ? have > n : have < n);
      };
    }
    default:
      return (l) => Object.hasOwn(l, k) && l[k] === v;
  }
}

/** The label selector as a predicate; an empty selector matches everything. */
export function parseLabelSelector(selector: string): LabelMatcher {
  checkLength(selector, 'label');
  const all = terms(selector).map(requirement);
  return (labels) => all.every((matches) => matches(labels));
}

/** The field selector as a predicate over an object's name and namespace. */
export function parseFieldSelector(selector: string): FieldMatcher {
  checkLength(selector, 'field');
  const all = terms(selector).map((term): FieldMatcher => {
    const at = term.search(/[=!]/);
    const op = at < 0 ? undefined : ['==', '!=', '='].find((o) => term.startsWith(o, at));
    if (at <= 0 || op === undefined) throw new SelectorError(`invalid field selector: "${term}"`);
    const field = term.slice(0, at).trim();
    const wanted = term.slice(at + op.length);
    if (field !== 'metadata.name' && field !== 'metadata.namespace')
      throw new SelectorError(`field label not supported: ${field}`);
    const of = field === 'metadata.name' ? 'name' : 'namespace';
    return op === '!=' ? (f) => f[of] !== wanted.trim() : (f) => f[of] === wanted.trim();
  });
  return (fields) => all.every((matches) => matches(fields));
}

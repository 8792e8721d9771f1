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

function key(text: string, whole: string): string {
  const k = text.trim();
  if (!KEY.test(k) || k.length > 316)
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

function requirement(term: string): LabelMatcher {
  const set = /^(.+?)\s+(in|notin)\s*\((.*)\)$/.exec(term);
  if (set) {
    const k = key(set[1] ?? '', term);
    if ((set[3] ?? '').trim() === '')
      throw new SelectorError(
        `unable to parse requirement: for 'in', 'notin' operators, values set can't be empty in "${term}"`,
      );
    const values = new Set((set[3] ?? '').split(',').map((v) => value(v, term)));
    if (set[2] === 'in') return (l) => Object.hasOwn(l, k) && values.has(l[k] as string);
    return (l) => !Object.hasOwn(l, k) || !values.has(l[k] as string);
  }
  const op = /^(.+?)\s*(==|!=|=|>|<)\s*(.*)$/.exec(term);
  if (op) {
    const k = key(op[1] ?? '', term);
    const v = value(op[3] ?? '', term);
    switch (op[2]) {
      case '!=':
        return (l) => l[k] !== v;
      case '>':
      case '<': {
        const n = wholeNumber(v);
        if (Number.isNaN(n))
          throw new SelectorError(`unable to parse requirement: "${v}" is not an integer in "${term}"`);
        return (l) => {
          const have = wholeNumber(l[k] ?? '');
          return !Number.isNaN(have) && (op[2] === '>' ? have > n : have < n);
        };
      }
      default:
        return (l) => Object.hasOwn(l, k) && l[k] === v;
    }
  }
  if (term.startsWith('!')) {
    const k = key(term.slice(1), term);
    return (l) => !Object.hasOwn(l, k);
  }
  const k = key(term, term);
  return (l) => Object.hasOwn(l, k);
}

/** The label selector as a predicate; an empty selector matches everything. */
export function parseLabelSelector(selector: string): LabelMatcher {
  const all = terms(selector).map(requirement);
  return (labels) => all.every((matches) => matches(labels));
}

/** The field selector as a predicate over an object's name and namespace. */
export function parseFieldSelector(selector: string): FieldMatcher {
  const all = terms(selector).map((term): FieldMatcher => {
    const m = /^([^=!]+?)\s*(==|!=|=)\s*(.*)$/.exec(term);
    if (!m) throw new SelectorError(`invalid field selector: "${term}"`);
    const [, field = '', op, wanted = ''] = m;
    if (field !== 'metadata.name' && field !== 'metadata.namespace')
      throw new SelectorError(`field label not supported: ${field}`);
    const of = field === 'metadata.name' ? 'name' : 'namespace';
    return op === '!=' ? (f) => f[of] !== wanted.trim() : (f) => f[of] === wanted.trim();
  });
  return (fields) => all.every((matches) => matches(fields));
}

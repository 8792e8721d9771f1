/**
 * Kubernetes name and label syntax (k8s.io/apimachinery/pkg/util/validation), with its
 * messages. Each check returns the list of problems; an empty list means valid.
 */

const NONE: readonly string[] = Object.freeze([]);

const DNS1123_LABEL_FMT = '[a-z0-9]([-a-z0-9]*[a-z0-9])?';
const DNS1123_SUBDOMAIN_FMT = `${DNS1123_LABEL_FMT}(\\.${DNS1123_LABEL_FMT})*`;
const DNS1035_LABEL_FMT = '[a-z]([-a-z0-9]*[a-z0-9])?';
const QUALIFIED_NAME_FMT = '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]';
const LABEL_VALUE_FMT = `(${QUALIFIED_NAME_FMT})?`;

const DNS1123_LABEL = new RegExp(`^${DNS1123_LABEL_FMT}$`);
const DNS1123_SUBDOMAIN = new RegExp(`^${DNS1123_SUBDOMAIN_FMT}$`);
const DNS1035_LABEL = new RegExp(`^${DNS1035_LABEL_FMT}$`);
const QUALIFIED_NAME = new RegExp(`^${QUALIFIED_NAME_FMT}$`);
const LABEL_VALUE = new RegExp(`^${LABEL_VALUE_FMT}$`);

/** validation.RegexError: the message, examples, and the regular expression. */
function regexError(message: string, format: string, ...examples: string[]): string {
  const shown = examples.map((e) => `'${e}', `).join(' or ');
  return `${message} (e.g. ${shown}regex used for validation is '${format}')`;
}

/** validation.MaxLenError. */
export function maxLenError(length: number): string {
  return `must be no more than ${length} bytes`;
}

const DNS1123_LABEL_ERROR = regexError(
  "a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character",
  DNS1123_LABEL_FMT,
  'my-name',
  '123-abc',
);
const DNS1123_SUBDOMAIN_ERROR = regexError(
  "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character",
  DNS1123_SUBDOMAIN_FMT,
  'example.com',
);
const DNS1035_LABEL_ERROR = regexError(
  "a DNS-1035 label must consist of lower case alphanumeric characters or '-', start with an alphabetic character, and end with an alphanumeric character",
  DNS1035_LABEL_FMT,
  'my-name',
  'abc-123',
);
const QUALIFIED_NAME_ERROR = regexError(
  "must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character",
  QUALIFIED_NAME_FMT,
  'MyName',
  'my.name',
  '123-abc',
);
const LABEL_VALUE_ERROR = regexError(
  "a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character",
  LABEL_VALUE_FMT,
  'MyValue',
  'my_value',
  '12345',
);

/** A check of a maximum length and a pattern, reporting both problems as Kubernetes does. */
function lengthAndPattern(max: number, pattern: RegExp, patternError: string): (value: string) => readonly string[] {
  return (value) => {
    const errs: string[] = [];
    if (value.length > max) errs.push(maxLenError(max));
    if (!pattern.test(value)) errs.push(patternError);
    return errs.length ? errs : NONE;
  };
}

/** validation.IsDNS1123Label: at most 63 characters of [a-z0-9-], alphanumeric at both ends. */
export const isDNS1123Label = lengthAndPattern(63, DNS1123_LABEL, DNS1123_LABEL_ERROR);

/** validation.IsDNS1123Subdomain: at most 253 characters of dot-separated DNS-1123 labels. */
export const isDNS1123Subdomain = lengthAndPattern(253, DNS1123_SUBDOMAIN, DNS1123_SUBDOMAIN_ERROR);

/** validation.IsDNS1035Label: a DNS-1123 label that starts with a letter (Service names). */
export const isDNS1035Label = lengthAndPattern(63, DNS1035_LABEL, DNS1035_LABEL_ERROR);

/** validation.IsValidLabelValue: empty, or at most 63 characters of [A-Za-z0-9-_.]. */
export const isValidLabelValue = lengthAndPattern(63, LABEL_VALUE, LABEL_VALUE_ERROR);

/** path.ValidatePathSegmentName: the rule for RBAC object names (`system:foo` is valid). */
export function isPathSegmentName(value: string): readonly string[] {
  if (value === '.' || value === '..') return [`may not be '${value}'`];
  for (const illegal of ['/', '%']) {
    if (value.includes(illegal)) return [`may not contain '${illegal}'`];
  }
  return NONE;
}

/** validation.IsQualifiedName: the syntax of label keys and annotation keys. */
export function isQualifiedName(value: string): readonly string[] {
  const parts = value.split('/');
  let name: string;
  const errs: string[] = [];
  if (parts.length === 1) {
    name = value;
  } else if (parts.length === 2) {
    const prefix = parts[0] as string;
    name = parts[1] as string;
    if (prefix.length === 0) errs.push('prefix part must be non-empty');
    else for (const msg of isDNS1123Subdomain(prefix)) errs.push(`prefix part ${msg}`);
  } else {
    return [
      `a qualified name ${QUALIFIED_NAME_ERROR} with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName')`,
    ];
  }
  if (name.length === 0) errs.push('name part must be non-empty');
  else if (name.length > 63) errs.push(`name part ${maxLenError(63)}`);
  if (name.length > 0 && !QUALIFIED_NAME.test(name)) errs.push(`name part ${QUALIFIED_NAME_ERROR}`);
  return errs.length ? errs : NONE;
}

import {
  constructFromEvents,
  CORE_SCHEMA,
  EVENT_ID,
  type Event,
  parseEvents,
  SCALAR_STYLE,
  type ScalarEvent,
} from 'js-yaml';

/**
 * Plain scalars both YAML 1.2 core schemas (js-yaml's and the `yaml` library's) read alike: null
 * and boolean words, small decimal integers and fractions, and words of letters, digits, `.`,
 * `_`, `/` and `-` that start with a letter (strings). Anything else (octal, hex, exponents,
 * `.inf`, folded lines, globs) is left to the `yaml` library.
 */
const AGREED_PLAIN = [
  /^$/,
  /^(?:null|Null|NULL|~|true|True|TRUE|false|False|FALSE)$/,
  /^(?:0|-?[1-9][0-9]{0,14})(?:\.[0-9]{1,15})?$/,
  /^[A-Za-z][A-Za-z0-9._/-]*$/,
];

function agreed(text: string, scalar: ScalarEvent): boolean {
  const raw = text.slice(scalar.valueStart, scalar.valueEnd);
  if (raw.includes('\n') || raw.includes('\r')) return false;
  if (scalar.style === SCALAR_STYLE.PLAIN) return AGREED_PLAIN.some((pattern) => pattern.test(raw));
  if (scalar.style === SCALAR_STYLE.SINGLE_QUOTED) return true;
  return scalar.style === SCALAR_STYLE.DOUBLE_QUOTED && !raw.includes('\\');
}

function plainEvent(text: string, event: Event): boolean {
  switch (event.type) {
    case EVENT_ID.DOCUMENT:
      return event.directives.length === 0;
    case EVENT_ID.ALIAS:
      return false;
    case EVENT_ID.SCALAR:
      return event.anchorStart === -1 && event.tagStart === -1 && agreed(text, event);
    case EVENT_ID.MAPPING:
    case EVENT_ID.SEQUENCE:
      return event.anchorStart === -1 && event.tagStart === -1;
    default:
      return true;
  }
}

/** A null word, or nothing: as a key, js-yaml names it `null` where the `yaml` library names it `""`. */
const NULL_KEY = /^(?:|null|Null|NULL|~)$/;
/** The `yaml` library refuses an implicit key longer than this (YAML's own limit); js-yaml takes it. */
const IMPLICIT_KEY_LIMIT = 1024;

/** Whether a mapping key is one the two libraries read differently: a collection, a null key, an overlong one. */
function disagreedKey(event: Event, text: string): boolean {
  if (event.type === EVENT_ID.MAPPING || event.type === EVENT_ID.SEQUENCE) return true;
  if (event.type !== EVENT_ID.SCALAR) return false;
  const raw = text.slice(event.valueStart, event.valueEnd);
  return raw.length > IMPLICIT_KEY_LIMIT || (event.style === SCALAR_STYLE.PLAIN && NULL_KEY.test(raw));
}

/** Whether any mapping key is one {@link disagreedKey} names. */
function anyDisagreedKey(events: readonly Event[], text: string): boolean {
  const open: { mapping: boolean; nodes: number }[] = [];
  for (const event of events) {
    if (event.type === EVENT_ID.POP) {
      open.pop();
      continue;
    }
    const parent = open.at(-1);
    const collection = event.type === EVENT_ID.MAPPING || event.type === EVENT_ID.SEQUENCE;
    if (parent && event.type !== EVENT_ID.DOCUMENT) {
      if (parent.mapping && parent.nodes % 2 === 0 && disagreedKey(event, text)) return true;
      parent.nodes++;
    }
    if (collection || event.type === EVENT_ID.DOCUMENT)
      open.push({ mapping: event.type === EVENT_ID.MAPPING, nodes: 0 });
  }
  return false;
}

/**
 * The value of a one-document YAML text read by js-yaml, when the text keeps to a subset on which
 * js-yaml and the `yaml` library agree value for value: no tags, anchors, aliases, directives,
 * block scalars, or keys that are collections, null or overlong, every scalar one of {@link AGREED_PLAIN} or quoted on one line without escapes.
 * `undefined` for anything else, broken YAML included: the caller then reads the text with `yaml`,
 * whose messages and positions are the ones users see. This lets a command that reads a plain
 * `flotilla.yaml` skip loading a second YAML library.
 */
export function readPlainYaml(text: string): { value: unknown } | undefined {
  try {
    const events = parseEvents(text, {});
    if (events.filter((event) => event.type === EVENT_ID.DOCUMENT).length > 1) return undefined;
    if (!events.every((event) => plainEvent(text, event)) || anyDisagreedKey(events, text)) return undefined;
    const [value] = constructFromEvents(events, { source: text, schema: CORE_SCHEMA });
    return { value };
  } catch {
    return undefined;
  }
}

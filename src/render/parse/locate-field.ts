import { EVENT_ID, getScalarValue, parseEvents } from 'js-yaml';
import type { Event, ScalarEvent } from 'js-yaml';
import type { FieldPath } from '../../model/index.ts';
import type { YamlDocument } from './parse-yaml.ts';
import { eventStart, skipNode } from './yaml-events.ts';

/** The document's text alone, padded so offsets and columns stay those of the whole file. */
function documentText(text: string, doc: YamlDocument): { source: string; base: number } {
  const lineStart = text.lastIndexOf('\n', doc.offset - 1) + 1;
  const indent = text.slice(lineStart, doc.offset).replace(/[^\t]/g, ' ');
  return { source: indent + text.slice(doc.offset, doc.end), base: lineStart };
}

function findInMapping(
  events: readonly Event[],
  source: string,
  i: number,
  key: string,
): { keyAt: number; valueAt: number } | undefined {
  let j = i + 1;
  while (j < events.length && (events[j] as Event).type !== EVENT_ID.POP) {
    const keyEvent = events[j] as Event;
    const valueAt = skipNode(events, j);
    if (keyEvent.type === EVENT_ID.SCALAR && getScalarValue(source, keyEvent as ScalarEvent) === key) {
      return { keyAt: j, valueAt };
    }
    j = skipNode(events, valueAt);
  }
  return undefined;
}

function findInSequence(events: readonly Event[], i: number, index: number): number | undefined {
  let j = i + 1;
  for (let n = 0; j < events.length && (events[j] as Event).type !== EVENT_ID.POP; n++) {
    if (n === index) return j;
    j = skipNode(events, j);
  }
  return undefined;
}

/**
 * The offset of a field inside one document, for diagnostics: the field's key when it exists,
 * else the nearest enclosing node that does (a missing field is reported where it belongs).
 * Re-parses only that document, so the fast parse path never has to keep positions.
 */
export function locateField(text: string, doc: YamlDocument, path: FieldPath): number {
  const { source, base } = documentText(text, doc);
  let events: Event[];
  try {
    events = parseEvents(source, {});
  } catch {
    return doc.offset;
  }
  let i = events.findIndex((e) => e.type !== EVENT_ID.DOCUMENT);
  if (i < 0) return doc.offset;
  let at = eventStart(events[i] as Event);
  for (const part of path) {
    const node = events[i] as Event;
    if (node.type === EVENT_ID.MAPPING && typeof part === 'string') {
      const found = findInMapping(events, source, i, part);
      if (!found) break;
      at = eventStart(events[found.keyAt] as Event);
      i = found.valueAt;
    } else if (node.type === EVENT_ID.SEQUENCE && typeof part === 'number') {
      const found = findInSequence(events, i, part);
      if (found === undefined) break;
      i = found;
      at = eventStart(events[i] as Event);
    } else {
      break;
    }
  }
  return base + Math.max(at, 0);
}

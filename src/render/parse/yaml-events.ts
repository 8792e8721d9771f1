import { EVENT_ID } from 'js-yaml';
import type { Event } from 'js-yaml';

/** The source offset where an event's node starts; -1 for a document marker or a pop. */
export function eventStart(event: Event): number {
  switch (event.type) {
    case EVENT_ID.MAPPING:
    case EVENT_ID.SEQUENCE:
      return event.start;
    case EVENT_ID.SCALAR:
      return event.valueStart;
    case EVENT_ID.ALIAS:
      return event.anchorStart;
    default:
      return -1;
  }
}

/** Index just past the node that starts at `events[i]` (its closing pop for a collection). */
export function skipNode(events: readonly Event[], i: number): number {
  const type = events[i]?.type;
  if (type !== EVENT_ID.MAPPING && type !== EVENT_ID.SEQUENCE) return i + 1;
  let depth = 0;
  for (let j = i; j < events.length; j++) {
    const t = (events[j] as Event).type;
    if (t === EVENT_ID.MAPPING || t === EVENT_ID.SEQUENCE) depth++;
    else if (t === EVENT_ID.POP && --depth === 0) return j + 1;
  }
  return events.length;
}

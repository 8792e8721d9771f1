import { EVENT_ID } from 'js-yaml';
import type { Event } from 'js-yaml';
import { eventStart } from './yaml-events.ts';

/**
 * The node counts of one document as a decoder that copies every alias would see them: `nodes`
 * is every node decoded, `aliased` the ones decoded inside an alias's expansion.
 */
export interface AliasExpansion {
  nodes: number;
  aliased: number;
  /** Where the document's root starts. */
  offset: number;
}

/**
 * The share of aliased nodes a document may have, by its size: go-yaml's rule (which the
 * Kubernetes API server's decoder applies too), 99% up to 400,000 decoded nodes falling linearly
 * to 10% at 4,000,000. A small document may alias freely; a large one mostly written out.
 */
function allowedAliasRatio(nodes: number): number {
  const low = 400_000;
  const high = 4_000_000;
  if (nodes <= low) return 0.99;
  if (nodes >= high) return 0.1;
  return 0.99 - 0.89 * ((nodes - low) / (high - low));
}

/** Whether a document aliases so much that decoding it would blow up (a "billion laughs"). */
export function excessiveAliasing(expansion: AliasExpansion): boolean {
  const { nodes, aliased } = expansion;
  return aliased > 100 && nodes > 1000 && aliased / nodes > allowedAliasRatio(nodes);
}

interface Frame {
  size: number;
  anchor: string | undefined;
}

function anchorOf(text: string, event: { anchorStart: number; anchorEnd: number }): string | undefined {
  return event.anchorStart < 0 ? undefined : text.slice(event.anchorStart, event.anchorEnd);
}

/**
 * Counts each document's expanded size from the parser's events, without expanding anything:
 * an anchor's expanded size is remembered when its node closes, and an alias adds it. Linear in
 * the events, whatever the expansion, so a bomb is measured before it is constructed.
 */
export function aliasExpansions(text: string, events: readonly Event[]): AliasExpansion[] {
  const out: AliasExpansion[] = [];
  const stack: Frame[] = [];
  let anchors = new Map<string, number>();
  let aliased = 0;
  let offset = -1;
  const add = (size: number) => {
    const top = stack.at(-1);
    if (top) top.size += size;
  };
  for (const event of events) {
    switch (event.type) {
      case EVENT_ID.DOCUMENT:
        stack.push({ size: 0, anchor: undefined });
        anchors = new Map();
        aliased = 0;
        offset = -1;
        break;
      case EVENT_ID.MAPPING:
      case EVENT_ID.SEQUENCE:
        if (offset < 0) offset = eventStart(event);
        stack.push({ size: 1, anchor: anchorOf(text, event) });
        break;
      case EVENT_ID.SCALAR: {
        if (offset < 0) offset = eventStart(event);
        const anchor = anchorOf(text, event);
        if (anchor !== undefined) anchors.set(anchor, 1);
        add(1);
        break;
      }
      case EVENT_ID.ALIAS: {
        const expanded = anchors.get(text.slice(event.anchorStart, event.anchorEnd)) ?? 0;
        aliased += expanded;
        add(1 + expanded);
        break;
      }
      case EVENT_ID.POP: {
        const frame = stack.pop();
        if (!frame) break;
        if (stack.length === 0) {
          out.push({ nodes: frame.size, aliased, offset: Math.max(offset, 0) });
          break;
        }
        if (frame.anchor !== undefined) anchors.set(frame.anchor, frame.size);
        add(frame.size);
        break;
      }
    }
  }
  return out;
}

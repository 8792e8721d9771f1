/**
 * The watch protocol's wire form, parsed: the API server streams one JSON event per line
 * (`{"type":"ADDED","object":{...}}`), and a chunk may end inside a line. Pure.
 */
import { isRecord } from '../model/index.ts';
import type { KubeObject } from '../model/index.ts';
import type { WatchEvent } from './kube-client.ts';

/** One line of a watch stream as a {@link WatchEvent}; undefined for a line that is none (blank, unknown type). */
export function parseWatchLine(line: string): WatchEvent | undefined {
  if (line.trim() === '') return undefined;
  const doc: unknown = JSON.parse(line);
  if (!isRecord(doc) || !isRecord(doc['object'])) return undefined;
  const object = doc['object'];
  switch (doc['type']) {
    case 'ADDED':
    case 'MODIFIED':
    case 'DELETED':
      return { type: doc['type'], object: object as unknown as KubeObject };
    case 'BOOKMARK': {
      const meta = isRecord(object['metadata']) ? object['metadata'] : {};
      return { type: 'BOOKMARK', resourceVersion: String(meta['resourceVersion'] ?? '') };
    }
    case 'ERROR':
      return {
        type: 'ERROR',
        code: typeof object['code'] === 'number' ? object['code'] : 0,
        reason: String(object['reason'] ?? 'Unknown'),
        message: String(object['message'] ?? ''),
      };
    default:
      return undefined;
  }
}

/** Splits a stream's chunks into whole lines, each handed to `onLine` once it is complete. */
export function lineSplitter(onLine: (line: string) => void): { push(chunk: string): void; end(): void } {
  let partial = '';
  return {
    push(chunk) {
      const lines = (partial + chunk).split('\n');
      partial = lines.pop() ?? '';
      for (const line of lines) onLine(line);
    },
    end() {
      if (partial !== '') onLine(partial);
      partial = '';
    },
  };
}

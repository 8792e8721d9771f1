/**
 * The body of a watch response: one JSON event per line (`{"type": …, "object": …}`), for as long
 * as the server keeps the stream open. Bookmarks only move the resourceVersion on; an ERROR event
 * carries a Status (410 when the version is too old to resume from) and ends the watch.
 */
import type { IncomingMessage } from 'node:http';
import type { KubeObject } from '../model/index.ts';
import type { WatchEvent } from './kube-client.ts';

/** How a Status the server streamed becomes the client's error. */
export type StatusFailure = (status: number, reason: string, message: string) => Error;

interface RawEvent {
  type?: string;
  object?: KubeObject & { code?: number; reason?: string; message?: string };
}

function versionOf(object: KubeObject | undefined): string | undefined {
  const version = object?.metadata?.resourceVersion;
  return typeof version === 'string' && version !== '' ? version : undefined;
}

/**
 * Hands every change of `res` to `onEvent`; resolves with the last resourceVersion seen when the
 * server ends the stream, rejects on an ERROR event or a connection that breaks off.
 */
export function followWatchStream(
  res: IncomingMessage,
  from: string,
  onEvent: (event: WatchEvent) => void,
  failure: StatusFailure,
): Promise<string> {
  let version = from;
  let partial = '';
  return new Promise<string>((resolve, reject) => {
    const line = (text: string): void => {
      if (text.trim() === '') return;
      const event = JSON.parse(text) as RawEvent;
      if (event.type === 'ERROR') {
        const status = event.object;
        throw failure(status?.code ?? 500, status?.reason ?? 'Unknown', status?.message ?? text.slice(0, 500));
      }
      version = versionOf(event.object) ?? version;
      if (event.type === 'ADDED' || event.type === 'MODIFIED' || event.type === 'DELETED')
        onEvent({ type: event.type, object: event.object as KubeObject });
    };
    let ended = false;
    res.setEncoding('utf8');
    res.on('data', (chunk: string) => {
      const lines = (partial + chunk).split('\n');
      partial = lines.pop() ?? '';
      try {
        for (const text of lines) line(text);
      } catch (error) {
        ended = true;
        res.destroy();
        reject(error);
      }
    });
    res.on('end', () => {
      if (ended) return;
      ended = true;
      try {
        line(partial);
        resolve(version);
      } catch (error) {
        reject(error);
      }
    });
    res.on('error', reject);
    res.on('close', () => {
      if (!ended) reject(new Error('the watch stream broke off'));
    });
  });
}

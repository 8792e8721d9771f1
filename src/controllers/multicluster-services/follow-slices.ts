/**
 * Follows the EndpointSlices of one Service in one provider member, as an informer does: a list, then a watch from
 * its resourceVersion, resumed from the last version whenever the server ends the stream, and started afresh from a
 * new list when that version is gone (410) or the member failed (after a backoff that doubles up to a limit). Each
 * list replaces what was known; each event changes one slice. Dispatched copies are never collected.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { EndpointSlice } from '../../model/index.ts';
import { SERVICE_NAME_LABEL } from '../../model/index.ts';
import { KubeApiError } from '../../apply/errors/index.ts';
import type { KubeClient, WatchEvent } from '../../apply/kube-client.ts';
import { isDispatched } from './dispatch-plan.ts';

/** What one follower reports. */
export interface SliceFollowerOptions {
  /** The provider's client, asked again after each failure (credentials may have rotated). */
  client: () => Promise<KubeClient>;
  namespace: string;
  service: string;
  /** Everything the member holds now (after each list). */
  onList: (slices: EndpointSlice[]) => void;
  /** One slice changed; `undefined` when it is gone (or is a dispatched copy). */
  onChange: (name: string, slice: EndpointSlice | undefined) => void;
  onError: (error: unknown) => void;
  signal: AbortSignal;
  /** @default 500 */
  backoffMs?: number;
  /** @default 30_000 */
  maxBackoffMs?: number;
  /** How long one watch stream stays open. @default 300 */
  timeoutSeconds?: number;
}

const gone = (error: unknown): boolean => error instanceof KubeApiError && error.data.status === 410;

function collected(slices: readonly EndpointSlice[]): EndpointSlice[] {
  return slices.filter((s) => !isDispatched(s));
}

/** Starts following; it ends when the signal aborts. */
export async function followSlices(o: SliceFollowerOptions): Promise<void> {
  const query = {
    apiVersion: 'discovery.k8s.io/v1',
    kind: 'EndpointSlice',
    namespace: o.namespace,
    labelSelector: `${SERVICE_NAME_LABEL}=${o.service}`,
  };
  const onEvent = (event: WatchEvent): void => {
    const slice = event.object as EndpointSlice;
    o.onChange(slice.metadata.name ?? '', event.type === 'DELETED' || isDispatched(slice) ? undefined : slice);
  };
  const base = o.backoffMs ?? 500;
  let delay = base;
  while (!o.signal.aborted) {
    try {
      const client = (await o.client()).withSignal(o.signal);
      const list = await client.listVersioned(query);
      o.onList(collected(list.items as EndpointSlice[]));
      delay = base;
      let version = list.resourceVersion;
      for (;;)
        version = await client.watch(
          { ...query, resourceVersion: version, timeoutSeconds: o.timeoutSeconds ?? 300 },
          onEvent,
        );
    } catch (error) {
      if (o.signal.aborted) return;
      if (gone(error)) continue;
      o.onError(error);
      await sleep(delay, undefined, { signal: o.signal }).catch(() => undefined);
      delay = Math.min(delay * 2, o.maxBackoffMs ?? 30_000);
    }
  }
}

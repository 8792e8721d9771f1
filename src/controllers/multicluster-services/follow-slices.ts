/**
 * Follows the EndpointSlices of the exported Services of one provider member, as an informer does, over one watch
 * whatever their number (a watch holds a connection for minutes, and a member's client has few): a list of the
 * slices labelled with any of the Services' names, then a watch from its resourceVersion, resumed from the last
 * version whenever the server ends the stream, and started afresh from a new list when that version is gone (410) or
 * the member failed (after a backoff that doubles up to a limit). A slice of a namespace the Service is not exported
 * from, and a dispatched copy, are no one's.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { EndpointSlice } from '../../model/index.ts';
import { SERVICE_NAME_LABEL } from '../../model/index.ts';
import type { KubeClient, WatchEvent } from '../../apply/kube-client.ts';
import { isDispatched } from './dispatch-plan.ts';

/** A Service of the provider, by namespace and name. */
export interface FollowedService {
  namespace: string;
  service: string;
}

/** What one follower reports. */
export interface SliceFollowerOptions {
  /** The provider's client, asked again after each failure (credentials may have rotated). */
  client: () => Promise<KubeClient>;
  /** The Services followed, by `<namespace>/<name>`. */
  services: ReadonlyMap<string, FollowedService>;
  /** Everything the member holds now, per Service followed (after each list). */
  onList: (slices: ReadonlyMap<string, EndpointSlice[]>) => void;
  /** One slice of a Service changed; `undefined` when it is gone (or became a dispatched copy). */
  onChange: (service: string, name: string, slice: EndpointSlice | undefined) => void;
  onError: (error: unknown) => void;
  signal: AbortSignal;
  /** @default 500 */
  backoffMs?: number;
  /** @default 30_000 */
  maxBackoffMs?: number;
  /** How long one watch stream stays open. @default 300 */
  timeoutSeconds?: number;
}

/** The `<namespace>/<name>` of the Service a slice belongs to. */
const serviceOf = (slice: EndpointSlice): string =>
  `${slice.metadata.namespace ?? ''}/${slice.metadata.labels?.[SERVICE_NAME_LABEL] ?? ''}`;

/** Starts following; it ends when the signal aborts. */
export async function followSlices(o: SliceFollowerOptions): Promise<void> {
  const names = [...new Set([...o.services.values()].map((s) => s.service))].sort();
  const query = {
    apiVersion: 'discovery.k8s.io/v1',
    kind: 'EndpointSlice',
    labelSelector: `${SERVICE_NAME_LABEL} in (${names.join(',')})`,
  };
  const changed = (type: 'ADDED' | 'MODIFIED' | 'DELETED', slice: EndpointSlice): void => {
    const service = serviceOf(slice);
    if (!o.services.has(service)) return;
    o.onChange(service, slice.metadata.name ?? '', type === 'DELETED' || isDispatched(slice) ? undefined : slice);
  };
  const base = o.backoffMs ?? 500;
  let delay = base;
  while (!o.signal.aborted) {
    try {
      const client = (await o.client()).withSignal(o.signal);
      const list = await client.listWithVersion(query);
      const byService = new Map([...o.services.keys()].map((key) => [key, [] as EndpointSlice[]]));
      for (const slice of list.items as EndpointSlice[])
        if (!isDispatched(slice)) byService.get(serviceOf(slice))?.push(slice);
      o.onList(byService);
      delay = base;
      let version = list.resourceVersion;
      for (;;) {
        let ended: { expired: true } | { error: Error } | undefined;
        const onEvent = (event: WatchEvent): void => {
          if (event.type === 'BOOKMARK') version = event.resourceVersion || version;
          else if (event.type === 'ERROR')
            ended =
              event.code === 410
                ? { expired: true }
                : { error: new Error(`the watch ended: ${event.code} ${event.reason}: ${event.message}`) };
          else {
            const at = event.object.metadata.resourceVersion;
            if (typeof at === 'string' && at !== '') version = at;
            changed(event.type, event.object as EndpointSlice);
          }
        };
        const watch = { ...query, resourceVersion: version, timeoutSeconds: o.timeoutSeconds ?? 300 };
        await client.watch(watch, onEvent, o.signal);
        if (o.signal.aborted) return;
        const end = ended as { expired: true } | { error: Error } | undefined;
        if (end && 'error' in end) throw end.error;
        if (end) break;
      }
    } catch (error) {
      if (o.signal.aborted) return;
      o.onError(error);
      await sleep(delay, undefined, { signal: o.signal }).catch(() => undefined);
      delay = Math.min(delay * 2, o.maxBackoffMs ?? 30_000);
    }
  }
}

/**
 * Follows the EndpointSlices of the exported Services of one provider member over one reflector whatever their
 * number (a watch holds a connection for minutes, and a member's client has few): the slices labelled with any of
 * the Services' names, listed, then watched, resumed and listed again as the reflector does (src/apply/reflector.ts).
 * A slice of a namespace the Service is not exported from, and a dispatched copy, are no one's.
 */
import type { EndpointSlice } from '../../model/index.ts';
import { SERVICE_NAME_LABEL } from '../../model/index.ts';
import type { KubeClient } from '../../apply/index.ts';
import { startReflector, type Reflector } from '../../apply/index.ts';
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
  /** The first wait after a failure; it doubles up to 30 s. @default 1000 */
  backoffMs?: number;
}

/** The `<namespace>/<name>` of the Service a slice belongs to. */
const serviceOf = (slice: EndpointSlice): string =>
  `${slice.metadata.namespace ?? ''}/${slice.metadata.labels?.[SERVICE_NAME_LABEL] ?? ''}`;

/** Starts following; {@link Reflector.stop} ends it. */
export function followSlices(o: SliceFollowerOptions): Reflector {
  const names = [...new Set([...o.services.values()].map((s) => s.service))].sort();
  const query = {
    apiVersion: 'discovery.k8s.io/v1',
    kind: 'EndpointSlice',
    labelSelector: `${SERVICE_NAME_LABEL} in (${names.join(',')})`,
  };
  return startReflector(
    o.client,
    query,
    {
      replace: (items) => {
        const byService = new Map([...o.services.keys()].map((key) => [key, [] as EndpointSlice[]]));
        for (const slice of items as EndpointSlice[])
          if (!isDispatched(slice)) byService.get(serviceOf(slice))?.push(slice);
        o.onList(byService);
      },
      change: (type, object) => {
        const slice = object as EndpointSlice;
        const service = serviceOf(slice);
        if (!o.services.has(service)) return;
        o.onChange(service, slice.metadata.name ?? '', type === 'DELETED' || isDispatched(slice) ? undefined : slice);
      },
      progress: () => undefined,
      failed: o.onError,
    },
    o.backoffMs === undefined ? {} : { backoffMs: o.backoffMs },
  );
}

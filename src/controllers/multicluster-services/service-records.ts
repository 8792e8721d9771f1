/**
 * The multi-cluster services as the status branch records them: per exported Service, each provider with whether its
 * endpoints are dispatched and how many it has, each consumer with how many it holds and whether the last write to
 * it succeeded. What the controller has not read yet since it started (a provider not listed, a consumer not
 * written) is taken from the record it resumed from, so a restart rewrites nothing it has not seen change. Pure.
 */
import { multiClusterServiceKey, TEMPLATE_ANNOTATION } from '../../model/index.ts';
import type {
  EndpointSlice,
  RecordedMultiClusterService,
  ServiceConsumer,
  ServiceProvider,
} from '../../model/index.ts';
import { collectionKey, type Collections, type ConsumerPlan, frozenKey } from './dispatch-plan.ts';
import type { ExportedService } from './exported-services.ts';
import { usable, type MemberView } from './member-views.ts';

/** How the last write to a consumer went; absent for a member this process does not write. */
export interface ConsumerOutcome {
  ok: boolean;
  message?: string;
}

/** What the records are made of. */
export interface RecordsInput {
  services: readonly ExportedService[];
  views: ReadonlyMap<string, MemberView>;
  collections: Collections;
  plans: ReadonlyMap<string, ConsumerPlan>;
  outcomes: ReadonlyMap<string, ConsumerOutcome>;
  /** The members this process writes. */
  owned: ReadonlySet<string>;
  /** The records the controller resumed from, by {@link multiClusterServiceKey}. */
  restored: ReadonlyMap<string, RecordedMultiClusterService>;
}

const endpointsIn = (slices: Iterable<EndpointSlice>): number => {
  let n = 0;
  for (const s of slices) n += s.endpoints?.length ?? 0;
  return n;
};

function provider(s: ExportedService, cluster: string, input: RecordsInput, before?: ServiceProvider): ServiceProvider {
  const ready = usable(input.views, cluster);
  const collection = input.collections.get(collectionKey(cluster, s.namespace, s.name));
  if (!collection?.synced) return { cluster, ready, slices: before?.slices ?? 0, endpoints: before?.endpoints ?? 0 };
  return { cluster, ready, slices: collection.slices.size, endpoints: endpointsIn(collection.slices.values()) };
}

/** Whether the last write to an owned consumer succeeded, as the record says it. */
function written(cluster: string, input: RecordsInput, before?: ServiceConsumer): Partial<ServiceConsumer> {
  if (!input.owned.has(cluster)) return {};
  const outcome = input.outcomes.get(cluster);
  if (outcome) return { dispatched: outcome.ok, ...(outcome.message ? { message: outcome.message } : {}) };
  if (before?.dispatched !== undefined)
    return { dispatched: before.dispatched, ...(before.message ? { message: before.message } : {}) };
  return { dispatched: false, message: 'not written yet' };
}

function consumer(s: ExportedService, cluster: string, input: RecordsInput, before?: ServiceConsumer): ServiceConsumer {
  const plan = input.plans.get(cluster);
  if (!plan) {
    const view = input.views.get(cluster);
    const why = view?.pull
      ? 'a Pull member: endpoints are not copied to it'
      : view?.ready === false
        ? 'not Ready'
        : 'does not serve EndpointSlices';
    return {
      cluster,
      slices: 0,
      endpoints: 0,
      ...(input.owned.has(cluster) ? { dispatched: false, message: why } : {}),
    };
  }
  const frozen = s.providers.some((p) => plan.frozen.has(frozenKey(s.key, p)));
  if (frozen && before) return { ...before, cluster };
  const mine = [...plan.slices.values()].filter((slice) => slice.metadata.annotations?.[TEMPLATE_ANNOTATION] === s.key);
  return { cluster, slices: mine.length, endpoints: endpointsIn(mine), ...written(cluster, input, before) };
}

/** One record per exported Service, in their order. */
export function serviceRecords(input: RecordsInput): RecordedMultiClusterService[] {
  return input.services.map((s) => {
    const before = input.restored.get(multiClusterServiceKey(s));
    return {
      kind: s.kind,
      namespace: s.namespace,
      name: s.name,
      providers: s.providers.map((p) =>
        provider(
          s,
          p,
          input,
          before?.providers.find((x) => x.cluster === p),
        ),
      ),
      consumers: s.consumers.map((c) =>
        consumer(
          s,
          c,
          input,
          before?.consumers.find((x) => x.cluster === c),
        ),
      ),
      ...(s.ingresses ? { ingresses: s.ingresses } : {}),
    };
  });
}

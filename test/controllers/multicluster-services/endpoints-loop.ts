// The endpoints controller of one `run` process over in-memory members, its passes driven
// through the phases of the controller seam and its engine running between them.
import type { ClusterStatus } from '../../../src/model/index.ts';
import { MultiClusterServicesController } from '../../../src/controllers/multicluster-services/multicluster-services-controller.ts';
import type { ControllerRecords } from '../../../src/controllers/index.ts';
import { FakeKubeClient } from '../../fakes/kube-client.ts';
import { waitFor } from '../../helpers/wait.ts';
import { load, MEMBERS, render } from './fixtures.ts';

export const INVENTORY = 'fleet-a';

/** Three in-memory members. */
export function fakeMembers(): Map<string, FakeKubeClient> {
  return new Map(MEMBERS.map((m) => [m, new FakeKubeClient(m)]));
}

/** One process: its controller started over `members`; `pass` runs a pass over `yaml`. */
export function endpointsLoop(members: ReadonlyMap<string, FakeKubeClient>, statusIntervalMs = 60_000, inventoryName = INVENTORY, retryMs = 20) {
  const controller = new MultiClusterServicesController({ inventoryName, statusIntervalMs, debounceMs: 10, retryMs });
  const requests: string[] = [];
  const warnings: string[] = [];
  let first = true;
  const started = controller.start({
    access: {
      kubeconfig: {},
      client: {},
      connect: async (clusters) => new Map(clusters.map((c) => [c.metadata.name, members.get(c.metadata.name) ?? new Error('no such member')])),
    },
    clusters: () => [],
    now: () => Date.now(),
    requestPass: (detail) => requests.push(detail),
    memberProbed: () => undefined,
    warn: (_fields, message) => warnings.push(message),
  });
  return {
    controller,
    requests,
    warnings,
    /** A pass over `yaml` up to its apply, members' status as `observed`; `restore` on the first pass. `apply()` ends it. */
    render(yaml: string, observed: ReadonlyMap<string, ClusterStatus> = new Map(), restore?: ControllerRecords) {
      const fleet = load(yaml);
      const now = Date.now();
      const before = controller.beforeRender({
        now,
        lastBindings: [],
        scheduling: { fleet, observedClusters: new Map(observed), previousSchedules: new Map() },
        ...(first && restore ? { restore } : {}),
      });
      first = false;
      const rendered = render(before.scheduling.fleet, observed);
      const after = before.next.afterRender({ now, fleet, bindings: rendered.bindings, complete: true, clusters: MEMBERS });
      return { apply: (): Partial<ControllerRecords> => after.next.afterApply({ now, applied: [], notApplied: [] }).records };
    },
    /** One whole pass: {@link render}, then its apply. */
    pass(yaml: string, observed: ReadonlyMap<string, ClusterStatus> = new Map(), restore?: ControllerRecords): Partial<ControllerRecords> {
      return this.render(yaml, observed, restore).apply();
    },
    close: () => started.close(),
  };
}

/** The names of the dispatched slices a member holds, sorted. */
export function dispatched(member: FakeKubeClient): string[] {
  return [...member.objects.values()]
    .filter(
      (o) => o.kind === 'EndpointSlice' && o.metadata.labels?.['endpointslice.kubernetes.io/managed-by'] === 'endpointslice-dispatch-controller.karmada.io',
    )
    .map((o) => o.metadata.name ?? '')
    .sort();
}

/** Waits until every member holds the dispatched slices `want` names (members not named hold none). */
export async function holding(members: ReadonlyMap<string, FakeKubeClient>, want: Record<string, string[]>): Promise<void> {
  const now = () => Object.fromEntries([...members].map(([m, c]) => [m, dispatched(c)]));
  const expected = Object.fromEntries([...members.keys()].map((m) => [m, want[m] ?? []]));
  await waitFor(
    `dispatched slices ${JSON.stringify(expected)}, holding ${JSON.stringify(now())}`,
    async () => (JSON.stringify(now()) === JSON.stringify(expected) ? true : undefined),
    {
      timeoutMs: 3000,
      intervalMs: 10,
    },
  );
}

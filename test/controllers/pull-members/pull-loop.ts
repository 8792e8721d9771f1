// Passes of one process through the controller phases over a fleet given per pass (a Cluster may change its
// syncMode between passes), for the pull-members tests: what web is placed on, member3's Ready reason.
import type { Controller } from '../../../src/controllers/controller.ts';
import { createInterpreter } from '../../../src/interpreter/index.ts';
import type { ClusterStatus } from '../../../src/model/index.ts';
import { schedulesOf } from '../../../src/reconcile/pass/pass.ts';
import { loadFleet } from '../../../src/render/load/load-fleet.ts';
import { parseSources } from '../../../src/render/parse/parse-sources.ts';
import { renderFleet } from '../../../src/render/render-fleet.ts';
import type { Rendered } from '../../../src/render/render-fleet.ts';
import type { AgentReports } from '../../../src/status/index.ts';
import { MEMBERS } from '../failover/failover-loop.ts';

export const READY: ClusterStatus = { conditions: [{ type: 'Ready', status: 'True', reason: 'ClusterReady' }] };

export function pullLoop(controller: Controller) {
  const interpreter = createInterpreter([]);
  let last: Rendered['bindings'] = [];
  return (yaml: string, now: number, reports: AgentReports | undefined) => {
    const { fleet } = loadFleet(parseSources([{ path: 'fleet.yaml', blobId: 'b', content: Buffer.from(yaml) }]));
    const observedClusters = new Map(MEMBERS.map((m) => [m, READY]));
    const before = controller.beforeRender({
      now,
      lastBindings: last,
      ...(reports ? { agentReports: reports } : {}),
      scheduling: { fleet, observedClusters, previousSchedules: schedulesOf(last) },
    });
    const out = renderFleet(before.scheduling.fleet, interpreter, {
      sourceCommit: 'c',
      detect: {},
      previousSchedules: before.scheduling.previousSchedules,
      observedClusters: before.scheduling.observedClusters,
    });
    last = out.bindings;
    const after = before.next.afterRender({ now, fleet, bindings: out.bindings, complete: true, clusters: MEMBERS });
    after.next.afterApply({ now, applied: [], notApplied: [] });
    const ready = before.scheduling.observedClusters.get('member3')?.conditions?.find((c) => c.type === 'Ready');
    return { placed: (last[0]?.binding?.clusters ?? []).map((c) => c.name).sort(), ready: ready?.reason, diagnostics: after.diagnostics };
  };
}

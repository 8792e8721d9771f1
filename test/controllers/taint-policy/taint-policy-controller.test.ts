// The taint policy controller driven through the phases with the failover controller after it, as
// the registry orders them: a member's observed condition taints it and its workload is evicted.
import { describe, expect, it } from 'vitest';
import type { Controller } from '../../../src/controllers/controller.ts';
import { FailoverController } from '../../../src/controllers/failover/failover-controller.ts';
import { inOrder } from '../../../src/controllers/in-order.ts';
import { recordedTaintPolicy, TaintPolicyController } from '../../../src/controllers/taint-policy/taint-policy-controller.ts';
import { createInterpreter } from '../../../src/interpreter/index.ts';
import type { ClusterStatus } from '../../../src/model/index.ts';
import { schedulesOf } from '../../../src/reconcile/pass/pass.ts';
import { loadFleet } from '../../../src/render/load/load-fleet.ts';
import { parseSources } from '../../../src/render/parse/parse-sources.ts';
import { renderFleet } from '../../../src/render/render-fleet.ts';
import type { Rendered } from '../../../src/render/render-fleet.ts';
import { emptyControllerRecords } from '../../../src/controllers/index.ts';
import type { ControllerRecords } from '../../../src/controllers/index.ts';
import { MEMBERS, webFleet } from '../failover/failover-loop.ts';

const T0 = Date.parse('2026-01-01T00:00:00Z');

const POLICY = `---
apiVersion: policy.karmada.io/v1alpha1
kind: ClusterTaintPolicy
metadata: {name: not-ready}
spec:
  addOnConditions: [{conditionType: NetworkReady, operator: In, statusValues: ['False', Unknown]}]
  removeOnConditions: [{conditionType: NetworkReady, operator: In, statusValues: ['True']}]
  taints: [{key: example.io/not-ready, effect: NoExecute}]
`;

// A third party's condition: Ready stays True, so only the taint keeps the scheduler off member2.
const status = (network: 'True' | 'False'): ClusterStatus => ({
  conditions: [
    { type: 'Ready', status: 'True' },
    { type: 'NetworkReady', status: network },
  ],
});
const observed = (member2: 'True' | 'False') => new Map(MEMBERS.map((m) => [m, status(m === 'member2' ? member2 : 'True')]));

/** Passes of one process over `yaml` with `controller`; each returns the members web is placed on and the records. */
function loop(yaml: string, controller: Controller, restore?: ControllerRecords) {
  const { fleet } = loadFleet(parseSources([{ path: 'fleet.yaml', blobId: 'b', content: Buffer.from(yaml) }]));
  const interpreter = createInterpreter([]);
  let last: Rendered['bindings'] = [];
  let first = true;
  return (now: number, member2: 'True' | 'False') => {
    const before = controller.beforeRender({
      now,
      lastBindings: last,
      ...(first && restore ? { restore } : {}),
      scheduling: { fleet, observedClusters: observed(member2), previousSchedules: schedulesOf(last) },
    });
    const out = renderFleet(before.scheduling.fleet, interpreter, {
      sourceCommit: 'c',
      detect: {},
      previousSchedules: before.scheduling.previousSchedules,
      observedClusters: before.scheduling.observedClusters,
    });
    first = false;
    last = out.bindings;
    const afterRender = before.next.afterRender({ now, fleet, bindings: out.bindings, complete: true, clusters: MEMBERS });
    const afterApply = afterRender.next.afterApply({ now, applied: [], notApplied: [] });
    const requested = afterApply.next.afterStatus({ now, renderedClusters: [], observedClusters: observed(member2), owns: () => true }).requestPass;
    const records: ControllerRecords = { ...emptyControllerRecords(), ...afterApply.records };
    const evicted = [...before.scheduling.previousSchedules.values()].flatMap((s) => s.evictedClusters ?? []);
    return { placed: (last[0]?.binding?.clusters ?? []).map((c) => c.name).sort(), records, requested, evicted };
  };
}

describe('ClusterTaintPolicy through the controller seam', () => {
  it('NetworkReady=False taints member2 NoExecute; the failover after it evicts web; NetworkReady=True removes the taint', () => {
    const pass = loop(webFleet() + POLICY, inOrder([new TaintPolicyController(), new FailoverController()]));
    expect(pass(T0, 'True').placed).toEqual(MEMBERS);
    const tainted = pass(T0 + 1000, 'False');
    expect(tainted.records['taint-policy'].get('member2')).toEqual([
      { key: 'example.io/not-ready', effect: 'NoExecute', timeAdded: new Date(T0 + 1000).toISOString() },
    ]);
    expect(tainted.evicted).toEqual(['member2']);
    expect(tainted.placed).toEqual(['member1', 'member3']);
    const recovered = pass(T0 + 3000, 'True');
    expect(recovered.records['taint-policy'].size).toBe(0);
    expect(recovered.placed).toEqual(MEMBERS);
  });

  it('asks for a pass when the status step observes conditions that change the taints', () => {
    const controller = new TaintPolicyController();
    const pass = loop(webFleet() + POLICY, controller);
    const { fleet } = loadFleet(parseSources([{ path: 'fleet.yaml', blobId: 'b', content: Buffer.from(webFleet() + POLICY) }]));
    expect(pass(T0, 'True').requested).toBeUndefined();
    const next = controller.beforeRender({
      now: T0,
      lastBindings: [],
      scheduling: { fleet, observedClusters: observed('True'), previousSchedules: new Map() },
    });
    const applied = next.next
      .afterRender({ now: T0, fleet, bindings: [], complete: true, clusters: MEMBERS })
      .next.afterApply({ now: T0, applied: [], notApplied: [] });
    expect(applied.next.afterStatus({ now: T0, renderedClusters: [], observedClusters: observed('False'), owns: () => true }).requestPass).toBe(
      'cluster taint policies changed the taints of member2',
    );
  });

  it('a restarted run and the recorded form (plan, apply) resume from the record: the taint keeps its time, no reschedule onto member2', () => {
    const record = {
      ...emptyControllerRecords(),
      'taint-policy': new Map([['member2', [{ key: 'example.io/not-ready', effect: 'NoExecute' as const, timeAdded: new Date(T0).toISOString() }]]]),
    };
    for (const controller of [new TaintPolicyController(), recordedTaintPolicy()]) {
      const out = loop(webFleet('', '') + POLICY, controller, record)(T0 + 5000, 'False');
      expect(out.records['taint-policy']).toEqual(record['taint-policy']);
      expect(out.placed).toEqual(['member1', 'member3']);
    }
  });

  it('the recorded form decides nothing: a matching condition adds no taint', () => {
    const out = loop(webFleet() + POLICY, recordedTaintPolicy(), emptyControllerRecords())(T0, 'False');
    expect(out.records['taint-policy'].size).toBe(0);
    expect(out.placed).toEqual(MEMBERS);
  });
});

/**
 * Answers where Flotilla departs from Karmada on purpose (docs/karmada-compatibility.md), pinned
 * so a change to them is a decision, not an accident.
 */
import { describe, expect, it } from 'vitest';
import type { Placement } from '../../src/model/index.ts';
import { schedule } from '../../src/scheduler/index.ts';
import { clusterWithRoom, deployment } from './helpers.ts';

const aggregated: Placement = { replicaScheduling: { replicaSchedulingType: 'Divided', replicaDivisionPreference: 'Aggregated' } };
const names = (n: number) => Array.from({ length: n }, (_, i) => `member${String(i + 1).padStart(2, '0')}`);

describe('deliberate deviations from Karmada', () => {
  it.each<[number, string[]]>([
    [12, ['member01', 'member02', 'member03']],
    [13, ['member01', 'member02', 'member03']],
    [20, ['member01', 'member02', 'member03']],
  ])("Aggregated over %i equally free clusters fills the first ones in name order (a stable sort; Karmada's Go sort reorders ties above 12)", (count, want) => {
    const clusters = names(count).map((name) => clusterWithRoom(name, 10));
    const result = schedule({ resource: deployment, replicas: 25, placement: aggregated }, clusters);
    expect(result.error).toBeNull();
    expect(result.clusters).toEqual([
      { name: want[0], replicas: 9 },
      { name: want[1], replicas: 8 },
      { name: want[2], replicas: 8 },
    ]);
  });

  it('a fresh reschedule of a 0-replica workload with a previous result does not overflow: no replicas anywhere, no error', () => {
    // Karmada adds the previous replicas to MaxInt32 in int32 and wraps negative, then reports
    // "Clusters available replicas … are not enough to schedule"; Flotilla's numbers do not wrap.
    const clusters = names(2).map((name) => clusterWithRoom(name, 10));
    const result = schedule(
      {
        resource: deployment,
        replicas: 0,
        placement: aggregated,
        rescheduleRequested: true,
        previous: [{ name: 'member01', replicas: 3 }],
        replicaRequirements: { resourceRequest: { cpu: '100m' } },
      },
      clusters,
    );
    expect(result.error).toBeNull();
    expect(result.clusters).toEqual([]);
  });
});

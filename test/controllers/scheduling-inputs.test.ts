// Every registered controller passes on the scheduling inputs it does not refine: the members'
// observed nodes reach the render (accurate estimator) whatever controllers come before it.
import { describe, expect, it } from 'vitest';
import { inOrder, liveControllers, recordedControllers } from '../../src/controllers/index.ts';
import type { NodeObservation } from '../../src/model/index.ts';
import { loadFleet } from '../../src/render/load/load-fleet.ts';
import { parseSources } from '../../src/render/parse/parse-sources.ts';

const { fleet } = loadFleet(parseSources([]));
const observedNodes = new Map<string, NodeObservation>([['member1', { nodes: [], pods: [] }]]);

describe('the controllers of a pass', () => {
  it.each([
    ['live', () => liveControllers({ failover: {} })],
    ['recorded', () => recordedControllers()],
  ])('%s: the observed nodes given to the first reach the render', (_name, controllers) => {
    const before = inOrder(controllers()).beforeRender({
      now: Date.parse('2026-01-01T00:00:00Z'),
      lastBindings: [],
      scheduling: { fleet, observedClusters: new Map(), previousSchedules: new Map(), observedNodes },
    });
    expect(before.scheduling.observedNodes).toBe(observedNodes);
  });
});

import { describe, expect, it } from 'vitest';
import type { ApplyHolds, Controller, SchedulingInputs } from '../../src/controllers/controller.ts';
import { inOrder } from '../../src/controllers/in-order.ts';
import { emptyFailoverView } from '../../src/controllers/index.ts';

const FLEET = {
  templates: [],
  propagationPolicies: [],
  clusterPropagationPolicies: [],
  overridePolicies: [],
  clusterOverridePolicies: [],
  clusters: [],
  customizations: [],
  isNamespaced: () => true,
} as unknown as SchedulingInputs['fleet'];

/** A controller that adds one previous schedule, holds what it is given, and records whether it saw the first one's schedule. */
function fake(name: string, holds: ApplyHolds, due: number | undefined, calls: string[]): Controller {
  return {
    name,
    nextDue: () => due,
    beforeRender: (start) => {
      calls.push(`${name}:before:${[...start.scheduling.previousSchedules.keys()].join(',')}`);
      const previousSchedules = new Map(start.scheduling.previousSchedules).set(name, { clusters: [] });
      return {
        scheduling: { ...start.scheduling, previousSchedules },
        next: {
          afterRender: () => {
            calls.push(`${name}:render`);
            return {
              holds,
              diagnostics: [{ file: name, line: 1, column: 1, severity: 'warning', object: name, message: name }],
              next: {
                afterApply: () => {
                  calls.push(`${name}:apply`);
                  return {
                    records: name === 'b' ? { failover: emptyFailoverView() } : {},
                    next: {
                      afterStatus: () => {
                        calls.push(`${name}:status`);
                        return name === 'a' ? { requestPass: 'a wants one' } : {};
                      },
                    },
                  };
                },
              },
            };
          },
        },
      };
    },
  };
}

describe('inOrder: the registered controllers as one', () => {
  it('runs each phase of every controller in registry order, the scheduling inputs of one going to the next, and joins what they decide', () => {
    const calls: string[] = [];
    const a = fake('a', { waiting: new Set(['t1']), kept: new Map([['m1', new Map([['t2', 'a keeps it']])]]) }, 50, calls);
    const b = fake(
      'b',
      {
        waiting: new Set(['t3']),
        kept: new Map([
          [
            'm1',
            new Map([
              ['t2', 'b keeps it'],
              ['t4', 'b'],
            ]),
          ],
        ]),
      },
      20,
      calls,
    );
    const both = inOrder([a, b]);
    const before = both.beforeRender({ now: 0, lastBindings: [], scheduling: { fleet: FLEET, observedClusters: new Map(), previousSchedules: new Map() } });
    expect([...before.scheduling.previousSchedules.keys()]).toEqual(['a', 'b']);
    const rendered = before.next.afterRender({ now: 0, fleet: FLEET, bindings: [], complete: true, clusters: ['m1'] });
    expect(rendered.holds.waiting).toEqual(new Set(['t1', 't3']));
    expect(rendered.holds.kept.get('m1')).toEqual(
      new Map([
        ['t2', 'a keeps it'],
        ['t4', 'b'],
      ]),
    );
    expect(rendered.diagnostics.map((d) => d.object)).toEqual(['a', 'b']);
    const applied = rendered.next.afterApply({ now: 0, applied: [], notApplied: [] });
    expect(applied.records).toEqual({ failover: emptyFailoverView() });
    expect(applied.next.afterStatus({ now: 0, renderedClusters: [], observedClusters: new Map(), owns: () => true })).toEqual({ requestPass: 'a wants one' });
    expect(calls).toEqual(['a:before:', 'b:before:a', 'a:render', 'b:render', 'a:apply', 'b:apply', 'a:status', 'b:status']);
    expect(both.nextDue()).toBe(20);
  });

  it.each([
    ['no controller has a timer', [undefined, undefined], undefined],
    ['the earliest timer wins', [30, 10], 10],
  ])('nextDue: %s', (_name, dues, expected) => {
    const holds: ApplyHolds = { waiting: new Set(), kept: new Map() };
    expect(inOrder(dues.map((d, i) => fake(`c${i}`, holds, d, []))).nextDue()).toBe(expected);
  });
});

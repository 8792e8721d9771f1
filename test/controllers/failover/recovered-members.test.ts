import { describe, expect, it } from 'vitest';
import type { Cluster, ClusterStatus } from '../../../src/model/index.ts';
import { recoveredSinceRender } from '../../../src/controllers/failover/recovered-members.ts';

const condition = (type: string, ok: boolean) => ({ type, status: ok ? ('True' as const) : ('False' as const), reason: type, message: type });

function status(ready: boolean, complete: boolean): ClusterStatus {
  return {
    conditions: [condition('Ready', ready), condition('CompleteAPIEnablements', complete)],
    apiEnablements: complete ? [{ groupVersion: 'apps/v1', resources: [{ name: 'deployments', kind: 'Deployment' }] }] : [],
  };
}

function cluster(name: string, s: ClusterStatus | undefined): Cluster {
  return { apiVersion: 'cluster.karmada.io/v1alpha1', kind: 'Cluster', metadata: { name }, spec: {}, ...(s ? { status: s } : {}) };
}

describe('recoveredSinceRender', () => {
  it.each([
    ['rendered not ready, observed schedulable', status(false, false), status(true, true), ['m']],
    ['rendered Ready by the probe with the empty enablements of a not-ready moment, observed complete', status(true, false), status(true, true), ['m']],
    ['rendered without any status, observed schedulable', undefined, status(true, true), ['m']],
    ['already schedulable when rendered', status(true, true), status(true, true), []],
    ['observed Ready but its enablements still incomplete', status(false, false), status(true, false), []],
    ['observed not ready', status(false, false), status(false, true), []],
  ])('%s', (_name, rendered, observed, expected) => {
    expect(recoveredSinceRender([cluster('m', rendered)], new Map([['m', observed]]))).toEqual(expected);
  });

  it('names no member the loop fails over: its probe, not the status step, says when it is back', () => {
    const rendered = [cluster('m', status(false, false)), cluster('n', status(false, false))];
    const observed = new Map([
      ['m', status(true, true)],
      ['n', status(true, true)],
    ]);
    expect(recoveredSinceRender(rendered, observed, ['m'])).toEqual(['n']);
  });

  it('names nobody the status step did not observe', () => {
    expect(recoveredSinceRender([cluster('m', status(false, false))], new Map())).toEqual([]);
  });
});

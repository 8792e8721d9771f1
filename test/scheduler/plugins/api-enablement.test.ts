import { describe, expect, it } from 'vitest';
import type { ClusterStatus } from '../../../src/model/index.ts';
import { viewCluster } from '../../../src/scheduler/cluster-view.ts';
import { apiEnablement } from '../../../src/scheduler/plugins/api-enablement.ts';
import { cluster } from '../helpers.ts';
import { context } from './context.ts';

const withApps: ClusterStatus = { apiEnablements: [{ groupVersion: 'apps/v1', resources: [{ name: 'deployments', kind: 'Deployment' }] }] };
const withoutApps: ClusterStatus = { apiEnablements: [{ groupVersion: 'v1', resources: [{ name: 'pods', kind: 'Pod' }] }] };

describe('APIEnablement filter (docs/karmada-compatibility.md#filter-and-score-plugins)', () => {
  it.each<[string, ClusterStatus | undefined, string[], string | null]>([
    ['passes a cluster serving the kind', withApps, [], null],
    ['rejects a cluster not serving the kind', withoutApps, [], 'cluster(s) did not have the API resource'],
    ['rejects a cluster with an empty API list', { apiEnablements: [] }, [], 'cluster(s) did not have the API resource'],
    ['passes a cluster that publishes no API list', {}, [], null],
    ['passes a cluster without status', undefined, [], null],
    ['passes a cluster already hosting the binding', withoutApps, ['c'], null],
  ])('%s', (_name, status, previous, want) => {
    const view = viewCluster(cluster('c', {}, status ? { status } : {}));
    expect(apiEnablement.filter?.(context({ previous: new Set(previous) }), view)).toBe(want);
  });
});

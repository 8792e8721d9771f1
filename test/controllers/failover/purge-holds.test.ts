import { describe, expect, it } from 'vitest';
import type { EvictionTask } from '../../../src/controllers/failover/eviction.ts';
import { purgeHolds } from '../../../src/controllers/failover/purge-holds.ts';

const WEB = 'apps/v1/Deployment/shop/web';
const task = (fromCluster: string, purgeMode: EvictionTask['purgeMode'], extra: Partial<EvictionTask> = {}): EvictionTask => ({
  fromCluster,
  createdAt: 0,
  purgeMode,
  reason: 'ApplicationFailure',
  producer: 'resource-binding-application-failover-controller',
  ...extra,
});
const CLUSTERS = ['member1', 'member2', 'member3'];

/** The holds as plain data: kept template keys per cluster, and the waiting templates. */
function holdsOf(tasks: EvictionTask[]) {
  const holds = purgeHolds(new Map([[WEB, tasks]]), CLUSTERS);
  return { kept: Object.fromEntries([...holds.kept].map(([c, m]) => [c, [...m.keys()]])), waiting: [...holds.waiting] };
}

describe('purgeHolds', () => {
  it.each([
    ['no task holds nothing', [], {}, []],
    ['Gracefully keeps the old copy on the evicted member only', [task('member2', 'Gracefully')], { member2: [WEB] }, []],
    ['Never keeps the old copy on the evicted member only', [task('member2', 'Never')], { member2: [WEB] }, []],
    [
      'Directly, not yet purged: the old copy is pruned, every other copy is left as it is and no Work gets the template',
      [task('member2', 'Directly')],
      { member1: [WEB], member3: [WEB] },
      [WEB],
    ],
    ['Directly, purged: nothing held', [task('member2', 'Directly', { purged: true })], {}, []],
    ['Directly waits for every unpurged old copy', [task('member2', 'Directly'), task('member3', 'Directly')], { member1: [WEB] }, [WEB]],
    [
      'a Never copy stays kept while a Directly purge elsewhere is pending',
      [task('member3', 'Never'), task('member2', 'Directly')],
      { member3: [WEB], member1: [WEB] },
      [WEB],
    ],
  ])('%s', (_name, tasks, kept, waiting) => {
    expect(holdsOf(tasks)).toEqual({ kept, waiting });
  });

  it('says why a copy is kept', () => {
    const holds = purgeHolds(new Map([[WEB, [task('member2', 'Never'), task('member3', 'Directly')]]]), CLUSTERS);
    expect(holds.kept.get('member2')?.get(WEB)).toBe('old copy kept while its Never eviction task (ApplicationFailure) lasts');
    expect(holds.kept.get('member1')?.get(WEB)).toBe('left as it is until the old copy on member3 is purged (Directly eviction)');
  });
});

import { describe, expect, it } from 'vitest';
import { groupScore } from '../../../src/scheduler/select/group-score.ts';
import { candidate } from '../helpers.ts';

const members = (scores: number[], available: number[]) => scores.map((score, i) => candidate(`c${i}`, { score, allocatable: available[i] ?? 0 }));

describe('groupScore (group_clusters_test.go, docs/karmada-compatibility.md#spread-constraints)', () => {
  const divided = { duplicated: false, replicas: 100, groupMinGroups: 2, clusterMinGroups: 2 };
  it.each<[string, ReturnType<typeof members>, Parameters<typeof groupScore>[1], number]>([
    ['counts what the first clusters cover of the target', members([100, 100, 0, 0, 0], [30, 30, 30, 10, 10]), divided, 50100],
    ['scores a short group by all it has', members([100, 100, 100, 100, 100], [10, 10, 10, 5, 5]), divided, 40100],
    ['counts the clusters that fit a duplicated workload', members([100, 0, 0], [10, 10, 3]), { ...divided, duplicated: true, replicas: 5 }, 2050],
    ['scores 0 when no cluster fits a duplicated workload', members([100], [1]), { ...divided, duplicated: true, replicas: 5 }, 0],
    ['treats minGroups 0 as 1', members([0, 0], [60, 60]), { ...divided, groupMinGroups: 0, clusterMinGroups: 0 }, 100000],
  ])('%s', (_name, clusters, input, want) => {
    expect(groupScore(clusters, input)).toBe(want);
  });
});

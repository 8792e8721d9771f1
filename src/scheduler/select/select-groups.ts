import { compareNames } from '../name-order.ts';

/** A topology group as the group search sees it (select_groups.go GroupInfo). */
export interface Group {
  readonly name: string;
  /** Number of clusters in the group. */
  readonly value: number;
  /** The group's score. */
  readonly weight: number;
}

interface Path {
  readonly id: number;
  readonly groups: readonly Group[];
  readonly weight: number;
  readonly value: number;
}

function byWeightThenName(a: Group, b: Group): number {
  return b.weight - a.weight || compareNames(a.name, b.name);
}

function findPaths(groups: readonly Group[], min: number, max: number, target: number): Path[] {
  const paths: Path[] = [];
  const stack: Group[] = [];
  const visit = (sum: number, begin: number): void => {
    if (sum >= target && stack.length >= min && stack.length <= max) {
      const chosen = [...stack].sort(byWeightThenName);
      const weight = chosen.reduce((s, g) => s + g.weight, 0);
      paths.push({ id: paths.length + 1, groups: chosen, weight, value: sum });
      return;
    }
    if (stack.length >= max) return;
    for (let i = begin; i < groups.length; i++) {
      const group = groups[i] as Group;
      stack.push(group);
      visit(sum + group.value, i + 1);
      stack.pop();
      // Every group is needed when there are exactly `min` of them: one combination only.
      if (groups.length === min) break;
    }
  };
  visit(0, 0);
  return paths;
}

function isStrictPrefix(prefix: Path, of: Path): boolean {
  if (prefix.groups.length >= of.groups.length) return false;
  return prefix.groups.every((g, i) => of.groups[i]?.name === g.name);
}

/**
 * Karmada's group search (pkg/scheduler/core/spreadconstraint/select_groups.go,
 * docs/karmada-compatibility.md#spread-constraints): depth-first over groups sorted by value ascending, weight
 * descending, name; a path whose value reaches `target` with a length in [min, max] is feasible; the best is the
 * heaviest (then most valuable, then first found), replaced by any shorter feasible prefix of
 * it. Returns the chosen groups by weight descending, name ascending; [] when none is feasible.
 */
export function selectGroups(groups: readonly Group[], min: number, max: number, target: number): Group[] {
  if (groups.length === 0) return [];
  const sorted = [...groups].sort((a, b) => a.value - b.value || b.weight - a.weight || compareNames(a.name, b.name));
  const paths = findPaths(sorted, min, max, target);
  if (paths.length === 0) return [];
  paths.sort((a, b) => b.weight - a.weight || b.value - a.value || a.id - b.id);
  let best = paths[0] as Path;
  for (const path of paths.slice(1)) if (isStrictPrefix(path, best)) best = path;
  return [...best.groups];
}

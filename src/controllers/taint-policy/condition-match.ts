/**
 * Whether a cluster's status conditions match a ClusterTaintPolicy's addOnConditions or
 * removeOnConditions, as Karmada's cluster taint policy controller decides it (see
 * docs/karmada-compatibility.md). Pure.
 */
import type { Condition, MatchCondition } from '../../model/index.ts';

/**
 * One match condition against the conditions of its type: In needs the status among the values,
 * NotIn needs it outside them. A cluster without a condition of that type matches neither
 * operator, as in Karmada, so a NotIn policy waits until the condition is reported.
 */
function matchesOne(conditions: readonly Condition[], match: MatchCondition): boolean {
  let matched = false;
  for (const condition of conditions) {
    if (condition.type !== match.conditionType) continue;
    const listed = match.statusValues.includes(condition.status);
    if (match.operator === 'In') matched ||= listed;
    else matched = !listed;
  }
  return matched;
}

/** All match conditions hold (ANDed); an empty list never matches, so it never adds nor removes. */
export function conditionsMatch(
  conditions: readonly Condition[],
  matches: readonly MatchCondition[] | undefined,
): boolean {
  if (matches === undefined || matches.length === 0) return false;
  return matches.every((m) => matchesOne(conditions, m));
}

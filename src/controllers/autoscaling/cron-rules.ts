/**
 * When CronFederatedHPA rules run, and their execution histories, as Karmada's cron controller
 * keeps them (docs/karmada-compatibility.md#cronfederatedhpa): each rule that is not suspended
 * has a next execution time in its time zone; once that time has passed the rule runs once, at
 * its next check, however many times it fell due meanwhile (a process that was down does not
 * catch up twice), and its next time is the first one after now. A changed schedule, time zone or
 * suspension starts the rule's timing afresh. Each execution goes into the rule's history, newest
 * first, trimmed to its limits. Pure; the clock and the default time zone are arguments.
 */
import {
  isCronScheduleError,
  LOCAL_ZONE,
  nextCronTime,
  parseCronSchedule,
  processTimeZone,
} from '../../model/index.ts';
import type {
  CronFederatedHPA,
  CronFederatedHPARule,
  CrossVersionObjectReference,
  ExecutionHistory,
  FailedExecution,
  SuccessfulExecution,
} from '../../model/index.ts';

/** One rule's timing and history. */
export interface RuleState {
  /** The rule's timing inputs when `next` was computed. */
  timing: string;
  next?: number;
  successful: SuccessfulExecution[];
  failed: FailedExecution[];
}

/** What the controller keeps of one CronFederatedHPA. */
export interface CronState {
  scaleTargetRef: CrossVersionObjectReference;
  rules: Map<string, RuleState>;
}

/** A rule that fell due, and when its schedule said. */
export interface RuleRun {
  rule: CronFederatedHPARule;
  scheduleTime: number;
}

/** What a run did: the values it applied, or why it failed. */
export type RunOutcome =
  | { ok: true; applied: Pick<SuccessfulExecution, 'appliedReplicas' | 'appliedMinReplicas' | 'appliedMaxReplicas'> }
  | { ok: false; message: string };

const rfc3339 = (ms: number): string => new Date(ms).toISOString();

/** A rule's zone: its own (Go reads "" as UTC and `Local` as the process's), else the `run` process's. */
export function ruleZone(rule: CronFederatedHPARule, processZone: string): string {
  if (rule.timeZone === undefined || rule.timeZone === LOCAL_ZONE) return processZone;
  return rule.timeZone === '' ? 'UTC' : rule.timeZone;
}

/**
 * The process's zone for a pass over `fleet`, asked of Intl only when a CronFederatedHPA could read
 * it (through {@link ruleZone}): ICU's first DateTimeFormat costs about 12 ms of a `plan` or `apply`
 * whose fleet has none.
 */
export function processZoneFor(fleet: { cronFederatedHPAs: readonly unknown[] }, given?: string): string {
  return given ?? (fleet.cronFederatedHPAs.length > 0 ? processTimeZone() : LOCAL_ZONE);
}

const timingOf = (rule: CronFederatedHPARule, zone: string): string =>
  JSON.stringify([rule.schedule, zone, rule.suspend === true]);

/** The next time a rule fires after `after`, or undefined when it is suspended or never fires. */
function nextRunOf(rule: CronFederatedHPARule, after: number, zone: string): number | undefined {
  if (rule.suspend === true) return undefined;
  const schedule = parseCronSchedule(rule.schedule);
  return isCronScheduleError(schedule) ? undefined : nextCronTime(schedule, after, zone);
}

/** A rule state resumed from a recorded history: the recorded next time counts only if the rule still fires then. */
export function resumedRule(
  rule: CronFederatedHPARule,
  history: ExecutionHistory | undefined,
  zone: string,
): RuleState {
  const recorded = history?.nextExecutionTime === undefined ? undefined : Date.parse(history.nextExecutionTime);
  const fires =
    recorded !== undefined && !Number.isNaN(recorded) && nextRunOf(rule, recorded - 60_000, zone) === recorded;
  return {
    timing: timingOf(rule, zone),
    ...(fires ? { next: recorded } : {}),
    successful: history?.successfulExecutions ?? [],
    failed: history?.failedExecutions ?? [],
  };
}

/**
 * The cron's state with every rule's timing settled at `now`, and the rules that fell due:
 * a new or changed rule gets its first time after now, a suspended one none.
 */
export function dueRules(
  cron: CronFederatedHPA,
  state: CronState | undefined,
  now: number,
  processZone: string,
): { state: CronState; due: RuleRun[] } {
  const rules = new Map<string, RuleState>();
  const due: RuleRun[] = [];
  for (const rule of cron.spec.rules) {
    const zone = ruleZone(rule, processZone);
    const timing = timingOf(rule, zone);
    const before = state?.rules.get(rule.name);
    const kept =
      before && before.timing === timing
        ? before
        : { timing, successful: before?.successful ?? [], failed: before?.failed ?? [] };
    const next = kept.next ?? nextRunOf(rule, now, zone);
    if (next !== undefined && next <= now) due.push({ rule, scheduleTime: next });
    const { next: _old, ...rest } = kept;
    rules.set(rule.name, next === undefined ? rest : { ...rest, next });
  }
  return { state: { scaleTargetRef: cron.spec.scaleTargetRef, rules }, due };
}

/** The rule's state after it ran at `now`: the execution in its history, its next time after now. */
export function afterRun(
  state: RuleState,
  run: RuleRun,
  outcome: RunOutcome,
  now: number,
  processZone: string,
): RuleState {
  const { rule, scheduleTime } = run;
  const times = { scheduleTime: rfc3339(scheduleTime), executionTime: rfc3339(now) };
  const next = nextRunOf(rule, now, ruleZone(rule, processZone));
  const { next: _ran, ...rest } = state;
  const timed = next === undefined ? rest : { ...rest, next };
  if (outcome.ok) {
    const limit = rule.successfulHistoryLimit ?? 3;
    return { ...timed, successful: [{ ...times, ...outcome.applied }, ...state.successful].slice(0, limit) };
  }
  const limit = rule.failedHistoryLimit ?? 3;
  return { ...timed, failed: [{ ...times, message: outcome.message }, ...state.failed].slice(0, limit) };
}

/** The state as Karmada's status shows it: one history per rule, in rule order. */
export function executionHistories(rules: readonly string[], state: CronState | undefined): ExecutionHistory[] {
  return rules.map((ruleName) => {
    const r = state?.rules.get(ruleName);
    return {
      ruleName,
      ...(r?.next !== undefined ? { nextExecutionTime: rfc3339(r.next) } : {}),
      ...(r?.successful.length ? { successfulExecutions: r.successful } : {}),
      ...(r?.failed.length ? { failedExecutions: r.failed } : {}),
    };
  });
}

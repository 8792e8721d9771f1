/**
 * autoscaling.karmada.io/v1alpha1 CronFederatedHPA and Karmada's admission rules for it
 * (docs/karmada-compatibility.md#cronfederatedhpa): a target in Karmada's autoscaling group must
 * be a FederatedHPA; rule names are unique, 1 to 32 characters; each schedule parses and each time
 * zone exists; a rule scaling a FederatedHPA sets targetMinReplicas or targetMaxReplicas (positive,
 * the minimum not above the maximum), any other sets targetReplicas (0 or more); history limits
 * between 1 (0 for failures) and 32. A schedule Karmada's admission stores but its scheduler
 * cannot run is a warning: the rule never runs.
 */
import {
  AUTOSCALING_GROUP_VERSION,
  isCronScheduleError,
  isRecord,
  parseCronSchedule,
  timeZoneError,
} from '../../../model/index.ts';
import type { FieldPath } from '../../../model/index.ts';
import { error, invalidMessage, showValue, warning, type IssueSink } from '../issues.ts';
import { any, arr, bool, int, obj, str, type ObjectSchema } from '../schema.ts';
import { checkReference, crossVersionObjectReference } from './federated-hpa.ts';

type Json = Record<string, unknown>;

const MAX_RULE_NAME = 32;
const MAX_HISTORY = 32;

const rule = obj(
  {
    name: str(),
    schedule: str(),
    targetReplicas: int({ int32: true }),
    targetMinReplicas: int({ int32: true }),
    targetMaxReplicas: int({ int32: true }),
    suspend: bool,
    timeZone: str(),
    successfulHistoryLimit: int({ minimum: 1 }),
    failedHistoryLimit: int({ minimum: 0 }),
  },
  { required: ['name', 'schedule'] },
);

/** CronFederatedHPASpec (structure; the rules are in {@link checkCronFederatedHPA}). */
export const cronFederatedHPASpec: ObjectSchema = obj(
  { scaleTargetRef: crossVersionObjectReference, rules: arr(rule) },
  { required: ['scaleTargetRef', 'rules'] },
);

/** CronFederatedHPAStatus, which an exported CronFederatedHPA may carry; kept as written. */
export const cronFederatedHPAStatus: ObjectSchema = obj({ executionHistories: arr(any) });

function checkSchedule(schedule: unknown, path: FieldPath, out: IssueSink): void {
  if (typeof schedule !== 'string') return;
  const parsed = parseCronSchedule(schedule);
  if (!isCronScheduleError(parsed)) return;
  if (parsed.admitted)
    warning(
      out,
      path,
      invalidMessage(
        schedule,
        `Karmada's scheduler cannot run this schedule (${parsed.message}), so the rule never runs`,
      ),
    );
  else error(out, path, invalidMessage(schedule, `invalid cron format: ${parsed.message}`));
}

function checkRule(r: Json, i: number, scalesFederatedHPA: boolean, kind: string, out: IssueSink): void {
  const path: FieldPath = ['spec', 'rules', i];
  const name = r['name'];
  // The CRD's minLength and maxLength, in the API server's words.
  if (typeof name === 'string' && name.length < 1)
    error(out, [...path, 'name'], invalidMessage(name, 'should be at least 1 chars long'));
  if (typeof name === 'string' && name.length > MAX_RULE_NAME)
    error(out, [...path, 'name'], invalidMessage(name, `should be at most ${MAX_RULE_NAME} chars long`));
  checkSchedule(r['schedule'], [...path, 'schedule'], out);
  const zone = r['timeZone'];
  if (typeof zone === 'string' && zone !== '') {
    const problem = timeZoneError(zone);
    if (problem) error(out, [...path, 'timeZone'], invalidMessage(zone, problem));
  }
  for (const key of ['successfulHistoryLimit', 'failedHistoryLimit']) {
    const limit = r[key];
    if (typeof limit === 'number' && limit > MAX_HISTORY)
      error(out, [...path, key], invalidMessage(limit, `should be less than or equal to ${MAX_HISTORY}`));
  }
  if (scalesFederatedHPA) checkBounds(r, path, out);
  else checkReplicas(r, path, kind, out);
}

const count = (value: unknown): number | undefined => (typeof value === 'number' ? value : undefined);

/** A rule on a FederatedHPA: at least one bound, each positive, the minimum not above the maximum. */
function checkBounds(r: Json, path: FieldPath, out: IssueSink): void {
  const [min, max] = [count(r['targetMinReplicas']), count(r['targetMaxReplicas'])];
  if (r['targetMinReplicas'] === undefined && r['targetMaxReplicas'] === undefined)
    error(
      out,
      [...path, 'targetMaxReplicas'],
      invalidMessage(
        '',
        'targetMinReplicas and targetMaxReplicas cannot be nil at the same time if you want to scale FederatedHPA',
      ),
    );
  if (min !== undefined && min <= 0)
    error(out, [...path, 'targetMinReplicas'], invalidMessage('', 'targetMinReplicas should be larger than 0'));
  if (max !== undefined && max <= 0)
    error(out, [...path, 'targetMaxReplicas'], invalidMessage('', 'targetMaxReplicas should be larger than 0'));
  if ((min ?? 1) > (max ?? Number.MAX_SAFE_INTEGER))
    error(
      out,
      [...path, 'targetMinReplicas'],
      invalidMessage('', 'targetMaxReplicas should be larger than or equal to targetMinReplicas'),
    );
}

/** A rule on a workload: its replicas, zero allowed (a workload emptied for the weekend). */
function checkReplicas(r: Json, path: FieldPath, kind: string, out: IssueSink): void {
  if (r['targetReplicas'] === undefined)
    error(
      out,
      [...path, 'targetReplicas'],
      invalidMessage('', `targetReplicas cannot be nil if you want to scale ${kind}`),
    );
  const replicas = count(r['targetReplicas']);
  if (replicas !== undefined && replicas < 0)
    error(out, [...path, 'targetReplicas'], invalidMessage('', 'targetReplicas should be larger than or equal to 0'));
}

/** Karmada's validateCronFederatedHPASpec. */
export function checkCronFederatedHPA(object: Json, out: IssueSink): void {
  const spec = isRecord(object['spec']) ? object['spec'] : {};
  const ref = isRecord(spec['scaleTargetRef']) ? spec['scaleTargetRef'] : {};
  const kind = typeof ref['kind'] === 'string' ? ref['kind'] : '';
  const scalesFederatedHPA = ref['apiVersion'] === AUTOSCALING_GROUP_VERSION;
  // Karmada's webhook stops at a wrong kind in its own group, before the reference's other checks.
  if (scalesFederatedHPA && kind !== 'FederatedHPA') {
    error(
      out,
      ['spec', 'scaleTargetRef', 'kind'],
      invalidMessage(kind, `invalid scaleTargetRef kind: ${kind}, only support FederatedHPA`),
    );
    return;
  }
  checkReference(ref, ['spec', 'scaleTargetRef'], out);
  const names = new Set<unknown>();
  (Array.isArray(spec['rules']) ? spec['rules'] : []).forEach((r: unknown, i) => {
    if (!isRecord(r)) return;
    if (names.has(r['name'])) error(out, ['spec', 'rules', i, 'name'], `Duplicate value: ${showValue(r['name'])}`);
    names.add(r['name']);
    checkRule(r, i, scalesFederatedHPA, kind, out);
  });
}

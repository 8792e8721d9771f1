/**
 * One desired object against one cluster, after triage: the single-object path that both the
 * apply runner and the live plan map over their objects (never a second batch copy of it).
 * Every write is server-side apply with the field manager `flotilla`.
 */
import { asKubeObject, missingIdentity, scrubSecretError } from '../model/index.ts';
import type { KubeObject, PartialKubeObject } from '../model/index.ts';
import { KubeApiError, ObjectNotManagedError, RetainResultError } from './errors/index.ts';
import { FIELD_MANAGER } from './kube-client.ts';
import type { KubeClient } from './kube-client.ts';
import { isManaged, mayTakeOver, verdict } from './triage.ts';
import type { TriagedObject } from './triage.ts';

/**
 * The interpreter's Retain (docs/karmada-compatibility.md#native-interpreters): fields the member keeps, taken from the
 * live object. A script's result may lack `apiVersion` and `metadata` (docs/karmada-compatibility.md#lua-results).
 */
export type RetainFn = (desired: KubeObject, observed: KubeObject) => PartialKubeObject;

/** What became of the object; `after` is what the server has (or, dry-run, would have). */
export interface ObjectStep {
  action: 'create' | 'update' | 'unchanged' | 'conflict' | 'suspended' | 'skipped';
  after?: KubeObject;
  error?: Error;
}

function complete(client: KubeClient, object: TriagedObject, result: PartialKubeObject): KubeObject {
  const whole = asKubeObject(result);
  if (!whole) throw new RetainResultError(client.cluster, object.ref, missingIdentity(result).join(' and '));
  return whole;
}

/** What to send: the manifest after Retain, without a resourceVersion (SSA needs no lock). */
function desiredFor(client: KubeClient, object: TriagedObject, retain: RetainFn): KubeObject {
  const retained = object.live
    ? complete(client, object, retain(object.item.manifest, object.live))
    : object.item.manifest;
  if (retained.metadata['resourceVersion'] === undefined) return retained;
  const { resourceVersion: _rv, ...metadata } = retained.metadata;
  return { ...retained, metadata };
}

async function create(client: KubeClient, object: TriagedObject, desired: KubeObject): Promise<ObjectStep> {
  const takeOver = mayTakeOver(desired);
  try {
    return {
      action: 'create',
      after: await client.apply(desired, { fieldManager: FIELD_MANAGER, force: takeOver, dryRun: false }),
    };
  } catch (error) {
    // 409: someone else created it since the live read. Read it afresh and apply the abort rule again.
    if (takeOver || !(error instanceof KubeApiError) || error.data.status !== 409) throw error;
    const fresh = await client.get(object.ref);
    if (fresh && !isManaged(fresh))
      return { action: 'conflict', error: new ObjectNotManagedError(client.cluster, object.ref) };
    return {
      action: 'update',
      after: await client.apply(desired, { fieldManager: FIELD_MANAGER, force: true, dryRun: false }),
    };
  }
}

/**
 * Brings one object to its desired state. With `dryRun` nothing is written: a `check` object is
 * dry-run applied to compute its verdict and `after`, a `create` object is not sent at all.
 * An error about a Secret leaves here with the Secret's values scrubbed from its message (an API
 * server may quote what it refused), before anything prints, logs or commits it.
 */
export async function stepObject(
  client: KubeClient,
  object: TriagedObject,
  retain: RetainFn,
  dryRun: boolean,
): Promise<ObjectStep> {
  try {
    const step = await sendObject(client, object, retain, dryRun);
    return step.error ? { ...step, error: scrubSecretError(step.error, object.item.manifest, object.live) } : step;
  } catch (error) {
    throw scrubSecretError(error, object.item.manifest, object.live);
  }
}

async function sendObject(
  client: KubeClient,
  object: TriagedObject,
  retain: RetainFn,
  dryRun: boolean,
): Promise<ObjectStep> {
  switch (object.triage) {
    case 'suspended':
    case 'unchanged':
      return { action: object.triage };
    case 'foreign':
      return { action: 'skipped' };
    case 'conflict':
      return { action: 'conflict', error: new ObjectNotManagedError(client.cluster, object.ref) };
    case 'create':
      return dryRun
        ? { action: 'create', after: object.item.manifest }
        : create(client, object, desiredFor(client, object, retain));
    case 'check': {
      const desired = desiredFor(client, object, retain);
      const preview = await client.apply(desired, { fieldManager: FIELD_MANAGER, force: true, dryRun: true });
      if (verdict(object.live as KubeObject, preview) === 'unchanged') return { action: 'unchanged', after: preview };
      if (dryRun) return { action: 'update', after: preview };
      return {
        action: 'update',
        after: await client.apply(desired, { fieldManager: FIELD_MANAGER, force: true, dryRun: false }),
      };
    }
  }
}

import { groupKind } from '../model/index.ts';
import type { KubeObject } from '../model/index.ts';

const MASK = '***';
const SECRET_FIELDS = ['data', 'stringData'] as const;

function isSecret(obj: KubeObject | undefined): boolean {
  // The kind first: most objects are not Secrets, and groupKind builds a string.
  return obj !== undefined && obj.kind === 'Secret' && groupKind(obj.apiVersion, obj.kind) === 'core/Secret';
}

function maskedValues(values: unknown, other: unknown, suffix: string): Record<string, string> | undefined {
  if (typeof values !== 'object' || values === null) return undefined;
  const theirs = (typeof other === 'object' && other !== null ? other : {}) as Record<string, unknown>;
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(values as Record<string, unknown>)) {
    out[key] = suffix && theirs[key] !== value ? `${MASK} ${suffix}` : MASK;
  }
  return out;
}

/** kubectl's copy of the whole object: a Secret exported with `kubectl get -o yaml` carries its values here too. */
const LAST_APPLIED = 'kubectl.kubernetes.io/last-applied-configuration';

function maskOne(obj: KubeObject, other: KubeObject | undefined, suffix: string): KubeObject {
  const copy: KubeObject = { ...obj };
  for (const field of SECRET_FIELDS) {
    const masked = maskedValues(obj[field], other?.[field], suffix);
    if (masked) copy[field] = masked;
  }
  const annotations = obj.metadata.annotations;
  if (annotations?.[LAST_APPLIED] !== undefined) {
    const changed = suffix && other?.metadata.annotations?.[LAST_APPLIED] !== annotations[LAST_APPLIED];
    copy.metadata = {
      ...obj.metadata,
      annotations: { ...annotations, [LAST_APPLIED]: changed ? `${MASK} ${suffix}` : MASK },
    };
  }
  return copy;
}

/** Secret values replaced by `***` in every plan output (README.md#flotilla-plan); other kinds unchanged. */
export function maskSecret(obj: KubeObject): KubeObject {
  return isSecret(obj) ? maskOne(obj, undefined, '') : obj;
}

/**
 * Masks a before/after pair for a diff the way `kubectl diff` does: a value that changed reads
 * `*** (before)` / `*** (after)`, an unchanged one `***`, so a reviewer sees which keys changed.
 */
export function maskSecretPair(
  before: KubeObject | undefined,
  after: KubeObject | undefined,
): [KubeObject | undefined, KubeObject | undefined] {
  if (!isSecret(before) && !isSecret(after)) return [before, after];
  return [
    before && maskOne(before, after, after ? '(before)' : ''),
    after && maskOne(after, before, before ? '(after)' : ''),
  ];
}

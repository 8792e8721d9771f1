/**
 * Karmada v1.19 renamed the purge modes `Graciously` and `Immediately` (v1.18 and earlier) to
 * `Gracefully` and `Directly`. Policies written for the older API keep working: the old names are
 * read as the new ones, with a deprecation warning at the field.
 */
import { isRecord } from '../../model/index.ts';
import { warning, type IssueSink } from './issues.ts';

const RENAMED: Readonly<Record<string, string>> = { Graciously: 'Gracefully', Immediately: 'Directly' };

type Json = Record<string, unknown>;

function renamed(behavior: unknown, which: 'application' | 'cluster', out: IssueSink): unknown {
  if (!isRecord(behavior)) return behavior;
  const mode = behavior['purgeMode'];
  const now = typeof mode === 'string' ? RENAMED[mode] : undefined;
  if (now === undefined) return behavior;
  const message = `${JSON.stringify(mode)} is deprecated since Karmada v1.19; read as ${JSON.stringify(now)}`;
  warning(out, ['spec', 'failover', which, 'purgeMode'], message);
  return { ...behavior, purgeMode: now };
}

/** The policy with its failover purge modes in Karmada v1.19 names; the input is not changed. */
export function renameDeprecatedPurgeModes(policy: Json, out: IssueSink): Json {
  const spec = policy['spec'];
  if (!isRecord(spec) || !isRecord(spec['failover'])) return policy;
  const failover = spec['failover'];
  const application = renamed(failover['application'], 'application', out);
  const cluster = renamed(failover['cluster'], 'cluster', out);
  if (application === failover['application'] && cluster === failover['cluster']) return policy;
  const next: Json = { ...failover };
  if (application !== undefined) next['application'] = application;
  if (cluster !== undefined) next['cluster'] = cluster;
  return { ...policy, spec: { ...spec, failover: next } };
}

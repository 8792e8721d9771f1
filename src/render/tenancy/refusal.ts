import type { Diagnostic, FieldPath, SourceObject, Tenant } from '../../model/index.ts';
import type { FleetLocator } from '../check/locate.ts';
import type { TenancyRule } from './grants.ts';

const REFUSED = /tenant ([a-z0-9-]+) \(rule ([a-z-]+)\): /;

/** The tenant and rule of a refusal's diagnostic, read back from the one place that words it. */
export function refusalOf(diagnostic: Diagnostic): { tenant: string; rule: string } | undefined {
  const match = diagnostic.severity === 'error' ? REFUSED.exec(diagnostic.message) : null;
  return match ? { tenant: match[1] as string, rule: match[2] as string } : undefined;
}

/** One refusal: the error names the file (its position), the object, the tenant and the rule. */
export function refusal(
  locate: FleetLocator,
  source: SourceObject,
  path: FieldPath,
  tenant: Tenant,
  rule: TenancyRule,
  reason: string,
): Diagnostic {
  return {
    ...locate(source, path, `tenant ${tenant.name} (rule ${rule}): ${reason}; refused, not propagated`),
    severity: 'error',
  };
}

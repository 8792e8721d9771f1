import type { Diagnostic, FieldPath, SourceObject, Tenant } from '../../model/index.ts';
import type { FleetLocator } from '../check/locate.ts';
import type { TenancyRule } from './grants.ts';

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

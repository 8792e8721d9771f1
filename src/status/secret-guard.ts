import { groupKind, scrubSecretValues } from '../model/index.ts';
import type { KubeObject } from '../model/index.ts';
import type { TemplateStatus } from './status-types.ts';

/**
 * The status branch never holds Secret data (README.md#flotilla-status): for a Secret template the
 * member status and aggregated status are dropped, and any value of the Secret quoted in an
 * apply error (an API server may echo invalid data) is masked. Other kinds pass unchanged.
 */
export function withoutSecretValues(status: TemplateStatus, template: KubeObject): TemplateStatus {
  if (groupKind(template.apiVersion, template.kind) !== 'core/Secret') return status;
  const { resourceStatus: _dropped, ...rest } = status;
  return {
    ...rest,
    aggregatedStatus: status.aggregatedStatus.map(({ status: _memberStatus, ...item }) =>
      item.appliedMessage === undefined
        ? item
        : { ...item, appliedMessage: scrubSecretValues(item.appliedMessage, template) },
    ),
    problems: status.problems.map((line) => scrubSecretValues(line, template)),
  };
}

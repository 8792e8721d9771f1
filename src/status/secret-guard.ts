import { groupKind } from '../model/index.ts';
import type { KubeObject } from '../model/index.ts';
import type { TemplateStatus } from './template-status.ts';

const MASK = '***';

/** Every form a Secret's values may take in a message: as written, and base64-decoded `data`. */
function secretValues(secret: KubeObject): string[] {
  const values = new Set<string>();
  for (const field of ['data', 'stringData'] as const) {
    const entries = secret[field];
    if (typeof entries !== 'object' || entries === null) continue;
    for (const value of Object.values(entries as Record<string, unknown>)) {
      if (typeof value !== 'string' || value === '') continue;
      values.add(value);
      if (field === 'data') {
        const decoded = Buffer.from(value, 'base64').toString('utf8');
        if (decoded !== '') values.add(decoded);
      }
    }
  }
  // Longest first, so a value that contains another is masked whole.
  return [...values].sort((a, b) => b.length - a.length);
}

function redact(text: string, values: readonly string[]): string {
  let out = text;
  for (const value of values) out = out.split(value).join(MASK);
  return out;
}

/**
 * The status branch never holds Secret data (interfaces.md §3): for a Secret template the
 * member status and aggregated status are dropped, and any value of the Secret quoted in an
 * apply error (an API server may echo invalid data) is masked. Other kinds pass unchanged.
 */
export function withoutSecretValues(status: TemplateStatus, template: KubeObject): TemplateStatus {
  if (groupKind(template.apiVersion, template.kind) !== 'core/Secret') return status;
  const values = secretValues(template);
  const { resourceStatus: _dropped, ...rest } = status;
  return {
    ...rest,
    aggregatedStatus: status.aggregatedStatus.map(({ status: _memberStatus, ...item }) =>
      item.appliedMessage === undefined ? item : { ...item, appliedMessage: redact(item.appliedMessage, values) },
    ),
    problems: status.problems.map((line) => redact(line, values)),
  };
}

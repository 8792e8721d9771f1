/** metadata.name and metadata.namespace of any object: present, well-formed, scope-consistent. */
import { isRecord } from '../../model/index.ts';
import { error, invalidMessage, requiredMessage, warning, type IssueSink } from './issues.ts';
import type { NameRule } from './name-rules.ts';
import { isDNS1123Label } from './names.ts';

/**
 * Checks the identity fields of `obj.metadata`. `namespaced` is the kind's scope, undefined when
 * unknown. A namespace on a cluster-scoped kind is only a warning: the API server drops it, and so
 * does loading (load-fleet.ts).
 */
export function checkObjectMeta(
  obj: Record<string, unknown>,
  kind: string,
  nameRule: NameRule,
  namespaced: boolean | undefined,
  out: IssueSink,
): void {
  const metadata = obj['metadata'];
  if (metadata === undefined || metadata === null) return error(out, ['metadata'], requiredMessage());
  if (!isRecord(metadata)) return;
  const { name, namespace } = metadata;
  if (name === undefined || name === null || name === '') {
    error(out, ['metadata', 'name'], requiredMessage());
  } else if (typeof name === 'string') {
    for (const msg of nameRule(name)) error(out, ['metadata', 'name'], invalidMessage(name, msg));
  }
  if (typeof namespace !== 'string' || namespace === '') return;
  if (namespaced === false) {
    warning(
      out,
      ['metadata', 'namespace'],
      `${kind} is cluster-scoped: the namespace ${JSON.stringify(namespace)} is ignored`,
    );
    return;
  }
  for (const msg of isDNS1123Label(namespace)) error(out, ['metadata', 'namespace'], invalidMessage(namespace, msg));
}

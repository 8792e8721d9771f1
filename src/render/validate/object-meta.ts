/** metadata.name and metadata.namespace of any object: present, well-formed, scope-consistent. */
import { isRecord } from '../../model/index.ts';
import { error, forbiddenMessage, invalidMessage, requiredMessage, type IssueSink } from './issues.ts';
import type { NameRule } from './name-rules.ts';
import { isDNS1123Label } from './names.ts';

/**
 * Checks the identity fields of `obj.metadata`. `namespaced` is the kind's scope, undefined when
 * unknown; a namespace on a cluster-scoped kind is an error.
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
    error(out, ['metadata', 'namespace'], forbiddenMessage(`${kind} is cluster-scoped and takes no namespace`));
    return;
  }
  for (const msg of isDNS1123Label(namespace)) error(out, ['metadata', 'namespace'], invalidMessage(namespace, msg));
}

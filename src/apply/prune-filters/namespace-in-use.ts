import { groupKind } from '../../model/index.ts';
import type { PruneFilter } from './filter.ts';

/**
 * A Namespace that objects of the new Work still live in is not deleted (cli-utils'
 * local-namespaces filter), nor one holding a kept copy: deleting it would delete the copy.
 */
export const namespaceInUseFilter: PruneFilter = {
  name: 'namespace-in-use',
  check: ({ ref }, { namespacesInUse, namespacesOfKeptCopies }) => {
    if (groupKind(ref.apiVersion, ref.kind) !== 'core/Namespace') return undefined;
    if (namespacesInUse.has(ref.name))
      return { filter: 'namespace-in-use', reason: 'objects of the Work still live in it', keep: true };
    if (namespacesOfKeptCopies.has(ref.name))
      return { filter: 'namespace-in-use', reason: 'a kept copy still lives in it', keep: true };
    return undefined;
  },
};

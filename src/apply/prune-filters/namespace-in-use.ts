import { groupKind } from '../../model/index.ts';
import type { PruneFilter } from './filter.ts';

/** A Namespace that objects of the new Work still live in is not deleted (cli-utils' local-namespaces filter). */
export const namespaceInUseFilter: PruneFilter = {
  name: 'namespace-in-use',
  check: ({ ref }, { namespacesInUse }) =>
    groupKind(ref.apiVersion, ref.kind) === 'core/Namespace' && namespacesInUse.has(ref.name)
      ? { filter: 'namespace-in-use', reason: 'objects of the Work still live in it', keep: true }
      : undefined,
};

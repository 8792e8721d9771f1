import { groupKind } from '../../model/index.ts';
import type { PruneFilter } from './filter.ts';

const SHOWN = 5;

/**
 * A Namespace that holds objects Flotilla does not own is not deleted (deleting it would delete
 * them) unless the pass allows mass prunes; it stays in the inventory, to go once it is empty.
 */
export const namespaceForeignObjectsFilter: PruneFilter = {
  name: 'namespace-foreign-objects',
  check: ({ ref }, { foreignObjects, allowForeignObjectsPrune }) => {
    if (allowForeignObjectsPrune || groupKind(ref.apiVersion, ref.kind) !== 'core/Namespace') return undefined;
    const foreign = foreignObjects.get(ref.name) ?? [];
    if (foreign.length === 0) return undefined;
    const listed =
      foreign.slice(0, SHOWN).join(', ') + (foreign.length > SHOWN ? `, and ${foreign.length - SHOWN} more` : '');
    return {
      filter: 'namespace-foreign-objects',
      keep: true,
      reason: `it holds ${foreign.length} object(s) Flotilla does not own (${listed}), which deleting it would delete; pass --allow-mass-prune to delete it anyway`,
    };
  },
};

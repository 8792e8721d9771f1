/** The prune filters, listed once, in the order they are consulted. */
import type { PruneFilter } from './filter.ts';
import { keptCopyFilter } from './kept-copy.ts';
import { managedLabelFilter } from './managed-label.ts';
import { namespaceForeignObjectsFilter } from './namespace-foreign-objects.ts';
import { namespaceInUseFilter } from './namespace-in-use.ts';
import { preserveOnDeletionFilter } from './preserve-on-deletion.ts';
import { pruneAnnotationFilter } from './prune-annotation.ts';

export type { PruneCandidate, PruneContext, PruneFilter, PruneSkip } from './filter.ts';

/** Every prune filter. */
export function pruneFilters(): readonly PruneFilter[] {
  return [
    preserveOnDeletionFilter,
    managedLabelFilter,
    pruneAnnotationFilter,
    keptCopyFilter,
    namespaceInUseFilter,
    namespaceForeignObjectsFilter,
  ];
}

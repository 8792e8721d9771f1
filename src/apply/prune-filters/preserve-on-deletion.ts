import type { PruneFilter } from './filter.ts';

/**
 * Karmada's preserveResourcesOnDeletion (docs/karmada-compatibility.md#deletion-and-prune): the member object outlives
 * its template.
 */
export const preserveOnDeletionFilter: PruneFilter = {
  name: 'preserve-on-deletion',
  check: ({ entry }) =>
    entry.preserve
      ? { filter: 'preserve-on-deletion', reason: 'its binding had preserveResourcesOnDeletion', keep: false }
      : undefined,
};

import { TEMPLATE_ANNOTATION } from '../../model/index.ts';
import type { PruneFilter } from './filter.ts';

/**
 * A copy of a template the caller keeps in this cluster although the Work no longer holds it
 * (the run loop's graceful-eviction tasks): it stays in the inventory, so it is pruned once it
 * is no longer kept.
 */
export const keptCopyFilter: PruneFilter = {
  name: 'kept-copy',
  check: ({ live }, { keptCopies }) => {
    const template = live.metadata.annotations?.[TEMPLATE_ANNOTATION];
    const why = template === undefined ? undefined : keptCopies.get(template);
    return why === undefined ? undefined : { filter: 'kept-copy', reason: why, keep: true };
  },
};

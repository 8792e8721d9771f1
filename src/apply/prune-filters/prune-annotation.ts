import { PRUNE_ANNOTATION } from '../../model/index.ts';
import type { PruneFilter } from './filter.ts';

/** `flotilla.io/prune: disabled` on the live object keeps it in the cluster; Flotilla forgets it. */
export const pruneAnnotationFilter: PruneFilter = {
  name: 'prune-annotation',
  check: ({ live }) =>
    live.metadata.annotations?.[PRUNE_ANNOTATION] === 'disabled'
      ? { filter: 'prune-annotation', reason: `annotated ${PRUNE_ANNOTATION}: disabled`, keep: false }
      : undefined,
};

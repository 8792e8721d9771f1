import { MANAGED_BY_LABEL, MANAGED_BY_VALUE } from '../../model/index.ts';
import { isManaged } from '../triage.ts';
import type { PruneFilter } from './filter.ts';

/** Only objects whose live label says Flotilla manages them are deleted (cli-utils' must-match policy). */
export const managedLabelFilter: PruneFilter = {
  name: 'managed-label',
  check: ({ live }) =>
    isManaged(live)
      ? undefined
      : {
          filter: 'managed-label',
          reason: `its label ${MANAGED_BY_LABEL}=${MANAGED_BY_VALUE} is gone: it is no longer Flotilla's`,
          keep: false,
        },
};

import { EngineError } from '../../model/index.ts';

/** Another writer holds the member's inventory Lease and did not let go within the wait. */
export class InventoryLockedError extends EngineError<
  'InventoryLocked',
  { cluster: string; lease: string; holder: string; since?: string }
> {
  constructor(
    cluster: string,
    lease: string,
    holder: string,
    since: string | undefined,
    options?: { cause?: unknown },
  ) {
    super(
      'InventoryLocked',
      `${cluster}: inventory locked by ${holder}${since ? ` since ${since}` : ''} (Lease flotilla-system/${lease})`,
      { cluster, lease, holder, ...(since ? { since } : {}) },
      options,
    );
  }
}

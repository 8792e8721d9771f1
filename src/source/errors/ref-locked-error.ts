import { EngineError } from '../../model/index.ts';

/**
 * A branch's lock file stayed in place while a commit waited to move the branch: another writer
 * is stuck mid-update, or was killed in it. Git itself refuses the same way; removing the file
 * when no writer runs clears it.
 */
export class RefLockedError extends EngineError<'RefLocked', { ref: string; lockFile: string }> {
  constructor(ref: string, lockFile: string) {
    super(
      'RefLocked',
      `${ref} is locked by ${lockFile}: another writer holds it, or was killed while holding it (remove the file if none runs)`,
      { ref, lockFile },
    );
  }
}

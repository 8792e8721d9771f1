import { EngineError } from '../../model/index.ts';

/**
 * A commit was not put on its branch because the branch no longer pointed at the commit it was
 * built on: another writer moved it first (or holds its lock). Nothing is lost; the writer
 * re-reads the tip and builds again.
 */
export class BranchMovedError extends EngineError<
  'BranchMoved',
  { branch: string; expected: string | null; actual: string | null }
> {
  constructor(branch: string, expected: string | null, actual: string | null) {
    super(
      'BranchMoved',
      `branch ${branch} moved while a commit was built on ${expected ?? 'no commit'}: it is now at ${actual ?? 'nothing'}`,
      { branch, expected, actual },
    );
  }
}

import { EngineError } from '../../model/index.ts';

/**
 * The status branch's tip is a commit Flotilla did not write (no summary.json): a branch of the
 * same name made for something else. Building on it would bury that history under status
 * commits, so nothing is written until someone decides.
 */
export class ForeignStatusBranchError extends EngineError<'ForeignStatusBranch', { branch: string; commit: string }> {
  constructor(branch: string, commit: string) {
    super(
      'ForeignStatusBranch',
      `status branch ${branch} is at ${commit.slice(0, 12)}, a commit Flotilla did not write (no summary.json): nothing written. ` +
        `Set statusBranch in flotilla.yaml to a branch of Flotilla's own, or, if ${branch} holds nothing you need, delete it ` +
        `(git branch -D ${branch}, and git push origin --delete ${branch} on a remote) and the next pass starts it afresh`,
      { branch, commit },
    );
  }
}

import { EngineError } from '../../model/index.ts';

/**
 * A branch Flotilla writes (the status branch, the works branch, an agent's report branch) has a
 * tip Flotilla did not write (no `marker` file): a branch of the same name made for something else.
 * Building on it would bury that history under Flotilla's commits, so nothing is written until
 * someone decides.
 */
export class ForeignStatusBranchError extends EngineError<
  'ForeignStatusBranch',
  { branch: string; commit: string; marker: string }
> {
  constructor(branch: string, commit: string, marker = 'summary.json') {
    const setting = marker === 'summary.json' ? 'statusBranch' : marker === 'works.json' ? 'worksBranch' : undefined;
    const rename = setting ? `Set ${setting} in flotilla.yaml to a branch of Flotilla's own, or, if` : 'If';
    super(
      'ForeignStatusBranch',
      `${setting === 'statusBranch' ? 'status ' : ''}branch ${branch} is at ${commit.slice(0, 12)}, a commit Flotilla did not write (no ${marker}): nothing written. ` +
        `${rename} ${branch} holds nothing you need, delete it ` +
        `(git branch -D ${branch}, and git push origin --delete ${branch} on a remote) and the next pass starts it afresh`,
      { branch, commit, marker },
    );
  }
}

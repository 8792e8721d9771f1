import { EngineError } from '../../model/index.ts';

/** `init DIR` was pointed at a folder that already holds files: nothing of the user's is overwritten. */
export class DirectoryNotEmptyError extends EngineError<'DirectoryNotEmpty', { dir: string }> {
  constructor(dir: string) {
    super('DirectoryNotEmpty', `${dir} is not empty: refusing to scaffold over existing files`, { dir });
  }
}

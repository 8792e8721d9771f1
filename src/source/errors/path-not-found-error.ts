import { EngineError } from '../../model/index.ts';

/** `--path` (or the folder `--repo` pointed into) is not a folder at the resolved commit. */
export class PathNotFoundError extends EngineError<
  'PathNotFound',
  { repo: string; ref: string; commit?: string; path: string }
> {
  constructor(data: { repo: string; ref: string; commit?: string; path: string }) {
    super(
      'PathNotFound',
      `path ${data.path} is not a folder at ${data.ref}${data.commit ? ` (${data.commit.slice(0, 12)})` : ''} in repository ${data.repo}`,
      data,
    );
  }
}

import { readSnapshot, type Snapshot } from '../../../src/source/index.ts';
import { createGitRepo, type GitFixture } from '../helpers/git-fixture.ts';

/** A real repository holding these files in one commit. */
export function fleet(files: Record<string, string>): GitFixture {
  const repo = createGitRepo();
  for (const [file, content] of Object.entries(files)) repo.write(file, content);
  repo.commit('fleet');
  return repo;
}

/** The snapshot of its HEAD with the render roots built. */
export const read = (repo: GitFixture): Promise<Snapshot> => readSnapshot({ repo: repo.dir, renderRoots: true });

export const errors = (snapshot: Snapshot) => snapshot.diagnostics.filter((d) => d.severity === 'error');

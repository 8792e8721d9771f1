import type { Diagnostic } from '../model/index.ts';
import { uncommittedFiles } from '../source/index.ts';
import type { Snapshot } from '../source/index.ts';

/**
 * A warning when the work tree holds edits under the fleet folder that the commit read does not:
 * Flotilla reads commits only, and a newcomer who edited a file and ran `plan` would otherwise
 * review a plan of something else. Only when `--ref` was left to its default (the checkout).
 */
export async function uncommittedNotice(ref: string | undefined, snapshot: Snapshot): Promise<Diagnostic | undefined> {
  if (ref !== undefined) return undefined;
  const files = await uncommittedFiles(snapshot.repo, snapshot.path).catch(() => undefined);
  if (files === undefined || files.length === 0) return undefined;
  const where = snapshot.path === '' ? 'the repository' : `${snapshot.path}/`;
  const count = `${files.length} uncommitted file${files.length === 1 ? '' : 's'}`;
  return {
    file: snapshot.path === '' ? '.' : snapshot.path,
    line: 1,
    column: 1,
    severity: 'warning',
    message: `${count} under ${where} (${files.slice(0, 3).join(', ')}${files.length > 3 ? ', …' : ''}); reading commit ${snapshot.commit.slice(0, 7)}: commit them for Flotilla to see them`,
  };
}

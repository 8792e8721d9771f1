import type { GitStore } from '../source/index.ts';
import type { RecordSections } from './record-section.ts';
import { parseStatusTree, type ParsedStatusTree, type TemplateDetail } from './files/parse-status-tree.ts';

/** What to read of the status branch. */
export interface ReadStatusOptions {
  /** @default 'status' */
  branch: string;
  /**
   * How much of the per-template binding views to read (the costly part): `full`, only the
   * `placement` planning needs, or `none`; clusters and summary are always read. @default 'full'
   */
  templates: TemplateDetail | 'none';
}

export const DEFAULT_READ_STATUS_OPTIONS: Readonly<ReadStatusOptions> = Object.freeze({
  branch: 'status',
  templates: 'full',
});

/** The status branch at its tip. */
export interface StatusBranchView extends ParsedStatusTree {
  commit: string;
}

/**
 * Reads the tip of the status branch through the GitStore (never a working tree); `undefined`
 * when the branch does not exist yet.
 */
export async function readStatusBranch(
  store: GitStore,
  sections: RecordSections,
  options: Partial<ReadStatusOptions> = {},
): Promise<StatusBranchView | undefined> {
  const { branch, templates } = { ...DEFAULT_READ_STATUS_OPTIONS, ...options };
  const commit = await store.readRef(`refs/heads/${branch}`);
  if (commit === undefined) return undefined;
  const keep = (path: string) => templates !== 'none' || !path.startsWith('resources/');
  return {
    commit,
    ...(await readStatusCommit(store, commit, sections, keep, templates === 'placement' ? 'placement' : 'full')),
  };
}

/** The files of a status branch commit that `keep` selects, parsed (a sharded writer reads only the other replicas' part). */
export async function readStatusCommit(
  store: GitStore,
  commit: string,
  sections: RecordSections,
  keep: (path: string) => boolean,
  detail: TemplateDetail = 'full',
): Promise<ParsedStatusTree> {
  const entries = (await store.listTree(commit, '')) ?? [];
  const wanted = entries.filter((e) => e.type === 'blob' && keep(e.path));
  const blobs = await store.readBlobs(wanted.map((e) => e.oid));
  const files = wanted.flatMap((e) => {
    const content = blobs.get(e.oid);
    return content === undefined ? [] : [{ path: e.path, content }];
  });
  return parseStatusTree(files, sections, detail);
}

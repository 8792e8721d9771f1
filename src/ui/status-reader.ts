/**
 * The status branch read again on every move of its tip, parsing only what changed: a binding
 * view whose blob is the one read last time is kept as parsed (at 10,000 templates a full parse
 * takes seconds, and a live view has to show a change within two; docs/benchmarks.md, "Web view").
 * The other files (summary, clusters, the controllers' records) are few and always parsed.
 */
import { RECORD_SECTIONS } from '../controllers/index.ts';
import type { GitStore, TreeEntry } from '../source/index.ts';
import type { StatusBranchView, TemplateStatus } from '../status/index.ts';
import { parseStatusTree, resourcePath } from '../status/index.ts';
import { compactRecord, StringPool } from './compact-status.ts';

const BINDING_VIEW = /^resources\/.+\.yaml$/;

/**
 * Binding views read per `git cat-file` batch: a batch's output is held whole until its last view
 * is parsed, and 10,000 at once held 25 MiB on top of the render (docs/benchmarks.md, "Web view").
 */
const VIEWS_PER_BATCH = 1000;

async function contents(store: GitStore, entries: readonly TreeEntry[]): Promise<{ path: string; content: Buffer }[]> {
  const blobs = await store.readBlobs(entries.map((e) => e.oid));
  return entries.flatMap((e) => {
    const content = blobs.get(e.oid);
    return content === undefined ? [] : [{ path: e.path, content }];
  });
}

export class StatusReader {
  /** The binding views last read, by path, with their blob id. */
  private views = new Map<string, { oid: string; status: TemplateStatus }>();

  private readonly viewsPerBatch: number;

  constructor(viewsPerBatch = VIEWS_PER_BATCH) {
    this.viewsPerBatch = viewsPerBatch;
  }

  /** The tip of `branch`, or undefined when there is none yet. */
  async read(store: GitStore, branch: string): Promise<StatusBranchView | undefined> {
    const commit = await store.readRef(`refs/heads/${branch}`);
    if (commit === undefined) return undefined;
    const blobs = ((await store.listTree(commit, '')) ?? []).filter((e) => e.type === 'blob');
    const parsed = parseStatusTree(
      await contents(
        store,
        blobs.filter((e) => !BINDING_VIEW.test(e.path)),
      ),
      RECORD_SECTIONS,
      'full',
    );
    const views = blobs.filter((e) => BINDING_VIEW.test(e.path));
    const next = new Map<string, { oid: string; status: TemplateStatus }>();
    const pool = new StringPool();
    for (let at = 0; at < views.length; at += this.viewsPerBatch) {
      const batch = views.slice(at, at + this.viewsPerBatch);
      const changed = batch.filter((e) => this.views.get(e.path)?.oid !== e.oid);
      const read = parseStatusTree(await contents(store, changed), RECORD_SECTIONS, 'full');
      parsed.warnings.push(...read.warnings);
      const fresh = new Map(read.templates.map((t) => [resourcePath(t.resource), compactRecord(t, pool)]));
      for (const entry of batch) {
        const kept = this.views.get(entry.path);
        const status = fresh.get(entry.path) ?? (kept?.oid === entry.oid ? kept.status : undefined);
        if (status) next.set(entry.path, { oid: entry.oid, status });
      }
    }
    this.views = next;
    const templates = [...next.values()].map((v) => v.status);
    // A binding view holds every field of a placement: the failover view reads them from it.
    return { ...parsed, commit, templates, placements: templates };
  }
}

/**
 * The status branch read again on every move of its tip, parsing only what changed: a binding
 * view whose blob is the one read last time is kept as parsed (at 10,000 templates a full parse
 * takes seconds, and a live view has to show a change within two; docs/benchmarks.md, "Web view").
 * The other files (summary, clusters, the controllers' records) are few and always parsed.
 */
import type { GitStore } from '../source/index.ts';
import type { StatusBranchView, TemplateStatus } from '../status/index.ts';
import { parseStatusTree, resourcePath } from '../status/index.ts';

const BINDING_VIEW = /^resources\/.+\.yaml$/;

export class StatusReader {
  /** The binding views last read, by path, with their blob id. */
  private views = new Map<string, { oid: string; status: TemplateStatus }>();

  /** The tip of `branch`, or undefined when there is none yet. */
  async read(store: GitStore, branch: string): Promise<StatusBranchView | undefined> {
    const commit = await store.readRef(`refs/heads/${branch}`);
    if (commit === undefined) return undefined;
    const blobs = ((await store.listTree(commit, '')) ?? []).filter((e) => e.type === 'blob');
    const changed = blobs.filter((e) => !BINDING_VIEW.test(e.path) || this.views.get(e.path)?.oid !== e.oid);
    const contents = await store.readBlobs(changed.map((e) => e.oid));
    const parsed = parseStatusTree(
      changed.flatMap((e) => {
        const content = contents.get(e.oid);
        return content === undefined ? [] : [{ path: e.path, content }];
      }),
      'full',
    );
    const fresh = new Map(parsed.templates.map((t) => [resourcePath(t.resource), t]));
    const next = new Map<string, { oid: string; status: TemplateStatus }>();
    for (const entry of blobs) {
      if (!BINDING_VIEW.test(entry.path)) continue;
      const kept = this.views.get(entry.path);
      const status = fresh.get(entry.path) ?? (kept?.oid === entry.oid ? kept.status : undefined);
      if (status) next.set(entry.path, { oid: entry.oid, status });
    }
    this.views = next;
    const templates = [...next.values()].map((v) => v.status);
    // A binding view holds every field of a placement: the failover view reads them from it.
    return { ...parsed, commit, templates, placements: templates };
  }
}

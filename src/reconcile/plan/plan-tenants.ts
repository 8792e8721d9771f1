import { refKey, refOf } from '../../model/index.ts';
import type { ObjectChange } from '../../render/index.ts';
import type { PreparedPass } from '../pass/pass.ts';

/** The name a change of the platform's files is shown with. */
export const PLATFORM = 'platform';

/** Cluster → object → the tenant owning the template it was rendered from. */
function ownersOf({ source, rendered }: Pick<PreparedPass, 'source' | 'rendered'>): Map<string, Map<string, string>> {
  const templates = new Map(source.fleet.templates.map((t) => [refKey(refOf(t.object)), t.origin.file]));
  const owners = new Map<string, Map<string, string>>();
  for (const [cluster, items] of rendered.works) {
    const byObject = new Map<string, string>();
    for (const item of items) {
      const file = templates.get(refKey(item.template));
      byObject.set(refKey(refOf(item.manifest)), (file !== undefined && source.ownerOf(file)?.name) || PLATFORM);
    }
    owners.set(cluster, byObject);
  }
  return owners;
}

/**
 * `plan --base` changes with the tenant of each (`platform` outside every tenant's paths), so a
 * reviewer sees which teams a pull request touches: a created or changed object's owner at the
 * head, a deleted one's at the base. Unchanged when neither revision declares tenants.
 */
export function withTenants(
  changes: Record<string, ObjectChange[]>,
  head: Pick<PreparedPass, 'source' | 'rendered'>,
  base: Pick<PreparedPass, 'source' | 'rendered'>,
): Record<string, ObjectChange[]> {
  if (head.source.snapshot.config.tenants.length === 0 && base.source.snapshot.config.tenants.length === 0)
    return changes;
  const now = ownersOf(head);
  const before = ownersOf(base);
  return Object.fromEntries(
    Object.entries(changes).map(([cluster, list]) => [
      cluster,
      list.map((change) => {
        const key = refKey(change);
        const owners = change.action === 'delete' ? before : now;
        return { ...change, tenant: owners.get(cluster)?.get(key) ?? PLATFORM };
      }),
    ]),
  );
}

/**
 * kubectl's way of naming a type on the command line (`kubectl get TYPE`), resolved against one
 * cluster's discovery: a short name (`deploy`), the plural (`deployments`), the singular
 * (`deployment`) or the kind (`Deployment`), case-insensitively, optionally qualified by group
 * (`deployments.apps`) or by version and group (`deployments.v1.apps`). Short names are tried
 * first, as kubectl expands them before anything else; then plural and singular; then the kind.
 * Among equals the first in discovery order wins: the core group, then the groups and versions in
 * the server's order of preference. Pure.
 */
import type { ApiResource } from './kube-client.ts';

/** One way to read the argument: a name, and the group and version it was qualified with. */
interface Reading {
  name: string;
  group?: string;
  version?: string;
}

/** `a.b.c` may be a resource of version `b` in group `c`, a resource of group `b.c`, or (no dots) a bare name. */
function readings(type: string): Reading[] {
  const parts = type.toLowerCase().split('.');
  const [name = '', second, ...rest] = parts;
  if (second === undefined) return [{ name }];
  const out: Reading[] = [];
  if (rest.length > 0) out.push({ name, version: second, group: rest.join('.') });
  out.push({ name, group: [second, ...rest].join('.') });
  return out;
}

const TIERS: readonly ((r: ApiResource, name: string) => boolean)[] = [
  (r, name) => r.shortNames?.some((s) => s.toLowerCase() === name) === true,
  (r, name) => r.resource === name || r.singular === name,
  (r, name) => r.kind.toLowerCase() === name,
];

/** The resource `type` names among `resources`, or undefined when the cluster serves none by that name. */
export function resolveType(type: string, resources: readonly ApiResource[]): ApiResource | undefined {
  const listable = resources.filter((r) => r.verbs.length === 0 || r.verbs.includes('list'));
  for (const reading of readings(type)) {
    const scoped = listable.filter(
      (r) =>
        (reading.group === undefined || r.group === reading.group) &&
        (reading.version === undefined || r.version === reading.version),
    );
    for (const tier of TIERS) {
      const found = scoped.find((r) => tier(r, reading.name));
      if (found) return found;
    }
  }
  return undefined;
}

/** kubectl's name of a resource in messages and `-o name`: `deployments.apps`, `pods` for the core group. */
export function qualifiedResource(resource: ApiResource): string {
  return resource.group === '' ? resource.resource : `${resource.resource}.${resource.group}`;
}

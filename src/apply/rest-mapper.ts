/**
 * Maps apiVersion and kind to a served resource (URL name and scope), from discovery. Pure: the
 * adapter refreshes it by building a new one when a kind is missing (a CRD may just have been
 * established) or when it wrote a CustomResourceDefinition.
 */
import { groupOf, versionOf } from '../model/index.ts';
import type { ApiResource } from './kube-client.ts';

function key(group: string, version: string, kind: string): string {
  return `${group}/${version}/${kind}`;
}

/** A lookup table over one discovery result. */
export class RestMapper {
  readonly #byKind: ReadonlyMap<string, ApiResource>;

  constructor(resources: readonly ApiResource[]) {
    const byKind = new Map<string, ApiResource>();
    // The first entry per kind wins: discovery lists the main resource before any alias.
    for (const r of resources)
      if (!byKind.has(key(r.group, r.version, r.kind))) byKind.set(key(r.group, r.version, r.kind), r);
    this.#byKind = byKind;
  }

  /** The resource serving `kind` at `apiVersion`, or undefined when this discovery result has none. */
  find(apiVersion: string, kind: string): ApiResource | undefined {
    return this.#byKind.get(key(groupOf(apiVersion), versionOf(apiVersion), kind));
  }
}

/** The URL path of a collection or of one object (`name`), namespaced or not. */
export function resourcePath(resource: ApiResource, namespace: string | undefined, name?: string): string {
  const base = resource.group === '' ? `/api/${resource.version}` : `/apis/${resource.group}/${resource.version}`;
  const ns = resource.namespaced && namespace ? `/namespaces/${encodeURIComponent(namespace)}` : '';
  return `${base}${ns}/${resource.resource}${name !== undefined ? `/${encodeURIComponent(name)}` : ''}`;
}

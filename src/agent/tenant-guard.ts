/**
 * The agent's side of tenancy (docs/deploy.md#tenants): each manifest of a tenant's template is
 * held to that tenant's grant as work.json records it, as the hub held it, so a works folder
 * edited past the hub cannot put a tenant's object outside its namespaces. What is refused is not
 * applied and, like an unreadable file, holds back prune for the round. Pure.
 */
import { describeRef, refOf } from '../model/index.ts';
import type { KubeObject, WorkDocument } from '../model/index.ts';
import { outsideGrant } from '../render/index.ts';

export interface GuardedWork {
  /** The document and manifests without the refused objects, in the same order. */
  document: WorkDocument;
  manifests: KubeObject[];
  /** One message per refused manifest, naming it, its tenant and the rule. */
  refused: string[];
}

export function guardTenants(document: WorkDocument, manifests: readonly KubeObject[]): GuardedWork {
  const keep: number[] = [];
  const refused: string[] = [];
  manifests.forEach((manifest, i) => {
    const tenant = document.objects[i]?.tenant;
    const grant = tenant === undefined ? undefined : document.tenants?.[tenant];
    // The manifest as it will be applied decides: one without a namespace is cluster-scoped to the API server.
    const outside = grant && outsideGrant(grant, refOf(manifest), (manifest.metadata.namespace ?? '') !== '');
    if (outside)
      refused.push(
        `${describeRef(refOf(manifest))}: tenant ${tenant} (rule ${outside.rule}): ${outside.reason}; refused, not applied`,
      );
    else keep.push(i);
  });
  if (refused.length === 0) return { document, manifests: [...manifests], refused };
  return {
    document: {
      ...document,
      objects: keep.flatMap((i) => (document.objects[i] ? [document.objects[i]] : [])),
      prune: { ...document.prune, allowed: false, sourceHasErrors: true },
    },
    manifests: keep.map((i) => manifests[i] as KubeObject),
    refused,
  };
}

import { groupOf, versionOf } from '../../model/index.ts';
import type { KubeObject } from '../../model/index.ts';
import { builtinVersions } from '../validate/openapi/kube-schemas.ts';

const GA = /^v(\d+)$/;

/**
 * The apiVersion Karmada's detector sees a template at
 * (docs/karmada-compatibility.md#kinds-at-their-preferred-version): its informers list every
 * resource at the API server's preferred version, so a built-in kind
 * written at another of its versions (an HPA as `autoscaling/v1`) is matched as the preferred one
 * (`autoscaling/v2`). The preferred version here is the kind's highest GA version, the one a
 * default kube-apiserver of the members' Kubernetes prefers; kinds without a GA version, and
 * custom kinds, are seen as written.
 */
export function detectedApiVersion(apiVersion: string, kind: string): string {
  const group = groupOf(apiVersion);
  let best: number | undefined;
  for (const version of builtinVersions(group, kind)) {
    const major = GA.exec(version)?.[1];
    if (major !== undefined && (best === undefined || Number(major) > best)) best = Number(major);
  }
  if (best === undefined || versionOf(apiVersion) === `v${best}`) return apiVersion;
  return group ? `${group}/v${best}` : `v${best}`;
}

/** The apiVersion of `obj` as the detector sees it; see detectedApiVersion. */
export function detectedApiVersionOf(obj: KubeObject): string {
  return detectedApiVersion(obj.apiVersion, obj.kind);
}

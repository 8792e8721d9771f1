import type { FieldPath } from '../../../src/model/index.ts';
import { validateObject, type ValidateOptions } from '../../../src/render/validate/index.ts';

/** An issue as tests compare it: path, message, severity. */
export type Issue = [path: FieldPath, message: string, severity: 'error' | 'warning'];

export const e = (path: FieldPath, message: string): Issue => [path, message, 'error'];
export const w = (path: FieldPath, message: string): Issue => [path, message, 'warning'];

export function issues(obj: unknown, options: Partial<ValidateOptions> = {}): Issue[] {
  return validateObject(obj, options).map((i) => [i.path, i.message, i.severity]);
}

export function propagationPolicy(spec: Record<string, unknown>, metadata: Record<string, unknown> = {}): unknown {
  return {
    apiVersion: 'policy.karmada.io/v1alpha1',
    kind: 'PropagationPolicy',
    metadata: { name: 'web', namespace: 'shop', ...metadata },
    spec: { resourceSelectors: [{ apiVersion: 'apps/v1', kind: 'Deployment', name: 'web' }], ...spec },
  };
}

export function clusterPropagationPolicy(spec: Record<string, unknown>): unknown {
  return {
    apiVersion: 'policy.karmada.io/v1alpha1',
    kind: 'ClusterPropagationPolicy',
    metadata: { name: 'all' },
    spec: { resourceSelectors: [{ apiVersion: 'apps/v1', kind: 'Deployment' }], ...spec },
  };
}

export function overridePolicy(spec: Record<string, unknown>, kind = 'OverridePolicy'): unknown {
  return {
    apiVersion: 'policy.karmada.io/v1alpha1',
    kind,
    metadata: kind === 'OverridePolicy' ? { name: 'web-eu', namespace: 'shop' } : { name: 'web-eu' },
    spec,
  };
}

/** An OverridePolicy with one rule holding the given overriders. */
export function withOverriders(overriders: Record<string, unknown>): unknown {
  return overridePolicy({ overrideRules: [{ targetCluster: { clusterNames: ['eu-1'] }, overriders }] });
}

export function cluster(spec: Record<string, unknown>, extra: Record<string, unknown> = {}): unknown {
  return { apiVersion: 'cluster.karmada.io/v1alpha1', kind: 'Cluster', metadata: { name: 'eu-1' }, spec: { syncMode: 'Push', ...spec }, ...extra };
}

/** Kubernetes' message for an invalid label key name part (validation.IsQualifiedName). */
export const NAME_PART_MSG =
  "name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')";

/** Kubernetes' message for an invalid label value (validation.IsValidLabelValue). */
export const LABEL_VALUE_MSG =
  "a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyValue',  or 'my_value',  or '12345', regex used for validation is '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')";

export const DNS1123_LABEL_MSG =
  "a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')";

export const DNS1123_SUBDOMAIN_MSG =
  "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')";

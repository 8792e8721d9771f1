/**
 * Kubernetes object shapes, as far as Flotilla reads them. Objects stay open records: a template
 * carries fields we never interpret, and they must survive every stage byte for byte.
 */

export type JsonPrimitive = string | number | boolean | null;
export type JsonValue = JsonPrimitive | JsonValue[] | { [key: string]: JsonValue };
export type JsonObject = { [key: string]: JsonValue };

export interface ObjectMeta {
  name?: string;
  namespace?: string;
  labels?: Record<string, string>;
  annotations?: Record<string, string>;
  generation?: number;
  uid?: string;
  [key: string]: unknown;
}

/** Any Kubernetes object: a template, a member object, a Karmada policy. */
export interface KubeObject {
  apiVersion: string;
  kind: string;
  metadata: ObjectMeta;
  [key: string]: unknown;
}

export interface LabelSelectorRequirement {
  key: string;
  operator: 'In' | 'NotIn' | 'Exists' | 'DoesNotExist';
  values?: string[];
}

export interface LabelSelector {
  matchLabels?: Record<string, string>;
  matchExpressions?: LabelSelectorRequirement[];
}

/** A node-selector-style requirement, as used by Karmada's fieldSelector. */
export interface NodeSelectorRequirement {
  key: string;
  operator: 'In' | 'NotIn' | 'Exists' | 'DoesNotExist' | 'Gt' | 'Lt';
  values?: string[];
}

export type TaintEffect = 'NoSchedule' | 'PreferNoSchedule' | 'NoExecute';

export interface Taint {
  key: string;
  value?: string;
  effect: TaintEffect;
  timeAdded?: string;
}

export interface Toleration {
  key?: string;
  /** Empty means Equal; Karmada stores any other string, which then tolerates no taint. */
  operator?: 'Equal' | 'Exists' | '' | (string & {});
  value?: string;
  effect?: TaintEffect | '';
  tolerationSeconds?: number;
}

/** Resource quantities keyed by resource name (`cpu`, `memory`, `pods`, extended resources). */
export type ResourceList = Record<string, string | number>;

export interface Condition {
  type: string;
  status: 'True' | 'False' | 'Unknown';
  reason?: string;
  message?: string;
  lastTransitionTime?: string;
  observedGeneration?: number;
}

/** Whether a value is a JSON object (not null, not an array): the guard for unvalidated input. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

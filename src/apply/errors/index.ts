/** The apply stage's typed errors, one class per failure kind. */
export * from './cluster-unauthorized-error.ts';
export * from './cluster-unreachable-error.ts';
export * from './context-not-found-error.ts';
export * from './kube-api-error.ts';
export type { KubeApiErrorData } from './kube-api-error.ts';
export * from './kubeconfig-invalid-error.ts';
export * from './unknown-kind-error.ts';
export * from './crd-not-established-error.ts';
export * from './object-not-managed-error.ts';
export * from './member-timeout-error.ts';
export * from './inventory-locked-error.ts';
export * from './retain-result-error.ts';

/** The apply stage's typed errors, one class per failure kind. */
export { ClusterUnauthorizedError } from './cluster-unauthorized-error.ts';
export { ClusterUnreachableError } from './cluster-unreachable-error.ts';
export { ContextNotFoundError } from './context-not-found-error.ts';
export { KubeApiError } from './kube-api-error.ts';
export type { KubeApiErrorData } from './kube-api-error.ts';
export { KubeconfigInvalidError } from './kubeconfig-invalid-error.ts';
export { UnknownKindError } from './unknown-kind-error.ts';
export { CrdNotEstablishedError } from './crd-not-established-error.ts';
export { ObjectNotManagedError } from './object-not-managed-error.ts';
export { MemberTimeoutError } from './member-timeout-error.ts';
export { InventoryLockedError } from './inventory-locked-error.ts';
export { RetainResultError } from './retain-result-error.ts';

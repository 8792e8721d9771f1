/**
 * The bottom floor: Kubernetes and Karmada object types, identities, diagnostics and typed
 * errors. Pure data and pure helpers; every other module may import it, it imports nothing.
 */
export * from './binding.js';
export * from './diagnostic.js';
export * from './errors.js';
export * from './identity.js';
export * from './karmada.js';
export * from './kube.js';
export * from './source-object.js';

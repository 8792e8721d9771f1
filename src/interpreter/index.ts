/**
 * The resource interpreter (docs/karmada-compatibility.md#interpreter): answers Karmada's eight interpreter operations
 * for any object through a chain — the repository's ResourceInterpreterCustomizations (Lua), Flotilla's
 * bundled Lua customizations, then native TS defaults. Lua runs in a sandboxed fengari state with
 * Karmada's library set, the `kube` helpers, and per-call instruction, time and memory limits.
 * It does not read the repository or talk to clusters; callers pass objects in.
 */
export * from './bundled.ts';
export * from './customization-files.ts';
export * from './read-customization-file.ts';
export * from './chain.ts';
export * from './check-customization.ts';
export * from './customization-suites.ts';
export * from './errors.ts';
export * from './run-operation.ts';
export * from './test-cases.ts';
export * from './types.ts';

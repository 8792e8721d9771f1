/**
 * The web view of the fleet (README.md#flotilla-ui, docs/architecture.md "The web view"): a
 * read-only server over the source rendered as `plan` renders it and the status branch, for
 * `flotilla ui` (from the repository) and `run --ui-addr` (from the reconciler's passes). The
 * browser's code is in ./browser, bundled at build time.
 */
export * from './exposure.ts';
export * from './ui-source.ts';
export * from './ui-server.ts';

/**
 * The web view of the fleet (README.md#flotilla-ui, docs/architecture.md "The web view"): a
 * read-only server over the source rendered as `plan` renders it and the status branch, for
 * `flotilla ui` (from the repository) and `run --ui-addr` (from the reconciler's passes). The
 * browser's code is in ./browser, bundled at build time.
 */
export { exposure, isLoopback, type Exposure } from './exposure.ts';
export { passFeed, watchRepository, type UiSource, type WatchOptions } from './ui-source.ts';
export { startUiServer, type UiServer } from './ui-server.ts';

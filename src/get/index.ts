/** The face of src/get/: `flotilla get` against the members or the search cache, and its outcome. */
export * from './cache-get.ts';
export * from './get-outcome.ts';
export * from './member-get.ts';

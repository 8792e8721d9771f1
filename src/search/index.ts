/**
 * The face of src/search/: the search cache's HTTP server, which the run loop starts, and
 * kubectl's columns for whole objects, which it serves as Tables and `flotilla get --from` prints.
 */
export * from './search-server.ts';
export * from './object-columns.ts';

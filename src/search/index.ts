/** The face of src/search/: the search cache's HTTP server, which the run loop starts. */
export * from './search-server.ts';

/** `flotilla get`'s typed errors, one class per failure kind. */
export * from './search-cache-error.ts';
export * from './unknown-type-error.ts';

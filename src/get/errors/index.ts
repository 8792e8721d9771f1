/** `flotilla get`'s typed errors, one class per failure kind. */
export { SearchCacheError } from './search-cache-error.ts';
export { UnknownTypeError, type TypeSource } from './unknown-type-error.ts';

import { EngineError } from '../../model/index.ts';

/** The search cache `flotilla get --from` reads did not answer, or refused the request (its status and message). */
export class SearchCacheError extends EngineError<'SearchCacheFailed', { url: string; status?: number }> {
  constructor(url: string, reason: string, status?: number) {
    super(
      'SearchCacheFailed',
      status === undefined
        ? `the search cache at ${url} did not answer: ${reason}`
        : `the search cache at ${url} answered ${status}: ${reason}`,
      { url, ...(status !== undefined ? { status } : {}) },
    );
  }
}

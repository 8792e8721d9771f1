import { EngineError } from '../../model/index.ts';

/** Discovery (refreshed once) does not list the kind: its CRD is missing or its API is disabled. */
export class UnknownKindError extends EngineError<
  'UnknownKind',
  { cluster: string; apiVersion: string; kind: string }
> {
  constructor(cluster: string, apiVersion: string, kind: string) {
    super('UnknownKind', `${kind} (${apiVersion}) is not served by cluster ${cluster}`, { cluster, apiVersion, kind });
  }
}

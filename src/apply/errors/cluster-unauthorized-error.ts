import { EngineError } from '../../model/index.ts';

/** The member cluster rejected Flotilla's credentials (HTTP 401) for the whole cluster. */
export class ClusterUnauthorizedError extends EngineError<
  'ClusterUnauthorized',
  { cluster: string; context: string; message: string }
> {
  constructor(cluster: string, context: string, message: string) {
    super(
      'ClusterUnauthorized',
      `cluster ${cluster}: the credentials of kubeconfig context ${context} were rejected (401 Unauthorized): ${message}`,
      { cluster, context, message },
    );
  }
}

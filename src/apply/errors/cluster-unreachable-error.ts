import { EngineError } from '../../model/index.ts';

/** No answer from a member cluster's API server (refused, reset, timed out, TLS failure). */
export class ClusterUnreachableError extends EngineError<
  'ClusterUnreachable',
  { cluster: string; server: string; reason: string }
> {
  constructor(cluster: string, server: string, reason: string, options?: { cause?: unknown }) {
    super(
      'ClusterUnreachable',
      `cluster ${cluster}: API server ${server} is unreachable: ${reason}`,
      { cluster, server, reason },
      options,
    );
  }
}

import { EngineError } from '../../model/index.ts';

/** A CustomResourceDefinition was applied but did not become Established in time. */
export class CrdNotEstablishedError extends EngineError<
  'CrdNotEstablished',
  { cluster: string; name: string; timeoutMs: number }
> {
  constructor(cluster: string, name: string, timeoutMs: number) {
    super(
      'CrdNotEstablished',
      `CustomResourceDefinition/${name} in cluster ${cluster} is not Established after ${timeoutMs} ms`,
      { cluster, name, timeoutMs },
    );
  }
}

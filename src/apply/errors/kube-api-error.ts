import { describeRef, EngineError } from '../../model/index.ts';
import type { ObjectRef } from '../../model/index.ts';

/** What failed: the request, and the API server's Status (`reason` as in `metav1.StatusReason`). */
export interface KubeApiErrorData {
  cluster: string;
  status: number;
  reason: string;
  method: string;
  path: string;
  ref?: ObjectRef;
}

/** The API server answered a request with an error status (after retries, where they apply). */
export class KubeApiError extends EngineError<'KubeApiFailed', KubeApiErrorData> {
  constructor(data: KubeApiErrorData, message: string) {
    const subject = data.ref
      ? `${describeRef(data.ref)} in cluster ${data.cluster}`
      : `cluster ${data.cluster}: ${data.method} ${data.path}`;
    super('KubeApiFailed', `${subject}: ${data.status} ${data.reason}: ${message}`, data);
  }
}

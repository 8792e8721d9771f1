/** apps.karmada.io/v1alpha1 WorkloadRebalancer: at least one workload, each fully named. */
import { any, arr, int, obj, str, type ObjectSchema } from '../schema.ts';

/** WorkloadRebalancerSpec. */
export const workloadRebalancerSpec: ObjectSchema = obj(
  {
    workloads: arr(
      obj(
        { apiVersion: str(), kind: str(), name: str(), namespace: str() },
        { required: ['apiVersion', 'kind', 'name'] },
      ),
      { minItems: 1 },
    ),
    ttlSecondsAfterFinished: int({ minimum: 0 }),
  },
  { required: ['workloads'] },
);

/** WorkloadRebalancerStatus, as Karmada reports it; kept as written. */
export const workloadRebalancerStatus: ObjectSchema = obj({
  observedWorkloads: arr(any),
  observedGeneration: int(),
  finishTime: str(),
});

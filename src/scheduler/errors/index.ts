/** The scheduler's typed errors. Only NoClusterFit withdraws a workload in Karmada. */
import type { NoClusterFitError } from './no-cluster-fit-error.ts';
import type { SchedulerError } from './scheduler-error.ts';
import type { UnschedulableError } from './unschedulable-error.ts';

export * from './no-cluster-fit-error.ts';
export * from './scheduler-error.ts';
export * from './unschedulable-error.ts';

/** Every way a scheduling attempt can fail; `code` tells them apart. */
export type ScheduleError = NoClusterFitError | UnschedulableError | SchedulerError;

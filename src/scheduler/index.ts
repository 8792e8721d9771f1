/**
 * The scheduler: a pure function from a binding (template identity, replicas, placement,
 * previous result) and the member clusters (with their observed status) to Karmada's
 * TargetCluster list, with Karmada's semantics (docs/karmada-compatibility.md#scheduler, #cluster-affinities): filter
 * plugins, score plugins, the general estimator, spread-constraint selection, Duplicated /
 * static-weight / dynamic-weight / Aggregated assignment, clusterAffinities and overflow tiers.
 *
 * It does not decide *whether* to reschedule (Karmada's reschedule gate, render/bind/reschedule-gate.ts),
 * does no I/O, reads no clock, and keeps no state: the caller passes the previous result and the
 * observed cluster status.
 * WorkloadAffinity's filters judge the peers the caller passes (the caller groups the bindings).
 * The accurate estimator runs on the members' observed nodes (no gRPC server); resource models and
 * multi-component workloads are not covered.
 */
export * from './cluster-affinity.ts';
export * from './errors/index.ts';
export * from './readiness-taints.ts';
export * from './schedule.ts';
export * from './accurate-estimator.ts';
export * from './trace.ts';
export * from './strategy.ts';
export * from './toleration.ts';
export type { ScheduleDiagnostic, ScheduleResult, SchedulingInput, WorkloadAffinityPeers } from './types.ts';
export * from './assign/webster.ts';
export * from './tie-break.ts';

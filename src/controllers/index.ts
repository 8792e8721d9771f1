/**
 * The face of src/controllers/: the seam (the phases of controller.ts, the registry, the
 * registered controllers as one), and the few parts a back-end on floor 5 serves or a plan shows.
 */
export * from './controller.ts';
export type { ControllerRecords, ControllerRecordSection } from './controller-records.ts';
export * from './in-order.ts';
export * from './phases.ts';
export * from './registry.ts';
export * from './failover/failover-view.ts';
export type { ControllerSettingsSpec, SettingFlag, SettingKind, SettingValues } from './settings.ts';
export type { TaintPolicyRecord } from './taint-policy/taint-policy-record.ts';
export type { PlanMultiClusterService, PlanServiceMember } from './multicluster-services/plan-view.ts';
export type { IngressLocations } from './multicluster-services/ingress-locations.ts';
export * from './pull-members/heartbeat.ts';
export type { CachedKindRecord, RegistryRecord, SearchCacheRecord } from './search-cache/search-cache-record.ts';
export * from './search-cache/memory-store.ts';
export * from './search-cache/search-cache.ts';
export type { StorePosition, StoreQuery } from './search-cache/search-store.ts';
export * from './search-cache/selectors.ts';

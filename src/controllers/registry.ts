/**
 * The controllers of `run`, registered by name in one list, as Karmada's controller-manager lists
 * its controllers: every pass drives them in this order through the phases of controller.ts.
 * Adding a controller is one entry here (see docs/architecture.md, "Adding a controller").
 */
import { AutoscalingController } from './autoscaling/autoscaling-controller.ts';
import { AUTOSCALING_SETTINGS } from './autoscaling/settings.ts';
import { recordedAutoscaling } from './autoscaling/recorded-autoscaling.ts';
import { emptyAutoscalingRecord } from '../model/index.ts';
import type { ViewSection } from '../model/index.ts';
import type { ParsedStatusTree, SectionRecords, StatusReport } from '../status/index.ts';
import { controllerRecordsOf, sectionRecordsOf } from './controller-records.ts';
import { emptyFailoverView, failoverOfTree, recordedFailover as failoverOfReport } from './failover/failover-view.ts';
import type { ControllerRecordSection, ControllerRecords } from './controller-records.ts';
import { autoscalingRecordSection } from './autoscaling/record-section.ts';
import { multiClusterServicesRecordSection } from './multicluster-services/record-section.ts';
import { rebalancerRecordSection } from './rebalancer/record-section.ts';
import { searchCacheRecordSection } from './search-cache/record-section.ts';
import type { Controller, MetricSpec, PlanNote, PlanTextSection, PlanView, PlanViewInput } from './controller.ts';
import { autoscalingView } from './autoscaling/view.ts';
import { failoverView } from './failover/view.ts';
import { failoverRecordSection } from './failover/record-section.ts';
import { multiClusterServicesView } from './multicluster-services/view.ts';
import { rebalancerView } from './rebalancer/view.ts';
import { searchCacheView } from './search-cache/view.ts';
import { AUTOSCALING_METRICS } from './autoscaling/autoscaling-metrics.ts';
import { autoscalingPlanNote, autoscalingPlanView } from './autoscaling/plan-view.ts';
import { multiClusterServicesPlanSections, multiClusterServicesPlanView } from './multicluster-services/plan-view.ts';
import { FailoverController } from './failover/failover-controller.ts';
import { DEFAULT_FAILOVER_OPTIONS } from './failover/failover-memory.ts';
import { FAILOVER_SETTINGS } from './failover/settings.ts';
import { recordedFailover } from './failover/recorded-failover.ts';
import { PullMembersController } from './pull-members/pull-members-controller.ts';
import { PULL_MEMBERS_SETTINGS } from './pull-members/settings.ts';
import type { ControllerSettingsSpec, SettingFlag, SettingValues } from './settings.ts';
import { pullMembersOf, pullMembersView } from './pull-members/view.ts';
import {
  MultiClusterServicesController,
  recordedMultiClusterServices,
} from './multicluster-services/multicluster-services-controller.ts';
import { RebalancerController } from './rebalancer/rebalancer-controller.ts';
import { DeschedulerController } from './descheduler/descheduler-controller.ts';
import { DESCHEDULER_SETTINGS } from './descheduler/settings.ts';
import { DESCHEDULER_METRICS } from './descheduler/descheduler-metrics.ts';
import { deschedulerRecordSection } from './descheduler/record-section.ts';
import { deschedulerPlanNote, deschedulerPlanView, deschedulerView } from './descheduler/view.ts';
import type { SearchCache } from './search-cache/search-cache.ts';
import { recordedSearchCache, SearchCacheController } from './search-cache/search-cache-controller.ts';
import { recordedTaintPolicy, TaintPolicyController } from './taint-policy/taint-policy-controller.ts';

/**
 * Each controller's settings by its registration's name: what its settings' `parse` gave of `run`'s
 * flags ({@link controllerSettingsOf}), or a caller's part of them; a controller without an entry
 * has its defaults.
 */
export type ControllerSettings = Readonly<Record<string, unknown>>;

/** What `run` gives every controller beside its own settings. */
export interface SharedSettings {
  /** The search cache `run --search-addr` serves; absent, nothing is cached. */
  searchCache?: SearchCache;
  /** `--inventory-name`: the fleet's inventory, after which what a controller writes to the members is listed. */
  inventoryName?: string;
}

/** A controller as the registry lists it: its live form for `run`, its recorded form for passes without memory. */
export interface ControllerRegistration {
  /** Its name: its record's key in the controller records, when it has one. */
  readonly name: string;
  /**
   * Its record when nothing is recorded, what a fleet without a status branch starts from; absent:
   * it records nothing. `register` checks it against its key of `ControllerRecords`.
   */
  empty?(): unknown;
  /** Its flags of `run` and its settings from their values; absent: it has none. */
  settings?: ControllerSettingsSpec<unknown>;
  /** Its live form for `run`, given its own settings (absent: its defaults) and what every controller is given. */
  live(settings: unknown, shared: SharedSettings): Controller;
  /** Replays the records the first phase of its pass is given. */
  recorded(): Controller;
  /** What `plan` shows of it beside the placements; absent: nothing. */
  plan?(input: PlanViewInput): PlanView;
  /** Its words on one binding in `plan`'s text and comment, from the fields its plan view gave the binding's entry; absent or undefined: none. */
  planNote?(binding: Readonly<Record<string, unknown>>): PlanNote | undefined;
  /** Its sections of `plan`'s text, from the fields its plan view gave the document; absent or empty: none. */
  planSections?(document: Readonly<Record<string, unknown>>): PlanTextSection[];
  /** The metrics it exports through `ControllerContext.metrics`; absent: none. */
  metrics?: readonly MetricSpec[];
  /**
   * What people see of it (STATUS.md's readers, `flotilla status`, the web view), from its records
   * as the status branch holds them or as a live pass made them; empty when it has nothing to show.
   */
  view?(records: ControllerRecords): ViewSection[];
  /**
   * Its own part of the status branch, named as it is: its files, how they read back, its STATUS.md
   * section, or the fields it keeps in the fleet's documents; absent: it records nothing there.
   */
  record?: ControllerRecordSection;
}

export const CONTROLLERS = [
  // First: the Ready condition it gives Pull members is what the taint policies and failover read.
  register({
    name: 'pull-members',
    empty: () => new Map(),
    settings: PULL_MEMBERS_SETTINGS,
    live: (settings) =>
      new PullMembersController({
        failoverGraceMs: DEFAULT_FAILOVER_OPTIONS.graceMs,
        monitorIntervalMs: DEFAULT_FAILOVER_OPTIONS.probeIntervalMs,
        ...settings,
      }),
    recorded: () => new PullMembersController(),
    view: pullMembersView,
  }),
  register({
    name: 'taint-policy',
    empty: () => new Map(),
    live: () => new TaintPolicyController(),
    recorded: recordedTaintPolicy,
  }),
  register({
    name: 'failover',
    empty: emptyFailoverView,
    settings: FAILOVER_SETTINGS,
    live: (settings) => new FailoverController(settings),
    recorded: recordedFailover,
    view: failoverView,
    record: failoverRecordSection,
  }),
  register({
    name: 'workload-rebalancer',
    empty: () => new Map(),
    live: () => new RebalancerController(),
    recorded: () => new RebalancerController(),
    view: rebalancerView,
    record: rebalancerRecordSection,
  }),
  // After failover and the rebalancer: it lowers the previous schedules they leave.
  register({
    name: 'descheduler',
    empty: () => new Map(),
    settings: DESCHEDULER_SETTINGS,
    live: (settings) => new DeschedulerController(settings),
    recorded: () => new DeschedulerController({}, false),
    plan: deschedulerPlanView,
    planNote: deschedulerPlanNote,
    metrics: DESCHEDULER_METRICS,
    view: deschedulerView,
    record: deschedulerRecordSection,
  }),
  register({
    name: 'search-cache',
    empty: () => [],
    live: (_settings, shared) => new SearchCacheController(shared.searchCache),
    recorded: recordedSearchCache,
    view: searchCacheView,
    record: searchCacheRecordSection,
  }),
  register({
    name: 'autoscaling',
    empty: emptyAutoscalingRecord,
    settings: AUTOSCALING_SETTINGS,
    live: (settings) => new AutoscalingController(settings),
    recorded: () => recordedAutoscaling(),
    plan: autoscalingPlanView,
    planNote: autoscalingPlanNote,
    metrics: AUTOSCALING_METRICS,
    view: autoscalingView,
    record: autoscalingRecordSection,
  }),
  // After failover: its failed-over members are not Ready in the scheduling inputs this one reads.
  register({
    name: 'multicluster-services',
    empty: () => new Map(),
    live: (_settings, shared) =>
      new MultiClusterServicesController(shared.inventoryName ? { inventoryName: shared.inventoryName } : {}),
    recorded: recordedMultiClusterServices,
    plan: multiClusterServicesPlanView,
    planSections: multiClusterServicesPlanSections,
    view: multiClusterServicesView,
    record: multiClusterServicesRecordSection,
  }),
] as const;

/** The keys a controller folder adds as required: its controller is in `CONTROLLERS`. */
type RequiredKey<T> = { [K in keyof T]-?: object extends Pick<T, K> ? never : K }[keyof T];

/** A compile error names any required key of the controller records no registration gives. */
const EVERY_RECORD_REGISTERED: Exclude<
  RequiredKey<ControllerRecords>,
  (typeof CONTROLLERS)[number]['name']
> extends never
  ? true
  : never = true;
void EVERY_RECORD_REGISTERED;

/** A registration whose record is its name's key of `ControllerRecords`, the record's type checked against it. */
type RecordingRegistration<N extends keyof ControllerRecords> = ControllerRegistration & {
  readonly name: N;
  empty(): ControllerRecords[N];
};

/** A registration as written: its live form takes the settings its own `parse` gives. */
type TypedRegistration<N extends keyof ControllerRecords, S> = Omit<RecordingRegistration<N>, 'settings' | 'live'> & {
  settings?: ControllerSettingsSpec<S>;
  live(settings: S | undefined, shared: SharedSettings): Controller;
};

function register<N extends keyof ControllerRecords, S = undefined>(
  registration: TypedRegistration<N, S>,
): RecordingRegistration<N> {
  // The settings map holds, under its name, what its `parse` gave (or a caller's part of it): typed here, not there.
  return registration as RecordingRegistration<N>;
}

/** Nothing recorded: what a fleet without a status branch starts from. */
export function emptyControllerRecords(): ControllerRecords {
  return Object.fromEntries(CONTROLLERS.map((c) => [c.name, c.empty()])) as unknown as ControllerRecords;
}

/** Every registered controller, live, for a `run` process: each given its own settings. */
export function liveControllers(settings: ControllerSettings = {}, shared: SharedSettings = {}): Controller[] {
  return CONTROLLERS.map((c) => c.live(settings[c.name], shared));
}

/** Every registered controller's flags of `run`, in registry order. */
export const CONTROLLER_FLAGS: readonly SettingFlag[] = CONTROLLERS.flatMap((c) => c.settings?.flags ?? []);

/**
 * Each registered controller's settings from the values of the flags (a flag not given: its
 * default), by name. Bad input throws an Error whose message names the flag.
 */
export function controllerSettingsOf(values: SettingValues): ControllerSettings {
  const given = Object.entries(values).filter(([, value]) => value !== undefined);
  const filled = {
    ...Object.fromEntries(CONTROLLER_FLAGS.map((f) => [f.name, f.default])),
    ...Object.fromEntries(given),
  };
  return Object.fromEntries(CONTROLLERS.flatMap((c) => (c.settings ? [[c.name, c.settings.parse(filled)]] : [])));
}

/** Every registered controller replaying the status branch's records, for a pass without memory. */
export function recordedControllers(): Controller[] {
  return CONTROLLERS.map((c) => c.recorded());
}

/** What every registered controller shows of itself, in registry order, for readers that know none of them. */
export function controllerViews(records: ControllerRecords): ViewSection[] {
  return CONTROLLERS.flatMap((c) => c.view?.(records) ?? []);
}

/** What the registered controllers say of one binding in `plan`'s text and comment, in registry order. */
export function controllerPlanNotes(binding: object): PlanNote[] {
  return CONTROLLERS.flatMap((c) => {
    const note = c.planNote?.(binding as Readonly<Record<string, unknown>>);
    return note ? [note] : [];
  });
}

/** The registered controllers' sections of `plan`'s text, in registry order. */
export function controllerPlanSections(document: object): PlanTextSection[] {
  return CONTROLLERS.flatMap((c) => c.planSections?.(document as Readonly<Record<string, unknown>>) ?? []);
}

/** Every registered controller's record section, in registry order: what the status writer, reader and STATUS.md are given. */
export const RECORD_SECTIONS: readonly ControllerRecordSection[] = CONTROLLERS.flatMap((c) =>
  c.record ? [c.record] : [],
);

/** The records a status branch tree holds. */
export function controllerRecordsOfTree(
  tree: Pick<ParsedStatusTree, 'clusters' | 'placements' | 'records'>,
): ControllerRecords {
  return controllerRecordsOf(
    emptyControllerRecords(),
    failoverOfTree(tree),
    tree.records,
    RECORD_SECTIONS,
    pullMembersOf(tree.clusters),
  );
}

/**
 * The records a status report just written holds, every template listed: with shards, what the
 * owners of other replicas' members decided, for the loop to adopt.
 */
export function controllerRecordsOfReport(
  report: Pick<StatusReport, 'clusters' | 'templates' | 'records'>,
): ControllerRecords {
  return controllerRecordsOf(
    emptyControllerRecords(),
    failoverOfReport(report),
    report.records ?? {},
    RECORD_SECTIONS,
    pullMembersOf(report.clusters),
  );
}

/** What the status step writes of a pass's records, by section. */
export function sectionRecords(records: ControllerRecords, sharded: boolean): SectionRecords {
  return sectionRecordsOf(records, RECORD_SECTIONS, sharded);
}

import { compareBytes, refOf } from '../model/index.ts';
import type {
  Origin,
  AggregatedStatusItem,
  Condition,
  HealthState,
  KubeObject,
  PolicyRef,
  ScheduledBinding,
} from '../model/index.ts';
import type { ResourceInterpreter } from '../interpreter/index.ts';
import type { RenderedFrom, TemplateStatus } from './status-types.ts';
import { isKustomizationFile } from '../source/index.ts';
import { worstHealth } from './health.ts';
import { memberStatusItem, type MemberObservation } from './member-item.ts';
import { problemLines } from './problems.ts';
import { unhealthyReasons } from './unhealthy-reason.ts';
import { withoutSecretValues } from './secret-guard.ts';

/** One template, its binding, and what its member clusters reported. */
export interface TemplateStatusInput {
  /** The template as the repository holds it. */
  template: KubeObject;
  policy: PolicyRef | null;
  binding: ScheduledBinding | null;
  /** Why a claim cannot take effect (e.g. missing dependentOverrides). */
  claimError?: string;
  /** Clusters that should hold the template: its scheduled ones and those that need it as a dependency. */
  expectedClusters: readonly string[];
  observations: readonly MemberObservation[];
  /** For a template a render root made: the root's kustomization and the source file inside it. */
  renderedFrom?: RenderedFrom;
  /** Per member, why its copy is unhealthy (unhealthy-reason.ts); from `observations` when absent. */
  unhealthyReasons?: ReadonlyMap<string, string>;
}

/** A template a render root made names its root and, where kustomize said, the file inside it. */
export function renderedFrom(origin: Origin): { renderedFrom?: RenderedFrom } {
  if (!isKustomizationFile(origin.file)) return {};
  const { file: root, sourceFile, generator } = origin;
  return { renderedFrom: { root, ...(sourceFile ? { sourceFile } : {}), ...(generator ? { generator } : {}) } };
}

/**
 * A template's input with its per-member items already built: a sharded writer's own items
 * merged with those the other replicas wrote (shard-status.ts).
 */
export interface TemplateItemsInput extends Omit<TemplateStatusInput, 'observations'> {
  items: readonly AggregatedStatusItem[];
}

const NO_FIT = /^0\/\d+ clusters are available/;

function scheduledCondition(binding: ScheduledBinding): Condition {
  if (binding.error === null)
    return {
      type: 'Scheduled',
      status: 'True',
      reason: 'Success',
      message: 'Binding has been scheduled successfully.',
    };
  return {
    type: 'Scheduled',
    status: 'False',
    reason: NO_FIT.test(binding.error) ? 'NoClusterFit' : 'SchedulerError',
    message: binding.error,
  };
}

/**
 * Karmada's FullyApplied (docs/karmada-compatibility.md#member-status-and-health): every expected cluster, and only
 * those, applied.
 */
function fullyAppliedCondition(expected: ReadonlySet<string>, items: readonly AggregatedStatusItem[]): Condition {
  const full =
    expected.size > 0 &&
    expected.size === items.length &&
    items.every((i) => i.applied === true && expected.has(i.clusterName));
  return full
    ? {
        type: 'FullyApplied',
        status: 'True',
        reason: 'FullyAppliedSuccess',
        message: 'All works have been successfully applied',
      }
    : {
        type: 'FullyApplied',
        status: 'False',
        reason: 'FullyAppliedFailed',
        message: 'Failed to apply all works, see status.aggregatedStatus for details',
      };
}

/** AggregateStatus when some interpreter implements it for the kind; a failure becomes a problem line. */
function aggregate(
  template: KubeObject,
  items: AggregatedStatusItem[],
  interpreter: ResourceInterpreter,
): { status?: Record<string, unknown>; error?: string } {
  if (!interpreter.supports(template, 'AggregateStatus')) return {};
  try {
    const status = interpreter.aggregateStatus(template, items)['status'];
    return typeof status === 'object' && status !== null ? { status: status as Record<string, unknown> } : {};
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) };
  }
}

function templateHealth(
  input: TemplateItemsInput,
  expected: ReadonlySet<string>,
  items: readonly AggregatedStatusItem[],
): HealthState {
  if (input.claimError !== undefined || (input.binding?.error ?? null) !== null) return 'Unhealthy';
  const reported = new Set(items.map((i) => i.clusterName));
  const missing = [...expected].some((c) => !reported.has(c));
  if (items.length === 0 && !missing) return 'Healthy';
  return worstHealth([...items.map((i) => i.health ?? 'Unknown'), ...(missing ? (['Unknown'] as const) : [])]);
}

/**
 * The status of one template (docs/karmada-compatibility.md#member-status-and-health): per-cluster items sorted by
 * cluster name, Karmada's conditions, the aggregated status, the worst health and the problems. Pure:
 * the same input gives the same output, and no Secret value survives into it.
 */
export function templateStatus(input: TemplateStatusInput, interpreter: ResourceInterpreter): TemplateStatus {
  const { observations, ...rest } = input;
  return templateStatusFromItems(
    {
      ...rest,
      items: observations.map((o) => memberStatusItem(o, interpreter)),
      unhealthyReasons: rest.unhealthyReasons ?? unhealthyReasons(observations),
    },
    interpreter,
  );
}

/** {@link templateStatus} from the members' AggregatedStatusItems rather than their live objects. */
export function templateStatusFromItems(input: TemplateItemsInput, interpreter: ResourceInterpreter): TemplateStatus {
  const items = [...input.items].sort((a, b) => compareBytes(a.clusterName, b.clusterName));
  const expected = new Set(input.expectedClusters);
  const aggregated = aggregate(input.template, items, interpreter);
  const conditions = [
    ...(input.binding ? [scheduledCondition(input.binding)] : []),
    fullyAppliedCondition(expected, items),
  ];
  const status: TemplateStatus = {
    resource: refOf(input.template),
    policy: input.policy,
    replicas: input.binding?.replicas ?? 0,
    clusters: input.binding?.clusters ?? [],
    ...(input.binding?.affinityName ? { affinityName: input.binding.affinityName } : {}),
    ...(input.binding?.appliedPlacement !== undefined ? { appliedPlacement: input.binding.appliedPlacement } : {}),
    conditions,
    aggregatedStatus: items,
    ...(aggregated.status ? { resourceStatus: aggregated.status } : {}),
    health: templateHealth(input, expected, items),
    problems: problemLines({ ...input, items, aggregateError: aggregated.error }),
    ...(input.renderedFrom ? { renderedFrom: input.renderedFrom } : {}),
  };
  return withoutSecretValues(status, input.template);
}

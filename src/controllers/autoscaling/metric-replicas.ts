/**
 * The replica count each metric of a FederatedHPA proposes, and the largest of them, as
 * Kubernetes' computeReplicasForMetrics decides (docs/karmada-compatibility.md#the-hpa-algorithm):
 * a metric that cannot be computed is reported in the ScalingActive condition; when every metric
 * fails, or some fail and the others would scale down, nothing is proposed. Resource and
 * ContainerResource metrics are read from the members' resource metrics API; Pods and Object
 * metrics need a custom metrics API Flotilla does not ask yet. Pure.
 */
import { formatQuantity, newMilliQuantity, quantityAsMilli } from '../../model/index.ts';
import type { HPACondition, MetricSpec, MetricStatus, MetricTarget, MetricValueStatus } from '../../model/index.ts';
import { unableToCompute } from './hpa-conditions.ts';
import { podMetricsOf } from './pod-sample.ts';
import type { PodSample, PodUsage } from './pod-sample.ts';
import { rawResourceReplicas, resourceReplicas } from './replica-calculator.ts';
import type { CalculatorOptions } from './replica-calculator.ts';

/** What the members report of a workload's pods. */
export interface PodsObservation {
  pods: readonly PodSample[];
  /** The PodMetrics of every member that answered; an error when none did. */
  usage: readonly PodUsage[] | { error: string };
}

/** One metric's proposal, or why there is none. */
type Proposal =
  | { ok: true; replicas: number; name: string; status: MetricStatus }
  | { ok: false; condition: HPACondition; error: string };

/** The metrics' verdict. */
export type MetricsVerdict =
  | { ok: true; replicas: number; metric: string; statuses: MetricStatus[]; condition: HPACondition; error?: string }
  | { ok: false; statuses: MetricStatus[]; condition: HPACondition; error: string };

const milli = (value: string | number | undefined): number => (value === undefined ? 0 : (quantityAsMilli(value) ?? 0));
const quantity = (m: number): string => formatQuantity(newMilliQuantity(BigInt(m), 'DecimalSI'));

interface ResourceArgs {
  kind: 'Resource' | 'ContainerResource';
  resource: string;
  container?: string;
  target: MetricTarget;
}

function resourceProposal(
  args: ResourceArgs,
  observation: PodsObservation,
  currentReplicas: number,
  calibration: number,
  now: number,
  options: CalculatorOptions,
): Proposal {
  const reason = args.kind === 'Resource' ? 'FailedGetResourceMetric' : 'FailedGetContainerResourceMetric';
  // The condition names the calculation's failure; the sync's error also names the metric.
  const source = args.kind === 'Resource' ? `${args.resource} resource` : `${args.container ?? ''} container`;
  const failed = (error: string): Proposal => {
    const wrapped = `failed to get ${args.resource} utilization: ${error}`;
    return {
      ok: false,
      condition: unableToCompute(reason, wrapped),
      error: `failed to get ${source} metric value: ${wrapped}`,
    };
  };
  if (!Array.isArray(observation.usage))
    return failed(
      `unable to get metrics for resource ${args.resource}: ${(observation.usage as { error: string }).error}`,
    );
  if (observation.usage.length === 0)
    return failed(`unable to get metrics for resource ${args.resource}: no metrics returned from resource metrics API`);
  const metrics = podMetricsOf(observation.usage, args.resource, args.container);
  if ('error' in metrics)
    return failed(
      `unable to get metrics for resource ${args.resource}: failed to get container metrics: ${metrics.error}`,
    );
  const input = { currentReplicas, resource: args.resource, pods: observation.pods, metrics, calibration, now };
  const withContainer = args.container !== undefined ? { ...input, container: args.container } : input;
  const status = (current: MetricValueStatus): MetricStatus =>
    args.kind === 'Resource'
      ? { type: 'Resource', resource: { name: args.resource, current } }
      : {
          type: 'ContainerResource',
          containerResource: { name: args.resource, container: args.container ?? '', current },
        };
  if (args.target.averageValue !== undefined) {
    const r = rawResourceReplicas(withContainer, milli(args.target.averageValue), options);
    if (!r.ok) return failed(r.error);
    return {
      ok: true,
      replicas: r.replicas,
      name: `${args.resource} resource`,
      status: status({ averageValue: quantity(r.usage) }),
    };
  }
  if (args.target.averageUtilization === undefined)
    return failed(
      'invalid resource metric source: neither an average utilization target nor an average value target was set',
    );
  const r = resourceReplicas(withContainer, args.target.averageUtilization, options);
  if (!r.ok) return failed(r.error);
  const what = args.kind === 'Resource' ? 'resource' : 'container resource';
  return {
    ok: true,
    replicas: r.replicas,
    name: `${args.resource} ${what} utilization (percentage of request)`,
    status: status({ averageUtilization: r.utilization, averageValue: quantity(r.rawAverage) }),
  };
}

function proposal(
  spec: MetricSpec,
  observation: PodsObservation,
  currentReplicas: number,
  calibration: number,
  now: number,
  options: CalculatorOptions,
): Proposal {
  if (spec.type === 'Resource' && spec.resource)
    return resourceProposal(
      { kind: 'Resource', resource: spec.resource.name, target: spec.resource.target },
      observation,
      currentReplicas,
      calibration,
      now,
      options,
    );
  if (spec.type === 'ContainerResource' && spec.containerResource) {
    const { name, container, target } = spec.containerResource;
    return resourceProposal(
      { kind: 'ContainerResource', resource: name, container, target },
      observation,
      currentReplicas,
      calibration,
      now,
      options,
    );
  }
  // Karmada's controller computes no External metric although its webhook admits one.
  if (spec.type === 'External') {
    const error = `unknown metric source type "${spec.type}"`;
    return { ok: false, condition: unableToCompute('InvalidMetricSourceType', error), error };
  }
  const error = `Flotilla does not support ${spec.type} metrics yet (no custom metrics API)`;
  return { ok: false, condition: unableToCompute(`FailedGet${spec.type}Metric`, error), error };
}

/** Kubernetes' computeReplicasForMetrics over the FederatedHPA's metrics. */
export function metricReplicas(
  metrics: readonly MetricSpec[],
  observation: PodsObservation,
  currentReplicas: number,
  calibration: number,
  now: number,
  options: CalculatorOptions,
): MetricsVerdict {
  let replicas = 0;
  let metric = '';
  const statuses: MetricStatus[] = [];
  let invalid = 0;
  let first: { condition: HPACondition; error: string } | undefined;
  for (const spec of metrics) {
    const p = proposal(spec, observation, currentReplicas, calibration, now, options);
    if (!p.ok) {
      first ??= p;
      invalid++;
      // Kubernetes keeps each metric's place in the status, an empty entry for one that failed.
      statuses.push({ type: '' });
      continue;
    }
    statuses.push(p.status);
    if (replicas === 0 || p.replicas > replicas) {
      replicas = p.replicas;
      metric = p.name;
    }
  }
  const error = first
    ? `invalid metrics (${invalid} invalid out of ${metrics.length}), first error is: ${first.error}`
    : undefined;
  if (first && (invalid >= metrics.length || replicas < currentReplicas))
    return { ok: false, statuses, condition: first.condition, error: error ?? first.error };
  const condition: HPACondition = {
    type: 'ScalingActive',
    status: 'True',
    reason: 'ValidMetricFound',
    message: `the HPA was able to successfully calculate a replica count from ${metric}`,
  };
  return { ok: true, replicas, metric, statuses, condition, ...(error ? { error } : {}) };
}

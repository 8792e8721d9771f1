/**
 * autoscaling.karmada.io/v1alpha1 FederatedHPA and Karmada's admission rules for it
 * (docs/karmada-compatibility.md#federatedhpa), which are Kubernetes' HPA rules: minReplicas at
 * least 1 (no scale to zero), maxReplicas at least 1 and minReplicas, a scale target reference
 * with a kind and name, metric sources of a supported type with exactly the matching source
 * filled in and a positive target, and behaviors within Kubernetes' limits. Checked on the
 * defaulted object, as Karmada's webhook sees it.
 */
import { isRecord, quantityAsMilli } from '../../../model/index.ts';
import type { FieldPath } from '../../../model/index.ts';
import {
  error,
  forbiddenMessage,
  invalidMessage,
  requiredMessage,
  unsupportedMessage,
  type IssueSink,
} from '../issues.ts';
import { isDNS1123Label, isPathSegmentName, isQualifiedName } from '../names.ts';
import { any, arr, int, obj, quantity, str, type ObjectSchema } from '../schema.ts';

type Json = Record<string, unknown>;

const MAX_PERIOD_SECONDS = 1800;
const MAX_STABILIZATION_WINDOW_SECONDS = 3600;
const METRIC_SOURCE_TYPES = ['ContainerResource', 'External', 'Object', 'Pods', 'Resource'] as const;
const SOURCE_FIELD: Readonly<Record<string, string>> = {
  Object: 'object',
  Pods: 'pods',
  Resource: 'resource',
  ContainerResource: 'containerResource',
  External: 'external',
};

/** autoscalingv2.CrossVersionObjectReference. */
export const crossVersionObjectReference: ObjectSchema = obj(
  { apiVersion: str(), kind: str(), name: str() },
  { required: ['kind', 'name'] },
);

const metricTarget = obj(
  { type: str(), value: quantity, averageValue: quantity, averageUtilization: int() },
  { required: ['type'] },
);
const metricIdentifier = obj({ name: str(), selector: any }, { required: ['name'] });

/** The metrics of a FederatedHPA, each one source. */
const metricSpec = obj(
  {
    type: str(),
    resource: obj({ name: str(), target: metricTarget }, { required: ['name', 'target'] }),
    containerResource: obj(
      { name: str(), container: str(), target: metricTarget },
      { required: ['name', 'container', 'target'] },
    ),
    pods: obj({ metric: metricIdentifier, target: metricTarget }, { required: ['metric', 'target'] }),
    object: obj(
      { describedObject: crossVersionObjectReference, metric: metricIdentifier, target: metricTarget },
      { required: ['describedObject', 'metric', 'target'] },
    ),
    external: obj({ metric: metricIdentifier, target: metricTarget }, { required: ['metric', 'target'] }),
  },
  { required: ['type'] },
);

const scalingRules = obj({
  stabilizationWindowSeconds: int(),
  selectPolicy: str(),
  policies: arr(
    obj({ type: str(), value: int(), periodSeconds: int() }, { required: ['type', 'value', 'periodSeconds'] }),
  ),
});

/** FederatedHPASpec (structure; the rules are in {@link checkFederatedHPA}). */
export const federatedHPASpec: ObjectSchema = obj(
  {
    scaleTargetRef: crossVersionObjectReference,
    minReplicas: int({ int32: true }),
    maxReplicas: int({ int32: true }),
    metrics: arr(metricSpec),
    behavior: obj({ scaleUp: scalingRules, scaleDown: scalingRules }),
  },
  { required: ['scaleTargetRef', 'maxReplicas'] },
);

const condition = obj({ type: str(), status: str(), lastTransitionTime: str(), reason: str(), message: str() });

/** autoscalingv2.HorizontalPodAutoscalerStatus, which an exported FederatedHPA may carry. */
export const federatedHPAStatus: ObjectSchema = obj({
  observedGeneration: int(),
  lastScaleTime: str(),
  currentReplicas: int(),
  desiredReplicas: int(),
  currentMetrics: arr(any),
  conditions: arr(condition),
});

const at = (path: FieldPath, ...more: (string | number)[]): FieldPath => [...path, ...more];

/** ValidateCrossVersionObjectReference: a kind and a name, each a valid path segment. */
export function checkReference(ref: unknown, path: FieldPath, out: IssueSink): void {
  if (!isRecord(ref)) return;
  for (const key of ['kind', 'name'] as const) {
    const value = ref[key];
    if (value === '') error(out, at(path, key), requiredMessage());
    else if (typeof value === 'string')
      for (const msg of isPathSegmentName(value)) error(out, at(path, key), invalidMessage(value, msg));
  }
}

function positive(value: unknown): boolean {
  const milli = typeof value === 'string' || typeof value === 'number' ? quantityAsMilli(value) : undefined;
  return milli === undefined || milli > 0;
}

function checkTarget(target: unknown, path: FieldPath, out: IssueSink): void {
  if (!isRecord(target)) return;
  const type = target['type'];
  if (type === '') error(out, at(path, 'type'), requiredMessage('must specify a metric target type'));
  if (typeof type === 'string' && !['Utilization', 'Value', 'AverageValue'].includes(type))
    error(out, at(path, 'type'), invalidMessage(type, 'must be either Utilization, Value, or AverageValue'));
  for (const key of ['value', 'averageValue'])
    if (target[key] !== undefined && !positive(target[key]))
      error(out, at(path, key), invalidMessage(target[key], 'must be positive'));
  const utilization = target['averageUtilization'];
  if (typeof utilization === 'number' && utilization < 1)
    error(out, at(path, 'averageUtilization'), invalidMessage(utilization, 'must be greater than 0'));
}

function checkMetricName(id: unknown, path: FieldPath, out: IssueSink): void {
  const name = isRecord(id) ? id['name'] : undefined;
  if (name === '') error(out, at(path, 'name'), requiredMessage('must specify a metric name'));
  else if (typeof name === 'string')
    for (const msg of isPathSegmentName(name)) error(out, at(path, 'name'), invalidMessage(name, msg));
}

/** A resource or container resource target: a utilization or an average value, never both. */
function checkResourceTarget(target: Json, path: FieldPath, out: IssueSink): void {
  if (target['averageUtilization'] === undefined && target['averageValue'] === undefined)
    error(
      out,
      at(path, 'averageUtilization'),
      requiredMessage('must set either a target raw value or a target utilization'),
    );
  if (target['averageUtilization'] !== undefined && target['averageValue'] !== undefined)
    error(
      out,
      at(path, 'averageValue'),
      forbiddenMessage('may not set both a target raw value and a target utilization'),
    );
}

const CONTAINER_RESOURCES = new Set(['cpu', 'memory', 'ephemeral-storage']);

function checkSource(kind: string, source: Json, path: FieldPath, out: IssueSink): void {
  const target = isRecord(source['target']) ? source['target'] : {};
  // Each source's own fields first, then its target, in the order of Karmada's checks.
  const targetChecks = (): void => checkTarget(source['target'], at(path, 'target'), out);
  switch (kind) {
    case 'resource':
      if (source['name'] === '') error(out, at(path, 'name'), requiredMessage('must specify a resource name'));
      targetChecks();
      return checkResourceTarget(target, at(path, 'target'), out);
    case 'containerResource': {
      const name = source['name'];
      if (name === '') error(out, at(path, 'name'), requiredMessage('must specify a resource name'));
      else if (
        typeof name === 'string' &&
        !name.includes('/') &&
        !CONTAINER_RESOURCES.has(name) &&
        !name.startsWith('hugepages-')
      )
        error(out, at(path, 'name'), invalidMessage(name, 'must be a standard resource for containers'));
      else if (typeof name === 'string')
        for (const msg of isQualifiedName(name)) error(out, at(path, 'name'), invalidMessage(name, msg));
      const container = source['container'];
      if (container === '') error(out, at(path, 'container'), requiredMessage('must specify a container'));
      else if (typeof container === 'string')
        for (const msg of isDNS1123Label(container)) error(out, at(path, 'container'), invalidMessage(container, msg));
      targetChecks();
      return checkResourceTarget(target, at(path, 'target'), out);
    }
    case 'pods':
      checkMetricName(source['metric'], at(path, 'metric'), out);
      targetChecks();
      if (target['averageValue'] === undefined)
        error(out, at(path, 'target', 'averageValue'), requiredMessage('must specify a positive target averageValue'));
      return;
    case 'object':
      checkReference(source['describedObject'], at(path, 'describedObject'), out);
      checkMetricName(source['metric'], at(path, 'metric'), out);
      targetChecks();
      if (target['value'] === undefined && target['averageValue'] === undefined)
        error(
          out,
          at(path, 'target', 'averageValue'),
          requiredMessage('must set either a target value or averageValue'),
        );
      return;
    case 'external':
      checkMetricName(source['metric'], at(path, 'metric'), out);
      targetChecks();
      return checkExternalTarget(target, path, out);
  }
}

/** An External source's target: a per-metric value or a per-pod average, never a utilization. */
function checkExternalTarget(target: Json, path: FieldPath, out: IssueSink): void {
  const type = target['type'];
  if (type !== 'Value' && type !== 'AverageValue')
    error(out, at(path, 'target', 'type'), invalidMessage(type ?? '', 'must be either Value or AverageValue'));
  const [value, average] = [target['value'], target['averageValue']];
  if (value === undefined && average === undefined)
    error(out, at(path, 'target', 'averageValue'), requiredMessage('must set either a target value or averageValue'));
  if (value !== undefined && average !== undefined)
    error(
      out,
      at(path, 'target', 'value'),
      forbiddenMessage('may not set both a target value for metric and a per-pod target'),
    );
  if (target['averageUtilization'] !== undefined)
    error(
      out,
      at(path, 'target', 'averageUtilization'),
      forbiddenMessage('may not set a target utilization for an external metric'),
    );
}

/** validateMetricSpec: a supported type, its source filled in, and no other source. */
function checkMetric(metric: unknown, path: FieldPath, out: IssueSink): void {
  if (!isRecord(metric)) return;
  const type = metric['type'];
  if (type === '') error(out, at(path, 'type'), requiredMessage('must specify a metric source type'));
  if (typeof type === 'string' && !(METRIC_SOURCE_TYPES as readonly string[]).includes(type))
    error(out, at(path, 'type'), unsupportedMessage(type, METRIC_SOURCE_TYPES));
  const present = ['object', 'pods', 'resource', 'containerResource', 'external'].filter((k) => isRecord(metric[k]));
  const first = present[0];
  if (first !== undefined) checkSource(first, metric[first] as Json, at(path, first), out);
  const expected = typeof type === 'string' ? SOURCE_FIELD[type] : undefined;
  if (expected !== undefined && !isRecord(metric[expected]))
    error(out, at(path, expected), requiredMessage('must populate information for the given metric source'));
  if (present.length > 1)
    for (const extra of present.filter((k) => k !== expected))
      error(out, at(path, extra), forbiddenMessage('must populate the given metric source only'));
}

function checkRules(rules: unknown, path: FieldPath, out: IssueSink): void {
  if (!isRecord(rules)) return;
  const window = rules['stabilizationWindowSeconds'];
  if (typeof window === 'number' && window < 0)
    error(out, at(path, 'stabilizationWindowSeconds'), invalidMessage(window, 'must be greater than or equal to zero'));
  if (typeof window === 'number' && window > MAX_STABILIZATION_WINDOW_SECONDS)
    error(
      out,
      at(path, 'stabilizationWindowSeconds'),
      invalidMessage(window, `must be less than or equal to ${MAX_STABILIZATION_WINDOW_SECONDS}`),
    );
  const select = rules['selectPolicy'];
  if (typeof select === 'string' && !['Disabled', 'Max', 'Min'].includes(select))
    error(out, at(path, 'selectPolicy'), unsupportedMessage(select, ['Disabled', 'Max', 'Min']));
  const policies = Array.isArray(rules['policies']) ? rules['policies'] : [];
  if (policies.length === 0) error(out, at(path, 'policies'), requiredMessage('must specify at least one Policy'));
  policies.forEach((policy: unknown, i) => {
    if (!isRecord(policy)) return;
    const p = at(path, 'policies', i);
    if (policy['type'] !== 'Pods' && policy['type'] !== 'Percent')
      error(out, at(p, 'type'), unsupportedMessage(policy['type'], ['Percent', 'Pods']));
    const { value, periodSeconds } = policy;
    if (typeof value === 'number' && value <= 0)
      error(out, at(p, 'value'), invalidMessage(value, 'must be greater than zero'));
    if (typeof periodSeconds === 'number' && periodSeconds <= 0)
      error(out, at(p, 'periodSeconds'), invalidMessage(periodSeconds, 'must be greater than zero'));
    if (typeof periodSeconds === 'number' && periodSeconds > MAX_PERIOD_SECONDS)
      error(
        out,
        at(p, 'periodSeconds'),
        invalidMessage(periodSeconds, `must be less than or equal to ${MAX_PERIOD_SECONDS}`),
      );
  });
}

/** ValidateFederatedHPA on the defaulted object: the spec's rules and non-negative status counts. */
export function checkFederatedHPA(object: Json, out: IssueSink): void {
  const spec = isRecord(object['spec']) ? object['spec'] : {};
  const path = ['spec'];
  const { minReplicas, maxReplicas } = spec;
  if (typeof minReplicas === 'number' && minReplicas < 1)
    error(out, at(path, 'minReplicas'), invalidMessage(minReplicas, 'must be greater than or equal to 1'));
  if (typeof maxReplicas === 'number' && maxReplicas < 1)
    error(out, at(path, 'maxReplicas'), invalidMessage(maxReplicas, 'must be greater than 0'));
  if (typeof minReplicas === 'number' && typeof maxReplicas === 'number' && maxReplicas < minReplicas)
    error(out, at(path, 'maxReplicas'), invalidMessage(maxReplicas, 'must be greater than or equal to `minReplicas`'));
  checkReference(spec['scaleTargetRef'], at(path, 'scaleTargetRef'), out);
  const metrics: unknown[] = Array.isArray(spec['metrics']) ? spec['metrics'] : [];
  metrics.forEach((m, i) => {
    checkMetric(m, at(path, 'metrics', i), out);
  });
  const behavior = spec['behavior'];
  if (isRecord(behavior))
    for (const direction of ['scaleUp', 'scaleDown'])
      checkRules(behavior[direction], at(path, 'behavior', direction), out);
  const status = isRecord(object['status']) ? object['status'] : {};
  for (const key of ['currentReplicas', 'desiredReplicas']) {
    const value = status[key];
    if (typeof value === 'number' && value < 0)
      error(out, ['status', key], invalidMessage(value, 'must be greater than or equal to 0'));
  }
}

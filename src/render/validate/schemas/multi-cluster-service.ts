/**
 * networking.karmada.io/v1alpha1 MultiClusterService and its admission rules
 * (docs/karmada-compatibility.md#multi-cluster-services): one exposure type, CrossCluster or LoadBalancer; port names
 * DNS-1123 labels, each once, ports 1-65535; provider and consumer members valid cluster names. The fields Karmada
 * deprecated in favour of providerClusters/consumerClusters are accepted, with a warning that nothing reads them.
 */
import { CLUSTER_GROUP_VERSION, isRecord } from '../../../model/index.ts';
import type { FieldPath } from '../../../model/index.ts';
import { error, invalidMessage, unsupportedMessage, warning, type IssueSink } from '../issues.ts';
import { nameRuleFor } from '../name-rules.ts';
import { isDNS1123Label } from '../names.ts';
import { any, arr, int, obj, str, strings, type ObjectSchema } from '../schema.ts';

const EXPOSURE_TYPES = ['CrossCluster', 'LoadBalancer'] as const;
const DEPRECATED = ['range', 'serviceProvisionClusters', 'serviceConsumptionClusters'] as const;
const clusterName = nameRuleFor(CLUSTER_GROUP_VERSION, 'Cluster');

function checkTypes(types: unknown[], path: FieldPath, out: IssueSink): void {
  types.forEach((t, i) => {
    if (typeof t === 'string' && !(EXPOSURE_TYPES as readonly string[]).includes(t))
      error(out, [...path, i], unsupportedMessage(t, EXPOSURE_TYPES));
  });
  if (new Set(types).size > 1)
    error(
      out,
      path,
      invalidMessage(types.join(', '), 'MultiClusterService types should not contain more than one type'),
    );
}

function checkPorts(ports: unknown[], path: FieldPath, out: IssueSink): void {
  const names = new Set<string>();
  ports.forEach((p, i) => {
    if (!isRecord(p)) return;
    const name = p['name'];
    if (typeof name === 'string' && name !== '') {
      for (const problem of isDNS1123Label(name)) error(out, [...path, i, 'name'], invalidMessage(name, problem));
      if (names.has(name)) error(out, [...path, i, 'name'], `Duplicate value: ${JSON.stringify(name)}`);
      names.add(name);
    }
    const port = p['port'];
    if (typeof port === 'number' && (port < 1 || port > 65535))
      error(out, [...path, i, 'port'], invalidMessage(port, 'must be between 1 and 65535, inclusive'));
  });
}

function checkMembers(list: unknown[], path: FieldPath, out: IssueSink): void {
  list.forEach((c, i) => {
    const name = isRecord(c) ? c['name'] : undefined;
    if (typeof name !== 'string') return;
    const problems = clusterName(name);
    if (problems.length > 0) error(out, [...path, i, 'name'], invalidMessage(name, problems.join(', ')));
  });
}

function checkDeprecated(spec: Record<string, unknown>, path: FieldPath, out: IssueSink): void {
  for (const field of DEPRECATED) {
    if (spec[field] === undefined) continue;
    warning(
      out,
      [...path, field],
      'deprecated in favour of providerClusters and consumerClusters, and not read by Karmada or Flotilla',
    );
  }
}

const members = arr(obj({ name: str() }, { required: ['name'] }), { check: checkMembers });

/** MultiClusterServiceSpec. */
export const multiClusterServiceSpec: ObjectSchema = obj(
  {
    types: arr(str(), { check: checkTypes }),
    ports: arr(obj({ name: str(), port: int() }, { required: ['port'] }), { check: checkPorts }),
    providerClusters: members,
    consumerClusters: members,
    range: obj({ clusterNames: strings }),
    serviceProvisionClusters: strings,
    serviceConsumptionClusters: strings,
  },
  { required: ['types'], check: checkDeprecated },
);

/** The Service status Karmada keeps on a MultiClusterService; kept as written. */
export const multiClusterServiceStatus: ObjectSchema = obj({ loadBalancer: any, conditions: arr(any) });

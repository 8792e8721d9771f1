import { isRecord, type ClusterAffinity, type Tenant } from '../model/index.ts';

type Report = (field: (string | number)[], message: string) => void;

const isStrings = (v: unknown): v is string[] => Array.isArray(v) && v.every((s) => typeof s === 'string');

/** A DNS-1123 label, as a tenant's name is also a value in work.json and CODEOWNERS comments. */
const NAME = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/;

const AFFINITY_KEYS = new Set(['clusterNames', 'exclude', 'labelSelector', 'fieldSelector']);

function readAffinity(value: unknown, at: (string | number)[], report: Report): ClusterAffinity | undefined {
  if (!isRecord(value)) {
    report(
      at,
      'clusters must be a cluster affinity (clusterNames, labelSelector, fieldSelector, exclude); {} is every cluster',
    );
    return undefined;
  }
  const unknown = Object.keys(value).filter((key) => !AFFINITY_KEYS.has(key));
  if (unknown.length > 0) {
    report(
      [...at, unknown[0] as string],
      `unknown field ${unknown[0]} (a cluster affinity has ${[...AFFINITY_KEYS].join(', ')})`,
    );
    return undefined;
  }
  for (const key of ['clusterNames', 'exclude'] as const) {
    if (key in value && !isStrings(value[key])) {
      report([...at, key], `${key} must be a list of cluster names`);
      return undefined;
    }
  }
  for (const key of ['labelSelector', 'fieldSelector'] as const) {
    if (key in value && !isRecord(value[key])) {
      report([...at, key], `${key} must be a mapping`);
      return undefined;
    }
  }
  return value as ClusterAffinity;
}

function readList(value: Record<string, unknown>, key: string, at: (string | number)[], report: Report): string[] {
  const list = value[key] ?? [];
  if (isStrings(list)) return [...list];
  report([...at, key], `${key} must be a list of strings; taken as empty, which grants nothing`);
  return [];
}

function readTenant(value: unknown, index: number, report: Report): Tenant | undefined {
  const at = ['tenants', index];
  if (!isRecord(value)) {
    report(at, 'a tenant must be a mapping with name, paths, namespaces and clusters');
    return undefined;
  }
  const name = value['name'];
  if (typeof name !== 'string' || !NAME.test(name)) {
    report([...at, 'name'], 'name must be a lowercase DNS label (a-z, 0-9, -)');
    return undefined;
  }
  const paths = value['paths'];
  if (!isStrings(paths) || paths.length === 0) {
    report([...at, 'paths'], `tenant ${name}: paths must be a non-empty list of globs from the fleet root`);
    return undefined;
  }
  // A grant with a mistake grants nothing: the tenant's files are refused rather than let loose.
  const clusters = 'clusters' in value ? readAffinity(value['clusters'], [...at, 'clusters'], report) : undefined;
  return {
    name,
    paths: [...paths],
    namespaces: readList(value, 'namespaces', at, report),
    ...(clusters ? { clusters } : {}),
    clusterScoped: readList(value, 'clusterScoped', at, report),
    owners: readList(value, 'owners', at, report),
  };
}

/**
 * `tenants` of flotilla.yaml. A mistake is an error at its field; a grant with a mistake grants
 * nothing. A tenant without a usable name or paths is left out, and the error blocks prune (it is
 * a source error) while its files are read as the platform's.
 */
export function readTenants(value: unknown, report: Report): Tenant[] {
  if (!Array.isArray(value)) {
    report(['tenants'], 'tenants must be a list');
    return [];
  }
  const tenants: Tenant[] = [];
  const names = new Set<string>();
  for (const [index, entry] of value.entries()) {
    const tenant = readTenant(entry, index, report);
    if (!tenant) continue;
    if (names.has(tenant.name)) report(['tenants', index, 'name'], `tenant ${tenant.name} is listed twice`);
    else {
      names.add(tenant.name);
      tenants.push(tenant);
    }
  }
  return tenants;
}

/**
 * kubectl's columns for whole objects, where no member's server printed them (the search cache
 * keeps objects, not Tables): the proxy's Tables (table.ts) and `flotilla get --from` print them.
 * The columns of kubectl's printers for the common built-in kinds, NAME and AGE for every other
 * kind (as kubectl's default printer). Cells are computed as kubectl's printers compute them, in a
 * shorter form: a Pod's STATUS is its reason, else a waiting or terminated container's reason,
 * else its phase.
 */
import { isRecord } from '../model/index.ts';
import type { KubeObject, TableColumn } from '../model/index.ts';
import { ageOf } from './human-duration.ts';

type Cell = (o: KubeObject, now: number) => string | number;

interface Column {
  name: string;
  priority: number;
  cell: Cell;
}

const field = (o: unknown, ...path: string[]): unknown =>
  path.reduce<unknown>((at, key) => (isRecord(at) ? at[key] : undefined), o);
const num = (o: unknown, ...path: string[]): number => {
  const v = field(o, ...path);
  return typeof v === 'number' ? v : 0;
};
const list = (o: unknown, ...path: string[]): Record<string, unknown>[] => {
  const v = field(o, ...path);
  return Array.isArray(v) ? v.filter(isRecord) : [];
};
const none = (s: string): string => (s === '' ? '<none>' : s);
const labels = (o: unknown): string =>
  none(
    Object.entries(isRecord(o) ? o : {})
      .map(([k, v]) => `${k}=${String(v)}`)
      .join(','),
  );

const NAME: Column = { name: 'Name', priority: 0, cell: (o) => o.metadata.name ?? '' };
const AGE: Column = { name: 'Age', priority: 0, cell: (o, now) => ageOf(o.metadata['creationTimestamp'], now) };
const containers = (o: KubeObject): Record<string, unknown>[] => list(o, 'spec', 'template', 'spec', 'containers');
const WORKLOAD_WIDE: Column[] = [
  {
    name: 'Containers',
    priority: 1,
    cell: (o) =>
      none(
        containers(o)
          .map((c) => String(c['name']))
          .join(','),
      ),
  },
  {
    name: 'Images',
    priority: 1,
    cell: (o) =>
      none(
        containers(o)
          .map((c) => String(c['image']))
          .join(','),
      ),
  },
];
const SELECTOR: Column = {
  name: 'Selector',
  priority: 1,
  cell: (o) => labels(field(o, 'spec', 'selector', 'matchLabels')),
};

function podStatus(o: KubeObject): string {
  const reason = field(o, 'status', 'reason');
  if (typeof reason === 'string' && reason !== '') return reason;
  if (o.metadata['deletionTimestamp']) return 'Terminating';
  for (const c of list(o, 'status', 'containerStatuses')) {
    const stuck = field(c, 'state', 'waiting', 'reason') ?? field(c, 'state', 'terminated', 'reason');
    if (typeof stuck === 'string' && stuck !== '') return stuck;
  }
  return String(field(o, 'status', 'phase') ?? 'Unknown');
}

function servicePorts(o: KubeObject): string {
  const ports = list(o, 'spec', 'ports').map((p) => {
    const node = typeof p['nodePort'] === 'number' ? `:${p['nodePort']}` : '';
    return `${String(p['port'])}${node}/${String(p['protocol'] ?? 'TCP')}`;
  });
  return none(ports.join(','));
}

function externalIp(o: KubeObject): string {
  const ips = [
    ...((field(o, 'spec', 'externalIPs') as string[] | undefined) ?? []),
    ...list(o, 'status', 'loadBalancer', 'ingress').map((i) => String(i['ip'] ?? i['hostname'] ?? '')),
  ].filter((ip) => ip !== '');
  if (ips.length > 0) return ips.join(',');
  return field(o, 'spec', 'type') === 'LoadBalancer' ? '<pending>' : '<none>';
}

const dataCount = (o: KubeObject): number =>
  Object.keys(isRecord(o['data']) ? o['data'] : {}).length +
  Object.keys(isRecord(o['binaryData']) ? o['binaryData'] : {}).length;

const COLUMNS: Record<string, Column[]> = {
  'apps/Deployment': [
    NAME,
    { name: 'Ready', priority: 0, cell: (o) => `${num(o, 'status', 'readyReplicas')}/${num(o, 'spec', 'replicas')}` },
    { name: 'Up-to-date', priority: 0, cell: (o) => num(o, 'status', 'updatedReplicas') },
    { name: 'Available', priority: 0, cell: (o) => num(o, 'status', 'availableReplicas') },
    AGE,
    ...WORKLOAD_WIDE,
    SELECTOR,
  ],
  'apps/StatefulSet': [
    NAME,
    { name: 'Ready', priority: 0, cell: (o) => `${num(o, 'status', 'readyReplicas')}/${num(o, 'spec', 'replicas')}` },
    AGE,
    ...WORKLOAD_WIDE,
  ],
  'apps/ReplicaSet': [
    NAME,
    { name: 'Desired', priority: 0, cell: (o) => num(o, 'spec', 'replicas') },
    { name: 'Current', priority: 0, cell: (o) => num(o, 'status', 'replicas') },
    { name: 'Ready', priority: 0, cell: (o) => num(o, 'status', 'readyReplicas') },
    AGE,
    ...WORKLOAD_WIDE,
    SELECTOR,
  ],
  'apps/DaemonSet': [
    NAME,
    { name: 'Desired', priority: 0, cell: (o) => num(o, 'status', 'desiredNumberScheduled') },
    { name: 'Current', priority: 0, cell: (o) => num(o, 'status', 'currentNumberScheduled') },
    { name: 'Ready', priority: 0, cell: (o) => num(o, 'status', 'numberReady') },
    { name: 'Up-to-date', priority: 0, cell: (o) => num(o, 'status', 'updatedNumberScheduled') },
    { name: 'Available', priority: 0, cell: (o) => num(o, 'status', 'numberAvailable') },
    { name: 'Node Selector', priority: 0, cell: (o) => labels(field(o, 'spec', 'template', 'spec', 'nodeSelector')) },
    AGE,
    ...WORKLOAD_WIDE,
    SELECTOR,
  ],
  '/Pod': [
    NAME,
    {
      name: 'Ready',
      priority: 0,
      cell: (o) => {
        const statuses = list(o, 'status', 'containerStatuses');
        return `${statuses.filter((c) => c['ready'] === true).length}/${list(o, 'spec', 'containers').length}`;
      },
    },
    { name: 'Status', priority: 0, cell: podStatus },
    {
      name: 'Restarts',
      priority: 0,
      cell: (o) => list(o, 'status', 'containerStatuses').reduce((n, c) => n + num(c, 'restartCount'), 0),
    },
    AGE,
    { name: 'IP', priority: 1, cell: (o) => none(String(field(o, 'status', 'podIP') ?? '')) },
    { name: 'Node', priority: 1, cell: (o) => none(String(field(o, 'spec', 'nodeName') ?? '')) },
  ],
  '/Service': [
    NAME,
    { name: 'Type', priority: 0, cell: (o) => String(field(o, 'spec', 'type') ?? 'ClusterIP') },
    { name: 'Cluster-IP', priority: 0, cell: (o) => none(String(field(o, 'spec', 'clusterIP') ?? '')) },
    { name: 'External-IP', priority: 0, cell: externalIp },
    { name: 'Port(s)', priority: 0, cell: servicePorts },
    AGE,
    { name: 'Selector', priority: 1, cell: (o) => labels(field(o, 'spec', 'selector')) },
  ],
  '/ConfigMap': [NAME, { name: 'Data', priority: 0, cell: dataCount }, AGE],
  '/Secret': [
    NAME,
    { name: 'Type', priority: 0, cell: (o) => String(o['type'] ?? 'Opaque') },
    { name: 'Data', priority: 0, cell: dataCount },
    AGE,
  ],
  '/Namespace': [NAME, { name: 'Status', priority: 0, cell: (o) => String(field(o, 'status', 'phase') ?? '') }, AGE],
};

/** The columns and rows kubectl would print for these objects of one kind (`group/Kind` key of {@link COLUMNS}). */
export function objectTable(
  group: string,
  kind: string,
  objects: readonly KubeObject[],
  now: number,
): { columns: TableColumn[]; rows: (string | number)[][] } {
  const spec = COLUMNS[`${group}/${kind}`] ?? [NAME, AGE];
  return {
    columns: spec.map((c) => ({ name: c.name, type: 'string', priority: c.priority })),
    rows: objects.map((o) => spec.map((c) => c.cell(o, now))),
  };
}

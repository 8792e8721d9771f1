/**
 * The fleet view as data: the clusters, and one page of the placement matrix (templates ×
 * clusters) after the filters. Paging happens here, on the server, so the page a browser
 * receives stays small however large the fleet (docs/benchmarks.md, "Web view").
 */
import type { ResourceList } from '../model/index.ts';
import type { TemplateRow, UiState } from './ui-state.ts';

export const PAGE_SIZE = 50;

/** The filters of the fleet view, as its URL's query carries them (the permalink). */
export interface FleetQuery {
  namespace?: string;
  kind?: string;
  health?: string;
  cluster?: string;
  /** `key` or `key=value`. */
  label?: string;
  /** A case-insensitive substring of kind, namespace or name. */
  q?: string;
  page: number;
}

export interface ClusterCard {
  name: string;
  ready: boolean;
  syncMode: string;
  provider: string;
  region: string;
  zones: string[];
  taints: string[];
  allocatable: Record<string, string>;
  allocated: Record<string, string>;
  /** RFC 3339: the last agent heartbeat of a Pull member, else the status branch's last reconcile. */
  lastSeen: string;
}

/**
 * One cell of the matrix: `ready/desired` replicas (`placed` for a kind without replicas) and the
 * member's health; null where the template is not placed.
 */
export type MatrixCell = { text: string; health: string } | null;

export interface MatrixRow {
  id: string;
  kind: string;
  namespace: string;
  name: string;
  health: string;
  cells: MatrixCell[];
}

export interface FleetView {
  version: string;
  source: { repo: string; ref: string; commit: string };
  statusCommit: string | null;
  reconciledAt: string | null;
  clusters: ClusterCard[];
  facets: { namespaces: string[]; kinds: string[]; healths: string[] };
  matrix: { total: number; page: number; pages: number; rows: MatrixRow[] };
}

const FIELDS = ['namespace', 'kind', 'health', 'cluster', 'label', 'q'] as const;

/** The query of `/api/fleet?…`; an unknown or empty parameter is no filter. */
export function fleetQuery(params: URLSearchParams): FleetQuery {
  const page = Number(params.get('page') ?? '1');
  const query: FleetQuery = { page: Number.isInteger(page) && page > 0 ? page : 1 };
  for (const field of FIELDS) {
    const value = params.get(field);
    if (value) query[field] = value;
  }
  return query;
}

/** Whether `query` asks for what `/` opens on: the first page, no filter. */
export function isFirstView(query: FleetQuery): boolean {
  return query.page === 1 && FIELDS.every((field) => query[field] === undefined);
}

function labelMatches(labels: Record<string, string>, selector: string): boolean {
  const at = selector.indexOf('=');
  if (at < 0) return Object.hasOwn(labels, selector.trim());
  const [key, value] = [selector.slice(0, at).trim(), selector.slice(at + 1).trim()];
  return labels[key] === value;
}

function matches(row: TemplateRow, query: FleetQuery): boolean {
  const r = row.resource;
  if (query.namespace !== undefined && (r.namespace ?? '') !== query.namespace) return false;
  if (query.kind !== undefined && r.kind !== query.kind) return false;
  if (query.health !== undefined && row.health !== query.health) return false;
  if (query.cluster !== undefined && !row.placed.has(query.cluster)) return false;
  if (query.label !== undefined && !labelMatches(row.labels, query.label)) return false;
  if (query.q !== undefined) {
    const needle = query.q.toLowerCase();
    if (!`${r.kind}/${r.namespace ?? ''}/${r.name}`.toLowerCase().includes(needle)) return false;
  }
  return true;
}

function matrixCell(row: TemplateRow, cluster: string): MatrixCell {
  const desired = row.placed.get(cluster);
  if (desired === undefined) return null;
  const item = row.status?.aggregatedStatus.find((i) => i.clusterName === cluster);
  const ready = item?.status?.['readyReplicas'];
  const text = !row.hasReplicas ? 'placed' : typeof ready === 'number' ? `${ready}/${desired}` : String(desired);
  return { text, health: item?.health ?? (item?.applied === false ? 'Unhealthy' : 'Pending') };
}

const quantities = (list: ResourceList | undefined): Record<string, string> =>
  Object.fromEntries(
    Object.entries(list ?? {})
      .filter(([k]) => k === 'cpu' || k === 'memory' || k === 'pods')
      .map(([k, v]) => [k, String(v)]),
  );

function clusterCards(state: UiState): ClusterCard[] {
  const reports = new Map((state.input.status?.clusters ?? []).map((c) => [c.name, c]));
  const specs = new Map(state.input.source.fleet.clusters.map(({ object: c }) => [c.metadata.name, c.spec]));
  const reconciledAt = state.input.status?.summary?.reconciledAt ?? '';
  return state.document.clusters.map((c) => {
    const report = reports.get(c.name);
    const summary = report?.status.resourceSummary;
    return {
      name: c.name,
      ready: c.ready,
      syncMode: specs.get(c.name)?.syncMode ?? 'Push',
      provider: c.provider,
      region: c.region,
      zones: c.zones,
      taints: [...c.taints, ...(report?.taints ?? [])].map(
        (t) => `${t.key}${t.value ? `=${t.value}` : ''}:${t.effect}`,
      ),
      allocatable: quantities(summary?.allocatable),
      allocated: quantities(summary?.allocated),
      lastSeen: report?.agent?.lastHeartbeat ?? reconciledAt,
    };
  });
}

const sorted = (values: Iterable<string>): string[] => [...new Set(values)].sort();

/** The fleet view for one query. */
export function fleetView(state: UiState, query: FleetQuery): FleetView {
  const rows = state.rows.filter((row) => matches(row, query));
  const pages = Math.max(1, Math.ceil(rows.length / PAGE_SIZE));
  const page = Math.min(query.page, pages);
  const clusters = clusterCards(state);
  const status = state.input.status;
  return {
    version: state.version,
    source: { repo: state.document.source.repo, ref: state.document.source.ref, commit: state.document.source.commit },
    statusCommit: status?.commit ?? null,
    reconciledAt: status?.summary?.reconciledAt ?? null,
    clusters,
    facets: {
      namespaces: sorted(state.rows.map((r) => r.resource.namespace ?? '')),
      kinds: sorted(state.rows.map((r) => r.resource.kind)),
      healths: sorted(state.rows.map((r) => r.health)),
    },
    matrix: {
      total: rows.length,
      page,
      pages,
      rows: rows.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE).map((row) => ({
        id: row.id,
        kind: row.resource.kind,
        namespace: row.resource.namespace ?? '',
        name: row.resource.name,
        health: row.health,
        cells: clusters.map((c) => matrixCell(row, c.name)),
      })),
    },
  };
}

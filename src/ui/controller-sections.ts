/**
 * The one place in src/ui that knows particular controllers: their records on the status branch,
 * read as the generic {@link ViewSection}s the browser renders. It stands in until each
 * controller's registration builds its own sections (docs/architecture.md, "The web view"); then
 * this module is replaced by a walk over the registry and nothing else in src/ui changes.
 */
import type { ViewBlock, ViewCell, ViewSection } from '../model/index.ts';
import type { StatusBranchView } from '../status/index.ts';
import { controllerRecordsOfTree } from '../status/index.ts';

const cell = (text: string | number, tone?: ViewCell['tone']): ViewCell => ({
  text: String(text),
  ...(tone ? { tone } : {}),
});
const table = (title: string, columns: string[], rows: ViewCell[][]): ViewBlock => ({
  kind: 'table',
  title,
  columns,
  rows,
});

function failover(view: StatusBranchView): ViewSection {
  const records = controllerRecordsOfTree(view);
  const taints = [...records.failover.taints].flatMap(([member, list]) =>
    list.map((t) => [cell(member), cell(`${t.key}:${t.effect}`, 'warn'), cell(t.timeAdded ?? '')]),
  );
  const tasks = [...records.failover.tasks].flatMap(([template, list]) =>
    list.map((t) => [
      cell(template),
      cell(t.fromCluster),
      cell(t.reason, 'warn'),
      cell(t.purgeMode),
      cell(t.replicas ?? ''),
      cell(t.creationTimestamp),
    ]),
  );
  const unhealthy = [...records.failover.unhealthySince].flatMap(([template, list]) =>
    list.map((u) => [cell(template), cell(u.clusterName), cell(u.since, 'error')]),
  );
  return {
    controller: 'failover',
    title: 'Failover and evictions',
    blocks: [
      table('Members failed over', ['member', 'taint', 'since'], taints),
      table('Graceful eviction tasks', ['template', 'from', 'reason', 'purge mode', 'replicas', 'created'], tasks),
      table('Unhealthy since', ['template', 'member', 'since'], unhealthy),
    ],
  };
}

function autoscaling(view: StatusBranchView): ViewSection {
  const record = view.autoscaling;
  const hpas = record?.federatedHPAs ?? [];
  const crons = record?.cronFederatedHPAs ?? [];
  const points = hpas.flatMap((h) => {
    const series = `FederatedHPA ${h.namespace}/${h.name}`;
    const events = [...h.scaleEvents].reverse();
    const first = events[0];
    return [
      ...(first ? [{ at: first.time, series, value: first.from }] : []),
      ...events.map((e) => ({ at: e.time, series, value: e.to })),
    ];
  });
  const cronPoints = crons.flatMap((c) =>
    (c.status.executionHistories ?? []).flatMap((h) =>
      (h.successfulExecutions ?? []).flatMap((e) =>
        e.appliedReplicas === undefined
          ? []
          : [
              {
                at: e.executionTime,
                series: `CronFederatedHPA ${c.namespace}/${c.name} ${h.ruleName}`,
                value: e.appliedReplicas,
              },
            ],
      ),
    ),
  );
  return {
    controller: 'autoscaling',
    title: 'FederatedHPA and CronFederatedHPA',
    blocks: [
      {
        kind: 'series',
        title: 'Replicas decided over time',
        unit: 'replicas',
        points: [...points, ...cronPoints].sort((a, b) => a.at.localeCompare(b.at)),
      },
      table(
        'FederatedHPAs',
        ['namespace', 'name', 'target', 'current', 'desired', 'last scale'],
        hpas.map((h) => [
          cell(h.namespace),
          cell(h.name),
          cell(`${h.scaleTargetRef.kind}/${h.scaleTargetRef.name}`),
          cell(h.status.currentReplicas),
          cell(h.status.desiredReplicas, h.status.desiredReplicas === h.status.currentReplicas ? 'ok' : 'warn'),
          cell(h.status.lastScaleTime ?? ''),
        ]),
      ),
      table(
        'CronFederatedHPA rules',
        ['namespace', 'name', 'rule', 'next run', 'last success', 'last failure'],
        crons.flatMap((c) =>
          (c.status.executionHistories ?? []).map((h) => [
            cell(c.namespace),
            cell(c.name),
            cell(h.ruleName),
            cell(h.nextExecutionTime ?? 'suspended'),
            cell(h.successfulExecutions?.[0]?.executionTime ?? ''),
            cell(h.failedExecutions?.[0]?.message ?? '', h.failedExecutions?.length ? 'error' : undefined),
          ]),
        ),
      ),
    ],
  };
}

function services(view: StatusBranchView): ViewSection {
  return {
    controller: 'multicluster-services',
    title: 'Multi-cluster services',
    blocks: [
      table(
        'Services',
        ['kind', 'namespace', 'name', 'providers', 'consumers', 'endpoints'],
        (view.multiClusterServices ?? []).map((s) => [
          cell(s.kind),
          cell(s.namespace),
          cell(s.name),
          cell(s.providers.map((p) => `${p.cluster}${p.ready ? '' : ' (not ready)'}`).join(', ')),
          cell(s.consumers.map((c) => c.cluster).join(', ')),
          cell(s.consumers.map((c) => `${c.cluster}: ${c.endpoints}`).join(', ')),
        ]),
      ),
    ],
  };
}

function rebalancers(view: StatusBranchView): ViewSection {
  const rows = (view.rebalancers ?? []).flatMap((r) =>
    r.status.observedWorkloads.map((w) => [
      cell(r.name),
      cell(`${w.workload.kind}/${w.workload.namespace ?? ''}/${w.workload.name}`),
      cell(w.result ?? 'Pending', w.result === 'Failed' ? 'error' : w.result ? 'ok' : 'neutral'),
      cell(r.status.finishTime ?? ''),
    ]),
  );
  return {
    controller: 'rebalancer',
    title: 'Workload rebalancers',
    blocks: [table('Rebalancers', ['rebalancer', 'workload', 'result', 'finished'], rows)],
  };
}

function quotas(view: StatusBranchView): ViewSection {
  const text = (list: Record<string, unknown> | undefined) =>
    Object.entries(list ?? {})
      .map(([k, v]) => `${k}=${String(v)}`)
      .join(', ');
  return {
    controller: 'quota',
    title: 'Federated resource quotas',
    blocks: [
      table(
        'Quotas',
        ['namespace', 'name', 'overall', 'used'],
        view.quotas.map((q) => [
          cell(q.resource.namespace ?? ''),
          cell(q.resource.name),
          cell(text(q.status.overall)),
          cell(text(q.status.overallUsed)),
        ]),
      ),
    ],
  };
}

function pullMembers(view: StatusBranchView): ViewSection {
  const rows = view.clusters.flatMap((c) =>
    c.agent
      ? [
          [
            cell(c.name),
            cell(c.agent.lastHeartbeat ?? 'never', c.agent.lastHeartbeat ? 'ok' : 'error'),
            cell(c.agent.worksCommit?.slice(0, 12) ?? ''),
            cell(c.agent.problem ?? '', c.agent.problem ? 'error' : undefined),
          ],
        ]
      : [],
  );
  return {
    controller: 'pull-members',
    title: 'Pull members',
    blocks: [table('Agents', ['member', 'last heartbeat', 'works commit', 'problem'], rows)],
  };
}

function searchRegistries(view: StatusBranchView): ViewSection {
  const rows = (view.registries ?? []).flatMap((r) =>
    r.cached.map((k) => [
      cell(r.name),
      cell(k.cluster),
      cell(`${k.apiVersion}/${k.kind}`),
      cell(k.objects),
      cell(k.error ?? k.syncedAt ?? '', k.error ? 'error' : 'ok'),
    ]),
  );
  return {
    controller: 'search-cache',
    title: 'Search registries',
    blocks: [table('Cached kinds', ['registry', 'member', 'kind', 'objects', 'synced'], rows)],
  };
}

/** Every controller's section, from the status branch; no branch yet: no sections. */
export function controllerSections(view: StatusBranchView | undefined): ViewSection[] {
  if (view === undefined) return [];
  return [failover, autoscaling, services, rebalancers, quotas, pullMembers, searchRegistries].map((f) => f(view));
}

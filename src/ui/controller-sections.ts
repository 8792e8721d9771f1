/**
 * The web view's sections: every registered controller's own view (src/controllers/<name>/view.ts)
 * over its records as the status branch holds them, by a walk over the registry, so nothing in
 * src/ui knows a particular controller; and the one section that is no controller's, the
 * FederatedResourceQuotas' status the status step computes.
 */
import { controllerRecordsOfTree, controllerViews } from '../controllers/index.ts';
import type { ViewSection } from '../model/index.ts';
import type { StatusBranchView } from '../status/index.ts';

function quotas(view: StatusBranchView): ViewSection {
  const text = (list: Record<string, unknown> | undefined) =>
    Object.entries(list ?? {})
      .map(([k, v]) => `${k}=${String(v)}`)
      .join(', ');
  return {
    controller: 'quota',
    title: 'Federated resource quotas',
    blocks: [
      {
        kind: 'table',
        title: 'Quotas',
        columns: ['namespace', 'name', 'overall', 'used'],
        rows: view.quotas.map((q) => [
          { text: q.resource.namespace ?? '' },
          { text: q.resource.name },
          { text: text(q.status.overall) },
          { text: text(q.status.overallUsed) },
        ]),
      },
    ],
  };
}

/** Every controller's sections, in registry order, then the quotas'; no status branch yet: no sections. */
export function controllerSections(view: StatusBranchView | undefined): ViewSection[] {
  if (view === undefined) return [];
  return [...controllerViews(controllerRecordsOfTree(view)), quotas(view)];
}

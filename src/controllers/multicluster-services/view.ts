/** The multi-cluster services as people see them (`ViewSection`, src/model/controller-view.ts): one row each. */
import type { ViewSection } from '../../model/index.ts';
import { multiClusterServiceLine } from './multicluster-service-summary.ts';
import type { ControllerRecords } from '../controller-records.ts';

export function multiClusterServicesView(records: ControllerRecords): ViewSection[] {
  const services = [...records['multicluster-services'].values()];
  if (services.length === 0) return [];
  const rows = services.map((r) => {
    const failed = r.consumers.some((c) => c.dispatched === false);
    return [
      { text: `${r.kind} ${r.namespace}/${r.name}` },
      { text: multiClusterServiceLine(r), tone: failed ? ('warn' as const) : ('ok' as const) },
    ];
  });
  return [
    {
      controller: 'multicluster-services',
      title: 'Multi-cluster services',
      blocks: [{ kind: 'table', columns: ['service', 'providers and consumers'], rows }],
    },
  ];
}

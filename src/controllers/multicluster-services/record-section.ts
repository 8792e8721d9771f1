import { multiClusterServiceKey } from '../../model/index.ts';
import type { RecordedMultiClusterService } from '../../model/index.ts';
import { documentPerEntry } from '../../status/index.ts';
import type { ControllerRecordSection } from '../controller-records.ts';
import {
  multiClusterServiceDocument,
  multiClusterServicePath,
  parseMultiClusterServiceDocument,
} from './multicluster-service-document.ts';
import { multiClusterServiceLine, multiClusterServiceSection } from './multicluster-service-summary.ts';

/** `multicluster-services/<kind>/<namespace>/<name>.yaml` per exported Service, and STATUS.md's section. */
export const multiClusterServicesRecordSection: ControllerRecordSection<readonly RecordedMultiClusterService[]> = {
  name: 'multicluster-services',
  folder: 'multicluster-services/',
  ...documentPerEntry(multiClusterServicePath, multiClusterServiceDocument, parseMultiClusterServiceDocument),
  markdown: multiClusterServiceSection,
  written: (records) =>
    records['multicluster-services'].size > 0 ? [...records['multicluster-services'].values()] : undefined,
  restored: (list) => ({ 'multicluster-services': new Map((list ?? []).map((s) => [multiClusterServiceKey(s), s])) }),
  statusLines: (list) => ({
    title: 'Multi-cluster services',
    lines: list.map((r) => `  ${r.kind} ${r.namespace}/${r.name}: ${multiClusterServiceLine(r)}`),
  }),
  statusField: { name: 'multiClusterServices', empty: [] },
};

declare module '../controller-records.ts' {
  interface ControllerRecords {
    /** The multi-cluster services' providers, consumers and endpoint counts, by `<kind>/<namespace>/<name>`. */
    'multicluster-services': ReadonlyMap<string, RecordedMultiClusterService>;
  }
}

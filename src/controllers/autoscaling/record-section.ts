import { emptyAutoscalingRecord } from '../../model/index.ts';
import type { AutoscalingRecord } from '../../model/index.ts';
import type { ControllerRecordSection } from '../controller-records.ts';
import { autoscalingFiles, readAutoscalingFile } from './autoscaling-document.ts';
import { autoscalingLines, autoscalingSection } from './autoscaling-summary.ts';

const isEmpty = (r: AutoscalingRecord) =>
  r.federatedHPAs.length + r.cronFederatedHPAs.length + r.workloads.length === 0;

/** `autoscaling/`: the FederatedHPAs, the CronFederatedHPAs and the scaled workloads, and STATUS.md's "Autoscaling". */
export const autoscalingRecordSection: ControllerRecordSection<AutoscalingRecord> = {
  name: 'autoscaling',
  folder: 'autoscaling/',
  files: autoscalingFiles,
  read: (record, path, document, warn) => {
    const out = record ?? emptyAutoscalingRecord();
    readAutoscalingFile(out, path, document, warn);
    return out;
  },
  markdown: autoscalingSection,
  written: (records) => (isEmpty(records.autoscaling) ? undefined : records.autoscaling),
  restored: (record) => ({ autoscaling: record ?? emptyAutoscalingRecord() }),
  statusLines: (record) => ({ title: 'Autoscaling', lines: autoscalingLines(record).map((l) => `  ${l}`) }),
  statusField: { name: 'autoscaling' },
};

declare module '../controller-records.ts' {
  interface ControllerRecords {
    /** The FederatedHPAs' and CronFederatedHPAs' statuses and the scaled workloads' counts. */
    autoscaling: AutoscalingRecord;
  }
}

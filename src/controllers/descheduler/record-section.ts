import { refKey } from '../../model/index.ts';
import { documentPerEntry } from '../../status/index.ts';
import type { ControllerRecordSection } from '../controller-records.ts';
import { deschedulingLine } from './descheduler-core.ts';
import type { Descheduling } from './descheduler-core.ts';
import {
  DESCHEDULED_FOLDER,
  deschedulingDocument,
  deschedulingPath,
  parseDeschedulingDocument,
} from './descheduling-document.ts';

/** STATUS.md's "Descheduler" section: one line per binding the descheduler last acted on. */
function deschedulerSection(list: readonly Descheduling[] | undefined): string[] {
  if (!list?.length) return [];
  return ['## Descheduler', '', ...list.map((d) => `- [${deschedulingLine(d)}](${deschedulingPath(d.resource)})`), ''];
}

/** `descheduled/…` per binding, and STATUS.md's "Descheduler". */
export const deschedulerRecordSection: ControllerRecordSection<readonly Descheduling[]> = {
  name: 'descheduler',
  folder: DESCHEDULED_FOLDER,
  ...documentPerEntry((d) => deschedulingPath(d.resource), deschedulingDocument, parseDeschedulingDocument),
  markdown: deschedulerSection,
  written: (records) => (records.descheduler.size > 0 ? [...records.descheduler.values()] : undefined),
  restored: (list) => ({ descheduler: new Map((list ?? []).map((d) => [refKey(d.resource), d])) }),
  statusLines: (list) => ({ title: 'Descheduler', lines: list.map((d) => `  ${deschedulingLine(d)}`) }),
};

declare module '../controller-records.ts' {
  interface ControllerRecords {
    /** Each binding's last descheduling, by template refKey. */
    descheduler: ReadonlyMap<string, Descheduling>;
  }
}

/**
 * The phases a controller does not use, given as nothing: no holds, no diagnostics, no records,
 * no request for a pass. A controller names only what it does after the render, and this builds
 * the rest of the chain of controller.ts, so the seam's phases grow without touching controllers.
 */
import type { Diagnostic } from '../model/index.ts';
import type { ControllerRecords } from './controller-records.ts';
import type { AfterRender, AfterStatus, AppliedPass, ApplyHolds, ReportedPass } from './controller.ts';

/** What a controller does after the render, each part optional. */
export interface UsedPhases {
  /** What the Works and the prune leave alone; absent: nothing. */
  holds?: ApplyHolds;
  /** Its findings in the source; absent: none. */
  diagnostics?: Diagnostic[];
  /** Its records after the apply; absent: none. */
  records?: (applied: AppliedPass) => Partial<ControllerRecords>;
  /** What it makes of the status step; absent: no request for a pass. */
  afterStatus?: (reported: ReportedPass) => AfterStatus;
}

/** No template waiting, no copy kept. */
export function noHolds(): ApplyHolds {
  return { waiting: new Set(), kept: new Map() };
}

/** The phases after the render from the parts a controller uses. */
export function afterRenderPhases(used: UsedPhases = {}): AfterRender {
  const afterStatus = used.afterStatus ?? (() => ({}));
  return {
    holds: used.holds ?? noHolds(),
    diagnostics: used.diagnostics ?? [],
    next: { afterApply: (applied) => ({ records: used.records?.(applied) ?? {}, next: { afterStatus } }) },
  };
}

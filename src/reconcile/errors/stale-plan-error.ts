import { EngineError } from '../../model/index.ts';

/**
 * A saved plan whose source commit or cluster state has moved on since it was computed: applying
 * it would apply something nobody reviewed (terraform's "Saved plan is stale").
 */
export class StalePlanError extends EngineError<'StalePlan', { file: string; reasons: string[] }> {
  constructor(file: string, reasons: readonly string[]) {
    super(
      'StalePlan',
      `saved plan ${file} is stale, nothing was applied:\n${reasons.map((r) => `  - ${r}`).join('\n')}\nRun flotilla plan --plan-file again, review it, and apply the new plan.`,
      { file, reasons: [...reasons] },
    );
  }
}

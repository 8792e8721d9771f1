import { EngineError } from '../../model/index.ts';

/** A plan file that cannot be used: unreadable, not a Flotilla plan, another format version, or edited by hand. */
export class PlanFileInvalidError extends EngineError<'PlanFileInvalid', { file: string; reason: string }> {
  constructor(file: string, reason: string, options?: { cause?: unknown }) {
    super('PlanFileInvalid', `plan file ${file}: ${reason}`, { file, reason }, options);
  }
}

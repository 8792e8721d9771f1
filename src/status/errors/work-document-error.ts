import { EngineError } from '../../model/index.ts';

/** A cluster's work.json on the works branch cannot be used: the first field that is wrong, by path. */
export class WorkDocumentError extends EngineError<'WorkDocumentInvalid', { field: string }> {
  constructor(field: string, problem: string) {
    super('WorkDocumentInvalid', `work.json: ${field}: ${problem}`, { field });
  }
}

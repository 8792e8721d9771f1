import { EngineError } from '../../model/index.ts';

/** A member's folder on the works branch cannot be used: the file and, within work.json, the first field that is wrong. */
export class WorkDocumentError extends EngineError<'WorkDocumentInvalid', { file: string; field?: string }> {
  constructor(file: string, field: string | undefined, problem: string) {
    super('WorkDocumentInvalid', `${file}${field ? ` ${field}` : ''}: ${problem}`, {
      file,
      ...(field !== undefined ? { field } : {}),
    });
  }
}

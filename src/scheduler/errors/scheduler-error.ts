import { EngineError } from '../../model/index.ts';

/**
 * Any other scheduling failure (Karmada's SchedulerError condition): spread constraints that
 * cannot be met, an unsupported strategy, nothing selected. Karmada keeps the previous
 * `spec.clusters` and retries (docs/karmada-compatibility.md#scheduling-errors).
 */
export class SchedulerError extends EngineError<'SchedulerError', object> {
  constructor(message: string) {
    super('SchedulerError', message, {});
  }
}

import { EngineError } from '../../model/index.ts';

/**
 * The feasible clusters lack the capacity the strategy needs (Karmada's Unschedulable). Karmada
 * keeps the previous `spec.clusters` and retries (docs/karmada-compatibility.md#scheduling-errors).
 */
export class UnschedulableError extends EngineError<'Unschedulable', { available?: number }> {
  constructor(message: string, available?: number) {
    super('Unschedulable', message, available === undefined ? {} : { available });
  }
}

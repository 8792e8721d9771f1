import { EngineError } from '../../model/index.ts';

/**
 * The feasible clusters lack the capacity the strategy needs (Karmada's Unschedulable). Karmada
 * keeps the previous `spec.clusters` and retries (semantics §3.9).
 */
export class UnschedulableError extends EngineError<'Unschedulable', { available?: number }> {
  constructor(message: string, available?: number) {
    super('Unschedulable', message, available === undefined ? {} : { available });
  }
}

import { EngineError } from '../../model/index.ts';

/** A kubeconfig file cannot be read or is not a kubeconfig, or a context names a missing cluster or user. */
export class KubeconfigInvalidError extends EngineError<'KubeconfigInvalid', { file: string; reason: string }> {
  constructor(file: string, reason: string, options?: { cause?: unknown }) {
    super('KubeconfigInvalid', `kubeconfig ${file}: ${reason}`, { file, reason }, options);
  }
}

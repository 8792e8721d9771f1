import { EngineError } from '../../model/index.ts';

/** A member cluster's kubeconfig context (README.md#flotilla-plan) is in none of the kubeconfig files. */
export class ContextNotFoundError extends EngineError<
  'KubeconfigContextNotFound',
  { cluster: string; context: string; files: string[] }
> {
  constructor(cluster: string, context: string, files: readonly string[]) {
    const where = files.length > 0 ? files.join(', ') : 'no kubeconfig file';
    super(
      'KubeconfigContextNotFound',
      `cluster ${cluster}: kubeconfig context ${context} not found in ${where} (name it ${cluster}, or set the annotation flotilla.io/kubeconfig-context on the Cluster)`,
      { cluster, context, files: [...files] },
    );
  }
}

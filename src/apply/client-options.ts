/** The client-node adapter's connection settings (client-node-kube-client.ts), shared by every cluster. */
import { DEFAULT_RATE_LIMIT_OPTIONS } from './rate-limiter.ts';
import { DEFAULT_RETRY_OPTIONS } from './retry.ts';
import type { RetryOptions } from './retry.ts';

/** Connection settings shared by every cluster. */
export interface KubeClientOptions {
  /** Client-side requests per second, per cluster (`--qps`). @default 100 */
  qps: number;
  /** Client-side burst, per cluster (`--burst`). @default 200 */
  burst: number;
  /** Time limit of one request. @default 30000 */
  timeoutMs: number;
  /** Open connections per cluster. @default 32 */
  maxSockets: number;
  retry: RetryOptions;
  /**
   * Lift qps/burst once the member shows it runs API Priority and Fairness, as Flux does: it then
   * queues or refuses (429, retried) by its own load; requests in flight stay bounded. @default false
   */
  yieldToFlowControl: boolean;
}

export const DEFAULT_KUBE_CLIENT_OPTIONS: Readonly<KubeClientOptions> = Object.freeze({
  ...DEFAULT_RATE_LIMIT_OPTIONS,
  timeoutMs: 30_000,
  maxSockets: 32,
  retry: DEFAULT_RETRY_OPTIONS,
  yieldToFlowControl: false,
});

/** Sent by an API server running API Priority and Fairness: the FlowSchema that classified the request. */
export const FLOW_SCHEMA_HEADER = 'x-kubernetes-pf-flowschema-uid';

/**
 * What a pass could not prune on each member (README.md#flotilla-status), for STATUS.md and `flotilla status`: the
 * refusal of the member's whole prune (mass prune, source errors, prune off) and every copy a prune filter kept (an
 * evicted copy still on the member, a template held back by its scheduling failure, a Namespace still in use), each
 * with its reason. No lines when nothing is held back, so such a fleet's STATUS.md reads (and hashes) as before.
 */
import { describeRef } from '../../model/index.ts';
import type { ClusterApplyResult } from '../../apply/index.ts';
import type { ClusterReport } from '../status-report.ts';
import { clusterPath } from './cluster-document.ts';

/** One line per prune the member's apply held back, the refusal first; none for a member not applied this pass. */
export function heldBackPrunes(result: ClusterApplyResult | undefined): string[] {
  if (result === undefined) return [];
  // The refusal names its cluster for the logs; listed under the cluster it would say it twice.
  const prefix = `cluster ${result.cluster}: `;
  const message = result.pruneBlocked?.message;
  const blocked = message === undefined ? [] : [message.startsWith(prefix) ? message.slice(prefix.length) : message];
  const kept = result.pruned
    .filter((p) => p.action === 'skipped')
    .map((p) => p.reason ?? `${describeRef(p.ref)}: not pruned`);
  return [...blocked, ...kept];
}

/** STATUS.md's "Held-back prunes" section. */
export function heldBackSection(clusters: readonly ClusterReport[]): string[] {
  const lines = clusters.flatMap((c) =>
    (c.heldBackPrunes ?? []).map((line) => `- [${c.name}](${clusterPath(c.name)}): ${line.replaceAll('\n', ' ')}`),
  );
  return lines.length === 0 ? [] : ['## Held-back prunes', '', ...lines, ''];
}

/** `flotilla status`'s lines of the same. */
export function heldBackLines(clusters: readonly ClusterReport[]): string[] {
  return clusters.flatMap((c) => (c.heldBackPrunes ?? []).map((line) => `  ${c.name}: ${line}`));
}

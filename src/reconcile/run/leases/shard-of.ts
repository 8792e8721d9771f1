import { createHash } from 'node:crypto';

/**
 * The shard a member cluster belongs to among `shards`, by rendezvous (highest random weight)
 * hashing: every replica computes the same answer, and changing the shard count moves only the
 * clusters whose winning shard changed (about 1/N of them), as consistent hashing promises.
 */
export function shardOf(cluster: string, shards: number): number {
  let best = 0;
  let bestWeight = -1n;
  for (let shard = 0; shard < shards; shard++) {
    const weight = createHash('sha256').update(`${shard}/${cluster}`).digest().readBigUInt64BE(0);
    if (weight > bestWeight) {
      best = shard;
      bestWeight = weight;
    }
  }
  return best;
}

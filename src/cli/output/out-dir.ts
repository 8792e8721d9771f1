import { chmod, mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { stringify } from 'yaml';
import type { KubeObject } from '../../model/index.ts';
import { manifestPath } from '../../status/index.ts';

/**
 * Writes every cluster's Work as real manifests, one file per object, for review or for other
 * tools: `DIR/<cluster>/<namespace or _cluster>/<group>.<kind>.<name>.yaml`. Not masked: asking
 * for files is explicit (README.md#flotilla-plan); a Secret's file is readable by its owner only,
 * as a saved plan file is.
 */
export async function writeOutDir(dir: string, works: Record<string, KubeObject[]>): Promise<number> {
  let written = 0;
  for (const [cluster, manifests] of Object.entries(works)) {
    for (const m of manifests) {
      const path = join(dir, cluster, manifestPath(m));
      await mkdir(join(path, '..'), { recursive: true });
      const secret = m.kind === 'Secret' && m.apiVersion === 'v1';
      await writeFile(path, stringify(m, { lineWidth: 0 }), { mode: secret ? 0o600 : 0o644 });
      // The mode given applies to a new file only: an existing one (an earlier run) keeps its own.
      if (secret) await chmod(path, 0o600);
      written++;
    }
  }
  return written;
}

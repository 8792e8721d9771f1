// The fleet's kubeconfig: one context per member, named after the member,
// with certificates embedded so the file stays valid wherever it is copied.
import { chmod, mkdir, rename, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { stringify } from 'yaml';
import type { MemberSpec } from './config.ts';
import { memberKubeconfig } from './kwok.ts';
import { run } from './run.ts';

interface Flattened {
  clusters: [{ cluster: object }];
  users: [{ user: object }];
}

export async function writeFleetKubeconfig(path: string, fleet: readonly MemberSpec[], kubectl: string): Promise<void> {
  const entries = await Promise.all(
    fleet.map(async (member) => {
      const view = await run(kubectl, [
        'config',
        'view',
        '--raw',
        '--flatten',
        '--minify',
        '-o',
        'json',
        '--kubeconfig',
        memberKubeconfig(member),
      ]);
      const flat = JSON.parse(view.stdout) as Flattened;
      return { name: member.name, cluster: flat.clusters[0].cluster, user: flat.users[0].user };
    }),
  );
  const config = {
    apiVersion: 'v1',
    kind: 'Config',
    clusters: entries.map(({ name, cluster }) => ({ name, cluster })),
    users: entries.map(({ name, user }) => ({ name, user })),
    contexts: entries.map(({ name }) => ({ name, context: { cluster: name, user: name } })),
    'current-context': entries[0]?.name ?? '',
    preferences: {},
  };
  await mkdir(dirname(path), { recursive: true });
  const scratch = `${path}.tmp-${process.pid}`;
  await writeFile(scratch, stringify(config), { mode: 0o600 });
  await chmod(scratch, 0o600);
  await rename(scratch, path);
}

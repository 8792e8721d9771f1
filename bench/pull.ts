/**
 * Pull mode benchmark (issue 18): the hub's write of the works branch for 100 Pull members × 100
 * objects — the first commit, a pass where one template (in every member's Work) changed, and a
 * pass where nothing changed (no commit) — with the native git and isomorphic-git adapters; and an
 * agent round with nothing new, against a local repository and a remote one over smart HTTP:
 * its wall time, the member requests it sends (must be none) and the HTTP requests of its fetch.
 * Run: `node bench/pull.ts [members] [objects] [runs]`.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { KubeObject } from '../src/model/index.ts';
import { DEFAULT_PRUNE_SETTINGS } from '../src/apply/prune-plan.ts';
import { AgentRounds } from '../src/agent/agent-round.ts';
import { openStatusStore, publishWorks } from '../src/status/index.ts';
import type { PullWork, WorksInput } from '../src/status/index.ts';
import { FakeKubeClient } from '../test/fakes/kube-client.ts';
import { startGitHttpServer } from '../test/source/helpers/git-http-server.ts';
import { size } from './lib/size.ts';

const MEMBERS = Number(process.argv[2] ?? size(100, 2));
const OBJECTS = Number(process.argv[3] ?? size(100, 10));
const RUNS = Number(process.argv[4] ?? size(3, 1));
const members = Array.from({ length: MEMBERS }, (_, i) => `edge-${String(i).padStart(3, '0')}`);

/** Object `i` as the render leaves it: a Deployment with Flotilla's tracking, about 1 KiB of YAML. */
function manifest(i: number, version: number): KubeObject {
  const name = `app-${String(i).padStart(3, '0')}`;
  return {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: {
      name,
      namespace: `team-${i % 10}`,
      labels: { app: name, 'flotilla.io/managed-by': 'flotilla' },
      annotations: {
        'flotilla.io/template': `apps/v1/Deployment/team-${i % 10}/${name}`,
        'flotilla.io/policy': `PropagationPolicy/team-${i % 10}/${name}`,
        'flotilla.io/source-commit': `${version}`.padStart(40, '0'),
      },
    },
    spec: {
      replicas: 2,
      selector: { matchLabels: { app: name } },
      template: {
        metadata: { labels: { app: name } },
        spec: {
          containers: [
            {
              name,
              image: `registry.example.com/${name}:${version}`,
              resources: { requests: { cpu: '100m', memory: '128Mi' } },
              env: [{ name: 'MODE', value: 'edge' }],
            },
          ],
        },
      },
    },
  };
}

/** Every member's Work: the same objects (one per template), as the run loop keeps them between passes. */
function works(objects: readonly KubeObject[]): PullWork[] {
  return members.map((cluster) => ({
    cluster,
    items: objects.map((m) => ({
      manifest: m,
      template: {
        apiVersion: m.apiVersion,
        kind: m.kind,
        namespace: m.metadata.namespace ?? '',
        name: m.metadata.name ?? '',
      },
      suspended: false,
      preserveOnDeletion: false,
    })),
    keptCopies: new Map(),
  }));
}

function input(sourceCommit: string, objects: readonly KubeObject[]): WorksInput {
  return {
    sourceCommit,
    prune: { ...DEFAULT_PRUNE_SETTINGS, enabled: true },
    works: works(objects),
    policies: new Map(),
    customizations: [],
  };
}

async function timed<T>(fn: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const start = performance.now();
  const value = await fn();
  return { value, ms: performance.now() - start };
}

function median(samples: number[]): number {
  return [...samples].sort((a, b) => a - b)[Math.floor(samples.length / 2)] ?? Number.NaN;
}

const rows = new Map<string, { ms: number[]; note: string }>();
function record(name: string, ms: number, note = ''): void {
  const row = rows.get(name) ?? { ms: [], note };
  row.ms.push(ms);
  row.note = note;
  rows.set(name, row);
}

const dirs: string[] = [];
const scratch = (prefix: string): string => {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  dirs.push(dir);
  return dir;
};
const git = (cwd: string, ...args: string[]) => execFileSync('git', args, { cwd, encoding: 'utf8' }).trim();

function fleetRepo(): string {
  const dir = scratch('flotilla-bench-pull-');
  git(dir, 'init', '-q', '-b', 'main');
  git(dir, '-c', 'user.name=b', '-c', 'user.email=b@e', 'commit', '-q', '--allow-empty', '-m', 'fleet');
  return dir;
}

async function hubWrites(): Promise<void> {
  for (const preferNative of [true, false]) {
    const adapter = preferNative ? 'native git' : 'isomorphic-git';
    const dir = fleetRepo();
    const write = async (works: WorksInput) =>
      publishWorks(await openStatusStore({ repo: dir, preferNative }, 'works'), works, {
        branch: 'works',
        members,
        now: () => new Date(0),
      });
    const objects = Array.from({ length: OBJECTS }, (_, i) => manifest(i, 1));
    const first = await timed(() => write(input('1'.repeat(40), objects)));
    record(`${adapter}: first write (orphan branch)`, first.ms, `${MEMBERS * OBJECTS} manifests`);
    // One template changed: a new object for it, the other objects kept from the last render.
    const changed = [...objects];
    changed[7] = manifest(7, 2);
    const one = await timed(() => write(input('2'.repeat(40), changed)));
    if (!one.value.changed) throw new Error('a changed template made no works commit');
    record(`${adapter}: one template changed in every member's Work`, one.ms, `${MEMBERS} manifests changed`);
    // A fresh render (apply, a restarted run): every object new, the same content.
    const fresh = Array.from({ length: OBJECTS }, (_, i) => manifest(i, i === 7 ? 2 : 1));
    const same = await timed(() => write(input('3'.repeat(40), fresh)));
    if (same.value.changed) throw new Error('an unchanged Work made a works commit');
    record(`${adapter}: nothing changed, freshly rendered (no commit)`, same.ms);
  }
}

async function agentRounds(repo: string, label: string, requests: () => number): Promise<void> {
  const member = new FakeKubeClient('edge-000');
  const rounds = new AgentRounds({
    cluster: 'edge-000',
    source: { repo, cacheDir: scratch('flotilla-bench-cache-') },
    worksBranch: 'works',
    client: member,
    inventoryName: 'inv',
    lock: { durationSeconds: 5 },
    heartbeatMs: 3_600_000,
    resyncMs: 0,
    memberTimeoutMs: 60_000,
    holder: 'bench',
    onEvent: () => undefined,
  });
  const first = await rounds.round(Date.now());
  if (!first.ok) throw new Error(`the agent's first round failed: ${first.error}`);
  for (let i = 0; i < RUNS; i++) {
    const [calls, http] = [member.calls.length, requests()];
    const idle = await timed(() => rounds.round(Date.now()));
    if (idle.value.applied || idle.value.reported) throw new Error('an idle round applied or reported');
    const sent = member.calls.length - calls;
    if (sent !== 0) throw new Error(`an idle round sent ${sent} requests to the member`);
    record(`agent round with nothing new (${label})`, idle.ms, `0 member requests, ${requests() - http} HTTP requests`);
  }
}

try {
  for (let run = 0; run < RUNS; run++) await hubWrites();
  const local = fleetRepo();
  await publishWorks(
    await openStatusStore({ repo: local }, 'works'),
    input(
      '1'.repeat(40),
      Array.from({ length: OBJECTS }, (_, i) => manifest(i, 1)),
    ),
    {
      branch: 'works',
      members,
      now: () => new Date(0),
    },
  );
  await agentRounds(local, 'local repository', () => 0);
  const root = scratch('flotilla-bench-remote-');
  git(root, 'clone', '-q', '--bare', local, 'fleet.git');
  git(path.join(root, 'fleet.git'), 'config', 'http.receivepack', 'true');
  const server = await startGitHttpServer(root);
  try {
    await agentRounds(`${server.url}/fleet.git`, 'remote over HTTP', () => server.authorizations.length);
  } finally {
    await server.close();
  }
  console.log(`pull: ${MEMBERS} Pull members × ${OBJECTS} objects, median of ${RUNS} runs\n`);
  console.log('| step | wall ms | |');
  console.log('| --- | ---: | --- |');
  for (const [name, row] of rows) console.log(`| ${name} | ${median(row.ms).toFixed(0)} | ${row.note} |`);
} finally {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
}

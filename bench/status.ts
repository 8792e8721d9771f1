/**
 * Status benchmark (issue 8): the status of 10,000 templates across 20 clusters — aggregating
 * every member's status, serialising the status-branch tree, and committing it — and the same
 * status again, which must make no commit; then reading it back, as the next pass does. Native git and isomorphic-git adapters, wall and CPU
 * time (this process and its git children), medians of interleaved runs.
 * Run: `node bench/status.ts [templates] [clusters] [clustersPerTemplate] [runs]`.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterpreter } from '../src/interpreter/index.ts';
import type { ClusterStatus, KubeObject, ScheduledBinding } from '../src/model/index.ts';
import { NativeGitStore, type GitStore } from '../src/source/index.ts';
import { IsomorphicGitStore } from '../src/source/isomorphic-git-store.ts';
import {
  commitMessage,
  readStatusBranch,
  statusFiles,
  templateStatus,
  writeStatusBranch,
  type StatusReport,
  type TemplateStatusInput,
} from '../src/status/index.ts';
import { size } from './lib/size.ts';
import { RECORD_SECTIONS } from '../src/controllers/index.ts';

const TEMPLATES = Number(process.argv[2] ?? size(10_000, 5));
const CLUSTERS = Number(process.argv[3] ?? size(20, 2));
const PER_TEMPLATE = Number(process.argv[4] ?? size(3, 1));
const RUNS = Number(process.argv[5] ?? size(3, 1));
const interpreter = createInterpreter([], { bundled: [] });

function cpuMs(): number {
  const own = process.cpuUsage();
  if (!existsSync('/proc/self/stat')) return Number.NaN;
  const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (own.user + own.system) / 1000 + (Number(fields[13]) + Number(fields[14])) * 10;
}

function clusterStatus(i: number): ClusterStatus {
  return {
    kubernetesVersion: 'v1.31.2',
    conditions: [
      { type: 'CompleteAPIEnablements', status: 'True', reason: 'Complete' },
      { type: 'Ready', status: 'True', reason: 'ClusterReady' },
    ],
    apiEnablements: Array.from({ length: 40 }, (_, g) => ({
      groupVersion: `group${g}.example.com/v1`,
      resources: [{ name: `things${g}`, kind: `Thing${g}` }],
    })),
    nodeSummary: { totalNum: 10 + i, readyNum: 10 + i },
    resourceSummary: {
      allocatable: { cpu: `${80 + i}`, memory: '320Gi', pods: '1100' },
      allocated: { cpu: `${10 + i}500m`, memory: '40Gi', pods: `${200 + i}` },
    },
  };
}

/** Template i: a Deployment of 2 replicas per cluster on PER_TEMPLATE clusters; every 97th has one member not ready. */
function templateInput(i: number, generationBump: number): TemplateStatusInput {
  const name = `app-${i}`;
  const template: KubeObject = {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name, namespace: `team-${i % 50}` },
    spec: { replicas: 2 * PER_TEMPLATE },
  };
  const clusters = Array.from({ length: PER_TEMPLATE }, (_, k) => ({
    name: `member${String((i + k) % CLUSTERS).padStart(2, '0')}`,
    replicas: 2,
  }));
  const binding: ScheduledBinding = {
    resource: { apiVersion: 'apps/v1', kind: 'Deployment', namespace: `team-${i % 50}`, name },
    policy: { kind: 'PropagationPolicy', namespace: `team-${i % 50}`, name: 'spread' },
    replicas: 2 * PER_TEMPLATE,
    placement: {},
    propagateDeps: false,
    conflictResolution: 'Abort',
    preserveResourcesOnDeletion: false,
    schedulerName: 'default-scheduler',
    clusters,
    error: null,
  };
  const observations = clusters.map((c, k) => {
    const available = i % 97 === 0 && k === 0 ? 0 : 2;
    const generation = 1 + generationBump;
    const observed: KubeObject = {
      ...template,
      metadata: { ...template.metadata, generation },
      spec: { replicas: 2 },
      status: {
        observedGeneration: generation,
        replicas: 2,
        updatedReplicas: 2,
        readyReplicas: available,
        availableReplicas: available,
      },
    };
    return { clusterName: c.name, applied: true, observed };
  });
  return { template, policy: binding.policy, binding, expectedClusters: clusters.map((c) => c.name), observations };
}

function report(inputs: readonly TemplateStatusInput[], reconciledAt: string): StatusReport {
  return {
    sourceCommit: 'a'.repeat(40),
    reconciledAt,
    clusters: Array.from({ length: CLUSTERS }, (_, i) => ({
      name: `member${String(i).padStart(2, '0')}`,
      status: clusterStatus(i),
    })),
    templates: inputs.map((input) => templateStatus(input, interpreter)),
  };
}

async function timed<T>(fn: () => Promise<T> | T): Promise<{ value: T; ms: number; cpu: number }> {
  const [wall, cpu] = [performance.now(), cpuMs()];
  const value = await fn();
  return { value, ms: performance.now() - wall, cpu: cpuMs() - cpu };
}

function median(samples: number[]): number {
  return [...samples].sort((a, b) => a - b)[Math.floor(samples.length / 2)] ?? Number.NaN;
}

const STORES: [string, (gitdir: string) => GitStore][] = [
  ['native git', (gitdir) => new NativeGitStore(gitdir)],
  ['isomorphic-git', (gitdir) => new IsomorphicGitStore({ gitdir, commonDir: gitdir })],
];
const rows = new Map<string, { ms: number[]; cpu: number[]; note: string }>();
function record(name: string, t: { ms: number; cpu: number }, note = ''): void {
  const row = rows.get(name) ?? { ms: [], cpu: [], note };
  row.ms.push(t.ms);
  row.cpu.push(t.cpu);
  row.note = note;
  rows.set(name, row);
}

const dirs: string[] = [];
try {
  for (let run = 0; run < RUNS; run++) {
    const inputs = Array.from({ length: TEMPLATES }, (_, i) => templateInput(i, 0));
    const aggregated = await timed(() => report(inputs, `2026-01-01T00:00:0${run}Z`));
    record('aggregate (templateStatus × templates)', aggregated);
    const files = await timed(() => statusFiles(aggregated.value, RECORD_SECTIONS));
    record('serialise the tree (statusFiles)', files, `${files.value.length} files`);
    for (const [name, open] of STORES) {
      const dir = mkdtempSync(path.join(tmpdir(), 'flotilla-bench-status-'));
      dirs.push(dir);
      execFileSync('git', ['init', '-q', '-b', 'main', dir]);
      const store = open(path.join(dir, '.git'));
      const message = commitMessage(aggregated.value);
      const first = await timed(() => writeStatusBranch(store, files.value, { message }));
      record(`${name}: first commit (orphan branch)`, first);
      // One template's member rolled out a new generation: a real change on a 10,000-file branch.
      const changedInputs = [...inputs];
      changedInputs[1] = templateInput(1, 1);
      const changedReport = report(changedInputs, '2026-01-01T00:01:00Z');
      const changed = await timed(() =>
        writeStatusBranch(store, statusFiles(changedReport, RECORD_SECTIONS), {
          message: commitMessage(changedReport),
        }),
      );
      if (!changed.value.changed) throw new Error('a changed status made no commit');
      record(`${name}: serialise + commit one changed template`, changed);
      const same = await timed(() =>
        writeStatusBranch(
          store,
          statusFiles({ ...changedReport, reconciledAt: '2026-01-01T00:02:00Z' }, RECORD_SECTIONS),
          {
            message: commitMessage(changedReport),
          },
        ),
      );
      if (same.value.changed) throw new Error('an unchanged status made a commit');
      record(`${name}: serialise + unchanged (no commit)`, same);
      const read = await timed(() => readStatusBranch(store, RECORD_SECTIONS));
      record(`${name}: read it back in full (flotilla status)`, read, `${read.value?.templates.length ?? 0} templates`);
      const placements = await timed(() => readStatusBranch(store, RECORD_SECTIONS, { templates: 'placement' }));
      record(
        `${name}: read placements back (next pass, offline plan)`,
        placements,
        `${placements.value?.placements.length ?? 0} templates`,
      );
    }
  }
  console.log(
    `status: ${TEMPLATES} templates on ${PER_TEMPLATE} of ${CLUSTERS} clusters each, median of ${RUNS} runs\n`,
  );
  console.log('| step | wall ms | cpu ms | |');
  console.log('| --- | ---: | ---: | --- |');
  for (const [name, row] of rows)
    console.log(`| ${name} | ${median(row.ms).toFixed(0)} | ${median(row.cpu).toFixed(0)} | ${row.note} |`);
} finally {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
}

// The run loop's incremental pass (issue 9): on a generated fleet, a commit touching one file is
// reconciled up to the apply step (members answer nothing: every cluster is an instant error, so
// the time is read + parse + render + Work); then memory over many passes of one-file commits.
// Run: node --expose-gc bench/run-loop.ts [templates] [clusters] [passes] [memTemplates]
// (templates 0 skips the timing, passes 0 the memory run; run them apart for clean memory figures)
import { execFileSync } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createReconcilePass } from '../src/reconcile/run/reconcile-pass.ts';
import { FailoverController } from '../src/controllers/failover/failover-controller.ts';
import { feedbackFromStatus } from '../src/reconcile/pass/status-feedback.ts';
import type { Pass } from '../src/reconcile/run/run-loop.ts';
import { makeFleetRepo } from './lib/fleet-repo.ts';
import { printTable } from './lib/measure.ts';
import { size } from './lib/size.ts';

const [templates = size(10_000, 10), clusters = size(10, 2), passes = size(1_000, 2), memTemplates = size(200, 5)] =
  process.argv.slice(2).map(Number);
const gc = (globalThis as { gc?: () => void }).gc ?? (() => undefined);
const env = {
  ...process.env,
  GIT_AUTHOR_NAME: 'b',
  GIT_AUTHOR_EMAIL: 'b@b',
  GIT_COMMITTER_NAME: 'b',
  GIT_COMMITTER_EMAIL: 'b@b',
};

/** Read and render times of the passes, in order. */
const stages: { readMs: number; renderMs: number; mode: string }[] = [];

function passFor(repo: string): Pass {
  return createReconcilePass({
    onResult: (r) => stages.push(r.render),
    source: { repo },
    prune: {},
    runner: {},
    controllers: [new FailoverController()],
    access: {
      kubeconfig: {},
      client: {},
      connect: async (cs) => new Map(cs.map((c) => [c.metadata.name, new Error('bench: no member')])),
    },
    feedback: async () => feedbackFromStatus(undefined),
  });
}

/** Rewrites one app file (a new replica count) and commits it. */
function touch(repo: string, round: number): void {
  writeFileSync(
    join(repo, 'apps', 'app-0.yaml'),
    `apiVersion: v1\nkind: ConfigMap\nmetadata: {name: app-0, namespace: team-0}\ndata: {round: "${round}"}\n`,
  );
  execFileSync('git', ['commit', '-qam', `round ${round}`], { cwd: repo, env });
}

async function timed(pass: Pass): Promise<number> {
  const started = performance.now();
  await pass({ signals: [], abort: new AbortController().signal });
  return performance.now() - started;
}

const big = templates > 0 ? makeFleetRepo({ templates, clusters, overridePolicies: 12 }) : undefined;
if (big)
  try {
    const pass = passFor(big);
    const cold = await timed(pass);
    const rows: (string | number)[][] = [
      ['templates', 'clusters', 'first pass ms', 'one-file pass ms', 'of which read', 'render', 'render mode'],
    ];
    const warm: { ms: number; readMs: number; renderMs: number; mode: string }[] = [];
    for (let i = 1; i <= 5; i++) {
      touch(big, i);
      const ms = await timed(pass);
      warm.push({ ms, ...stages.at(-1)! });
    }
    warm.sort((a, b) => a.ms - b.ms);
    const median = warm[2]!;
    rows.push([
      templates,
      clusters,
      Math.round(cold),
      Math.round(median.ms),
      Math.round(median.readMs),
      Math.round(median.renderMs),
      median.mode,
    ]);
    printTable(rows);
  } finally {
    rmSync(big, { recursive: true, force: true });
  }

const small = passes > 0 ? makeFleetRepo({ templates: memTemplates, clusters: 3, overridePolicies: 2 }) : undefined;
if (small)
  try {
    const pass = passFor(small);
    const rows: (string | number)[][] = [['pass', 'heap used MiB (after gc)', 'rss MiB']];
    for (let i = 1; i <= passes; i++) {
      touch(small, i);
      await timed(pass);
      if (i === 1 || i % Math.max(1, Math.floor(passes / 4)) === 0) {
        gc();
        const m = process.memoryUsage();
        rows.push([i, (m.heapUsed / 2 ** 20).toFixed(1), Math.round(m.rss / 2 ** 20)]);
      }
    }
    console.log(`\nmemory over ${passes} one-file passes, ${memTemplates} templates x 3 clusters`);
    printTable(rows);
  } finally {
    rmSync(small, { recursive: true, force: true });
  }

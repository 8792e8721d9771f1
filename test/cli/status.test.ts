import { spawn } from 'node:child_process';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { NativeGitStore } from '../../src/source/index.ts';
import { commitMessage, statusFiles, templateStatus, writeStatusBranch, type StatusReport } from '../../src/status/index.ts';
import { createGitRepo, removeFixtures } from '../source/helpers/git-fixture.ts';
import { bindingFor, deployment, memberDeployment, nativeInterpreter } from '../status/helpers.ts';
import { REPO_ROOT, runCli } from './run-cli.ts';
import { RECORD_SECTIONS } from '../../src/controllers/index.ts';

afterAll(removeFixtures);

const web = deployment('web', 3);
const report: StatusReport = {
  sourceCommit: 'a'.repeat(40),
  reconciledAt: '2026-01-01T00:00:00.000Z',
  clusters: [
    {
      name: 'member1',
      status: {
        conditions: [{ type: 'Ready', status: 'True' }],
        nodeSummary: { totalNum: 2, readyNum: 2 },
        resourceSummary: { allocatable: { cpu: '8', memory: '16Gi', pods: '220' }, allocated: { cpu: '500m', pods: '3' } },
      },
    },
    { name: 'member2', status: { conditions: [{ type: 'Ready', status: 'True' }] } },
  ],
  templates: [
    templateStatus(
      {
        template: web,
        policy: bindingFor(web, []).policy,
        binding: bindingFor(web, [
          { name: 'member1', replicas: 2 },
          { name: 'member2', replicas: 1 },
        ]),
        expectedClusters: ['member1', 'member2'],
        observations: [
          { clusterName: 'member1', applied: true, observed: memberDeployment('web', 2, { updated: 2, available: 2 }) },
          { clusterName: 'member2', applied: true, observed: memberDeployment('web', 1, { updated: 1, available: 0 }) },
        ],
      },
      nativeInterpreter,
    ),
  ],
};

const healthyReport: StatusReport = {
  ...report,
  templates: [
    templateStatus(
      {
        template: web,
        policy: bindingFor(web, []).policy,
        binding: bindingFor(web, [{ name: 'member1', replicas: 3 }]),
        expectedClusters: ['member1'],
        observations: [{ clusterName: 'member1', applied: true, observed: memberDeployment('web', 3, { updated: 3, available: 3 }) }],
      },
      nativeInterpreter,
    ),
  ],
};

async function repoWithStatus(branch = 'status', status: StatusReport = report) {
  const repo = createGitRepo();
  repo.write('flotilla.yaml', `statusBranch: ${branch}\n`);
  repo.commit('fleet');
  await writeStatusBranch(new NativeGitStore(path.join(repo.dir, '.git')), statusFiles(status, RECORD_SECTIONS), { branch, message: commitMessage(status) });
  return repo;
}

describe('flotilla status', () => {
  it('prints clusters, per template and cluster the replicas and health, then the problems', async () => {
    const repo = await repoWithStatus();
    const out = runCli(['status', '--repo', repo.dir]);
    expect(out.code).toBe(0);
    expect(out.stdout).toContain(`Status of ${'a'.repeat(12)}`);
    expect(out.stdout).toContain('0/1 templates healthy, 1 unhealthy, 0 unknown; 2/2 clusters ready');
    expect(out.stdout).toMatch(/member1\s+True\s+2\/2\s+500m\/8\s+0\/16Gi\s+3\/220/);
    expect(out.stdout).toMatch(/Deployment\/default\/web\s+member1\s+2\s+2\s+yes\s+Healthy/);
    expect(out.stdout).toMatch(/\n\s+member2\s+1\s+0\s+yes\s+Unhealthy/);
    expect(out.stdout).toContain('Deployment/default/web: member2: Unhealthy (0/1 available)');
  });

  it('prints JSON with the status commit, summary, clusters and templates, reading the branch flotilla.yaml names', async () => {
    const repo = await repoWithStatus('fleet-status');
    const out = runCli(['status', '--repo', repo.dir, '-o', 'json']);
    const doc = JSON.parse(out.stdout) as {
      branch: string;
      statusCommit: string;
      summary: { sourceCommit: string };
      clusters: unknown[];
      templates: { health: string }[];
    };
    expect(doc.branch).toBe('fleet-status');
    expect(doc.statusCommit).toBe(repo.git('rev-parse', 'fleet-status'));
    expect(doc.summary.sourceCommit).toBe('a'.repeat(40));
    expect(doc.clusters).toHaveLength(2);
    expect(doc.templates.map((t) => t.health)).toEqual(['Unhealthy']);
  });

  it('-o yaml is the same document as -o json', async () => {
    const repo = await repoWithStatus();
    const json = JSON.parse(runCli(['status', '--repo', repo.dir, '-o', 'json']).stdout) as unknown;
    expect(parseYaml(runCli(['status', '--repo', repo.dir, '-o', 'yaml']).stdout)).toEqual(json);
  });

  it('--fail-on-unhealthy exits 1 when a template is not Healthy, or no status exists yet', async () => {
    const repo = await repoWithStatus();
    expect(runCli(['status', '--repo', repo.dir]).code).toBe(0);
    expect(runCli(['status', '--repo', repo.dir, '--fail-on-unhealthy']).code).toBe(1);
    const healthy = await repoWithStatus('status', healthyReport);
    expect(runCli(['status', '--repo', healthy.dir, '--fail-on-unhealthy']).code).toBe(0);
    const empty = createGitRepo();
    empty.write('a.yaml', 'kind: ConfigMap\n');
    empty.commit('fleet');
    expect(runCli(['status', '--repo', empty.dir, '--fail-on-unhealthy']).code).toBe(1);
  });

  it('--watch re-reads the branch until stopped, appending each refresh when not on a terminal', async () => {
    const repo = await repoWithStatus();
    const child = spawn(process.execPath, [`${REPO_ROOT}bin/run.js`, 'status', '--repo', repo.dir, '--watch', '--interval', '1'], {
      env: { ...process.env, NO_COLOR: '1' },
    });
    let stdout = '';
    const refreshes = () => stdout.split(`Status of ${'a'.repeat(12)}`).length - 1;
    const ended = new Promise<NodeJS.Signals | null>((resolve) => child.on('exit', (_code, signal) => resolve(signal)));
    // Stopped once the second refresh is out, not after a fixed time.
    await new Promise<void>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => {
        stdout += chunk.toString('utf8');
        if (refreshes() >= 2) resolve();
      });
      child.on('exit', (code) => reject(new Error(`status --watch ended by itself (exit ${code}): ${stdout}`)));
    });
    child.kill('SIGINT');
    expect(await ended).toBe('SIGINT');
    expect(refreshes()).toBeGreaterThanOrEqual(2);
  }, 45_000);

  it('says so when there is no status branch yet, and exits 0', () => {
    const repo = createGitRepo();
    repo.write('a.yaml', 'kind: ConfigMap\n');
    repo.commit('fleet');
    const out = runCli(['status', '--repo', repo.dir]);
    expect(out.code).toBe(0);
    expect(out.stdout).toContain('No status branch "status" yet');
  });
});

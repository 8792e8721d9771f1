import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AgentReport } from '../../../src/model/index.ts';
import { openStatusStore, publishReport, readAgentReports } from '../../../src/status/index.ts';
import { createGitRepo, removeFixtures, runGitIn, tempDir } from '../../source/helpers/git-fixture.ts';
import { startGitHttpServer, type GitHttpServer } from '../../source/helpers/git-http-server.ts';

const report = (cluster: string, heartbeat: string): AgentReport => ({
  cluster,
  heartbeat,
  heartbeatSeconds: 60,
  holder: 'h',
  clusterStatus: { conditions: [{ type: 'Ready', status: 'True' }] },
  objects: [],
  pruned: [],
});

let server: GitHttpServer;
let root: string;

beforeAll(async () => {
  root = tempDir();
  server = await startGitHttpServer(root);
}, 60_000);

afterAll(async () => {
  await server.close();
  removeFixtures();
});

function fleet() {
  const repo = createGitRepo();
  repo.write('clusters.yaml', 'kind: Cluster\n');
  repo.commit('fleet');
  return repo;
}

describe('the hub reads its agents’ reports', () => {
  it('from a local repository: a report per agent branch, nothing for a member whose agent never reported, the field of a bad one', async () => {
    const repo = fleet();
    const store = await openStatusStore({ repo: repo.dir }, 'works', { fetch: false });
    await publishReport(store, report('edge-1', '2026-01-01T00:00:00.000Z'), new Date(0));
    await publishReport(store, report('edge-1', '2026-01-01T00:01:00.000Z'), new Date(60_000));
    repo.git('checkout', '-q', '--orphan', 'flotilla/agents/edge-3');
    repo.write('report.json', '{"cluster": "edge-3"}');
    repo.commit('hand-made');
    repo.git('checkout', '-q', 'main');
    const reads = await readAgentReports({ repo: repo.dir }, ['edge-1', 'edge-2', 'edge-3']);
    expect(reads.get('edge-1')?.report?.heartbeat).toBe('2026-01-01T00:01:00.000Z');
    expect(repo.git('rev-list', '--count', 'flotilla/agents/edge-1')).toBe('2');
    expect(reads.get('edge-2')).toEqual({});
    expect(reads.get('edge-3')?.report).toBeUndefined();
    expect(reads.get('edge-3')?.problem).toMatch(/^flotilla\/agents\/edge-3: report\.json: heartbeat: expected a string/);
  });

  it.each([
    [
      'an oversized report is not read, and its size is the reason',
      `{"cluster": "edge-9", "pad": "${'x'.repeat(4 * 1024 * 1024)}"}`,
      /^flotilla\/agents\/edge-9: report\.json is \d+ bytes, more than a report may have \(4194304\); not read$/,
    ],
    ['a report that is not JSON is refused without quoting it', 'SECRET-BYTES-{{{', /^flotilla\/agents\/edge-9: report\.json: not JSON$/],
    [
      'an absurd heartbeat interval is refused with the field named',
      JSON.stringify({ ...report('edge-9', '2026-01-01T00:00:00.000Z'), heartbeatSeconds: 1e308 }),
      /report\.json: heartbeatSeconds: 1e\+308 is more than 3600 \(one hour\)$/,
    ],
  ])('refuses a hostile report: %s', async (_name, content, problem) => {
    const repo = fleet();
    repo.git('checkout', '-q', '--orphan', 'flotilla/agents/edge-9');
    repo.write('report.json', content);
    repo.commit('hostile');
    repo.git('checkout', '-q', 'main');
    const read = (await readAgentReports({ repo: repo.dir }, ['edge-9'])).get('edge-9');
    expect(read?.report).toBeUndefined();
    expect(read?.problem).toMatch(problem);
    expect(read?.problem).not.toContain('SECRET');
  });

  it('from a remote: each agent pushes its own branch, and the hub fetches them', async () => {
    const source = fleet();
    const bare = path.join(root, `fleet-${Date.now()}.git`);
    runGitIn(root, ['clone', '-q', '--bare', source.dir, bare]);
    runGitIn(bare, ['config', 'http.receivepack', 'true']);
    const url = `${server.url}/${path.basename(bare)}`;
    for (const cluster of ['edge-1', 'edge-2']) {
      const target = await openStatusStore({ repo: url, cacheDir: tempDir() }, 'works', { fetch: false });
      await publishReport(target, report(cluster, '2026-01-01T00:00:00.000Z'), new Date(0));
    }
    expect(
      runGitIn(bare, ['branch', '--list', 'flotilla/agents/*'])
        .split('\n')
        .map((b) => b.trim()),
    ).toEqual(['flotilla/agents/edge-1', 'flotilla/agents/edge-2']);
    const reads = await readAgentReports({ repo: url, cacheDir: tempDir() }, ['edge-1', 'edge-2', 'edge-9']);
    expect([...reads].map(([c, r]) => [c, r.report?.cluster])).toEqual([
      ['edge-1', 'edge-1'],
      ['edge-2', 'edge-2'],
      ['edge-9', undefined],
    ]);
  });
});

// An agent and a hub over a remote fleet repository that needs a token, as a git host serves a
// private repository: the agent fetches the works branch and pushes its own branch with the
// credentials of FLOTILLA_GIT_TOKEN and FLOTILLA_GIT_USERNAME, and the hub reads its report back.
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { KubeObject } from '../../src/model/index.ts';
import { AgentRounds } from '../../src/agent/agent-round.ts';
import { openStatusStore, publishWorks, readAgentReports } from '../../src/status/index.ts';
import { FakeKubeClient } from '../fakes/kube-client.ts';
import { createGitRepo, removeFixtures, runGitIn, tempDir } from '../source/helpers/git-fixture.ts';
import { startGitHttpServer, type GitHttpServer } from '../source/helpers/git-http-server.ts';
import { edgeAgentOptions, edgeWorks } from './helpers.ts';

const TOKEN_HEADER = `Basic ${Buffer.from('agent-edge:s3cret').toString('base64')}`;
let server: GitHttpServer;
let url: string;

beforeAll(async () => {
  const source = createGitRepo();
  source.write('clusters.yaml', 'kind: Cluster\n');
  source.commit('fleet');
  const root = tempDir();
  const bare = path.join(root, 'fleet.git');
  runGitIn(root, ['clone', '-q', '--bare', source.dir, bare]);
  runGitIn(bare, ['config', 'http.receivepack', 'true']);
  server = await startGitHttpServer(root, TOKEN_HEADER);
  url = `${server.url}/fleet.git`;
}, 60_000);

afterAll(async () => {
  await server.close();
  removeFixtures();
});

afterEach(() => {
  vi.unstubAllEnvs();
});

const cm: KubeObject = {
  apiVersion: 'v1',
  kind: 'ConfigMap',
  metadata: {
    name: 'settings',
    namespace: 'shop',
    labels: { 'flotilla.io/managed-by': 'flotilla' },
    annotations: { 'flotilla.io/template': 'v1/ConfigMap/shop/settings' },
  },
  data: { k: 'v' },
};

describe('an agent over a remote that needs a token', () => {
  it('is refused without one, and with FLOTILLA_GIT_TOKEN applies the Work it fetched and pushes a report the hub reads', async () => {
    const auth = { username: 'agent-edge', token: 's3cret' };
    const written = await publishWorks(
      await openStatusStore({ repo: url, cacheDir: tempDir(), auth }, 'works'),
      edgeWorks('a'.repeat(40), [cm], { prune: { allowMassPrune: false } }),
      { branch: 'works', members: ['edge'], now: () => new Date(0) },
    );
    const member = new FakeKubeClient('edge');
    const agent = () => new AgentRounds(edgeAgentOptions({ repo: url, cacheDir: tempDir() }, member));
    await expect(agent().round(Date.now())).rejects.toThrow(/401/);
    expect(member.writes()).toEqual([]);

    vi.stubEnv('FLOTILLA_GIT_TOKEN', 's3cret');
    vi.stubEnv('FLOTILLA_GIT_USERNAME', 'agent-edge');
    server.authorizations.length = 0;
    const round = await agent().round(Date.now());
    expect(round).toMatchObject({ ok: true, reported: true, worksCommit: written.commit });
    expect([...member.objects.keys()].filter((k) => k.includes('ConfigMap/shop/settings'))).toHaveLength(1);
    expect(server.authorizations.length).toBeGreaterThan(0);
    expect(server.authorizations.every((a) => a === TOKEN_HEADER)).toBe(true);

    const reads = await readAgentReports({ repo: url, cacheDir: tempDir(), auth }, ['edge']);
    expect(reads.get('edge')?.report?.work?.blob).toBe(written.workBlobs.get('edge'));
  });
});

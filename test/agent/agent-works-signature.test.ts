// `agent --works-verify-key` over a real git repository and real ssh-keygen keys: the hub signs its
// works commits (`--works-signing-key`), the agent applies only those its key allows.
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { AgentRounds } from '../../src/agent/agent-round.ts';
import { sshCommitSigner } from '../../src/source/index.ts';
import type { CommitSigner } from '../../src/source/index.ts';
import { removeFixtures, tempDir } from '../source/helpers/git-fixture.ts';
import { sshKeyPair } from '../source/helpers/ssh-keys.ts';
import { edgeAgentOptions, edgeFleet, edgeReport, edgeWorks, hubConfigMap, publishEdgeWorks, T0 } from './helpers.ts';

afterAll(removeFixtures);

const hub = sshKeyPair('hub');
const other = sshKeyPair('other');

async function setup(verifyKey = hub.pub) {
  const { repo, source, member } = edgeFleet();
  const rounds = new AgentRounds({ ...edgeAgentOptions({ repo: repo.dir }, member), worksVerifyKey: verifyKey });
  const writeWork = (names: string[], sign?: CommitSigner) =>
    publishEdgeWorks(
      repo.dir,
      edgeWorks(
        source,
        names.map((name) => hubConfigMap(name)),
      ),
      sign,
    );
  const reportOf = () => edgeReport(repo);
  const names = () => [...member.objects.keys()].filter((k) => k.includes('ConfigMap/shop/')).sort();
  return { repo, member, rounds, writeWork, reportOf, names };
}

describe('agent --works-verify-key', () => {
  it('applies a works commit the hub signed, a signature git itself verifies', async () => {
    const { repo, rounds, writeWork, names } = await setup();
    const written = await writeWork(['a'], sshCommitSigner(hub.key));
    expect(repo.git('-c', `gpg.ssh.allowedSignersFile=${hub.allowedSigners}`, 'verify-commit', written.commit)).toBe('');
    expect(await rounds.round(T0)).toMatchObject({ ok: true, worksCommit: written.commit });
    expect(names()).toHaveLength(1);
  });

  it('accepts an allowed-signers file naming the hub key under any principal', async () => {
    const allowed = path.join(tempDir(), 'allowed_signers');
    writeFileSync(allowed, `# fleet hub\nflotilla-hub@example.com ${readFileSync(hub.pub, 'utf8')}`);
    const { rounds, writeWork, names } = await setup(allowed);
    await writeWork(['a'], sshCommitSigner(hub.key));
    expect(await rounds.round(T0)).toMatchObject({ ok: true });
    expect(names()).toHaveLength(1);
  });

  const refusals: [string, (s: Awaited<ReturnType<typeof setup>>) => Promise<void>, RegExp][] = [
    ['an unsigned commit', async ({ writeWork }) => void (await writeWork(['a'])), /the commit is not signed/],
    ['a commit signed by another key', async ({ writeWork }) => void (await writeWork(['a'], sshCommitSigner(other.key))), /signed by a key .* does not allow/],
    [
      'a signed commit whose content was changed, its signature kept',
      async ({ repo, writeWork }) => {
        const signed = await writeWork(['a'], sshCommitSigner(hub.key));
        const object = repo.git('cat-file', 'commit', signed.commit).replace('Works of', 'Works by hand of');
        const forged = execFileSync('git', ['hash-object', '-t', 'commit', '-w', '--stdin'], { cwd: repo.dir, input: `${object}\n`, encoding: 'utf8' }).trim();
        repo.git('update-ref', 'refs/heads/works', forged);
      },
      /does not match its content/,
    ],
  ];
  it.each(refusals)('refuses %s: applies nothing and says why in its report', async (_, write, reason) => {
    const s = await setup();
    await write(s);
    const result = await s.rounds.round(T0);
    expect(result.ok).toBe(false);
    expect(result.error).toMatch(/^refused the works commit [0-9a-f]{12}: /);
    expect(result.error).toMatch(reason);
    expect(s.member.writes()).toEqual([]);
    expect(s.reportOf().error).toBe(result.error);
  });

  it('still reports when a commit by hand drops its member from works.json: refused, not silenced', async () => {
    const { repo, rounds, writeWork, reportOf } = await setup();
    await writeWork(['a'], sshCommitSigner(hub.key));
    await rounds.round(T0);
    repo.git('checkout', '-q', 'works');
    repo.write('works.json', '{"clusters": []}\n');
    const hand = repo.commit('by hand');
    const result = await rounds.round(T0 + 1_000);
    expect(result).toMatchObject({ ok: false, reported: true, worksCommit: hand });
    expect(reportOf().error).toMatch(/^refused the works commit .*: the commit is not signed/);
  });

  it('refuses a commit pushed by hand on top of a signed one: nothing applied, nothing pruned', async () => {
    const { repo, member, rounds, writeWork, reportOf, names } = await setup();
    await writeWork(['a', 'b'], sshCommitSigner(hub.key));
    expect(await rounds.round(T0)).toMatchObject({ ok: true });
    const writes = member.writes().length;
    // By hand: b dropped from work.json (a prune), committed on top of the hub's signed commit.
    repo.git('checkout', '-q', 'works');
    const work = JSON.parse(repo.git('show', 'works:edge/work.json')) as { objects: { manifest: string }[] };
    repo.write('edge/work.json', `${JSON.stringify({ ...work, objects: work.objects.slice(0, 1) })}\n`);
    const hand = repo.commit('by hand');
    const result = await rounds.round(T0 + 1_000);
    expect(result).toMatchObject({ ok: false, worksCommit: hand });
    expect(result.error).toMatch(/the commit is not signed/);
    expect(member.writes().length).toBe(writes);
    expect(names()).toHaveLength(2);
    expect(reportOf().error).toBe(result.error);
    // The hub writes a signed commit again: applied.
    repo.git('checkout', '-q', 'main');
    await writeWork(['a'], sshCommitSigner(hub.key));
    expect(await rounds.round(T0 + 2_000)).toMatchObject({ ok: true });
    expect(names()).toHaveLength(1);
  });
});

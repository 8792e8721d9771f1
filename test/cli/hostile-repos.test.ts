import { afterAll, describe, expect, it } from 'vitest';
import { createGitRepo, removeFixtures } from '../source/helpers/git-fixture.ts';
import { CLUSTER, GOOD, HOSTILE, PIN, POLICY } from '../fixtures/hostile-repos.ts';
import { runCli } from './run-cli.ts';

afterAll(removeFixtures);

describe('hostile repositories through validate and plan --offline', { timeout: 120_000 }, () => {
  it.each(HOSTILE)('%s is refused with its file named, the rest planned', (_name, file, content, message) => {
    const repo = createGitRepo();
    repo.write('cluster.yaml', CLUSTER);
    repo.write('policy.yaml', POLICY);
    repo.write('good.yaml', GOOD);
    repo.write(file, content());
    repo.commit('hostile');

    for (const args of [['validate'], ['plan', '--offline']]) {
      const started = Date.now();
      const out = runCli([...args, '--repo', repo.dir]);
      const elapsed = Date.now() - started;
      const all = `${out.stdout}${out.stderr}`;
      expect(elapsed, `${args[0]} took ${elapsed} ms`).toBeLessThan(15_000);
      expect(out.code, all).toBe(1);
      const line = all.split('\n').find((l) => l.startsWith(`${file}:`));
      expect(line, all).toMatch(message);
      expect(line).toMatch(/: error: /);
      expect(all).not.toContain(PIN);
      if (args[0] === 'plan') expect(all).toContain('ConfigMap/default/good');
    }
  });
});

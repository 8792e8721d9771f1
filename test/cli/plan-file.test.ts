import { cpSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createGitRepo, removeFixtures, tempDir } from '../source/helpers/git-fixture.ts';
import { REPO_ROOT, runCli } from './run-cli.ts';

afterAll(removeFixtures);

describe('plan --plan-file, apply --plan-file', { timeout: 120_000 }, () => {
  it('writes the plan, and apply refuses it with exit 1 once the ref has moved on', () => {
    const repo = createGitRepo();
    cpSync(join(REPO_ROOT, 'examples/repo'), repo.dir, { recursive: true });
    const planned = repo.commit('examples/repo');
    const file = join(tempDir('flotilla-plan-'), 'fleet.plan');
    const plan = runCli(['plan', '--offline', '--repo', repo.dir, '--plan-file', file, '-o', 'json']);
    expect(plan.code).toBe(0);
    expect(plan.stderr).toContain(`wrote the plan of ${planned.slice(0, 12)} to ${file}`);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const saved = JSON.parse(readFileSync(file, 'utf8'));
    expect(saved).toMatchObject({ formatVersion: 1, source: { commit: planned, ref: 'HEAD' }, base: null, state: { kind: 'offline' } });
    expect(Object.keys(saved.works)).toEqual(['member1', 'member2', 'member3']);

    repo.write('apps/shop/extra.yaml', 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: extra\n  namespace: shop\n');
    const moved = repo.commit('moved on');
    const apply = runCli(['apply', '--repo', repo.dir, '--plan-file', file, '--kubeconfig', join(repo.dir, 'no-kubeconfig')]);
    expect(apply.code).toBe(1);
    expect(apply.stderr).toContain(`saved plan ${file} is stale, nothing was applied`);
    expect(apply.stderr).toContain(`the source moved on: HEAD is now at ${moved.slice(0, 12)}, the plan was computed at ${planned.slice(0, 12)}`);
    expect(apply.stdout).toBe('');
  });

  it('--base plans record the base too', () => {
    const repo = createGitRepo();
    cpSync(join(REPO_ROOT, 'examples/repo'), repo.dir, { recursive: true });
    const base = repo.commit('examples/repo');
    repo.commit('empty');
    const file = join(tempDir('flotilla-plan-'), 'fleet.plan');
    expect(runCli(['plan', '--offline', '--repo', repo.dir, '--base', 'HEAD~1', '--plan-file', file, '-o', 'markdown']).code).toBe(0);
    expect(JSON.parse(readFileSync(file, 'utf8')).base).toEqual({ ref: 'HEAD~1', commit: base });
  });

  it('apply refuses a file that is not a plan, with exit 1', () => {
    const file = join(tempDir('flotilla-plan-'), 'fleet.plan');
    writeFileSync(file, 'terraform plan');
    const apply = runCli(['apply', '--plan-file', file]);
    expect(apply.code).toBe(1);
    expect(apply.stderr).toContain(`plan file ${file}: not JSON`);
  });
});

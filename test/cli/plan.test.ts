import { cpSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createGitRepo, removeFixtures, tempDir } from '../source/helpers/git-fixture.ts';
import { golden } from './golden.ts';
import { REPO_ROOT, runCli } from './run-cli.ts';

/** examples/repo as its own repository with a fixed identity and clock: a stable commit id. */
function exampleRepo() {
  const repo = createGitRepo();
  cpSync(join(REPO_ROOT, 'examples/repo'), repo.dir, { recursive: true });
  repo.commit('examples/repo');
  return repo;
}

function listFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? listFiles(path) : [path];
  });
}

afterAll(removeFixtures);

describe('plan --offline on examples/repo', { timeout: 120_000 }, () => {
  const repo = exampleRepo();

  it('prints the golden JSON plan', () => {
    const out = runCli(['plan', '--offline', '--repo', repo.dir, '-o', 'json']);
    expect(out.stderr).toBe('');
    expect(out.code).toBe(0);
    golden('plan-offline.json', out.stdout.replaceAll(repo.dir, '<repo>'));
  });

  it('writes the golden rendered tree with --out-dir', () => {
    const dir = tempDir('flotilla-out-');
    const out = runCli(['plan', '--offline', '--repo', repo.dir, '--out-dir', dir, '-o', 'json']);
    expect(out.code).toBe(0);
    const files = listFiles(dir).sort();
    expect(files.length).toBeGreaterThan(30);
    const tree = files.map((f) => `# ${relative(dir, f)}\n${readFileSync(f, 'utf8')}`).join('');
    golden('works.yaml', tree);
    const modes = files.map((f) => [relative(dir, f).includes('core.Secret.') ? 'Secret' : 'other', (statSync(f).mode & 0o777).toString(8)]);
    expect(new Set(modes.filter(([kind]) => kind === 'Secret').map(([, mode]) => mode))).toEqual(new Set(['600']));
    expect(new Set(modes.filter(([kind]) => kind === 'other').map(([, mode]) => mode))).not.toContain('600');
  });

  it('masks Secret values in JSON unless --show-secrets', () => {
    const masked = JSON.parse(runCli(['plan', '--offline', '--repo', repo.dir, '-o', 'json']).stdout);
    const secret = masked.works.member1.find((o: { kind: string }) => o.kind === 'Secret');
    expect(secret.stringData).toEqual({ password: '***' });
    const shown = JSON.parse(runCli(['plan', '--offline', '--repo', repo.dir, '-o', 'json', '--show-secrets']).stdout);
    expect(shown.works.member1.find((o: { kind: string }) => o.kind === 'Secret').stringData).toEqual({ password: 'not-a-real-password' });
  });

  it('summarises each cluster in text', () => {
    const out = runCli(['plan', '--offline', '--repo', repo.dir]);
    expect(out.code).toBe(0);
    expect(out.stdout).toContain('Deployment/shop/web  PropagationPolicy/shop/web  6 replicas → member1: 4, member2: 2');
    expect(out.stdout).toMatch(/Plan: 3 clusters, \d+ objects; 0 errors, 0 warnings\./);
  });
});

describe("plan --offline on the shape of Karmada's samples/nginx (no metadata.namespace anywhere)", { timeout: 120_000 }, () => {
  const repo = createGitRepo();
  cpSync(join(REPO_ROOT, 'test/cli/fixtures/karmada-nginx'), repo.dir, { recursive: true });
  repo.commit('samples/nginx');

  it('prints the golden JSON plan, the OverridePolicy applied in default', () => {
    const out = runCli(['plan', '--offline', '--repo', repo.dir, '-o', 'json']);
    expect(out.code).toBe(0);
    golden('karmada-nginx-plan.json', out.stdout.replaceAll(repo.dir, '<repo>'));
    const member1 = JSON.parse(out.stdout).works.member1.find((o: { kind: string }) => o.kind === 'Deployment');
    expect(member1.spec.template.spec.containers[0].image).toBe('registry.member1.example/nginx');
    expect(member1.metadata.labels.env).toBe('member1');
  });
});

describe('plan --base', { timeout: 120_000 }, () => {
  function twoCommits() {
    const repo = exampleRepo();
    const web = join(repo.dir, 'apps/shop/web.yaml');
    writeFileSync(web, readFileSync(web, 'utf8').replace('replicas: 6', 'replicas: 9'));
    const secret = join(repo.dir, 'apps/shop/web-config.yaml');
    writeFileSync(secret, readFileSync(secret, 'utf8').replace('not-a-real-password', 'rotated-password'));
    rmSync(join(repo.dir, 'apps/data/nightly-report.yaml'));
    repo.commit('scale web, rotate the password, drop the batch jobs');
    return repo;
  }
  const repo = twoCommits();

  it('shows replica moves, masked secret changes and removals per cluster', () => {
    const out = runCli(['plan', '--offline', '--repo', repo.dir, '--base', 'HEAD~1', '-o', 'json']);
    expect(out.code).toBe(0);
    const doc = JSON.parse(out.stdout);
    const find = (cluster: string, kind: string, name: string) =>
      doc.changes[cluster].find((c: { kind: string; name: string }) => c.kind === kind && c.name === name);
    expect(find('member1', 'Deployment', 'web').action).toBe('update');
    expect(find('member1', 'Deployment', 'web').diff).toContain('-  replicas: 4\n+  replicas: 6');
    expect(find('member1', 'Secret', 'web-db').diff).toContain('+  password: "*** (after)"');
    expect(find('member1', 'Secret', 'web-db').diff).not.toContain('rotated-password');
    expect(find('member3', 'Job', 'nightly-report').action).toBe('delete');
    expect(find('member1', 'Service', 'web').action).toBe('unchanged');
  });

  it.each([
    ['changes exit 2', 'HEAD~1', 2],
    ['no changes exit 0', 'HEAD', 0],
  ])('--detailed-exitcode: %s', (_name, base, code) => {
    expect(runCli(['plan', '--offline', '--repo', repo.dir, '--base', base, '--detailed-exitcode', '-o', 'json']).code).toBe(code);
  });
});

describe('exit codes and diagnostics', { timeout: 120_000 }, () => {
  it('exits 1 and still prints the plan for everything else when a file is invalid', () => {
    const repo = exampleRepo();
    repo.write(
      'apps/broken.yaml',
      'apiVersion: policy.karmada.io/v1alpha1\nkind: PropagationPolicy\nmetadata:\n  name: broken\n  namespace: shop\nspec:\n  resourceSelectors:\n    - apiVersion: v1\n      kind: ConfigMap\n  placement:\n    replicaScheduling:\n      replicaSchedulingType: Divded\n',
    );
    repo.commit('broken policy');
    const out = runCli(['plan', '--offline', '--repo', repo.dir, '-o', 'json']);
    expect(out.code).toBe(1);
    const doc = JSON.parse(out.stdout);
    expect(doc.diagnostics).toEqual([
      expect.objectContaining({
        file: 'apps/broken.yaml',
        line: 12,
        column: 7,
        severity: 'error',
        field: 'spec.placement.replicaScheduling.replicaSchedulingType',
      }),
    ]);
    expect(doc.bindings.find((b: { resource: { name: string } }) => b.resource.name === 'web').clusters).toHaveLength(2);
  });

  it('validate prints file:line:col diagnostics and exits 1', () => {
    const repo = createGitRepo();
    repo.write('a.yaml', 'apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: Bad_Name\n');
    repo.commit('bad');
    const out = runCli(['validate', '--repo', repo.dir]);
    expect(out.code).toBe(1);
    expect(out.stdout).toMatch(/^a\.yaml:4:3: error: Deployment\/Bad_Name: metadata\.name: /m);
  });

  it('validate is clean on examples/repo', () => {
    const out = runCli(['validate', '--repo', exampleRepo().dir]);
    expect(out.code).toBe(0);
    expect(out.stdout).toContain('valid (0 errors, 0 warnings)');
  });
});

describe('init', { timeout: 120_000 }, () => {
  it('scaffolds a repository that validates and plans', () => {
    const dir = join(tempDir('flotilla-init-'), 'fleet');
    expect(runCli(['init', dir]).code).toBe(0);
    expect(runCli(['validate', '--repo', dir]).code).toBe(0);
    const plan = JSON.parse(runCli(['plan', '--offline', '--repo', dir, '-o', 'json']).stdout);
    expect(Object.keys(plan.works)).toEqual(['production', 'staging']);
    expect(plan.works.production.map((o: { kind: string }) => o.kind)).toEqual(['Namespace', 'Service', 'Deployment']);
  });

  it('refuses a folder that is not empty', () => {
    const dir = tempDir('flotilla-init-');
    writeFileSync(join(dir, 'keep.txt'), 'mine');
    const out = runCli(['init', dir]);
    expect(out.code).toBe(1);
    expect(out.stderr).toContain('is not empty');
    expect(readFileSync(join(dir, 'keep.txt'), 'utf8')).toBe('mine');
  });
});

describe('plan text: prune wording', () => {
  it('says when the deletions it shows would not be pruned by apply', async () => {
    const { planText } = await import('../../src/cli/output/plan-text.ts');
    const doc = {
      source: { repo: 'r', ref: 'HEAD', commit: 'c'.repeat(40), path: '' },
      clusters: [],
      bindings: [],
      diagnostics: [],
      works: { member1: [] },
      changes: { member1: [{ action: 'delete' as const, apiVersion: 'v1', kind: 'ConfigMap', namespace: 'ns', name: 'old', diff: '' }] },
    };
    const plain = (_f: unknown, t: string) => t;
    expect(planText(doc, plain, { diffs: false, pruneOff: true })).toContain('deletes the 1 object(s) marked - only with --prune');
    expect(planText(doc, plain, { diffs: false, pruneOff: false })).not.toContain('Prune is off');
  });
});

import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createGitRepo, removeFixtures } from '../source/helpers/git-fixture.ts';
import { REPO_ROOT, runCli } from './run-cli.ts';
import { wellFormed } from './markdown-shape.ts';

const GOLDEN = join(REPO_ROOT, 'test/golden/markdown');
const UPDATE = process.env['UPDATE_GOLDEN'] === '1';

function golden(name: string, actual: string): void {
  const path = join(GOLDEN, name);
  if (UPDATE || !existsSync(path)) {
    mkdirSync(GOLDEN, { recursive: true });
    writeFileSync(path, actual);
  }
  expect(actual, `golden markdown/${name} (refresh with UPDATE_GOLDEN=1 and review the diff)`).toBe(readFileSync(path, 'utf8'));
}

const CART = `apiVersion: apps/v1
kind: Deployment
metadata:
  name: cart
  namespace: shop
  labels:
    app: cart
spec:
  replicas: 4
  selector:
    matchLabels:
      app: cart
  template:
    metadata:
      labels:
        app: cart
    spec:
      containers:
        - name: cart
          image: registry.example.com/shop/cart:0.1.0
---
apiVersion: policy.karmada.io/v1alpha1
kind: PropagationPolicy
metadata:
  name: cart
  namespace: shop
spec:
  resourceSelectors:
    - apiVersion: apps/v1
      kind: Deployment
      name: cart
  placement:
    clusterAffinity:
      clusterNames: [member1, member2]
    replicaScheduling:
      replicaSchedulingType: Divided
      replicaDivisionPreference: Weighted
`;

/**
 * examples/repo, then one commit per kind of change, with a fixed identity and clock:
 * HEAD~4 the example, HEAD~3 a new app (added), HEAD~2 a new image and a rotated password
 * (changed, secrets), HEAD~1 new weights (replica moves), HEAD a removed file (removed).
 */
function history() {
  const repo = createGitRepo();
  cpSync(join(REPO_ROOT, 'examples/repo'), repo.dir, { recursive: true });
  repo.commit('examples/repo');
  repo.write('apps/shop/cart.yaml', CART);
  repo.commit('add the cart service');
  const edit = (file: string, from: string, to: string) => {
    const path = join(repo.dir, file);
    const text = readFileSync(path, 'utf8');
    expect(text).toContain(from);
    writeFileSync(path, text.replace(from, to));
  };
  edit('apps/shop/web.yaml', 'shop/web:1.8.2', 'shop/web:1.9.0');
  edit('apps/shop/web-config.yaml', 'password: not-a-real-password', 'password: rotated-password-value');
  repo.commit('web 1.9.0, rotate the database password');
  edit('policies/shop.yaml', 'clusterNames: [member1]\n            weight: 2', 'clusterNames: [member1]\n            weight: 1');
  repo.commit('web: even split');
  rmSync(join(repo.dir, 'apps/data/nightly-report.yaml'));
  repo.commit('drop the batch jobs');
  return repo;
}

afterAll(removeFixtures);

describe('plan -o markdown on examples/repo', { timeout: 180_000 }, () => {
  const repo = history();
  const plan = (...args: string[]) => {
    const out = runCli(['plan', '--offline', '--repo', repo.dir, '-o', 'markdown', ...args]);
    expect(out.stderr).toBe('');
    wellFormed(out.stdout);
    expect(out.stdout).not.toContain('rotated-password-value');
    expect(out.stdout).not.toContain('not-a-real-password');
    return out;
  };

  it.each([
    ['added.md', 'HEAD~4', 'HEAD~3'],
    ['changed.md', 'HEAD~3', 'HEAD~2'],
    ['moves.md', 'HEAD~2', 'HEAD~1'],
    ['removed.md', 'HEAD~1', 'HEAD'],
    ['pull-request.md', 'HEAD~4', 'HEAD'],
  ])('%s: --base %s --ref %s', (name, base, ref) => {
    const out = plan('--base', base, '--ref', ref, '--detailed-exitcode');
    expect(out.code).toBe(2);
    golden(name, out.stdout);
  });

  it('says what moves in words, per template and per cluster', () => {
    const out = plan('--base', 'HEAD~2', '--ref', 'HEAD~1');
    expect(out.stdout).toContain('- `Deployment/shop/web`: member1 4→3, member2 2→3\n');
    expect(out.stdout).toContain('| member1 | yes | 25 | 0 | 1 | 0 | −1 |');
    expect(out.stdout).toContain('<summary><b>member2</b>: 1 changed · replicas +1</summary>');
  });

  it('shows a rotated password as changed, masked', () => {
    const out = plan('--base', 'HEAD~3', '--ref', 'HEAD~2');
    expect(out.stdout).toContain('-  password: "*** (before)"\n+  password: "*** (after)"');
  });

  it('says so when nothing changes, and exits 0', () => {
    const out = plan('--base', 'HEAD', '--detailed-exitcode');
    expect(out.code).toBe(0);
    golden('no-changes.md', out.stdout);
  });

  it("lists each cluster's Work without --base", () => {
    const out = plan('--ref', 'HEAD~4');
    expect(out.code).toBe(0);
    golden('work.md', out.stdout);
  });

  it('shortens diffs to a limit, with a note, and keeps the table whole', () => {
    const out = plan('--base', 'HEAD~4', '--markdown-limit', '5000');
    expect([...out.stdout].length).toBeLessThanOrEqual(5000);
    expect(out.stdout).toContain('> [!WARNING]\n> Shortened to stay within the limit of 5,000 characters:');
    expect(out.stdout).toContain('| member3 | yes |');
    golden('shortened.md', out.stdout);
  });

  it('takes the step-summary limit and none, and refuses a bad one with exit 1', () => {
    const full = plan('--base', 'HEAD~4', '--markdown-limit', 'none').stdout;
    expect(plan('--base', 'HEAD~4', '--markdown-limit', 'step-summary').stdout).toBe(full);
    const bad = runCli(['plan', '--offline', '--repo', repo.dir, '-o', 'markdown', '--markdown-limit', 'huge']);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('--markdown-limit: expected');
  });
});

describe('exit codes', { timeout: 120_000 }, () => {
  it('a usage error exits 1, never 2 (which --detailed-exitcode gives to changes)', () => {
    expect(runCli(['plan', '--offline', '--no-such-flag', '--detailed-exitcode']).code).toBe(1);
    expect(runCli(['plan', '--offline', '-o', 'html', '--detailed-exitcode']).code).toBe(1);
    expect(runCli(['validate', 'extra-argument']).code).toBe(1);
  });

  it('an error diagnostic exits 1 with --detailed-exitcode, even when there are changes', () => {
    const repo = createGitRepo();
    cpSync(join(REPO_ROOT, 'examples/repo'), repo.dir, { recursive: true });
    repo.commit('examples/repo');
    repo.write('apps/broken.yaml', 'apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: Bad_Name\n');
    repo.commit('broken');
    const out = runCli(['plan', '--offline', '--repo', repo.dir, '--base', 'HEAD~1', '-o', 'markdown', '--detailed-exitcode']);
    expect(out.code).toBe(1);
    expect(out.stdout).toContain('**❌ 1 error, 0 warnings**');
    expect(out.stdout).toContain('- **error** `apps/broken.yaml:4:3`: Deployment/Bad_Name: metadata.name: Invalid value:');
  });
});

import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { REPO_ROOT, runCli } from './run-cli.ts';

function scaffold(): string {
  const dir = join(mkdtempSync(join(tmpdir(), 'flotilla-habits-')), 'fleet');
  expect(runCli(['init', dir]).code).toBe(0);
  return dir;
}

describe('kubectl and terraform habits', () => {
  it.each([['validate'], ['plan'], ['apply'], ['run'], ['status'], ['interpret'], ['init']])('%s -h prints its help', (command) => {
    const out = runCli([command, '-h']);
    expect(out.code).toBe(0);
    expect(out.stdout).toContain('USAGE');
    expect(out.stdout).toContain(`flotilla ${command}`);
  });

  it('flotilla help plan is the help of plan', () => {
    const out = runCli(['help', 'plan']);
    expect(out.code).toBe(0);
    expect(out.stdout).toContain('--offline');
  });

  it('suggests the command meant, without prompting', () => {
    const out = runCli(['pln']);
    expect(out.code).toBe(1);
    expect(out.stderr).toContain('"pln" is not a flotilla command. Did you mean "plan"?');
  });

  it('says nothing is close when nothing is', () => {
    const out = runCli(['frobnicate']);
    expect(out.code).toBe(1);
    expect(out.stderr).toContain('"frobnicate" is not a flotilla command.');
    expect(out.stderr).not.toContain('Did you mean');
  });

  it.each([[['version']], [['--version']]])('%j prints the version', (args) => {
    const out = runCli(args);
    expect(out.code).toBe(0);
    expect(out.stdout).toMatch(/^flotilla\/\d+\.\d+\.\d+ /);
  });

  it('offers shell completion', () => {
    const out = runCli(['autocomplete', 'bash']);
    expect(out.code).toBe(0);
    expect(out.stdout).toContain('flotilla');
  });

  it.each([['validate'], ['status'], ['init']])('%s takes no --kubeconfig: it never connects', (command) => {
    const out = runCli([command, '--kubeconfig', 'x']);
    expect(out.code).not.toBe(0);
    expect(out.stderr).toContain('Nonexistent flag: --kubeconfig');
  });

  it('explains a folder that is not a git repository, without class names', () => {
    const dir = mkdtempSync(join(tmpdir(), 'flotilla-nogit-'));
    const out = runCli(['validate', '--repo', dir]);
    expect(out.code).toBe(1);
    expect(out.stderr).toContain('is not inside a git repository');
    expect(out.stderr).toContain('git init');
    expect(out.stderr).not.toMatch(/NotAGitRepository|Caused by|at .*\.js/);
  });

  it('names a missing file without a stack', () => {
    const out = runCli(['interpret', '--operation', 'InterpretHealth', '--observed-file', '/nonexistent/object.yaml']);
    expect(out.code).toBe(1);
    expect(out.stderr).toContain('/nonexistent/object.yaml');
    expect(out.stderr).not.toMatch(/Caused by|ENOENT:.*\n\s+at /);
  });

  it('validate -o yaml is the JSON document as YAML', () => {
    const dir = scaffold();
    const json = JSON.parse(runCli(['validate', '--repo', dir, '-o', 'json']).stdout) as unknown;
    expect(parse(runCli(['validate', '--repo', dir, '-o', 'yaml']).stdout)).toEqual(json);
  });

  it('a new repository from init validates with no warning', () => {
    const out = JSON.parse(runCli(['validate', '--repo', scaffold(), '-o', 'json']).stdout) as { valid: boolean; diagnostics: unknown[] };
    expect(out).toMatchObject({ valid: true, diagnostics: [] });
  });

  it('says which commit it reads when files under the fleet are not committed', () => {
    const dir = scaffold();
    writeFileSync(join(dir, 'apps', 'extra.yaml'), 'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: extra}\n');
    const text = runCli(['validate', '--repo', dir]);
    expect(text.stderr).toMatch(/warning: 1 uncommitted file under the repository \(apps\/extra\.yaml\); reading commit [0-9a-f]{7}: commit them/);
    expect(text.stdout).not.toContain('uncommitted');
    const json = JSON.parse(runCli(['plan', '--offline', '--repo', dir, '-o', 'json']).stdout) as { diagnostics: { severity: string; message: string }[] };
    expect(json.diagnostics).toContainEqual(expect.objectContaining({ severity: 'warning', message: expect.stringContaining('1 uncommitted file') }));
    expect(runCli(['validate', '--repo', dir, '--ref', 'HEAD']).stderr).not.toContain('uncommitted');
  });

  it('refuses plan --offline --detailed-exitcode without --base, which could only exit 0', () => {
    const out = runCli(['plan', '--offline', '--detailed-exitcode', '--repo', scaffold()]);
    expect(out.code).toBe(1);
    expect(out.stderr).toContain('needs --base REF');
  });

  const oldNode = spawnSync('/usr/bin/node', ['--version'], { encoding: 'utf8' }).stdout?.trim();
  it.runIf(oldNode !== undefined && /^v(1\d|2[01])\./.test(oldNode))('says clearly that Node older than 22 is too old', () => {
    const out = spawnSync('/usr/bin/node', [join(REPO_ROOT, 'bin/run.js'), '--version'], { encoding: 'utf8' });
    expect(out.status).toBe(1);
    expect(out.stderr).toContain('flotilla needs Node.js 22 or newer');
    expect(out.stderr).not.toContain('SyntaxError');
  });
});

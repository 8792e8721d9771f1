import { afterAll, describe, expect, it } from 'vitest';
import { escapeData, escapeProperty, githubAnnotation } from '../../src/cli/output/github-annotations.ts';
import { createGitRepo, removeFixtures } from '../source/helpers/git-fixture.ts';
import { runCli } from './run-cli.ts';

afterAll(removeFixtures);

describe('GitHub workflow-command escaping', () => {
  it('escapes %, CR and LF in the message, and also : and , in properties', () => {
    expect(escapeData('100% done\r\nnext: a, b')).toBe('100%25 done%0D%0Anext: a, b');
    expect(escapeProperty('apps/a,b:c%.yaml\n')).toBe('apps/a%2Cb%3Ac%25.yaml%0A');
  });

  it('escapes % first, so an escape sequence in the text stays literal', () => {
    expect(escapeData('%0A')).toBe('%250A');
  });

  it('names file, line, col and the object as title', () => {
    expect(
      githubAnnotation({ file: 'apps/web.yaml', line: 12, column: 7, severity: 'error', object: 'PropagationPolicy/shop/web', message: 'spec: bad, very' }),
    ).toBe('::error file=apps/web.yaml,line=12,col=7,title=PropagationPolicy/shop/web::spec: bad, very');
  });

  it('leaves out what is unknown', () => {
    expect(githubAnnotation({ file: '', line: 0, column: 0, severity: 'warning', message: 'no file' })).toBe('::warning::no file');
    expect(githubAnnotation({ file: 'a.yaml', line: 0, column: 0, severity: 'error', message: 'whole file' })).toBe('::error file=a.yaml::whole file');
  });
});

describe('validate -o github', { timeout: 120_000 }, () => {
  it('prints one annotation per diagnostic, errors and warnings, and exits 1 on errors', () => {
    const repo = createGitRepo();
    repo.write('apps/a,b:c.yaml', 'apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: Bad_Name\n');
    repo.write('ok.yaml', 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: ok\n');
    repo.symlink('link.yaml', 'ok.yaml');
    repo.commit('bad');
    const out = runCli(['validate', '--repo', repo.dir, '-o', 'github']);
    expect(out.code).toBe(1);
    const lines = out.stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(4);
    expect(lines[0]).toMatch(
      /^::error file=apps\/a%2Cb%3Ac\.yaml,line=4,col=3,title=Deployment\/Bad_Name::Deployment\/Bad_Name: metadata\.name: Invalid value: "Bad_Name": /,
    );
    expect(lines[1]).toBe('::warning file=link.yaml,line=1,col=1::symlink not followed: commit the file itself, or exclude it in flotilla.yaml');
    expect(lines[2]).toBe(
      '::warning file=ok.yaml,line=1,col=1,title=ConfigMap/default/ok::ConfigMap/default/ok: no PropagationPolicy or ClusterPropagationPolicy selects it, so it is propagated nowhere',
    );
    expect(lines[3]).toMatch(/^2 files, 2 objects at [0-9a-f]{12}: invalid \(1 error, 2 warnings\)$/);
  });

  it('exits 0 with warnings only, and prints text and JSON as before', () => {
    const repo = createGitRepo();
    repo.write('ok.yaml', 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: ok\n');
    repo.symlink('link.yaml', 'ok.yaml');
    repo.commit('warn');
    const github = runCli(['validate', '--repo', repo.dir, '-o', 'github']);
    expect(github.code).toBe(0);
    expect(github.stdout).toContain('::warning file=link.yaml,line=1,col=1::symlink not followed');
    const text = runCli(['validate', '--repo', repo.dir]);
    expect(text.code).toBe(0);
    expect(text.stdout).toContain('link.yaml:1:1: warning: symlink not followed');
    const json = runCli(['validate', '--repo', repo.dir, '-o', 'json']);
    expect(JSON.parse(json.stdout)).toMatchObject({
      valid: true,
      diagnostics: [
        { file: 'link.yaml', severity: 'warning' },
        { file: 'ok.yaml', severity: 'warning', object: 'ConfigMap/default/ok' },
      ],
    });
  });
});

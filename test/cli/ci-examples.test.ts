import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { COMMANDS } from '../../src/cli/commands.ts';
import { REPO_ROOT } from './run-cli.ts';

/** Every `flotilla <command> …` line of a CI file, with the flags it passes. */
function invocations(text: string): { command: string; flags: string[] }[] {
  const out: { command: string; flags: string[] }[] = [];
  for (const match of text.matchAll(/\bflotilla (validate|plan|apply|status|run)\b([^\n|;&>]*)/g)) {
    const flags = [...match[2]!.matchAll(/(?:^|\s)(--?[a-z][a-z-]*)/g)].map((m) => m[1]!);
    out.push({ command: match[1]!, flags });
  }
  return out;
}

async function knownFlags(command: string): Promise<Set<string>> {
  const flags = (await COMMANDS[command as keyof typeof COMMANDS].load()).flags;
  return new Set(Object.entries(flags).flatMap(([name, f]) => [`--${name}`, ...(f.char ? [`-${f.char}`] : [])]));
}

function runLines(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(runLines);
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([k, v]) =>
      k === 'run' || k === 'script' || k === 'before_script' ? runLines(v) : runLines(typeof v === 'object' ? v : undefined),
    );
  return [];
}

describe.each([['examples/ci/github-actions.yml'], ['examples/ci/gitlab-ci.yml']])('%s', (file) => {
  const text = readFileSync(join(REPO_ROOT, file), 'utf8');
  const doc = parse(text) as Record<string, unknown>;
  const commands = runLines(doc).join('\n');

  it('is YAML whose flotilla commands use only flags the CLI has', async () => {
    const calls = invocations(commands);
    expect(calls.map((c) => c.command)).toEqual(expect.arrayContaining(['validate', 'plan', 'apply']));
    for (const call of calls) {
      const known = await knownFlags(call.command);
      for (const flag of call.flags) expect(known.has(flag), `flotilla ${call.command} ${flag}`).toBe(true);
    }
  });

  it('installs the vendored tarball after checking its checksum, never a registry package name', () => {
    const variables = (doc['env'] ?? doc['variables']) as Record<string, string>;
    expect(variables['FLOTILLA_PACKAGE']).toBe('./vendor/flotilla.tgz');
    expect(text).not.toMatch(/\bflotilla@\d/);
    const installs = commands.split('\n').filter((l) => l.includes('npm install'));
    expect(installs.length).toBeGreaterThan(0);
    for (const line of installs) expect(line).toContain('"$FLOTILLA_PACKAGE"');
    const check = commands.indexOf('sha256sum --check vendor/flotilla.tgz.sha256');
    expect(check).toBeGreaterThanOrEqual(0);
    expect(check).toBeLessThan(commands.indexOf('npm install'));
  });

  it('plans offline with markdown, saves the plan and applies exactly it with commit statuses', () => {
    expect(commands).toMatch(/flotilla plan --offline --base "[^"]+" -o markdown/);
    expect(commands).toMatch(/flotilla plan --offline --plan-file fleet\.plan/);
    expect(commands).toMatch(/flotilla apply [^\n]*--plan-file fleet\.plan[^\n]*--commit-status (github|gitlab)/);
  });
});

describe('the GitHub workflow', () => {
  const doc = parse(readFileSync(join(REPO_ROOT, 'examples/ci/github-actions.yml'), 'utf8')) as {
    jobs: Record<string, { needs?: string; permissions?: Record<string, string>; steps: { run?: string; uses?: string }[] }>;
  };

  it('annotates, posts the plan to the step summary and the pull request, and keeps credentials to the apply job', () => {
    const steps = (job: string) => doc.jobs[job]!.steps.map((s) => s.run ?? s.uses ?? '').join('\n');
    expect(steps('validate')).toContain('flotilla validate -o github');
    expect(steps('plan')).toContain('$GITHUB_STEP_SUMMARY');
    expect(steps('plan')).toContain('actions/github-script');
    expect(steps('plan')).toContain('--base "origin/$BASE_REF"');
    expect(doc.jobs['plan']!.permissions).toEqual({ contents: 'read', 'pull-requests': 'write' });
    expect(doc.jobs['apply']!.permissions).toEqual({ contents: 'write', statuses: 'write' });
    for (const [name, job] of Object.entries(doc.jobs)) {
      if (name !== 'apply') expect(JSON.stringify(job)).not.toContain('secrets.');
      if (job.needs) expect(Object.keys(doc.jobs)).toContain(job.needs);
    }
  });
});

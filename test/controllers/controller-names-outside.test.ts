// "Nothing about one controller outside its folder": the floors that drive the controllers, write
// their records and show them (src/reconcile, src/status, src/cli/output) name none of them, and
// reach each one through its registration. Comments are not scanned: a hook's documentation may
// cite a controller as its example.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONTROLLERS } from '../../src/controllers/index.ts';
import { REPO_ROOT } from '../cli/run-cli.ts';

/** The words that name each registered controller in code (case-insensitive). */
const NAMED_BY: Record<string, readonly string[]> = {
  // "Pull members" are also a delivery channel of the pass (src/reconcile/pass/channels): only the registration's name counts.
  'pull-members': ['pull-members'],
  'taint-policy': ['taint-polic'],
  failover: ['failover'],
  'workload-rebalancer': ['rebalanc'],
  descheduler: ['deschedul'],
  // The cache object is the search back-end's (src/search serves it): only the registration's name counts.
  'search-cache': ['search-cache'],
  autoscaling: ['autoscal'],
  'multicluster-services': ['multicluster'],
};

/** file → word: where a word is no controller's, and why. */
const ALLOWED: Record<string, string> = {
  // The render's check of FederatedHPA targets (src/render/check/autoscaling-targets.ts): the source's validation, not the controller.
  'src/reconcile/pass/read-fleet.ts': 'autoscal',
  // A MultiClusterService claiming a Service is a policy kind of the render (src/render/detect/multicluster-service-claims.ts);
  // the binding document records the claim with Karmada's annotations.
  'src/status/files/binding-document.ts': 'multicluster',
};

const FLOORS = ['src/reconcile', 'src/status', 'src/cli/output'];

function sources(dir: string): string[] {
  return readdirSync(join(REPO_ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return sources(path);
    return path.endsWith('.ts') ? [path] : [];
  });
}

/** The code of a file without its comments (a `//` after `:` is a URL's, kept). */
function code(path: string): string {
  return readFileSync(join(REPO_ROOT, path), 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/(^|[^:])\/\/.*$/gm, '$1');
}

describe('no controller is named outside its folder', () => {
  it('knows the words of every registered controller', () => {
    expect(Object.keys(NAMED_BY).sort()).toEqual(CONTROLLERS.map((c) => c.name).sort());
  });

  const files = FLOORS.flatMap(sources);
  it.each(Object.entries(NAMED_BY))('%s', (_controller, words) => {
    const found = files.flatMap((path) =>
      words.filter((word) => ALLOWED[path] !== word && code(path).toLowerCase().includes(word)).map((word) => `${relative('.', path)}: ${word}`),
    );
    expect(found).toEqual([]);
  });

  it('the scan sees the floors, and an allowed word is still there to allow', () => {
    expect(files.length).toBeGreaterThan(50);
    for (const [path, word] of Object.entries(ALLOWED)) expect(code(path).toLowerCase()).toContain(word);
  });
});

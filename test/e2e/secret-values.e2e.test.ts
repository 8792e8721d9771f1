// Secret values against the local fleet: a mistyped Secret is refused before anything is sent,
// and a Secret an override makes invalid is refused by the API server with a message that
// quotes the value; in both cases no value reaches the apply output or the status branch.
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { runCli } from '../cli/run-cli.ts';
import { configMap, FleetRepo, policy } from './helpers/apply-fleet.ts';
import { fleetKubeconfig, memberNames } from './helpers/fleet.ts';
import { fleetNamespace } from './helpers/namespace.ts';

const PIN = '424242424242';
const ORIGINAL = 'original-pin-value';
const SELECTED = policy([
  ['v1', 'ConfigMap'],
  ['v1', 'Secret'],
]);

function secret(ns: string, pin: string): string {
  return `apiVersion: v1\nkind: Secret\nmetadata: {name: creds, namespace: ${ns}}\nstringData:\n  pin: ${pin}\n`;
}

/** Every file of the status branch at its tip, concatenated (empty when there is none). */
function statusBranchText(dir: string): string {
  const git = (...args: string[]) => execFileSync('git', args, { cwd: dir, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (!git('branch', '--list', 'status').trim()) return '';
  const files = git('ls-tree', '-r', '--name-only', 'status').split('\n').filter(Boolean);
  return [git('log', '--format=%B', 'status'), ...files.map((f) => git('show', `status:${f}`))].join('\n');
}

describe('Secret values never leave the repository in messages', { timeout: 180_000 }, () => {
  const namespace = fleetNamespace('secrets');

  it('refuses a mistyped Secret before sending it: the error names the field, never the value', () => {
    const ns = namespace();
    const repo = new FleetRepo(ns);
    repo.commit({ 'policy.yaml': SELECTED, 'good.yaml': configMap(ns, 'good', { k: 'v' }), 'secret.yaml': secret(ns, PIN) });
    const out = runCli(['apply', '--repo', repo.dir, '--kubeconfig', fleetKubeconfig(), '--inventory-name', repo.inventoryName]);
    const all = `${out.stdout}${out.stderr}`;
    expect(out.code).toBe(1);
    expect(all).toMatch(/secret\.yaml:5:3: error: Secret\/.*\/creds: stringData\.pin: must be of type string/);
    expect(all).not.toContain(PIN);
    expect(statusBranchText(repo.dir)).not.toContain(PIN);
  });

  it("scrubs the API server's refusal of a Secret an override made invalid, in the output and on the status branch", () => {
    const ns = namespace();
    const repo = new FleetRepo(ns);
    const override = `apiVersion: policy.karmada.io/v1alpha1
kind: OverridePolicy
metadata: {name: pin, namespace: ${ns}}
spec:
  resourceSelectors: [{apiVersion: v1, kind: Secret, name: creds}]
  overrideRules:
    - targetCluster: {clusterNames: [${memberNames.join(', ')}]}
      overriders:
        plaintext: [{path: /stringData/pin, operator: replace, value: ${PIN}}]
`;
    repo.commit({
      'policy.yaml': SELECTED,
      'good.yaml': configMap(ns, 'good', { k: 'v' }),
      'secret.yaml': secret(ns, `"${ORIGINAL}"`),
      'override.yaml': override,
    });
    const out = runCli(['apply', '--repo', repo.dir, '--kubeconfig', fleetKubeconfig(), '--inventory-name', repo.inventoryName]);
    const all = `${out.stdout}${out.stderr}`;
    expect(out.code).toBe(1);
    // The API server did refuse it, and said why, with the value masked.
    expect(all).toMatch(/Secret\/.*creds.*\*\*\*/);
    expect(all).not.toContain(PIN);
    expect(all).not.toContain(ORIGINAL);
    const branch = statusBranchText(repo.dir);
    expect(branch).toMatch(/creds/);
    expect(branch).not.toContain(PIN);
    expect(branch).not.toContain(ORIGINAL);
  });
});

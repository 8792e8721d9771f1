// The web view end to end: a fleet repository applied to the local members (a real status branch
// with every member's status), `flotilla ui` as a user runs it, and Debian's chromium opening each
// view. Content asserted, screenshots written to test/.artifacts/ui/, any console error fails;
// hostile annotations and commit messages show as text, a Secret's value is in no response, and
// a POST is refused.
import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { Browser } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { launch, screenshot, watchedPage } from '../helpers/browser.ts';
import { clusterObjects, FleetRepo } from './helpers/apply-fleet.ts';
import { fleetKubeconfig, memberNames } from './helpers/fleet.ts';
import { cleanUpRunProcesses, startRun } from './helpers/run-process.ts';
import { fleetNamespace } from './helpers/namespace.ts';

const CLI = fileURLToPath(new URL('../../bin/run.js', import.meta.url));
const SECRET_VALUE = 'e2e-secret-value-4711';
const HOSTILE = '<img src=x onerror="window.__pwned=1">';

function files(ns: string): Record<string, string> {
  const policy = `apiVersion: policy.karmada.io/v1alpha1
kind: PropagationPolicy
metadata: {name: web, namespace: ${ns}}
spec:
  resourceSelectors: [{apiVersion: apps/v1, kind: Deployment, name: web}]
  propagateDeps: true
  placement:
    clusterAffinity: {clusterNames: [${memberNames.join(', ')}]}
    replicaScheduling: {replicaSchedulingType: Divided, replicaDivisionPreference: Weighted}
`;
  const web = {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name: 'web', namespace: ns, annotations: { note: HOSTILE } },
    spec: {
      replicas: 3,
      selector: { matchLabels: { app: 'web' } },
      template: {
        metadata: { labels: { app: 'web' } },
        spec: {
          containers: [
            {
              name: 'web',
              image: 'registry.k8s.io/pause:3.10',
              env: [{ name: 'PW', valueFrom: { secretKeyRef: { name: 'db', key: 'password' } } }],
            },
          ],
        },
      },
    },
  };
  const secret = { apiVersion: 'v1', kind: 'Secret', metadata: { name: 'db', namespace: ns }, stringData: { password: SECRET_VALUE } };
  return {
    'clusters.yaml': clusterObjects(memberNames),
    'policy.yaml': policy,
    'web.json': JSON.stringify(web),
    'secret.json': JSON.stringify(secret),
  };
}

function startUi(repo: string): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, [CLI, 'ui', '--repo', repo, '--addr', '127.0.0.1:0'], { stdio: ['ignore', 'pipe', 'pipe'] });
  let err = '';
  child.stderr?.on('data', (d: Buffer) => (err += d.toString()));
  return new Promise((resolve, reject) => {
    child.stdout?.on('data', (d: Buffer) => {
      const match = /on (http:\/\/\S+)/.exec(d.toString());
      if (match) resolve({ child, url: match[1]! });
    });
    child.once('exit', (code) => reject(new Error(`flotilla ui exited ${code}: ${err}`)));
  });
}

describe('flotilla ui against the local fleet', () => {
  const namespace = fleetNamespace('ui');
  cleanUpRunProcesses();
  let browser: Browser;
  let ui: { child: ChildProcess; url: string } | undefined;

  beforeAll(async () => {
    browser = await launch();
  });
  afterEach(() => {
    ui?.child.kill('SIGTERM');
    ui = undefined;
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('opens every view of an applied fleet, shows hostile text as text and no Secret value', async () => {
    const ns = namespace();
    const repo = new FleetRepo(ns);
    repo.commit(files(ns));
    expect((await repo.apply()).ok).toBe(true);
    await repo.apply();
    ui = await startUi(repo.dir);
    const { page, errors, bodies } = await watchedPage(browser);

    await page.goto(`${ui.url}/?namespace=${ns}`);
    const row = page.getByRole('row', { name: new RegExp(`Deployment/${ns}/web`) });
    await row.waitFor();
    for (const member of memberNames) await page.getByRole('rowheader', { name: member, exact: true }).first().waitFor();
    expect(await row.locator('td.cell').count()).toBe(memberNames.length);
    await screenshot(page, 'e2e-fleet');

    await row.getByRole('link').click();
    await page.getByRole('heading', { name: 'Placement (explain)' }).waitFor();
    await page.getByRole('heading', { name: 'Scheduling attempt 1' }).waitFor();
    const statusRows = page.locator('section', { has: page.getByRole('heading', { name: 'Status', exact: true }) }).locator('tbody tr');
    expect(await statusRows.count()).toBe(memberNames.length);
    await page.locator('details summary', { hasText: memberNames[0]! }).first().click();
    await page.locator('pre', { hasText: HOSTILE }).first().waitFor();
    await screenshot(page, 'e2e-template');

    await page.getByRole('link', { name: 'Change', exact: true }).click();
    await page.getByRole('heading', { name: 'Per cluster' }).waitFor();
    expect(await page.getByRole('row', { name: new RegExp(`^${memberNames[0]}`) }).count()).toBeGreaterThan(0);
    await screenshot(page, 'e2e-change');

    await page.getByRole('link', { name: 'Controllers', exact: true }).click();
    await page.getByRole('heading', { name: 'Failover and evictions' }).waitFor();
    await page.getByRole('heading', { name: 'FederatedHPA and CronFederatedHPA' }).waitFor();
    await screenshot(page, 'e2e-controllers');

    const secretView = await page.evaluate(async (id) => (await fetch(`/api/template?id=${encodeURIComponent(id)}`)).text(), `core/Secret/${ns}/db`);
    expect(secretView).toContain('"kind":"Secret"');
    const post = await page.evaluate(async () => (await fetch('/api/fleet', { method: 'POST', body: '{}' })).status);
    expect(post).toBe(405);

    expect(await page.evaluate('window.__pwned')).toBeUndefined();
    expect(await page.locator('img').count()).toBe(0);
    expect(bodies.size).toBeGreaterThan(4);
    for (const [url, body] of [...bodies, ['secret view', secretView] as const]) expect(body, url).not.toContain(SECRET_VALUE);
    // The POST's 405 is logged by the browser itself; nothing else may be.
    expect(errors.filter((e) => !e.includes('405'))).toEqual([]);
  });

  it('run --ui-addr serves the view from its passes and shows a new commit without a reload', async () => {
    const ns = namespace();
    const repo = new FleetRepo(ns);
    repo.commit(files(ns));
    const run = startRun([
      '--repo',
      repo.dir,
      '--kubeconfig',
      fleetKubeconfig(),
      '--inventory-name',
      repo.inventoryName,
      '--probe-interval',
      '1h',
      '--resync',
      '0',
      '--ui-addr',
      '127.0.0.1:0',
    ]);
    const listening = await run.waitForLog('the web view to listen', (r) => r['msg'] === 'web view listening');
    await run.waitForLog('the first pass to finish', (r) => r['msg'] === 'pass finished');
    const { page, errors } = await watchedPage(browser);
    await page.goto(`${String(listening['url'])}/?namespace=${ns}`);
    await page.getByRole('row', { name: new RegExp(`Deployment/${ns}/web`) }).waitFor();
    const scaled = files(ns);
    scaled['web.json'] = scaled['web.json']!.replace('"replicas":3', '"replicas":6');
    scaled['extra.json'] = JSON.stringify({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'extra', namespace: ns } });
    repo.commit({ ...scaled, 'policy.yaml': scaled['policy.yaml']!.replace('name: web}]', 'name: web}, {apiVersion: v1, kind: ConfigMap}]') });
    await page.getByRole('row', { name: new RegExp(`ConfigMap/${ns}/extra`) }).waitFor({ timeout: 60_000 });
    expect(await page.evaluate('performance.getEntriesByType("navigation").length')).toBe(1);
    await screenshot(page, 'e2e-run-live');
    expect(errors).toEqual([]);
    await run.stop();
  });
});

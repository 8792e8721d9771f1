// The web view in a real browser (Debian's chromium) over a repository with a status branch and
// no cluster: a status change shows on the open page without a reload, the views are reached
// with the keyboard, hostile annotations and commit messages show as text, and the token form.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exposure, startUiServer, watchRepository } from '../../src/ui/index.ts';
import type { UiServer, UiSource } from '../../src/ui/index.ts';
import { launch, screenshot, watchedPage } from '../helpers/browser.ts';
import { HOSTILE, UiFleet, WEB_ID } from './helpers/ui-fleet.ts';

let fleet: UiFleet;
let source: UiSource;
let server: UiServer;
let guarded: UiServer;
let browser: Browser;

beforeAll(async () => {
  fleet = new UiFleet();
  fleet.commit({ 'notes.json': JSON.stringify({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'notes', namespace: 'shop' } }) }, HOSTILE);
  await fleet.writeStatus(1);
  source = await watchRepository({ repo: fleet.dir }, { intervalMs: 30_000, onError: () => {} });
  server = await startUiServer(exposure('127.0.0.1:0', {}), source);
  guarded = await startUiServer(exposure('127.0.0.1:0', { token: 'open-sesame' }), source);
  browser = await launch();
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await Promise.all([server?.close(), guarded?.close(), source?.close()]);
  fleet?.remove();
});

describe('the web view in chromium', { timeout: 60_000 }, () => {
  it('shows a status change on the open page within 2 s, without a reload', async () => {
    const { page, errors } = await watchedPage(browser);
    await page.goto(`${server.url}/?kind=Deployment`);
    const row = page.getByRole('row', { name: /Deployment\/shop\/web/ });
    await expect.poll(() => row.textContent()).toContain('Unhealthy');
    await page.evaluate('window.marker = 1');
    const started = Date.now();
    await fleet.writeStatus(2, '2026-12-04T12:00:00Z');
    await row.getByText('2/2').first().waitFor({ timeout: 2000 });
    expect(Date.now() - started).toBeLessThan(2000);
    expect(await row.textContent()).toContain('Healthy');
    expect(await page.evaluate('window.marker')).toBe(1);
    await screenshot(page, 'unit-live-fleet');
    expect(errors).toEqual([]);
  });

  it('reaches a template from the matrix with the keyboard alone', async () => {
    const { page, errors } = await watchedPage(browser, 'dark');
    await page.goto(`${server.url}/?kind=Deployment`);
    await page.getByRole('link', { name: /Deployment\/shop\/web/ }).waitFor();
    let focused = '';
    for (let i = 0; i < 40 && !focused.includes('Deployment/shop/web'); i++) {
      await page.keyboard.press('Tab');
      focused = String(await page.evaluate("document.activeElement?.textContent ?? ''"));
    }
    await page.keyboard.press('Enter');
    await page.waitForURL(`**/template/${WEB_ID}`);
    await page.getByRole('heading', { name: 'Placement (explain)' }).waitFor();
    await screenshot(page, 'unit-template-dark');
    expect(errors).toEqual([]);
  });

  it('shows hostile annotations and commit messages as text, never as markup', async () => {
    const { page, errors } = await watchedPage(browser);
    await page.goto(`${server.url}/template/${WEB_ID}`);
    await page.locator('details summary', { hasText: 'member1' }).first().click();
    await expect.poll(() => page.locator('pre', { hasText: HOSTILE }).count(), { timeout: 15_000 }).toBeGreaterThan(0);
    await page.goto(`${server.url}/change`);
    await expect.poll(() => page.getByText(HOSTILE).count(), { timeout: 15_000 }).toBeGreaterThan(0);
    expect(await page.locator('img').count()).toBe(0);
    expect(await page.evaluate('window.__pwned')).toBeUndefined();
    expect(errors).toEqual([]);
  });

  it('asks for the token once, then keeps the session', async () => {
    const { page, errors } = await watchedPage(browser);
    await page.goto(`${guarded.url}/controllers`);
    await page.getByLabel('Token').fill('wrong');
    await page.getByRole('button', { name: 'Open the view' }).click();
    await page.getByRole('alert').waitFor();
    await page.getByLabel('Token').fill('open-sesame');
    await page.getByRole('button', { name: 'Open the view' }).click();
    await page.getByRole('heading', { name: 'FederatedHPA and CronFederatedHPA' }).waitFor();
    expect(await page.evaluate('document.cookie')).toBe('');
    await page.reload();
    await page.getByRole('heading', { name: 'FederatedHPA and CronFederatedHPA' }).waitFor();
    // The wrong token's 401 is the one console error a browser logs by itself.
    expect(errors.filter((e) => !e.includes('401'))).toEqual([]);
  });
});

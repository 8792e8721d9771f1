// A real browser for the web view's tests: Debian's chromium (`apt-get install chromium`, which
// .ci/run does), driven by playwright-core; no browser is downloaded. Every console error and
// uncaught page error is collected, for the test to fail on; screenshots go to
// test/.artifacts/ (git-ignored).
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { type Browser, chromium, type Page } from 'playwright-core';

export const CHROMIUM = process.env.FLOTILLA_CHROMIUM ?? '/usr/bin/chromium';
export const ARTIFACTS = fileURLToPath(new URL('../.artifacts/ui/', import.meta.url));

export interface Watched {
  page: Page;
  /** Console errors and page errors so far. */
  errors: string[];
  /** Every response body the page received, by URL. */
  bodies: Map<string, string>;
}

export function launch(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: ['--disable-gpu', '--disable-dev-shm-usage'] });
}

export async function watchedPage(browser: Browser, colorScheme: 'light' | 'dark' = 'light'): Promise<Watched> {
  const page = await browser.newPage({ colorScheme, viewport: { width: 1280, height: 900 } });
  const errors: string[] = [];
  const bodies = new Map<string, string>();
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('response', (response) => {
    if (response.url().includes('/api/events')) return;
    response.text().then(
      (text) => bodies.set(response.url(), text),
      () => {},
    );
  });
  return { page, errors, bodies };
}

export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(ARTIFACTS, { recursive: true });
  const path = `${ARTIFACTS}${name}.png`;
  await page.screenshot({ path, fullPage: true });
  return path;
}

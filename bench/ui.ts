/**
 * Web view benchmark (issue 32): `flotilla ui` on a generated fleet of N templates x C clusters
 * (each template on PER clusters) with a generated status branch. Measures, in Debian's chromium:
 * the first view (page, bundle and the fleet's first matrix page) from navigation to the matrix
 * shown, the bytes transferred for it, the server's peak memory, and how long a status change
 * takes to show on the open page (no reload). Floors from the same run: the same matrix as a
 * static HTML page from a bare node:http server, and `bench/lib/plan-floor.ts`'s memory (the
 * fleet's blobs parsed and cloned per placed cluster).
 * Run: `node bench/ui.ts [templates] [clusters] [perTemplate]` after `npm run build`.
 */
import { spawn } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { launch } from '../test/helpers/browser.ts';
import { measure, printTable } from './lib/measure.ts';
import { makeUiFleetRepo, writeUiStatus } from './lib/ui-fleet.ts';
import { size } from './lib/size.ts';

const shape = {
  templates: Number(process.argv[2] ?? size(10_000, 20)),
  clusters: Number(process.argv[3] ?? size(100, 3)),
  perTemplate: Number(process.argv[4] ?? size(5, 2)),
};
const CLI = fileURLToPath(new URL('../bin/run.js', import.meta.url));
const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** The server's peak resident memory (`VmHWM`) in bytes. */
function peakBytes(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0) * 1024;
}

/** The targets of issue 32, each as the bench checks it. */
const TARGETS = {
  firstViewMs: 1000,
  firstViewBytes: 300_000,
  /** "Under 300 MB", MB being 10^6 bytes. */
  peakBytes: 300_000_000,
  liveMs: 2000,
};

const met = (ok: boolean): string => (ok ? 'yes' : 'NO');
const mb = (bytes: number): string => (bytes / 1e6).toFixed(0);
const mib = (bytes: number): string => (bytes / 2 ** 20).toFixed(0);

/** Navigates and waits for the matrix: milliseconds, and bytes on the wire (headers and bodies). */
async function firstView(page: Page, url: string, rows: string): Promise<{ ms: number; bytes: number }> {
  const sizes: Promise<number>[] = [];
  const onResponse = (response: import('playwright-core').Response) => {
    if (response.url().includes('/api/events')) return;
    sizes.push(
      response
        .request()
        .sizes()
        .then((s) => s.responseBodySize + s.responseHeadersSize),
    );
  };
  page.on('response', onResponse);
  const started = performance.now();
  await page.goto(url);
  await page.locator(rows).first().waitFor();
  const ms = performance.now() - started;
  page.off('response', onResponse);
  return { ms, bytes: (await Promise.all(sizes)).reduce((a, b) => a + b, 0) };
}

/** The floor's page: the same first matrix page, rendered as static HTML. */
async function staticFloor(matrixHtml: string): Promise<{ url: string; close: () => void }> {
  const page = Buffer.from(
    `<!doctype html><html><head><meta charset="utf-8"><title>floor</title></head><body>${matrixHtml}</body></html>`,
  );
  const server = createServer((_, res) => res.writeHead(200, { 'content-type': 'text/html' }).end(page));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, close: () => server.close() };
}

interface Measured {
  startMs: number;
  view: { ms: number; bytes: number };
  floor: { ms: number; bytes: number };
  peak: number;
  floorPeak: number;
  liveMs: number;
  commitMs: number;
}

/** Each measure against its target. */
function report(m: Measured): void {
  printTable([
    ['measure', 'flotilla ui', 'floor', 'ratio', 'target', 'met'],
    ['server start to listening (s)', (m.startMs / 1000).toFixed(1), '', '', '', ''],
    [
      'first view usable (ms)',
      m.view.ms.toFixed(0),
      m.floor.ms.toFixed(0),
      (m.view.ms / m.floor.ms).toFixed(1),
      `<= ${TARGETS.firstViewMs}`,
      met(m.view.ms <= TARGETS.firstViewMs),
    ],
    [
      'first view transferred (KB)',
      (m.view.bytes / 1000).toFixed(0),
      (m.floor.bytes / 1000).toFixed(0),
      (m.view.bytes / m.floor.bytes).toFixed(2),
      `<= ${TARGETS.firstViewBytes / 1000}`,
      met(m.view.bytes <= TARGETS.firstViewBytes),
    ],
    [
      'peak RSS (MB = 10^6 bytes)',
      mb(m.peak),
      mb(m.floorPeak),
      (m.peak / m.floorPeak).toFixed(2),
      `< ${mb(TARGETS.peakBytes)}`,
      met(m.peak < TARGETS.peakBytes),
    ],
    ['peak RSS (MiB = 2^20 bytes)', mib(m.peak), mib(m.floorPeak), '', `< ${mib(TARGETS.peakBytes)}`, ''],
    [
      'status change shown, from commit (ms)',
      m.liveMs.toFixed(0),
      '',
      '',
      `<= ${TARGETS.liveMs}`,
      met(m.liveMs <= TARGETS.liveMs),
    ],
    ['status commit written (ms)', m.commitMs.toFixed(0), '', '', '', ''],
  ]);
}

async function main(): Promise<void> {
  let started = performance.now();
  const repo = makeUiFleetRepo(shape);
  await writeUiStatus(repo, shape, new Set(), '2026-12-04T10:00:00Z');
  console.log(
    `fleet: ${shape.templates} templates x ${shape.clusters} clusters, ${shape.perTemplate} per template, generated in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );

  started = performance.now();
  const child = spawn(process.execPath, [CLI, 'ui', '--repo', repo, '--addr', '127.0.0.1:0', '--interval', '1'], {
    cwd: ROOT,
  });
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout.on('data', (d: Buffer) => {
      const match = /on (http:\/\/\S+)/.exec(d.toString());
      if (match) resolve(match[1]!);
    });
    child.once('exit', (code) => reject(new Error(`flotilla ui exited ${code}: ${stderr}`)));
  });
  const startMs = performance.now() - started;

  const browser = await launch();
  try {
    const page = await browser.newPage();
    await page.goto(`${url}/healthz`); // warm the connection and the server's first answer path
    const view = await firstView(page, `${url}/`, 'table.matrix tbody tr');
    const matrixHtml = await page.locator('table.matrix').evaluate((t) => t.outerHTML);
    const floorServer = await staticFloor(matrixHtml);
    const floorPage = await browser.newPage();
    const floor = await firstView(floorPage, floorServer.url, 'table tbody tr');
    floorServer.close();

    const first = (await page.locator('table.matrix tbody tr th a').first().textContent()) ?? '';
    const name = first.split('/').at(-1)!;
    const row = page.locator('table.matrix tbody tr').first();
    const changeStarted = performance.now();
    await writeUiStatus(repo, shape, new Set([name]), '2026-12-04T11:00:00Z');
    const committed = performance.now();
    await row.locator('td', { hasText: 'Unhealthy' }).first().waitFor({ timeout: 30_000 });
    const liveMs = performance.now() - committed;
    const peak = peakBytes(child.pid!);

    const floorMemory = measure(
      process.execPath,
      [`${ROOT}bench/lib/plan-floor.ts`, repo, String(shape.perTemplate)],
      ROOT,
    );
    const floorPeak = floorMemory.maxRssMiB * 2 ** 20;
    report({ startMs, view, floor, peak, floorPeak, liveMs, commitMs: committed - changeStarted });
  } finally {
    await browser.close();
    child.kill('SIGTERM');
    rmSync(repo, { recursive: true, force: true });
  }
}

await main();

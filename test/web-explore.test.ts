/**
 * The Explore page in chromium (playwright-core, Debian's /usr/bin/chromium), served by a real
 * fastify server on 127.0.0.1 with the app's static files, the stored sweeps' routes
 * (server/sweeps.ts `registerSweeps`) over a folder holding a real sweep, and the server's own
 * strict Content-Security-Policy: the built-in study's table and comparison plot, choosing cells, a
 * stored sweep with its report's plots, and the read-only routes refusing what is not a report's.
 *
 * Needs `npm run build` (dist/cli); the browser bundle is rebuilt here.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RULESETS } from '../packages/engine/src/games/index.js';
import { createGabataServer, type GabataServer } from '../src/server/app.js';
import { registerSweeps } from '../src/server/sweeps.js';
import { PageErrors } from './helpers/page-errors.js';
import { ensureBuilt, launchChromium, ROOT } from './web-harness.js';

const STUDY = JSON.parse(readFileSync(path.join(ROOT, 'src/web/explore-study.json'), 'utf8')) as {
  ruleset: string;
  cells: { key: string }[];
};
/** The study's game as the page names it (in English, the page's language here). */
const STUDY_NAME = RULESETS.find((r) => r.info.id === STUDY.ruleset)!.info.name;

let app: GabataServer | undefined;
let browser: Browser | undefined;
let base = '';
let dir = '';
const errors = new PageErrors();
const violations: string[] = [];

beforeAll(async () => {
  ensureBuilt();
  dir = mkdtempSync(path.join(tmpdir(), 'gabata-explore-'));
  const r = spawnSync(
    process.execPath,
    [
      path.join(ROOT, 'dist/cli/main.js'),
      'sweep',
      'gifia',
      '--grid',
      'gifiaAdjacency=ring,row',
      '--grid',
      'gifiaPassMaxBeans=0,3',
      '--option',
      'rounds=1',
      '--games',
      '8',
      '--out',
      path.join(dir, 'gifia-passes'),
    ],
    { encoding: 'utf8', timeout: 60_000 },
  );
  if (r.status !== 0) throw new Error(`sweep failed: ${r.stderr}`);
  writeFileSync(path.join(dir, 'secret.txt'), 'not a report');
  // The real server, as `gabata serve --sweeps DIR` makes it: its edge, headers and API beside the sweeps.
  app = createGabataServer({
    db: path.join(dir, 'games.db'),
    webRoot: path.join(ROOT, 'dist/web'),
    plugins: [(scope) => registerSweeps(scope, dir)],
  });
  await app.listen(0, '127.0.0.1');
  const a = app.server.address();
  base = `http://127.0.0.1:${typeof a === 'object' && a ? a.port : 0}`;
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await app?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

async function open(hash: string): Promise<Page> {
  const page = errors.watch(await browser!.newPage({ viewport: { width: 1200, height: 900 } }));
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
  });
  await page.goto(`${base}/index.html#${hash}`);
  return page;
}

describe('Explore page', () => {
  it('shows the built-in study: a row per cell with intervals, and a comparison of the ticked cells', async () => {
    const page = await open('/explore');
    await page.waitForSelector('.explore table.cells tbody tr');
    expect(await page.locator('.explore table.cells tbody tr').count()).toBe(STUDY.cells.length);
    expect(await page.locator('.sweeps a[aria-current="page"]').textContent()).toContain(STUDY_NAME);
    expect(await page.getAttribute('.sweep-spec dd[data-ruleset]', 'data-ruleset')).toBe(STUDY.ruleset);
    // Every rate has its interval under it.
    const first = page.locator('.explore table.cells tbody tr').first();
    expect(await first.locator('.iv').count()).toBeGreaterThan(4);
    // All cells are compared at first: one estimate per cell and series.
    expect(await page.locator('.compare svg.explore-plot circle.estimate').count()).toBe(2 * STUDY.cells.length);
    // Untick all but two.
    const boxes = page.locator('.explore table.cells tbody input[type=checkbox]');
    for (let i = 2; i < STUDY.cells.length; i++) await boxes.nth(i).uncheck();
    expect(await page.locator('.compare svg.explore-plot circle.estimate').count()).toBe(4);
    expect(await page.locator('.compare h2').textContent()).toContain(`2 of ${STUDY.cells.length}`);
    const labels = await page.locator('.compare svg .cell-label title').allTextContents();
    const keys = await boxes.evaluateAll((els) => els.slice(0, 2).map((e) => e.getAttribute('data-cell')));
    expect(labels.map((l) => l.split(', ').sort().join(','))).toEqual(keys);
    // Styled by a constructed sheet, not blocked by the policy.
    expect(await page.evaluate(() => document.adoptedStyleSheets.length)).toBeGreaterThan(0);
    await page.close();
    expect(errors.take()).toEqual([]);
  });

  it("lists the server's stored sweeps and shows one with its report's plots", async () => {
    const page = await open('/explore');
    await page.waitForSelector('.sweeps a[href="#/explore/gifia-passes"]');
    await page.click('.sweeps a[href="#/explore/gifia-passes"]');
    await page.waitForSelector('.report img');
    expect(await page.locator('.explore table.cells tbody tr').count()).toBe(4);
    expect(await page.locator('.explore h2').first().textContent()).toContain('gifia-passes');
    const imgs = page.locator('.report img');
    const n = await imgs.count();
    expect(n).toBe(6);
    for (let i = 0; i < n; i++) {
      await imgs.nth(i).scrollIntoViewIfNeeded();
      await page.waitForFunction((el) => (el as HTMLImageElement).complete, await imgs.nth(i).elementHandle());
      expect(await imgs.nth(i).evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
    }
    // The whole report opens under the same policy.
    const report = await browser!.newPage();
    errors.watch(report);
    await report.goto(`${base}/sweeps/gifia-passes/index.html`);
    expect(await report.locator('figure svg').count()).toBe(6);
    expect(await report.evaluate(() => getComputedStyle(document.body).maxWidth)).not.toBe('none');
    await report.close();
    await page.close();
    expect(errors.take()).toEqual([]);
    expect(violations).toEqual([]);
  });

  it('an unknown sweep says so', async () => {
    const page = await open('/explore/no-such-sweep');
    await page.waitForSelector('text=No stored sweep');
    await page.close();
    expect(errors.take()).toEqual([]);
  });

  it('the sweep routes serve only the reports, read-only', async () => {
    const list = (await (await fetch(`${base}/api/sweeps`)).json()) as { sweeps: { name: string; cells: number; complete: boolean }[] };
    expect(list.sweeps).toEqual([expect.objectContaining({ name: 'gifia-passes', cells: 4, complete: true })]);
    const doc = (await (await fetch(`${base}/api/sweeps/gifia-passes`)).json()) as { cells: unknown[] };
    expect(doc.cells.length).toBe(4);
    const svg = await fetch(`${base}/sweeps/gifia-passes/balance.svg`);
    expect(svg.status).toBe(200);
    expect(svg.headers.get('content-type')).toBe('image/svg+xml');
    for (const bad of [
      '/sweeps/gifia-passes/../secret.txt',
      '/sweeps/..%2Fsecret.txt/x.svg',
      '/sweeps/gifia-passes/secret.txt',
      '/api/sweeps/nope',
      '/sweeps/gifia-passes/x.svg',
    ]) {
      const res = await fetch(`${base}${bad}`);
      expect([400, 404], bad).toContain(res.status);
      expect(await res.text()).not.toContain('not a report');
    }
    expect((await fetch(`${base}/api/sweeps/gifia-passes`, { method: 'DELETE' })).status).toBe(404);
  });
});

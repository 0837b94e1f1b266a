/**
 * The Selus page of the web catalogue shows the opening race as a matrix game, from the
 * committed result file: the heat map named by hole numbers, each player's equilibrium mix, the
 * value, the budget and the date. Real server, real chromium, at phone and desktop sizes.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { RaceResultFile } from '../packages/engine/src/ai/race-result.js';
import { PageErrors } from './helpers/page-errors.js';
import { closeWebSuite, openWebSuite, ROOT, type RunningServer } from './web-harness.js';

const SHOTS = path.join(ROOT, 'test-output', 'screenshots', 'catalogue');
const SIZES = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 800 },
] as const;
const FILE = JSON.parse(readFileSync(path.join(ROOT, 'src/catalogue/race-selus.json'), 'utf8')) as RaceResultFile;

let dir: string;
let server: RunningServer;
let browser: Browser;
const pageErrors = new PageErrors();

beforeAll(async () => {
  ({ dir, server, browser } = await openWebSuite('gabata-web-race-', SHOTS));
});

// Every test ends with no uncaught error and no console error, except the content security policy's
// refusal of inline styles under the server's style-src 'self'. This section's styles are not inline,
// and the first test proves they apply (computed styles).
const CSP_INLINE_STYLE = /^console\.error: Applying inline style violates the following Content Security Policy directive/;
afterEach(() => {
  expect(pageErrors.take().filter((e) => !CSP_INLINE_STYLE.test(e))).toEqual([]);
});

afterAll(async () => {
  await closeWebSuite({ dir, server, browser });
});

const pct = (p: number): string => (p > 0 ? `${Math.round(p * 100)}%` : '–');

describe('the Selus page: the opening race as a matrix game', () => {
  it('shows the matrix by hole, the equilibrium of each player, the value, the budget and the date', async () => {
    for (const size of SIZES) {
      const page = pageErrors.watch(await browser.newPage({ viewport: { width: size.width, height: size.height } }));
      await page.goto(`${server.url}/#/catalogue/selus`);
      await page.waitForSelector('section#race table.race-matrix');
      // Rows and columns named by hole, in the file's order.
      const rowHeads = await page.$$eval('#race tbody tr[data-row] > th', (els) => els.map((e) => e.textContent));
      expect(rowHeads).toEqual(FILE.rows.map((h) => `hole ${h}`));
      const colHeads = await page.$$eval('#race thead th[data-col]', (els) => els.map((e) => e.textContent));
      expect(colHeads).toEqual(FILE.cols.map((h) => `hole ${h}`));
      // Every cell: its score, and a colour that runs from player 2's (0) to player 1's (1).
      const cells = await page.$$eval('#race td.cell', (els) =>
        els.map((e) => ({ row: Number(e.getAttribute('data-row')), col: Number(e.getAttribute('data-col')), text: e.textContent })),
      );
      expect(cells).toHaveLength(FILE.rows.length * FILE.cols.length);
      for (const c of cells) {
        const cell = FILE.cells[FILE.rows.indexOf(c.row)]![FILE.cols.indexOf(c.col)]!;
        expect(c.text).toBe(cell.mean.toFixed(2));
      }
      // The heat runs from player 2's colour at 0 to player 1's at 1, and the section's own styles apply
      // (both set through the CSS object model, which the server's content security policy allows).
      const colours = await page.$$eval('#race td.cell', (els) =>
        els.map((e) => ({ mean: Number(e.getAttribute('data-mean')), bg: getComputedStyle(e).backgroundColor })),
      );
      for (const c of colours) {
        if (c.mean === 1) expect(c.bg).toBe('rgb(217, 164, 65)');
        if (c.mean === 0) expect(c.bg).toBe('rgb(180, 83, 58)');
        if (c.mean === 0.5) expect(c.bg).toBe('rgb(244, 237, 226)');
      }
      expect(await page.$eval('#race td.cell', (e) => getComputedStyle(e).borderRadius)).toBe('5px');
      // The equilibrium: each player's share of every hole beside the matrix, and the list of holes played.
      for (const [i, h] of FILE.rows.entries()) {
        expect(await page.textContent(`#race td[data-p1-mix="${h}"]`)).toBe(pct(FILE.equilibrium.row[i]!));
      }
      for (const [j, h] of FILE.cols.entries()) {
        expect(await page.textContent(`#race td[data-p2-mix="${h}"]`)).toBe(pct(FILE.equilibrium.col[j]!));
      }
      const p1Holes = await page.$$eval('#race .mix-p1 li[data-hole]', (els) => els.map((e) => Number(e.getAttribute('data-hole'))));
      const p2Holes = await page.$$eval('#race .mix-p2 li[data-hole]', (els) => els.map((e) => Number(e.getAttribute('data-hole'))));
      expect(new Set(p1Holes)).toEqual(new Set(FILE.rows.filter((_, i) => FILE.equilibrium.row[i]! > 0)));
      expect(new Set(p2Holes)).toEqual(new Set(FILE.cols.filter((_, j) => FILE.equilibrium.col[j]! > 0)));
      const text = (await page.textContent('#race'))!;
      expect(text).toContain(`Value of the game to player 1: ${FILE.equilibrium.value.toFixed(3)}`);
      expect(text).toContain(
        `Computed ${new Intl.DateTimeFormat('en', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${FILE.date}T00:00:00Z`))}`,
      );
      expect(text).toContain(`${FILE.budget.games} games per cell`);
      expect(text).toContain(FILE.budget.agent);
      expect(text).toContain(`gabata race selus --agent ${FILE.budget.agent} --games ${FILE.budget.games} --seed ${FILE.seed}`);
      // The plan of the board rings every race start and gives the equilibrium share of each.
      expect(await page.locator('#race svg.race-board g[data-hole]').count()).toBe(18);
      expect(await page.locator('#race svg.race-board circle.p1').count()).toBe(FILE.rows.length);
      expect(await page.locator('#race svg.race-board circle.p2').count()).toBe(FILE.cols.length);
      await page.locator('#race').screenshot({ path: path.join(SHOTS, `race-selus-${size.name}.png`) });
      // In a phone's column (360 px) the section does not overflow: the matrix scrolls inside its own box.
      const overflow = await page.evaluate(() => {
        const box = document.createElement('div');
        box.style.width = '360px';
        document.body.append(box);
        const race = document.querySelector('#race')!;
        box.append(race);
        const out = race.scrollWidth - race.clientWidth;
        box.remove();
        return out;
      });
      expect(overflow).toBeLessThanOrEqual(0);
      await page.close();
    }
  });

  it('a game without a simultaneous race choice has no such section', async () => {
    const page = pageErrors.watch(await browser.newPage());
    await page.goto(`${server.url}/#/catalogue/abalalae`);
    await page.waitForSelector('.cat-game[data-ruleset="abalalae"]');
    expect(await page.locator('section#race').count()).toBe(0);
    await page.close();
  });
});

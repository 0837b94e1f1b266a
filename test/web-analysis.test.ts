/**
 * The game page's analysis in the browser (src/web/analysis.ts): a known record imported from the
 * page and analysed marks the move the engine refutes (test/fixtures/analysis, the same record as
 * test/analyse.test.ts), an imported record's own annotations are shown, and the move list's keys
 * and the ply in the address. The analysis searches to depth 5 here (the developer's setting
 * `gabata.analysisDepth`), so it is the same on every machine.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { testKey, useKey } from './helpers/web-keys.js';
import { browser, contexts, pageErrors, server, useWebSuite } from './helpers/web-suite.js';
import { ROOT } from './web-harness.js';

const SHOTS = path.join(ROOT, 'test-output', 'screenshots');
const KEY = testKey('web-analysis');
const FIXTURE = JSON.parse(readFileSync(path.join(ROOT, 'test/fixtures/analysis/abalalae-blunder.json'), 'utf8')) as {
  moves: string[];
  [k: string]: unknown;
};
/** The record's move the engine refutes (index in `moves`), as test/analyse.test.ts finds it. */
const REFUTED = 10;

useWebSuite('gabata-web-analysis-', SHOTS);

async function newPage(viewport = { width: 1280, height: 900 }): Promise<Page> {
  const ctx = await browser.newContext({ viewport });
  contexts.push(ctx);
  await useKey(ctx, KEY);
  await ctx.addInitScript(() => localStorage.setItem('gabata.analysisDepth', '5'));
  return pageErrors.watch(await ctx.newPage());
}

/** Imports a record from the Saved games page; returns the new game's id, its page open. */
async function importRecord(page: Page, rec: unknown): Promise<string> {
  await page.goto(`${server.url}/#/games`);
  await page.fill('textarea', JSON.stringify(rec));
  await page.click('button:has-text("Import")');
  await page.waitForURL(/#\/game\//);
  await page.waitForSelector('.move-list li');
  return /#\/game\/([\w-]+)/.exec(page.url())![1]!;
}

const shownPly = (page: Page): Promise<number> =>
  page.$$eval('.move-list button', (bs) => bs.findIndex((b) => b.classList.contains('current')) + 1);

describe('analysis on the game page', () => {
  it('Analyse marks the move the engine refutes, with a graph, the best move and its line', async () => {
    const page = await newPage();
    const id = await importRecord(page, FIXTURE);
    const analyse = page.locator('button.analyse');
    await analyse.waitFor({ state: 'visible' });
    await analyse.click();
    await page.waitForSelector('.analysis:not([hidden])');
    // Progressive: the page answers while the worker thinks (a step in the move list works at once).
    await page.waitForFunction(() => /Analysis done/.test(document.querySelector('.analysis-progress')?.textContent ?? ''), null, {
      timeout: 90_000,
    });
    const marks = await page.$$eval('.move-list > li', (lis) => lis.map((li) => (li as HTMLElement).dataset['mark'] ?? ''));
    expect(marks).toHaveLength(FIXTURE.moves.length);
    expect(marks[REFUTED]).toBe('blunder');
    expect(marks.filter((m) => m === 'blunder')).toHaveLength(1);
    expect(await page.locator('.move-list > li').nth(REFUTED).locator('button').getAttribute('aria-label')).toMatch(/\(Blunder\)$/);
    expect(await page.textContent('.analysis-summary')).toMatch(/blunders 1/);
    // The graph: one button per move; the refuted one's shows the position before the move... after it.
    const hits = page.locator('.analysis-graph rect.graph-hit');
    expect(await hits.count()).toBe(FIXTURE.moves.length);
    await hits.nth(REFUTED - 1).focus();
    await page.keyboard.press('Enter');
    await page.waitForFunction((k) => location.hash.endsWith(`/${k}`), REFUTED);
    expect(await shownPly(page)).toBe(REFUTED);
    // The position before the blunder: the engine's best move, another one, and its line.
    const best = await page.textContent('.analysis-best');
    expect(best).toMatch(/^Best move: \d+$/);
    expect(best).not.toBe(`Best move: ${FIXTURE.moves[REFUTED]}`);
    expect(await page.textContent('.analysis-line')).toMatch(/^Expected line: \d+( \d+)+$/);
    expect(await page.locator('.analysis-board .hole.hint').count()).toBe(1);
    await page.screenshot({ path: path.join(SHOTS, 'analysis-desktop.png'), fullPage: true });
    // The analysis board: another move from here, evaluated live; back to the game in one tap.
    await page.locator('.analysis-board .hole.legal').first().click();
    await page.waitForSelector('.analysis-variation');
    await page.waitForSelector('.analysis-board ~ .analysis-view .analysis-eval', { timeout: 60_000 });
    await page.click('button.analysis-back');
    await page.waitForSelector('.analysis-variation', { state: 'detached' });
    expect(await page.textContent('.analysis-best')).toBe(best);
    // The analysis is kept on this device: the marks are there after a reload.
    await page.goto(`${server.url}/#/game/${id}`);
    await page.reload();
    await page.waitForSelector('.move-list > li[data-mark="blunder"]');
  });

  it("an imported record's annotations are shown: its marks, its comments, its best moves", async () => {
    const page = await newPage({ width: 390, height: 844 });
    const annotations = FIXTURE.moves.map(() => null as unknown);
    annotations[2] = { eval: 0.5, comment: 'a quiet move' };
    annotations[REFUTED] = { eval: 0.28, best: '3', line: ['3', '16'], drop: 0.42, mark: 'blunder' };
    await importRecord(page, { ...FIXTURE, annotations, analysis: { engine: 'alphabeta:depth=5', start: 0.6 } });
    await page.waitForSelector('.move-list > li[data-mark="blunder"]');
    const li = page.locator('.move-list > li');
    expect(await li.nth(REFUTED).getAttribute('data-mark')).toBe('blunder');
    expect(await li.nth(2).textContent()).toContain('Comment: a quiet move');
    expect(await page.locator('.analysis-graph rect.graph-hit').count()).toBe(2);
    await page.screenshot({ path: path.join(SHOTS, 'analysis-imported-phone.png'), fullPage: true });
  });
});

describe('the move list', () => {
  it('Left/Right, Home/End step through the moves, and the address keeps the ply', async () => {
    const page = await newPage();
    const id = await importRecord(page, FIXTURE);
    const n = FIXTURE.moves.length;
    expect(await shownPly(page)).toBe(n);
    await page
      .locator('.move-list button')
      .nth(n - 1)
      .focus();
    await page.keyboard.press('Home');
    await page.waitForFunction(() => location.hash.endsWith('/0'));
    expect(await shownPly(page)).toBe(0);
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await page.waitForFunction(() => location.hash.endsWith('/2'));
    expect(await shownPly(page)).toBe(2);
    // The shown move keeps the keyboard's focus.
    expect(await page.evaluate(() => document.activeElement?.classList.contains('current'))).toBe(true);
    await page.keyboard.press('ArrowLeft');
    await page.waitForFunction(() => location.hash.endsWith('/1'));
    await page.keyboard.press('End');
    await page.waitForFunction((g) => location.hash === `#/game/${g}`, id);
    expect(await shownPly(page)).toBe(n);
    // The buttons too, and the address opens the game at its ply.
    await page.click('.steps button[aria-label]:nth-child(1)');
    await page.waitForFunction(() => location.hash.endsWith('/0'));
    await page.goto(`${server.url}/#/game/${id}/5`);
    await page.reload();
    // The list is drawn at the last move while the game loads, then at the address's move.
    await page.waitForFunction(() => {
      const bs = Array.from(document.querySelectorAll('.move-list button'));
      return bs.length > 0 && bs.findIndex((b) => b.classList.contains('current')) === 4;
    });
    expect(await shownPly(page)).toBe(5);
    expect(page.url()).toMatch(new RegExp(`#/game/${id}/5$`));
  });
});

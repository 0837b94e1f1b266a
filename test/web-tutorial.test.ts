/**
 * "Learn to play" (#/learn/<ruleset>) in real chromium: a learner follows a game's tutorial to its
 * end by playing each highlighted hole (by click, and by keyboard for one step) and Next, and
 * reaches the "Play a game" link; the board shows at every step exactly the positions the
 * tutorial's script found by playing the engine; a tap on another hole is explained, not played;
 * in Amharic the tutorial speaks Ge'ez. Screenshots of each step of one game (desktop) and of a
 * step on a phone in test-output/screenshots/web-tutorial/.
 */
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { KEPT_TERMS } from '../src/i18n/index.js';
import { buildTutorial, type TutorialScript } from '../src/web/tutorial-script.js';
import { PageErrors } from './helpers/page-errors.js';
import { closeWebSuite, openWebSuite, ROOT, type RunningServer } from './web-harness.js';

const SHOTS = path.join(ROOT, 'test-output', 'screenshots', 'web-tutorial');
/** The page's tutorials are built with this seed (src/web/tutorial.ts). */
const SEED = 1;

let dir: string;
let server: RunningServer;
let browser: Browser;
const pageErrors = new PageErrors();

beforeAll(async () => {
  ({ dir, server, browser } = await openWebSuite('gabata-web-tutorial-', SHOTS));
});

afterEach(() => {
  expect(pageErrors.take()).toEqual([]);
});

afterAll(async () => {
  await closeWebSuite({ dir, server, browser });
});

async function open(url: string, width = 1280, height = 860, touch = false): Promise<Page> {
  const page = pageErrors.watch(await browser.newPage({ viewport: { width, height }, hasTouch: touch, isMobile: touch }));
  await page.goto(url);
  await page.waitForSelector('.learn-page[data-step="1"]');
  return page;
}

/** The counts of the holes as the board draws them. */
const boardCounts = (page: Page): Promise<number[]> =>
  page.$$eval('svg.board .hole', (els) =>
    els
      .map((e) => ({ h: Number(e.getAttribute('data-hole')), c: Number(e.getAttribute('data-count')) }))
      .sort((a, b) => a.h - b.h)
      .map((x) => x.c),
  );

const legalHoles = (page: Page): Promise<number[]> =>
  page.$$eval('svg.board .hole.legal', (els) => els.map((e) => Number(e.getAttribute('data-hole'))));

const dataset = (page: Page): Promise<Record<string, string>> =>
  page.$eval('.learn-page', (e) => ({ ...(e as HTMLElement).dataset }) as Record<string, string>);

/** A hole of the board that is not `hole`. */
async function otherHole(page: Page, hole: number): Promise<number> {
  const all = await page.$$eval('svg.board .hole', (els) => els.map((e) => Number(e.getAttribute('data-hole'))));
  return all.find((h) => h !== hole)!;
}

/**
 * Follows a tutorial from its first step to its last, checking each step against the script:
 * the position shown before and after the move, the one highlighted hole, the commentary and
 * the rules shown. `keyboardStep`: that step is played with the keyboard (Enter on the focused hole).
 */
async function followTutorial(page: Page, sc: TutorialScript, shots: string | null, keyboardStep: number): Promise<void> {
  for (const [i, step] of sc.steps.entries()) {
    const ds = await dataset(page);
    expect(ds['step']).toBe(String(i + 1));
    expect(ds['kind']).toBe(step.kind);
    expect(await page.textContent('.learn-progress')).toContain(String(sc.steps.length));
    expect(await boardCounts(page)).toEqual(Array.from(step.before.counts));
    // The sowing track is drawn on the board step (and on no other: the moves speak for themselves there).
    expect(await page.$eval('svg.board', (e) => e.classList.contains('track-shown'))).toBe(step.kind === 'board');
    if (shots) await page.screenshot({ path: path.join(SHOTS, `${shots}-step${i + 1}-${step.kind}.png`) });
    if (step.hole >= 0) {
      expect(await legalHoles(page)).toEqual([step.hole]);
      expect(await page.isDisabled('.learn-next')).toBe(true);
      if (i === keyboardStep) {
        const focused = await page.evaluate(() => document.activeElement?.getAttribute('data-hole'));
        expect(focused).toBe(String(step.hole));
        await page.keyboard.press('Enter');
      } else {
        await page.click(`svg.board .hole[data-hole="${step.hole}"]`);
      }
    } else if (step.kind === 'race') {
      expect(await legalHoles(page)).toEqual([]);
      await page.click('.learn-watch');
      // Skip the rest of the race (a click on a button already disabled, the race over, does nothing).
      await page.click('.learn-skip', { force: true });
    }
    if (step.events.length > 0) {
      await page.waitForSelector('.learn-page[data-phase="played"]');
      expect(await boardCounts(page)).toEqual(Array.from(step.after.counts));
      const lines = await page.$$eval('.learn-comments li', (els) => els.length);
      expect(lines).toBeGreaterThan(0);
      // The rules the step's events cite, each as "The rule: ...".
      const rules = await page.$$eval('.learn-rules li', (els) => els.map((e) => e.getAttribute('data-rule')));
      expect(rules.length).toBeGreaterThan(0);
      for (const r of rules) expect(step.rules).toContain(r);
      expect(await page.textContent('.learn-rules li')).toContain('The rule:');
      if (shots) await page.screenshot({ path: path.join(SHOTS, `${shots}-step${i + 1}-${step.kind}-played.png`) });
    }
    if (i < sc.steps.length - 1) {
      if (i + 1 === keyboardStep) {
        await page.focus('.learn-next');
        await page.keyboard.press('Enter');
      } else {
        await page.click('.learn-next');
      }
      await page.waitForSelector(`.learn-page[data-step="${i + 2}"]`);
    }
  }
}

describe('#/learn: a tutorial per game', () => {
  it('Gabata (Adowa): every step played to the end, by click and by keyboard, then "Play a game"', async () => {
    const sc = buildTutorial('gabata-adowa', SEED);
    const page = await open(`${server.url}/?anim=fast#/learn/adowa`);
    // The second step with a hole to play is played by keyboard: Enter on Next, then Enter on the focused hole.
    const keyboardStep = sc.steps.map((s, i) => (s.hole >= 0 ? i : -1)).filter((i) => i >= 0)[1]!;
    expect(keyboardStep).toBeGreaterThan(0);
    await followTutorial(page, sc, 'adowa', keyboardStep);
    expect(await page.isHidden('.learn-next')).toBe(true);
    const play = await page.getAttribute('.learn-play', 'href');
    expect(play).toBe('#/new/gabata-adowa');
    expect(await page.getAttribute('.learn-other', 'href')).toBe('#/learn');
    await page.click('.learn-play');
    await page.waitForFunction(() => location.hash === '#/new/gabata-adowa');
    await page.close();
  });

  it("Abalala'e: the race watched, each step played, to the end", async () => {
    const sc = buildTutorial('abalalae', SEED);
    expect(sc.steps.map((s) => s.kind)).toContain('race');
    const page = await open(`${server.url}/?anim=fast#/learn/abalalae`);
    await followTutorial(page, sc, null, -1);
    expect(await page.getAttribute('.learn-play', 'href')).toBe('#/new/abalalae');
    await page.close();
  });

  it.each(['gabata-aksum', 'gifia', 'selus'])('%s: the tutorial runs to its end', async (id) => {
    const sc = buildTutorial(id, SEED);
    const page = await open(`${server.url}/?anim=off#/learn/${id}`);
    await followTutorial(page, sc, null, -1);
    expect(await page.getAttribute('.learn-play', 'href')).toBe(`#/new/${id}`);
    // Back from the last step shows the end step again, ready to be played.
    await page.click('.learn-back');
    await page.waitForSelector(`.learn-page[data-step="${sc.steps.length - 1}"][data-phase="ready"]`);
    await page.click(`svg.board .hole[data-hole="${sc.steps[sc.steps.length - 2]!.hole}"]`);
    await page.waitForSelector('.learn-page[data-phase="played"]');
    await page.screenshot({ path: path.join(SHOTS, `${id}-end-played.png`) });
    await page.close();
  });

  it('a tap on another hole is explained and plays nothing; Back shows the previous step again', async () => {
    const sc = buildTutorial('gabata-adowa', SEED);
    const page = await open(`${server.url}/?anim=off#/learn/gabata-adowa`);
    await page.click('.learn-next');
    await page.waitForSelector('.learn-page[data-step="2"]');
    const step = sc.steps[1]!;
    const wrong = await otherHole(page, step.hole);
    await page.click(`svg.board .hole[data-hole="${wrong}"]`);
    const message = await page.textContent('.learn-message');
    expect(message).toContain(`Hole ${wrong}`);
    expect(message).toContain(String(step.hole));
    expect((await dataset(page))['phase']).toBe('ready');
    expect(await boardCounts(page)).toEqual(Array.from(step.before.counts));
    expect(await page.$$eval('.learn-comments li', (els) => els.length)).toBe(0);
    // The right hole plays; Back then shows the step before, at its start.
    await page.click(`svg.board .hole[data-hole="${step.hole}"]`);
    await page.waitForSelector('.learn-page[data-phase="played"]');
    await page.click('.learn-back');
    await page.waitForSelector('.learn-page[data-step="1"]');
    expect(await boardCounts(page)).toEqual(Array.from(sc.steps[0]!.before.counts));
    await page.click('.learn-next');
    await page.waitForSelector('.learn-page[data-step="2"][data-phase="ready"]');
    expect(await boardCounts(page)).toEqual(Array.from(step.before.counts));
    expect(await legalHoles(page)).toEqual([step.hole]);
    await page.close();
  });

  it.each(['am', 'ti'])('in %s the tutorial speaks Ge’ez, not English', async (lang) => {
    const page = await open(`${server.url}/?lang=${lang}&anim=off#/learn/abalalae`);
    const texts = [
      await page.textContent('.learn-head h1'),
      await page.textContent('.learn-title'),
      await page.textContent('.learn-intro'),
      await page.textContent('.learn-progress'),
      await page.textContent('.learn-next'),
      await page.textContent('.learn-task'),
      await page.textContent('.learn-players'),
    ];
    for (const text of texts) {
      let rest = text ?? '';
      for (const term of [...KEPT_TERMS].sort((a, b) => b.length - a.length)) rest = rest.split(term).join('');
      expect(rest).toMatch(/[\u1200-\u137f]/);
      expect(rest).not.toMatch(/[A-Za-z]/);
    }
    await page.click('.learn-next');
    await page.click('.learn-watch');
    await page.waitForSelector('.learn-page[data-phase="played"]');
    const rule = (await page.textContent('.learn-rules li')) ?? '';
    expect(rule.replace(/[A-Z]{3}-\d+/g, '')).not.toMatch(/[A-Za-z]/);
    expect(rule).toMatch(/[\u1200-\u137f]/);
    // The commentary of the race names the racers in the language (the clause ids aside).
    const lines = await page.$$eval('.learn-comments li', (els) => els.map((e) => e.textContent ?? ''));
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) expect(line.replace(/[A-Z]{3}-\d+|§\d+/g, '')).not.toMatch(/[A-Za-z]/);
    await page.screenshot({ path: path.join(SHOTS, `abalalae-${lang}-race.png`) });
    // A wrong tap is explained in the language too.
    await page.click('.learn-next');
    await page.waitForSelector('.learn-page[data-step="3"]');
    await page.click(`svg.board .hole[data-hole="${await otherHole(page, Number((await dataset(page))['hole']))}"]`);
    const message = (await page.textContent('.learn-message')) ?? '';
    expect(message).toMatch(/[\u1200-\u137f]/);
    expect(message).not.toMatch(/[A-Za-z]/);
    await page.screenshot({ path: path.join(SHOTS, `abalalae-${lang}-step3.png`) });
    await page.close();
  });

  it('on a 390 px phone: the board and the step panel fit, with no sideways scroll', async () => {
    const page = await open(`${server.url}/?anim=off#/learn/selus`, 390, 844, true);
    await page.click('.learn-next');
    await page.waitForSelector('.learn-page[data-step="2"]');
    const width = await page.evaluate(() => document.scrollingElement!.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    const board = await page.$eval('svg.board', (e) => e.getBoundingClientRect().width);
    expect(board).toBeLessThanOrEqual(390);
    await page.screenshot({ path: path.join(SHOTS, 'selus-phone-step2.png'), fullPage: true });
    // The race chosen and run: the commentary and the rules under the board, still no sideways scroll.
    await page.tap(`svg.board .hole[data-hole="${(await dataset(page))['hole']}"]`);
    await page.waitForSelector('.learn-page[data-phase="played"]');
    expect(await page.evaluate(() => document.scrollingElement!.scrollWidth)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: path.join(SHOTS, 'selus-phone-step2-played.png'), fullPage: true });
    await page.close();
  });

  it('#/learn lists every game, and an unknown game gets the list with a word', async () => {
    const page = pageErrors.watch(await browser.newPage());
    await page.goto(`${server.url}/#/learn`);
    await page.waitForSelector('.learn-games');
    const links = await page.$$eval('.learn-games a', (els) => els.map((e) => e.getAttribute('href')));
    expect(links).toEqual(['#/learn/gabata-adowa', '#/learn/gabata-aksum', '#/learn/gifia', '#/learn/selus', '#/learn/abalalae']);
    await page.goto(`${server.url}/#/learn/chess`);
    await page.waitForSelector('.learn-index .message');
    expect(await page.textContent('.learn-index .message')).toContain('chess');
    await page.close();
  });
});

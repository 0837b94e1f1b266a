/**
 * Every page of the web app on a phone (390 x 844, the width of a common phone), in English and in
 * Amharic (whose Ge'ez words are longer): the top navigation stays on one row with every item in
 * view, and the page never scrolls sideways. Real chromium against the real server; the screenshots
 * (test-output/screenshots/web-phone/) show each page as a phone shows it.
 */
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { keyed, testKey, useKey } from './helpers/web-keys.js';
import { ROOT } from './web-harness.js';
import { browser, contexts, pageErrors, server, useWebSuite } from './helpers/web-suite.js';

const SHOTS = path.join(ROOT, 'test-output', 'screenshots', 'web-phone');
const PHONE = { width: 390, height: 844 };
const KEY = testKey('web-phone');

useWebSuite('gabata-web-phone-', SHOTS);

async function phonePage(): Promise<Page> {
  const ctx = await browser.newContext({ viewport: PHONE, deviceScaleFactor: 1, isMobile: true, hasTouch: true });
  contexts.push(ctx);
  await useKey(ctx, KEY);
  return pageErrors.watch(await ctx.newPage());
}

/** How the page lies on the phone: the navigation's rows, whether it hides items, and any sideways scroll. */
interface Layout {
  /** The distinct top offsets of the navigation's items (one row: one value). */
  navRows: number[];
  /** Items of the navigation not wholly inside the screen. */
  navHidden: string[];
  /** document.scrollingElement's scrollWidth and clientWidth. */
  scrollWidth: number;
  clientWidth: number;
  /** Elements that stick out past the right edge of the screen (for the message when it fails). */
  wide: string[];
}

function layout(page: Page): Promise<Layout> {
  return page.evaluate(() => {
    const items = Array.from(document.querySelectorAll('header.site nav a'));
    const tops = [...new Set(items.map((a) => Math.round(a.getBoundingClientRect().top)))];
    const width = document.documentElement.clientWidth;
    const hidden = items
      .filter((a) => {
        const r = a.getBoundingClientRect();
        return r.left < -0.5 || r.right > width + 0.5;
      })
      .map((a) => a.textContent ?? '');
    const wide = Array.from(document.querySelectorAll('body *'))
      .filter((e) => e.getBoundingClientRect().right > width + 0.5 && e.checkVisibility())
      .filter((e) => !e.parentElement || e.parentElement.getBoundingClientRect().right <= width + 0.5)
      .slice(0, 8)
      .map((e) => `${e.tagName.toLowerCase()}.${Array.from(e.classList).join('.')} ${Math.round(e.getBoundingClientRect().right)}`);
    const root = document.scrollingElement!;
    return { navRows: tops, navHidden: hidden, scrollWidth: root.scrollWidth, clientWidth: root.clientWidth, wide };
  });
}

/** A game against the computer, made through the API with this file's key. */
async function computerGame(): Promise<string> {
  const r = await keyed(server.url, KEY, 'POST', '/api/games', { ruleset: 'gabata-adowa', seed: 7, seats: ['human', 'computer:1'] });
  expect(r.status).toBe(201);
  return r.body.game.id as string;
}

interface PhonePage {
  name: string;
  /** The address after the host; `{game}` is replaced by a new game's id. */
  route: string;
  /** What shows that the page has been drawn. */
  ready: string;
}

const PAGES: PhonePage[] = [
  { name: 'catalogue', route: '#/', ready: '.game-card' },
  { name: 'home', route: '#/games', ready: '.saved .empty, .saved .saved-game' },
  { name: 'game-page', route: '#/catalogue/selus', ready: '#race table.race-matrix' },
  { name: 'new-game', route: '#/new/gabata-adowa', ready: 'main button[type="submit"]' },
  { name: 'game', route: '#/game/{game}', ready: '.game-page[data-state="human"]' },
  { name: 'explore', route: '#/explore', ready: '.explore table.cells' },
  { name: 'about', route: '#/about', ready: '.about' },
  { name: 'lobby', route: '#/lobby', ready: '.pool-tile' },
];

/** The tutorial (#/learn/<ruleset>, src/web/tutorial.ts). */
const LEARN: PhonePage = { name: 'learn', route: '#/learn/gabata-adowa', ready: '.learn-page' };

/** Opens a page on the phone and checks its layout; returns false when the app does not have the page. */
async function checkPage(lang: 'en' | 'am', p: PhonePage): Promise<boolean> {
  const page = await phonePage();
  const route = p.route.includes('{game}') ? p.route.replace('{game}', await computerGame()) : p.route;
  await page.goto(`${server.url}/?lang=${lang}&anim=off${route}`);
  // The app's page for an address it does not know has a heading and a link home, nothing else.
  await page.waitForSelector(`${p.ready}, main#app > section.panel:only-child > h1`, { timeout: 30_000 });
  if (!(await page.$(p.ready))) return false;
  await page.evaluate(() => document.fonts.ready);
  expect(await page.evaluate(() => document.documentElement.lang)).toBe(lang);
  const at = await layout(page);
  await page.screenshot({ path: path.join(SHOTS, `${p.name}-${lang}.png`), fullPage: true });
  await page.screenshot({ path: path.join(SHOTS, `${p.name}-${lang}-screen.png`) });
  expect(at.navRows, 'the navigation wraps onto more rows').toHaveLength(1);
  expect(at.navHidden, 'navigation items outside the screen').toEqual([]);
  expect(at.scrollWidth, `the page scrolls sideways; too wide: ${at.wide.join(', ')}`).toBeLessThanOrEqual(at.clientWidth);
  return true;
}

describe.each(['en', 'am'] as const)('on a 390 px phone, in %s', (lang) => {
  it.each(PAGES)('$name: the navigation on one row, nothing wider than the screen', async (p) => {
    expect(await checkPage(lang, p), `the app has no page at ${p.route}`).toBe(true);
  });

  it('the tutorial (#/learn/gabata-adowa): the navigation on one row, nothing wider than the screen', async ({ skip }) => {
    const shown = await checkPage(lang, LEARN);
    if (!shown) skip('the app has no #/learn route yet (src/web/tutorial.ts): the tutorial page was not checked');
  });
});

/**
 * The web app in Amharic and Tigrinya, in Debian's chromium against the real server: `?lang=`
 * picks the language, the language switch remembers it, the Ge'ez text is drawn in the Noto Sans
 * Ethiopic that ships with the app (its file fetched from the server and its FontFace loaded, not
 * a fallback), and the game screen, after a move against the computer, shows no English word.
 * The About page says the translations are drafts. Screenshots go to test-output/screenshots/.
 */
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CATALOGUES, KEPT_TERMS, LANGUAGE_STORAGE_KEY, LANGUAGES } from '../src/i18n/index.js';
import { PageErrors } from './helpers/page-errors.js';
import { testKey, useKey } from './helpers/web-keys.js';
import { closeWebSuite, openWebSuite, ROOT, type RunningServer } from './web-harness.js';

const SHOTS = path.join(ROOT, 'test-output', 'screenshots');
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
const FONT_FILE = '/fonts/noto-sans-ethiopic-ethiopic-400-normal.woff2';

let dir: string;
let server: RunningServer;
let browser: Browser;
const pageErrors = new PageErrors();
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  ({ dir, server, browser } = await openWebSuite('gabata-web-i18n-', SHOTS));
});

afterEach(async () => {
  for (const c of contexts.splice(0)) await c.close();
  expect(pageErrors.take()).toEqual([]);
});

afterAll(async () => {
  await closeWebSuite({ dir, server, browser });
});

/** A fresh browser profile (its own storage) whose browser languages are `locale`'s; one page in it. */
async function newPage(size = DESKTOP, locale = 'en-US'): Promise<Page> {
  const ctx = await browser.newContext({ viewport: size, locale });
  contexts.push(ctx);
  await useKey(ctx, testKey('web-i18n'));
  return pageErrors.watch(await ctx.newPage());
}

/** What the page says about the Ge'ez font: the check, the bundled faces' status, the file fetched. */
async function fontState(page: Page): Promise<{ check: boolean; loaded: string[]; fetched: boolean; renders: boolean }> {
  await page.evaluate(() => document.fonts.ready);
  return page.evaluate((file) => {
    const faces: FontFace[] = [];
    document.fonts.forEach((f) => {
      if (f.family.replace(/["']/g, '') === 'Noto Sans Ethiopic') faces.push(f);
    });
    // The width of a Ge'ez word drawn in the bundled face, in the fallback alone, and in the page's own font.
    const ctx = document.createElement('canvas').getContext('2d')!;
    const width = (font: string): number => {
      ctx.font = font;
      return ctx.measureText('ሰላም ጨዋታ').width;
    };
    const body = getComputedStyle(document.body).fontFamily;
    return {
      check: document.fonts.check('16px "Noto Sans Ethiopic"', 'ሰላም'),
      loaded: faces.filter((f) => f.status === 'loaded').map((f) => f.weight),
      fetched: performance.getEntriesByType('resource').some((e) => e.name.endsWith(file)),
      renders:
        width(`16px ${body}`) === width('16px "Noto Sans Ethiopic"') && width('16px "Noto Sans Ethiopic"') !== width('16px monospace'),
    };
  }, FONT_FILE);
}

/** The text a person sees: every visible text node of the page (and the chosen option of each select). */
function visibleText(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const text = (n.textContent ?? '').trim();
      const parent = n.parentElement;
      if (!text || !parent || parent.closest('select, script, style')) continue;
      if (!parent.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })) continue;
      out.push(text);
    }
    document.querySelectorAll('select').forEach((s) => {
      if (s.checkVisibility()) out.push(s.selectedOptions[0]?.textContent?.trim() ?? '');
    });
    return out;
  });
}

/** Clause IDs as the rules specification writes them (ADW-07, AKS-3P-02, §8): identifiers, not words. */
const CLAUSE_ID = /\b[A-Z]{3}(?:-3P)?-\d{2}\b|§\d+(?:\.\d+)?|\bK\d\b/g;

/** The Latin words of a text once the kept terms (game names, wegue, ...) and clause IDs are taken out. */
function latinWords(texts: readonly string[]): string[] {
  const kept = [...KEPT_TERMS].sort((a, b) => b.length - a.length);
  const words = new Set<string>();
  for (const t of texts) {
    let rest = t.replace(CLAUSE_ID, ' ');
    for (const k of kept) rest = rest.split(k).join(' ');
    for (const w of rest.match(/[A-Za-z]+/g) ?? []) words.add(w);
  }
  return [...words];
}

/** Waits until the game page is in one of `states` at ply `minPly` or later. */
async function waitFor(page: Page, states: string[], minPly = 0): Promise<number> {
  await page.waitForFunction(
    ([st, ply]) => {
      const e = document.querySelector('.game-page') as HTMLElement | null;
      return !!e && (st as string[]).includes(e.dataset['state'] ?? '') && Number(e.dataset['ply']) >= (ply as number);
    },
    [states, minPly] as const,
    { timeout: 60_000 },
  );
  return page.$eval('.game-page', (e) => Number((e as HTMLElement).dataset['ply']));
}

describe('web app in Amharic and Tigrinya', () => {
  it('?lang=am: the catalogue in Amharic, its Ge’ez text in the bundled Noto Sans Ethiopic', async () => {
    const page = await newPage(PHONE);
    await page.goto(`${server.url}/?lang=am#/`);
    await page.waitForSelector('.game-card');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('am');
    const am = CATALOGUES.am;
    expect(await page.$eval('header.site nav', (e) => e.textContent)).toContain(am.web.navCatalogue);
    const cards = await page.$$eval('.game-card', (l) =>
      l.map((c) => ({
        id: c.getAttribute('data-ruleset')!,
        name: c.querySelector('.card-title')?.textContent,
        line: c.querySelector('.one-line')?.textContent,
      })),
    );
    expect(cards.length).toBeGreaterThan(0);
    for (const c of cards) {
      const game = am.game[c.id as keyof typeof am.game];
      expect(c).toEqual({ id: c.id, name: game.name, line: game.oneLine });
    }
    // The chips (region, period, board, players) and the map's places are the catalogue's words too.
    const chips = await page.$$eval('.game-card .meta .chip', (l) => l.map((e) => e.textContent ?? ''));
    expect(chips.length).toBeGreaterThan(0);
    expect(latinWords(chips)).toEqual([]);
    const places = await page.$$eval('[data-place]', (l) => l.map((e) => e.getAttribute('data-place') ?? ''));
    expect(places.length).toBeGreaterThan(0);
    expect(latinWords(places)).toEqual([]);
    const font = await fontState(page);
    expect(font).toMatchObject({ check: true, fetched: true, renders: true });
    // The regular face at least (the bold one too where a heading is Ge'ez).
    expect(font.loaded).toContain('400');
    await page.screenshot({ path: path.join(SHOTS, 'i18n-am-catalogue-phone.png'), fullPage: true });
    // A game's page: its name, one line and origin in Amharic (the sources quoted below stay as they are written).
    await page.click('.game-card[data-ruleset="gabata-aksum"] a.card-title');
    await page.waitForSelector('.cat-head h1');
    expect(await page.$eval('.cat-head h1', (e) => e.textContent)).toBe(am.game['gabata-aksum'].name);
    expect(await page.$eval('.cat-head .one-line', (e) => e.textContent)).toBe(am.game['gabata-aksum'].oneLine);
    const clauses = await page.$$eval('.cat-clauses li', (l) => l.map((e) => [e.getAttribute('data-clause'), e.textContent]));
    expect(clauses.length).toBeGreaterThan(0);
    for (const [id, text] of clauses) expect(text).toBe(`${id} ${am.clause[id as keyof typeof am.clause]}`);
    await page.screenshot({ path: path.join(SHOTS, 'i18n-am-game-page-phone.png'), fullPage: true });
  });

  for (const lang of ['am', 'ti'] as const) {
    it(`?lang=${lang}: a game against the computer, no English word left on the game screen`, async () => {
      const page = await newPage(DESKTOP);
      await page.goto(`${server.url}/?lang=${lang}&anim=off#/new/gabata-adowa`);
      await page.waitForSelector('.ruleset-card.selected[data-ruleset="gabata-adowa"]');
      await page.selectOption('select[name="seat1"]', 'human');
      await page.selectOption('select[name="seat2"]', 'computer:1');
      await page.screenshot({ path: path.join(SHOTS, `i18n-${lang}-new-game.png`), fullPage: true });
      await page.click('button.primary[type="submit"]');
      await page.waitForURL(/#\/game\//);
      await waitFor(page, ['human']);
      await page.click('svg.board .hole.legal');
      // The person's move and the computer's answer, both told in the commentary.
      await waitFor(page, ['human', 'over'], 2);
      expect(await page.evaluate(() => document.documentElement.lang)).toBe(lang);
      const text = await visibleText(page);
      expect(text.join(' ')).toMatch(/[\u1200-\u137f]/);
      expect(latinWords(text)).toEqual([]);
      const commentary = await page.$eval('.commentary', (e) => e.textContent ?? '');
      expect(commentary).toMatch(/[\u1200-\u137f]/);
      expect(await fontState(page)).toMatchObject({ check: true, fetched: true, renders: true });
      await page.screenshot({ path: path.join(SHOTS, `i18n-${lang}-game-desktop.png`) });
      await page.setViewportSize(PHONE);
      await page.screenshot({ path: path.join(SHOTS, `i18n-${lang}-game-phone.png`), fullPage: true });
    });
  }

  it('the language switch: chosen, remembered across reloads, ?lang= wins for one link', async () => {
    const page = await newPage(DESKTOP);
    await page.goto(`${server.url}/#/`);
    await page.waitForSelector('.game-card');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
    const options = await page.$$eval('header.site select[name="lang"] option', (l) =>
      l.map((o) => ({ value: (o as HTMLOptionElement).value, lang: o.getAttribute('lang'), text: o.textContent })),
    );
    expect(options).toEqual(LANGUAGES.map((l) => ({ value: l.code, lang: l.code, text: l.name })));
    await Promise.all([page.waitForEvent('load'), page.selectOption('header.site select[name="lang"]', 'am')]);
    await page.waitForSelector('.game-card');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('am');
    expect(await page.evaluate((k) => localStorage.getItem(k), LANGUAGE_STORAGE_KEY)).toBe('am');
    await page.reload();
    await page.waitForSelector('.game-card');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('am');
    expect(await page.$eval('header.site select[name="lang"]', (s) => (s as HTMLSelectElement).value)).toBe('am');
    // A link with ?lang=ti shows Tigrinya without changing the remembered choice...
    await page.goto(`${server.url}/?lang=ti#/`);
    await page.waitForSelector('.game-card');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('ti');
    expect(await page.$eval('h1', (e) => e.textContent)).toBe(CATALOGUES.ti.cat.catalogueTitle);
    expect(await page.evaluate((k) => localStorage.getItem(k), LANGUAGE_STORAGE_KEY)).toBe('am');
    // ...and choosing English there remembers it and drops ?lang= from the address.
    await Promise.all([page.waitForEvent('load'), page.selectOption('header.site select[name="lang"]', 'en')]);
    await page.waitForSelector('.game-card');
    expect(new URL(page.url()).searchParams.has('lang')).toBe(false);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
    expect(await page.$eval('h1', (e) => e.textContent)).toBe(CATALOGUES.en.cat.catalogueTitle);
  });

  it('the browser’s languages choose the first visit’s language (am-ET), English when none is ours', async () => {
    const am = await newPage(DESKTOP, 'am-ET');
    await am.goto(`${server.url}/#/`);
    await am.waitForSelector('.game-card');
    expect(await am.evaluate(() => document.documentElement.lang)).toBe('am');
    const fr = await newPage(DESKTOP, 'fr-FR');
    await fr.goto(`${server.url}/#/`);
    await fr.waitForSelector('.game-card');
    expect(await fr.evaluate(() => document.documentElement.lang)).toBe('en');
  });

  it('the About page says the translations are drafts, how to help, and credits the font', async () => {
    const page = await newPage(PHONE);
    await page.goto(`${server.url}/?lang=ti#/about`);
    await page.waitForSelector('.about');
    const ti = CATALOGUES.ti.web;
    expect(await page.$eval('.about h1', (e) => e.textContent)).toBe(ti.aboutTitle);
    expect(await page.$eval('.about .draft-notice', (e) => e.textContent)).toBe(ti.translationDraft);
    const langs = await page.$$eval('.about .translations li', (l) =>
      l.map((e) => ({ lang: e.getAttribute('data-lang'), status: e.getAttribute('data-status'), text: e.textContent })),
    );
    expect(langs.map((l) => [l.lang, l.status])).toEqual(LANGUAGES.map((l) => [l.code, CATALOGUES[l.code]._meta.status]));
    expect(langs[2]!.text).toBe(ti.translationStatusDraft.replace('{{language}}', 'ትግርኛ'));
    expect(await page.$eval('.about', (e) => e.textContent)).toContain(ti.fontCredit);
    expect(await page.$eval('.about', (e) => e.textContent)).toContain('docs/translating.md');
    await page.screenshot({ path: path.join(SHOTS, 'i18n-ti-about-phone.png'), fullPage: true });
    // In English, the source language, the page has no draft notice.
    await page.goto(`${server.url}/?lang=en#/about`);
    await page.waitForSelector('.about');
    expect(await page.$$('.about .draft-notice')).toHaveLength(0);
    expect(await page.$eval('.about h1', (e) => e.textContent)).toBe(CATALOGUES.en.web.aboutTitle);
  });
});

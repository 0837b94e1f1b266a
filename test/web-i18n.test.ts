/**
 * The web app in Amharic and Tigrinya, in Debian's chromium against the real server: `?lang=`
 * picks the language, the language switch remembers it, the Ge'ez text is drawn in the Noto Sans
 * Ethiopic that ships with the app (its file fetched from the server and its FontFace loaded, not
 * a fallback), and the game screen, after a move against the computer, shows no English word.
 * The About page says the translations are drafts. Screenshots go to test-output/screenshots/.
 */
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { MAX_MOVES, MOVE_PASS } from '../packages/engine/src/core/game.js';
import { Rng } from '../packages/engine/src/core/rng.js';
import { PHASE_OVER, PHASE_RACE } from '../packages/engine/src/core/state.js';
import { getRuleset } from '../packages/engine/src/games/index.js';
import { CATALOGUES, KEPT_TERMS, LANGUAGE_STORAGE_KEY, LANGUAGES } from '../src/i18n/index.js';
import { makeRecord, recordJointMoveText, recordMoveText } from '../packages/engine/src/notation/record.js';
import { keyed, testKey, useKey } from './helpers/web-keys.js';
import { ROOT } from './web-harness.js';
import { browser, contexts, pageErrors, server, useWebSuite } from './helpers/web-suite.js';

const SHOTS = path.join(ROOT, 'test-output', 'screenshots');
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
const FONT_FILE = '/fonts/noto-sans-ethiopic-ethiopic-400-normal.woff2';

useWebSuite('gabata-web-i18n-', SHOTS);

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

/**
 * Every word a person meets on the page, seen or heard: the visible text and the accessible names
 * and hints (aria-label, title, placeholder, alt, SVG titles) and the document's title, leaving out
 * what is not words of the page's language: code and identifiers (<code>), bibliographic citations
 * (<cite>), what the page marks as not to translate (translate="no": the sources' names and titles,
 * option names in a plot), text marked as another language (a language's own name: lang="en") and
 * a board landmark's letter (C for the chafa enda, a kept term).
 */
function pageWords(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const lang = document.documentElement.lang;
    // A board landmark's letter abbreviates a kept term ('C': chafa enda; the board's own words are src/web/board.ts's).
    const aside = (e: Element): boolean =>
      !!e.closest(`code, cite, [translate="no"], script, style, [lang]:not([lang="${lang}"]), .landmark`);
    const shown = (e: Element): boolean => e.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true });
    const out: string[] = [document.title];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const text = (n.textContent ?? '').trim();
      const parent = n.parentElement;
      if (!text || !parent || parent.closest('select, title') || aside(parent) || !shown(parent)) continue;
      out.push(text);
    }
    for (const e of Array.from(document.body.querySelectorAll('[aria-label], [title], [placeholder], [alt]'))) {
      if (aside(e) || !shown(e)) continue;
      // A hole's name repeats the letters drawn in it (so that the name holds the visible text): its
      // landmark's letter, left out above, is left out here too, once, as a word of its own.
      const letter = e.querySelector(':scope > .landmark')?.textContent?.trim() ?? '';
      const name = e.getAttribute('aria-label') ?? '';
      out.push(letter ? name.replace(new RegExp(`(^|\\s)${letter}(?![A-Za-z])`), '$1') : name);
      for (const a of ['title', 'placeholder', 'alt']) out.push(e.getAttribute(a) ?? '');
    }
    for (const t of Array.from(document.body.querySelectorAll('svg title'))) {
      if (t.parentElement && !aside(t.parentElement) && shown(t.parentElement)) out.push(t.textContent ?? '');
    }
    for (const s of Array.from(document.querySelectorAll('select'))) {
      if (shown(s) && !aside(s))
        out.push(
          ...Array.from(s.options)
            .filter((o) => !aside(o))
            .map((o) => o.textContent ?? ''),
        );
    }
    return out.filter((t) => t.trim() !== '');
  });
}

/** The texts of the page (see pageWords) that still hold Latin words, each with those words first. */
async function englishLeft(page: Page): Promise<string[]> {
  const left = new Set<string>();
  for (const t of await pageWords(page)) {
    const words = latinWords([t]);
    if (words.length) left.add(`${words.slice(0, 6).join(' ')} <- ${t.slice(0, 90)}`);
  }
  return [...left];
}

/**
 * Elements whose own text (or placeholder) is Ge'ez but whose font list lacks the bundled Noto Sans
 * Ethiopic: drawn as empty boxes where the system has no Ethiopic font.
 */
function geezWithoutFont(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    Array.from(document.body.querySelectorAll('*'))
      .filter(
        (e) =>
          Array.from(e.childNodes).some((n) => n.nodeType === Node.TEXT_NODE && /[\u1200-\u137f]/.test(n.textContent ?? '')) ||
          /[\u1200-\u137f]/.test(e.getAttribute('placeholder') ?? ''),
      )
      .filter((e) => !getComputedStyle(e).fontFamily.includes('Noto Sans Ethiopic'))
      .map((e) => `${e.tagName.toLowerCase()}.${e.getAttribute('class') ?? ''}: ${(e.textContent ?? '').slice(0, 40)}`),
  );
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

/** A whole Selus game of seeded random moves, to its end, as a record that the server can import. */
function finishedSelusRecord(seed: number): unknown {
  const made = getRuleset('selus');
  if (!made.ok) throw made.error;
  const created = made.value.create({});
  if (!created.ok) throw created.error;
  const game = created.value;
  const rng = new Rng(seed);
  const buf = new Int32Array(MAX_MOVES);
  const s = game.newState(seed);
  const moves: string[] = [];
  for (let ply = 0; ply < 3000 && s.phase !== PHASE_OVER; ply++) {
    if (s.phase === PHASE_RACE && s.toMove === 0) {
      // moves[p] for players 1..players (index 0 unused).
      const joint = Array.from({ length: s.players + 1 }, (_, p) => {
        const n = p === 0 ? 0 : game.legalMovesFor(s, p, buf);
        return n > 0 ? buf[rng.int(n)]! : MOVE_PASS;
      });
      moves.push(recordJointMoveText(game, s, joint));
      game.applyJoint(s, joint, []);
    } else {
      const n = game.legalMoves(s, buf);
      const move = buf[rng.int(n)]!;
      moves.push(recordMoveText(game, s, move));
      game.apply(s, move, []);
    }
  }
  expect(s.phase).toBe(PHASE_OVER);
  return makeRecord({ game, seed, moves, agents: ['human', 'human'] });
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
      const game = am.game[c.id]!;
      expect(c).toEqual({ id: c.id, name: game['name'], line: game['oneLine'] });
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
    expect(await page.$eval('.cat-head h1', (e) => e.textContent)).toBe(am.game['gabata-aksum']!['name']);
    expect(await page.$eval('.cat-head .one-line', (e) => e.textContent)).toBe(am.game['gabata-aksum']!['oneLine']);
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
      expect(await geezWithoutFont(page)).toEqual([]);
      const commentary = await page.$eval('.commentary', (e) => e.textContent ?? '');
      expect(commentary).toMatch(/[\u1200-\u137f]/);
      expect(await fontState(page)).toMatchObject({ check: true, fetched: true, renders: true });
      // The Rules panel, opened: its summary, its clauses and the options in effect speak the page's language too.
      await page.click('.rules-panel summary');
      expect(latinWords(await pageWords(page))).toEqual([]);
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
    // The shipped rulesets are all translated: no list of games shown in English (test/i18n-untranslated.test.ts has one).
    expect(await page.$('.about .untranslated')).toBeNull();
    await page.screenshot({ path: path.join(SHOTS, 'i18n-ti-about-phone.png'), fullPage: true });
    // In English, the source language, the page has no draft notice.
    await page.goto(`${server.url}/?lang=en#/about`);
    await page.waitForSelector('.about');
    expect(await page.$$('.about .draft-notice')).toHaveLength(0);
    expect(await page.$eval('.about h1', (e) => e.textContent)).toBe(CATALOGUES.en.web.aboutTitle);
  });

  /** The pages around the game screen, in Amharic, and one of them in Tigrinya. */
  const AROUND: { name: string; lang: 'am' | 'ti'; route: string; ready: string }[] = [
    { name: 'explore', lang: 'am', route: '#/explore', ready: '.explore table.cells' },
    { name: 'explore', lang: 'ti', route: '#/explore', ready: '.explore table.cells' },
    { name: 'game-page-selus', lang: 'am', route: '#/catalogue/selus', ready: '#race table.race-matrix' },
    { name: 'game-page-selus', lang: 'ti', route: '#/catalogue/selus', ready: '#race table.race-matrix' },
    { name: 'about', lang: 'am', route: '#/about', ready: '.about' },
    { name: 'catalogue', lang: 'am', route: '#/', ready: '.game-card' },
    // Every other game's page too: their evidence records, map and concepts (no race panel there).
    ...['gabata-adowa', 'gabata-aksum', 'abalalae', 'gifia'].map((id) => ({
      name: `game-page-${id}`,
      lang: 'am' as const,
      route: `#/catalogue/${id}`,
      ready: `.cat-game[data-ruleset="${id}"] .concepts`,
    })),
  ];

  for (const p of AROUND) {
    it(`?lang=${p.lang}: ${p.name} shows no English word (text, accessible names, titles)`, async () => {
      const page = await newPage(PHONE);
      await page.goto(`${server.url}/?lang=${p.lang}${p.route}`);
      await page.waitForSelector(p.ready);
      expect(await page.evaluate(() => document.documentElement.lang)).toBe(p.lang);
      expect((await pageWords(page)).join(' ')).toMatch(/[\u1200-\u137f]/);
      // A game's page leads to its tutorial.
      const game = /^#\/catalogue\/(.+)$/.exec(p.route)?.[1];
      if (game) expect(await page.getAttribute('.cat-head a[data-action="learn"]', 'href')).toBe(`#/learn/${game}`);
      await page.screenshot({ path: path.join(SHOTS, `i18n-${p.lang}-${p.name}-phone.png`), fullPage: true });
      expect(await englishLeft(page)).toEqual([]);
      // Plots and maps set their own fonts: each must reach the Ge'ez font too.
      expect(await geezWithoutFont(page)).toEqual([]);
    });
  }

  it('?lang=am: the saved games (with a game in the list) and the tutorial link show no English word', async () => {
    const page = await newPage(PHONE);
    const key = testKey('web-i18n');
    const made = await keyed(server.url, key, 'POST', '/api/games', { ruleset: 'selus', seed: 4, seats: ['human', 'computer:1'] });
    expect(made.status).toBe(201);
    // A finished game too: its result line (the server's words, 'player 2 wins (30-24)') in the page's language.
    const over = await keyed(server.url, key, 'POST', '/api/games/import', finishedSelusRecord(3));
    expect(over.status, JSON.stringify(over.body)).toBe(201);
    expect(over.body.game.result).toMatch(/^(player \d wins|draw) \(/);
    await page.goto(`${server.url}/?lang=am#/games`);
    await page.waitForSelector(`.saved-game[data-game="${made.body.game.id as string}"]`);
    await page.waitForSelector(`.saved-game[data-game="${over.body.game.id as string}"] .result`);
    expect(await page.$eval('.hero a[data-action="learn"]', (a) => a.getAttribute('href'))).toBe('#/learn');
    await page.screenshot({ path: path.join(SHOTS, 'i18n-am-home-phone.png'), fullPage: true });
    expect(await englishLeft(page)).toEqual([]);
    expect(await geezWithoutFont(page)).toEqual([]);
  });

  it('?lang=am: an invitation that cannot be used says so with no English word', async () => {
    // Not watched for console errors: the browser itself logs the refused request (403). Uncaught errors still count.
    const ctx = await browser.newContext({ viewport: PHONE });
    contexts.push(ctx);
    await useKey(ctx, testKey('web-i18n'));
    const page = await ctx.newPage();
    const uncaught: string[] = [];
    page.on('pageerror', (e) => uncaught.push(e.message));
    const made = await keyed(server.url, testKey('web-i18n-host'), 'POST', '/api/games', {
      ruleset: 'gabata-adowa',
      seats: ['human', 'invite'],
    });
    expect(made.status).toBe(201);
    await page.goto(`${server.url}/?lang=am#/join/${made.body.game.id as string}/not-the-token`);
    await page.waitForSelector('.join:not([data-state="joining"])');
    expect(await page.$eval('.join h1', (e) => e.textContent)).toBe(CATALOGUES.am.web.joinFailed);
    await page.screenshot({ path: path.join(SHOTS, 'i18n-am-join-phone.png'), fullPage: true });
    expect(await englishLeft(page)).toEqual([]);
    expect(await geezWithoutFont(page)).toEqual([]);
    expect(uncaught).toEqual([]);
  });
});

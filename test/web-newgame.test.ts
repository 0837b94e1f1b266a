/**
 * The new-game screen in plain words (issue 15), in Debian's chromium against the real server:
 * the rules are said as sentences and the readings sit in "Advanced (rule readings)", closed by
 * default, every one with its option name in code; the main part shows no option names and no
 * "SPEC §"; a changed reading is marked, reset by "Reset to defaults", and carried into the game
 * the server creates; in Amharic and Tigrinya no English word is left (beyond the kept terms,
 * the option names in code, clause ids and the sources' titles); a phone never scrolls sideways.
 * Screenshots go to test-output/screenshots/web-newgame/.
 */
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { type OptionSpec, optionValueWords } from '../packages/engine/src/core/options.js';
import { RULESETS } from '../packages/engine/src/games/index.js';
import { CATALOGUES, createI18n, KEPT_TERMS } from '../src/i18n/index.js';
import { GUARD_OPTIONS, optionLabel, valueWords } from '../src/web/option-words.js';
import { keyed, testKey, useKey } from './helpers/web-keys.js';
import { ROOT } from './web-harness.js';
import { browser, contexts, pageErrors, server, useWebSuite } from './helpers/web-suite.js';

const SHOTS = path.join(ROOT, 'test-output', 'screenshots', 'web-newgame');
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
const KEY = testKey('web-newgame');
/** The options a player chooses in the main part; every other one is a reading under Advanced. */
const MAIN = new Set(['players', 'firstPlayer', 'openingMode', 'rounds']);
const ALL_NAMES = new Set(RULESETS.flatMap((r) => r.options.map((o) => o.name)));
const EN = createI18n('en');

useWebSuite('gabata-web-newgame-', SHOTS);

async function newPage(size = DESKTOP): Promise<Page> {
  const ctx = await browser.newContext({ viewport: size, locale: 'en-US' });
  contexts.push(ctx);
  await useKey(ctx, KEY);
  return pageErrors.watch(await ctx.newPage());
}

async function openScreen(page: Page, ruleset: string, lang = 'en'): Promise<void> {
  await page.goto(`${server.url}/?lang=${lang}&anim=off#/new/${ruleset}`);
  await page.waitForSelector(`.ruleset-card.selected[data-ruleset="${ruleset}"]`);
}

const advancedOf = (r: (typeof RULESETS)[number]): OptionSpec[] => r.options.filter((o) => !MAIN.has(o.name));

/**
 * The text a person sees inside `scope`: visible text nodes and each visible select's chosen
 * option; with `words`, only words: the option names in code, clause ids (`.refs`) and the
 * sources' bibliographic text (`.biblio`) are left out.
 */
function visibleText(page: Page, scope: string, words = false): Promise<string[]> {
  return page.evaluate(
    ([sel, onlyWords]) => {
      const out: string[] = [];
      const root = document.querySelector(sel as string)!;
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        const text = (n.textContent ?? '').trim();
        const parent = n.parentElement;
        if (!text || !parent || parent.closest('select, script, style')) continue;
        if (onlyWords && parent.closest('code, .refs, .biblio')) continue;
        if (!parent.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })) continue;
        out.push(text);
      }
      root.querySelectorAll('select').forEach((s) => {
        if (s.checkVisibility()) out.push(s.selectedOptions[0]?.textContent?.trim() ?? '');
      });
      return out;
    },
    [scope, words] as const,
  );
}

/** The Latin words of a text once the kept terms (game names, wegue, nedf, chafa enda, Ludii) are taken out. */
function latinWords(texts: readonly string[]): string[] {
  const kept = [...KEPT_TERMS].sort((a, b) => b.length - a.length);
  const found = new Set<string>();
  for (const t of texts) {
    let rest = t;
    for (const k of kept) rest = rest.split(k).join(' ');
    for (const w of rest.match(/[A-Za-z]+/g) ?? []) found.add(w);
  }
  return [...found];
}

/** The option names shown in the Advanced section's legends. */
const advancedNames = (page: Page): Promise<string[]> =>
  page.$$eval('details.advanced fieldset.option', (l) =>
    l.map((f) => `${f.getAttribute('data-option')}=${f.querySelector('legend code')?.textContent}`),
  );

describe('the new-game screen in plain words', () => {
  it('Advanced is closed by default and holds every reading of each ruleset with its name; the rules are said as sentences', async () => {
    const page = await newPage(DESKTOP);
    for (const r of RULESETS) {
      await openScreen(page, r.info.id);
      expect(await page.$eval('details.advanced', (d) => (d as HTMLDetailsElement).open)).toBe(false);
      expect(await page.isVisible('details.advanced fieldset.option')).toBe(false);
      const advanced = advancedOf(r);
      expect((await advancedNames(page)).sort()).toEqual(advanced.map((o) => `${o.name}=${o.name}`).sort());
      // ...and names the options asked in the main part: every option of the ruleset is named there.
      const above = await page.$$eval('details.advanced .chosen-above code', (l) => l.map((e) => e.textContent));
      expect(above.sort()).toEqual(
        r.options
          .filter((o) => MAIN.has(o.name))
          .map((o) => o.name)
          .sort(),
      );
      // The options a player chooses are in the main part, asked in plain words.
      for (const o of r.options.filter((x) => MAIN.has(x.name))) {
        const legend = await page.$eval(
          `form.newgame fieldset[data-option="${o.name}"]:not(details.advanced *) legend`,
          (e) => e.textContent,
        );
        expect(legend).toBe(optionLabel(EN, r.info.id, o));
      }
      // Each reading (not the limits) as a sentence: the question and the default's answer.
      const lines = await page.$$eval('ul.rule-lines li', (l) => l.map((e) => [e.getAttribute('data-option'), e.textContent]));
      const readings = advanced.filter((o) => !GUARD_OPTIONS.has(o.name));
      expect(lines).toEqual(readings.map((o) => [o.name, `${optionLabel(EN, r.info.id, o)} ${valueWords(EN, r.info.id, o, o.default)}`]));
      expect(await page.$eval('a.learn-link', (a) => a.getAttribute('href'))).toBe(`#/learn/${r.info.id}`);
    }
  });

  it('the main part shows no option name and no "SPEC §", before and after Advanced is opened', async () => {
    const page = await newPage(DESKTOP);
    for (const r of RULESETS) {
      await openScreen(page, r.info.id);
      const closed = await visibleText(page, 'form.newgame', true);
      await page.click('details.advanced > summary');
      const main = await page.$$eval('form.newgame > *', (l) => l.length);
      expect(main).toBeGreaterThan(2);
      for (const text of [closed, await visibleText(page, 'form.newgame > section.players', true)]) {
        const joined = text.join(' ');
        expect(joined).not.toMatch(/SPEC|§/);
        expect(joined.match(/\b[a-z]+[A-Z]\w*/g) ?? []).toEqual([]);
        expect((joined.match(/\b\w+\b/g) ?? []).filter((w) => ALL_NAMES.has(w) && /[A-Z]/.test(w))).toEqual([]);
      }
      // Open, the names are there, each in code.
      const codes = await page.$$eval('details.advanced legend code.option-name', (l) => l.map((e) => e.textContent));
      expect(codes.length).toBe(advancedOf(r).length);
    }
  });

  it('a changed reading is marked and counted, Reset restores the defaults, and a started game carries the change', async () => {
    const page = await newPage(DESKTOP);
    await openScreen(page, 'gabata-aksum');
    await page.click('details.advanced > summary');
    expect(await page.isVisible('details.advanced button.reset')).toBe(false);
    expect(await page.$$('details.advanced fieldset.option.changed')).toHaveLength(0);
    await page.check('fieldset[data-option="captureGate"] input[value="none"]');
    await page.fill('fieldset[data-option="maxTurnsPerRound"] input', '500');
    await page.dispatchEvent('fieldset[data-option="maxTurnsPerRound"] input', 'change');
    const marked = await page.$$eval('details.advanced fieldset.option.changed', (l) => l.map((f) => f.getAttribute('data-option')));
    expect(marked.sort()).toEqual(['captureGate', 'maxTurnsPerRound']);
    expect(await page.isVisible('fieldset[data-option="captureGate"] .changed-mark')).toBe(true);
    expect(await page.textContent('fieldset[data-option="captureGate"] .changed-mark')).toBe(CATALOGUES.en.options.changed);
    expect(await page.textContent('details.advanced .changed-count')).toBe('2 changed');
    expect(await page.isVisible('details.advanced button.reset')).toBe(true);
    // The sentence says the changed reading, marked.
    const line = await page.$eval('ul.rule-lines li[data-option="captureGate"]', (e) => ({
      changed: e.classList.contains('changed'),
      text: e.textContent,
    }));
    expect(line.changed).toBe(true);
    const captureGate = RULESETS.find((r) => r.info.id === 'gabata-adowa')!.options.find((o) => o.name === 'captureGate')!;
    expect(line.text).toContain(optionValueWords(captureGate, 'none'));
    await page.screenshot({ path: path.join(SHOTS, 'newgame-en-desktop-changed.png'), fullPage: true });
    await page.locator('details.advanced > summary').scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(SHOTS, 'newgame-en-desktop-advanced.png') });

    await page.click('details.advanced button.reset');
    expect(await page.$$('details.advanced fieldset.option.changed')).toHaveLength(0);
    expect(await page.$$('ul.rule-lines li.changed')).toHaveLength(0);
    expect(await page.isVisible('details.advanced .changed-count')).toBe(false);
    expect(await page.isVisible('details.advanced button.reset')).toBe(false);
    expect(await page.$eval('details.advanced', (d) => (d as HTMLDetailsElement).open)).toBe(true);
    expect(await page.isChecked('fieldset[data-option="captureGate"] input[value="firstTurnOfRound"]')).toBe(true);
    expect(await page.inputValue('fieldset[data-option="maxTurnsPerRound"] input')).toBe('2000');

    // Changed again, then started: the server's game has the changed readings and the defaults of the rest.
    await page.check('fieldset[data-option="wegueContinuation"] input[value="optional"]');
    await page.check('fieldset[data-option="chafaAppliesToRelay"] input[value="true"]');
    await page.selectOption('select[name="seat2"]', 'computer:1');
    await page.click('.start-row.end button.primary');
    await page.waitForURL(/#\/game\//);
    const id = /#\/game\/([\w-]+)/.exec(page.url())![1]!;
    const got = await keyed(server.url, KEY, 'GET', `/api/games/${id}`);
    expect(got.status).toBe(200);
    const aksum = RULESETS.find((r) => r.info.id === 'gabata-aksum')!;
    const expected = Object.fromEntries(aksum.options.map((o) => [o.name, o.default]));
    expect(got.body.game.options).toEqual({ ...expected, wegueContinuation: 'optional', chafaAppliesToRelay: true });
  });

  for (const lang of ['am', 'ti'] as const) {
    it(`?lang=${lang}: no English word is left on the screen, Advanced open or closed`, async () => {
      const page = await newPage(DESKTOP);
      for (const r of RULESETS) {
        await openScreen(page, r.info.id, lang);
        const closed = await visibleText(page, 'main', true);
        expect(closed.join(' ')).toMatch(/[\u1200-\u137f]/);
        expect(latinWords(closed), `${r.info.id} closed`).toEqual([]);
        await page.click('details.advanced > summary');
        const open = await visibleText(page, 'main', true);
        expect(latinWords(open), `${r.info.id} open`).toEqual([]);
        // The words are the catalogue's, in this language.
        const legend = await page.$eval('details.advanced fieldset.option legend .label', (e) => e.textContent);
        expect(legend).toBe(optionLabel(createI18n(lang), r.info.id, advancedOf(r)[0]!));
        if (lang === 'am' && r.info.id === 'gabata-aksum') {
          await page.screenshot({ path: path.join(SHOTS, 'newgame-am-desktop.png'), fullPage: true });
          await page.locator('details.advanced > summary').scrollIntoViewIfNeeded();
          await page.screenshot({ path: path.join(SHOTS, 'newgame-am-desktop-advanced.png') });
        }
      }
    });
  }

  it('on a phone (390x844) nothing scrolls sideways, in English and Amharic, Advanced open', async () => {
    const page = await newPage(PHONE);
    for (const lang of ['en', 'am']) {
      for (const r of RULESETS) {
        await openScreen(page, r.info.id, lang);
        await page.click('details.advanced > summary');
        const widths = await page.evaluate(() => ({
          scroll: document.documentElement.scrollWidth,
          client: document.documentElement.clientWidth,
        }));
        expect(widths.scroll, `${lang} ${r.info.id}`).toBeLessThanOrEqual(widths.client);
        if (r.info.id === 'selus') {
          await page.screenshot({ path: path.join(SHOTS, `newgame-${lang}-phone-selus.png`), fullPage: true });
          await page.locator('details.advanced fieldset.option').first().scrollIntoViewIfNeeded();
          await page.screenshot({ path: path.join(SHOTS, `newgame-${lang}-phone-advanced.png`) });
        }
      }
      await openScreen(page, 'gabata-adowa', lang);
      await page.screenshot({ path: path.join(SHOTS, `newgame-${lang}-phone.png`), fullPage: true });
    }
    await page.setViewportSize(DESKTOP);
    await openScreen(page, 'gabata-adowa', 'en');
    await page.screenshot({ path: path.join(SHOTS, 'newgame-en-desktop.png'), fullPage: true });
  });
});

/**
 * Every page of the web app, in English and in Amharic, on a 390 px phone (issue 23):
 * - axe-core (the version Lighthouse ships, node_modules/axe-core) finds no violation;
 * - every tap target (links, buttons, selects, inputs, summaries, the board's holes, the map's
 *   markers) is at least 44 x 44 CSS px; a check box or radio button counts with the label that
 *   wraps it (a tap on the label ticks it). Links inside a sentence are exempt, as WCAG 2.5.8 has it;
 * - no text is smaller than 11 px as drawn, SVG text (the charts' labels, the board's marks)
 *   included, scaled by its drawing's transform.
 * Real chromium against the real server; the game page is a game against the computer. Positions
 * whose holes show mark and landmark letters beside their counts (wegues at Adowa, a nedf and its
 * guardian at Selus, wegues and the chafa endas at Aksum) are checked by axe too: each hole's name
 * holds what it shows.
 */
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { Rng } from '../packages/engine/src/core/rng.js';
import { PHASE_OVER, type State } from '../packages/engine/src/core/state.js';
import type { Game } from '../packages/engine/src/core/game.js';
import { isSimultaneous, legalMoveList, legalMoveListFor } from '../packages/engine/src/notation/move.js';
import { keyed, testKey, useKey } from './helpers/web-keys.js';
import { replayStored, ROOT } from './web-harness.js';
import { browser, contexts, pageErrors, server, useWebSuite } from './helpers/web-suite.js';

const SHOTS = path.join(ROOT, 'test-output', 'screenshots', 'web-axe');
const AXE = path.join(ROOT, 'node_modules', 'axe-core', 'axe.min.js');
const PHONE = { width: 390, height: 844 };
const KEY = testKey('web-axe');
/** The smallest tap target, in CSS px on each side. */
const TAP = 44;
/** The smallest text, in CSS px as drawn. */
const TEXT = 11;

useWebSuite('gabata-web-axe-', SHOTS);

interface AppPage {
  name: string;
  /** The address after the host; `{game}` is replaced by a new game's id. */
  route: string;
  /** What shows that the page has been drawn. */
  ready: string;
}

const PAGES: AppPage[] = [
  { name: 'catalogue', route: '#/', ready: '.game-card' },
  { name: 'game-page-adowa', route: '#/catalogue/gabata-adowa', ready: 'main#app h1' },
  { name: 'game-page-selus', route: '#/catalogue/selus', ready: '#race table.race-matrix' },
  { name: 'saved-games', route: '#/games', ready: '.saved .empty, .saved .saved-game' },
  { name: 'new-game', route: '#/new/gabata-adowa', ready: 'main button[type="submit"]' },
  { name: 'game', route: '#/game/{game}', ready: '.game-page[data-state="human"]' },
  { name: 'explore', route: '#/explore', ready: '.explore table.cells' },
  { name: 'about', route: '#/about', ready: '.about' },
  { name: 'lobby', route: '#/lobby', ready: '.pool-tile' },
  { name: 'learn', route: '#/learn/gabata-adowa', ready: '.learn-page' },
  { name: 'account', route: '#/account', ready: 'main#app form, main#app .account' },
  { name: 'leaderboard', route: '#/leaderboard/gabata-adowa', ready: 'main#app h1' },
  { name: 'not-found', route: '#/no-such-page', ready: 'main#app > section.panel > h1' },
];

async function phonePage(): Promise<Page> {
  // bypassCSP: the app's policy allows no injected script, and axe is one.
  const ctx = await browser.newContext({ viewport: PHONE, deviceScaleFactor: 1, isMobile: true, hasTouch: true, bypassCSP: true });
  contexts.push(ctx);
  await useKey(ctx, KEY);
  return pageErrors.watch(await ctx.newPage());
}

/** A game against the computer, made through the API with this file's key. */
async function computerGame(): Promise<string> {
  const r = await keyed(server.url, KEY, 'POST', '/api/games', { ruleset: 'gabata-adowa', seed: 7, seats: ['human', 'computer:1'] });
  expect(r.status).toBe(201);
  return r.body.game.id as string;
}

async function open(lang: 'en' | 'am', p: AppPage): Promise<Page> {
  const page = await phonePage();
  const route = p.route.includes('{game}') ? p.route.replace('{game}', await computerGame()) : p.route;
  await page.goto(`${server.url}/?lang=${lang}&anim=off${route}`);
  await page.waitForSelector(p.ready, { timeout: 30_000 });
  await page.evaluate(() => document.fonts.ready);
  // Lazy parts (the map's outline) and late answers (the lobby's pools) settle.
  await page.waitForLoadState('networkidle');
  expect(await page.evaluate(() => document.documentElement.lang)).toBe(lang);
  return page;
}

/** axe's violations, one line each: rule, impact, and the first elements. */
async function axeViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ path: AXE });
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(ctx: Document, o: object): Promise<{ violations: AxeResult[] }> } }).axe;
    interface AxeResult {
      id: string;
      impact: string;
      nodes: { target: string[]; failureSummary?: string }[];
    }
    const r = await axe.run(document, { resultTypes: ['violations'] });
    return r.violations.map(
      (v) =>
        `${v.id} (${v.impact}) x${v.nodes.length}: ${v.nodes
          .slice(0, 3)
          .map((n) => n.target.join(' '))
          .join(' | ')}`,
    );
  });
}

/** Tap targets smaller than TAP, and texts smaller than TEXT, as the page draws them. */
function smallThings(page: Page, tap: number, text: number): Promise<{ targets: string[]; texts: string[]; checked: number[] }> {
  return page.evaluate(
    ([tap, text]) => {
      const name = (e: Element): string => {
        const cls = Array.from(e.classList).slice(0, 2).join('.');
        const label = (e.getAttribute('aria-label') ?? e.textContent ?? '').trim().slice(0, 24);
        return `${e.tagName.toLowerCase()}${cls ? `.${cls}` : ''} "${label}"`;
      };
      const shown = (e: Element): boolean => {
        const r = e.getBoundingClientRect();
        return (
          r.width > 0 && r.height > 0 && e.checkVisibility({ visibilityProperty: true, opacityProperty: true } as CheckVisibilityOptions)
        );
      };
      // A link inside running text (a paragraph or list item with words of its own) is exempt.
      const inSentence = (e: Element): boolean => {
        if (e.tagName !== 'A') return false;
        const block = e.closest('p, li, td, dd, figcaption, small');
        if (!block) return false;
        const own = Array.from(block.childNodes).some((n) => n.nodeType === Node.TEXT_NODE && (n.textContent ?? '').trim() !== '');
        return own;
      };
      const selector = 'a[href], button, select, input:not([type="hidden"]), textarea, summary, [role="button"], [tabindex="0"], [onclick]';
      const targets: string[] = [];
      let nTargets = 0;
      for (const e of Array.from(document.querySelectorAll(selector))) {
        if (!shown(e) || inSentence(e)) continue;
        if ((e as HTMLElement).closest('[inert], [aria-hidden="true"]')) continue;
        const box = (e.closest('label') ?? e).getBoundingClientRect();
        nTargets++;
        if (box.width + 0.5 < tap || box.height + 0.5 < tap) targets.push(`${name(e)} ${Math.round(box.width)}x${Math.round(box.height)}`);
      }
      const texts: string[] = [];
      let nTexts = 0;
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      const seen = new Set<Element>();
      for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        const e = n.parentElement;
        if (!e || seen.has(e) || (n.textContent ?? '').trim() === '' || !shown(e)) continue;
        if (e.closest('script, style, [aria-hidden="true"] option')) continue;
        seen.add(e);
        nTexts++;
        let size = Number.parseFloat(getComputedStyle(e).fontSize);
        if (e instanceof SVGElement) {
          const m = (e as unknown as SVGGraphicsElement).getScreenCTM?.();
          if (m) size *= Math.hypot(m.a, m.b);
        }
        if (size + 0.05 < text) texts.push(`${name(e)} ${size.toFixed(1)}px`);
      }
      return { targets, texts, checked: [nTargets, nTexts] };
    },
    [tap, text] as const,
  );
}

describe.each(['en', 'am'] as const)('every page on a 390 px phone, in %s', (lang) => {
  it.each(PAGES)('$name: axe finds no violation', async (p) => {
    const page = await open(lang, p);
    await page.screenshot({ path: path.join(SHOTS, `${p.name}-${lang}.png`), fullPage: true });
    expect(await axeViolations(page)).toEqual([]);
  });

  it.each(PAGES)(`$name: tap targets >= ${TAP} px, text >= ${TEXT} px`, async (p) => {
    const page = await open(lang, p);
    const small = await smallThings(page, TAP, TEXT);
    // The page was measured: it has targets and text.
    expect(small.checked[0]).toBeGreaterThan(0);
    expect(small.checked[1]).toBeGreaterThan(0);
    expect(small.targets, 'tap targets smaller than 44 x 44').toEqual([]);
    expect(small.texts, 'text smaller than 11 px').toEqual([]);
  });
});

/** A position whose holes show letters: a ruleset, a seed, and what the position must have. */
interface Marked {
  name: string;
  ruleset: string;
  seed: number;
  /** Holes with a mark (wegue, nedf) and landmarks (chafa enda, guardian) the position must have at least. */
  marks: number;
  landmarks: number;
}

const MARKED: Marked[] = [
  { name: 'adowa-wegues', ruleset: 'gabata-adowa', seed: 1, marks: 2, landmarks: 0 },
  { name: 'selus-nedf-guardian', ruleset: 'selus', seed: 2, marks: 1, landmarks: 1 },
  { name: 'aksum-wegue-chafa', ruleset: 'gabata-aksum', seed: 1, marks: 1, landmarks: 2 },
];

const enough = (game: Game, s: State, m: Marked): boolean =>
  s.marks.filter((x) => x !== 0).length >= m.marks && (game.landmarks?.(s).length ?? 0) >= m.landmarks;

/**
 * A game of two seats held by this file's key, played through the API with seeded random moves
 * (a race's choices as one joint move) until its position has the marks and landmarks asked for,
 * a person to move.
 */
async function markedGame(m: Marked): Promise<string> {
  const r = await keyed(server.url, KEY, 'POST', '/api/games', { ruleset: m.ruleset, seed: m.seed, seats: ['human', 'human'] });
  expect(r.status).toBe(201);
  const id = r.body.game.id as string;
  const { game, s } = replayStored(r.body.game);
  const rng = new Rng(m.seed);
  for (let ply = 0; ; ply++) {
    if (!isSimultaneous(s) && enough(game, s, m)) return id;
    expect(s.phase === PHASE_OVER || ply > 200, `${m.name}: no such position`).toBe(false);
    let body: Record<string, unknown>;
    if (isSimultaneous(s)) {
      const joint = new Int32Array(s.players + 1);
      for (let p = 1; p <= s.players; p++) {
        const l = legalMoveListFor(game, s, p);
        joint[p] = l[rng.int(l.length)]!;
      }
      game.applyJoint(s, joint);
      body = { seat: 1, ply, joint: Array.from(joint.subarray(1)) };
    } else {
      const l = legalMoveList(game, s);
      const code = l[rng.int(l.length)]!;
      body = { seat: s.toMove, ply, code };
      game.apply(s, code);
    }
    const moved = await keyed(server.url, KEY, 'POST', `/api/games/${id}/moves`, body);
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
  }
}

describe.each(['en', 'am'] as const)('holes that show mark and landmark letters, in %s', (lang) => {
  it.each(MARKED)('$name: axe finds no violation, and the letters are drawn', async (m) => {
    const page = await phonePage();
    await page.goto(`${server.url}/?lang=${lang}&anim=off#/game/${await markedGame(m)}`);
    await page.waitForSelector('.game-page[data-state="human"]', { timeout: 30_000 });
    await page.evaluate(() => document.fonts.ready);
    const shown = await page.$$eval('svg.board .hole', (holes) =>
      holes.map((h) => ({
        mark: h.querySelector('.mark-badge.on text')?.textContent ?? '',
        landmark: h.querySelector('.landmark.on text')?.textContent ?? '',
      })),
    );
    expect(shown.filter((x) => x.mark !== '').length).toBeGreaterThanOrEqual(m.marks);
    expect(shown.filter((x) => x.landmark !== '').length).toBeGreaterThanOrEqual(m.landmarks);
    await page.screenshot({ path: path.join(SHOTS, `marked-${m.name}-${lang}.png`), fullPage: true });
    expect(await axeViolations(page)).toEqual([]);
  });
});

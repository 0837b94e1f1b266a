/**
 * The web app in a real browser (Debian's chromium driven by playwright-core) against the real
 * server on a free port: every registered ruleset is started from the new-game screen and played
 * by clicking holes, and the counts drawn are compared with the engine replaying the stored
 * moves. Screenshots at phone and desktop sizes go to test-output/screenshots/ for review.
 */
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { GameEvent } from '../packages/engine/src/core/events.js';
import type { Game } from '../packages/engine/src/core/game.js';
import { PHASE_OVER, type State } from '../packages/engine/src/core/state.js';
import { RULESETS, getRuleset } from '../packages/engine/src/games/index.js';
import { createI18n } from '../src/i18n/index.js';
import { optionLabel, valueWords } from '../src/web/option-words.js';
import { PageErrors } from './helpers/page-errors.js';
import { keyed, testKey, useKey } from './helpers/web-keys.js';
import { closeWebSuite, openWebSuite, replayStored, request, ROOT, type RunningServer } from './web-harness.js';

const SHOTS = path.join(ROOT, 'test-output', 'screenshots');
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

const EN = createI18n('en');
let dir: string;
let server: RunningServer;
let browser: Browser;
const pageErrors = new PageErrors();

beforeAll(async () => {
  ({ dir, server, browser } = await openWebSuite('gabata-web-', SHOTS));
});

// Every test ends with no uncaught error and no console error on any page it opened.
afterEach(() => {
  expect(pageErrors.take()).toEqual([]);
});

afterAll(async () => {
  await closeWebSuite({ dir, server, browser });
});

/** The player key of this file's pages: games made through the API with it are theirs. */
const KEY = testKey('web-app');

async function newPage(size = DESKTOP): Promise<Page> {
  const page = await browser.newPage({ viewport: size });
  await useKey(page, KEY);
  return pageErrors.watch(page);
}

/** The engine's position of a stored game, replayed from its seed and moves. */
async function engineState(id: string): Promise<{ game: Game; s: State; moves: number }> {
  const r = await request(server.url, 'GET', `/api/games/${id}`);
  return { ...replayStored(r.body.game), moves: r.body.game.moves.length };
}

async function drawnCounts(page: Page): Promise<number[]> {
  const pairs = await page.$$eval('svg.board .hole', (els) =>
    els.map((e) => [Number(e.getAttribute('data-hole')), Number(e.getAttribute('data-count'))]),
  );
  const out: number[] = [];
  for (const [h, c] of pairs) out[h!] = c!;
  return out;
}

const gameId = (page: Page): string => /#\/game\/([A-Za-z0-9]+)/.exec(page.url())![1]!;

async function waitFor(page: Page, states: string[], minPly = 0): Promise<{ state: string; ply: number }> {
  await page.waitForFunction(
    ([st, ply]) => {
      const e = document.querySelector('.game-page') as HTMLElement | null;
      return !!e && (st as string[]).includes(e.dataset['state'] ?? '') && Number(e.dataset['ply']) >= (ply as number);
    },
    [states, minPly] as const,
    { timeout: 60_000 },
  );
  return page.$eval('.game-page', (e) => ({ state: (e as HTMLElement).dataset['state']!, ply: Number((e as HTMLElement).dataset['ply']) }));
}

/** Clicks the first playable hole (and the first way of playing it, when the page asks). */
async function clickLegal(page: Page, which = 0): Promise<number> {
  const holes = await page.$$('svg.board .hole.legal');
  if (holes.length === 0) {
    await page.click('button.pass:not([hidden])');
    return -1;
  }
  const el = holes[which % holes.length]!;
  const hole = Number(await el.getAttribute('data-hole'));
  await el.click();
  const popup = await page.$('.choice-popup:not([hidden]) button.choice');
  if (popup) await popup.click();
  return hole;
}

/** Makes one decision as the person (or people) on this device; returns the new ply. */
async function playOne(page: Page, which = 0): Promise<number> {
  const before = await waitFor(page, ['human']);
  // A click either sends the move (the page turns busy at once) or, at a race between people on
  // this device, records one person's choice and asks the next: then click again.
  for (let i = 0; i < 4; i++) {
    await clickLegal(page, which);
    const now = await waitFor(page, ['human', 'over', 'waiting', 'thinking', 'paused']);
    if (now.ply > before.ply) return now.ply;
  }
  throw new Error('the move was not played');
}

async function startFromScreen(page: Page, ruleset: string, seats: string[]): Promise<string> {
  await page.goto(`${server.url}/?anim=off#/new/${ruleset}`);
  await page.waitForSelector(`.ruleset-card.selected[data-ruleset="${ruleset}"]`);
  const n = await page.$$eval('select[name^="seat"]', (l) => l.length);
  for (let i = 0; i < n; i++) await page.selectOption(`select[name="seat${i + 1}"]`, seats[i] ?? 'human');
  await page.click('button.primary[type="submit"]');
  await page.waitForURL(/#\/game\//);
  await waitFor(page, ['human', 'over', 'waiting', 'thinking']);
  return gameId(page);
}

describe('web app', () => {
  for (const rs of RULESETS) {
    it(`${rs.info.id}: started from the new-game screen, played by clicking holes, the counts follow the engine`, async () => {
      const page = await newPage();
      const id = await startFromScreen(page, rs.info.id, ['human', 'human', 'human']);
      let { s } = await engineState(id);
      expect(await drawnCounts(page)).toEqual(Array.from(s.counts));
      for (let k = 0; k < 4 && s.phase !== PHASE_OVER; k++) {
        const before = Array.from(s.counts);
        const ply = await playOne(page, k);
        const e = await engineState(id);
        s = e.s;
        expect(e.moves).toBe(ply);
        expect(await drawnCounts(page)).toEqual(Array.from(s.counts));
        if (k === 0) expect(Array.from(s.counts)).not.toEqual(before);
      }
      // The piles beside the board are the engine's too.
      for (let p = 1; p <= s.players; p++) {
        const shown = await page.$eval(`.player[data-player="${p}"] .pile`, (e) => Number(e.getAttribute('data-captured')));
        expect(shown).toBe(s.captured[p]);
      }
      await page.screenshot({ path: path.join(SHOTS, `${rs.info.id}-desktop.png`) });
      await page.setViewportSize(PHONE);
      await page.screenshot({ path: path.join(SHOTS, `${rs.info.id}-phone.png`), fullPage: true });
      await page.close();
    });
  }

  it('three-player Gabata: three seats in any mix, the board shades three owners', async () => {
    const page = await newPage(PHONE);
    await page.goto(`${server.url}/?anim=off#/new/gabata-adowa`);
    const spec = RULESETS.find((r) => r.info.id === 'gabata-adowa')!.options.find((o) => o.name === 'players')!;
    if (spec.kind === 'integer') {
      await page.fill('fieldset[data-option="players"] input', '3');
      await page.dispatchEvent('fieldset[data-option="players"] input', 'change');
    } else {
      await page.check('fieldset[data-option="players"] input[value="3"]');
    }
    await page.waitForSelector('select[name="seat3"]');
    await page.selectOption('select[name="seat1"]', 'human');
    await page.selectOption('select[name="seat2"]', 'computer:1');
    await page.selectOption('select[name="seat3"]', 'human');
    await page.click('button.primary[type="submit"]');
    await page.waitForURL(/#\/game\//);
    const id = gameId(page);
    await waitFor(page, ['human']);
    const owners = await page.$$eval('svg.board .hole', (els) => [...new Set(els.map((e) => e.getAttribute('data-owner')))].sort());
    expect(owners).toEqual(['1', '2', '3']);
    await playOne(page);
    await waitFor(page, ['human', 'over']);
    const { s, moves } = await engineState(id);
    expect(moves).toBeGreaterThanOrEqual(2);
    expect(await drawnCounts(page)).toEqual(Array.from(s.counts));
    await page.screenshot({ path: path.join(SHOTS, 'gabata-3p-phone.png'), fullPage: true });
    await page.close();
  });

  it('plays the computer to the end of a round with animation off, shows the round summary, and resumes after a reload', async () => {
    const page = await newPage();
    const created = await keyed(server.url, KEY, 'POST', '/api/games', {
      ruleset: 'gabata-adowa',
      seed: 2,
      seats: ['human', 'computer:1'],
    });
    const id = created.body.game.id as string;
    await page.goto(`${server.url}/?anim=off#/game/${id}`);
    let reloaded = false;
    let summary = false;
    for (let i = 0; i < 600 && !summary; i++) {
      const st = await waitFor(page, ['human', 'over']);
      if (st.state === 'over') break;
      if (!reloaded && st.ply >= 6) {
        const before = await drawnCounts(page);
        await page.reload();
        await waitFor(page, ['human']);
        expect(await drawnCounts(page)).toEqual(before);
        expect(await page.$$eval('.move-list li', (l) => l.length)).toBe(st.ply);
        reloaded = true;
      }
      await playOne(page, i);
      // A round's end pauses the game on its summary (the player presses Continue).
      await waitFor(page, ['human', 'over', 'paused']);
      summary = await page.$eval('.round-summary', (e) => !(e as HTMLElement).hidden);
    }
    expect(reloaded).toBe(true);
    expect(summary).toBe(true);
    const text = await page.$eval('.round-summary', (e) => e.textContent ?? '');
    expect(text).toMatch(/Round 1 is over/);
    expect(text).toMatch(/Tally/);
    // The tally is ADW-18, the holes that change hands ADW-20 (not ADW-17 / ADW-21).
    expect(text).toMatch(/ADW-18/);
    expect(text).toMatch(/ADW-20/);
    expect(text).not.toMatch(/ADW-17|ADW-21/);
    const { s } = await engineState(id);
    expect(s.round > 1 || s.phase === PHASE_OVER).toBe(true);
    expect(await drawnCounts(page)).toEqual(Array.from(s.counts));
    const commentary = await page.$eval('.commentary', (e) => e.textContent ?? '');
    expect(commentary).toMatch(/ADW-18/);
    await page.screenshot({ path: path.join(SHOTS, 'round-summary-desktop.png'), fullPage: true });
    await page.setViewportSize(PHONE);
    await page.screenshot({ path: path.join(SHOTS, 'round-summary-phone.png'), fullPage: true });
    await page.close();
  });

  it('explains an illegal tap, plays from the keyboard, labels holes with their counts', async () => {
    const page = await newPage();
    const id = await startFromScreen(page, 'gabata-adowa', ['human', 'human']);
    const { s } = await engineState(id);
    const legalHoles = await page.$$eval('svg.board .hole.legal', (els) => els.map((e) => Number(e.getAttribute('data-hole'))));
    const opp = Array.from({ length: 18 }, (_, h) => h).find((h) => s.owners[h] !== s.toMove)!;
    expect(legalHoles).not.toContain(opp);
    await page.click(`svg.board .hole[data-hole="${opp}"]`);
    const msg = await page.$eval('.message', (e) => e.textContent ?? '');
    expect(msg).toContain(String(opp));
    expect(msg.length).toBeGreaterThan(15);
    await page.screenshot({ path: path.join(SHOTS, 'illegal-tap-desktop.png') });
    expect((await waitFor(page, ['human'])).ply).toBe(0);
    const label = await page.$eval(`svg.board .hole[data-hole="${legalHoles[0]}"]`, (e) => e.getAttribute('aria-label') ?? '');
    expect(label).toContain(`${s.counts[legalHoles[0]!]} counters`);
    expect(label).toContain('can be played');
    await page.focus(`svg.board .hole[data-hole="${legalHoles[0]}"]`);
    await page.keyboard.press('ArrowRight');
    const focused = await page.evaluate(() => document.activeElement?.getAttribute('data-hole'));
    expect(Number(focused)).not.toBe(legalHoles[0]);
    await page.focus(`svg.board .hole[data-hole="${legalHoles[0]}"]`);
    await page.keyboard.press('Enter');
    expect((await waitFor(page, ['human'], 1)).ply).toBe(1);
    const after = await engineState(id);
    expect(after.moves).toBe(1);
    expect(await drawnCounts(page)).toEqual(Array.from(after.s.counts));
    await page.close();
  });

  it('hint, undo against the computer, and stepping through the move list', async () => {
    const page = await newPage();
    const created = await keyed(server.url, KEY, 'POST', '/api/games', { ruleset: 'gifia', seed: 8, seats: ['human', 'computer:1'] });
    const id = created.body.game.id as string;
    await page.goto(`${server.url}/?anim=off#/game/${id}`);
    await waitFor(page, ['human']);
    // Gifia: a hole is played in either direction; the page offers the engine's choices.
    const first = await page.$eval('svg.board .hole.legal', (e) => Number(e.getAttribute('data-hole')));
    await page.click(`svg.board .hole[data-hole="${first}"]`);
    const offered = await page.$$eval('.choice-popup:not([hidden]) button.choice', (l) => l.map((b) => b.getAttribute('data-move')));
    const { game: gg, s: s0 } = await engineState(id);
    const buf = new Int32Array(128);
    const n = gg.legalMoves(s0, buf);
    const expected: string[] = [];
    for (let i = 0; i < n; i++) {
      const t = gg.moveText(s0, buf[i]!);
      const trial = s0.clone();
      const ev: GameEvent[] = [];
      gg.apply(trial, buf[i]!, ev);
      if (ev.some((e) => e.type === 'lift' && e.hole === first)) expected.push(t);
    }
    expect(offered.length).toBeGreaterThan(1);
    expect([...offered].sort()).toEqual(expected.sort());
    await page.screenshot({ path: path.join(SHOTS, 'gifia-choice-desktop.png') });
    await page.click('.choice-popup button.quiet');
    expect(await page.$eval('.choice-popup', (e) => (e as HTMLElement).hidden)).toBe(true);
    await page.click('button.hint');
    await page.waitForFunction(() => /would play/.test(document.querySelector('.message')?.textContent ?? ''));
    expect(await page.$$eval('svg.board .hole.hint', (l) => l.length)).toBe(1);
    await playOne(page);
    await waitFor(page, ['human'], 2);
    await playOne(page, 1);
    const st = await waitFor(page, ['human'], 4);
    expect(st.ply).toBe(4);
    const atTwo = await request(server.url, 'GET', `/api/games/${id}`);
    expect(atTwo.body.game.moveCount).toBe(4);
    await page.click('button.undo');
    await page.waitForFunction(() => (document.querySelector('.game-page') as HTMLElement).dataset['ply'] === '2');
    const undone = await waitFor(page, ['human']);
    expect(undone.ply).toBe(2);
    const e = await engineState(id);
    expect(e.moves).toBe(2);
    expect(await drawnCounts(page)).toEqual(Array.from(e.s.counts));
    // Step back one move: the board shows the position after move 1.
    const rs = getRuleset('gifia');
    if (!rs.ok) throw rs.error;
    const g = rs.value.create(created.body.game.options);
    if (!g.ok) throw g.error;
    const s1 = g.value.newState(8);
    g.value.apply(s1, atTwo.body.game.moves[0].codes[0]);
    await page.click('.steps button[aria-label="Back one move"]');
    expect(await page.$eval('.viewing', (v) => (v as HTMLElement).hidden)).toBe(false);
    expect(await drawnCounts(page)).toEqual(Array.from(s1.counts));
    await page.click('.steps button[aria-label="Back to the game"]');
    expect(await drawnCounts(page)).toEqual(Array.from(e.s.counts));
    await page.close();
  });

  it('animates a move step by step with a skip button; the Selus race shows both hands sowing at once', async () => {
    const page = await newPage();
    const created = await keyed(server.url, KEY, 'POST', '/api/games', { ruleset: 'selus', seed: 3, seats: ['human', 'human'] });
    const id = created.body.game.id as string;
    await page.goto(`${server.url}/#/game/${id}`);
    await page.selectOption('select.speed', 'slow');
    await waitFor(page, ['human']);
    await clickLegal(page, 0);
    await waitFor(page, ['human']);
    await clickLegal(page, 0);
    await page.waitForFunction(() => document.querySelectorAll('svg.board .hand.on').length === 2, undefined, { timeout: 20_000 });
    expect(await page.$eval('button.skip', (b) => (b as HTMLButtonElement).disabled)).toBe(false);
    await page.screenshot({ path: path.join(SHOTS, 'selus-race-animation-desktop.png') });
    await page.click('button.skip');
    await waitFor(page, ['human', 'over'], 1);
    const { s } = await engineState(id);
    expect(await drawnCounts(page)).toEqual(Array.from(s.counts));
    const commentary = await page.$eval('.commentary', (e) => e.textContent ?? '');
    expect(commentary).toMatch(/race/);
    await page.close();
  });

  it('the new-game screen explains every option value, marks the defaults, and the game page has a rules panel', async () => {
    const page = await newPage(PHONE);
    for (const rs of RULESETS) {
      await page.goto(`${server.url}/#/new/${rs.info.id}`);
      await page.waitForSelector(`.ruleset-card.selected[data-ruleset="${rs.info.id}"]`);
      expect(await page.$eval('.ruleset-info', (e) => e.textContent ?? '')).toContain(rs.info.summary);
      for (const o of rs.options) {
        const text = await page.$eval(`fieldset[data-option="${o.name}"]`, (e) => e.textContent ?? '');
        // The option is asked in plain words (src/web/option-words.ts), each value it offers answered.
        expect(text).toContain(optionLabel(EN, rs.info.id, o));
        const shown = await page.$$eval(`fieldset[data-option="${o.name}"] label.choice input`, (l) =>
          l.map((i) => (i as HTMLInputElement).value),
        );
        for (const v of shown) expect(text).toContain(valueWords(EN, rs.info.id, o, o.kind === 'boolean' ? v === 'true' : v)!);
        if (o.kind !== 'integer') {
          const marked = await page.$$eval(`fieldset[data-option="${o.name}"] label.choice`, (ls) =>
            ls.filter((l) => l.querySelector('.default')).map((l) => l.querySelector('input')!.value),
          );
          expect(marked).toEqual([String(o.default)]);
        }
      }
      if (rs === RULESETS[0]) {
        await page.screenshot({ path: path.join(SHOTS, 'new-game-phone.png'), fullPage: true });
        await page.setViewportSize(DESKTOP);
        await page.screenshot({ path: path.join(SHOTS, 'new-game-desktop.png'), fullPage: true });
        await page.setViewportSize(PHONE);
      }
    }
    const created = await keyed(server.url, KEY, 'POST', '/api/games', { ruleset: 'gabata-aksum', seed: 1, seats: ['human', 'human'] });
    await page.goto(`${server.url}/?anim=off#/game/${created.body.game.id}`);
    await waitFor(page, ['human']);
    await page.click('.rules-panel summary');
    const clauses = await page.$$eval('.rules-panel .clauses li', (l) => l.map((x) => x.getAttribute('data-clause')));
    expect(clauses).toContain('AKS-03');
    expect(clauses).toContain('ADW-08');
    expect(await page.$eval('.rules-panel', (e) => e.textContent ?? '')).toContain('chafaLocation = fixed');
    // Aksum's chafa enda holes are marked on the board.
    expect(await page.$$eval('svg.board .landmark.on.chafa', (l) => l.length)).toBe(2);
    await page.screenshot({ path: path.join(SHOTS, 'rules-panel-phone.png'), fullPage: true });
    await page.close();
  });

  it("a match between two computers plays itself to the end and the result is the engine's", async () => {
    const page = await newPage(PHONE);
    const created = await keyed(server.url, KEY, 'POST', '/api/games', {
      ruleset: 'gabata-adowa',
      seed: 6,
      options: { rounds: 1 },
      seats: ['computer:1', 'computer:2'],
    });
    const id = created.body.game.id as string;
    await page.goto(`${server.url}/?anim=off#/game/${id}`);
    await waitFor(page, ['over']);
    const { s } = await engineState(id);
    expect(s.phase).toBe(PHASE_OVER);
    const text = await page.$eval('.result', (e) => ((e as HTMLElement).hidden ? '' : (e.textContent ?? '')));
    expect(text).toContain(s.winner > 0 ? 'wins the match' : 'drawn');
    expect(text).toContain(`${s.scores[1]}`);
    const listed = await request(server.url, 'GET', `/api/games/${id}`);
    expect(listed.body.game.status).toBe('over');
    await page.screenshot({ path: path.join(SHOTS, 'match-result-phone.png'), fullPage: true });
    await page.close();
  });

  it('a person against the computer at the Selus race: both choices go in as one joint move', async () => {
    const page = await newPage();
    const created = await keyed(server.url, KEY, 'POST', '/api/games', { ruleset: 'selus', seed: 12, seats: ['computer:1', 'human'] });
    const id = created.body.game.id as string;
    await page.goto(`${server.url}/?anim=off#/game/${id}`);
    await waitFor(page, ['human']);
    const hole = await clickLegal(page, 1);
    await waitFor(page, ['human', 'over', 'thinking', 'waiting'], 1);
    const r = await request(server.url, 'GET', `/api/games/${id}`);
    expect(r.body.game.moves[0].joint).toBe(true);
    expect(r.body.game.moves[0].codes).toHaveLength(3);
    const { game } = await engineState(id);
    const s0 = game.newState(12);
    expect(game.moveText(s0, r.body.game.moves[0].codes[2])).toBe(String(hole));
    await waitFor(page, ['human', 'over']);
    expect(await drawnCounts(page)).toEqual(Array.from((await engineState(id)).s.counts));
    await page.close();
  });

  it('the saved games list, and a record exported and imported from the page', async () => {
    const page = await newPage();
    const created = await keyed(server.url, KEY, 'POST', '/api/games', { ruleset: 'abalalae', seed: 4, seats: ['human', 'computer:2'] });
    const id = created.body.game.id as string;
    await page.goto(`${server.url}/#/games`);
    await page.waitForSelector(`li.saved-game[data-game="${id}"]`);
    const rec = await keyed(server.url, KEY, 'GET', `/api/games/${id}/record`);
    await page.fill('textarea', JSON.stringify(rec.body));
    await page.click('button:has-text("Import")');
    await page.waitForURL(/#\/game\//);
    expect(gameId(page)).not.toBe(id);
    await waitFor(page, ['human', 'over', 'thinking', 'waiting']);
    await page.screenshot({ path: path.join(SHOTS, 'saved-games-desktop.png') });
    await page.close();
  });

  it("the saved games are this browser's only, a page at a time", async () => {
    const key = testKey('web-app-paging');
    const ids: string[] = [];
    for (let i = 0; i < 23; i++) {
      const r = await keyed(server.url, key, 'POST', '/api/games', { ruleset: 'gifia', seed: i + 1, seats: ['human', 'computer:1'] });
      ids.push(r.body.game.id);
    }
    const page = await browser.newPage({ viewport: DESKTOP });
    await useKey(page, key);
    pageErrors.watch(page);
    await page.goto(`${server.url}/#/games`);
    await page.waitForSelector('li.saved-game');
    expect(await page.$$eval('li.saved-game', (l) => l.length)).toBe(20);
    await page.click('button.more');
    await page.waitForFunction(() => document.querySelectorAll('li.saved-game').length === 23);
    expect(await page.$eval('button.more', (b) => (b as HTMLElement).hidden)).toBe(true);
    const listed = await page.$$eval('li.saved-game', (l) => l.map((x) => x.getAttribute('data-game')));
    // Newest first, every one of this key's games, none of another key's.
    expect(listed).toEqual([...ids].reverse());
    await page.close();
  });
});

/**
 * Players' fixes at the board (issue 15, part 2), in a real browser (Debian's chromium through
 * playwright-core) against the real server on a free port: bad addresses lead somewhere useful,
 * the status line says what the player can do, the between-rounds summary waits for the player,
 * and the board can be played from the keyboard. Screenshots go to test-output/screenshots/.
 */
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { GameEvent } from '../packages/engine/src/core/events.js';
import { MAX_MOVES, MOVE_PASS, type Game } from '../packages/engine/src/core/game.js';
import { PHASE_OVER, PHASE_RACE, type State } from '../packages/engine/src/core/state.js';
import { RULESETS, getRuleset } from '../packages/engine/src/games/index.js';
import { makeRecord, recordJointMoveText, recordMoveText } from '../packages/engine/src/notation/record.js';
import { PageErrors } from './helpers/page-errors.js';
import { keyed, testKey, useKey } from './helpers/web-keys.js';
import { closeWebSuite, openWebSuite, ROOT, type RunningServer } from './web-harness.js';

const SHOTS = path.join(ROOT, 'test-output', 'screenshots');
const DESKTOP = { width: 1280, height: 800 };

let dir: string;
let server: RunningServer;
let browser: Browser;
const pageErrors = new PageErrors();
const KEY = testKey('web-players');

beforeAll(async () => {
  ({ dir, server, browser } = await openWebSuite('gabata-players-', SHOTS));
});

afterEach(() => {
  expect(pageErrors.take()).toEqual([]);
});

afterAll(async () => {
  await closeWebSuite({ dir, server, browser });
});

async function newPage(): Promise<Page> {
  const page = await browser.newPage({ viewport: DESKTOP });
  await useKey(page, KEY);
  return pageErrors.watch(page);
}

/** A game made through the API with this file's key (its seats are this file's pages'). */
async function createGame(body: Record<string, unknown>): Promise<string> {
  const r = await keyed(server.url, KEY, 'POST', '/api/games', body);
  expect(r.status).toBe(201);
  return r.body.game.id as string;
}

async function waitFor(page: Page, states: string[], minPly = 0): Promise<void> {
  await page.waitForFunction(
    ([st, ply]) => {
      const e = document.querySelector('.game-page') as HTMLElement | null;
      return !!e && (st as string[]).includes(e.dataset['state'] ?? '') && Number(e.dataset['ply']) >= (ply as number);
    },
    [states, minPly] as const,
    { timeout: 60_000 },
  );
}

function gameOf(ruleset: string, options: Record<string, unknown> = {}): Game {
  const rs = getRuleset(ruleset);
  if (!rs.ok) throw rs.error;
  const g = rs.value.create(options);
  if (!g.ok) throw g.error;
  return g.value;
}

/**
 * Plays seeded random games of a ruleset until `found` accepts a position (given the events of the
 * move that led to it); returns the seed and the move texts that reach it.
 */
function findPosition(game: Game, found: (s: State, events: readonly GameEvent[]) => boolean): { seed: number; moves: string[] } {
  const buf = new Int32Array(MAX_MOVES);
  for (let seed = 1; seed <= 400; seed++) {
    let rng = seed * 7919;
    const pick = (n: number): number => {
      rng = (rng * 1103515245 + 12345) % 2147483648;
      return rng % n;
    };
    const s = game.newState(seed);
    const moves: string[] = [];
    for (let ply = 0; ply < 400 && s.phase !== PHASE_OVER; ply++) {
      const events: GameEvent[] = [];
      if (s.phase === PHASE_RACE && s.toMove === 0) {
        // moves[p] for players 1..players (Game.applyJoint); index 0 is unused.
        const joint: number[] = [MOVE_PASS];
        for (let p = 1; p <= s.players; p++) {
          const n = game.legalMovesFor(s, p, buf);
          joint[p] = n > 0 ? buf[pick(n)]! : MOVE_PASS;
        }
        moves.push(recordJointMoveText(game, s, joint));
        game.applyJoint(s, joint, events);
      } else {
        const n = game.legalMoves(s, buf);
        const move = buf[pick(n)]!;
        moves.push(recordMoveText(game, s, move));
        game.apply(s, move, events);
      }
      if (s.phase !== PHASE_OVER && found(s, events)) return { seed, moves };
    }
  }
  throw new Error(`no such position in ${game.ruleset.info.id}`);
}

/** Imports a game reaching that position, with people in every seat (this file's key holds them). */
async function importGame(game: Game, seed: number, moves: string[]): Promise<string> {
  const rec = makeRecord({ game, seed, moves, agents: Array(game.players).fill('human') });
  const r = await keyed(server.url, KEY, 'POST', '/api/games/import', rec);
  expect(r.status).toBe(201);
  return r.body.game.id as string;
}

const status = (page: Page): Promise<string> => page.$eval('.game-head .status', (e) => e.textContent ?? '');

describe('players at the board', () => {
  it('bad addresses: /game/<id> as a path opens the game; unknown games and rulesets get a page saying so', async () => {
    const id = await createGame({ ruleset: 'gifia', seed: 3, seats: ['human', 'human'] });
    const page = await newPage();
    // A path, not a hash: the page loads (its CSS and JS are absolute) and moves to the hash route.
    const css: number[] = [];
    page.on('response', (r) => {
      if (/\.(css|js)$/.test(new URL(r.url()).pathname)) css.push(r.status());
    });
    await page.goto(`${server.url}/game/${id}`);
    await waitFor(page, ['human']);
    expect(new URL(page.url()).pathname).toBe('/');
    expect(new URL(page.url()).hash).toBe(`#/game/${id}`);
    expect(css.length).toBeGreaterThan(0);
    expect(css.every((s) => s === 200 || s === 304)).toBe(true);
    // The stylesheet applies: the site header is laid out as a flex row.
    expect(await page.$eval('header.site', (e) => getComputedStyle(e).display)).not.toBe('block');

    // An unknown game: a page that says so, a way back, and no controls to press.
    await page.goto(`${server.url}/#/game/nosuchgame123`);
    await page.waitForSelector('.game-missing');
    // The browser reports the server's 404 for the game; nothing else goes wrong.
    expect(pageErrors.take()).toEqual(['console.error: Failed to load resource: the server responded with a status of 404 (Not Found)']);
    expect(await page.$$('.controls button')).toHaveLength(0);
    expect(await page.$$('svg.board')).toHaveLength(0);
    expect(await page.textContent('.game-missing h1')).toBe('This game cannot be opened.');
    const back = await page.$$eval('.game-missing a', (l) => l.map((a) => a.getAttribute('href')));
    expect(back).toContain('#/games');
    await page.screenshot({ path: path.join(SHOTS, 'players-game-missing.png') });
    await page.click('.game-missing a[href="#/games"]');
    await page.waitForURL(/#\/games$/);

    // An unknown ruleset: the page says so and lists the games there are, not Adowa silently.
    await page.goto(`${server.url}/#/new/nosuchruleset`);
    await page.waitForSelector('.unknown-ruleset');
    expect(await page.textContent('.unknown-ruleset h1')).toContain('nosuchruleset');
    expect(await page.$$('form.newgame')).toHaveLength(0);
    const listed = await page.$$eval('.unknown-ruleset a[href^="#/new/"]', (l) => l.map((a) => a.getAttribute('href')));
    expect(listed).toEqual(RULESETS.map((r) => `#/new/${r.info.id}`));
    await page.screenshot({ path: path.join(SHOTS, 'players-unknown-ruleset.png') });
    await page.click('.unknown-ruleset a[href="#/new/selus"]');
    await page.waitForSelector('.ruleset-card.selected[data-ruleset="selus"]');
    await page.close();
  });

  it('status line: pass when that is all, no "tap", why a turn goes on, no round in Selus, a look back says so', async () => {
    const page = await newPage();
    const buf = new Int32Array(MAX_MOVES);
    // Adowa: a player whose holes are all empty while the other's are not can only pass.
    const adowa = gameOf('gabata-adowa');
    const stuck = findPosition(adowa, (s) => s.toMove > 0 && adowa.legalMoves(s, buf) === 1 && buf[0] === MOVE_PASS);
    const stuckId = await importGame(adowa, stuck.seed, stuck.moves);
    await page.goto(`${server.url}/?anim=off#/game/${stuckId}`);
    await waitFor(page, ['human']);
    expect(await status(page)).toMatch(/^Player \d: No hole can be played: press Pass\.$/);
    expect(await page.$$('svg.board .hole.legal')).toHaveLength(0);
    expect(await page.isVisible('button.pass')).toBe(true);

    // Adowa: a wegue lets the mover sow again; the status line says why, with the clause.
    const wegue = findPosition(adowa, (_s, ev) => ev.some((e) => e.type === 'await' && e.reason === 'continue'));
    const wegueId = await importGame(adowa, wegue.seed, wegue.moves);
    await page.goto(`${server.url}/?anim=off#/game/${wegueId}`);
    await waitFor(page, ['human']);
    const said = await status(page);
    expect(said).toContain('The turn goes on: After making a wegue you sow again from any of your ordinary holes. [ADW-13]');
    expect(said).toMatch(/your turn\. Choose a highlighted hole\.$/);
    expect(said.toLowerCase()).not.toContain('tap');
    expect(await page.textContent('h1.game-title')).toMatch(/· Round 1$/);

    // A look at an earlier move: the status line says so, and how to return; not "Your turn".
    await page.click('.steps button:first-child');
    const back = await status(page);
    expect(back).toMatch(/^Viewing the position after move 0 of \d+\./);
    expect(back).toContain('Back to the game');
    expect(back).not.toContain('Your turn');

    // Selus is a single round: no round in the title.
    const selus = await createGame({ ruleset: 'selus', seed: 2, seats: ['human', 'human'] });
    await page.goto(`${server.url}/?anim=off#/game/${selus}`);
    await waitFor(page, ['human']);
    expect(await page.textContent('h1.game-title')).toBe('Selus');
    expect((await status(page)).toLowerCase()).not.toContain('tap');
    await page.close();
  });

  it('the round summary is a panel that waits: the computer does not move until Continue is pressed (from the keyboard)', async () => {
    // Adowa against the computer: a position where the person's move ends the round and the
    // computer begins the next one.
    const game = gameOf('gabata-adowa');
    const buf = new Int32Array(MAX_MOVES);
    let ending = -1;
    const found = findPosition(game, (s) => {
      if (s.toMove !== 1 || s.phase === PHASE_RACE) return false;
      const n = game.legalMoves(s, buf);
      for (const m of buf.slice(0, n)) {
        const t = s.clone();
        const ev: GameEvent[] = [];
        game.apply(t, m, ev);
        const lift = ev.find((e) => e.type === 'lift');
        if (lift && ev.some((e) => e.type === 'roundEnd') && t.phase !== PHASE_OVER && t.toMove === 2) {
          ending = (lift as Extract<GameEvent, { type: 'lift' }>).hole;
          return true;
        }
      }
      return false;
    });
    const rec = makeRecord({ game, seed: found.seed, moves: found.moves, agents: ['human', 'computer:1'] });
    const r = await keyed(server.url, KEY, 'POST', '/api/games/import', rec);
    expect(r.status).toBe(201);
    const id = r.body.game.id as string;
    const page = await newPage();
    await page.goto(`${server.url}/?anim=off#/game/${id}`);
    const ply = found.moves.length;
    await waitFor(page, ['human'], ply);
    await page.click(`svg.board .hole.legal[data-hole="${ending}"]`);
    // The round ends: the panel shows and the page waits; the computer has not moved.
    await waitFor(page, ['paused'], ply + 1);
    expect(await page.isVisible('.round-summary')).toBe(true);
    expect(await page.textContent('.round-summary h2')).toMatch(/^Round \d+ is over$/);
    expect(await status(page)).toBe('The round is over. Press Continue to play the next round.');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Continue');
    await page.screenshot({ path: path.join(SHOTS, 'players-round-summary.png'), fullPage: true });
    const stored = await keyed(server.url, KEY, 'GET', `/api/games/${id}`);
    expect(stored.body.game.moves).toHaveLength(ply + 1);
    expect(await page.$eval('.game-page', (e) => (e as HTMLElement).dataset['ply'])).toBe(String(ply + 1));
    // Continue from the keyboard: the panel closes and the computer opens the next round.
    await page.keyboard.press('Enter');
    await waitFor(page, ['human', 'over'], ply + 2);
    expect(await page.isVisible('.round-summary')).toBe(false);
    // The panel's button is gone; the keyboard's focus is back on the board, on a playable hole.
    const state = await page.$eval('.game-page', (e) => (e as HTMLElement).dataset['state']);
    if (state === 'human') {
      expect(await page.evaluate(() => document.activeElement?.matches('svg.board .hole.legal') ?? false)).toBe(true);
    }
    await page.close();
  });

  it('keyboard: focus comes back to a playable hole after the computer replies, with a clear ring; hole numbers are readable', async () => {
    // Adowa: each hole is played one way only (Gifia would ask for a direction).
    const id = await createGame({ ruleset: 'gabata-adowa', seed: 5, seats: ['human', 'computer:1'] });
    const page = await newPage();
    await page.goto(`${server.url}/?anim=off#/game/${id}`);
    await waitFor(page, ['human']);
    const start = Number(await page.$eval('.game-page', (e) => (e as HTMLElement).dataset['ply']));
    // Hole numbers: at least 13 px on the screen, opaque, and over 4.5:1 against their outline.
    const index = await page.$eval('svg.board .hole-index', (e) => {
      const cs = getComputedStyle(e);
      const svg = e.closest('svg')!;
      const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
      return { px: parseFloat(cs.fontSize) * scale, fill: cs.fill, stroke: cs.stroke, opacity: cs.opacity, fillOpacity: cs.fillOpacity };
    });
    expect(index.px).toBeGreaterThanOrEqual(13);
    expect([index.opacity, index.fillOpacity]).toEqual(['1', '1']);
    expect(index.fill).toMatch(/^rgb\(/);
    expect(contrast(index.fill, index.stroke)).toBeGreaterThanOrEqual(4.5);

    // Play a hole from the keyboard; the computer replies; the focus is on a hole that can be played.
    await page.focus('svg.board .hole.legal');
    await page.keyboard.press('Enter');
    await waitFor(page, ['human'], start + 2);
    const focused = await page.evaluate(() => {
      const a = document.activeElement;
      return a instanceof SVGGElement ? { legal: a.classList.contains('legal'), visible: a.matches(':focus-visible') } : null;
    });
    expect(focused).toEqual({ legal: true, visible: true });
    // The ring: the focused hole's halo is drawn, steady, in a colour no other mark uses.
    const halo = await page.$eval('svg.board .hole:focus .halo', (e) => {
      const cs = getComputedStyle(e);
      const rim = getComputedStyle(e.parentElement!.querySelector('.ring')!).stroke;
      return { stroke: cs.stroke, rim, width: parseFloat(cs.strokeWidth), animation: cs.animationName };
    });
    const legalHalo = await page.$eval('svg.board .hole.legal:not(:focus) .halo', (e) => getComputedStyle(e).stroke);
    expect(halo.width).toBeGreaterThanOrEqual(6);
    expect(halo.animation).toBe('none');
    expect(halo.stroke).not.toBe(legalHalo);
    // Two tones: the halo against the rim inside it, and against the lightest wood of the board.
    expect(contrast(halo.stroke, halo.rim)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(halo.stroke, 'rgb(168, 115, 63)')).toBeGreaterThanOrEqual(3);
    await page.screenshot({ path: path.join(SHOTS, 'players-keyboard-focus.png') });
    await page.close();
  });
});

/** The WCAG contrast ratio of two CSS colours given as rgb(r, g, b). */
function contrast(a: string, b: string): number {
  const lum = (c: string): number => {
    const [r, g, bl] = (c.match(/\d+(\.\d+)?/g) ?? []).slice(0, 3).map((x) => {
      const v = Number(x) / 255;
      return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * bl!;
  };
  const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

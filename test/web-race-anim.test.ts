/**
 * Abalala'e's opening race seen as it happens, in a real browser (Debian's chromium through
 * playwright-core) against the real server: a game against the computer opens at ply 0 on the
 * board before the race, the race is drawn tick by tick with both hands sowing at once, the
 * commentary names the racers and says who won and why, and only then is it the player's turn. A
 * reload does not play the race again; "Watch the race again" does, and Skip ends it at once. A
 * recorder in the page notes every board it draws (counts, hands, state, status line) as it draws it.
 * Screenshots go to test-output/screenshots/web-race-anim/.
 */
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { GameEvent } from '../packages/engine/src/core/events.js';
import type { Game } from '../packages/engine/src/core/game.js';
import { getRuleset } from '../packages/engine/src/games/index.js';
import { PageErrors } from './helpers/page-errors.js';
import { keyed, testKey, useKey } from './helpers/web-keys.js';
import { closeWebSuite, openWebSuite, ROOT, type RunningServer } from './web-harness.js';

const SHOTS = path.join(ROOT, 'test-output', 'screenshots', 'web-race-anim');
const DESKTOP = { width: 1280, height: 800 };
const KEY = testKey('web-race-anim');
const SETTLED = ['human', 'thinking', 'waiting', 'over'];

let dir: string;
let server: RunningServer;
let browser: Browser;
const pageErrors = new PageErrors();

beforeAll(async () => {
  ({ dir, server, browser } = await openWebSuite('gabata-race-anim-', SHOTS));
});

afterEach(() => {
  expect(pageErrors.take()).toEqual([]);
});

afterAll(async () => {
  await closeWebSuite({ dir, server, browser });
});

/** One note of the recorder: what the page drew at one moment, or the moment Skip was clicked. */
interface Note {
  counts?: string;
  state?: string;
  status?: string;
  hands?: number;
  ply?: number;
  mark?: 'skip';
}

/** The recorder: every change of the drawn board, its hands, the page's state or the status line is noted. */
function recorder(): void {
  const w = window as unknown as { __notes: unknown[] };
  w.__notes = [];
  let last = '';
  const note = (): void => {
    // A board built but not drawn yet (a game's arrival comes in steps) is not shown: not a drawing.
    const holes = Array.from(document.querySelectorAll('svg.board:not(.undrawn) .hole'));
    if (holes.length === 0) return;
    const counts = holes
      .sort((a, b) => Number(a.getAttribute('data-hole')) - Number(b.getAttribute('data-hole')))
      .map((e) => e.getAttribute('data-count'))
      .join(',');
    const page = document.querySelector('.game-page') as HTMLElement | null;
    const state = page?.dataset['state'] ?? '';
    const ply = Number(page?.dataset['ply'] ?? -1);
    const status = document.querySelector('.game-page .status')?.textContent ?? '';
    const hands = document.querySelectorAll('svg.board g.hand.on').length;
    const key = `${counts}|${state}|${status}|${hands}|${ply}`;
    if (key === last) return;
    last = key;
    w.__notes.push({ counts, state, status, hands, ply });
  };
  new MutationObserver(note).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
  document.addEventListener(
    'click',
    (e) => {
      if ((e.target as Element | null)?.closest?.('button.skip')) w.__notes.push({ mark: 'skip' });
    },
    true,
  );
}

async function newPage(): Promise<Page> {
  const page = await browser.newPage({ viewport: DESKTOP });
  await useKey(page, KEY);
  await page.addInitScript(recorder);
  return pageErrors.watch(page);
}

const notes = (page: Page): Promise<Note[]> => page.evaluate(() => (window as unknown as { __notes: Note[] }).__notes);
async function clearNotes(page: Page): Promise<void> {
  await page.evaluate(() => {
    (window as unknown as { __notes: Note[] }).__notes = [];
  });
}

function abalalae(): Game {
  const rs = getRuleset('abalalae');
  if (!rs.ok) throw rs.error;
  const g = rs.value.create({});
  if (!g.ok) throw g.error;
  return g.value;
}

/** A seed whose opening race the person (seat 1) wins: the game then waits at ply 0 for the person. */
function seedWonBy(game: Game, player: number): { seed: number; after: number[]; opening: GameEvent[] } {
  for (let seed = 1; seed < 200; seed++) {
    const opening: GameEvent[] = [];
    const s = game.newState(seed, opening);
    if (s.toMove === player) return { seed, after: Array.from(s.counts), opening };
  }
  throw new Error('no seed');
}

async function waitFor(page: Page, states: string[]): Promise<string> {
  await page.waitForFunction(
    (st) => (st as string[]).includes((document.querySelector('.game-page') as HTMLElement | null)?.dataset['state'] ?? ''),
    states,
    { timeout: 90_000 },
  );
  return page.$eval('.game-page', (e) => (e as HTMLElement).dataset['state']!);
}

async function drawnCounts(page: Page): Promise<string> {
  return page.$$eval('svg.board .hole', (els) =>
    els
      .sort((a, b) => Number(a.getAttribute('data-hole')) - Number(b.getAttribute('data-hole')))
      .map((e) => e.getAttribute('data-count'))
      .join(','),
  );
}

/** The players' names as the page shows them (without the "you" mark). */
async function names(page: Page): Promise<string[]> {
  return page.$$eval('.players-bar .player .pname', (els) => els.map((e) => (e.firstChild?.textContent ?? '').trim()));
}

/** The commentary's lines of the race (every line an event of the race told). */
async function raceLines(page: Page): Promise<{ cls: string; text: string }[]> {
  return page.$$eval('ol.commentary li', (els) =>
    els
      .map((e) => ({ cls: e.className, text: e.textContent ?? '' }))
      .filter((l) => ['raceStart', 'relay', 'skip', 'raceFinish', 'raceAbandon', 'raceEnd', 'capture'].includes(l.cls)),
  );
}

describe("Abalala'e's opening race on the game screen", () => {
  it('is drawn as it happens, names both racers and the winner, is not replayed on reload; watched again, Skip ends it', async () => {
    const game = abalalae();
    const { seed, after, opening } = seedWonBy(game, 1);
    const created = await keyed(server.url, KEY, 'POST', '/api/games', { ruleset: 'abalalae', seed, seats: ['human', 'computer:1'] });
    expect(created.status).toBe(201);
    const id = created.body.game.id as string;
    const page = await newPage();
    await page.goto(`${server.url}/?anim=normal#/game/${id}`);
    await page.waitForSelector('svg.board .hole');

    // Screenshots while the race is drawn, each with the counts the board shows at that moment.
    const shot: string[] = [];
    for (let i = 0; i < 8; i++) {
      const state = await page.$eval('.game-page', (e) => (e as HTMLElement).dataset['state']);
      if (state !== 'busy') break;
      shot.push(await drawnCounts(page));
      await page.screenshot({ path: path.join(SHOTS, `race-${i}.png`) });
    }
    expect(await waitFor(page, SETTLED)).toBe('human');
    await page.screenshot({ path: path.join(SHOTS, 'race-after.png') });

    const seen = (await notes(page)).filter((n) => n.mark === undefined);
    const racing = seen.filter((n) => n.state === 'busy');
    // The board began from the position before the race (every hole full, none as after it) and went
    // through many positions, some with both hands on the board at once, before the player's turn.
    expect(racing[0]!.counts).not.toBe(after.join(','));
    expect(new Set(racing.map((n) => n.counts)).size).toBeGreaterThanOrEqual(4);
    expect(new Set(shot).size).toBeGreaterThanOrEqual(Math.min(4, shot.length));
    expect(shot.length).toBeGreaterThanOrEqual(4);
    expect(racing.some((n) => n.hands === 2)).toBe(true);
    // The status line said what was happening, then who won (a dead heat: how it was decided), then the turn.
    expect(racing.some((n) => n.status!.startsWith('The opening race: both players sow at once') && n.status!.includes('ABA-04'))).toBe(
      true,
    );
    const [p1, p2] = await names(page);
    expect(racing.some((n) => n.status!.includes(`The race is over`) || n.status!.includes('dead heat'))).toBe(true);
    const last = seen[seen.length - 1]!;
    expect(last.state).toBe('human');
    expect(last.counts).toBe(after.join(','));
    expect(last.status).not.toContain('race');

    // The commentary: every line of the race names a racer, both racers are named, and the last says who won.
    const lines = await raceLines(page);
    expect(lines.length).toBe(
      opening.filter((e) => ['raceStart', 'relay', 'skip', 'raceFinish', 'raceAbandon', 'raceEnd'].includes(e.type)).length,
    );
    for (const l of lines)
      expect(
        [p1, p2].some((n) => l.text.includes(n!)),
        l.text,
      ).toBe(true);
    expect(lines.some((l) => l.text.includes(p1!))).toBe(true);
    expect(lines.some((l) => l.text.includes(p2!))).toBe(true);
    const end = lines[lines.length - 1]!;
    expect(end.cls).toBe('raceEnd');
    expect(end.text).toContain(p1!);
    const raceEnd = opening.find((e): e is Extract<GameEvent, { type: 'raceEnd' }> => e.type === 'raceEnd')!;
    if (raceEnd.deadHeat) expect(await page.textContent('ol.commentary li.race-tie')).toContain('coin');

    // A reload shows the position after the race at once: the race is not played again.
    await page.reload();
    expect(await waitFor(page, SETTLED)).toBe('human');
    const reloaded = (await notes(page)).filter((n) => n.mark === undefined);
    expect(reloaded.every((n) => n.state !== 'busy')).toBe(true);
    expect(new Set(reloaded.map((n) => n.counts))).toEqual(new Set([after.join(',')]));
    // The race is told in words, still naming its racers.
    for (const l of await raceLines(page))
      expect(
        [p1, p2].some((n) => l.text.includes(n!)),
        l.text,
      ).toBe(true);
    if (raceEnd.deadHeat) expect(await page.textContent('ol.commentary li.race-tie')).toContain('coin');
    // On a phone the controls (Watch the race again, Sound, Show the track) wrap under the board.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: path.join(SHOTS, 'race-phone.png'), fullPage: true });
    await page.setViewportSize(DESKTOP);

    // Watched again: drawn from the start; Skip ends it at once (no frame drawn after the click but the last).
    await clearNotes(page);
    await page.click('button.watch-race');
    await page.waitForFunction(() => (window as unknown as { __notes: Note[] }).__notes.filter((n) => n.state === 'busy').length >= 3);
    await page.screenshot({ path: path.join(SHOTS, 'race-again.png') });
    await page.click('button.skip');
    expect(await waitFor(page, SETTLED)).toBe('human');
    const again = await notes(page);
    const skipAt = again.findIndex((n) => n.mark === 'skip');
    expect(skipAt).toBeGreaterThan(0);
    expect(again[0]!.counts).not.toBe(after.join(','));
    const afterSkip = again.slice(skipAt + 1).filter((n) => n.counts !== undefined);
    expect(new Set(afterSkip.map((n) => n.counts)).size).toBeLessThanOrEqual(2);
    expect(afterSkip[afterSkip.length - 1]!.counts).toBe(after.join(','));
    expect(await drawnCounts(page)).toBe(after.join(','));
    const told = await page.$$eval('ol.commentary li', (els) => els.map((e) => e.textContent ?? ''));
    expect(told.some((t) => t.startsWith('The opening race, again'))).toBe(true);
    expect(told[told.length - 1]).toMatch(/coin|moves first/);
    await page.close();
  });

  it('online, both players see the race drawn, both hands at once, before the winner is to move', async () => {
    const game = abalalae();
    const { seed, after } = seedWonBy(game, 2);
    const keyB = testKey('web-race-anim-b');
    const created = await keyed(server.url, KEY, 'POST', '/api/games', { ruleset: 'abalalae', seed, seats: ['human', 'invite'] });
    expect(created.status).toBe(201);
    const id = created.body.game.id as string;
    const token = (created.body.invites as { seat: number; token: string }[])[0]!.token;
    expect((await keyed(server.url, keyB, 'POST', `/api/games/${id}/join`, { token })).status).toBe(200);
    const pages: Page[] = [];
    for (const key of [KEY, keyB]) {
      const ctx = await browser.newContext({ viewport: DESKTOP });
      await useKey(ctx, key);
      await ctx.addInitScript(recorder);
      const page = pageErrors.watch(await ctx.newPage());
      await page.goto(`${server.url}/?anim=fast#/game/${id}`);
      pages.push(page);
    }
    const [a, b] = pages as [Page, Page];
    expect(await waitFor(a, SETTLED)).toBe('waiting');
    expect(await waitFor(b, SETTLED)).toBe('human');
    for (const page of pages) {
      const racing = (await notes(page)).filter((n) => n.state === 'busy');
      expect(new Set(racing.map((n) => n.counts)).size).toBeGreaterThanOrEqual(4);
      expect(racing.some((n) => n.hands === 2)).toBe(true);
      expect(racing[0]!.counts).not.toBe(after.join(','));
      expect(await drawnCounts(page)).toBe(after.join(','));
    }
    await b.screenshot({ path: path.join(SHOTS, 'online-after-race.png') });
    for (const page of pages) await page.context().close();
  });

  it('a spectator sees the race drawn too, both hands at once', async () => {
    const game = abalalae();
    const { seed, after } = seedWonBy(game, 2);
    const created = await keyed(server.url, KEY, 'POST', '/api/games', { ruleset: 'abalalae', seed, seats: ['human', 'computer:1'] });
    const id = created.body.game.id as string;
    const page = await browser.newPage({ viewport: DESKTOP });
    await page.addInitScript(recorder);
    pageErrors.watch(page);
    await page.goto(`${server.url}/?anim=fast#/watch/${id}`);
    await waitFor(page, ['waiting', 'human', 'thinking', 'over']);
    const seen = (await notes(page)).filter((n) => n.state === 'busy' && n.ply === 0);
    expect(new Set(seen.map((n) => n.counts)).size).toBeGreaterThanOrEqual(4);
    expect(seen.some((n) => n.hands === 2)).toBe(true);
    expect(seen[0]!.counts).not.toBe(after.join(','));
    await page.close();
  });
});

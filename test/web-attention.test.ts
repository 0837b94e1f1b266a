/**
 * Issue 23 in real browsers (Debian's chromium through playwright-core) against the real server:
 * a player's input is never blocked by an animation (a tap during the opponent's move is taken as
 * the move); a hidden page is told when the player is needed (the tab's title, and a system
 * notification through a mocked permission, only after the opt-in and never for the visible page);
 * during an outage the presence dots go grey and an unsent move says it can be played again; the
 * computer's seat shows no clock and can be resigned against; Saved games and the not-found page
 * have their own titles, and Saved games refreshes when the outbox has sent a game.
 */
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { getRuleset } from '../packages/engine/src/games/index.js';
import { T } from '../src/web/text.js';
import { PageErrors } from './helpers/page-errors.js';
import { keyed, testKey, useKey } from './helpers/web-keys.js';
import { closeWebSuite, openLive, openWebSuite, replayStored, restartServer, ROOT, type RunningServer, waitState } from './web-harness.js';

const SHOTS = path.join(ROOT, 'test-output', 'screenshots');
const STEP = 30_000;

let dir: string;
let server: RunningServer;
let browser: Browser;
const contexts: BrowserContext[] = [];
const pageErrors = new PageErrors();

beforeAll(async () => {
  ({ dir, server, browser } = await openWebSuite('gabata-attention-', SHOTS));
}, 60_000);

afterEach(async () => {
  for (const c of contexts.splice(0)) await c.close();
  const errors = pageErrors.take().filter((e) => !/WebSocket connection to .* failed|ERR_CONNECTION_REFUSED|Failed to fetch/.test(e));
  expect(errors).toEqual([]);
});

afterAll(async () => {
  await closeWebSuite({ dir, server, browser });
});

/**
 * A person's page holding `key`. The browser's notifications are mocked: the permission is granted
 * on request, and every notification shown (the page's or the service worker's) and every vibration
 * is recorded on `window`; `__setHidden` makes the page hidden or visible as a switched tab is.
 */
async function person(key: string): Promise<Page> {
  const ctx = await browser.newContext({ viewport: { width: 1100, height: 860 } });
  contexts.push(ctx);
  await useKey(ctx, key);
  await ctx.addInitScript(() => {
    const w = window as unknown as Record<string, unknown>;
    const notes: { title: string; body: string; via: string }[] = [];
    w['__notes'] = notes;
    w['__vibrations'] = 0;
    class FakeNotification {
      static permission: NotificationPermission = 'default';
      static requestPermission(): Promise<NotificationPermission> {
        FakeNotification.permission = 'granted';
        return Promise.resolve('granted');
      }
      onclick: (() => void) | null = null;
      constructor(title: string, opts?: NotificationOptions) {
        notes.push({ title, body: opts?.body ?? '', via: 'page' });
      }
      close(): void {}
    }
    w['Notification'] = FakeNotification;
    if ('ServiceWorkerRegistration' in window) {
      ServiceWorkerRegistration.prototype.showNotification = (title: string, opts?: NotificationOptions): Promise<void> => {
        notes.push({ title, body: opts?.body ?? '', via: 'worker' });
        return Promise.resolve();
      };
    }
    Object.defineProperty(navigator, 'vibrate', {
      configurable: true,
      value: () => {
        w['__vibrations'] = (w['__vibrations'] as number) + 1;
        return true;
      },
    });
    w['__setHidden'] = (hidden: boolean): void => {
      Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => (hidden ? 'hidden' : 'visible') });
      Object.defineProperty(document, 'hidden', { configurable: true, get: () => hidden });
      document.dispatchEvent(new Event('visibilitychange'));
    };
  });
  const page = pageErrors.watch(await ctx.newPage());
  page.setDefaultTimeout(STEP);
  return page;
}

const setHidden = (page: Page, hidden: boolean): Promise<void> =>
  page.evaluate((x) => (window as unknown as { __setHidden(h: boolean): void }).__setHidden(x), hidden);
const notes = (page: Page): Promise<{ title: string; body: string; via: string }[]> =>
  page.evaluate(() => (window as unknown as { __notes: { title: string; body: string; via: string }[] }).__notes);

/** A two-player online game of `ruleset`: seat 1 held by key a, seat 2 invited and joined by key b. */
async function onlineGame(name: string, ruleset = 'gabata-adowa', extra: Record<string, unknown> = {}) {
  const a = testKey(`attention-${name}-a`);
  const b = testKey(`attention-${name}-b`);
  const c = await keyed(server.url, a, 'POST', '/api/games', { ruleset, seed: 11, seats: ['human', 'invite'], ...extra });
  expect(c.status, JSON.stringify(c.body)).toBe(201);
  const id = c.body.game.id as string;
  const j = await keyed(server.url, b, 'POST', `/api/games/${id}/join`, { token: c.body.invites[0].token });
  expect(j.status).toBe(200);
  return { id, a, b };
}

/** The engine's position of the stored game: its move count, who is to move, and a hole (= move code) that seat may play. */
async function position(id: string): Promise<{ ply: number; toMove: number; hole: number }> {
  const r = await keyed(server.url, null, 'GET', `/api/games/${id}`);
  const { game, s } = replayStored(r.body.game);
  const buf = new Int32Array(256);
  const n = game.legalMoves(s, buf);
  return { ply: r.body.game.moves.length, toMove: s.toMove, hole: n > 0 ? buf[0]! : -1 };
}

/** Seat `seat`'s move through the API (its first legal hole, or `hole`). */
async function moveBy(id: string, key: string, seat: number, hole?: number): Promise<void> {
  const p = await position(id);
  expect(p.toMove).toBe(seat);
  const r = await keyed(server.url, key, 'POST', `/api/games/${id}/moves`, { seat, ply: p.ply, code: hole ?? p.hole });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
}

/** The longest first move of Adowa at seed 11 for seat 1 (the most counters sown): its drawing is long at the slow speed. */
function longFirstMove(): number {
  const rs = getRuleset('gabata-adowa');
  if (!rs.ok) throw rs.error;
  const g = rs.value.create({});
  if (!g.ok) throw g.error;
  const s0 = g.value.newState(11);
  const buf = new Int32Array(256);
  const n = g.value.legalMoves(s0, buf);
  let best = buf[0]!;
  let most = -1;
  for (const code of buf.subarray(0, n)) {
    const ev: { type: string }[] = [];
    g.value.apply(s0.clone(), code, ev as never);
    const drops = ev.filter((e) => e.type === 'drop').length;
    if (drops > most) [best, most] = [code, drops];
  }
  return best;
}

describe('never robbed by an animation (issue 23)', () => {
  it("a tap during the opponent's move finishes its drawing at once and is taken as the move", async () => {
    const { id, a, b } = await onlineGame('tap');
    const page = await person(b);
    await page.goto(`${server.url}/?anim=slow#/game/${id}`);
    await waitState(page, 0, 'waiting');
    await moveBy(id, a, 1, longFirstMove());
    // The opponent's move is being drawn, slowly (half a second a frame, several seconds in all).
    await waitState(page, 1, 'busy');
    const mine = await position(id);
    expect(mine.toMove).toBe(2);
    await page.click(`svg.board .hole[data-hole="${mine.hole}"]`, { force: true });
    // The tap was taken as the move: the server has it, long before the first drawing could have ended.
    await expect.poll(async () => (await position(id)).ply, { timeout: 3000, interval: 100 }).toBe(2);
    expect(await page.$eval('.message', (e) => e.textContent)).toBe('');
  });
});

describe('told when it is your move (issue 23)', () => {
  it('a hidden page, opted in, gets the title and a notification; the visible page and one not opted in get nothing', async () => {
    const { id, a, b } = await onlineGame('notify');
    const page = await person(b);
    await page.goto(`${server.url}/?anim=off#/game/${id}`);
    await waitState(page, 0, 'waiting');
    const title = await page.title();
    expect(title).toContain('Gabata (Adowa)');

    // Not opted in: hidden, the move comes, nothing changes.
    await setHidden(page, true);
    await moveBy(id, a, 1);
    await waitState(page, 1, 'human');
    expect(await page.title()).toBe(title);
    expect(await notes(page)).toEqual([]);
    await setHidden(page, false);

    // The opt-in: one tap, the (mocked) browser grants the permission.
    await page.click('button.toggle.notify');
    expect(await page.getAttribute('button.toggle.notify', 'aria-pressed')).toBe('true');
    await page.click(`svg.board .hole.legal >> nth=0`);
    await waitState(page, 2, 'waiting');

    // Visible: the opponent's move is told on the page only.
    await moveBy(id, a, 1);
    await waitState(page, 3, 'human');
    expect(await notes(page)).toEqual([]);
    expect(await page.title()).toBe(title);
    await page.click(`svg.board .hole.legal >> nth=0`);
    await waitState(page, 4, 'waiting');

    // Hidden: the title and a notification with the game's name, and a vibration.
    await setHidden(page, true);
    await moveBy(id, a, 1);
    await waitState(page, 5, 'human');
    const want = T.rulesetName({ id: 'gabata-adowa', name: 'Gabata (Adowa)', region: '' });
    await expect.poll(() => page.title()).toBe(`● ${want}: your move`);
    await expect.poll(() => notes(page)).toHaveLength(1);
    const [note] = await notes(page);
    expect(note!.title).toBe(`${want}: your move`);
    expect(note!.body).toBe('Open the game to play.');
    expect(await page.evaluate(() => (window as unknown as { __vibrations: number }).__vibrations)).toBe(1);

    // A draw offered while hidden is told too, naming who offers it.
    const r = await keyed(server.url, a, 'POST', `/api/games/${id}/draw`, { seat: 1, ply: 5 });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    await expect.poll(() => notes(page)).toHaveLength(2);
    expect((await notes(page))[1]!.title).toMatch(/^Gabata \(Adowa\): .+ offers a draw$/);

    // Seen again: the page's own title comes back.
    await setHidden(page, false);
    expect(await page.title()).toBe(title);
    await page.screenshot({ path: path.join(SHOTS, 'attention-notified.png') });
  });
});

describe('what else the evaluation found (issue 23)', () => {
  it('an outage greys the presence dots and an unsent move says it can be played again, which it then is', async () => {
    const { id, a, b } = await onlineGame('outage');
    const opponent = await openLive(server.url, id, { key: a });
    const page = await person(b);
    await page.goto(`${server.url}/?anim=off#/game/${id}`);
    await waitState(page, 0, 'waiting');
    await page.waitForSelector('.players-bar .player[data-player="1"] .dot.on');
    await moveBy(id, a, 1);
    await waitState(page, 1, 'human');

    await opponent.close();
    await server.stop();
    await page.waitForSelector('.banner.reconnecting:not([hidden])');
    expect(await page.$$('.players-bar .dot.on')).toHaveLength(0);
    const hole = (await page.$eval('svg.board .hole.legal', (e) => e.getAttribute('data-hole')))!;
    await page.click(`svg.board .hole[data-hole="${hole}"]`);
    await page.waitForFunction((t) => document.querySelector('.message')?.textContent === t, T.reconnect);
    expect(T.reconnect).toMatch(/not sent/);
    expect(T.reconnect).not.toMatch(/[Rr]eload/);

    server = await restartServer(server, 'SIGTERM');
    await page.waitForSelector('.banner.reconnecting', { state: 'hidden' });
    await waitState(page, 1, 'human');
    await page.click(`svg.board .hole[data-hole="${hole}"]`);
    await expect.poll(async () => (await position(id)).ply).toBe(2);
  });

  it("three-player Aksum: the computer's seat shows no clock; against the computer one may resign, with no draw offer", async () => {
    const a = testKey('attention-aksum-a');
    const b = testKey('attention-aksum-b');
    const c = await keyed(server.url, a, 'POST', '/api/games', {
      ruleset: 'gabata-aksum',
      options: { players: 3 },
      seats: ['human', 'invite', 'computer:1'],
      clock: { baseMs: 300_000, incrementMs: 3000 },
    });
    expect(c.status, JSON.stringify(c.body)).toBe(201);
    const id = c.body.game.id as string;
    expect((await keyed(server.url, b, 'POST', `/api/games/${id}/join`, { token: c.body.invites[0].token })).status).toBe(200);
    const page = await person(a);
    await page.goto(`${server.url}/?anim=off#/game/${id}`);
    await page.waitForSelector('.players-bar .player[data-player="3"]');
    expect(await page.$$('.players-bar .player[data-player="1"] .clock')).toHaveLength(1);
    expect(await page.$$('.players-bar .player[data-player="2"] .clock')).toHaveLength(1);
    expect(await page.$$('.players-bar .player[data-player="3"] .clock')).toHaveLength(0);
    // With a person to agree, a draw can be offered here (the server asks him).
    expect(await page.isVisible('button.draw')).toBe(true);

    const solo = await keyed(server.url, a, 'POST', '/api/games', { ruleset: 'gabata-adowa', seats: ['human', 'computer:1'] });
    expect(solo.status).toBe(201);
    await page.goto(`${server.url}/?anim=off#/game/${solo.body.game.id}`);
    await page.waitForSelector('button.resign:not([hidden])');
    expect(await page.isVisible('button.draw')).toBe(false);
    page.once('dialog', (d) => void d.accept());
    await page.click('button.resign');
    await page.waitForSelector('.result:not([hidden]) .end-reason[data-reason="resign"]');
    expect(await page.isVisible('button.resign')).toBe(false);
  });

  it('Saved games and the not-found page have their own titles; Saved games refreshes when the outbox sent a game', async () => {
    const key = testKey('attention-saved');
    const page = await person(key);
    await page.goto(`${server.url}/?anim=off#/nowhere`);
    await expect.poll(() => page.title()).toBe(`${T.notFound} · ${T.appTitle}`);
    await page.goto(`${server.url}/?anim=off#/games`);
    await expect.poll(() => page.title()).toBe(`${T.savedGames} · ${T.appTitle}`);
    await page.waitForSelector('ul.saved:not(.local) li.empty');
    // A game reaches the server while the page is open (as the outbox sends one played offline), and says so.
    const made = await keyed(server.url, key, 'POST', '/api/games', { ruleset: 'gifia', seats: ['human', 'computer:1'] });
    expect(made.status).toBe(201);
    await page.evaluate(
      ([local, id]) => window.dispatchEvent(new CustomEvent('gabata:uploaded', { detail: { local, server: id } })),
      ['local-x', made.body.game.id as string],
    );
    await page.waitForSelector(`ul.saved li.saved-game[data-game="${made.body.game.id}"]`);
  });
});

/**
 * The back/forward cache on a live game page (issue 23), in Debian's chromium through
 * playwright-core against the real server. playwright-core launches chromium with the cache off
 * (`--disable-back-forward-cache`), so this file's browser is launched without that switch, as a
 * person's browser is. A player leaves a timed online game for another page, the opponent moves
 * meanwhile, and the player comes back with Back: the page is the one kept in the cache (its
 * `pageshow` says `persisted`, and Chrome reports no reason for not using the cache), and it shows
 * the move made while it was away, with the clock of the player to move running.
 */
import type { Browser, BrowserContext, CDPSession, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { PageErrors } from './helpers/page-errors.js';
import { keyed, testKey, useKey } from './helpers/web-keys.js';
import { closeWebSuite, openWebSuite, replayStored, type RunningServer, waitState } from './web-harness.js';

const STEP = 30_000;

let dir: string;
let server: RunningServer;
let browser: Browser;
const contexts: BrowserContext[] = [];
const pageErrors = new PageErrors();

beforeAll(async () => {
  ({ dir, server, browser } = await openWebSuite('gabata-bfcache-', undefined, { ignoreDefaultArgs: ['--disable-back-forward-cache'] }));
}, 60_000);

afterEach(async () => {
  for (const c of contexts.splice(0)) await c.close();
  expect(pageErrors.take()).toEqual([]);
});

afterAll(() => closeWebSuite({ browser, server, dir }));

/** A page holding `key` that records every `pageshow` (whether it came from the cache) on `window`. */
async function person(key: string): Promise<Page> {
  const ctx = await browser.newContext({ viewport: { width: 1100, height: 860 } });
  contexts.push(ctx);
  await useKey(ctx, key);
  await ctx.addInitScript(() => {
    const shows: boolean[] = [];
    (window as unknown as { __shows: boolean[] }).__shows = shows;
    window.addEventListener('pageshow', (e) => shows.push(e.persisted));
  });
  const page = pageErrors.watch(await ctx.newPage());
  page.setDefaultTimeout(STEP);
  return page;
}

/** Seat `seat`'s move through the API: its first legal hole in the stored position. */
async function moveBy(id: string, key: string, seat: number): Promise<void> {
  const r = await keyed(server.url, null, 'GET', `/api/games/${id}`);
  const { game, s } = replayStored(r.body.game);
  expect(s.toMove).toBe(seat);
  const buf = new Int32Array(256);
  expect(game.legalMoves(s, buf)).toBeGreaterThan(0);
  const m = await keyed(server.url, key, 'POST', `/api/games/${id}/moves`, { seat, ply: r.body.game.moves.length, code: buf[0] });
  expect(m.status, JSON.stringify(m.body)).toBe(200);
}

/** Chrome's reasons for not keeping the page in the cache (none when it was kept). */
async function watchCacheMisses(page: Page): Promise<{ cdp: CDPSession; reasons: string[] }> {
  const cdp = await page.context().newCDPSession(page);
  const reasons: string[] = [];
  cdp.on('Page.backForwardCacheNotUsed', (e) => {
    for (const r of e.notRestoredExplanations) reasons.push(`${r.type}: ${r.reason}`);
  });
  await cdp.send('Page.enable');
  return { cdp, reasons };
}

describe('the back/forward cache on a game page', () => {
  it('a live game page left and come back to with Back is restored from the cache and shows the move made meanwhile', async () => {
    const a = testKey('bfcache-a');
    const b = testKey('bfcache-b');
    const made = await keyed(server.url, a, 'POST', '/api/games', {
      ruleset: 'gabata-adowa',
      seed: 11,
      seats: ['human', 'invite'],
      clock: { baseMs: 300_000, incrementMs: 3000 },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const id = made.body.game.id as string;
    expect((await keyed(server.url, b, 'POST', `/api/games/${id}/join`, { token: made.body.invites[0].token })).status).toBe(200);

    const page = await person(a);
    const misses = await watchCacheMisses(page);
    await page.goto(`${server.url}/#/game/${id}`);
    await waitState(page, 0, 'human');
    await moveBy(id, a, 1);
    await waitState(page, 1, 'waiting');
    await page.waitForSelector('.players-bar .clock.running[data-seat="2"]');

    // Away on another document; the opponent moves meanwhile; then Back.
    await page.goto(`${server.url}/?away#/about`);
    await moveBy(id, b, 2);
    // A page restored from the cache fires no `load`: wait for the navigation's commit only.
    await page.goBack({ waitUntil: 'commit' });

    await waitState(page, 2, 'human');
    expect(misses.reasons).toEqual([]);
    expect(await page.evaluate(() => (window as unknown as { __shows: boolean[] }).__shows)).toEqual([false, true]);
    // The clock that runs is the player's own, now that it is his move again.
    await page.waitForSelector('.players-bar .clock.running[data-seat="1"]');
    expect(await page.$$('.players-bar .clock.running')).toHaveLength(1);
    // And the page plays on: the player's next move reaches the server and the opponent's answer comes back live.
    await moveBy(id, a, 1);
    await waitState(page, 3, 'waiting');
    await moveBy(id, b, 2);
    await waitState(page, 4, 'human');
    await misses.cdp.detach();
  }, 120_000);
});

/**
 * Online play in real browsers (Debian's chromium through playwright-core) against the real
 * server: each browser context is one person with its own storage, hence its own player key.
 * Two players play a whole online Selus game from its opening race to the end, moves chosen
 * at random (seeded) among the holes the page highlights, through the page; on the way a takeback
 * is declined and one accepted, one player drops off the network and catches up, and the server
 * restarts on the same database. A spectator watches with no controls. Three players play the
 * three-player Aksum Gabata, each seeing every move; clocks, a draw offer, resignation and a
 * rematch are played out between two. Screenshots go to test-output/screenshots/online-*.png.
 */
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Rng } from '../packages/engine/src/core/rng.js';
import { PageErrors } from './helpers/page-errors.js';
import { keyed, testKey, useKey } from './helpers/web-keys.js';
import { closeWebSuite, openWebSuite, replayStored, restartServer, ROOT, type RunningServer } from './web-harness.js';

const SHOTS = path.join(ROOT, 'test-output', 'screenshots');
const VIEW = { width: 1100, height: 860 };
const PHONE = { width: 390, height: 844 };
const STEP = 30_000;

let dir: string;
let server: RunningServer;
let browser: Browser;
const contexts: BrowserContext[] = [];
const pageErrors = new PageErrors();

beforeAll(async () => {
  ({ dir, server, browser } = await openWebSuite('gabata-online-', SHOTS));
}, 60_000);

afterEach(async () => {
  for (const c of contexts.splice(0)) await c.close();
  // A page may report the socket's failed reconnection attempts while the server restarts or the
  // network is off: those are the browser's own logs, not the app's errors.
  const errors = pageErrors
    .take()
    .filter((e) => !/WebSocket connection to .* failed|ERR_INTERNET_DISCONNECTED|ERR_CONNECTION_REFUSED/.test(e));
  expect(errors).toEqual([]);
});

afterAll(async () => {
  await closeWebSuite({ dir, server, browser });
});

/** A person: a browser context with its own storage and player key, and one page. */
async function person(name: string, size = VIEW): Promise<{ ctx: BrowserContext; page: Page; key: string }> {
  const ctx = await browser.newContext({ viewport: size });
  contexts.push(ctx);
  const key = testKey(`online-${name}`);
  await useKey(ctx, key);
  const page = pageErrors.watch(await ctx.newPage());
  page.setDefaultTimeout(STEP);
  return { ctx, page, key };
}

interface Shown {
  state: string;
  ply: number;
}

async function shown(page: Page): Promise<Shown> {
  return page.$eval('.game-page', (e) => ({ state: (e as HTMLElement).dataset['state']!, ply: Number((e as HTMLElement).dataset['ply']) }));
}

/** Waits until the page shows ply `ply` settled (not animating, not loading) in one of `states`. */
async function settledAt(page: Page, ply: number, states = ['human', 'waiting', 'over', 'thinking']): Promise<Shown> {
  try {
    await page.waitForFunction(
      ([p, st]) => {
        const e = document.querySelector('.game-page') as HTMLElement | null;
        return !!e && Number(e.dataset['ply']) === p && (st as string[]).includes(e.dataset['state'] ?? '');
      },
      [ply, states] as const,
      { timeout: STEP },
    );
  } catch (e) {
    // Say what the page shows instead.
    const seen = await page.evaluate(() => {
      const g = document.querySelector('.game-page') as HTMLElement | null;
      const text = (sel: string): string => document.querySelector(sel)?.textContent ?? '';
      const st = `state=${g?.dataset['state']} ply=${g?.dataset['ply']}`;
      return `${location.hash} ${st} status="${text('.status')}" message="${text('.message')}"`;
    });
    throw new Error(`expected ply ${ply} in ${states.join('|')}; the page shows ${seen}\n${(e as Error).message}`);
  }
  return shown(page);
}

async function drawnCounts(page: Page): Promise<number[]> {
  const pairs = await page.$$eval('svg.board .hole', (els) =>
    els.map((e) => [Number(e.getAttribute('data-hole')), Number(e.getAttribute('data-count'))]),
  );
  const out: number[] = [];
  for (const [h, c] of pairs) out[h!] = c!;
  return out;
}

/** The engine's counts of the stored game, replayed from its seed and moves. */
async function engineCounts(id: string): Promise<{ counts: number[]; moves: number; over: boolean }> {
  const r = await keyed(server.url, null, 'GET', `/api/games/${id}`);
  const { s } = replayStored(r.body.game);
  return { counts: Array.from(s.counts), moves: r.body.game.moves.length, over: s.phase === 4 };
}

/** Clicks one of the holes the page highlights as playable, chosen by `rng`; returns the hole. */
async function playRandom(page: Page, rng: Rng): Promise<number> {
  const holes = await page.$$eval('svg.board .hole.legal', (els) => els.map((e) => Number(e.getAttribute('data-hole'))));
  if (holes.length === 0) {
    await page.click('button.pass:not([hidden])');
    return -1;
  }
  const hole = holes[rng.int(holes.length)]!;
  await page.click(`svg.board .hole[data-hole="${hole}"]`);
  const popup = await page.$('.choice-popup:not([hidden]) button.choice');
  if (popup) await popup.click();
  return hole;
}

/** The numbers of the moves told in the commentary ("12. Player 1: 4"): each must appear once. */
async function toldMoves(page: Page): Promise<number[]> {
  return page.$$eval('.commentary li.move-head', (ls) =>
    ls
      .map((l) => /^(\d+)\./.exec(l.textContent ?? '')?.[1])
      .filter((x): x is string => !!x)
      .map(Number),
  );
}

const gameIdOf = (page: Page): string => /#\/game\/([\w-]+)/.exec(page.url())![1]!;

/** Creates an online game from the new-game screen: seat kinds in order, rule options typed in. */
async function createOnline(
  page: Page,
  ruleset: string,
  seats: string[],
  options: Record<string, string> = {},
  clock = 'none',
): Promise<string> {
  await page.goto(`${server.url}/?anim=off#/new/${ruleset}`);
  await page.waitForSelector(`.ruleset-card.selected[data-ruleset="${ruleset}"]`);
  for (const [name, value] of Object.entries(options)) {
    await page.fill(`fieldset[data-option="${name}"] input`, value);
    await page.dispatchEvent(`fieldset[data-option="${name}"] input`, 'change');
  }
  await page.waitForSelector(`select[name="seat${seats.length}"]`);
  for (let i = 0; i < seats.length; i++) await page.selectOption(`select[name="seat${i + 1}"]`, seats[i]!);
  await page.selectOption('select[name="clock"]', clock);
  await page.click('button.primary[type="submit"]');
  await page.waitForURL(/#\/game\//);
  return gameIdOf(page);
}

/** The invite links the creator's page shows, by seat. */
async function inviteLinks(page: Page): Promise<Map<number, string>> {
  await page.waitForSelector('.invites:not([hidden]) .invite-link');
  const rows = await page.$$eval('.invites .invite-row[data-seat]', (rs) =>
    rs.map((r) => [Number(r.getAttribute('data-seat')), (r.querySelector('input') as HTMLInputElement).value] as const),
  );
  return new Map(rows);
}

/** Opens a link of the app with animation off (a friend's browser). */
async function openLink(page: Page, link: string): Promise<void> {
  expect(link.startsWith(`${server.url}/`)).toBe(true);
  await page.goto(`${server.url}/?anim=off${link.slice(link.indexOf('#'))}`);
}

describe('online play', () => {
  it('two browsers play online Selus from its race to the end: takebacks, dropped connection, server restart, spectator', async () => {
    const a = await person('a');
    const b = await person('b');
    const s = await person('spectator', PHONE);
    const rng = new Rng(2026);
    const id = await createOnline(a.page, 'selus', ['human', 'invite']);
    const links = await inviteLinks(a.page);
    expect([...links.keys()]).toEqual([2]);
    const watch = await a.page.$eval('.invites .watch-link', (e) => (e as HTMLInputElement).value);
    expect((await settledAt(a.page, 0, ['waiting'])).state).toBe('waiting');
    expect(await a.page.textContent('.status')).toContain('Waiting for Player 2 to join');
    expect(await a.page.$$eval('svg.board .hole.legal', (l) => l.length)).toBe(0);
    await a.page.screenshot({ path: path.join(SHOTS, 'online-invite-desktop.png'), fullPage: true });

    // The creator opening his own link is told it is for his friend (the seat stays open).
    const own = await a.ctx.newPage();
    await openLink(own, links.get(2)!);
    await own.waitForSelector('.join[data-state="own"]');
    expect(await own.textContent('.join')).toContain('this link is for your friend');
    await own.close();

    // The friend joins with the link; a second use of it is refused with a clear page.
    await openLink(b.page, links.get(2)!);
    await b.page.waitForURL(/#\/game\//);
    expect(gameIdOf(b.page)).toBe(id);
    // (Its page is not watched for errors: the browser itself logs the refused request.)
    const lateCtx = await browser.newContext({ viewport: VIEW });
    contexts.push(lateCtx);
    await useKey(lateCtx, testKey('online-late'));
    const late = { ctx: lateCtx, page: await lateCtx.newPage() };
    await openLink(late.page, links.get(2)!);
    await late.page.waitForSelector('.join[data-state="used"]');
    expect(await late.page.textContent('.join')).toContain('already been used');
    await late.ctx.close();

    await openLink(s.page, watch);
    await settledAt(s.page, 0, ['waiting']);
    await a.page.waitForFunction(() => /1 spectator/.test(document.querySelector('.players-bar .spectators')?.textContent ?? ''));
    expect(await a.page.$$eval('.player .dot.on', (l) => l.length)).toBe(2);
    expect(await s.page.$eval('.watching', (e) => (e as HTMLElement).hidden)).toBe(false);
    for (const sel of ['button.undo', 'button.resign', 'button.draw', 'button.hint']) {
      expect(await s.page.$eval(sel, (e) => (e as HTMLElement).hidden)).toBe(true);
    }

    // The race: each picks his hole in secret; the other sees only that he has chosen.
    await settledAt(a.page, 0, ['human']);
    await settledAt(b.page, 0, ['human']);
    expect(await a.page.$eval('.board-box', (e) => e.getAttribute('data-turned'))).toBe('false');
    expect(await b.page.$eval('.board-box', (e) => e.getAttribute('data-turned'))).toBe('true');
    expect(await s.page.$eval('.board-box', (e) => e.getAttribute('data-turned'))).toBe('false');
    await playRandom(a.page, rng);
    await settledAt(a.page, 0, ['waiting']);
    expect(await a.page.textContent('.status')).toContain('Waiting for the others');
    await b.page.waitForSelector('.player[data-player="1"] .chosen');
    expect(await b.page.$$eval('.player[data-player="2"] .chosen', (l) => l.length)).toBe(0);
    await b.page.screenshot({ path: path.join(SHOTS, 'online-race-desktop.png') });
    await playRandom(b.page, rng);
    for (const p of [a.page, b.page, s.page]) await settledAt(p, 1);
    expect((await engineCounts(id)).moves).toBe(1);

    const players = [a, b];
    let ply = 1;
    let asked = 0;
    let dropped = false;
    let restarted = false;
    for (let turn = 0; turn < 400; turn++) {
      const states = await Promise.all(players.map((x) => settledAt(x.page, ply)));
      if (states.every((x) => x.state === 'over')) break;
      const mover = states.findIndex((x) => x.state === 'human');
      expect(mover).toBeGreaterThanOrEqual(0);
      const me = players[mover]!;
      const other = players[1 - mover]!;

      if (!dropped && ply >= 6 && mover === 0) {
        // The other drops off the network; a move is played meanwhile; back online, he catches up.
        dropped = true;
        await b.page.evaluate(() => ((window as unknown as { mark: number }).mark = 7));
        await b.ctx.setOffline(true);
        await b.page.waitForSelector('.banner.reconnecting:not([hidden])');
        await playRandom(a.page, rng);
        ply++;
        await settledAt(a.page, ply);
        await b.ctx.setOffline(false);
        await settledAt(b.page, ply);
        expect(await b.page.evaluate(() => (window as unknown as { mark: number }).mark)).toBe(7);
        await b.page.waitForSelector('.banner.reconnecting', { state: 'hidden' });
        continue;
      }
      if (!restarted && ply >= 12) {
        // The server crashes (SIGKILL) and restarts on the same database and port: both pages
        // reconnect and play on.
        restarted = true;
        const down = a.page.waitForSelector('.banner.reconnecting:not([hidden])');
        server = await restartServer(server);
        await down;
        for (const x of players) await x.page.waitForSelector('.banner.reconnecting', { state: 'hidden', timeout: STEP });
      }

      await playRandom(me.page, rng);
      ply++;
      await settledAt(me.page, ply);
      await settledAt(other.page, ply);

      if (asked < 2 && ply >= 4 && (await shown(other.page)).state === 'human' && !(await shown(me.page)).state.startsWith('over')) {
        // The mover asks to take his move back: declined the first time, accepted the second.
        asked++;
        await me.page.click('button.undo');
        await other.page.waitForSelector('.offer-prompt:not([hidden])[data-offer="takeback"]');
        expect(await other.page.textContent('.offer-prompt')).toContain('asks to take back the last move');
        if (asked === 1) {
          await other.page.screenshot({ path: path.join(SHOTS, 'online-takeback-desktop.png') });
          await other.page.click('.offer-prompt button.decline');
          await me.page.waitForFunction(() => /declined/.test(document.querySelector('.message')?.textContent ?? ''));
          expect((await engineCounts(id)).moves).toBe(ply);
        } else {
          await other.page.click('.offer-prompt button.accept');
          ply--;
          await settledAt(me.page, ply, ['human']);
          await settledAt(other.page, ply, ['waiting']);
          expect((await engineCounts(id)).moves).toBe(ply);
        }
      }
      if (ply === 10) {
        await a.page.screenshot({ path: path.join(SHOTS, 'online-player1-desktop.png') });
        await b.page.screenshot({ path: path.join(SHOTS, 'online-player2-desktop.png') });
        await s.page.screenshot({ path: path.join(SHOTS, 'online-spectator-phone.png'), fullPage: true });
      }
    }
    expect({ asked, dropped, restarted }).toEqual({ asked: 2, dropped: true, restarted: true });
    const end = await engineCounts(id);
    expect(end.over).toBe(true);
    expect(end.moves).toBe(ply);
    for (const x of [a.page, b.page, s.page]) {
      await settledAt(x, ply, ['over']);
      expect(await drawnCounts(x)).toEqual(end.counts);
      expect(await x.$eval('.result', (e) => (e as HTMLElement).hidden)).toBe(false);
      // Every move was told (and animated) once, the takeback's replayed move included.
      const told = await toldMoves(x);
      expect(new Set(told).size).toBeGreaterThan(0);
      expect(Math.max(...told)).toBe(ply);
    }
    const toldB = await toldMoves(b.page);
    expect(toldB.filter((n) => n === 7)).toHaveLength(1);
    await a.page.screenshot({ path: path.join(SHOTS, 'online-result-player1-desktop.png'), fullPage: true });
    await b.page.screenshot({ path: path.join(SHOTS, 'online-result-player2-desktop.png'), fullPage: true });
    await s.page.screenshot({ path: path.join(SHOTS, 'online-result-spectator-phone.png'), fullPage: true });
  }, 600_000);

  it('three browsers play the three-player Aksum Gabata: everybody sees every move', async () => {
    const ps = [await person('p1'), await person('p2'), await person('p3', PHONE)];
    const rng = new Rng(33);
    const id = await createOnline(ps[0]!.page, 'gabata-aksum', ['human', 'invite', 'invite'], { players: '3' });
    const links = await inviteLinks(ps[0]!.page);
    expect([...links.keys()].sort()).toEqual([2, 3]);
    await openLink(ps[1]!.page, links.get(2)!);
    await ps[1]!.page.waitForURL(/#\/game\//);
    await settledAt(ps[0]!.page, 0, ['waiting']);
    expect(await ps[0]!.page.textContent('.status')).toContain('Player 3');
    await openLink(ps[2]!.page, links.get(3)!);
    await ps[2]!.page.waitForURL(/#\/game\//);
    let ply = 0;
    for (let k = 0; k < 7; k++) {
      const states = await Promise.all(ps.map((x) => settledAt(x.page, ply)));
      const mover = states.findIndex((x) => x.state === 'human');
      expect(mover).toBeGreaterThanOrEqual(0);
      expect(states.filter((x) => x.state === 'human')).toHaveLength(1);
      await playRandom(ps[mover]!.page, rng);
      ply++;
      await settledAt(ps[mover]!.page, ply);
      const { counts, moves } = await engineCounts(id);
      expect(moves).toBe(ply);
      for (const x of ps) {
        await settledAt(x.page, ply);
        expect(await drawnCounts(x.page)).toEqual(counts);
      }
    }
    const dots = await ps[0]!.page.$$eval('.player .dot', (l) => l.map((d) => d.getAttribute('data-connected')));
    expect(dots).toEqual(['true', 'true', 'true']);
    await ps[2]!.page.screenshot({ path: path.join(SHOTS, 'online-3p-player3-phone.png'), fullPage: true });
    await ps[0]!.page.screenshot({ path: path.join(SHOTS, 'online-3p-player1-desktop.png') });
  }, 300_000);

  it('clocks count down on both sides; a draw offer declined, a resignation, and a rematch that opens in both browsers', async () => {
    const a = await person('clock-a');
    const b = await person('clock-b');
    const id = await createOnline(a.page, 'gabata-adowa', ['human', 'invite'], {}, '5+3');
    const links = await inviteLinks(a.page);
    await openLink(b.page, links.get(2)!);
    await b.page.waitForURL(/#\/game\//);
    await settledAt(a.page, 0, ['human']);
    await settledAt(b.page, 0, ['waiting']);
    // Player 1's clock runs on both screens; player 2's stands at five minutes.
    const clock = (page: Page, seat: number): Promise<string> => page.$eval(`.clock[data-seat="${seat}"]`, (e) => e.textContent ?? '');
    expect(await clock(b.page, 2)).toBe('5:00');
    const first = await clock(b.page, 1);
    await b.page.waitForFunction((t) => document.querySelector('.clock[data-seat="1"]')?.textContent !== t, first, { timeout: 5000 });
    expect(await a.page.$eval('.clock[data-seat="1"]', (e) => e.classList.contains('running'))).toBe(true);
    await playRandom(a.page, new Rng(5));
    await settledAt(b.page, 1, ['human']);
    await settledAt(a.page, 1, ['waiting']);
    // The increment: player 1 has more than 5:00 - a few seconds, and his clock stopped.
    expect(await a.page.$eval('.clock[data-seat="1"]', (e) => e.classList.contains('running'))).toBe(false);
    await a.page.screenshot({ path: path.join(SHOTS, 'online-clocks-desktop.png') });

    await b.page.click('button.draw');
    await a.page.waitForSelector('.offer-prompt:not([hidden])[data-offer="draw"]');
    await a.page.click('.offer-prompt button.decline');
    await b.page.waitForFunction(() => /declined/.test(document.querySelector('.message')?.textContent ?? ''));

    b.page.once('dialog', (d) => void d.accept());
    await b.page.click('button.resign');
    for (const p of [a.page, b.page]) {
      await settledAt(p, 1, ['over']);
      expect(await p.textContent('.result')).toContain('Player 1 wins');
    }
    const r = await keyed(server.url, null, 'GET', `/api/games/${id}`);
    expect(r.body.game.end.reason).toBe('resign');

    await a.page.click('button.rematch');
    await b.page.waitForSelector('.offer-prompt:not([hidden])[data-offer="rematch"]');
    await b.page.click('.offer-prompt button.accept');
    for (const p of [a.page, b.page]) await p.waitForURL((u) => /#\/game\//.test(u.hash) && !u.hash.includes(id));
    expect(gameIdOf(a.page)).toBe(gameIdOf(b.page));
    // Seats rotated: the first player now holds seat 2, the second seat 1.
    await a.page.waitForSelector('.player[data-player="2"] .you');
    await b.page.waitForSelector('.player[data-player="1"] .you');
    await settledAt(b.page, 0, ['human']);
    // Each page knew its seats in the rematch before the server said them: no spectator's notice.
    for (const p of [a.page, b.page]) expect(await p.$eval('.watching', (e) => (e as HTMLElement).hidden)).toBe(true);
  }, 300_000);

  it('a clock that runs out ends the game on both screens, low time highlighted first; a wrong invitation gets a clear page', async () => {
    const a = await person('flag-a');
    const b = await person('flag-b');
    const made = await keyed(server.url, a.key, 'POST', '/api/games', {
      ruleset: 'gabata-adowa',
      seats: ['human', 'invite'],
      clock: { baseMs: 10_000, incrementMs: 0 },
    });
    expect(made.status).toBe(201);
    const id = made.body.game.id as string;
    const token = made.body.invites[0].token as string;
    // (A page not watched for errors: the browser itself logs the refused request.)
    const wrong = await b.ctx.newPage();
    await wrong.goto(`${server.url}/?anim=off#/join/${id}/${token.slice(0, -2)}xx`);
    await wrong.waitForSelector('.join[data-state="invalid"]');
    expect(await wrong.textContent('.join')).toContain('not valid');
    await wrong.close();
    await b.page.goto(`${server.url}/?anim=off#/join/${id}/${token}`);
    await b.page.waitForURL(/#\/game\//);
    await a.page.goto(`${server.url}/?anim=off#/game/${id}`);
    await settledAt(a.page, 0, ['human']);
    await a.page.waitForSelector('.clock.low[data-seat="1"]', { timeout: 15_000 });
    for (const p of [a.page, b.page]) {
      await settledAt(p, 0, ['over']);
      expect(await p.textContent('.result')).toContain('Player 2 wins');
      expect(await p.textContent('.result .end-reason')).toContain('on time');
      expect(await p.textContent('.clock[data-seat="1"]')).toBe('0.0');
    }
    const r = await keyed(server.url, null, 'GET', `/api/games/${id}`);
    expect(r.body.game.end).toMatchObject({ winner: 2, reason: 'time' });
  }, 120_000);

  it('two tabs of one game on one device stay in step: a move in one shows in the other, an undo in either undoes both', async () => {
    const a = await person('tabs');
    const made = await keyed(server.url, a.key, 'POST', '/api/games', { ruleset: 'gabata-adowa', seed: 9, seats: ['human', 'human'] });
    const id = made.body.game.id as string;
    const second = pageErrors.watch(await a.ctx.newPage());
    for (const p of [a.page, second]) await p.goto(`${server.url}/?anim=off#/game/${id}`);
    const rng = new Rng(4);
    for (const p of [a.page, second]) await settledAt(p, 0, ['human']);
    await playRandom(a.page, rng);
    await settledAt(second, 1, ['human']);
    await playRandom(second, rng);
    await settledAt(a.page, 2, ['human']);
    expect(await drawnCounts(a.page)).toEqual((await engineCounts(id)).counts);
    await a.page.click('button.undo');
    for (const p of [a.page, second]) await settledAt(p, 1, ['human']);
    const after = await engineCounts(id);
    expect(after.moves).toBe(1);
    expect(await drawnCounts(second)).toEqual(after.counts);
  }, 120_000);
});

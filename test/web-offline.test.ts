/**
 * The installable, offline app (issue 15) in Debian's chromium against the real server: one
 * online visit installs the service worker (scripts/build-sw.mjs); then, with the network switched
 * off (playwright's offline mode), the app reloads from the worker's cache, a game against the
 * computer is started and played to its end with the engine in the page's Web Worker, kept in
 * IndexedDB; an invitation says it needs a connection; when the network returns the outbox sends
 * the game to the server, which lists it for the page's key with the same moves, and the page
 * moves to the server's game. Screenshots at phone size go to test-output/screenshots/.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { PageErrors } from './helpers/page-errors.js';
import { keyed, testKey, useKey } from './helpers/web-keys.js';
import { closeWebSuite, openWebSuite, request, restartServer, ROOT, type RunningServer } from './web-harness.js';

const SHOTS = path.join(ROOT, 'test-output', 'screenshots');
const PHONE = { width: 390, height: 844 };
const KEY = testKey('web-offline');

let dir: string;
let server: RunningServer;
let browser: Browser;
const pageErrors = new PageErrors();

beforeAll(async () => {
  // openWebSuite builds the page and then its service worker (as npm run build does).
  ({ dir, server, browser } = await openWebSuite('gabata-offline-', SHOTS));
}, 120_000);

/**
 * The browser offline, as a phone without a network is: requests fail and `navigator.onLine` is
 * false, with an `offline` / `online` event at the change. Playwright's setOffline fails the
 * requests, but the Debian Chromium that apt installs here (150) keeps onLine true
 * under it and under CDP's network emulation alike, so the page is told by an init script of the
 * context (installed once by `offlineAware`), which reads a flag kept in sessionStorage across reloads.
 */
async function offline(context: BrowserContext, page: Page, off: boolean): Promise<void> {
  await context.setOffline(off);
  await page.evaluate((v) => {
    if (v) sessionStorage.setItem('test-offline', '1');
    else sessionStorage.removeItem('test-offline');
    window.dispatchEvent(new Event(v ? 'offline' : 'online'));
  }, off);
}

async function offlineAware(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const real = Object.getOwnPropertyDescriptor(Navigator.prototype, 'onLine')!.get!;
    Object.defineProperty(Navigator.prototype, 'onLine', {
      configurable: true,
      get(this: Navigator) {
        return sessionStorage.getItem('test-offline') === '1' ? false : (real.call(this) as boolean);
      },
    });
  });
}

afterEach(() => {
  expect(pageErrors.take()).toEqual([]);
});

afterAll(async () => {
  await closeWebSuite({ dir, server, browser });
});

async function phoneContext(key = KEY): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: PHONE, serviceWorkers: 'allow' });
  await useKey(context, key);
  const page = pageErrors.watch(await context.newPage());
  return { context, page };
}

async function waitFor(page: Page, states: string[]): Promise<{ state: string; ply: number }> {
  await page.waitForFunction(
    (st) => {
      const e = document.querySelector('.game-page') as HTMLElement | null;
      return !!e && st.includes(e.dataset['state'] ?? '');
    },
    states,
    { timeout: 60_000 },
  );
  return page.$eval('.game-page', (e) => ({ state: (e as HTMLElement).dataset['state']!, ply: Number((e as HTMLElement).dataset['ply']) }));
}

/** Plays the person's moves (the first playable hole each time) until the game is over. */
async function playToEnd(page: Page, maxDecisions: number): Promise<number> {
  for (let i = 0; i < maxDecisions; i++) {
    const now = await waitFor(page, ['human', 'over']);
    if (now.state === 'over') return now.ply;
    const holes = await page.$$('svg.board .hole.legal');
    if (holes.length === 0) await page.click('button.pass:not([hidden])');
    else {
      await holes[0]!.click();
      const popup = await page.$('.choice-popup:not([hidden]) button.choice');
      if (popup) await popup.click();
    }
    await page.waitForFunction((ply) => Number((document.querySelector('.game-page') as HTMLElement).dataset['ply']) > ply, now.ply, {
      timeout: 60_000,
    });
  }
  throw new Error(`the game did not end within ${maxDecisions} of the person's decisions`);
}

/** Makes one decision as the person on this device; returns the new ply. */
async function playOne(page: Page): Promise<number> {
  const now = await waitFor(page, ['human']);
  await page.click('svg.board .hole.legal');
  const popup = await page.$('.choice-popup:not([hidden]) button.choice');
  if (popup) await popup.click();
  await page.waitForFunction((ply) => Number((document.querySelector('.game-page') as HTMLElement).dataset['ply']) > ply, now.ply, {
    timeout: 60_000,
  });
  return (await waitFor(page, ['human', 'over'])).ply;
}

/** The local games this page's IndexedDB holds. */
function storedGames(page: Page): Promise<{ id: string; moves: { move: string }[]; serverId: string | null }[]> {
  return page.evaluate(
    () =>
      new Promise((resolve, reject) => {
        const open = indexedDB.open('gabata-offline');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const req = open.result.transaction('games').objectStore('games').getAll();
          req.onsuccess = () => resolve(req.result);
          req.onerror = () => reject(req.error);
        };
      }),
  );
}

describe('offline web app', () => {
  it('serves the manifest and its icons, and the service worker with no caching of its own', async () => {
    const m = await request(server.url, 'GET', '/manifest.webmanifest');
    expect(m.status).toBe(200);
    const manifest = typeof m.body === 'string' ? JSON.parse(m.body) : m.body;
    expect(manifest.display).toBe('standalone');
    const sizes = (manifest.icons as { sizes: string; purpose: string; src: string }[]).map((i) => `${i.sizes} ${i.purpose}`);
    expect(sizes).toEqual(expect.arrayContaining(['192x192 maskable', '512x512 maskable', '192x192 any', '512x512 any']));
    for (const icon of manifest.icons as { src: string; type: string }[]) {
      const r = await fetch(`${server.url}/${icon.src}`);
      expect(r.status, icon.src).toBe(200);
      expect(r.headers.get('content-type')).toContain(icon.type);
    }
    const sw = await fetch(`${server.url}/sw.js`);
    expect(sw.status).toBe(200);
    expect(sw.headers.get('cache-control')).toBe('no-cache');
    // It precaches the build's files (build.json), the page's hashed bundle and every chunk among them.
    const build = JSON.parse(readFileSync(path.join(ROOT, 'dist/web/build.json'), 'utf8')) as { main: string; files: string[] };
    const text = await sw.text();
    expect(build.files.filter((f) => f.endsWith('.js')).length).toBeGreaterThan(2);
    for (const f of build.files) expect(text, f).toContain(`"${f}"`);
    expect(text).toContain(`"${build.main}"`);
  });

  it('after one online visit, a game against the computer is played to its end offline and reaches the server online', async () => {
    const { context, page } = await phoneContext();
    await offlineAware(context);
    // The online visit: the page registers the worker, which precaches the app and takes control.
    await page.goto(`${server.url}/?anim=off#/new/gabata-adowa`);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 60_000 });
    // Chromium reads the manifest without errors, and finds the app installable.
    const cdp = await context.newCDPSession(page);
    const manifest = (await cdp.send('Page.getAppManifest')) as { url: string; errors: unknown[]; data?: string };
    expect(manifest.url).toBe(`${server.url}/manifest.webmanifest`);
    expect(manifest.errors).toEqual([]);
    const installable = (await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: { errorId: string }[] };
    // (A playwright context is an incognito profile, where Chromium installs nothing: that alone may be said.)
    expect(installable.installabilityErrors.map((e) => e.errorId).filter((e) => e !== 'in-incognito')).toEqual([]);
    await cdp.detach();
    const before = await keyed(server.url, KEY, 'GET', '/api/games');
    expect(before.body.games).toEqual([]);

    await offline(context, page, true);
    await page.reload();
    await page.waitForSelector('.ruleset-card.selected[data-ruleset="gabata-adowa"]');
    expect(await page.evaluate(() => navigator.onLine)).toBe(false);
    await page.waitForSelector('.offline-banner:not([hidden])');

    // An invitation needs the server, and says so.
    await page.selectOption('select[name="seat2"]', 'invite');
    await page.click('button.primary[type="submit"]');
    await expect.poll(() => page.textContent('.message.error')).toContain('needs a connection');
    await page.locator('.message.error').scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(SHOTS, 'offline-invite-phone.png'), fullPage: false });

    // So does a clock.
    await page.selectOption('select[name="seat2"]', 'computer:1');
    await page.selectOption('select[name="clock"]', 'custom');
    await page.click('button.primary[type="submit"]');
    await expect.poll(() => page.textContent('.message.error')).toContain('A clock needs a connection');
    await page.selectOption('select[name="clock"]', 'none');

    // One round of Gabata against the computer (level 1), with no network at all.
    await page.fill('input[name="rounds"]', '1');
    await page.dispatchEvent('input[name="rounds"]', 'change');
    await page.click('button.primary[type="submit"]');
    await page.waitForURL(/#\/game\/local-[0-9a-f]+$/);
    const localId = /#\/game\/(local-[0-9a-f]+)$/.exec(page.url())![1]!;
    await expect.poll(() => page.textContent('.offline-note')).toContain('Saved on this device');
    const plies = await playToEnd(page, 400);
    expect(plies).toBeGreaterThan(1);
    expect(await page.textContent('.result')).not.toBe('');
    await page.screenshot({ path: path.join(SHOTS, 'offline-game-over-phone.png'), fullPage: false });

    // Kept in this browser, and not on the server yet.
    const [kept] = (await storedGames(page)).filter((g) => g.id === localId);
    expect(kept!.moves.length).toBe(plies);
    expect(kept!.serverId).toBeNull();
    expect((await keyed(server.url, KEY, 'GET', '/api/games')).body.games).toEqual([]);
    // The saved games: the server's need a connection; this device's wait to be sent.
    await page.goto(`${server.url}/?anim=off#/games`);
    await page.waitForSelector(`.saved.local [data-game="${localId}"]`);
    expect(await page.textContent('ul.saved:not(.local) .error')).toContain('needs a connection');
    await page.screenshot({ path: path.join(SHOTS, 'offline-saved-games-phone.png'), fullPage: false });
    await page.click(`.saved.local [data-game="${localId}"] a.saved-link`);
    await waitFor(page, ['over']);

    // The network returns: the outbox sends the game, and the page moves to the server's copy.
    await offline(context, page, false);
    await page.waitForURL((u) => /#\/game\/[A-Za-z0-9]+$/.test(u.hash) && !u.hash.includes('local-'), { timeout: 60_000 });
    const serverId = /#\/game\/([A-Za-z0-9]+)$/.exec(page.url())![1]!;
    const listed = await keyed(server.url, KEY, 'GET', '/api/games');
    expect(listed.body.games.map((g: { id: string }) => g.id)).toEqual([serverId]);
    const stored = await keyed(server.url, KEY, 'GET', `/api/games/${serverId}`);
    expect(stored.body.game.status).toBe('over');
    expect(stored.body.game.seats.map((s: { kind: string }) => s.kind)).toEqual(['human', 'computer:1']);
    expect(stored.body.game.moves.map((m: { move: string }) => m.move)).toEqual(kept!.moves.map((m) => m.move));
    await waitFor(page, ['over']);
    expect((await storedGames(page)).find((g) => g.id === localId)!.serverId).toBe(serverId);
    await page.screenshot({ path: path.join(SHOTS, 'offline-uploaded-phone.png'), fullPage: false });
    // The local game's old address opens the server's copy; nothing waits to be sent any more.
    await page.goto(`${server.url}/?anim=off#/game/${localId}`);
    await page.waitForURL((u) => u.hash === `#/game/${serverId}`);
    await page.goto(`${server.url}/?anim=off#/games`);
    await page.waitForSelector(`ul.saved:not(.local) [data-game="${serverId}"]`);
    expect(await page.$$('.saved.local [data-game]')).toEqual([]);
    await context.close();
  }, 300_000);

  it('with the browser online but the server down, a game is kept here, sent when the server is back, and goes on there', async () => {
    const key = testKey('web-offline-server-down');
    const { context, page } = await phoneContext(key);
    await page.goto(`${server.url}/?anim=off#/new/gifia`);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 60_000 });
    await server.stop();
    // The page comes from the worker's cache; the server's refusal to connect makes the game local.
    await page.reload();
    await page.waitForSelector('.ruleset-card.selected[data-ruleset="gifia"]');
    await page.selectOption('select[name="seat2"]', 'computer:1');
    await page.click('button.primary[type="submit"]');
    await page.waitForURL(/#\/game\/local-[0-9a-f]+$/);
    let ply = await playOne(page);
    ply = await playOne(page);
    expect(ply).toBeGreaterThanOrEqual(2);
    // The only errors: the browser's own lines for the calls the server did not answer.
    expect(pageErrors.take().filter((e) => !e.includes('net::ERR_CONNECTION_REFUSED'))).toEqual([]);

    // The server is back (same port and database); the browser's online event makes the outbox try.
    server = await restartServer(server, 'SIGTERM');
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    await page.waitForURL((u) => /#\/game\/[A-Za-z0-9]+$/.test(u.hash) && !u.hash.includes('local-'), { timeout: 60_000 });
    const serverId = /#\/game\/([A-Za-z0-9]+)$/.exec(page.url())![1]!;
    const at = await waitFor(page, ['human', 'over']);
    expect(at.ply).toBe(ply);
    expect((await keyed(server.url, key, 'GET', `/api/games/${serverId}`)).body.game.moveCount).toBe(ply);
    const listed = await keyed(server.url, key, 'GET', '/api/games');
    expect(listed.body.games.map((g: { id: string }) => g.id)).toEqual([serverId]);
    // Played on as a saved game of the server: the next move is stored there.
    expect(at.state).toBe('human');
    const next = await playOne(page);
    await expect.poll(async () => (await keyed(server.url, key, 'GET', `/api/games/${serverId}`)).body.game.moveCount).toBe(next);
    await context.close();
  }, 300_000);
});

/**
 * The lobby page (#/lobby, src/web/lobby.ts) in real browsers (Debian's chromium through
 * playwright-core) against the real server: two browser contexts, each its own person with its own
 * player key, that never shared a link, find each other by quick pairing (both tap the same pool
 * tile; the game opens on both screens; one plays a move and the other sees it) and by a seek (one
 * opens it, the other accepts it); a seek goes when its page closes. The page on a 390 px phone
 * keeps the navigation on one row, its tiles at least 44 x 44 px, and never scrolls sideways. A seek
 * names its seeker (a link to the player’s page, the rating with "?" while provisional) or "Anonymous",
 * whatever shape of seek the server sends (the lobby socket played by the test).
 * Screenshots (phone and desktop, English and Amharic) go to test-output/screenshots/lobby-*.png.
 */
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { testKey, useKey } from './helpers/web-keys.js';
import { browser, contexts, pageErrors, server, useWebSuite } from './helpers/web-suite.js';
import { ROOT } from './web-harness.js';

const SHOTS = path.join(ROOT, 'test-output', 'screenshots');
const DESKTOP = { width: 1100, height: 900 };
const PHONE = { width: 390, height: 844 };
const STEP = 30_000;

useWebSuite('gabata-web-lobby-', SHOTS);

/** A person: a browser context with its own storage and player key, on the lobby page. */
async function person(name: string, opts: { size?: typeof PHONE; lang?: string; phone?: boolean } = {}): Promise<Page> {
  const phone = opts.phone ?? opts.size === PHONE;
  const ctx = await browser.newContext({ viewport: opts.size ?? DESKTOP, isMobile: phone, hasTouch: phone });
  contexts.push(ctx);
  await useKey(ctx, testKey(`lobby-${name}`));
  const page = pageErrors.watch(await ctx.newPage());
  page.setDefaultTimeout(STEP);
  await page.goto(`${server.url}/?anim=off&lang=${opts.lang ?? 'en'}#/lobby`);
  await page.waitForSelector('.pool-tile[data-pool="gabata-adowa/5+3"]');
  await page.waitForSelector('form.lobby-form');
  return page;
}

const gameIdOf = (page: Page): string => /#\/game\/([\w-]+)/.exec(page.url())![1]!;

/** Waits for the game page to show ply `ply` settled in one of `states`; the state it shows. */
async function settledAt(page: Page, ply: number, states: string[]): Promise<string> {
  await page.waitForFunction(
    ([p, st]) => {
      const e = document.querySelector('.game-page') as HTMLElement | null;
      return !!e && Number(e.dataset['ply']) === p && (st as string[]).includes(e.dataset['state'] ?? '');
    },
    [ply, states] as const,
  );
  return page.$eval('.game-page', (e) => (e as HTMLElement).dataset['state']!);
}

/** Both pages show the same new game; the one to move plays a hole and the other sees the move. */
async function playOneMove(a: Page, b: Page): Promise<void> {
  await a.waitForURL(/#\/game\//);
  await b.waitForURL(/#\/game\//);
  expect(gameIdOf(a)).toBe(gameIdOf(b));
  const states = await Promise.all([settledAt(a, 0, ['human', 'waiting']), settledAt(b, 0, ['human', 'waiting'])]);
  expect([...states].sort()).toEqual(['human', 'waiting']);
  const [mover, other] = states[0] === 'human' ? [a, b] : [b, a];
  const hole = await mover.$eval('svg.board .hole.legal', (e) => Number(e.getAttribute('data-hole')));
  await mover.click(`svg.board .hole[data-hole="${hole}"]`);
  await settledAt(other, 1, ['human', 'waiting', 'over']);
  await settledAt(mover, 1, ['human', 'waiting', 'over']);
}

/** The tile's waiting count as the page says it. */
const tileText = (page: Page, pool: string): Promise<string | null> =>
  page.locator(`.pool-tile[data-pool="${pool}"] .pool-count`).textContent();

/** The navigation's rows, and whether the page scrolls sideways (the phone test's rule, test/web-phone.test.ts). */
function phoneLayout(page: Page): Promise<{ navRows: number; navHidden: number; scroll: number; client: number; small: string[] }> {
  return page.evaluate(() => {
    const items = Array.from(document.querySelectorAll('header.site nav a'));
    const width = document.documentElement.clientWidth;
    const targets = Array.from(document.querySelectorAll('.pool-tile, .pool-cancel:not([hidden]), .seek-accept, .seek-cancel'));
    return {
      navRows: new Set(items.map((a) => Math.round(a.getBoundingClientRect().top))).size,
      navHidden: items.filter((a) => a.getBoundingClientRect().right > width + 0.5 || a.getBoundingClientRect().left < -0.5).length,
      scroll: document.scrollingElement!.scrollWidth,
      client: document.scrollingElement!.clientWidth,
      small: targets
        .map((e) => e.getBoundingClientRect())
        .filter((r) => r.width < 44 || r.height < 44)
        .map((r) => `${r.width}x${r.height}`),
    };
  });
}

describe('the lobby page', () => {
  it('quick pairing: two strangers tap the same pool tile, the game opens on both screens, a move is seen by both', async () => {
    const a = await person('pool-a', { size: PHONE });
    const b = await person('pool-b');
    const pool = 'gabata-adowa/5+3';
    await a.click(`.pool-tile[data-pool="${pool}"]`);
    await expect.poll(() => a.getAttribute(`.pool-tile[data-pool="${pool}"]`, 'aria-pressed')).toBe('true');
    expect(await tileText(a, pool)).toMatch(/waiting/);
    await a.locator(`.pool[data-pool="${pool}"] .pool-cancel`).waitFor({ state: 'visible' });
    // The other screen sees one waiting there, live.
    await expect.poll(() => tileText(b, pool), { timeout: STEP }).toBe('1 waiting');
    await a.screenshot({ path: path.join(SHOTS, 'lobby-pool-waiting-phone-en.png'), fullPage: true });
    const at = await phoneLayout(a);
    expect(at.navRows, 'the navigation wraps onto more rows').toBe(1);
    expect(at.navHidden, 'navigation items outside the screen').toBe(0);
    expect(at.scroll, 'the page scrolls sideways').toBeLessThanOrEqual(at.client);
    expect(at.small, 'tap targets smaller than 44 x 44').toEqual([]);

    // Cancel leaves the pool; a second tap on the tile joins and leaves again too.
    await a.click(`.pool[data-pool="${pool}"] .pool-cancel`);
    await expect.poll(() => a.getAttribute(`.pool-tile[data-pool="${pool}"]`, 'aria-pressed')).toBe('false');
    await expect.poll(() => tileText(b, pool), { timeout: STEP }).toBe('0 waiting');

    await a.click(`.pool-tile[data-pool="${pool}"]`);
    await expect.poll(() => a.getAttribute(`.pool-tile[data-pool="${pool}"]`, 'aria-pressed')).toBe('true');
    await b.click(`.pool-tile[data-pool="${pool}"]`);
    await playOneMove(a, b);
    await a.screenshot({ path: path.join(SHOTS, 'lobby-paired-game-phone-en.png') });
  });

  it('a seek: one opens it, the other sees it live and accepts it with one tap; the game opens for both', async () => {
    const a = await person('seek-a');
    const b = await person('seek-b', { size: PHONE });
    const form = a.locator('form.lobby-form');
    // Rated needs an account: anonymous, only casual may be chosen.
    expect(await form.locator('input[name="rated"][value="rated"]').isDisabled()).toBe(true);
    await form.locator('select[name="ruleset"]').selectOption('gabata-adowa');
    await form.locator('select[name="clock"]').selectOption('10+5');
    await form.locator('input[name="colour"][value="first"]').check();
    await form.locator('input[name="rangeMin"]').fill('1000');
    await form.locator('input[name="rangeMax"]').fill('2000');
    await form.locator('button[type="submit"]').click();
    const mine = a.locator('ul.seeks li.seek.mine');
    await mine.waitFor();
    expect(await mine.locator('.seek-cancel').count()).toBe(1);
    const item = b.locator('ul.seeks li.seek');
    await item.waitFor();
    const text = await item.textContent();
    for (const part of ['Gabata (Adowa)', '10 min + 5 s', 'casual', 'they move first', 'Anonymous', 'rating 1500', '1000–2000']) {
      expect(text).toContain(part);
    }
    await a.screenshot({ path: path.join(SHOTS, 'lobby-seek-desktop-en.png'), fullPage: true });
    await b.screenshot({ path: path.join(SHOTS, 'lobby-seek-phone-en.png'), fullPage: true });
    await item.locator('button.seek-accept').click();
    await playOneMove(a, b);
    // The seeker asked for the first seat: he moved first.
    expect(await a.$eval('.game-page', (e) => (e as HTMLElement).dataset['ply'])).toBe('1');
  });

  it('a seek goes from every screen when the page that opened it closes; Cancel withdraws one', async () => {
    const a = await person('gone-a');
    const b = await person('gone-b');
    await a.locator('form.lobby-form button[type="submit"]').click();
    await b.locator('ul.seeks li.seek').waitFor();
    await a.close();
    await b.locator('ul.seeks li.empty').waitFor();

    const c = await person('gone-c');
    await c.locator('form.lobby-form button[type="submit"]').click();
    await b.locator('ul.seeks li.seek').waitFor();
    await c.locator('ul.seeks li.seek.mine .seek-cancel').click();
    await b.locator('ul.seeks li.empty').waitFor();
    expect(await c.locator('ul.seeks li.seek').count()).toBe(0);
  });

  it('in Amharic, on a phone and on a desktop: the words are the catalogue’s, the navigation on one row', async () => {
    const phone = await person('am-phone', { size: PHONE, lang: 'am' });
    const desk = await person('am-desk', { lang: 'am' });
    await desk.locator('form.lobby-form button[type="submit"]').click();
    await phone.locator('ul.seeks li.seek').waitFor();
    await phone.click('.pool-tile[data-pool="selus/corr"]');
    await expect.poll(() => phone.getAttribute('.pool-tile[data-pool="selus/corr"]', 'aria-pressed')).toBe('true');
    expect(await phone.locator('h1').textContent()).toBe('ከሰው ጋር ይጫወቱ');
    expect(await phone.locator('header.site nav a.nav-lobby').textContent()).toBe('ከሰው ጋር');
    await phone.evaluate(() => document.fonts.ready);
    const at = await phoneLayout(phone);
    expect(at.navRows).toBe(1);
    expect(at.navHidden).toBe(0);
    expect(at.scroll).toBeLessThanOrEqual(at.client);
    expect(at.small).toEqual([]);
    await phone.screenshot({ path: path.join(SHOTS, 'lobby-phone-am.png'), fullPage: true });
    await desk.screenshot({ path: path.join(SHOTS, 'lobby-desktop-am.png'), fullPage: true });
    await phone.click('.pool[data-pool="selus/corr"] .pool-cancel');
    await expect.poll(() => phone.getAttribute('.pool-tile[data-pool="selus/corr"]', 'aria-pressed')).toBe('false');
  });

  it('after the network drops and comes back, the page reconnects and its seek and its place in a pool are there again', async () => {
    const a = await person('drop-a');
    const b = await person('drop-b');
    const pool = 'gifia/30+20';
    await a.locator('form.lobby-form button[type="submit"]').click();
    await a.locator('ul.seeks li.seek.mine').waitFor();
    await a.click(`.pool-tile[data-pool="${pool}"]`);
    await expect.poll(() => tileText(b, pool), { timeout: STEP }).toBe('1 waiting');
    await a.context().setOffline(true);
    await a.locator('.lobby[data-state="reconnecting"]').waitFor();
    expect(await a.locator('.lobby-conn').textContent()).toContain('trying again');
    await a.context().setOffline(false);
    await a.locator('.lobby[data-state="up"]').waitFor();
    await expect.poll(() => a.getAttribute(`.pool-tile[data-pool="${pool}"]`, 'aria-pressed'), { timeout: STEP }).toBe('true');
    await a.locator('ul.seeks li.seek.mine').waitFor();
    // The other screen sees one seek and one waiting, whether or not the server noticed the old socket yet.
    await expect.poll(() => tileText(b, pool), { timeout: STEP }).toBe('1 waiting');
    await expect.poll(() => b.locator('ul.seeks li.seek').count(), { timeout: STEP }).toBe(1);
    await a.close();
    await b.locator('ul.seeks li.empty').waitFor();
    await expect.poll(() => tileText(b, pool), { timeout: STEP }).toBe('0 waiting');
  });

  it('a refused action is said in words: accepting, in a second tab, a seek of ones own key', async () => {
    const a = await person('refused-a');
    await a.locator('form.lobby-form button[type="submit"]').click();
    await a.locator('ul.seeks li.seek.mine').waitFor();
    // Another tab of the same browser holds the same key, but not the seek: it offers Play, and the server refuses.
    const tab = pageErrors.watch(await a.context().newPage());
    await tab.goto(`${server.url}/?anim=off#/lobby`);
    await tab.locator('ul.seeks li.seek .seek-accept').click();
    await expect.poll(() => tab.locator('.lobby-say').textContent()).toBe('That is your own seek.');
    expect(tab.url()).toMatch(/#\/lobby$/);
  });

  it('a seek names its seeker: a link to the player’s page, a provisional rating with ?; none told: Anonymous', async () => {
    // The lobby's socket is played by the test (the page cannot tell): each shape a server may send.
    const ctx = await browser.newContext({ viewport: DESKTOP });
    contexts.push(ctx);
    await useKey(ctx, testKey('lobby-seekers'));
    const page = pageErrors.watch(await ctx.newPage());
    const seek = (id: string, more: Record<string, unknown>) => ({
      id,
      ruleset: 'gabata-adowa',
      preset: null,
      options: {},
      clock: null,
      rated: true,
      colour: 'random',
      range: null,
      created: Number(id.slice(1)),
      ...more,
    });
    const seeks = [
      seek('s1', { name: 'Makeda', rating: { value: 1612.4, provisional: true } }),
      seek('s2', { name: 'Ezana', rating: 1733, provisional: false }),
      seek('s3', { name: 'Kaleb', rating: 1388.6, provisional: true }),
      seek('s4', { name: null, rating: 1500 }),
      seek('s5', {}),
    ];
    const pools = [
      { id: 'gabata-adowa/5+3', ruleset: 'gabata-adowa', speed: '5+3', clock: { baseMs: 300_000, incrementMs: 3000 }, waiting: 0 },
    ];
    await page.routeWebSocket(/\/api\/lobby\/live$/, (ws) => {
      ws.onMessage((m) => {
        if ((JSON.parse(String(m)) as { type: string }).type === 'hello')
          ws.send(JSON.stringify({ type: 'welcome', player: true, seeks, pools }));
      });
    });
    await page.goto(`${server.url}/?anim=off#/lobby`);
    await page.locator('ul.seeks li.seek').nth(4).waitFor({ timeout: STEP });
    const seeker = (id: string) => page.locator(`li.seek[data-seek="${id}"] .seeker`);
    expect(await seeker('s1').textContent()).toBe('Makeda · rating 1612?');
    expect(await seeker('s1').locator('a.player-link').getAttribute('href')).toBe('#/@/Makeda');
    expect(await seeker('s2').textContent()).toBe('Ezana · rating 1733');
    expect(await seeker('s3').textContent()).toBe('Kaleb · rating 1389?');
    expect(await seeker('s4').textContent()).toBe('Anonymous · rating 1500');
    expect(await seeker('s4').locator('a').count()).toBe(0);
    expect(await seeker('s5').textContent()).toBe('Anonymous');
    expect(await page.locator('li.seek[data-seek="s1"] button.seek-accept').getAttribute('aria-label')).toBe(
      'Play Gabata (Adowa) against Makeda',
    );
    await page.screenshot({ path: path.join(SHOTS, 'lobby-seekers-desktop-en.png') });
  });
});

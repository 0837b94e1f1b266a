/**
 * A rated game from end to end in real browsers (Debian's chromium through playwright-core)
 * against the real server, as a player meets it (issue 21): two browser contexts that never shared
 * a link sign up with a password and find each other by quick pairing (a rated pool); they play
 * through the board until one resigns, and both profile pages then show the game and the new
 * ratings. One blocks the other: the pool no longer pairs them (after the unblock it does again).
 * They meet again and one closes his browser: the other, once the server's delay has passed,
 * claims the win (the page's countdown is run forward on its clock; an early press is refused by
 * the server, and the page follows the server's count). A third context signs in with the first
 * player's passkey (chromium's virtual authenticator over CDP) and with the second player's
 * recovery code.
 *
 * One server (in this process: the CLI has no setting for the claim delay, the app has
 * `claimAfterMs`; the lobby's waves every 200 ms) and one browser serve the whole file. The pages
 * are opened as http://localhost (a passkey's relying party must be a domain name). Screenshots in
 * English and Amharic, on a 390 x 844 phone and on a desktop, of the lobby, the game's end and the
 * profile go to $GABATA_SHOTS or <tmp>/gabata-rated-e2e-shots.
 */
import { mkdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, CDPSession, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createGabataServer, type GabataServer } from '../src/server/app.js';
import { PageErrors } from './helpers/page-errors.js';
import { testKey, useKey } from './helpers/web-keys.js';
import { ensureBuilt, launchChromium, request, ROOT, tempDir } from './web-harness.js';

const SHOTS = process.env['GABATA_SHOTS'] ?? path.join(tmpdir(), 'gabata-rated-e2e-shots');
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
/** The server's claim delay here (30 s in production): long enough that a press at once is early. */
const CLAIM_MS = 8000;
const STEP = 15_000;
/** The rated game's pool; then another game's, where both are new again (1500 each: a rated game set them far apart in Adowa). */
const POOL = 'gabata-adowa/5+3';
const AGAIN = 'gabata-aksum/5+3';
const PASSWORD = 'a long password 1';
const NAMES = { a: 'Taytu_e2e', b: 'Menelik_e2e' } as const;

let dir: string;
let app: GabataServer;
let browser: Browser;
let origin: string;
const pageErrors = new PageErrors();

beforeAll(async () => {
  ensureBuilt();
  mkdirSync(SHOTS, { recursive: true });
  dir = tempDir('gabata-rated-e2e-');
  app = createGabataServer({
    db: path.join(dir, 'games.db'),
    webRoot: path.join(ROOT, 'dist/web'),
    claimAfterMs: CLAIM_MS,
    lobby: { waveMs: 200, seed: 7 },
    computers: 1,
  });
  origin = `http://localhost:${(await app.listen(0, '127.0.0.1')).port}`;
  browser = await launchChromium();
});

afterEach(() => {
  expect(pageErrors.take()).toEqual([]);
});

afterAll(async () => {
  await browser?.close();
  await app?.close();
  if (dir !== undefined) rmSync(dir, { recursive: true, force: true });
});

interface Person {
  name: string;
  context: BrowserContext;
  page: Page;
  codes: string[];
}

/** A browser of its own (storage, player key), on a phone or a desktop. */
async function context(key: string, phone: boolean): Promise<{ context: BrowserContext; page: Page }> {
  const ctx = await browser.newContext({ viewport: phone ? PHONE : DESKTOP, isMobile: phone, hasTouch: phone });
  await useKey(ctx, testKey(`rated-e2e-${key}`));
  const page = pageErrors.watch(await ctx.newPage());
  page.setDefaultTimeout(STEP);
  return { context: ctx, page };
}

/** Signs up on the account page with a password; keeps the recovery codes it shows once. */
async function signUp(name: string, phone: boolean): Promise<Person> {
  const { context: ctx, page } = await context(name, phone);
  await page.goto(`${origin}/?anim=off#/account`);
  const form = page.locator('form.signup');
  await form.locator('input[name=name]').fill(name);
  await form.locator('input[name=password]').fill(PASSWORD);
  await form.locator('button[type=submit]').click();
  await page.locator('.recovery-codes ol.codes li').first().waitFor();
  const codes = await page.locator('.recovery-codes ol.codes li').allTextContents();
  expect(codes).toHaveLength(10);
  await page.locator('button.codes-done').click();
  await expect.poll(() => page.locator('.nav-account').textContent(), { timeout: STEP }).toBe(name);
  return { name, context: ctx, page, codes };
}

const lobby = (p: Person): Promise<unknown> =>
  p.page.goto(`${origin}/?anim=off#/lobby`).then(() => p.page.locator(`.pool-tile[data-pool="${POOL}"]`).waitFor());

const waitsIn = (p: Person, pool: string): Promise<string | null> => p.page.getAttribute(`.pool-tile[data-pool="${pool}"]`, 'aria-pressed');

/** Both tap the pool's tile; the wave pairs them and the same game opens on both screens: its id. */
async function pairByPool(a: Person, b: Person, pool: string): Promise<string> {
  await Promise.all([lobby(a), lobby(b)]);
  await a.page.click(`.pool-tile[data-pool="${pool}"]`);
  await expect.poll(() => waitsIn(a, pool)).toBe('true');
  await b.page.click(`.pool-tile[data-pool="${pool}"]`);
  await Promise.all([a.page.waitForURL(/#\/game\//), b.page.waitForURL(/#\/game\//)]);
  const id = /#\/game\/([\w-]+)/.exec(a.page.url())![1]!;
  expect(b.page.url()).toContain(`#/game/${id}`);
  return id;
}

/** Waits until the game page shows ply `ply` settled in one of `states`; the state it shows. */
async function settledAt(page: Page, ply: number, states = ['human', 'waiting']): Promise<string> {
  await page.waitForFunction(
    ([p, st]) => {
      const e = document.querySelector('.game-page') as HTMLElement | null;
      return !!e && Number(e.dataset['ply']) === p && (st as string[]).includes(e.dataset['state'] ?? '');
    },
    [ply, states] as const,
  );
  return page.$eval('.game-page', (e) => (e as HTMLElement).dataset['state']!);
}

/** `plies` moves through the board: whoever is to move taps his first playable hole; the other sees it. */
async function playThroughBoard(a: Page, b: Page, plies: number): Promise<void> {
  for (let ply = 0; ply < plies; ply++) {
    const states = await Promise.all([settledAt(a, ply), settledAt(b, ply)]);
    expect([...states].sort()).toEqual(['human', 'waiting']);
    const mover = states[0] === 'human' ? a : b;
    await mover.locator('svg.board .hole.legal').first().click();
  }
  await Promise.all([settledAt(a, plies), settledAt(b, plies)]);
}

/** The rating the server keeps for a player in Adowa. */
async function ratingOf(name: string): Promise<{ rating: number; provisional: boolean; games: number }> {
  const r = await request(origin, 'GET', `/api/players/${name}`);
  expect(r.status).toBe(200);
  return r.body.ratings.find((x: { ruleset: string }) => x.ruleset === 'gabata-adowa');
}

/** The same page in English and Amharic, on a phone and on a desktop, fonts loaded: four screenshots. */
async function shoot(page: Page, name: string, route: string, ready: string): Promise<void> {
  for (const lang of ['en', 'am']) {
    for (const [size, view] of [
      ['phone', PHONE],
      ['desktop', DESKTOP],
    ] as const) {
      await page.setViewportSize(view);
      await page.goto(`${origin}/?anim=off&lang=${lang}#${route}`);
      await page.locator(ready).first().waitFor();
      await page.evaluate(() => document.fonts.ready);
      const sideways = await page.evaluate(() => document.scrollingElement!.scrollWidth - document.scrollingElement!.clientWidth);
      expect(sideways, `${name} ${size} ${lang} scrolls sideways`).toBeLessThanOrEqual(0);
      await page.screenshot({ path: path.join(SHOTS, `${name}-${size}-${lang}.png`), fullPage: true });
    }
  }
}

let a: Person;
let b: Person;
let rated: string;

describe('a rated game between two strangers, from sign-up to their profiles', () => {
  it('two strangers sign up, meet in a rated pool, play through the board until one resigns; both profiles show it', async () => {
    [a, b] = await Promise.all([signUp(NAMES.a, false), signUp(NAMES.b, true)]);
    rated = await pairByPool(a, b, POOL);
    await playThroughBoard(a.page, b.page, 4);
    b.page.once('dialog', (d) => void d.accept());
    await b.page.click('button.resign');
    for (const p of [a, b]) {
      await settledAt(p.page, 4, ['over']);
      await expect.poll(() => p.page.locator('.result .end-reason').getAttribute('data-reason')).toBe('resign');
    }
    expect(await a.page.locator('.result .end-reason').textContent()).toBe(`${NAMES.a} wins: the opponent resigned.`);
    // Both pages name both players (each a link to his page), and once rated say what the game did to each rating.
    for (const p of [a, b]) {
      expect(await p.page.locator('.player .pname a.player-link').allTextContents()).toEqual(expect.arrayContaining([NAMES.a, NAMES.b]));
      const diff = (n: string) => p.page.locator(`.player:has(a.player-link:text-is("${n}")) .rdiff`);
      await expect.poll(() => diff(NAMES.a).getAttribute('class')).toBe('rdiff up');
      expect(await diff(NAMES.a).textContent()).toMatch(/^\+\d+$/);
      expect(await diff(NAMES.b).textContent()).toMatch(/^-\d+$/);
      expect(await p.page.locator('.player .prating').first().getAttribute('data-rating')).toBe('1500');
    }

    // The ratings moved: the winner up, the loser down, both provisional after one game.
    const [ra, rb] = [await ratingOf(NAMES.a), await ratingOf(NAMES.b)];
    expect(ra.games).toBe(1);
    expect(rb.games).toBe(1);
    expect(ra.rating).toBeGreaterThan(1500);
    expect(rb.rating).toBeLessThan(1500);
    // Each player reads both pages: the rating with '?', the game against the other, which opens it.
    const pages = [
      { name: NAMES.a, other: NAMES.b, rating: ra.rating, outcome: 'won' },
      { name: NAMES.b, other: NAMES.a, rating: rb.rating, outcome: 'lost' },
    ];
    for (const p of [a, b]) {
      for (const { name, other, rating, outcome } of pages) {
        await p.page.goto(`${origin}/?anim=off#/@/${name}`);
        const value = p.page.locator('.rating-card[data-ruleset="gabata-adowa"] .rating-value');
        await expect.poll(() => value.textContent()).toBe(`${Math.round(rating)}?`);
        const game = p.page.locator(`.profile-game a[href="#/watch/${rated}"]`);
        await game.waitFor();
        expect(await game.textContent()).toContain(other);
        // How it ended, from the page's player's side, in words (not the server's English result).
        const end = p.page.locator(`.profile-game:has(a[href="#/watch/${rated}"]) .profile-game-end`);
        expect(await end.textContent()).toMatch(new RegExp(`^${outcome} · by resignation · `));
      }
    }
  });

  it('screenshots: the lobby (with a rated seek), the game’s end and the profile, in English and Amharic, phone and desktop', async () => {
    // A rated seek of the second player, listed on the first's lobby: the seeker's name and rating.
    await lobby(b);
    const form = b.page.locator('form.lobby-form');
    await form.locator('input[name="rated"][value="rated"]').check();
    await form.locator('button[type="submit"]').click();
    await b.page.locator('ul.seeks li.seek.mine').waitFor();
    const shots = pageErrors.watch(await a.context.newPage());
    shots.setDefaultTimeout(STEP);
    await shoot(shots, 'lobby', '/lobby', 'ul.seeks li.seek');
    const seeker = shots.locator('ul.seeks li.seek .seeker');
    const link = seeker.locator('a.player-link');
    // The seeker's name links to his page when the lobby tells it; until then he is Anonymous.
    if ((await link.count()) > 0) {
      expect(await link.getAttribute('href')).toBe(`#/@/${NAMES.b}`);
      expect(await seeker.textContent()).toMatch(new RegExp(`^${NAMES.b} · ደረጃ \\d{3,4}\\??$`));
    } else {
      expect(await seeker.textContent()).toMatch(/^ስም የለሽ/);
    }
    await b.page.locator('ul.seeks li.seek.mine .seek-cancel').click();
    await b.page.locator('ul.seeks li.empty').waitFor();

    await shoot(shots, 'game-end', `/game/${rated}`, '.result:not([hidden]) .end-reason');
    await shoot(shots, 'profile', `/@/${NAMES.a}`, `.profile-game a[href="#/watch/${rated}"]`);
    await shots.close();
  });

  it('a block keeps the two apart in a pool that would pair them at once', async () => {
    const block = async (on: boolean): Promise<void> => {
      await a.page.goto(`${origin}/?anim=off#/@/${NAMES.b}`);
      const button = a.page.locator('.profile-block button.block-button');
      await expect.poll(() => button.getAttribute('aria-pressed')).toBe(String(!on));
      await button.click();
      await expect.poll(() => button.getAttribute('aria-pressed')).toBe(String(on));
    };
    await block(true);
    await Promise.all([lobby(a), lobby(b)]);
    await a.page.click(`.pool-tile[data-pool="${AGAIN}"]`);
    await b.page.click(`.pool-tile[data-pool="${AGAIN}"]`);
    await expect.poll(() => Promise.all([waitsIn(a, AGAIN), waitsIn(b, AGAIN)])).toEqual(['true', 'true']);
    // Both new in Aksum (1500 each): unblocked, the first wave would pair them. Ten waves go by.
    await expect.poll(() => b.page.locator(`.pool-tile[data-pool="${AGAIN}"]`).getAttribute('aria-label')).toMatch(/: 2 waiting$/);
    await new Promise((r) => setTimeout(r, 2000));
    expect(a.page.url()).toMatch(/#\/lobby$/);
    expect(b.page.url()).toMatch(/#\/lobby$/);
    await a.page.click(`.pool[data-pool="${AGAIN}"] .pool-cancel`);
    await b.page.click(`.pool[data-pool="${AGAIN}"] .pool-cancel`);
    await expect.poll(() => Promise.all([waitsIn(a, AGAIN), waitsIn(b, AGAIN)])).toEqual(['false', 'false']);
    await block(false);
  });

  it('one leaves the game: the other is offered the claim once the server allows it, and wins', async () => {
    // The page's 30 s countdown is run forward on its clock; the server's delay here is CLAIM_MS.
    await a.context.clock.install();
    // Unblocked, the same pool pairs them at once.
    const id = await pairByPool(a, b, AGAIN);
    await playThroughBoard(a.page, b.page, 2);
    const seatOfA = Number(
      await a.page
        .locator('.player .you')
        .first()
        .evaluate((e) => e.closest('.player')!.getAttribute('data-player')),
    );
    await b.context.close();
    await expect.poll(() => a.page.locator(`.player[data-player="${3 - seatOfA}"] .dot`).getAttribute('data-connected')).toBe('false');
    // A moment's absence shows nothing; after the grace, the panel counts down the page's 30 s.
    const claim = a.page.locator('section.claim');
    expect(await claim.isHidden()).toBe(true);
    await a.context.clock.fastForward(3000);
    await expect.poll(() => claim.getAttribute('data-state')).toBe('waiting');
    expect(await claim.locator('.claim-gone').textContent()).toBe('Your opponent left the game.');
    expect(await claim.locator('.claim-count').textContent()).toMatch(/^If nobody comes back, you can claim the win in 2[6-7] s\.$/);
    expect(await claim.locator('button.claim-win').isVisible()).toBe(false);
    await a.page.screenshot({ path: path.join(SHOTS, 'claim-waiting-desktop-en.png') });

    // The page's count is over, not the server's: the early press is refused and the page waits as the server says.
    await a.context.clock.fastForward(27_000);
    await expect.poll(() => claim.getAttribute('data-state')).toBe('open');
    expect(await claim.locator('.claim-gone').textContent()).toBe(
      'Your opponent left the game. You can claim the win, call it a draw, or wait for them to come back.',
    );
    await a.page.screenshot({ path: path.join(SHOTS, 'claim-open-desktop-en.png') });
    await claim.locator('button.claim-win').click();
    await expect.poll(() => claim.getAttribute('data-state')).toBe('waiting');
    expect(await claim.locator('.claim-count').textContent()).toMatch(/you can claim the win in [1-8] s\.$/);
    expect(pageErrors.take()).toEqual(['console.error: Failed to load resource: the server responded with a status of 409 (Conflict)']);
    await expect.poll(() => claim.getAttribute('data-state'), { timeout: CLAIM_MS + STEP }).toBe('open');
    await claim.locator('button.claim-win').click();

    await settledAt(a.page, 2, ['over']);
    expect(await claim.isHidden()).toBe(true);
    const why = a.page.locator('.result .end-reason');
    expect(await why.getAttribute('data-reason')).toBe('abandoned');
    expect(await why.textContent()).toBe(`${NAMES.a} wins: the opponent left the game.`);
    expect(await a.page.locator('.game-head .status').textContent()).toBe(`${NAMES.a} wins: the opponent left the game.`);
    await a.page.screenshot({ path: path.join(SHOTS, 'claim-won-desktop-en.png'), fullPage: true });
    const stored = await request(origin, 'GET', `/api/games/${id}`);
    expect(stored.body.game.end).toMatchObject({ winner: seatOfA, reason: 'abandoned' });
    // The same end in Amharic too (the last of the four shots).
    const shots = pageErrors.watch(await a.context.newPage());
    shots.setDefaultTimeout(STEP);
    await shoot(shots, 'claim-end', `/game/${id}`, '.result:not([hidden]) .end-reason');
    expect(await shots.locator('.result .end-reason').textContent()).toBe(`${NAMES.a} አሸነፈ፦ ተቃዋሚው ጨዋታውን ትቶ ወጥቷል።`);
    await shots.close();
  });

  it('a third browser signs in with the first player’s passkey, and with the second player’s recovery code', async () => {
    const authenticator = async (page: Page): Promise<{ cdp: CDPSession; authenticatorId: string }> => {
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('WebAuthn.enable');
      const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
        options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true },
      });
      return { cdp, authenticatorId };
    };
    // WebAuthn wants the page in front (the screenshots' tab was in front last).
    await a.page.bringToFront();
    const own = await authenticator(a.page);
    await a.page.goto(`${origin}/?anim=off#/account`);
    await a.page.locator('button.add-passkey').click();
    await expect.poll(() => a.page.locator('.passkey-count').textContent()).toMatch(/1$/);
    const { credentials } = await own.cdp.send('WebAuthn.getCredentials', { authenticatorId: own.authenticatorId });
    expect(credentials).toHaveLength(1);

    const c = await context('third', true);
    const synced = await authenticator(c.page);
    for (const credential of credentials) {
      await synced.cdp.send('WebAuthn.addCredential', { authenticatorId: synced.authenticatorId, credential });
    }
    await c.page.goto(`${origin}/?anim=off#/account`);
    await c.page.locator('button.passkey-signin').click();
    await c.page.locator(`.saved-game[data-game="${rated}"]`).waitFor();
    await expect.poll(() => c.page.locator('.nav-account').textContent()).toBe(NAMES.a);

    await c.page.goto(`${origin}/?anim=off#/account`);
    await c.page.locator('button.signout').click();
    const recover = c.page.locator('form.recover');
    await c.page.locator('details:has(form.recover) > summary').click();
    await recover.locator('input[name=name]').fill(NAMES.b);
    await recover.locator('input[name=code]').fill(b.codes[0]!);
    await recover.locator('input[name=newPassword]').fill('another long password 2');
    await recover.locator('button[type=submit]').click();
    await expect.poll(() => c.page.locator('.signed-in-as').textContent()).toContain(NAMES.b);
    await expect.poll(() => c.page.locator('.nav-account').textContent()).toBe(NAMES.b);
    await c.page.goto(`${origin}/?anim=off#/games`);
    await c.page.locator(`.saved-game[data-game="${rated}"]`).waitFor();
    await c.context.close();
    await a.context.close();
  });
});

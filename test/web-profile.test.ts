/**
 * Players' pages and quick messages in a real browser (Debian's chromium through playwright-core)
 * against the real server: two accounts signed up in two browsers; ratings written straight into
 * the server's SQLite file (RatingStore, as the games' ends would); a profile page with its
 * ratings, "?" while provisional, a chart per ruleset, and the games; quick messages between the
 * two browsers of an online game, each seeing them in its own language (one page in Amharic);
 * then a block from the profile's button, which the server keeps. Screenshots go to
 * test-output/screenshots/profile-*.png.
 */
import path from 'node:path';
import Database from 'better-sqlite3';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { RatingStore } from '../src/server/ratings/store.js';
import { keyed, testKey, useKey } from './helpers/web-keys.js';
import { browser, contexts, pageErrors, server, useWebSuite } from './helpers/web-suite.js';
import { ROOT } from './web-harness.js';

const SHOTS = path.join(ROOT, 'test-output', 'screenshots');
const PHONE = { width: 390, height: 844 };
const STEP = 20_000;

useWebSuite('gabata-web-profile-', SHOTS);

const origin = (): string => `http://localhost:${server.port}`;

/** A browser with its own player key, signed up as `name` from its page (so the session cookie is its own). */
async function player(name: string, key: string): Promise<Page> {
  const context = await browser.newContext({ viewport: PHONE });
  contexts.push(context);
  await useKey(context, key);
  const page = pageErrors.watch(await context.newPage());
  await page.goto(`${origin()}/#/about`);
  const status = await page.evaluate(
    async ([n, k]) => {
      const r = await fetch('/api/account/signup', {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${k}` },
        body: JSON.stringify({ name: n, password: 'a long password 1' }),
      });
      return r.status;
    },
    [name, key],
  );
  expect(status).toBe(201);
  return page;
}

/** Rated results between the two accounts, a day apart, as the ratings service would store them. */
function rate(nameA: string, nameB: string): void {
  const db = new Database(server.db);
  try {
    const id = (n: string): string => String((db.prepare('SELECT id FROM accounts WHERE name = ?').get(n) as { id: number }).id);
    const ratings = new RatingStore(db);
    const t0 = Date.now() - 10 * 86_400_000;
    const scores = [1, 1, 0.5, 0, 1, 1];
    for (const [i, score] of scores.entries()) {
      ratings.rate(`web-${i}`, 'gabata-adowa', id(nameA), id(nameB), score, 30, t0 + i * 86_400_000);
    }
    ratings.rate('web-s', 'selus', id(nameB), id(nameA), 1, 30, t0);
  } finally {
    db.close();
  }
}

async function onlineGame(keyA: string, keyB: string): Promise<string> {
  const made = await keyed(server.url, keyA, 'POST', '/api/games', { ruleset: 'gabata-adowa', seats: ['human', 'invite'] });
  expect(made.status).toBe(201);
  const id = made.body.game.id as string;
  const joined = await keyed(server.url, keyB, 'POST', `/api/games/${id}/join`, { token: made.body.invites[0].token });
  expect(joined.status).toBe(200);
  return id;
}

describe('players in the browser', () => {
  it('shows a profile with ratings and charts, passes quick messages in each language, and blocks', async () => {
    const [nameA, nameB] = ['Lucy_21', 'Ardi_21'];
    const [keyA, keyB] = [testKey('profile-a'), testKey('profile-b')];
    const a = await player(nameA, keyA);
    const b = await player(nameB, keyB);
    rate(nameA, nameB);
    const gameId = await onlineGame(keyA, keyB);

    await a.goto(`${origin()}/@/${nameB}`);
    const adowa = a.locator('.rating-card[data-ruleset="gabata-adowa"]');
    await adowa.waitFor({ timeout: STEP });
    expect(await adowa.locator('.rating-value').textContent()).toMatch(/^\d{4}\?$/);
    expect(await adowa.locator('.rating-record').textContent()).toBe('Won 1, drawn 1, lost 4');
    expect(await adowa.locator('svg.rating-chart circle').count()).toBe(6);
    expect(await a.locator('.rating-card[data-ruleset="selus"] svg.rating-chart').count()).toBe(1);
    await a.locator('.profile-game a').first().waitFor({ timeout: STEP });
    expect(await a.locator('.profile-game a').first().getAttribute('href')).toBe(`#/watch/${gameId}`);
    expect(await a.locator('.block-button').textContent()).toBe('Block');
    await a.screenshot({ path: path.join(SHOTS, 'profile-phone.png'), fullPage: true });

    // Quick messages: A's page in English, B's in Amharic.
    await a.goto(`${origin()}/#/game/${gameId}`);
    await b.goto(`${origin()}/?lang=am#/game/${gameId}`);
    for (const p of [a, b]) await p.locator('.quick-messages:not([hidden]) .quick-buttons button').first().waitFor({ timeout: STEP });
    await a.locator('.quick-buttons button[data-phrase="hello"]').click();
    await expect.poll(() => b.locator('.quick-log li').last().textContent(), { timeout: STEP }).toBe('ተጫዋች 1፦ ሰላም!');
    await expect.poll(() => a.locator('.quick-log li').last().textContent(), { timeout: STEP }).toBe('You: Hello!');
    await b.locator('.quick-buttons button[data-phrase="goodLuck"]').click();
    await expect.poll(() => a.locator('.quick-log li').last().textContent(), { timeout: STEP }).toBe('Player 2: Good luck!');
    await a.locator('.quick-messages').scrollIntoViewIfNeeded();
    await a.screenshot({ path: path.join(SHOTS, 'profile-quick-en.png') });
    await b.locator('.quick-messages').scrollIntoViewIfNeeded();
    await b.screenshot({ path: path.join(SHOTS, 'profile-quick-am.png') });
    // The off switch hides them, and is remembered.
    await b.locator('.quick-switch input').check();
    expect(await b.locator('.quick-buttons').isHidden()).toBe(true);
    expect(await b.evaluate(() => localStorage.getItem('gabata.quickMessages.hidden'))).toBe('1');

    // The block, from B's profile page in A's browser.
    await a.goto(`${origin()}/#/@/${nameB}`);
    await a.locator('.block-button').click();
    await expect.poll(() => a.locator('.block-button').textContent(), { timeout: STEP }).toBe('Unblock');
    expect(await a.locator('.profile-block .status').textContent()).toContain(nameB);
    const blocks = await a.evaluate(async () => (await (await fetch('/api/account/blocks')).json()) as { blocks: { name: string }[] });
    expect(blocks.blocks.map((x) => x.name)).toEqual([nameB]);
    await a.screenshot({ path: path.join(SHOTS, 'profile-blocked.png'), fullPage: true });

    // The leaderboard of a ruleset: nobody is sure enough yet.
    await a.goto(`${origin()}/#/leaderboard/gabata-adowa`);
    await a.locator('.leaderboard .note').waitFor({ timeout: STEP });
    expect(await a.locator('.leaderboard').textContent()).toContain('Nobody yet.');
  }, 120_000);
});

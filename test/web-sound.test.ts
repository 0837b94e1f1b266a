/**
 * The game screen's sound and track toggles, in a real browser (Debian's chromium through
 * playwright-core) against the real server. An init script wraps the page's AudioContext to count
 * the contexts made and the sounds started (every oscillator's start): sound is off by default
 * (no context, no sound during a move), turned on it sounds during a move (more than once), with
 * animation off it makes none, and the choice survives a reload. The track toggle draws the track
 * on the board and is remembered too. Screenshots go to test-output/screenshots/web-sound/.
 */
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { PageErrors } from './helpers/page-errors.js';
import { keyed, testKey, useKey } from './helpers/web-keys.js';
import { closeWebSuite, openWebSuite, ROOT, type RunningServer } from './web-harness.js';

const SHOTS = path.join(ROOT, 'test-output', 'screenshots', 'web-sound');
const DESKTOP = { width: 1280, height: 800 };
const KEY = testKey('web-sound');

let dir: string;
let server: RunningServer;
let browser: Browser;
const pageErrors = new PageErrors();

beforeAll(async () => {
  ({ dir, server, browser } = await openWebSuite('gabata-sound-', SHOTS));
});

afterEach(() => {
  expect(pageErrors.take()).toEqual([]);
});

afterAll(async () => {
  await closeWebSuite({ dir, server, browser });
});

/** Counts the audio contexts the page makes and the sounds it starts. */
function audioCounter(): void {
  const w = window as unknown as { __audio: { made: number; started: number }; AudioContext: typeof AudioContext };
  w.__audio = { made: 0, started: 0 };
  const Real = w.AudioContext;
  w.AudioContext = class extends Real {
    constructor(options?: AudioContextOptions) {
      super(options);
      w.__audio.made++;
    }
  };
  const start = OscillatorNode.prototype.start;
  OscillatorNode.prototype.start = function (this: OscillatorNode, when?: number) {
    w.__audio.started++;
    return start.call(this, when);
  };
}

async function newPage(): Promise<Page> {
  const page = await browser.newPage({ viewport: DESKTOP });
  await useKey(page, KEY);
  await page.addInitScript(audioCounter);
  return pageErrors.watch(page);
}

const audio = (page: Page): Promise<{ made: number; started: number }> =>
  page.evaluate(() => (window as unknown as { __audio: { made: number; started: number } }).__audio);

async function gameAgainstComputer(): Promise<string> {
  const r = await keyed(server.url, KEY, 'POST', '/api/games', { ruleset: 'gabata-adowa', seed: 5, seats: ['human', 'computer:1'] });
  expect(r.status).toBe(201);
  return r.body.game.id as string;
}

async function waitForTurn(page: Page, minPly: number): Promise<void> {
  await page.waitForFunction(
    (ply) => {
      const e = document.querySelector('.game-page') as HTMLElement | null;
      return !!e && ['human', 'over'].includes(e.dataset['state'] ?? '') && Number(e.dataset['ply']) >= ply;
    },
    minPly,
    { timeout: 60_000 },
  );
}

/** Plays one of the person's holes and waits until the computer has answered: returns the ply reached. */
async function playMove(page: Page): Promise<number> {
  const ply = await page.$eval('.game-page', (e) => Number((e as HTMLElement).dataset['ply']));
  await page.click('svg.board .hole.legal');
  await waitForTurn(page, ply + 2);
  return page.$eval('.game-page', (e) => Number((e as HTMLElement).dataset['ply']));
}

describe('sound at the board', () => {
  it('is off by default; turned on it sounds during a move; none with animation off; the choice survives a reload', async () => {
    const id = await gameAgainstComputer();
    const page = await newPage();
    await page.goto(`${server.url}/?anim=fast#/game/${id}`);
    await waitForTurn(page, 0);
    const toggle = page.locator('button.toggle.sound');
    expect(await toggle.getAttribute('aria-pressed')).toBe('false');
    expect(await toggle.textContent()).toBe('Sound');

    // Off: a whole move (and the computer's answer) is drawn without a sound, and no context is made.
    await playMove(page);
    expect(await audio(page)).toEqual({ made: 0, started: 0 });

    // On: the click makes the context; the next move sounds, once per counter dropped at least.
    await toggle.click();
    expect(await toggle.getAttribute('aria-pressed')).toBe('true');
    expect((await audio(page)).made).toBe(1);
    await playMove(page);
    const on = await audio(page);
    expect(on.started).toBeGreaterThan(1);
    await page.screenshot({ path: path.join(SHOTS, 'sound-on.png') });

    // Animation off: the moves are not drawn, so they make no sound.
    await page.selectOption('select.speed', 'off');
    await playMove(page);
    expect((await audio(page)).started).toBe(on.started);
    await page.selectOption('select.speed', 'fast');

    // The choice is remembered: after a reload the toggle is on, and the first click (a gesture) lets a move sound.
    await page.reload();
    await waitForTurn(page, 0);
    expect(await page.locator('button.toggle.sound').getAttribute('aria-pressed')).toBe('true');
    expect(await audio(page)).toEqual({ made: 0, started: 0 });
    await playMove(page);
    const again = await audio(page);
    expect(again.made).toBe(1);
    expect(again.started).toBeGreaterThan(1);

    // Turned off again: no more sounds.
    await page.locator('button.toggle.sound').click();
    expect(await page.locator('button.toggle.sound').getAttribute('aria-pressed')).toBe('false');
    await playMove(page);
    expect((await audio(page)).started).toBe(again.started);
    await page.close();
  });

  it('the track toggle draws the track on the board and is remembered', async () => {
    const id = await gameAgainstComputer();
    const page = await newPage();
    await page.goto(`${server.url}/?anim=off#/game/${id}`);
    await waitForTurn(page, 0);
    const toggle = page.locator('button.toggle.track');
    expect(await toggle.getAttribute('aria-pressed')).toBe('false');
    expect(await toggle.textContent()).toBe('Show the track');
    expect(await page.$eval('svg.board', (e) => e.classList.contains('track-shown'))).toBe(false);
    await toggle.click();
    expect(await toggle.getAttribute('aria-pressed')).toBe('true');
    expect(await page.$eval('svg.board', (e) => e.classList.contains('track-shown'))).toBe(true);
    await page.screenshot({ path: path.join(SHOTS, 'track-on.png') });
    // Turning the board makes a new board: the track is on it too.
    await page.click('input.turn-board');
    await page.waitForFunction(() => document.querySelector('.board-box')?.getAttribute('data-turned') === 'true');
    expect(await page.$eval('svg.board', (e) => e.classList.contains('track-shown'))).toBe(true);
    await page.click('input.turn-board');
    await page.reload();
    await waitForTurn(page, 0);
    expect(await page.locator('button.toggle.track').getAttribute('aria-pressed')).toBe('true');
    expect(await page.$eval('svg.board', (e) => e.classList.contains('track-shown'))).toBe(true);
    await page.locator('button.toggle.track').click();
    expect(await page.$eval('svg.board', (e) => e.classList.contains('track-shown'))).toBe(false);
    await page.close();
  });
});

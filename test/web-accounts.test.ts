/**
 * Accounts in a real browser (Debian's chromium through playwright-core) against the real server,
 * with chromium's virtual authenticator over CDP standing in for a phone's passkey: a player who
 * started a game anonymously signs up on the account page (the recovery codes shown once), adds a
 * passkey, and on a second, fresh browser (its own storage and player key; the authenticator's
 * credential copied over, as a synced passkey would be) signs in with the passkey alone and sees
 * the same game. The pages are opened as http://localhost (a passkey's relying party must be a
 * domain name, not an address). Screenshots go to test-output/screenshots/account-*.png.
 */
import path from 'node:path';
import type { BrowserContext, CDPSession, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { keyed, testKey, useKey } from './helpers/web-keys.js';
import { browser, contexts, pageErrors, server, useWebSuite } from './helpers/web-suite.js';
import { ROOT } from './web-harness.js';

const SHOTS = path.join(ROOT, 'test-output', 'screenshots');
const VIEW = { width: 1000, height: 860 };
const STEP = 20_000;

useWebSuite('gabata-web-accounts-', SHOTS);

interface Device {
  context: BrowserContext;
  page: Page;
  cdp: CDPSession;
  authenticatorId: string;
}

/** A fresh browser context with its own key and a virtual platform authenticator (resident keys, user verification). */
async function device(key: string): Promise<Device> {
  const context = await browser.newContext({ viewport: VIEW });
  contexts.push(context);
  await useKey(context, key);
  const page = pageErrors.watch(await context.newPage());
  const cdp = await context.newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true },
  });
  return { context, page, cdp, authenticatorId };
}

const origin = (): string => `http://localhost:${server.port}`;

describe('accounts in the browser', () => {
  it('signs up with a password, adds a passkey, and signs in on another browser with it to the same games', async () => {
    const keyA = testKey('account-a');
    const made = await keyed(server.url, keyA, 'POST', '/api/games', { ruleset: 'gabata-adowa' });
    expect(made.status).toBe(201);
    const id = made.body.game.id as string;

    const a = await device(keyA);
    await a.page.goto(`${origin()}/#/account`);
    const signup = a.page.locator('form.signup');
    await signup.locator('input[name=name]').fill('Makeda_21');
    await signup.locator('input[name=password]').fill('queen of sheba 1');
    expect(await signup.locator('input[name=password]').getAttribute('autocomplete')).toBe('new-password');
    expect(await a.page.locator('form.signin input[name=name]').getAttribute('autocomplete')).toBe('username webauthn');
    await signup.locator('button[type=submit]').click();
    await a.page.locator('.recovery-codes ol.codes li').first().waitFor({ timeout: STEP });
    expect(await a.page.locator('.recovery-codes ol.codes li').count()).toBe(10);
    await a.page.screenshot({ path: path.join(SHOTS, 'account-codes.png'), fullPage: true });
    await a.page.locator('button.codes-done').click();
    await a.page.locator(`.saved-game[data-game="${id}"]`).waitFor({ timeout: STEP });
    await expect.poll(() => a.page.locator('.nav-account').textContent(), { timeout: STEP }).toBe('Makeda_21');

    await a.page.goto(`${origin()}/#/account`);
    await a.page.locator('.signed-in-as').waitFor({ timeout: STEP });
    await a.page.locator('button.add-passkey').click();
    await expect.poll(() => a.page.locator('.passkey-count').textContent(), { timeout: STEP }).toMatch(/1$/);
    await a.page.screenshot({ path: path.join(SHOTS, 'account-signed-in.png'), fullPage: true });
    const { credentials } = await a.cdp.send('WebAuthn.getCredentials', { authenticatorId: a.authenticatorId });
    expect(credentials).toHaveLength(1);
    expect(credentials[0]!.isResidentCredential).toBe(true);

    const keyB = testKey('account-b');
    const b = await device(keyB);
    for (const credential of credentials) await b.cdp.send('WebAuthn.addCredential', { authenticatorId: b.authenticatorId, credential });
    await b.page.goto(`${origin()}/#/account`);
    await b.page.locator('button.passkey-signin').waitFor({ timeout: STEP });
    await b.page.screenshot({ path: path.join(SHOTS, 'account-signin.png'), fullPage: true });
    await b.page.locator('button.passkey-signin').click();
    await b.page.locator(`.saved-game[data-game="${id}"]`).waitFor({ timeout: STEP });
    await expect.poll(() => b.page.locator('.nav-account').textContent(), { timeout: STEP }).toBe('Makeda_21');
    await b.page.screenshot({ path: path.join(SHOTS, 'account-second-device.png'), fullPage: true });
    const listed = await keyed(server.url, keyB, 'GET', '/api/games');
    expect(listed.body.games.map((g: { id: string }) => g.id)).toEqual([id]);

    // Signed out on the second browser, its key no longer holds the account's games.
    await b.page.goto(`${origin()}/#/account`);
    await b.page.locator('button.signout').click();
    await b.page.locator('form.signin').waitFor({ timeout: STEP });
    expect((await keyed(server.url, keyB, 'GET', '/api/games')).body.games).toEqual([]);
  }, 120_000);
});

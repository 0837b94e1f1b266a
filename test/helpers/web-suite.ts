/**
 * One browser-test file's fixtures: a built app, a server on a fresh SQLite file and Debian's
 * chromium, opened before the file's tests and closed after them; after each test the browser
 * contexts it opened are closed and the pages' errors must be none. The fixtures are live bindings
 * (each test file has its own module instance under vitest's isolation).
 *
 * ```ts
 * useWebSuite('gabata-web-phone-', SHOTS);
 * const ctx = await browser.newContext(); contexts.push(ctx); pageErrors.watch(page);
 * ```
 */
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { closeWebSuite, openWebSuite, type RunningServer } from '../web-harness.js';
import { PageErrors } from './page-errors.js';

export let dir: string;
export let server: RunningServer;
export let browser: Browser;
/** Errors thrown in the pages a test watches: none are allowed. */
export const pageErrors = new PageErrors();
/** Browser contexts a test opened: closed after it. */
export const contexts: BrowserContext[] = [];

/** Registers the hooks that open and close this file's app, server and browser. */
export function useWebSuite(prefix: string, shots: string): void {
  beforeAll(async () => {
    ({ dir, server, browser } = await openWebSuite(prefix, shots));
  });
  afterEach(async () => {
    for (const c of contexts.splice(0)) await c.close();
    expect(pageErrors.take()).toEqual([]);
  });
  afterAll(async () => {
    await closeWebSuite({ dir, server, browser });
  });
}

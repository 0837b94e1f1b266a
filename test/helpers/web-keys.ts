/**
 * Player keys for browser tests: a fixed key per name (sha256 of it, base64url, 43 characters,
 * as a browser makes one), put into a page's storage before the app starts, and HTTP calls that
 * carry it, so a test can create a game through the API and open it in a page that holds its seats.
 */
import { createHash } from 'node:crypto';
import type { BrowserContext, Page } from 'playwright-core';
import { request, type Reply } from '../web-harness.js';

export function testKey(name: string): string {
  return createHash('sha256').update(`gabata-test-key:${name}`).digest('base64url');
}

/** Makes every page of the context (or the page) start with this player key in its storage. */
export async function useKey(target: BrowserContext | Page, key: string): Promise<void> {
  await target.addInitScript((k) => {
    if (!localStorage.getItem('gabata.playerKey')) localStorage.setItem('gabata.playerKey', k);
  }, key);
}

/** An API call carrying `key` (none: null), like the app's own (the harness's `request`). */
export function keyed(base: string, key: string | null, method: string, p: string, body?: unknown): Promise<Reply> {
  return request(base, method, p, body, undefined, key ? { key } : {});
}

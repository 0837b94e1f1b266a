/**
 * Accounts against a real server (in this process, on 127.0.0.1, a real SQLite file; behind
 * --trust-proxy so that each test speaks from its own address through X-Forwarded-For): sign-up
 * and names, the wait after a wrong password, the limits per address and per name, recovery
 * codes, sessions (cookie flags, stored hashed, sign out, sign out everywhere), CSRF, and the
 * adoption of a player key's games by the account, seen from another device.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, existsSync, rmSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_MOVES } from '../packages/engine/src/core/game.js';
import { getRuleset } from '../packages/engine/src/games/index.js';
import { createGabataServer, type GabataServer, type ServerOptions } from '../src/server/app.js';
import { sha256 } from '../src/server/keys.js';
import { ROOT, ensureBuilt, newKey, request, tempDir, type Reply } from './web-harness.js';

const dirs: string[] = [];
const servers: GabataServer[] = [];
let base = '';
let dbFile = '';
let ip = 1;

beforeAll(async () => {
  ensureBuilt({ web: false });
  ({ url: base, db: dbFile } = await serve());
});
afterAll(async () => {
  for (const s of servers.splice(0)) await s.close();
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

async function serve(opts: Partial<ServerOptions> = {}): Promise<{ url: string; db: string }> {
  const dir = tempDir('gabata-accounts-');
  dirs.push(dir);
  const db = path.join(dir, 'games.db');
  const app = createGabataServer({ db, trustProxy: '127.0.0.1', ...opts });
  servers.push(app);
  const addr = await app.listen(0, '127.0.0.1');
  return { url: `http://127.0.0.1:${addr.port}`, db };
}

/** A fresh client address (each test its own, so that per-address limits do not cross). */
function address(): string {
  ip++;
  return `10.0.${ip >> 8}.${ip & 255}`;
}

interface Client {
  from: string;
  key?: string;
  cookie?: string;
  csrf?: string;
  url?: string;
}

async function call(c: Client, method: string, p: string, body?: unknown, headers: Record<string, string> = {}): Promise<Reply> {
  const h: Record<string, string> = { 'x-forwarded-for': c.from, ...headers };
  if (c.cookie !== undefined) h['cookie'] = c.cookie;
  const r = await request(c.url ?? base, method, p, body, undefined, { ...(c.key ? { key: c.key } : {}), headers: h });
  const set = r.headers.get('set-cookie');
  if (set) c.cookie = set.split(';')[0]!;
  if (typeof r.body?.csrf === 'string') c.csrf = r.body.csrf;
  return r;
}

let nameCount = 0;
function uniqueName(prefix = 'player'): string {
  nameCount++;
  return `${prefix}${nameCount}_${process.pid % 1000}`;
}

async function signup(c: Client, name = uniqueName(), password = 'correct horse battery'): Promise<Reply> {
  return call(c, 'POST', '/api/account/signup', { name, password });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('sign-up and names', () => {
  it('makes an account with ten recovery codes and a session cookie (HttpOnly, SameSite, Path, no Secure over http)', async () => {
    const c: Client = { from: address() };
    const name = uniqueName('Alem');
    const r = await signup(c, name);
    expect(r.status).toBe(201);
    expect(r.body.account.name).toBe(name);
    expect(r.body.recoveryCodes).toHaveLength(10);
    expect(new Set(r.body.recoveryCodes).size).toBe(10);
    const cookie = r.headers.get('set-cookie')!;
    expect(cookie).toMatch(/^gabata_session=[A-Za-z0-9_-]{43}; /);
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Lax');
    expect(cookie).toContain('Path=/');
    expect(cookie).not.toContain('Secure');
    expect(JSON.stringify(r.body)).not.toContain('correct horse');
    const me = await call(c, 'GET', '/api/account');
    expect(me.body.account).toMatchObject({ name, passkeys: 0, recoveryCodesLeft: 10 });
    expect(me.body.csrf).toBe(c.csrf);
    expect((await call({ from: address() }, 'GET', '/api/account')).body).toEqual({ account: null });
  });

  it('sets a Secure cookie behind a TLS proxy (X-Forwarded-Proto: https)', async () => {
    const c: Client = { from: address() };
    const r = await call(
      c,
      'POST',
      '/api/account/signup',
      { name: uniqueName(), password: 'a long password' },
      { 'x-forwarded-proto': 'https' },
    );
    expect(r.status).toBe(201);
    expect(r.headers.get('set-cookie')).toMatch(/; Secure$/);
  });

  it('refuses a taken name in any case (409), reserved names and malformed ones (400)', async () => {
    const name = uniqueName('Tsion');
    expect((await signup({ from: address() }, name)).status).toBe(201);
    const again = await signup({ from: address() }, name.toUpperCase());
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('ERR_CONFLICT');
    for (const bad of ['Admin', 'ROOT', 'computer', 'Gabata', 'null', 'ab', 'a b c', 'x'.repeat(21), 'Ābebe', 'semi;colon', '']) {
      const r = await signup({ from: address() }, bad);
      expect(r.status, bad).toBe(400);
      expect(r.body.error.code, bad).toBe('ERR_ARGUMENT');
    }
    const short = await signup({ from: address() }, uniqueName(), 'short');
    expect(short.status).toBe(400);
    expect(short.body.error.message).not.toContain('short"');
  });

  it('limits sign-ups per address (10 an hour), not for other addresses', async () => {
    const from = address();
    for (let i = 0; i < 10; i++) expect((await signup({ from })).status).toBe(201);
    const over = await signup({ from });
    expect(over.status).toBe(429);
    expect(over.body.error.code).toBe('ERR_RATE_LIMIT');
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await signup({ from: address() })).status).toBe(201);
  });

  it('with the per-client limits off (--no-rate-limit) counts no sign-ups or sign-ins per address; a wrong password waits', async () => {
    const { url } = await serve({ limits: false, accounts: { signupsPerHour: 2, signinsPerMinute: 2 } });
    const from = address();
    const names = [0, 1, 2, 3, 4].map(() => uniqueName('nolimit'));
    for (const name of names) expect((await signup({ from, url }, name)).status).toBe(201);
    for (const name of names.slice(0, 3)) {
      expect((await call({ from, url }, 'POST', '/api/account/signin', { name, password: 'correct horse battery' })).status).toBe(200);
    }
    expect((await call({ from, url }, 'POST', '/api/account/signin', { name: names[4], password: 'wrong password!' })).status).toBe(401);
    const held = await call({ from, url }, 'POST', '/api/account/signin', { name: names[4], password: 'correct horse battery' });
    expect([held.status, held.body.error.code]).toEqual([429, 'ERR_RATE_LIMIT']);
  });
});

describe('sign-in and its limits', () => {
  it('after a wrong password the next attempt waits; a correct one after the wait signs in', async () => {
    const name = uniqueName();
    await signup({ from: address() }, name, 'the right password');
    const c: Client = { from: address() };
    const wrong = await call(c, 'POST', '/api/account/signin', { name, password: 'a wrong password' });
    expect(wrong.status).toBe(401);
    expect(wrong.body.error.code).toBe('ERR_AUTH');
    const early = await call(c, 'POST', '/api/account/signin', { name, password: 'the right password' });
    expect(early.status).toBe(429);
    expect(early.headers.get('retry-after')).toBe('1');
    await sleep(1100);
    const ok = await call(c, 'POST', '/api/account/signin', { name: name.toUpperCase(), password: 'the right password' });
    expect(ok.status).toBe(200);
    expect(ok.body.account.name).toBe(name);
    // An unknown name is answered as a wrong password.
    const unknown = await call({ from: address() }, 'POST', '/api/account/signin', { name: uniqueName('nobody'), password: 'whatever1' });
    expect(unknown.status).toBe(401);
    expect(unknown.body.error.message).toBe(wrong.body.error.message);
  });

  it('the wait doubles, and a thousand wrong passwords do not keep the owner out', async () => {
    const s = await serve({ accounts: { firstDelayMs: 100, maxDelayMs: 400, signinsPerMinute: 2000, failuresPerName: 1000 } });
    const name = uniqueName();
    const owner: Client = { from: address(), url: s.url };
    await signup(owner, name, 'owner password');
    const attacker: Client = { from: address(), url: s.url };
    expect((await call(attacker, 'POST', '/api/account/signin', { name, password: 'guess 0' })).status).toBe(401);
    const waits: number[] = [];
    for (let i = 1; i < 4; i++) {
      const t0 = Date.now();
      let r = await call(attacker, 'POST', '/api/account/signin', { name, password: `guess ${i}` });
      for (; r.status === 429; await sleep(10)) r = await call(attacker, 'POST', '/api/account/signin', { name, password: `guess ${i}` });
      expect(r.status).toBe(401);
      waits.push(Date.now() - t0);
    }
    // 100, 200 and 400 ms after the first, second and third wrong password.
    expect(waits[0]!).toBeGreaterThanOrEqual(60);
    expect(waits[1]!).toBeGreaterThan(waits[0]!);
    expect(waits[2]!).toBeGreaterThanOrEqual(350);
    const burst = await Promise.all(
      Array.from({ length: 1000 }, (_, i) => call(attacker, 'POST', '/api/account/signin', { name, password: `burst ${i}` })),
    );
    expect(burst.filter((r) => r.status === 200)).toHaveLength(0);
    // Sent at once, they are checked one at a time, each after the wait: a few are tried, the others refused.
    const tried = burst.filter((r) => r.status === 401).length;
    expect(tried).toBeGreaterThanOrEqual(1);
    expect(tried).toBeLessThan(50);
    expect(burst.filter((r) => r.status === 429)).toHaveLength(1000 - tried);
    const me = await call({ from: address(), url: s.url }, 'POST', '/api/account/signin', { name, password: 'owner password' });
    expect(me.status).toBe(200);
  });

  it('caps wrong passwords per name from all addresses together, for that name only', async () => {
    const s = await serve({ accounts: { failuresPerName: 3 } });
    const name = uniqueName();
    const other = uniqueName();
    await signup({ from: address(), url: s.url }, name, 'owner password');
    await signup({ from: address(), url: s.url }, other, 'other password');
    for (let i = 0; i < 4; i++) {
      const r = await call({ from: address(), url: s.url }, 'POST', '/api/account/signin', { name, password: `guess ${i}x` });
      expect(r.status).toBe(401);
    }
    const held = await call({ from: address(), url: s.url }, 'POST', '/api/account/signin', { name, password: 'owner password' });
    expect(held.status).toBe(429);
    expect(Number(held.headers.get('retry-after'))).toBeLessThanOrEqual(60);
    const free = await call({ from: address(), url: s.url }, 'POST', '/api/account/signin', { name: other, password: 'other password' });
    expect(free.status).toBe(200);
  });

  it('limits sign-in attempts per address (30 a minute by default; 5 here)', async () => {
    const s = await serve({ accounts: { signinsPerMinute: 5 } });
    const from = address();
    const replies = await Promise.all(
      Array.from({ length: 6 }, () =>
        call({ from, url: s.url }, 'POST', '/api/account/signin', { name: uniqueName('x'), password: 'whatever1' }),
      ),
    );
    expect(replies.filter((r) => r.status === 429)).toHaveLength(1);
    const other = await call({ from: address(), url: s.url }, 'POST', '/api/account/signin', {
      name: uniqueName('x'),
      password: 'whatever1',
    });
    expect(other.status).toBe(401);
  });
});

describe('recovery codes', () => {
  it('a code sets a new password once, and ends the other sessions', async () => {
    const name = uniqueName();
    const first: Client = { from: address() };
    const codes = (await signup(first, name, 'forgotten password')).body.recoveryCodes as string[];
    const c: Client = { from: address() };
    const r = await call(c, 'POST', '/api/account/recover', { name, code: codes[3]!.toLowerCase(), newPassword: 'a new password' });
    expect(r.status).toBe(200);
    expect(r.body.recoveryCodesLeft).toBe(9);
    expect((await call(first, 'GET', '/api/account')).body.account).toBeNull();
    const d: Client = { from: address() };
    expect((await call(d, 'POST', '/api/account/signin', { name, password: 'forgotten password' })).status).toBe(401);
    expect((await call({ from: address() }, 'POST', '/api/account/signin', { name, password: 'a new password' })).status).toBe(200);
    const again = await call({ from: address() }, 'POST', '/api/account/recover', { name, code: codes[3], newPassword: 'another one' });
    expect(again.status).toBe(401);
  });
});

describe('sessions and CSRF', () => {
  it('sign out needs the CSRF header; then the session is over', async () => {
    const c: Client = { from: address() };
    await signup(c);
    const none = await call(c, 'POST', '/api/account/signout', {});
    expect(none.status).toBe(403);
    const wrong = await call(c, 'POST', '/api/account/signout', {}, { 'x-gabata-csrf': 'f'.repeat(64) });
    expect(wrong.status).toBe(403);
    const foreign = await call(c, 'POST', '/api/account/signout', {}, { 'x-gabata-csrf': c.csrf!, origin: 'https://evil.example' });
    expect(foreign.status).toBe(403);
    expect(foreign.body.error.code).toBe('ERR_ORIGIN');
    const form = await call(c, 'POST', '/api/account/signout', undefined, { 'content-type': 'application/x-www-form-urlencoded' });
    expect(form.status).toBe(415);
    const cookie = c.cookie!;
    const ok = await call(c, 'POST', '/api/account/signout', {}, { 'x-gabata-csrf': c.csrf! });
    expect(ok.status).toBe(200);
    expect(ok.headers.get('set-cookie')).toContain('Max-Age=0');
    expect((await call({ from: c.from, cookie }, 'GET', '/api/account')).body.account).toBeNull();
    expect((await call({ from: c.from }, 'POST', '/api/account/signout', {})).status).toBe(401);
  });

  it('sign out everywhere ends every session of the account', async () => {
    const name = uniqueName();
    const a: Client = { from: address() };
    await signup(a, name, 'password one');
    const b: Client = { from: address() };
    expect((await call(b, 'POST', '/api/account/signin', { name, password: 'password one' })).status).toBe(200);
    expect((await call(b, 'GET', '/api/account')).body.account.name).toBe(name);
    const r = await call(a, 'POST', '/api/account/signout-all', {}, { 'x-gabata-csrf': a.csrf! });
    expect(r.body.signedOut).toBe(2);
    expect((await call(b, 'GET', '/api/account')).body.account).toBeNull();
  });

  it('keeps sessions hashed and passwords only as scrypt hashes', async () => {
    const c: Client = { from: address() };
    const name = uniqueName();
    const password = `clear text ${newKey().slice(0, 10)}`;
    const r = await signup(c, name, password);
    const token = c.cookie!.split('=')[1]!;
    const db = new Database(dbFile, { readonly: true });
    try {
      const acc = db.prepare('SELECT id, password FROM accounts WHERE name = ?').get(name) as { id: number; password: string };
      expect(acc.password).toMatch(/^scrypt\$15\$8\$1\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/);
      const sessions = db.prepare('SELECT token_hash FROM account_sessions WHERE account_id = ?').all(acc.id) as { token_hash: string }[];
      expect(sessions.map((s) => s.token_hash)).toEqual([sha256(token)]);
      const codes = db.prepare('SELECT code_hash FROM account_recovery_codes WHERE account_id = ?').all(acc.id) as { code_hash: string }[];
      expect(codes).toHaveLength(10);
      for (const code of r.body.recoveryCodes as string[]) expect(codes.map((x) => x.code_hash)).not.toContain(code);
    } finally {
      db.close();
    }
    for (const file of [dbFile, `${dbFile}-wal`]) {
      if (!existsSync(file)) continue;
      const bytes = readFileSync(file);
      expect(bytes.includes(password), file).toBe(false);
      expect(bytes.includes(token), file).toBe(false);
      expect(bytes.includes((r.body.recoveryCodes as string[])[0]!), file).toBe(false);
    }
  });
});

describe('adoption of the player key', () => {
  it("signing up adopts the key's games; another device signing in sees and plays them; signed out, it does not", async () => {
    const keyA = newKey();
    const a: Client = { from: address(), key: keyA };
    const made = await call(a, 'POST', '/api/games', { ruleset: 'gabata-adowa' });
    expect(made.status).toBe(201);
    const id = made.body.game.id as string;
    const name = uniqueName();
    expect((await signup(a, name, 'device password')).status).toBe(201);
    expect((await call(a, 'GET', '/api/games')).body.games.map((g: { id: string }) => g.id)).toEqual([id]);

    const b: Client = { from: address(), key: newKey() };
    expect((await call(b, 'GET', '/api/games')).body.games).toEqual([]);
    expect((await call(b, 'POST', '/api/account/signin', { name, password: 'device password' })).status).toBe(200);
    expect((await call(b, 'GET', '/api/games')).body.games.map((g: { id: string }) => g.id)).toEqual([id]);
    const moved = await call(b, 'POST', `/api/games/${id}/moves`, {
      seat: 1,
      ply: 0,
      code: firstLegal('gabata-adowa', made.body.game.seed),
    });
    expect(moved.status).toBe(200);

    expect((await call(b, 'POST', '/api/account/signout', {}, { 'x-gabata-csrf': b.csrf! })).status).toBe(200);
    expect((await call(b, 'GET', '/api/games')).body.games).toEqual([]);
    expect((await call(a, 'GET', '/api/games')).body.games).toHaveLength(1);
  });
});

describe('gabata account (the operator)', () => {
  it('shows what is kept about an account and deletes it: its sessions end, its name signs in no more, its games stay', async () => {
    const key = newKey();
    const c: Client = { from: address(), key };
    const id = (await call(c, 'POST', '/api/games', { ruleset: 'gabata-adowa' })).body.game.id as string;
    const name = uniqueName('Leaving');
    await signup(c, name, 'goodbye password');
    const cli = (...args: string[]) =>
      spawnSync(process.execPath, [path.join(ROOT, 'dist/cli/main.js'), 'account', ...args, '--db', dbFile], { encoding: 'utf8' });
    const shown = cli('show', name.toLowerCase());
    expect(shown.status).toBe(0);
    const info = JSON.parse(shown.stdout) as Record<string, unknown>;
    expect(info).toMatchObject({ name, passkeys: 0, recoveryCodesLeft: 10, playerKeys: 1, games: 1 });
    expect(shown.stdout).not.toMatch(/[0-9a-f]{64}|scrypt/);
    const deleted = cli('delete', name);
    expect(deleted.status, deleted.stderr).toBe(0);
    expect((await call(c, 'GET', '/api/account')).body.account).toBeNull();
    expect((await call({ from: address() }, 'POST', '/api/account/signin', { name, password: 'goodbye password' })).status).toBe(401);
    expect((await call(c, 'GET', `/api/games/${id}`)).status).toBe(200);
    expect(cli('delete', name).status).toBe(1);
    // The name is free again.
    expect((await signup({ from: address() }, name)).status).toBe(201);
  });
});

function firstLegal(ruleset: string, seed: number): number {
  const r = getRuleset(ruleset);
  if (!r.ok) throw r.error;
  const g = r.value.create({});
  if (!g.ok) throw g.error;
  const buf = new Int32Array(MAX_MOVES);
  const n = g.value.legalMoves(g.value.newState(seed), buf);
  expect(n).toBeGreaterThan(0);
  return buf[0]!;
}

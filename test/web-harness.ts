/**
 * Shared by the server and browser tests: builds what they need, starts the real server
 * (`node dist/cli/main.js serve`) on a free port with a SQLite file in a temp folder, and stops
 * it. The server prints its address; port 0 lets the OS choose a free one.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type LaunchOptions, type Page } from 'playwright-core';
import WebSocket from 'ws';
import type { Game } from '../packages/engine/src/core/game.js';
import type { State } from '../packages/engine/src/core/state.js';
import { getRuleset } from '../packages/engine/src/games/index.js';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Builds the web bundle (esbuild, about a second) and its service worker and, if missing, the compiled server. `npm test`
 * runs the full build first, so under it this only refreshes the web bundle. `{ web: false }`: the
 * bundle only if there is none yet (the server's tests).
 */
export function ensureBuilt(opts: { web?: boolean } = {}): void {
  if (!existsSync(path.join(ROOT, 'dist/cli/serve.js')) || !existsSync(path.join(ROOT, 'dist/server/live/computer-worker.js'))) {
    const tsc = spawnSync(process.execPath, [path.join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.json'], {
      cwd: ROOT,
      encoding: 'utf8',
    });
    if (tsc.status !== 0 && !existsSync(path.join(ROOT, 'dist/cli/serve.js'))) throw new Error(`tsc failed:\n${tsc.stdout}${tsc.stderr}`);
  }
  // The server's own tests need only some build of the page (its headers, not its code).
  if (opts.web === false && existsSync(path.join(ROOT, 'dist/web/index.html'))) return;
  const web = spawnSync(process.execPath, [path.join(ROOT, 'scripts/build-web.mjs')], { cwd: ROOT, encoding: 'utf8' });
  if (web.status !== 0) throw new Error(`web build failed:\n${web.stdout}${web.stderr}`);
  // The service worker precaches the bundle just built (its revisions), so it is built after it.
  const sw = spawnSync(process.execPath, [path.join(ROOT, 'scripts/build-sw.mjs')], { cwd: ROOT, encoding: 'utf8' });
  if (sw.status !== 0) throw new Error(`service worker build failed:\n${sw.stdout}${sw.stderr}`);
}

/** Debian's chromium (never a downloaded browser). */
export const CHROMIUM = '/usr/bin/chromium';
/** Headless, and quiet on this closed network: no background connections, no first-run work. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Starts the browser of the web tests. */
/** Debian's chromium; `extra` adds launch options (the bf-cache suite keeps Playwright from disabling the cache). */
export function launchChromium(extra: Omit<LaunchOptions, 'executablePath' | 'args'> = {}): Promise<Browser> {
  if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: install Debian's chromium (apt-get install chromium)`);
  return chromium.launch({ ...extra, executablePath: CHROMIUM, args: CHROMIUM_ARGS });
}

/** What a browser test file runs against: the built app on a real server over a temporary database, and chromium. */
export interface WebSuite {
  dir: string;
  server: RunningServer;
  browser: Browser;
}

/** Builds the app, starts its server in a temporary folder named from `prefix`, and chromium; makes `shots`. */
export async function openWebSuite(
  prefix: string,
  shots?: string,
  launch: Omit<LaunchOptions, 'executablePath' | 'args'> = {},
): Promise<WebSuite> {
  ensureBuilt();
  if (shots !== undefined) mkdirSync(shots, { recursive: true });
  const dir = tempDir(prefix);
  const server = await startServer(path.join(dir, 'games.db'));
  return { dir, server, browser: await launchChromium(launch) };
}

/** Stops what `openWebSuite` started (any part of it) and removes its folder. */
export async function closeWebSuite(s: Partial<WebSuite>): Promise<void> {
  await s.browser?.close();
  await s.server?.stop();
  if (s.dir !== undefined) rmSync(s.dir, { recursive: true, force: true });
}

export function tempDir(prefix: string): string {
  return mkdtempSync(path.join(tmpdir(), prefix));
}

export interface RunningServer {
  url: string;
  port: number;
  db: string;
  proc: ChildProcess;
  /** Stops the server (SIGTERM, or SIGKILL to simulate a crash) and waits for it to exit. */
  stop(signal?: NodeJS.Signals): Promise<void>;
  /** What the server wrote to stderr so far. */
  stderr(): string;
}

export interface StartOptions {
  /** Port to listen on (default 0: any free one). */
  port?: number;
  /** More arguments for `gabata serve`. */
  args?: string[];
}

export function startServer(db: string, opts: StartOptions = {}): Promise<RunningServer> {
  const args = [path.join(ROOT, 'dist/cli/main.js'), 'serve', '--port', String(opts.port ?? 0), '--host', '127.0.0.1', '--db', db];
  const proc = spawn(process.execPath, [...args, ...(opts.args ?? [])], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let errText = '';
  proc.stderr!.on('data', (d: Buffer) => (errText += d.toString()));
  const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start: ${out}${errText}`)), 20_000);
    proc.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /serving (http:\/\/127\.0\.0\.1:(\d+))\//.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve({
          url: m[1]!,
          port: Number(m[2]),
          db,
          proc,
          stderr: () => errText,
          stop: async (signal: NodeJS.Signals = 'SIGTERM') => {
            if (proc.exitCode === null && proc.signalCode === null) proc.kill(signal);
            await exited;
          },
        });
      }
    });
    proc.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}: ${out}${errText}`));
    });
  });
}

/**
 * Stops a server (SIGKILL by default: a crash) and starts a new one on the same database file and
 * port, so that clients can reconnect to the same address.
 */
export async function restartServer(
  server: RunningServer,
  signal: NodeJS.Signals = 'SIGKILL',
  opts: StartOptions = {},
): Promise<RunningServer> {
  await server.stop(signal);
  let lastError: unknown;
  for (let attempt = 0; attempt < 20; attempt++) {
    try {
      return await startServer(server.db, { ...opts, port: server.port });
    } catch (e) {
      // The port may be held for a moment after the old process died.
      lastError = e;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  throw lastError;
}

/** A new player key: 32 random bytes, base64url (what the web app keeps in its storage). */
export function newKey(): string {
  return randomBytes(32).toString('base64url');
}

export interface Reply {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: a reply body of any route, read by tests that know its shape
  body: any;
  headers: Headers;
}

export interface RequestOptions {
  /** A player key, sent as Authorization: Bearer <key>. */
  key?: string;
  headers?: Record<string, string>;
}

export async function request(
  base: string,
  method: string,
  p: string,
  body?: unknown,
  raw?: string,
  opts: RequestOptions = {},
): Promise<Reply> {
  const init: RequestInit = { method };
  const headers: Record<string, string> = {};
  if (raw !== undefined) init.body = raw;
  else if (body !== undefined) init.body = JSON.stringify(body);
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  if (opts.key !== undefined) headers['authorization'] = `Bearer ${opts.key}`;
  Object.assign(headers, opts.headers);
  init.headers = headers;
  const res = await fetch(base + p, init);
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    /* not JSON */
  }
  return { status: res.status, body: parsed, headers: res.headers };
}

/** A client of a game's live stream that keeps every frame it received, in order. */
export interface LiveClient {
  ws: WebSocket;
  // biome-ignore lint/suspicious/noExplicitAny: live messages of any type, read by tests that know their shape
  frames: any[];
  /** Raw text of every frame. */
  raw: string[];
  send(msg: unknown): void;
  /** The first frame (at or after `from`) that `pred` accepts, waiting up to `ms`. */
  // biome-ignore lint/suspicious/noExplicitAny: as frames
  next(pred: (m: any) => boolean, ms?: number, from?: number): Promise<any>;
  /** Resolves with the close code once the socket is closed. */
  closed: Promise<number>;
  close(): Promise<void>;
}

/** Opens `/api/games/:id/live` (and, unless `hello` is false, sends hello with `key` and `since`). */
export async function openLive(
  base: string,
  id: string,
  opts: { key?: string; since?: number; hello?: boolean; headers?: Record<string, string> } = {},
): Promise<LiveClient> {
  const ws = new WebSocket(`${base.replace(/^http/, 'ws')}/api/games/${id}/live`, { headers: opts.headers ?? {} });
  const frames: unknown[] = [];
  const raw: string[] = [];
  const waiters = new Set<() => void>();
  ws.on('message', (d: Buffer) => {
    raw.push(d.toString());
    frames.push(JSON.parse(d.toString()));
    for (const w of [...waiters]) w();
  });
  const closed = new Promise<number>((resolve) => ws.once('close', (code: number) => resolve(code)));
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  const client: LiveClient = {
    ws,
    frames,
    raw,
    send: (msg) => ws.send(typeof msg === 'string' ? msg : JSON.stringify(msg)),
    next: (pred, ms = 5000, from = 0) =>
      new Promise((resolve, reject) => {
        const look = (): boolean => {
          for (let i = from; i < frames.length; i++) {
            if (pred(frames[i])) {
              resolve(frames[i]);
              return true;
            }
          }
          return false;
        };
        if (look()) return;
        const w = (): void => {
          if (look()) {
            waiters.delete(w);
            clearTimeout(timer);
          }
        };
        const timer = setTimeout(() => {
          waiters.delete(w);
          reject(new Error(`no such frame within ${ms} ms; got ${JSON.stringify(frames).slice(-1500)}`));
        }, ms);
        waiters.add(w);
      }),
    closed,
    close: async () => {
      if (ws.readyState === ws.CLOSED) return;
      ws.close();
      await closed;
    },
  };
  if (opts.hello !== false) {
    client.send({ type: 'hello', ...(opts.key === undefined ? {} : { key: opts.key }), since: opts.since ?? -1 });
    await client.next((m) => m.type === 'welcome' || m.type === 'error');
  }
  return client;
}

/** A stored game as `GET /api/games/:id` returns it (the parts a replay needs). */
export interface StoredGame {
  ruleset: string;
  options: Record<string, unknown>;
  seed: number;
  moves: { codes: number[]; joint: boolean }[];
}

/** The engine's position of a stored game, replayed from its seed and moves. */
export function replayStored(doc: StoredGame): { game: Game; s: State } {
  const rs = getRuleset(doc.ruleset);
  if (!rs.ok) throw rs.error;
  const g = rs.value.create(doc.options);
  if (!g.ok) throw g.error;
  const s = g.value.newState(doc.seed);
  for (const m of doc.moves) {
    if (m.joint) g.value.applyJoint(s, m.codes);
    else g.value.apply(s, m.codes[0]!);
  }
  return { game: g.value, s };
}

/** Waits until the game page shows ply `ply` in state `state` (its data-ply and data-state). */
export async function waitState(page: Page, ply: number, state: string): Promise<void> {
  await page.waitForFunction(
    ([p, st]) => {
      const e = document.querySelector('.game-page') as HTMLElement | null;
      return !!e && Number(e.dataset['ply']) === p && e.dataset['state'] === st;
    },
    [ply, state] as const,
  );
}

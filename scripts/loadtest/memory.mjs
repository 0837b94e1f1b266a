#!/usr/bin/env node
/**
 * `node scripts/loadtest/memory.mjs [--games N]`: what the server holds in memory per cached game
 * and per idle socket. A server (the built one, in a child process with --expose-gc, every game
 * kept in its cache) is measured after a full GC three times: started; with N two-player games
 * created and joined over HTTP; with a socket per seat (2N) open and welcomed. Prints one JSON
 * line: bytes of V8 heap and of resident memory per game and per socket.
 */
import { fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import WebSocket from 'ws';
import { Api } from './http.mjs';

const SELF = fileURLToPath(import.meta.url);

/** The child: a server on 127.0.0.1 that answers `measure` with its memory after a full GC. */
async function serve(db) {
  const { createGabataServer } = await import(new URL('../../dist/server/app.js', import.meta.url).href);
  const app = createGabataServer({ db, limits: false, cacheSize: 1_000_000 });
  const { port } = await app.listen(0, '127.0.0.1');
  process.on('message', async (m) => {
    if (m !== 'measure') return;
    for (let i = 0; i < 3; i++) {
      globalThis.gc();
      await new Promise((r) => setImmediate(r));
    }
    const u = process.memoryUsage();
    process.send({ heap: u.heapUsed, rss: u.rss, external: u.external, cached: app.api.cachedIds().length });
  });
  process.on('disconnect', () => process.exit(0));
  process.send({ port });
}

function ask(child, msg) {
  return new Promise((resolve) => {
    child.once('message', resolve);
    if (msg) child.send(msg);
  });
}

async function createGames(api, n) {
  const games = [];
  let next = 0;
  const worker = async () => {
    while (next < n) {
      next++;
      const keys = [randomBytes(32).toString('base64url'), randomBytes(32).toString('base64url')];
      const body = { ruleset: 'gabata-adowa', seats: ['human', 'invite'] };
      const { game, invites } = await api.call('POST', '/api/games', { key: keys[0], body });
      await api.call('POST', `/api/games/${game.id}/join`, { key: keys[1], body: { token: invites[0].token } });
      games.push({ id: game.id, keys });
    }
  };
  await Promise.all(Array.from({ length: 16 }, worker));
  return games;
}

function openSockets(port, games) {
  const sockets = [];
  const welcomed = games.flatMap((g) =>
    g.keys.map(
      (key) =>
        new Promise((resolve, reject) => {
          const ws = new WebSocket(`ws://127.0.0.1:${port}/api/games/${g.id}/live`, { perMessageDeflate: false });
          sockets.push(ws);
          ws.on('open', () => ws.send(JSON.stringify({ type: 'hello', key, since: -1 })));
          ws.on('message', (d) => {
            if (String(d).startsWith('{"type":"welcome"')) resolve();
          });
          ws.on('error', reject);
        }),
    ),
  );
  return Promise.all(welcomed).then(() => sockets);
}

async function main() {
  const i = process.argv.indexOf('--games');
  const n = i > 0 ? Number(process.argv[i + 1]) : 2000;
  if (!Number.isInteger(n) || n < 1 || n > 9000) throw new Error('--games needs an integer from 1 to 9000');
  const dir = mkdtempSync(join(tmpdir(), 'gabata-memory-'));
  const child = fork(SELF, ['--serve', join(dir, 'm.db')], { execArgv: ['--expose-gc'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  try {
    const { port } = await ask(child);
    const start = await ask(child, 'measure');
    const games = await createGames(new Api(port), n);
    const cached = await ask(child, 'measure');
    const sockets = await openSockets(port, games);
    await new Promise((r) => setTimeout(r, 500)); // the presence messages settle
    const open = await ask(child, 'measure');
    const per = (a, b, k, count) => Math.round((b[k] - a[k]) / count);
    const out = {
      games: n,
      sockets: sockets.length,
      cachedGames: open.cached,
      startHeapMB: Math.round(start.heap / 1e5) / 10,
      startRssMB: Math.round(start.rss / 1e5) / 10,
      heapPerGame: per(start, cached, 'heap', n),
      rssPerGame: per(start, cached, 'rss', n),
      heapPerSocket: per(cached, open, 'heap', sockets.length),
      rssPerSocket: per(cached, open, 'rss', sockets.length),
      externalPerSocket: per(cached, open, 'external', sockets.length),
    };
    for (const ws of sockets) ws.terminate();
    process.stdout.write(JSON.stringify(out) + '\n');
  } finally {
    child.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[2] === '--serve') await serve(process.argv[3]);
else
  await main().then(
    () => process.exit(0),
    (e) => {
      process.stderr.write(`memory: ${e.message}\n`);
      process.exit(1);
    },
  );

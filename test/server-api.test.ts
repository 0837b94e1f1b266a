/**
 * The web app's API against the real server process and a real SQLite file: create, move,
 * illegal and malformed requests, restart (and crash) with nothing lost, takeback, record export
 * and import. Legal and illegal moves are chosen with the engine, never hard-coded. Every request
 * carries the player key that created the game (a local game: the key plays every seat).
 */
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_MOVES, type Game } from '../packages/engine/src/core/game.js';
import { PHASE_RACE, type State } from '../packages/engine/src/core/state.js';
import { RULESETS, getRuleset } from '../packages/engine/src/games/index.js';
import { ensureBuilt, newKey, request as rawRequest, startServer, tempDir, type Reply, type RunningServer } from './web-harness.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

let dir: string;
let db: string;
let server: RunningServer;
const KEY = newKey();

/** A request with the player key. */
function request(base: string, method: string, p: string, body?: unknown, raw?: string): Promise<Reply> {
  return rawRequest(base, method, p, body, raw, { key: KEY });
}

/** Plays decision `d` at ply `ply` of state `s` (the seat to move; seat 1 sends a joint move). */
function move(id: string, s: State, ply: number, d: object): Promise<Reply> {
  return request(server.url, 'POST', `/api/games/${id}/moves`, { seat: s.toMove || 1, ply, ...d });
}

/** The server's position of a game (GET /api/games/:id carries it). */
async function counts(id: string): Promise<number[]> {
  return (await request(server.url, 'GET', `/api/games/${id}`)).body.game.position.counts;
}

beforeAll(async () => {
  ensureBuilt({ web: false });
  dir = tempDir('gabata-api-');
  db = path.join(dir, 'games.db');
  server = await startServer(db);
});

afterAll(async () => {
  await server?.stop();
  rmSync(dir, { recursive: true, force: true });
});

function gameOf(ruleset: string, options: Record<string, unknown>): Game {
  const r = getRuleset(ruleset);
  if (!r.ok) throw r.error;
  const g = r.value.create(options);
  if (!g.ok) throw g.error;
  return g.value;
}

function legal(game: Game, s: State, player = 0): number[] {
  const buf = new Int32Array(MAX_MOVES);
  const n = player ? game.legalMovesFor(s, player, buf) : game.legalMoves(s, buf);
  return Array.from(buf.subarray(0, n));
}

/** A legal decision at `s` as the API takes it (the k-th legal move of each player). */
function decision(game: Game, s: State, k = 0): { code?: number; joint?: number[] } {
  if (s.phase === PHASE_RACE && s.toMove === 0) {
    const joint: number[] = [];
    for (let p = 1; p <= s.players; p++) {
      const l = legal(game, s, p);
      joint.push(l[k % l.length]!);
    }
    return { joint };
  }
  const l = legal(game, s);
  return { code: l[k % l.length]! };
}

function apply(game: Game, s: State, d: { code?: number; joint?: number[] }): void {
  if (d.joint) game.applyJoint(s, [0, ...d.joint]);
  else game.apply(s, d.code!);
}

async function create(ruleset: string, seed = 7, options: Record<string, unknown> = {}): Promise<{ id: string; game: Game }> {
  const r = await request(server.url, 'POST', '/api/games', { ruleset, seed, options, seats: ['human', 'computer:1'] });
  expect(r.status).toBe(201);
  return { id: r.body.game.id, game: gameOf(ruleset, r.body.game.options) };
}

describe('server API', () => {
  it('creates a game that is listed and read back with its options, seed and seats', async () => {
    const { id } = await create('gabata-adowa', 11);
    const got = await request(server.url, 'GET', `/api/games/${id}`);
    expect(got.status).toBe(200);
    expect(got.body.game).toMatchObject({
      id,
      ruleset: 'gabata-adowa',
      seed: 11,
      status: 'play',
      moveCount: 0,
    });
    expect(got.body.game.seats.map((x: { kind: string }) => x.kind)).toEqual(['human', 'computer:1']);
    expect(got.body.game.options.captureGate).toBe('firstTurnOfRound');
    const list = await request(server.url, 'GET', '/api/games');
    expect(list.body.games.map((g: { id: string }) => g.id)).toContain(id);
  });

  it('validates every move with the engine: legal moves are stored with their events, the position matches a replay', async () => {
    const { id, game } = await create('gabata-adowa', 3);
    const s = game.newState(3);
    for (let ply = 0; ply < 6; ply++) {
      const d = decision(game, s, ply);
      const r = await move(id, s, ply, d);
      expect(r.status).toBe(200);
      expect(r.body.ply).toBe(ply);
      expect(r.body.events.length).toBeGreaterThan(0);
      apply(game, s, d);
      expect(await counts(id)).toEqual(Array.from(s.counts));
    }
    const got = await request(server.url, 'GET', `/api/games/${id}`);
    expect(got.body.game.moves).toHaveLength(6);
  });

  it('accepts a move as notation text too', async () => {
    const { id, game } = await create('gabata-aksum', 5);
    const s = game.newState(5);
    const m = legal(game, s)[0]!;
    const r = await move(id, s, 0, { move: game.moveText(s, m) });
    expect(r.status).toBe(200);
    expect(r.body.codes).toEqual([m]);
  });

  it('rejects an illegal move with 422 ERR_ILLEGAL_MOVE and the engine reason, storing nothing', async () => {
    const { id, game } = await create('gabata-adowa', 9);
    const s = game.newState(9);
    const l = legal(game, s);
    const illegal = Array.from({ length: s.holeCount }, (_, h) => h).find((h) => !l.includes(h))!;
    const r = await move(id, s, 0, { code: illegal });
    expect(r.status).toBe(422);
    expect(r.body.error.code).toBe('ERR_ILLEGAL_MOVE');
    expect(r.body.error.message).toContain(String(illegal));
    const text = await move(id, s, 0, { move: String(illegal) });
    expect(text.status).toBe(422);
    expect(text.body.error.code).toBe('ERR_ILLEGAL_MOVE');
    const got = await request(server.url, 'GET', `/api/games/${id}`);
    expect(got.body.game.moveCount).toBe(0);
  });

  it('rejects a stale ply with 409 ERR_STALE (nothing applied) and a move of no known form with 400', async () => {
    const { id, game } = await create('gifia', 4);
    const s = game.newState(4);
    for (const ply of [3, 1]) {
      const stale = await move(id, s, ply, decision(game, s));
      expect(stale.status).toBe(409);
      expect(stale.body.error.code).toBe('ERR_STALE');
    }
    expect((await request(server.url, 'GET', `/api/games/${id}`)).body.game.moveCount).toBe(0);
    const syntax = await move(id, s, 0, { move: 'x9!' });
    expect(syntax.status).toBe(400);
    expect(syntax.body.error.code).toBe('ERR_MOVE_SYNTAX');
    const noPly = await request(server.url, 'POST', `/api/games/${id}/moves`, { seat: 1, ...decision(game, s) });
    expect(noPly.status).toBe(400);
    expect(noPly.body.error.message).toMatch(/ply/);
    const none = await move(id, s, 0, {});
    expect(none.status).toBe(400);
    expect(none.body.error.code).toBe('ERR_ARGUMENT');
  });

  it('rejects malformed JSON (400), a body that is not an object (400) and an oversized body (413)', async () => {
    const { id } = await create('gabata-adowa');
    const bad = await request(server.url, 'POST', `/api/games/${id}/moves`, undefined, '{"seat": 1, "ply": 0, "code":');
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe('ERR_ARGUMENT');
    expect(bad.body.error.message).toMatch(/JSON/i);
    const arr = await request(server.url, 'POST', '/api/games', [1, 2]);
    expect(arr.status).toBe(400);
    const big = await request(
      server.url,
      'POST',
      '/api/games',
      undefined,
      JSON.stringify({ ruleset: 'gifia', pad: 'x'.repeat(300 * 1024) }),
    );
    expect(big.status).toBe(413);
    expect(big.body.error.code).toBe('ERR_TOO_LARGE');
    const imp = await request(server.url, 'POST', '/api/games/import', undefined, '[' + '1,'.repeat(200_000) + '1]');
    expect(imp.status).toBe(413);
  });

  it('rejects unknown games (404), unknown rulesets, bad options and bad seats (400)', async () => {
    expect((await request(server.url, 'GET', '/api/games/doesnotexist')).status).toBe(404);
    expect((await request(server.url, 'POST', '/api/games/doesnotexist/moves', { seat: 1, ply: 0, code: 1 })).body.error.code).toBe(
      'ERR_NOT_FOUND',
    );
    expect((await request(server.url, 'GET', '/api/nothing')).status).toBe(404);
    const rs = await request(server.url, 'POST', '/api/games', { ruleset: 'chess' });
    expect(rs.status).toBe(400);
    expect(rs.body.error.code).toBe('ERR_UNKNOWN_RULESET');
    const opt = await request(server.url, 'POST', '/api/games', { ruleset: 'gabata-adowa', options: { captureGate: 'sometimes' } });
    expect(opt.status).toBe(400);
    expect(opt.body.error.code).toBe('ERR_OPTION');
    const seats = await request(server.url, 'POST', '/api/games', { ruleset: 'gabata-adowa', seats: ['human', 'robot'] });
    expect(seats.status).toBe(400);
    expect(seats.body.error.message).toMatch(/seat 2/);
    const typed = await request(server.url, 'POST', '/api/games', { ruleset: 'gabata-adowa', seed: '7' });
    expect(typed.status).toBe(400);
    expect(typed.body.error.message).toMatch(/seed/);
    const three = await request(server.url, 'POST', '/api/games', {
      ruleset: 'gabata-adowa',
      options: { players: 3 },
      seats: ['human', 'computer:2', 'human'],
    });
    expect(three.status).toBe(201);
    expect(three.body.game.seats).toHaveLength(3);
  });

  it('a takeback in a local game is immediate: it deletes the last moves in one step and play goes on from there', async () => {
    const { id, game } = await create('gabata-adowa', 21);
    const s = game.newState(21);
    const states = [s.clone()];
    for (let ply = 0; ply < 4; ply++) {
      const d = decision(game, s, ply + 1);
      expect((await move(id, s, ply, d)).status).toBe(200);
      apply(game, s, d);
      states.push(s.clone());
    }
    const u = await request(server.url, 'POST', `/api/games/${id}/takeback`, { seat: 1, ply: 4, toPly: 2 });
    expect(u.status).toBe(200);
    expect(u.body.game.moveCount).toBe(2);
    expect((await request(server.url, 'GET', `/api/games/${id}`)).body.game.moves).toHaveLength(2);
    const back = states[2]!.clone();
    const d = decision(game, back, 0);
    const r = await move(id, back, 2, d);
    expect(r.status).toBe(200);
    apply(game, back, d);
    expect(await counts(id)).toEqual(Array.from(back.counts));
    expect((await request(server.url, 'POST', `/api/games/${id}/takeback`, { seat: 1, ply: 3, toPly: 99 })).status).toBe(400);
    const one = await request(server.url, 'POST', `/api/games/${id}/takeback`, { seat: 1, ply: 3 });
    expect(one.body.game.moveCount).toBe(2);
  });

  it('exports a record and imports it again: the imported game replays to the same position', async () => {
    const { id, game } = await create('gifia', 13);
    const s = game.newState(13);
    for (let ply = 0; ply < 5; ply++) {
      const d = decision(game, s, ply);
      expect((await move(id, s, ply, d)).status).toBe(200);
      apply(game, s, d);
    }
    const rec = await request(server.url, 'GET', `/api/games/${id}/record`);
    expect(rec.status).toBe(200);
    expect(rec.body.format).toBe('gabata-record/1');
    expect(rec.body.moves).toHaveLength(5);
    const imp = await request(server.url, 'POST', '/api/games/import', rec.body);
    expect(imp.status).toBe(201);
    const id2 = imp.body.game.id;
    expect(id2).not.toBe(id);
    expect(imp.body.game.moves.map((m: { move: string }) => m.move)).toEqual(rec.body.moves);
    const d = decision(game, s, 0);
    const r = await move(id2, s, 5, d);
    expect(r.status).toBe(200);
    apply(game, s, d);
    expect(await counts(id2)).toEqual(Array.from(s.counts));
  });

  it('rejects a record whose moves do not replay (422 ERR_RECORD) and stores nothing of it', async () => {
    const before = (await request(server.url, 'GET', '/api/games?limit=100')).body.games.length;
    const game = gameOf('gabata-adowa', {});
    const s = game.newState(1);
    const l = legal(game, s);
    const illegal = Array.from({ length: 18 }, (_, h) => h).find((h) => !l.includes(h))!;
    const rec = {
      format: 'gabata-record/1',
      ruleset: 'gabata-adowa',
      options: {},
      seed: 1,
      players: 2,
      moves: [String(l[0]), String(illegal)],
      result: null,
    };
    const r = await request(server.url, 'POST', '/api/games/import', rec);
    expect(r.status).toBe(422);
    expect(r.body.error.code).toBe('ERR_RECORD');
    const bad = await request(server.url, 'POST', '/api/games/import', { format: 'nope' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe('ERR_RECORD');
    expect((await request(server.url, 'GET', '/api/games?limit=100')).body.games.length).toBe(before);
  });

  it('plays the opening of every shipped ruleset through the API (joint moves at a race)', async () => {
    // The server runs the built program, which registers the shipped rulesets only.
    for (const rs of RULESETS.filter((r) => r.info.shipped)) {
      const { id, game } = await create(rs.info.id, 17);
      const s = game.newState(17);
      for (let ply = 0; ply < 3; ply++) {
        const d = decision(game, s, ply);
        const r = await move(id, s, ply, d);
        expect(r.status, `${rs.info.id} ply ${ply}: ${JSON.stringify(r.body)}`).toBe(200);
        expect(r.body.joint).toBe(d.joint !== undefined);
        apply(game, s, d);
      }
      expect(await counts(id)).toEqual(Array.from(s.counts));
    }
  });

  it('restart: after the server process stops (cleanly or killed) every acknowledged move is still there', async () => {
    const { id, game } = await create('gabata-aksum', 31);
    const s = game.newState(31);
    let ply = 0;
    const play = async (): Promise<void> => {
      const d = decision(game, s, ply);
      const r = await move(id, s, ply, d);
      expect(r.status).toBe(200);
      apply(game, s, d);
      expect(await counts(id)).toEqual(Array.from(s.counts));
      ply++;
    };
    await play();
    await play();
    await server.stop('SIGTERM');
    server = await startServer(db);
    let got = await request(server.url, 'GET', `/api/games/${id}`);
    expect(got.body.game.moveCount).toBe(2);
    await play();
    // A crash right after the answer: the move was committed before it was acknowledged.
    await server.stop('SIGKILL');
    server = await startServer(db);
    got = await request(server.url, 'GET', `/api/games/${id}`);
    expect(got.body.game.moveCount).toBe(3);
    await play();
    const rec = await request(server.url, 'GET', `/api/games/${id}/record`);
    expect(rec.body.moves).toHaveLength(4);
    got = await request(server.url, 'GET', `/api/games/${id}`);
    expect(got.body.game.moves.map((m: { codes: number[] }) => m.codes.length)).toHaveLength(4);
    // The resumed game is the same game: the next move gives the engine's position (checked in play).
    await play();
    expect(ply).toBe(5);
  });

  it('serves the web app: the page, its bundles (hashed, cached for good, precompressed), and the page for client routes', async () => {
    const page = await fetch(server.url + '/');
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toBe('no-cache');
    const main = /src="\/(main-\w{8}\.js)"/.exec(await page.text())?.[1];
    expect(main).toBeDefined();
    const js = await fetch(`${server.url}/${main}`, { headers: { 'accept-encoding': 'identity' } });
    expect(js.headers.get('content-type')).toMatch(/javascript/);
    expect(js.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const plain = Buffer.from(await js.arrayBuffer());
    // A client that takes brotli (or gzip) gets the build's compressed form of the same bytes.
    for (const [encoding, unpack] of [
      ['br', brotliDecompressSync],
      ['gzip', gunzipSync],
    ] as const) {
      const packed = await fetch(`${server.url}/${main}`, { headers: { 'accept-encoding': encoding } });
      expect(packed.headers.get('content-encoding')).toBe(encoding);
      expect(packed.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      // fetch undoes the encoding itself: the bytes are the plain file's.
      expect(Buffer.from(await packed.arrayBuffer()).equals(plain)).toBe(true);
      expect(unpack(readFileSync(path.join(ROOT, 'dist/web', `${main}.${encoding === 'br' ? 'br' : 'gz'}`))).equals(plain)).toBe(true);
    }
    const { worker: workerFile } = JSON.parse(readFileSync(path.join(ROOT, 'dist/web/build.json'), 'utf8'));
    expect(plain.includes(Buffer.from(`/${workerFile}`))).toBe(true);
    const worker = await fetch(`${server.url}/${workerFile}`);
    expect(worker.status).toBe(200);
    const traversal = await fetch(server.url + '/..%2f..%2fpackage.json');
    expect(traversal.status).toBe(404);
  });
});

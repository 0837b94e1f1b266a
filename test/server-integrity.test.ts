/**
 * A server strangers cannot take down (issue 20): one stored game whose rows do not replay is
 * quarantined (refused with ERR_QUARANTINED, listed with its reason, its rows readable as stored)
 * while the real `gabata serve` starts and serves every other game; a file with damaged pages is
 * refused at start with one ERR_STORE line; damage met while serving is 503 ERR_STORE and stops
 * every write. Also two messages: an illegal race commit by seat 2 lists seat 2's own moves, and an
 * import error names where it is once.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { closeSync, existsSync, openSync, readFileSync, rmSync, statSync, writeSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_MOVES, type Game } from '../packages/engine/src/core/game.js';
import type { State } from '../packages/engine/src/core/state.js';
import { getRuleset } from '../packages/engine/src/games/index.js';
import { RECORD_FORMAT } from '../packages/engine/src/notation/record.js';
import { HttpError } from '../src/server/http.js';
import { damageLog } from '../src/server/integrity.js';
import { sha256 } from '../src/server/keys.js';
import { GamesApi } from '../src/server/play.js';
import { GameStore } from '../src/server/store.js';
import { ROOT, ensureBuilt, newKey, request as rawRequest, startServer, tempDir, type Reply, type RunningServer } from './web-harness.js';

const KEY = newKey();
const dirs: string[] = [];
let server: RunningServer | undefined;

function request(base: string, method: string, p: string, body?: unknown): Promise<Reply> {
  return rawRequest(base, method, p, body, undefined, { key: KEY });
}

function gameOf(ruleset: string): Game {
  const r = getRuleset(ruleset);
  if (!r.ok) throw r.error;
  const g = r.value.create({});
  if (!g.ok) throw g.error;
  return g.value;
}

function legal(game: Game, s: State, player = 0): number[] {
  const buf = new Int32Array(MAX_MOVES);
  const n = player ? game.legalMovesFor(s, player, buf) : game.legalMoves(s, buf);
  return Array.from(buf.subarray(0, n));
}

function dbFile(prefix: string): string {
  const d = tempDir(prefix);
  dirs.push(d);
  return path.join(d, 'games.db');
}

/** Waits until `pred` holds (a child's stderr arrives in its own time). */
async function until(pred: () => boolean, what: string, ms = 5000): Promise<void> {
  const end = Date.now() + ms;
  while (!pred()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** Overwrites `pages` whole pages in the middle of a SQLite file (or its header, `at` 0) with garbage. */
function damage(file: string, at: 'middle' | 'header', pages = 3): void {
  const size = statSync(file).size;
  const page = 4096;
  const garbage = Buffer.alloc(page * pages);
  for (let i = 0; i < garbage.length; i++) garbage[i] = (i * 7919 + 13) & 0xff;
  const offset = at === 'header' ? 0 : Math.floor(size / page / 2) * page;
  const fd = openSync(file, 'r+');
  writeSync(fd, garbage, 0, at === 'header' ? 100 : garbage.length, offset);
  closeSync(fd);
}

/** The first `n` legal moves of a gifia game from `seed`, as stored rows. */
function gifiaMoves(seed: number, n: number): { ply: number; move: string; codes: number[]; joint: boolean }[] {
  const game = gameOf('gifia');
  const s = game.newState(seed);
  const rows = [];
  for (let ply = 0; ply < n && legal(game, s).length > 0; ply++) {
    const code = legal(game, s)[0]!;
    rows.push({ ply, move: game.moveText(s, code), codes: [code], joint: false });
    game.apply(s, code);
  }
  return rows;
}

/** A store file holding `n` games of `keyHash`, each with a few moves (many pages), closed. */
function filledStore(file: string, keyHash: string, n: number): string[] {
  const store = new GameStore(file);
  const ids: string[] = [];
  for (let i = 0; i < n; i++) {
    const id = `g${i}`;
    const moves = gifiaMoves(i, 12);
    const seats = [
      { seat: 1, kind: 'human', keyHash, inviteHash: null },
      { seat: 2, kind: 'human', keyHash, inviteHash: null },
    ];
    const row = { id, ruleset: 'gifia', options: {}, seed: i, seats: ['human', 'human'], status: 'play', result: null, meta: null };
    store.createGame(row, seats, moves);
    ids.push(id);
  }
  store.close();
  return ids;
}

beforeAll(() => {
  ensureBuilt({ web: false });
});

afterAll(async () => {
  await server?.stop();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

describe('a stored game whose moves do not replay', () => {
  const ids: Record<'broken' | 'plain' | 'clocked', string> = { broken: '', plain: '', clocked: '' };
  let db = '';

  /** Plays `n` legal moves of a gifia game over the API (the first legal move each time). */
  async function play(id: string, seed: number, n: number): Promise<void> {
    const game = gameOf('gifia');
    const s = game.newState(seed);
    for (let ply = 0; ply < n; ply++) {
      const code = legal(game, s)[0]!;
      const r = await request(server!.url, 'POST', `/api/games/${id}/moves`, { seat: s.toMove, ply, code });
      expect(r.status).toBe(200);
      game.apply(s, code);
    }
  }

  beforeAll(async () => {
    db = dbFile('gabata-quarantine-');
    server = await startServer(db);
    const clock = { baseMs: 600_000, incrementMs: 0 };
    const make = async (seed: number, withClock: boolean): Promise<string> => {
      const body = { ruleset: 'gifia', seed, seats: ['human', 'human'], ...(withClock ? { clock } : {}) };
      const r = await request(server!.url, 'POST', '/api/games', body);
      expect(r.status).toBe(201);
      return r.body.game.id as string;
    };
    ids.broken = await make(3, true);
    ids.clocked = await make(4, true);
    ids.plain = await make(5, false);
    await play(ids.broken, 3, 3);
    await play(ids.clocked, 4, 2);
    await play(ids.plain, 5, 1);
    await server.stop();
    server = undefined;
    // One bad row, written behind the server's back: a move code that is no move at all.
    const raw = new Database(db);
    raw.prepare("UPDATE moves SET codes = '999' WHERE game_id = ? AND ply = 1").run(ids.broken);
    raw.close();
    server = await startServer(db);
  });

  it('the server starts (a clocked game is quarantined at start) and says how many games are quarantined', async () => {
    await until(() => server!.stderr().includes('1 game is quarantined'), 'the quarantine count');
    const lines = server!.stderr().split('\n');
    expect(lines.filter((l) => l.includes(`game ${ids.broken} quarantined:`))).toHaveLength(1);
    expect(server!.stderr()).toContain('stored move 2 does not replay');
  });

  it('every other game is served and played', async () => {
    const clocked = await request(server!.url, 'GET', `/api/games/${ids.clocked}`);
    expect(clocked.status).toBe(200);
    expect(clocked.body.game.clock.baseMs).toBe(600_000);
    const plain = await request(server!.url, 'GET', `/api/games/${ids.plain}`);
    expect(plain.status).toBe(200);
    const game = gameOf('gifia');
    const s = game.newState(5);
    game.apply(s, legal(game, s)[0]!);
    const r = await request(server!.url, 'POST', `/api/games/${ids.plain}/moves`, { seat: s.toMove, ply: 1, code: legal(game, s)[0]! });
    expect(r.status).toBe(200);
  });

  it('every request about the broken game answers 409 ERR_QUARANTINED with its reason and where its rows are', async () => {
    const id = ids.broken;
    const replies = [
      await request(server!.url, 'GET', `/api/games/${id}`),
      await request(server!.url, 'POST', `/api/games/${id}/moves`, { seat: 1, ply: 3, code: 0 }),
      await request(server!.url, 'POST', `/api/games/${id}/resign`, { seat: 1, ply: 3 }),
      await request(server!.url, 'DELETE', `/api/games/${id}`),
    ];
    for (const r of replies) {
      expect(r.status).toBe(409);
      expect(r.body.error.code).toBe('ERR_QUARANTINED');
      expect(r.body.error.message).toContain('stored move 2 does not replay');
      expect(r.body.error.message).toContain(`/api/games/${id}/record`);
    }
    // Logged once, however often it is asked about.
    expect(server!.stderr().split(`game ${id} quarantined:`)).toHaveLength(2);
  });

  it('its rows are readable as stored, with the reason', async () => {
    const r = await request(server!.url, 'GET', `/api/games/${ids.broken}/record`);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ format: 'gabata-raw/1', id: ids.broken, ruleset: 'gifia', seed: 3 });
    expect(r.body.quarantined).toContain('stored move 2 does not replay');
    expect(r.body.moves).toHaveLength(3);
    expect(r.body.moves[1]).toMatchObject({ ply: 1, codes: '999', joint: false });
    expect(JSON.stringify(r.body)).not.toMatch(/keyHash|key_hash|commits/);
  });

  it("the key's listing shows it quarantined, with its reason, beside the others", async () => {
    const r = await request(server!.url, 'GET', '/api/games');
    expect(r.status).toBe(200);
    const byId = new Map((r.body.games as { id: string }[]).map((g) => [g.id, g as Record<string, unknown>]));
    expect(byId.get(ids.broken)).toMatchObject({ status: 'quarantined', moveCount: 3 });
    expect(byId.get(ids.broken)!['quarantine']).toContain('stored move 2 does not replay');
    expect(byId.get(ids.plain)).toMatchObject({ status: 'play' });
    expect(byId.get(ids.clocked)).toMatchObject({ status: 'play' });
  });

  it('stays quarantined across a restart, and is freed once its rows are repaired', async () => {
    await server!.stop();
    server = await startServer(db);
    await until(() => server!.stderr().includes('1 game is quarantined'), 'the quarantine count');
    expect(server!.stderr()).not.toContain(`game ${ids.broken} quarantined:`);
    expect((await request(server!.url, 'GET', `/api/games/${ids.broken}`)).body.error.code).toBe('ERR_QUARANTINED');
    await server!.stop();
    server = undefined;
    const game = gameOf('gifia');
    const s = game.newState(3);
    game.apply(s, legal(game, s)[0]!);
    const raw = new Database(db);
    raw.prepare('UPDATE moves SET codes = ? WHERE game_id = ? AND ply = 1').run(String(legal(game, s)[0]!), ids.broken);
    raw.close();
    server = await startServer(db);
    await until(() => server!.stderr().includes(`game ${ids.broken} rebuilds again`), 'the lifted quarantine');
    const r = await request(server.url, 'GET', `/api/games/${ids.broken}`);
    expect(r.status).toBe(200);
    expect(r.body.game.moveCount).toBe(3);
    expect(server.stderr()).not.toContain('quarantined (stored rows');
  });
});

describe('messages', () => {
  let own: RunningServer;
  beforeAll(async () => {
    own = await startServer(dbFile('gabata-messages-'));
  });
  afterAll(async () => {
    await own?.stop();
  });

  it('an illegal race commit by seat 2 lists seat 2’s own moves', async () => {
    const created = await request(own.url, 'POST', '/api/games', { ruleset: 'selus', seed: 1, seats: ['human', 'human'] });
    expect(created.status).toBe(201);
    const game = gameOf('selus');
    const s = game.newState(1);
    const mine = legal(game, s, 2);
    const theirs = legal(game, s, 1);
    // A hole of player 1 that player 1 may not start from either: today the ruleset's refusal for its owner.
    const hole = Array.from(s.owners).findIndex((o, h) => o === 1 && !theirs.includes(h) && s.counts[h]! > 0);
    expect(hole).toBeGreaterThanOrEqual(0);
    for (const choice of [String(hole), hole, theirs[0]!, String(theirs[0]!)]) {
      const body = { seat: 2, ply: 0, ...(typeof choice === 'number' ? { code: choice } : { move: choice }) };
      const r = await request(own.url, 'POST', `/api/games/${created.body.game.id}/commit`, body);
      expect(r.status).toBe(422);
      expect(r.body.error.code).toBe('ERR_ILLEGAL_MOVE');
      expect(r.body.error.message).toContain('for player 2');
      expect(r.body.error.message).not.toContain('player 1');
      expect(r.body.error.message).toContain(`legal: ${mine.map((m) => game.moveText(s, m)).join(', ')}`);
    }
  });

  it('an import error names where it is once', async () => {
    const base = { format: RECORD_FORMAT, options: {}, seed: 1, moves: [] };
    const cases: [Record<string, unknown>, string][] = [
      [{ ...base, ruleset: 'nope' }, '(at ruleset)'],
      [{ ...base, ruleset: 'gifia', options: { bogus: 1 } }, '(at options'],
      [{ ...base, ruleset: 'gifia', seed: -1 }, '(at seed)'],
    ];
    for (const [record, where] of cases) {
      const r = await request(own.url, 'POST', '/api/games/import', record);
      expect(r.status).toBe(400);
      expect(r.body.error.code).toBe('ERR_RECORD');
      expect(r.body.error.message.split(where)).toHaveLength(2);
      expect(r.body.error.message).not.toMatch(/\(at [^)]*\)\s*\(at /);
    }
  });
});

describe('a damaged database file', () => {
  function serve(db: string): { status: number | null; stderr: string } {
    const r = spawnSync(process.execPath, [path.join(ROOT, 'dist/cli/main.js'), 'serve', '--port', '0', '--db', db], {
      cwd: ROOT,
      encoding: 'utf8',
      timeout: 20_000,
    });
    return { status: r.status, stderr: r.stderr };
  }

  for (const at of ['middle', 'header'] as const) {
    it(`is refused at start with one ERR_STORE line (garbage in its ${at})`, () => {
      const db = dbFile('gabata-damaged-');
      filledStore(db, sha256(KEY), 150);
      expect(existsSync(`${db}-wal`)).toBe(false);
      damage(db, at);
      const before = readFileSync(db);
      const r = serve(db);
      expect(r.status).toBe(1);
      const lines = r.stderr.trim().split('\n');
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(/^gabata serve: ERR_STORE: .*games\.db is damaged \(/);
      // Refused before anything was written to it.
      expect(readFileSync(db).equals(before)).toBe(true);
    });
  }
});

describe('damage met while serving', () => {
  const hash = (f: string): string => (existsSync(f) ? createHash('sha256').update(readFileSync(f)).digest('hex') : '');

  it('is logged once, answered 503 ERR_STORE, and nothing more is written', () => {
    const db = dbFile('gabata-damage-live-');
    const keyHash = sha256(KEY);
    const ids = filledStore(db, keyHash, 150);
    const store = new GameStore(db);
    const api = new GamesApi(store, null);
    const logged: string[] = [];
    const write = damageLog.write;
    damageLog.write = (line) => void logged.push(line);
    try {
      damage(db, 'middle', 4);
      // Another connection's write makes this one drop its page cache, so it reads the damaged pages.
      const other = new Database(db);
      other.pragma(`user_version = ${other.pragma('user_version', { simple: true }) as number}`);
      other.close();
      const refusals: HttpError[] = [];
      const reads = [...ids.map((id) => () => api.get(id)), () => api.list(keyHash, 100)];
      for (const read of reads) {
        try {
          read();
        } catch (e) {
          if (!(e instanceof HttpError)) throw e;
          refusals.push(e);
        }
      }
      expect(refusals.length).toBeGreaterThan(0);
      for (const e of refusals) expect([e.status, e.code]).toEqual([503, 'ERR_STORE']);
      expect(store.health.damaged).toMatch(/^SQLITE_CORRUPT/);
      expect(store.quarantine.count()).toBe(0);
      expect(logged).toHaveLength(1);
      expect(logged[0]).toContain('games.db is damaged');
      const files = [db, `${db}-wal`].map(hash);
      let refused: unknown;
      try {
        api.create(keyHash, { ruleset: 'gifia', seats: ['human', 'human'] });
      } catch (e) {
        refused = e;
      }
      expect(refused).toBeInstanceOf(HttpError);
      expect([(refused as HttpError).status, (refused as HttpError).code]).toEqual([503, 'ERR_STORE']);
      expect([db, `${db}-wal`].map(hash)).toEqual(files);
      expect(logged).toHaveLength(1);
    } finally {
      damageLog.write = write;
      api.close();
      store.close();
    }
  });
});

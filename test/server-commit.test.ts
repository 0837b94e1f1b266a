/**
 * Group commit (src/server/commit.ts): the writes of one event-loop turn are one transaction,
 * committed at the end of the turn; an ack, an HTTP reply and a broadcast of a move come only
 * once its row is on disk (read here through a second connection to the same SQLite file); a
 * batch that fails (a failure injected with a trigger that aborts one insert) stores none of its
 * writes, drops every game it wrote from memory and answers its actors with an error, never an ack;
 * and a socket's frames of one tick (a move and its ack) leave in one write (corkForTick).
 */
import { rmSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { MAX_MOVES, type Game } from '../packages/engine/src/core/game.js';
import type { State } from '../packages/engine/src/core/state.js';
import { getRuleset } from '../packages/engine/src/games/index.js';
import { createGabataServer, type GabataServer } from '../src/server/app.js';
import { GroupCommit, type Write } from '../src/server/commit.js';
import { HttpError } from '../src/server/http.js';
import { sha256 } from '../src/server/keys.js';
import { corkForTick } from '../src/server/live/cork.js';
import { ensureBuilt, newKey, openLive, request, tempDir } from './web-harness.js';

const dirs: string[] = [];

/** Keeps the server's report of a failed batch off the test's output (and lets the test read it). */
const quiet = () => vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
afterAll(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe('GroupCommit', () => {
  /** A commit run by hand (`turn()`, the end of a turn), over a log of what the "transaction" ran. */
  function harness(): { gc: GroupCommit; log: string[]; turn: () => void } {
    const log: string[] = [];
    let scheduled: (() => void) | null = null;
    const gc = new GroupCommit(
      (writes: readonly Write[]) => {
        log.push('begin');
        for (const x of writes) x.run();
        log.push('commit');
      },
      (commit) => {
        scheduled = commit;
      },
    );
    const turn = (): void => {
      const c = scheduled;
      scheduled = null;
      c?.();
    };
    return { gc, log, turn };
  }

  const w = (name: string, log: string[], failOn = ''): Write => ({
    run: () => {
      if (name === failOn) throw new Error(`${name} fails`);
      log.push(`run ${name}`);
    },
    done: () => log.push(`done ${name}`),
    failed: () => log.push(`failed ${name}`),
  });

  it('commits the writes of a turn in one transaction, then runs their hooks in order and settles the callers', async () => {
    const { gc, log, turn } = harness();
    const one = gc.track(() => {
      gc.queue(w('a', log));
      gc.queue(w('b', log));
      return 1;
    });
    const two = gc.track(() => gc.queue(w('c', log)));
    const none = gc.track(() => 'read only');
    expect(one.value).toBe(1);
    expect(gc.pending).toBe(true);
    expect(log).toEqual([]);
    let answered = false;
    void one.saved.then(() => {
      answered = true;
    });
    await Promise.resolve();
    expect(answered).toBe(false);
    await none.saved; // nothing queued: settled at once
    turn();
    expect(log).toEqual(['begin', 'run a', 'run b', 'run c', 'commit', 'done a', 'done b', 'done c']);
    await Promise.all([one.saved, two.saved]);
    expect(answered).toBe(true);
    expect(gc.pending).toBe(false);
  });

  it('a write that throws fails the whole batch: every failed hook runs, no done hook, every caller gets ERR_INTERNAL', async () => {
    const { gc, log, turn } = harness();
    const one = gc.track(() => gc.queue(w('a', log, 'b')));
    const two = gc.track(() => gc.queue(w('b', log, 'b')));
    const spy = quiet();
    let report = '';
    try {
      turn();
      report = spy.mock.calls.map((c) => String(c[0])).join('');
    } finally {
      spy.mockRestore();
    }
    expect(log).toEqual(['begin', 'run a', 'failed a', 'failed b']);
    expect(report).toMatch(/a batch of 2 writes was not saved: Error: b fails/);
    for (const t of [one, two]) {
      const e = await t.saved.then(
        () => null,
        (x: unknown) => x,
      );
      expect(e).toBeInstanceOf(HttpError);
      expect(e).toMatchObject({ status: 500, code: 'ERR_INTERNAL' });
    }
    // The next turn's batch is a new one.
    const three = gc.track(() => gc.queue(w('c', log)));
    turn();
    await three.saved;
    expect(log.slice(-3)).toEqual(['run c', 'commit', 'done c']);
  });

  it('trackThen calls back once, after the commit (null) or with the refusal; at once when nothing was queued', () => {
    const { gc, log, turn } = harness();
    const told: string[] = [];
    const tell = (who: string) => (e: HttpError | null) => told.push(`${who} ${e === null ? 'saved' : e.code}`);
    expect(gc.trackThen(() => 'read', tell('reader'))).toBe('read');
    expect(told).toEqual(['reader saved']);
    gc.trackThen(() => gc.queue(w('a', log)), tell('mover'));
    // Two batches (a flush in the middle): told once, after the last.
    gc.trackThen(() => {
      gc.queue(w('b', log));
      gc.flush();
      gc.queue(w('c', log));
    }, tell('both'));
    // The flush committed the mover's batch; the second is still open.
    expect(told).toEqual(['reader saved', 'mover saved']);
    turn();
    expect(told).toEqual(['reader saved', 'mover saved', 'both saved']);
    expect(log).toEqual(['begin', 'run a', 'run b', 'commit', 'done a', 'done b', 'begin', 'run c', 'commit', 'done c']);
    const spy = quiet();
    try {
      gc.trackThen(() => gc.queue(w('d', log, 'd')), tell('failed'));
      turn();
    } finally {
      spy.mockRestore();
    }
    expect(told.at(-1)).toBe('failed ERR_INTERNAL');
  });

  it('flush commits at once; a hook that writes opens the next batch; a throw of the tracked function is rethrown', async () => {
    const { gc, log, turn } = harness();
    const t = gc.track(() => {
      gc.queue({ run: () => log.push('run a'), done: () => gc.queue(w('b', log)) });
      gc.flush();
      gc.queue(w('c', log));
    });
    expect(log).toEqual(['begin', 'run a', 'commit']);
    expect(gc.pending).toBe(true);
    turn();
    await t.saved;
    expect(log).toEqual(['begin', 'run a', 'commit', 'begin', 'run b', 'run c', 'commit', 'done b', 'done c']);
    expect(() =>
      gc.track(() => {
        gc.queue(w('d', log));
        throw new Error('refused');
      }),
    ).toThrow('refused');
    turn();
    expect(log.slice(-2)).toEqual(['commit', 'done d']);
  });
});

function gabata(): Game {
  const r = getRuleset('gabata-adowa');
  if (!r.ok) throw r.error;
  const g = r.value.create({});
  if (!g.ok) throw g.error;
  return g.value;
}

function firstLegal(game: Game, s: State): number {
  const buf = new Int32Array(MAX_MOVES);
  game.legalMoves(s, buf);
  return buf[0]!;
}

interface Two {
  id: string;
  a: string;
  b: string;
  s: State;
}

describe('corkForTick', () => {
  it("holds a socket's writes of one tick and sends them together when the tick ends", async () => {
    const server = net.createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const accepted = new Promise<net.Socket>((resolve) => server.once('connection', resolve));
    const port = (server.address() as net.AddressInfo).port;
    const client = net.connect(port, '127.0.0.1');
    await new Promise((resolve) => client.once('connect', resolve));
    const inbound = await accepted;
    const reads: string[] = [];
    inbound.on('data', (d: Buffer) => reads.push(d.toString()));
    // What ws sends through: its connection's stream, as `_socket`.
    const ws = { _socket: client } as unknown as Parameters<typeof corkForTick>[0];
    corkForTick(ws);
    client.write('move;');
    corkForTick(ws); // a second frame of the same tick: the stream is corked once
    client.write('ack;');
    expect(client.writableCorked).toBe(1);
    await new Promise((resolve) => setImmediate(resolve));
    expect(client.writableCorked).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 50));
    // One write, so one read of both frames.
    expect(reads).toEqual(['move;ack;']);
    corkForTick({ _socket: undefined } as unknown as Parameters<typeof corkForTick>[0]); // nothing to cork: no throw
    client.destroy();
    inbound.destroy();
    await new Promise((resolve) => server.close(resolve));
  });
});

describe('the server commits before it answers', () => {
  let url: string;
  let app: GabataServer;
  let file: string;
  let peek: Database.Database;
  const game = gabata();

  beforeAll(async () => {
    ensureBuilt({ web: false });
    const dir = tempDir('gabata-commit-');
    dirs.push(dir);
    file = path.join(dir, 'games.db');
    app = createGabataServer({ db: file, limits: false });
    url = `http://127.0.0.1:${(await app.listen(0, '127.0.0.1')).port}`;
    // A second connection to the same file: it sees what is committed, nothing else.
    peek = new Database(file);
  });

  afterAll(async () => {
    peek.close();
    await app.close();
  });

  afterEach(() => {
    peek.exec('DROP TRIGGER IF EXISTS fail_move');
  });

  const stored = (id: string): number => (peek.prepare('SELECT COUNT(*) AS n FROM moves WHERE game_id = ?').get(id) as { n: number }).n;

  async function twoPlayers(): Promise<Two> {
    const a = newKey();
    const b = newKey();
    const c = await request(url, 'POST', '/api/games', { ruleset: 'gabata-adowa', seed: 5, seats: ['human', 'invite'] }, undefined, {
      key: a,
    });
    expect(c.status).toBe(201);
    const id = c.body.game.id as string;
    // The reply came after the commit: the row is there.
    expect(peek.prepare('SELECT id FROM games WHERE id = ?').get(id)).toEqual({ id });
    const j = await request(url, 'POST', `/api/games/${id}/join`, { token: c.body.invites[0].token }, undefined, { key: b });
    expect(j.status).toBe(200);
    return { id, a, b, s: game.newState(5) };
  }

  /** Plays the first legal move at `ply` through the API (in this turn), and mirrors it in `g.s`. */
  function move(g: Two, ply: number): ReturnType<GabataServer['api']['move']> {
    const seat = g.s.toMove;
    const code = firstLegal(game, g.s);
    const r = app.api.move(sha256(seat === 1 ? g.a : g.b), g.id, { seat, ply, code });
    game.apply(g.s, code);
    return r;
  }

  /** Injects a failure: the insert of `ply` of any game aborts, and with it the batch it is in. */
  function failPly(ply: number): void {
    peek.exec(`CREATE TRIGGER fail_move BEFORE INSERT ON moves WHEN NEW.ply = ${ply} BEGIN SELECT RAISE(ABORT, 'injected'); END`);
  }

  it('an ack, a broadcast and an HTTP reply of a move come only once its row is on disk', async () => {
    const g = await twoPlayers();
    const la = await openLive(url, g.id, { key: g.a });
    const lb = await openLive(url, g.id, { key: g.b });
    // Whenever a move or an ack arrives, the rows it speaks of are already readable by another connection.
    const seenStored: [string, number, number][] = [];
    for (const c of [la, lb]) {
      c.ws.on('message', (d: Buffer) => {
        const m = JSON.parse(d.toString()) as { type: string; ply: number };
        if (m.type === 'ack') seenStored.push(['ack', m.ply, stored(g.id)]);
        if (m.type === 'move') seenStored.push(['move', m.ply + 1, stored(g.id)]);
      });
    }
    for (let ply = 0; ply < 4; ply++) {
      const seat = g.s.toMove;
      const code = firstLegal(game, g.s);
      const client = seat === 1 ? la : lb;
      client.send({ type: 'move', id: ply + 1, seat, ply, code });
      expect(await client.next((m) => m.id === ply + 1)).toMatchObject({ type: 'ack', ply: ply + 1 });
      game.apply(g.s, code);
    }
    await la.next((m) => m.type === 'move' && m.ply === 3);
    await lb.next((m) => m.type === 'move' && m.ply === 3);
    expect(seenStored.length).toBe(4 + 8);
    for (const [what, plies, rows] of seenStored) expect(rows, `${what} of ${plies} plies`).toBeGreaterThanOrEqual(plies);
    const seat = g.s.toMove;
    const r = await request(url, 'POST', `/api/games/${g.id}/moves`, { seat, ply: 4, code: firstLegal(game, g.s) }, undefined, {
      key: seat === 1 ? g.a : g.b,
    });
    expect(r.status).toBe(200);
    expect(stored(g.id)).toBe(5);
    await la.close();
    await lb.close();
  });

  it('moves of one turn are one transaction: none is on disk before the turn ends, all are after', async () => {
    const games = [await twoPlayers(), await twoPlayers(), await twoPlayers()];
    const before = games.map((g) => stored(g.id));
    const { value, saved } = app.store.commits.track(() => games.map((g) => move(g, 0)));
    // Memory has moved on (a second message of the same turn would see ply 1) ...
    expect(value.map(([status]) => status)).toEqual([200, 200, 200]);
    expect(games.map((g) => app.api.load(g.id).moveCount)).toEqual([1, 1, 1]);
    // ... the disk has not yet.
    expect(games.map((g) => stored(g.id))).toEqual(before);
    await saved;
    expect(games.map((g) => stored(g.id))).toEqual([1, 1, 1]);
  });

  it('a failed batch stores none of its writes, drops every game it wrote, and answers errors instead of acks', async () => {
    const [g1, g2] = [await twoPlayers(), await twoPlayers()];
    // g1 is at ply 1 (its next insert fails), g2 at ply 0; both get a move in the same turn.
    const first = app.store.commits.track(() => move(g1, 0));
    await first.saved;
    const watcher = await openLive(url, g2.id, { key: g2.b });
    failPly(1);
    const logged = quiet();
    let outcome: unknown;
    let report = '';
    try {
      const both = app.store.commits.track(() => {
        move(g1, 1);
        move(g2, 0);
      });
      outcome = await both.saved.then(
        () => 'saved',
        (e: unknown) => e,
      );
      report = logged.mock.calls.map((c) => String(c[0])).join('');
    } finally {
      logged.mockRestore();
    }
    expect(outcome).toMatchObject({ status: 500, code: 'ERR_INTERNAL' });
    expect(report).toMatch(/was not saved: SqliteError: injected/);
    // Neither move is on disk; neither game is held in memory any more; reloaded, each is what the disk says.
    expect([stored(g1.id), stored(g2.id)]).toEqual([1, 0]);
    expect(app.api.cachedIds()).not.toContain(g1.id);
    expect(app.api.cachedIds()).not.toContain(g2.id);
    expect((await request(url, 'GET', `/api/games/${g1.id}`)).body.game.moveCount).toBe(1);
    expect((await request(url, 'GET', `/api/games/${g2.id}`)).body.game.moveCount).toBe(0);
    // The socket of a dropped game saw no move and is closed, so that its client reconnects and catches up.
    expect(await watcher.closed).toBe(1011);
    expect(watcher.frames.filter((m) => m.type === 'move')).toEqual([]);
  });

  it("a sign-in moves the key's seats on disk even for a game whose creation waits for the same turn's commit", async () => {
    const { account } = await app.accounts.signup('commit-tester', 'a long enough password 1', {
      address: 'test',
      keyHash: null,
      agent: 't',
    });
    const key = newKey();
    const [, created] = app.api.create(sha256(key), { ruleset: 'gabata-adowa', seats: ['human', 'human'] }) as [
      number,
      { game: { id: string } },
    ];
    // Same turn: the game's rows are still queued when the key is linked to the account.
    app.accounts.startSession(account, { address: 'test', keyHash: sha256(key), agent: 't' });
    await new Promise((resolve) => setImmediate(resolve));
    const holders = peek.prepare('SELECT DISTINCT key_hash AS k FROM seats WHERE game_id = ?').all(created.game.id) as { k: string }[];
    expect(holders).toEqual([{ k: account.principal }]);
    expect(app.api.load(created.game.id).seats.map((s) => s.keyHash)).toEqual([account.principal, account.principal]);
  });

  it('over the socket: a move whose batch fails is answered by an error, not an ack; played again, it is acked', async () => {
    const g = await twoPlayers();
    const la = await openLive(url, g.id, { key: g.s.toMove === 1 ? g.a : g.b });
    const seat = g.s.toMove;
    failPly(0);
    const logged = quiet();
    try {
      la.send({ type: 'move', id: 7, seat, ply: 0, code: firstLegal(game, g.s) });
      expect(await la.next((m) => m.id === 7)).toMatchObject({ type: 'error', id: 7, code: 'ERR_INTERNAL' });
      expect(await la.closed).toBe(1011);
    } finally {
      logged.mockRestore();
    }
    expect(la.frames.some((m) => m.type === 'ack' || m.type === 'move')).toBe(false);
    expect(stored(g.id)).toBe(0);
    peek.exec('DROP TRIGGER fail_move');
    const again = await openLive(url, g.id, { key: seat === 1 ? g.a : g.b, since: -1 });
    expect(again.frames[0]).toMatchObject({ type: 'welcome', game: { moveCount: 0 } });
    again.send({ type: 'move', id: 8, seat, ply: 0, code: firstLegal(game, g.s) });
    expect(await again.next((m) => m.id === 8)).toMatchObject({ type: 'ack', ply: 1 });
    expect(stored(g.id)).toBe(1);
    await again.close();
  });
});

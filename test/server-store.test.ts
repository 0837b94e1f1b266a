/**
 * The SQLite store on its own: a game and its moves are written in one transaction each, a stale
 * append writes nothing, a failed multi-row write leaves nothing behind, a reopened file has
 * everything that was committed, moves are stored compactly (codes, no position snapshot), a key's
 * games are listed by their last change without an index on it, writes queued for the group commit
 * are stored by close(), and databases written by the first and second schemas (hand-made here with
 * their exact DDL) are migrated and load.
 */
import { rmSync, statSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { GameStore, type MoveRow, type SeatRow } from '../src/server/store.js';
import { tempDir } from './web-harness.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function file(): string {
  const d = tempDir('gabata-store-');
  dirs.push(d);
  return path.join(d, 'g.db');
}

function open(): { store: GameStore; file: string } {
  const f = file();
  return { store: new GameStore(f), file: f };
}

const move = (ply: number, text = String(ply)): MoveRow => ({ ply, move: text, codes: [ply], joint: false });
const base = {
  ruleset: 'gabata-adowa',
  options: { players: 2 },
  seed: 1,
  seats: ['human', 'computer:1'],
  status: 'play',
  result: null,
  meta: null,
};
const seats = (key: string): SeatRow[] => [
  { seat: 1, kind: 'human', keyHash: key, inviteHash: null },
  { seat: 2, kind: 'computer:1', keyHash: null, inviteHash: null },
];

describe('game store', () => {
  it('appends moves in order and refuses a stale ply without writing', () => {
    const { store } = open();
    store.createGame({ id: 'a', ...base }, seats('k'));
    expect(store.appendMove('a', move(0), 'play', null)).toBe(true);
    expect(store.appendMove('a', move(1), 'play', null)).toBe(true);
    expect(store.appendMove('a', move(1, 'again'), 'play', null)).toBe(false);
    expect(store.appendMove('a', move(5), 'play', null)).toBe(false);
    expect(store.getMoves('a').map((m) => m.move)).toEqual(['0', '1']);
    expect(store.getGame('a')!.moveCount).toBe(2);
    store.close();
  });

  it('a game created with moves is all or nothing: a bad row rolls the whole game back', () => {
    const { store } = open();
    expect(() => store.createGame({ id: 'b', ...base }, seats('k'), [move(0), move(1), move(1)])).toThrow();
    expect(store.getGame('b')).toBeUndefined();
    expect(store.getMoves('b')).toEqual([]);
    expect(store.getSeats('b')).toEqual([]);
    store.close();
  });

  it('undo truncates the moves and updates the status together; what was committed survives reopening', () => {
    const { store, file: f } = open();
    store.createGame({ id: 'c', ...base }, seats('k'));
    for (let i = 0; i < 4; i++) store.appendMove('c', move(i), i === 3 ? 'over' : 'play', i === 3 ? 'player 1 wins' : null);
    expect(store.getGame('c')!.status).toBe('over');
    expect(store.truncateMoves('c', 2, 'play', null)).toBe(2);
    store.close();
    const again = new GameStore(f);
    const g = again.getGame('c')!;
    expect(g.moveCount).toBe(2);
    expect(g.status).toBe('play');
    expect(g.result).toBeNull();
    expect(again.listForKey('k', 10).games.map((x) => x.id)).toEqual(['c']);
    expect(again.listForKey('other', 10).games).toEqual([]);
    expect(again.deleteGame('c')).toBe(true);
    expect(again.getMoves('c')).toEqual([]);
    expect(again.getSeats('c')).toEqual([]);
    again.close();
  });

  it('pages the games of a key, newest first, with a cursor', () => {
    const { store } = open();
    for (let i = 0; i < 7; i++) store.createGame({ id: `g${i}`, ...base }, seats(i % 2 === 0 ? 'k' : 'j'));
    const seen: string[] = [];
    let page = store.listForKey('k', 3);
    seen.push(...page.games.map((g) => g.id));
    while (page.next !== null) {
      const [updated, id] = JSON.parse(Buffer.from(page.next, 'base64url').toString()) as [string, string];
      page = store.listForKey('k', 3, { updated, id });
      seen.push(...page.games.map((g) => g.id));
    }
    expect([...seen].sort()).toEqual(['g0', 'g2', 'g4', 'g6']);
    expect(new Set(seen).size).toBe(4);
    store.close();
  });

  it("lists a key's games by their last change, newest first, with a cursor that follows the moves", () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const { store } = open();
      let t = Date.parse('2026-12-01T10:00:00.000Z');
      const tick = (): void => {
        t += 1000;
        vi.setSystemTime(t);
      };
      for (const id of ['a', 'b', 'c', 'd']) {
        tick();
        store.createGame({ id, ...base }, seats('k'));
      }
      tick();
      store.appendMove('b', move(0), 'play', null);
      tick();
      store.setMeta('a', 'play', null, null);
      const ids = (page: { games: { id: string }[] }): string[] => page.games.map((g) => g.id);
      expect(ids(store.listForKey('k', 10))).toEqual(['a', 'b', 'd', 'c']);
      const first = store.listForKey('k', 3);
      expect(ids(first)).toEqual(['a', 'b', 'd']);
      const [updated, id] = JSON.parse(Buffer.from(first.next!, 'base64url').toString()) as [string, string];
      expect(ids(store.listForKey('k', 3, { updated, id }))).toEqual(['c']);
      // No index on `updated` to rewrite at every move: the seats' index finds a key's games.
      const indexes = (store as unknown as { db: Database.Database }).db
        .prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'games' AND sql IS NOT NULL")
        .all();
      expect(indexes).toEqual([]);
      store.close();
    } finally {
      vi.useRealTimers();
    }
  });

  it('writes queued for the group commit are one transaction at the end of the turn; close() stores what is still queued', async () => {
    const { store, file: f } = open();
    const other = new Database(f);
    const rows = (): number => (other.prepare('SELECT COUNT(*) AS n FROM games').get() as { n: number }).n;
    store.commits.queue({ run: () => store.createGame({ id: 'q1', ...base }, seats('k')) });
    store.commits.queue({ run: () => store.createGame({ id: 'q2', ...base }, seats('k')) });
    expect(rows()).toBe(0);
    await new Promise((resolve) => setImmediate(resolve));
    expect(rows()).toBe(2);
    store.commits.queue({ run: () => store.createGame({ id: 'q3', ...base }, seats('k')) });
    store.close();
    expect(rows()).toBe(3);
    other.close();
  });

  it('an invitation binds once: a second join of the same seat fails', () => {
    const { store } = open();
    store.createGame({ id: 'i', ...base }, [
      { seat: 1, kind: 'human', keyHash: 'k', inviteHash: null },
      { seat: 2, kind: 'invite', keyHash: null, inviteHash: 'h' },
    ]);
    expect(store.join('i', 2, 'wrong', 'j')).toBe(false);
    expect(store.join('i', 2, 'h', 'j')).toBe(true);
    expect(store.join('i', 2, 'h', 'x')).toBe(false);
    expect(store.getSeats('i')[1]).toMatchObject({ seat: 2, kind: 'invite', keyHash: 'j' });
    store.close();
  });

  it('stores a move as its codes and text only: 2,000 moves take a few tens of kilobytes', () => {
    const { store, file: f } = open();
    store.createGame({ id: 'big', ...base }, seats('k'));
    for (let i = 0; i < 2000; i++) store.appendMove('big', { ply: i, move: `${i % 12}`, codes: [i % 12], joint: false }, 'play', null);
    expect(store.getMoves('big', 1998).map((m) => m.codes)).toEqual([[6], [7]]);
    expect(store.getMoves('big')).toHaveLength(2000);
    // A JSON position per move (the first schema) made this some 2 MB.
    expect(store.pageBytes()).toBeLessThan(200_000);
    store.close();
    expect(statSync(f).size).toBeLessThan(300_000);
  });
});

/** The first schema, exactly as the first server created it. */
const OLD_SCHEMA = `
CREATE TABLE IF NOT EXISTS games (
  id TEXT PRIMARY KEY, ruleset TEXT NOT NULL, options TEXT NOT NULL, seed INTEGER NOT NULL, seats TEXT NOT NULL,
  created TEXT NOT NULL, updated TEXT NOT NULL, status TEXT NOT NULL, result TEXT
);
CREATE TABLE IF NOT EXISTS moves (
  game_id TEXT NOT NULL REFERENCES games(id) ON DELETE CASCADE, ply INTEGER NOT NULL, move TEXT NOT NULL,
  codes TEXT NOT NULL, joint INTEGER NOT NULL, position TEXT NOT NULL, PRIMARY KEY (game_id, ply)
);`;

/** The second schema (issue 13), exactly as its server created it: `updated` was indexed. */
const SECOND_SCHEMA = `
CREATE TABLE IF NOT EXISTS games (
  id TEXT PRIMARY KEY, ruleset TEXT NOT NULL, options TEXT NOT NULL, seed INTEGER NOT NULL, seats TEXT NOT NULL,
  created TEXT NOT NULL, updated TEXT NOT NULL, status TEXT NOT NULL, result TEXT,
  move_count INTEGER NOT NULL DEFAULT 0, meta TEXT
);
CREATE TABLE IF NOT EXISTS seats (
  game_id TEXT NOT NULL REFERENCES games(id) ON DELETE CASCADE, seat INTEGER NOT NULL, kind TEXT NOT NULL,
  key_hash TEXT, invite_hash TEXT, PRIMARY KEY (game_id, seat)
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS seats_by_key ON seats(key_hash);
CREATE TABLE IF NOT EXISTS moves (
  game_id TEXT NOT NULL REFERENCES games(id) ON DELETE CASCADE, ply INTEGER NOT NULL, move TEXT NOT NULL,
  codes TEXT NOT NULL, joint INTEGER NOT NULL, PRIMARY KEY (game_id, ply)
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS games_by_updated ON games(updated, id);
PRAGMA user_version = 2;`;

describe('migration from the second schema', () => {
  it('drops the index on updated, keeps every game, seat and move, and lists them in the same order', () => {
    const f = file();
    const old = new Database(f);
    old.pragma('journal_mode = WAL');
    old.exec(SECOND_SCHEMA);
    const insert = old.prepare('INSERT INTO games VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)');
    const seat = old.prepare('INSERT INTO seats VALUES (?, ?, ?, ?, ?)');
    const times = { x: '2026-11-02T10:00:00.000Z', y: '2026-11-03T10:00:00.000Z', z: '2026-11-01T10:00:00.000Z' };
    for (const [id, at] of Object.entries(times)) {
      insert.run(id, 'gabata-adowa', '{"players":2}', 3, '["human","invite"]', at, at, 'play', null, id === 'y' ? 1 : 0, null);
      seat.run(id, 1, 'human', 'k', null);
      seat.run(id, 2, 'invite', null, 'h');
    }
    old.prepare('INSERT INTO moves VALUES (?, ?, ?, ?, ?)').run('y', 0, '3', '3', 0);
    old.close();

    const store = new GameStore(f);
    expect(store.listForKey('k', 10).games.map((g) => g.id)).toEqual(['y', 'x', 'z']);
    expect(store.getMoves('y')).toEqual([{ ply: 0, move: '3', codes: [3], joint: false }]);
    expect(store.getSeats('x').map((s) => [s.seat, s.kind, s.keyHash, s.inviteHash])).toEqual([
      [1, 'human', 'k', null],
      [2, 'invite', null, 'h'],
    ]);
    // A move brings a game to the top of the list, with no index to rewrite.
    expect(store.appendMove('z', move(0), 'play', null)).toBe(true);
    expect(store.listForKey('k', 1).games.map((g) => g.id)).toEqual(['z']);
    store.close();
    const raw = new Database(f);
    expect(raw.pragma('user_version', { simple: true })).toBe(3);
    const indexes = (
      raw.prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL").all() as { name: string }[]
    ).map((r) => r.name);
    expect(indexes).toEqual(['seats_by_key']);
    raw.close();
  });
});

describe('migration from the first schema', () => {
  it('keeps every game and move, drops the position snapshots, and gives the human seats to the first key that acts', () => {
    const f = file();
    const old = new Database(f);
    old.pragma('journal_mode = WAL');
    old.exec(OLD_SCHEMA);
    const now = '2026-11-01T10:00:00.000Z';
    old
      .prepare('INSERT INTO games VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)')
      .run('old1', 'selus', '{"players":2}', 5, '["human","computer:3"]', now, now, 'playing', null);
    const position = JSON.stringify({ counts: Array.from({ length: 32 }, () => 2), owners: [], marks: [], extra: { x: 'y'.repeat(500) } });
    old.prepare('INSERT INTO moves VALUES (?, ?, ?, ?, ?, ?)').run('old1', 0, 'a1|b2', '[0,3,5]', 1, position);
    old.prepare('INSERT INTO moves VALUES (?, ?, ?, ?, ?, ?)').run('old1', 1, 'c4', '[12]', 0, position);
    old.close();

    const store = new GameStore(f);
    const g = store.getGame('old1')!;
    expect(g).toMatchObject({ id: 'old1', ruleset: 'selus', seed: 5, seats: ['human', 'computer:3'], status: 'play', moveCount: 2 });
    expect(store.getMoves('old1')).toEqual([
      { ply: 0, move: 'a1|b2', codes: [0, 3, 5], joint: true },
      { ply: 1, move: 'c4', codes: [12], joint: false },
    ]);
    expect(store.getSeats('old1').map((s) => [s.seat, s.kind, s.keyHash])).toEqual([
      [1, 'human', null],
      [2, 'computer:3', null],
    ]);
    expect(store.adopt('old1', 'k')).toBe(1);
    expect(store.listForKey('k', 5).games.map((x) => x.id)).toEqual(['old1']);
    expect(store.appendMove('old1', move(2), 'play', null)).toBe(true);
    store.close();

    // The moves table has no position column any more, and opening again changes nothing.
    const raw = new Database(f);
    const cols = (raw.prepare('PRAGMA table_info(moves)').all() as { name: string }[]).map((c) => c.name);
    expect(cols).toEqual(['game_id', 'ply', 'move', 'codes', 'joint']);
    raw.close();
    const again = new GameStore(f);
    expect(again.getMoves('old1')).toHaveLength(3);
    again.close();
  });
});

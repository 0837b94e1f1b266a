/**
 * Storage of games in SQLite (better-sqlite3). One row per game in `games`, one per seat in
 * `seats` (who holds it: the sha256 of a player key, or the sha256 of a one-time invite token),
 * one per decision in `moves` (its notation and engine codes only: positions are rebuilt by
 * replay). Every write that changes a game runs in a transaction, so a move row and the game's
 * updated status land together or not at all; the server's writes of one event-loop turn share
 * one transaction (`commits`, a group commit: see commit.ts).
 *
 * A database written by the first schema (moves with a JSON position snapshot each, no seats
 * table) is migrated in place when opened: its games and moves load as before. One of the second
 * schema loses its index on `updated`, which every move rewrote (a key's games are listed through
 * the seats' index instead).
 *
 * The store knows nothing of rules: it keeps what the API layer has already validated.
 */
import type Database from 'better-sqlite3';
import { StoreHealth, openChecked } from './integrity.js';
import { QuarantineTable } from './quarantine.js';
import { GroupCommit, type Write } from './commit.js';

export interface GameRow {
  id: string;
  ruleset: string;
  /** Every option with its resolved value. */
  options: Record<string, unknown>;
  seed: number;
  /** One seat kind per player: 'human', 'invite' or 'computer:<level>'. */
  seats: string[];
  created: string;
  updated: string;
  /** 'play' | 'race' | 'over'. */
  status: string;
  /** Null while playing; the result line when over. */
  result: string | null;
  /** Number of moves stored (the next ply index). */
  moveCount: number;
  /** What the engine's state does not hold (end by resign or time, clock, offers, race commits), as JSON. */
  meta: string | null;
}

export interface SeatRow {
  seat: number;
  kind: string;
  /** sha256 (hex) of the holder's player key; null for a computer seat or an open invitation. */
  keyHash: string | null;
  /** sha256 (hex) of the invitation's token (spent once keyHash is set); null for a seat never invited. */
  inviteHash: string | null;
}

export interface MoveRow {
  ply: number;
  /** Notation text of the decision; a joint decision at a simultaneous node is 'a|b'. */
  move: string;
  /** The engine's move codes: one for a sequential node, one per player (index 1..P) for a joint node. */
  codes: number[];
  joint: boolean;
}

const SCHEMA_VERSION = 3;

const SCHEMA = `
CREATE TABLE IF NOT EXISTS games (
  id TEXT PRIMARY KEY,
  ruleset TEXT NOT NULL,
  options TEXT NOT NULL,
  seed INTEGER NOT NULL,
  seats TEXT NOT NULL,
  created TEXT NOT NULL,
  updated TEXT NOT NULL,
  status TEXT NOT NULL,
  result TEXT,
  move_count INTEGER NOT NULL DEFAULT 0,
  meta TEXT
);
CREATE TABLE IF NOT EXISTS seats (
  game_id TEXT NOT NULL REFERENCES games(id) ON DELETE CASCADE,
  seat INTEGER NOT NULL,
  kind TEXT NOT NULL,
  key_hash TEXT,
  invite_hash TEXT,
  PRIMARY KEY (game_id, seat)
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS seats_by_key ON seats(key_hash);
CREATE TABLE IF NOT EXISTS moves (
  game_id TEXT NOT NULL REFERENCES games(id) ON DELETE CASCADE,
  ply INTEGER NOT NULL,
  move TEXT NOT NULL,
  codes TEXT NOT NULL,
  joint INTEGER NOT NULL,
  PRIMARY KEY (game_id, ply)
) WITHOUT ROWID;
`;

/** A row of `games` as SQLite returns it. */
export interface RawGame {
  id: string;
  ruleset: string;
  options: string;
  seed: number;
  seats: string;
  created: string;
  updated: string;
  status: string;
  result: string | null;
  move_count: number;
  meta: string | null;
}

interface RawMove {
  ply: number;
  move: string;
  codes: string;
  joint: number;
}

/** The first schema's status 'playing' is 'play' now. */
function toGame(r: RawGame): GameRow {
  return {
    id: r.id,
    ruleset: r.ruleset,
    options: JSON.parse(r.options) as Record<string, unknown>,
    seed: r.seed,
    seats: JSON.parse(r.seats) as string[],
    created: r.created,
    updated: r.updated,
    status: r.status === 'playing' ? 'play' : r.status,
    result: r.result,
    moveCount: r.move_count,
    meta: r.meta,
  };
}

/** Codes are stored as text: '12' for a sequential decision, '0,3,5' for a joint one (JSON of the first schema reads too). */
function readCodes(text: string): number[] {
  const t = text.startsWith('[') ? text.slice(1, -1) : text;
  return t.split(',').map(Number);
}

function toMove(r: RawMove): MoveRow {
  return { ply: r.ply, move: r.move, codes: readCodes(r.codes), joint: r.joint === 1 };
}

const GAME_COLUMNS = 'id, ruleset, options, seed, seats, created, updated, status, result, move_count, meta';

/** A new game's fields, as `createGame` takes them. */
export type NewGame = Omit<GameRow, 'moveCount' | 'created' | 'updated'>;

/** The row a new game will have once stored: made at `at`, with `moves` moves. */
export function newGameRow(g: NewGame, moves: number, at: string): GameRow {
  return { ...g, created: at, updated: at, moveCount: moves };
}

/** A page of a key's games: newest first, `next` continues after the last one. */
export interface GamePage {
  games: GameRow[];
  next: string | null;
}

export class GameStore {
  private readonly db: Database.Database;
  /** This turn's writes, committed together at its end (the server queues every write here). */
  readonly commits: GroupCommit;
  private readonly stmt: {
    getGame: Database.Statement;
    getSeats: Database.Statement;
    insertMove: Database.Statement;
    advance: Database.Statement;
    setMeta: Database.Statement;
    movesFrom: Database.Statement;
    insertGame: Database.Statement;
    insertSeat: Database.Statement;
    join: Database.Statement;
  };
  /** appendMove's transaction, made once (making one per call costs as much as the writes). */
  private readonly append: (id: string, m: MoveRow, status: string, result: string | null, meta: string | null) => boolean;
  /** Games set aside because their rows do not rebuild them (quarantine.ts). */
  readonly quarantine: QuarantineTable;
  /** Whether the file is damaged (integrity.ts): its SQLite errors pass through it, and once damaged nothing is written. */
  readonly health: StoreHealth;
  /** A batch of the group commit in one transaction, made once likewise. */
  private readonly batch: (writes: readonly Write[]) => void;

  constructor(file: string) {
    // A damaged file is refused here, naming the file and its first problem (integrity.ts).
    this.db = openChecked(file);
    // WAL with synchronous=NORMAL: a commit survives a crash of this process (the OS has it);
    // only a power cut may lose the last commits. foreign_keys makes deletes cascade.
    this.db.pragma('journal_mode = WAL');
    this.db.pragma('synchronous = NORMAL');
    this.db.pragma('foreign_keys = ON');
    this.migrate();
    this.quarantine = new QuarantineTable(this.db);
    this.stmt = {
      getGame: this.db.prepare(`SELECT ${GAME_COLUMNS} FROM games WHERE id = ?`),
      getSeats: this.db.prepare('SELECT seat, kind, key_hash, invite_hash FROM seats WHERE game_id = ? ORDER BY seat'),
      insertMove: this.db.prepare('INSERT INTO moves (game_id, ply, move, codes, joint) VALUES (?, ?, ?, ?, ?)'),
      advance: this.db.prepare(
        'UPDATE games SET updated = ?, status = ?, result = ?, meta = ?, move_count = move_count + 1 WHERE id = ? AND move_count = ?',
      ),
      setMeta: this.db.prepare('UPDATE games SET updated = ?, status = ?, result = ?, meta = ? WHERE id = ?'),
      movesFrom: this.db.prepare('SELECT ply, move, codes, joint FROM moves WHERE game_id = ? AND ply >= ? ORDER BY ply'),
      insertGame: this.db.prepare(`INSERT INTO games (${GAME_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`),
      insertSeat: this.db.prepare('INSERT INTO seats (game_id, seat, kind, key_hash, invite_hash) VALUES (?, ?, ?, ?, ?)'),
      join: this.db.prepare('UPDATE seats SET key_hash = ? WHERE game_id = ? AND seat = ? AND invite_hash = ? AND key_hash IS NULL'),
    };
    this.append = this.db.transaction((id: string, m: MoveRow, status: string, result: string | null, meta: string | null): boolean =>
      this.appendRows(id, m, status, result, meta),
    );
    this.batch = this.db.transaction((writes: readonly Write[]) => {
      for (const w of writes) w.run();
    });
    this.health = new StoreHealth(this.db, file);
    this.health.watch(this);
    this.health.watch(this.quarantine);
    this.commits = new GroupCommit((writes) => this.runBatch(writes));
  }

  /** One batch of the group commit in one transaction (a method: integrity.ts sees its errors too). */
  private runBatch(writes: readonly Write[]): void {
    this.batch(writes);
  }

  /** Runs `fn` in a transaction of its own, or in the one already open (a batch: no savepoint per write). */
  private atomically<T>(fn: () => T): T {
    return this.db.inTransaction ? fn() : this.db.transaction(fn)();
  }

  private appendRows(id: string, m: MoveRow, status: string, result: string | null, meta: string | null): boolean {
    if (this.stmt.advance.run(new Date().toISOString(), status, result, meta, id, m.ply).changes !== 1) return false;
    this.stmt.insertMove.run(id, m.ply, m.move, m.codes.join(','), m.joint ? 1 : 0);
    return true;
  }

  /** Creates the tables, or brings a database of an earlier schema up to this one. */
  private migrate(): void {
    const version = this.db.pragma('user_version', { simple: true }) as number;
    if (version >= SCHEMA_VERSION) return;
    const tables = this.db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as { name: string }[];
    const first = version < 2 && tables.some((t) => t.name === 'games');
    this.db.transaction(() => {
      if (first) this.fromFirstSchema();
      this.db.exec(SCHEMA);
      if (first) this.seatsOfFirstSchema();
      // Schema 3: `updated` is not indexed, since every move rewrote that index's entry of its game.
      this.db.exec('DROP INDEX IF EXISTS games_by_updated');
      this.db.pragma(`user_version = ${SCHEMA_VERSION}`);
    })();
    if (first) this.db.exec('VACUUM');
  }

  /** The first schema's games lack two columns and its moves carry a JSON snapshot each. */
  private fromFirstSchema(): void {
    const cols = (this.db.prepare('PRAGMA table_info(games)').all() as { name: string }[]).map((c) => c.name);
    if (!cols.includes('move_count')) this.db.exec('ALTER TABLE games ADD COLUMN move_count INTEGER NOT NULL DEFAULT 0');
    if (!cols.includes('meta')) this.db.exec('ALTER TABLE games ADD COLUMN meta TEXT');
    const moveCols = (this.db.prepare('PRAGMA table_info(moves)').all() as { name: string }[]).map((c) => c.name);
    if (moveCols.includes('position')) {
      // Rebuild the moves table without the snapshots.
      this.db.exec(`
        CREATE TABLE moves_v2 (
          game_id TEXT NOT NULL REFERENCES games(id) ON DELETE CASCADE,
          ply INTEGER NOT NULL, move TEXT NOT NULL, codes TEXT NOT NULL, joint INTEGER NOT NULL,
          PRIMARY KEY (game_id, ply)
        ) WITHOUT ROWID;
        INSERT INTO moves_v2 (game_id, ply, move, codes, joint)
          SELECT game_id, ply, move, trim(codes, '[]'), joint FROM moves;
        DROP TABLE moves;
        ALTER TABLE moves_v2 RENAME TO moves;`);
    }
    this.db.exec('UPDATE games SET move_count = (SELECT COUNT(*) FROM moves m WHERE m.game_id = games.id)');
  }

  /** Seats of the first schema had no holder: a human seat waits for the first key that acts on it. */
  private seatsOfFirstSchema(): void {
    const rows = this.db.prepare('SELECT id, seats FROM games WHERE id NOT IN (SELECT game_id FROM seats)').all() as RawGame[];
    const insert = this.db.prepare('INSERT INTO seats (game_id, seat, kind, key_hash, invite_hash) VALUES (?, ?, ?, NULL, NULL)');
    for (const r of rows) {
      const kinds = JSON.parse(r.seats) as string[];
      for (let i = 0; i < kinds.length; i++) insert.run(r.id, i + 1, kinds[i]);
    }
  }

  /** Commits the writes still queued, then closes the file. */
  close(): void {
    this.commits.flush();
    this.db.close();
  }

  /**
   * The connection, for stores of other things in the same file (accounts, ratings, the lobby):
   * each keeps its own tables and statements, and the file's transactions and checks stay one.
   */
  get database(): Database.Database {
    return this.db;
  }

  /** Stores a new game with its seats (and moves, for an import) made at `at`; returns its row. */
  createGame(g: NewGame, seats: readonly SeatRow[], moves: readonly MoveRow[] = [], at = new Date().toISOString()): GameRow {
    this.atomically(() => {
      this.stmt.insertGame.run(
        g.id,
        g.ruleset,
        JSON.stringify(g.options),
        g.seed,
        JSON.stringify(g.seats),
        at,
        at,
        g.status,
        g.result,
        moves.length,
        g.meta,
      );
      for (const s of seats) this.stmt.insertSeat.run(g.id, s.seat, s.kind, s.keyHash, s.inviteHash);
      for (const m of moves) this.stmt.insertMove.run(g.id, m.ply, m.move, m.codes.join(','), m.joint ? 1 : 0);
    });
    return newGameRow(g, moves.length, at);
  }

  getGame(id: string): GameRow | undefined {
    const r = this.stmt.getGame.get(id) as RawGame | undefined;
    return r ? toGame(r) : undefined;
  }

  getSeats(id: string): SeatRow[] {
    const rows = this.stmt.getSeats.all(id) as { seat: number; kind: string; key_hash: string | null; invite_hash: string | null }[];
    return rows.map((r) => ({ seat: r.seat, kind: r.kind, keyHash: r.key_hash, inviteHash: r.invite_hash }));
  }

  /**
   * The games in which `keyHash` holds a seat, most recently updated first, `limit` at a time after
   * `before`. SQLite finds them through seats_by_key and sorts that key's few games: `updated` has
   * no index to keep in order, since every move changes it.
   */
  listForKey(keyHash: string, limit: number, before?: { updated: string; id: string }): GamePage {
    const where = before ? 'AND (g.updated < ? OR (g.updated = ? AND g.id < ?))' : '';
    const sql =
      `SELECT ${GAME_COLUMNS.split(', ')
        .map((c) => `g.${c}`)
        .join(', ')} FROM games g ` +
      `WHERE g.id IN (SELECT game_id FROM seats WHERE key_hash = ?) ${where} ORDER BY g.updated DESC, g.id DESC LIMIT ?`;
    const args: unknown[] = before ? [keyHash, before.updated, before.updated, before.id, limit + 1] : [keyHash, limit + 1];
    const rows = (this.db.prepare(sql).all(...args) as RawGame[]).map(toGame);
    const more = rows.length > limit;
    const games = rows.slice(0, limit);
    const last = games[games.length - 1];
    return { games, next: more && last ? Buffer.from(JSON.stringify([last.updated, last.id])).toString('base64url') : null };
  }

  /** Ids of the games not over whose meta holds a running clock (to restart their timers). */
  clockedGames(): string[] {
    const rows = this.db.prepare("SELECT id FROM games WHERE status != 'over' AND meta LIKE '%\"clock\":{%'").all() as { id: string }[];
    return rows.map((r) => r.id);
  }

  getMoves(id: string, fromPly = 0): MoveRow[] {
    return (this.stmt.movesFrom.all(id, fromPly) as RawMove[]).map(toMove);
  }

  /** At most `limit` moves of a game from ply `fromPly` on (a page of a catch-up). */
  getMovesPage(id: string, fromPly: number, limit: number): MoveRow[] {
    this.pageStmt ??= this.db.prepare('SELECT ply, move, codes, joint FROM moves WHERE game_id = ? AND ply >= ? ORDER BY ply LIMIT ?');
    return (this.pageStmt.all(id, fromPly, limit) as RawMove[]).map(toMove);
  }
  private pageStmt: Database.Statement | undefined;

  /**
   * Appends a move if the game still has exactly `m.ply` moves (a stale client, or two tabs
   * playing at once, must not write over each other). Returns false when the ply was stale.
   */
  appendMove(id: string, m: MoveRow, status: string, result: string | null, meta: string | null = null): boolean {
    return this.db.inTransaction ? this.appendRows(id, m, status, result, meta) : this.append(id, m, status, result, meta);
  }

  /** Sets what the engine's state does not hold (and the status and result it may change). */
  setMeta(id: string, status: string, result: string | null, meta: string | null): void {
    this.stmt.setMeta.run(new Date().toISOString(), status, result, meta, id);
  }

  /** Deletes the moves from ply `fromPly` on (undo) and sets the game's status, in one transaction. */
  truncateMoves(id: string, fromPly: number, status: string, result: string | null, meta: string | null = null): number {
    const del = this.db.prepare('DELETE FROM moves WHERE game_id = ? AND ply >= ?');
    const update = this.db.prepare('UPDATE games SET updated = ?, status = ?, result = ?, meta = ?, move_count = ? WHERE id = ?');
    return this.atomically((): number => {
      const r = del.run(id, fromPly);
      update.run(new Date().toISOString(), status, result, meta, fromPly, id);
      return r.changes;
    });
  }

  /**
   * Binds an invited seat to a key if nobody holds it yet (spends the invitation, whose hash stays
   * to tell a spent token from a wrong one). False if it was taken first.
   */
  join(id: string, seat: number, inviteHash: string, keyHash: string): boolean {
    return this.stmt.join.run(keyHash, id, seat, inviteHash).changes === 1;
  }

  /** Binds every human seat without a holder (a game of the first schema) to a key. */
  adopt(id: string, keyHash: string): number {
    const r = this.db.prepare("UPDATE seats SET key_hash = ? WHERE game_id = ? AND kind = 'human' AND key_hash IS NULL").run(keyHash, id);
    return r.changes;
  }

  deleteGame(id: string): boolean {
    return this.db.prepare('DELETE FROM games WHERE id = ?').run(id).changes > 0;
  }

  /** Bytes of the database file's pages in use (for tests of compact storage). */
  pageBytes(): number {
    const count = this.db.pragma('page_count', { simple: true }) as number;
    const size = this.db.pragma('page_size', { simple: true }) as number;
    return count * size;
  }
}

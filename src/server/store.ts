/**
 * Storage of games in SQLite (better-sqlite3). One row per game in `games`, one row per
 * decision in `moves`. Every write that changes a game runs in a transaction, so a game is never
 * left half-written: a move row and the game's updated status land together or not at all.
 *
 * The store knows nothing of rules: it keeps what the API layer has already validated.
 */
import Database from 'better-sqlite3';

export interface GameRow {
  id: string;
  ruleset: string;
  /** Every option with its resolved value. */
  options: Record<string, unknown>;
  seed: number;
  /** One seat kind per player: 'human' or 'computer:<level>'. */
  seats: string[];
  created: string;
  updated: string;
  /** 'playing' | 'over'. */
  status: string;
  /** Null while playing; the result line when over (e.g. '1-0', '1/2', 'winner 2'). */
  result: string | null;
  /** Number of moves stored (the next ply index). */
  moveCount: number;
}

export interface MoveRow {
  ply: number;
  /** Notation text of the decision; a joint decision at a simultaneous node is 'a|b'. */
  move: string;
  /** The engine's move codes: one for a sequential node, one per player (index 1..P) for a joint node. */
  codes: number[];
  joint: boolean;
  /** Position after the move (JSON snapshot, for inspection; replay is the source of truth). */
  position: string;
}

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
  result TEXT
);
CREATE TABLE IF NOT EXISTS moves (
  game_id TEXT NOT NULL REFERENCES games(id) ON DELETE CASCADE,
  ply INTEGER NOT NULL,
  move TEXT NOT NULL,
  codes TEXT NOT NULL,
  joint INTEGER NOT NULL,
  position TEXT NOT NULL,
  PRIMARY KEY (game_id, ply)
);
`;

interface RawGame {
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
}

interface RawMove {
  ply: number;
  move: string;
  codes: string;
  joint: number;
  position: string;
}

function toGame(r: RawGame): GameRow {
  return {
    id: r.id,
    ruleset: r.ruleset,
    options: JSON.parse(r.options) as Record<string, unknown>,
    seed: r.seed,
    seats: JSON.parse(r.seats) as string[],
    created: r.created,
    updated: r.updated,
    status: r.status,
    result: r.result,
    moveCount: r.move_count,
  };
}

function toMove(r: RawMove): MoveRow {
  return { ply: r.ply, move: r.move, codes: JSON.parse(r.codes) as number[], joint: r.joint === 1, position: r.position };
}

const GAME_COLUMNS = `g.id, g.ruleset, g.options, g.seed, g.seats, g.created, g.updated, g.status, g.result,
  (SELECT COUNT(*) FROM moves m WHERE m.game_id = g.id) AS move_count`;

export class GameStore {
  private readonly db: Database.Database;

  constructor(file: string) {
    this.db = new Database(file);
    // WAL keeps readers off the writer's back; synchronous=FULL makes a commit durable before
    // the API acknowledges it (a power cut after the answer loses nothing).
    this.db.pragma('journal_mode = WAL');
    this.db.pragma('synchronous = FULL');
    this.db.pragma('foreign_keys = ON');
    this.db.exec(SCHEMA);
  }

  close(): void {
    this.db.close();
  }

  createGame(g: Omit<GameRow, 'moveCount' | 'created' | 'updated'>, moves: readonly MoveRow[] = []): GameRow {
    const now = new Date().toISOString();
    const insertGame = this.db.prepare(
      'INSERT INTO games (id, ruleset, options, seed, seats, created, updated, status, result) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
    );
    const insertMove = this.db.prepare('INSERT INTO moves (game_id, ply, move, codes, joint, position) VALUES (?, ?, ?, ?, ?, ?)');
    this.db.transaction(() => {
      insertGame.run(g.id, g.ruleset, JSON.stringify(g.options), g.seed, JSON.stringify(g.seats), now, now, g.status, g.result);
      for (const m of moves) insertMove.run(g.id, m.ply, m.move, JSON.stringify(m.codes), m.joint ? 1 : 0, m.position);
    })();
    return this.getGame(g.id)!;
  }

  getGame(id: string): GameRow | undefined {
    const r = this.db.prepare(`SELECT ${GAME_COLUMNS} FROM games g WHERE g.id = ?`).get(id) as RawGame | undefined;
    return r ? toGame(r) : undefined;
  }

  listGames(limit = 200): GameRow[] {
    const rows = this.db.prepare(`SELECT ${GAME_COLUMNS} FROM games g ORDER BY g.updated DESC, g.id LIMIT ?`).all(limit) as RawGame[];
    return rows.map(toGame);
  }

  getMoves(id: string): MoveRow[] {
    const rows = this.db.prepare('SELECT ply, move, codes, joint, position FROM moves WHERE game_id = ? ORDER BY ply').all(id) as RawMove[];
    return rows.map(toMove);
  }

  /**
   * Appends a move if the game still has exactly `m.ply` moves (a stale client, or two tabs
   * playing at once, must not write over each other). Returns false when the ply was stale.
   */
  appendMove(id: string, m: MoveRow, status: string, result: string | null): boolean {
    const count = this.db.prepare('SELECT COUNT(*) AS n FROM moves WHERE game_id = ?');
    const insert = this.db.prepare('INSERT INTO moves (game_id, ply, move, codes, joint, position) VALUES (?, ?, ?, ?, ?, ?)');
    const update = this.db.prepare('UPDATE games SET updated = ?, status = ?, result = ? WHERE id = ?');
    return this.db.transaction((): boolean => {
      const n = (count.get(id) as { n: number }).n;
      if (n !== m.ply) return false;
      insert.run(id, m.ply, m.move, JSON.stringify(m.codes), m.joint ? 1 : 0, m.position);
      update.run(new Date().toISOString(), status, result, id);
      return true;
    })();
  }

  /** Deletes the moves from ply `fromPly` on (undo) and sets the game's status, in one transaction. */
  truncateMoves(id: string, fromPly: number, status: string, result: string | null): number {
    const del = this.db.prepare('DELETE FROM moves WHERE game_id = ? AND ply >= ?');
    const update = this.db.prepare('UPDATE games SET updated = ?, status = ?, result = ? WHERE id = ?');
    return this.db.transaction((): number => {
      const r = del.run(id, fromPly);
      update.run(new Date().toISOString(), status, result, id);
      return r.changes;
    })();
  }

  deleteGame(id: string): boolean {
    return this.db.transaction((): boolean => {
      this.db.prepare('DELETE FROM moves WHERE game_id = ?').run(id);
      return this.db.prepare('DELETE FROM games WHERE id = ?').run(id).changes > 0;
    })();
  }
}

/**
 * Games set aside because their stored rows do not rebuild them (a ruleset or options that no
 * longer build a game, a row that does not parse, a move that does not replay): one row each in
 * the `quarantine` table, with the reason and when. A quarantined game is never loaded or written;
 * every request about it is refused with 409 ERR_QUARANTINED, its listing entry says why, and its
 * rows can be read as they are stored (`raw`), so that someone can repair or re-import it. Every
 * other game is served as before: one bad row no longer stops the server.
 *
 * A quarantine holds for the life of the process that confirmed it. A new process tries such a
 * game once more when it first meets it: if it rebuilds now (its rows were repaired, or the fault
 * was the server's own and is fixed), the quarantine is lifted.
 *
 * The table is additive (CREATE TABLE IF NOT EXISTS at every open): an older database gains it
 * without a schema version of its own. Its rows are few, so they are also held in memory.
 */
import type Database from 'better-sqlite3';
import { HttpError } from './http.js';
import type { RawGame } from './store.js';

export const QUARANTINE_SCHEMA = `
CREATE TABLE IF NOT EXISTS quarantine (
  game_id TEXT PRIMARY KEY REFERENCES games(id) ON DELETE CASCADE,
  reason TEXT NOT NULL,
  at TEXT NOT NULL
) WITHOUT ROWID;
`;

/** A quarantined game's rows as stored (JSON fields parsed where they parse, else their text). */
export interface RawRecord {
  format: 'gabata-raw/1';
  id: string;
  ruleset: string;
  options: unknown;
  seed: number;
  seats: unknown;
  created: string;
  updated: string;
  status: string;
  result: string | null;
  /** Each stored move: its notation text and its engine codes as stored ('12', '0,3,5'). */
  moves: { ply: number; move: string; codes: string; joint: boolean }[];
  /** Why the game is quarantined, and since when. */
  quarantined: string;
  at: string;
}

/** Where the line about a newly quarantined game goes (tests may capture it). */
export const quarantineLog = { write: (line: string): void => void process.stderr.write(line) };

/** The refusal of every request about a quarantined game. */
export function quarantinedError(id: string, reason: string): HttpError {
  return new HttpError(
    409,
    'ERR_QUARANTINED',
    `game ${id} is quarantined: ${reason}. Its stored rows are kept as they are: read them at GET /api/games/${id}/record`,
  );
}

function parsedOrText(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** A game's row as stored (the store's own shape), without what a raw record leaves out. */
type RawGameRow = Omit<RawGame, 'move_count' | 'meta'>;

export class QuarantineTable {
  private readonly reasons = new Map<string, { reason: string; at: string }>();
  /** Games whose quarantine this process has confirmed (set aside now, or tried again and failed again). */
  private readonly confirmed = new Set<string>();
  private readonly stmt: { insert: Database.Statement; lift: Database.Statement; game: Database.Statement; moves: Database.Statement };

  constructor(db: Database.Database) {
    db.exec(QUARANTINE_SCHEMA);
    const rows = db.prepare('SELECT game_id, reason, at FROM quarantine').all() as { game_id: string; reason: string; at: string }[];
    for (const r of rows) this.reasons.set(r.game_id, { reason: r.reason, at: r.at });
    this.stmt = {
      insert: db.prepare('INSERT OR IGNORE INTO quarantine (game_id, reason, at) VALUES (?, ?, ?)'),
      lift: db.prepare('DELETE FROM quarantine WHERE game_id = ?'),
      game: db.prepare('SELECT id, ruleset, options, seed, seats, created, updated, status, result FROM games WHERE id = ?'),
      moves: db.prepare('SELECT ply, move, codes, joint FROM moves WHERE game_id = ? ORDER BY ply'),
    };
  }

  /** Why the game is quarantined, or null if it is not. */
  reasonOf(id: string): string | null {
    return this.reasons.get(id)?.reason ?? null;
  }

  /** True once this process has confirmed the game's quarantine (it is not tried again). */
  holds(id: string): boolean {
    return this.confirmed.has(id);
  }

  count(): number {
    return this.reasons.size;
  }

  /**
   * Quarantines a game, or confirms an earlier quarantine (its first reason stays). Logged once,
   * when it is first set aside. Held in memory even if the row cannot be written (a damaged file).
   */
  mark(id: string, reason: string): void {
    this.confirmed.add(id);
    if (this.reasons.has(id)) return;
    const at = new Date().toISOString();
    this.reasons.set(id, { reason, at });
    quarantineLog.write(`gabata serve: game ${id} quarantined: ${reason}\n`);
    this.stmt.insert.run(id, reason, at);
  }

  /** Lifts the quarantine of a game that rebuilds again. */
  lift(id: string): void {
    if (!this.reasons.delete(id)) return;
    this.confirmed.delete(id);
    quarantineLog.write(`gabata serve: game ${id} rebuilds again: its quarantine is lifted\n`);
    this.stmt.lift.run(id);
  }

  /** A quarantined game's rows as stored; undefined if the game is not quarantined or is gone. */
  raw(id: string): RawRecord | undefined {
    const q = this.reasons.get(id);
    const g = this.stmt.game.get(id) as RawGameRow | undefined;
    if (!q || !g) return undefined;
    const moves = (this.stmt.moves.all(id) as { ply: number; move: string; codes: string; joint: number }[]).map((m) => ({
      ply: m.ply,
      move: m.move,
      codes: m.codes,
      joint: m.joint === 1,
    }));
    return {
      format: 'gabata-raw/1',
      ...g,
      options: parsedOrText(g.options),
      seats: parsedOrText(g.seats),
      moves,
      quarantined: q.reason,
      at: q.at,
    };
  }
}

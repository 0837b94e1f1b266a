/**
 * Ratings per player and ruleset (Glicko-2, glicko2.ts), kept in the games' SQLite file: the rating
 * now, its history (one row per rated game, for the profile's chart), and which games were rated
 * (each at most once). Only two-player games are rated, and not every one:
 * - a game that ends at ply 0 or 1 was abandoned, not played: it is aborted, never rated;
 * - the same two players are rated against each other at most PAIR_GAMES_PER_DAY times a day per
 *   ruleset (more games are played, unrated), so two accounts cannot farm each other's rating.
 *
 * A player is an `identity` string (an account's id): the store knows nothing of accounts or keys.
 */
import type Database from 'better-sqlite3';
import { PROVISIONAL_DEVIATION, START, afterIdle, provisional, rateGame, type Rating } from './glicko2.js';

/** Rated games between the same two players, per ruleset and day. */
export const PAIR_GAMES_PER_DAY = 3;
/** Plies a game must reach to be rated: fewer is an abandoned start (lichess aborts those too). */
export const MIN_RATED_PLIES = 2;

const DAY_MS = 86_400_000;

export interface PlayerRating extends Rating {
  identity: string;
  ruleset: string;
  games: number;
  wins: number;
  draws: number;
  losses: number;
  /** Epoch ms of the last rated game (0: none). */
  updated: number;
  provisional: boolean;
}

export interface HistoryPoint {
  at: number;
  rating: number;
  deviation: number;
  gameId: string;
}

/** A player's rating and deviation before and after one rated game. */
export interface RatingChange {
  before: { rating: number; deviation: number };
  after: { rating: number; deviation: number };
}

/** Why a game was not rated, or the two new ratings. */
export type RateOutcome =
  | { rated: true; a: PlayerRating; b: PlayerRating }
  | { rated: false; reason: 'aborted' | 'already' | 'pairLimit' | 'samePlayer' };

const SCHEMA = `
CREATE TABLE IF NOT EXISTS ratings (
  identity TEXT NOT NULL,
  ruleset TEXT NOT NULL,
  rating REAL NOT NULL,
  deviation REAL NOT NULL,
  volatility REAL NOT NULL,
  games INTEGER NOT NULL DEFAULT 0,
  wins INTEGER NOT NULL DEFAULT 0,
  draws INTEGER NOT NULL DEFAULT 0,
  losses INTEGER NOT NULL DEFAULT 0,
  updated INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (identity, ruleset)
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS ratings_board ON ratings(ruleset, rating);
CREATE TABLE IF NOT EXISTS rating_history (
  identity TEXT NOT NULL,
  ruleset TEXT NOT NULL,
  at INTEGER NOT NULL,
  rating REAL NOT NULL,
  deviation REAL NOT NULL,
  game_id TEXT NOT NULL,
  PRIMARY KEY (identity, ruleset, at, game_id)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS rated_games (
  game_id TEXT PRIMARY KEY,
  ruleset TEXT NOT NULL,
  pair TEXT NOT NULL,
  at INTEGER NOT NULL,
  score REAL NOT NULL
);
CREATE INDEX IF NOT EXISTS rated_games_pair ON rated_games(pair, ruleset, at);
`;

interface Row {
  identity: string;
  ruleset: string;
  rating: number;
  deviation: number;
  volatility: number;
  games: number;
  wins: number;
  draws: number;
  losses: number;
  updated: number;
}

function toRating(r: Row): PlayerRating {
  return { ...r, provisional: provisional(r) };
}

export class RatingStore {
  private readonly getStmt: Database.Statement;
  private readonly putStmt: Database.Statement;
  private readonly historyStmt: Database.Statement;
  private readonly pointStmt: Database.Statement;
  private readonly beforeStmt: Database.Statement;
  private readonly pairStmt: Database.Statement;
  private readonly ratedStmt: Database.Statement;
  private readonly markStmt: Database.Statement;
  private readonly addPoint: Database.Statement;

  constructor(private readonly db: Database.Database) {
    db.exec(SCHEMA);
    this.getStmt = db.prepare('SELECT * FROM ratings WHERE identity = ? AND ruleset = ?');
    this.putStmt = db.prepare(
      `INSERT INTO ratings (identity, ruleset, rating, deviation, volatility, games, wins, draws, losses, updated)
       VALUES (@identity, @ruleset, @rating, @deviation, @volatility, @games, @wins, @draws, @losses, @updated)
       ON CONFLICT (identity, ruleset) DO UPDATE SET rating = excluded.rating, deviation = excluded.deviation,
         volatility = excluded.volatility, games = excluded.games, wins = excluded.wins, draws = excluded.draws,
         losses = excluded.losses, updated = excluded.updated`,
    );
    this.historyStmt = db.prepare(
      'SELECT at, rating, deviation, game_id AS gameId FROM rating_history WHERE identity = ? AND ruleset = ? ORDER BY at',
    );
    this.pointStmt = db.prepare('SELECT at, rating, deviation FROM rating_history WHERE identity = ? AND ruleset = ? AND game_id = ?');
    this.beforeStmt = db.prepare(
      'SELECT rating, deviation FROM rating_history WHERE identity = ? AND ruleset = ? AND (at < ? OR (at = ? AND game_id < ?)) ' +
        'ORDER BY at DESC, game_id DESC LIMIT 1',
    );
    this.pairStmt = db.prepare('SELECT COUNT(*) AS n FROM rated_games WHERE pair = ? AND ruleset = ? AND at > ?');
    this.ratedStmt = db.prepare('SELECT 1 FROM rated_games WHERE game_id = ?');
    this.markStmt = db.prepare('INSERT INTO rated_games (game_id, ruleset, pair, at, score) VALUES (?, ?, ?, ?, ?)');
    this.addPoint = db.prepare(
      'INSERT OR REPLACE INTO rating_history (identity, ruleset, at, rating, deviation, game_id) VALUES (?, ?, ?, ?, ?, ?)',
    );
  }

  /** A player's rating in a ruleset (a newcomer's when he has none), its deviation grown by the idle time until `now`. */
  get(identity: string, ruleset: string, now = Date.now()): PlayerRating {
    const row = this.getStmt.get(identity, ruleset) as Row | undefined;
    if (!row) return toRating({ identity, ruleset, ...START, games: 0, wins: 0, draws: 0, losses: 0, updated: 0 });
    const idle = row.updated > 0 ? (now - row.updated) / DAY_MS : 0;
    return toRating({ ...row, ...afterIdle(row, idle) });
  }

  /**
   * What one rated game did to a player's rating: the rating and deviation before it (the point
   * before, or a newcomer's) and after it; null when the game moved no rating of his.
   */
  changeIn(identity: string, ruleset: string, gameId: string): RatingChange | null {
    const after = this.pointStmt.get(identity, ruleset, gameId) as { at: number; rating: number; deviation: number } | undefined;
    if (!after) return null;
    const before =
      (this.beforeStmt.get(identity, ruleset, after.at, after.at, gameId) as { rating: number; deviation: number } | undefined) ?? START;
    return { before: { rating: before.rating, deviation: before.deviation }, after: { rating: after.rating, deviation: after.deviation } };
  }

  /** Every rated game's rating, oldest first (the profile's chart). */
  history(identity: string, ruleset: string): HistoryPoint[] {
    return this.historyStmt.all(identity, ruleset) as HistoryPoint[];
  }

  /**
   * Rates a finished two-player game between `a` and `b` (`score`: a's, 1, 0.5 or 0) reached at
   * `plies`, once: in one transaction, both ratings, both history points and the game's mark.
   */
  rate(gameId: string, ruleset: string, a: string, b: string, score: number, plies: number, now = Date.now()): RateOutcome {
    if (a === b) return { rated: false, reason: 'samePlayer' };
    if (plies < MIN_RATED_PLIES) return { rated: false, reason: 'aborted' };
    const pair = [a, b].sort().join(' ');
    return this.db.transaction((): RateOutcome => {
      if (this.ratedStmt.get(gameId)) return { rated: false, reason: 'already' };
      const { n } = this.pairStmt.get(pair, ruleset, now - DAY_MS) as { n: number };
      if (n >= PAIR_GAMES_PER_DAY) return { rated: false, reason: 'pairLimit' };
      const ra = this.get(a, ruleset, now);
      const rb = this.get(b, ruleset, now);
      const [na, nb] = rateGame(ra, rb, score);
      const next = (old: PlayerRating, r: Rating, s: number): PlayerRating =>
        toRating({
          identity: old.identity,
          ruleset,
          ...r,
          games: old.games + 1,
          wins: old.wins + (s === 1 ? 1 : 0),
          draws: old.draws + (s === 0.5 ? 1 : 0),
          losses: old.losses + (s === 0 ? 1 : 0),
          updated: now,
        });
      const out = { rated: true as const, a: next(ra, na, score), b: next(rb, nb, 1 - score) };
      for (const p of [out.a, out.b]) {
        const { provisional: _, ...row } = p;
        this.putStmt.run(row);
        this.addPoint.run(p.identity, ruleset, now, p.rating, p.deviation, gameId);
      }
      this.markStmt.run(gameId, ruleset, pair, now, score);
      return out;
    })();
  }

  /**
   * The leaderboard of a ruleset: players whose rating is not provisional and who played a rated
   * game since `activeSince`, best first.
   */
  leaderboard(ruleset: string, activeSince: number, limit = 100): PlayerRating[] {
    const rows = this.db
      .prepare('SELECT * FROM ratings WHERE ruleset = ? AND updated >= ? AND deviation <= ? ORDER BY rating DESC LIMIT ?')
      .all(ruleset, activeSince, PROVISIONAL_DEVIATION, limit) as Row[];
    return rows.map(toRating);
  }
}

/**
 * What the players' pages need of the accounts' tables: who a key or principal is (the ratings'
 * `Identities`), and the blocks between accounts (a `blocks` table in the games' SQLite file).
 *
 * Identities: a rated player is his account's id (as a string, ratings/store.ts), because an
 * account's principal is a secret-ish hash that seats hold and an id is what the ratings table
 * already keys; the lobby's players are principals (lobby/socket.ts: a signed-in key acts as its
 * account's principal), so the lobby's `Blocks` answers in principals. Both are read here, so
 * the two never drift apart.
 */
import type Database from 'better-sqlite3';
import type { Identities } from '../ratings/service.js';
import type { Blocks } from '../lobby/lobby.js';
import { HttpError } from '../http.js';
import type { Account, AccountStore } from '../accounts/store.js';

/** The most accounts one account may block: enough for anyone, and a bound on what a blocker costs. */
export const MAX_BLOCKS = 500;

const SCHEMA = `
CREATE TABLE IF NOT EXISTS blocks (
  blocker INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  blocked INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  created TEXT NOT NULL,
  PRIMARY KEY (blocker, blocked)
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS blocks_by_blocked ON blocks(blocked, blocker);
`;

export class PlayerStore implements Identities {
  private readonly byPrincipal: Database.Statement;
  private readonly eitherWay: Database.Statement;

  constructor(
    private readonly db: Database.Database,
    readonly accounts: AccountStore,
  ) {
    db.exec(SCHEMA);
    this.byPrincipal = db.prepare('SELECT id, name, principal, created FROM accounts WHERE principal = ?');
    this.eitherWay = db.prepare(
      'SELECT a.principal FROM blocks b JOIN accounts a ON a.id = b.blocked WHERE b.blocker = ? ' +
        'UNION SELECT a.principal FROM blocks b JOIN accounts a ON a.id = b.blocker WHERE b.blocked = ?',
    );
  }

  /**
   * The account behind a seat's or a socket's hash: a principal (the seats of a signed-in key are
   * moved to it), or a key still linked to an account by a live session.
   */
  account(keyHash: string): Account | undefined {
    return (this.byPrincipal.get(keyHash) as Account | undefined) ?? this.accounts.accountOfKey(keyHash);
  }

  /** The ratings' identity of a key or principal: its account's id, or null (anonymous players are not rated). */
  accountOf(keyHash: string): string | null {
    const a = this.account(keyHash);
    return a ? String(a.id) : null;
  }

  /** `blocker` blocks `blocked` (again: nothing changes); 409 past MAX_BLOCKS, 400 for oneself. */
  block(blocker: Account, blocked: Account): void {
    if (blocker.id === blocked.id) throw new HttpError(400, 'ERR_ARGUMENT', 'you cannot block yourself');
    const { n } = this.db.prepare('SELECT COUNT(*) AS n FROM blocks WHERE blocker = ?').get(blocker.id) as { n: number };
    if (n >= MAX_BLOCKS && !this.blocks(blocker.id, blocked.id)) {
      throw new HttpError(409, 'ERR_CONFLICT', `you have blocked ${MAX_BLOCKS} players already: unblock some first`);
    }
    this.db
      .prepare('INSERT OR IGNORE INTO blocks (blocker, blocked, created) VALUES (?, ?, ?)')
      .run(blocker.id, blocked.id, new Date().toISOString());
  }

  /** Lifts a block; whether there was one. */
  unblock(blocker: Account, blocked: Account): boolean {
    return this.db.prepare('DELETE FROM blocks WHERE blocker = ? AND blocked = ?').run(blocker.id, blocked.id).changes === 1;
  }

  /** Whether account `blocker` has blocked account `blocked`. */
  blocks(blocker: number, blocked: number): boolean {
    return this.db.prepare('SELECT 1 FROM blocks WHERE blocker = ? AND blocked = ?').get(blocker, blocked) !== undefined;
  }

  /** The names `blocker` has blocked, latest first. */
  blockedNames(blocker: number): { name: string; since: string }[] {
    return this.db
      .prepare(
        'SELECT a.name, b.created AS since FROM blocks b JOIN accounts a ON a.id = b.blocked WHERE b.blocker = ? ORDER BY b.created DESC',
      )
      .all(blocker) as { name: string; since: string }[];
  }

  /** The principals of the accounts `account` blocked or was blocked by. */
  blockedEitherWay(account: number): Set<string> {
    return new Set((this.eitherWay.all(account, account) as { principal: string }[]).map((r) => r.principal));
  }

  /** Whether either of two keys' or principals' accounts blocked the other's (anonymous: never). */
  apart(a: string | null, b: string | null): boolean {
    if (a === null || b === null) return false;
    const x = this.account(a);
    const y = this.account(b);
    return x !== undefined && y !== undefined && (this.blocks(x.id, y.id) || this.blocks(y.id, x.id));
  }
}

/**
 * The lobby's `Blocks`: for a player (a principal, or an anonymous key's hash), the principals of
 * everyone he blocked and everyone who blocked him, so that a pool never pairs them and a seek of
 * one is not open to the other, whichever of the two blocked.
 */
export class LobbyBlocks implements Blocks {
  constructor(private readonly players: PlayerStore) {}

  async blockedBy(identity: string): Promise<ReadonlySet<string>> {
    const a = this.players.account(identity);
    return a ? this.players.blockedEitherWay(a.id) : new Set<string>();
  }
}

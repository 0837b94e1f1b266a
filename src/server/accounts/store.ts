/**
 * The accounts' tables, in the games' SQLite file (GameStore.database): accounts, their sessions
 * (kept as the sha256 of the cookie's token), recovery codes (hashed, each used once), passkeys,
 * and the player keys signed in to each account. Created with CREATE TABLE IF NOT EXISTS, so an
 * older file gains them when opened and nothing else of it changes.
 *
 * An account's games are held under its **principal**: a random hash of the same form as a key's,
 * which no key has. A key signed in to the account acts as the principal (GamesCore.principal);
 * signing in moves the key's seats to the principal (adoption), so that every device signed in
 * sees the same games, and a device signed out (its key unlinked) sees none of them.
 */
import { randomBytes } from 'node:crypto';
import type Database from 'better-sqlite3';
import { HttpError } from '../http.js';
import { sha256 } from '../keys.js';

const SCHEMA = `
CREATE TABLE IF NOT EXISTS accounts (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  name_key TEXT NOT NULL UNIQUE,
  password TEXT NOT NULL,
  principal TEXT NOT NULL UNIQUE,
  created TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS account_sessions (
  token_hash TEXT PRIMARY KEY,
  account_id INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  created TEXT NOT NULL,
  last_seen TEXT NOT NULL,
  agent TEXT NOT NULL
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS account_sessions_by_account ON account_sessions(account_id);
CREATE TABLE IF NOT EXISTS account_recovery_codes (
  account_id INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  code_hash TEXT NOT NULL,
  used TEXT,
  PRIMARY KEY (account_id, code_hash)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS account_passkeys (
  credential_id TEXT PRIMARY KEY,
  account_id INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  public_key BLOB NOT NULL,
  counter INTEGER NOT NULL,
  transports TEXT NOT NULL,
  created TEXT NOT NULL,
  last_used TEXT
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS account_passkeys_by_account ON account_passkeys(account_id);
CREATE TABLE IF NOT EXISTS account_keys (
  key_hash TEXT PRIMARY KEY,
  account_id INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  session_hash TEXT NOT NULL REFERENCES account_sessions(token_hash) ON DELETE CASCADE,
  linked TEXT NOT NULL
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS account_keys_by_session ON account_keys(session_hash);
`;

/** A session not seen for this long has ended (the app's every start sees it). */
export const SESSION_IDLE_MS = 30 * 24 * 3600 * 1000;
/** last_seen is written at most this often per session. */
const TOUCH_MS = 60_000;

export interface Account {
  id: number;
  name: string;
  principal: string;
  created: string;
}

export interface AccountRow extends Account {
  password: string;
}

export interface Passkey {
  credentialId: string;
  accountId: number;
  publicKey: Uint8Array;
  counter: number;
  transports: string[];
}

interface RawPasskey {
  credential_id: string;
  account_id: number;
  public_key: Buffer;
  counter: number;
  transports: string;
}

const toPasskey = (r: RawPasskey): Passkey => ({
  credentialId: r.credential_id,
  accountId: r.account_id,
  publicKey: new Uint8Array(r.public_key),
  counter: r.counter,
  transports: JSON.parse(r.transports) as string[],
});

const ACCOUNT = 'id, name, principal, created';

/** A recovery code's stored hash: the account's id salts it, so one code's hash says nothing of another account's. */
export function recoveryHash(accountId: number, code: string): string {
  return sha256(`recovery:${accountId}:${code.toUpperCase().replace(/[^A-Z0-9]/g, '')}`);
}

export class AccountStore {
  constructor(private readonly db: Database.Database) {
    db.exec(SCHEMA);
  }

  private cutoff(now: number): string {
    return new Date(now - SESSION_IDLE_MS).toISOString();
  }

  /** A new account with its recovery codes' hashes; 409 ERR_CONFLICT when the name is taken in any case. */
  create(name: string, nameKey: string, password: string, codes: (id: number) => string[]): Account {
    const principal = sha256(`account:${randomBytes(32).toString('base64url')}`);
    const created = new Date().toISOString();
    const insert = this.db.prepare('INSERT INTO accounts (name, name_key, password, principal, created) VALUES (?, ?, ?, ?, ?)');
    const code = this.db.prepare('INSERT INTO account_recovery_codes (account_id, code_hash, used) VALUES (?, ?, NULL)');
    try {
      return this.db.transaction((): Account => {
        const id = Number(insert.run(name, nameKey, password, principal, created).lastInsertRowid);
        for (const h of codes(id)) code.run(id, h);
        return { id, name, principal, created };
      })();
    } catch (e) {
      if ((e as { code?: string }).code === 'SQLITE_CONSTRAINT_UNIQUE') throw new HttpError(409, 'ERR_CONFLICT', 'this name is taken');
      throw e;
    }
  }

  byName(nameKey: string): AccountRow | undefined {
    return this.db.prepare(`SELECT ${ACCOUNT}, password FROM accounts WHERE name_key = ?`).get(nameKey) as AccountRow | undefined;
  }

  byId(id: number): Account | undefined {
    return this.db.prepare(`SELECT ${ACCOUNT} FROM accounts WHERE id = ?`).get(id) as Account | undefined;
  }

  setPassword(id: number, hash: string): void {
    this.db.prepare('UPDATE accounts SET password = ? WHERE id = ?').run(hash, id);
  }

  /** Spends a recovery code (true), or finds it unknown or used (false). */
  useRecoveryCode(id: number, code: string): boolean {
    const r = this.db
      .prepare('UPDATE account_recovery_codes SET used = ? WHERE account_id = ? AND code_hash = ? AND used IS NULL')
      .run(new Date().toISOString(), id, recoveryHash(id, code));
    return r.changes === 1;
  }

  recoveryCodesLeft(id: number): number {
    const r = this.db.prepare('SELECT COUNT(*) AS n FROM account_recovery_codes WHERE account_id = ? AND used IS NULL').get(id);
    return (r as { n: number }).n;
  }

  /** A new session (by its token's hash). */
  addSession(accountId: number, tokenHash: string, agent: string): void {
    const now = new Date().toISOString();
    this.db
      .prepare('INSERT INTO account_sessions (token_hash, account_id, created, last_seen, agent) VALUES (?, ?, ?, ?, ?)')
      .run(tokenHash, accountId, now, now, agent);
  }

  /** The account of a live session (seen within SESSION_IDLE_MS), its last_seen brought up to date. */
  session(tokenHash: string, now = Date.now()): Account | undefined {
    const row = this.db.prepare('SELECT account_id, last_seen FROM account_sessions WHERE token_hash = ?').get(tokenHash) as
      | { account_id: number; last_seen: string }
      | undefined;
    if (!row || row.last_seen <= this.cutoff(now)) return undefined;
    if (now - Date.parse(row.last_seen) > TOUCH_MS) {
      this.db.prepare('UPDATE account_sessions SET last_seen = ? WHERE token_hash = ?').run(new Date(now).toISOString(), tokenHash);
    }
    return this.byId(row.account_id);
  }

  /** Ends a session; the keys it signed in are unlinked with it (ON DELETE CASCADE). */
  endSession(tokenHash: string): void {
    this.db.prepare('DELETE FROM account_sessions WHERE token_hash = ?').run(tokenHash);
  }

  /** Ends every session of an account (and so unlinks every key); how many ended. */
  endAllSessions(accountId: number): number {
    return this.db.prepare('DELETE FROM account_sessions WHERE account_id = ?').run(accountId).changes;
  }

  /** Sessions idle past SESSION_IDLE_MS are deleted (with their keys' links). */
  purgeSessions(now = Date.now()): number {
    return this.db.prepare('DELETE FROM account_sessions WHERE last_seen <= ?').run(this.cutoff(now)).changes;
  }

  /** The principal a key acts as: its account's while a session signed it in, else null. */
  principalOf(keyHash: string, now = Date.now()): string | null {
    this.principalStmt ??= this.db.prepare(
      'SELECT a.principal FROM account_keys k JOIN accounts a ON a.id = k.account_id ' +
        'JOIN account_sessions s ON s.token_hash = k.session_hash WHERE k.key_hash = ? AND s.last_seen > ?',
    );
    const r = this.principalStmt.get(keyHash, this.cutoff(now)) as { principal: string } | undefined;
    return r?.principal ?? null;
  }
  private principalStmt: Database.Statement | undefined;

  /** The account a key is signed in to, if any (for the lobby and the ratings). */
  accountOfKey(keyHash: string, now = Date.now()): Account | undefined {
    const p = this.principalOf(keyHash, now);
    return p === null ? undefined : (this.db.prepare(`SELECT ${ACCOUNT} FROM accounts WHERE principal = ?`).get(p) as Account);
  }

  /**
   * Links a key to an account through a session and moves its seats (and the games of computers
   * it created) to the account's principal. Returns the ids of the games adopted.
   */
  link(keyHash: string, account: Account, sessionHash: string): string[] {
    const p = account.principal;
    return this.db.transaction((): string[] => {
      this.db
        .prepare('INSERT OR REPLACE INTO account_keys (key_hash, account_id, session_hash, linked) VALUES (?, ?, ?, ?)')
        .run(keyHash, account.id, sessionHash, new Date().toISOString());
      const seated = this.db.prepare('SELECT DISTINCT game_id AS id FROM seats WHERE key_hash = ?').all(keyHash) as { id: string }[];
      this.db.prepare('UPDATE seats SET key_hash = ? WHERE key_hash = ?').run(p, keyHash);
      const was = `"creator":${JSON.stringify(keyHash)}`;
      const created = this.db.prepare('SELECT id FROM games WHERE instr(meta, ?) > 0').all(was) as { id: string }[];
      this.db
        .prepare('UPDATE games SET meta = replace(meta, ?, ?) WHERE instr(meta, ?) > 0')
        .run(was, `"creator":${JSON.stringify(p)}`, was);
      return [...new Set([...seated, ...created].map((r) => r.id))];
    })();
  }

  addPasskey(k: Passkey): void {
    this.db
      .prepare(
        'INSERT INTO account_passkeys (credential_id, account_id, public_key, counter, transports, created) VALUES (?, ?, ?, ?, ?, ?)',
      )
      .run(k.credentialId, k.accountId, Buffer.from(k.publicKey), k.counter, JSON.stringify(k.transports), new Date().toISOString());
  }

  passkey(credentialId: string): Passkey | undefined {
    const r = this.db.prepare('SELECT * FROM account_passkeys WHERE credential_id = ?').get(credentialId) as RawPasskey | undefined;
    return r ? toPasskey(r) : undefined;
  }

  passkeysOf(accountId: number): Passkey[] {
    return (this.db.prepare('SELECT * FROM account_passkeys WHERE account_id = ?').all(accountId) as RawPasskey[]).map(toPasskey);
  }

  usedPasskey(credentialId: string, counter: number): void {
    this.db
      .prepare('UPDATE account_passkeys SET counter = ?, last_used = ? WHERE credential_id = ?')
      .run(counter, new Date().toISOString(), credentialId);
  }

  /** Deletes an account with its sessions, codes, passkeys and key links; its seats stay, held by nobody. */
  delete(nameKey: string): boolean {
    return this.db.prepare('DELETE FROM accounts WHERE name_key = ?').run(nameKey).changes === 1;
  }
}

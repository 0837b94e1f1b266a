/**
 * What the account routes do, apart from HTTP: sign-up, sign-in by password, recovery code or
 * passkey, sessions, and the adoption of the signing-in browser's player key. Holds the store, the
 * throttle and the passkeys' challenges, and tells the games API which principal a key acts as.
 */
import { randomBytes } from 'node:crypto';
import type { GamesCore } from '../games.js';
import { HttpError } from '../http.js';
import { sha256 } from '../keys.js';
import type { GameStore } from '../store.js';
import { checkName, nameKey } from './names.js';
import { Passkeys, newRecoveryCode } from './passkeys.js';
import { checkPassword, decoyHash, hashPassword, verifyPassword } from './password.js';
import { AccountStore, recoveryHash, type Account } from './store.js';
import { AccountThrottle, DEFAULT_ACCOUNT_LIMITS, type AccountLimits } from './throttle.js';

export const RECOVERY_CODES = 10;

/** Who is asking: the client's address, its player key's hash (the raw key's, before any account), its user agent. */
export interface Caller {
  address: string;
  keyHash: string | null;
  agent: string;
}

/** A signed-in session: its cookie token, and the account. */
export interface Signed {
  token: string;
  account: Account;
}

const wrong = (): HttpError => new HttpError(401, 'ERR_AUTH', 'this name and password do not match');

export class Accounts {
  readonly store: AccountStore;
  readonly throttle: AccountThrottle;
  readonly passkeys: Passkeys;

  constructor(
    games: GameStore,
    private readonly api: GamesCore,
    limits: Partial<AccountLimits> = {},
  ) {
    this.store = new AccountStore(games.database);
    this.store.purgeSessions();
    this.throttle = new AccountThrottle({ ...DEFAULT_ACCOUNT_LIMITS, ...limits });
    this.passkeys = new Passkeys(this.store);
    // A key signed in to an account acts as the account's principal, in every route and socket.
    api.principal = (k) => (k === null ? null : (this.store.principalOf(k) ?? k));
  }

  async signup(name: string, password: string, c: Caller): Promise<Signed & { recoveryCodes: string[] }> {
    checkName(name);
    checkPassword(password);
    // Counted before the name is looked up: probing which names exist costs sign-ups too.
    this.throttle.signup(c.address);
    if (this.store.byName(nameKey(name))) throw new HttpError(409, 'ERR_CONFLICT', 'this name is taken');
    const hash = await hashPassword(password);
    const recoveryCodes = Array.from({ length: RECOVERY_CODES }, newRecoveryCode);
    const account = this.store.create(name, nameKey(name), hash, (id) => recoveryCodes.map((code) => recoveryHash(id, code)));
    return { ...this.startSession(account, c), recoveryCodes };
  }

  async signin(name: string, password: string, c: Caller): Promise<Signed> {
    const key = nameKey(name);
    this.throttle.attempt(c.address);
    this.throttle.check(key, c.address);
    const row = this.store.byName(key);
    // An unknown name costs the same scrypt as a wrong password, and is answered the same.
    const ok = await verifyPassword(password, row?.password ?? (await decoyHash()));
    if (!row || !ok) {
      this.throttle.failed(key, c.address);
      throw wrong();
    }
    this.throttle.succeeded(key, c.address);
    return this.startSession(row, c);
  }

  /** Spends a recovery code and sets a new password; every other session ends (whoever had the old password). */
  async recover(name: string, code: string, newPassword: string, c: Caller): Promise<Signed & { recoveryCodesLeft: number }> {
    checkPassword(newPassword);
    const key = nameKey(name);
    this.throttle.attempt(c.address);
    this.throttle.check(key, c.address);
    const row = this.store.byName(key);
    if (!row || !this.store.useRecoveryCode(row.id, code)) {
      this.throttle.failed(key, c.address);
      throw new HttpError(401, 'ERR_AUTH', 'this name and recovery code do not match (each code works once)');
    }
    this.throttle.succeeded(key, c.address);
    this.store.setPassword(row.id, await hashPassword(newPassword));
    this.store.endAllSessions(row.id);
    return { ...this.startSession(row, c), recoveryCodesLeft: this.store.recoveryCodesLeft(row.id) };
  }

  /** A new session for the account; the caller's key is linked to it and its games adopted. */
  startSession(account: Account, c: Caller): Signed {
    const token = randomBytes(32).toString('base64url');
    const hash = sha256(token);
    this.store.addSession(account.id, hash, c.agent.slice(0, 64));
    if (c.keyHash !== null && c.keyHash !== account.principal) {
      // The move of the key's seats is written at once: this turn's queued writes (a game it has
      // just created) go first, or their commit would put the key back after it (commit.ts).
      this.api.store.commits.flush();
      const ids = this.store.link(c.keyHash, account, hash);
      this.adoptInMemory(ids, c.keyHash, account.principal);
    }
    return { token, account: { id: account.id, name: account.name, principal: account.principal, created: account.created } };
  }

  /** The games held in memory see the seats the store has just moved (from the key to the principal). */
  private adoptInMemory(ids: readonly string[], from: string, to: string): void {
    const cached = new Set(this.api.cachedIds());
    for (const id of ids) {
      if (!cached.has(id)) continue;
      const l = this.api.load(id);
      for (const s of l.seats) if (s.keyHash === from) s.keyHash = to;
      if (l.meta.creator === from) l.meta.creator = to;
    }
  }

  /** The session's account, or undefined (no cookie, an ended or idle session). */
  session(token: string | null): Account | undefined {
    return token === null ? undefined : this.store.session(sha256(token));
  }

  signout(token: string): void {
    this.store.endSession(sha256(token));
  }

  signoutAll(account: Account): number {
    return this.store.endAllSessions(account.id);
  }

  /** What GET /api/account tells about an account. */
  describe(account: Account): Record<string, unknown> {
    return {
      name: account.name,
      created: account.created,
      passkeys: this.store.passkeysOf(account.id).length,
      recoveryCodesLeft: this.store.recoveryCodesLeft(account.id),
    };
  }
}

/**
 * The rate limits of sign-up and sign-in. Per address (as limits.ts counts it: an IPv6 client by
 * its /64): sign-ups an hour, sign-in attempts a minute. Per name: after a wrong password (or
 * recovery code) the next attempt for that name from that address waits, 1 s doubling to 60 s,
 * and wrong ones for a name from all addresses together are capped a minute. Nothing locks an
 * account for longer than that: a correct password after the wait signs in, and a thousand wrong
 * ones cost their sender time, never the owner his account (a passkey sign-in is not held by the
 * name's limits at all).
 */
import { RateLimited } from '../http.js';
import { Window } from '../limits.js';

export interface AccountLimits {
  /** Accounts made per address an hour. */
  signupsPerHour: number;
  /** Sign-in, recovery and passkey attempts per address a minute. */
  signinsPerMinute: number;
  /** Wrong passwords or codes for one name a minute, from every address together. */
  failuresPerName: number;
  /** The wait after a first wrong password for a name from an address; it doubles with each one more. */
  firstDelayMs: number;
  /** The longest wait. */
  maxDelayMs: number;
}

export const DEFAULT_ACCOUNT_LIMITS: AccountLimits = {
  signupsPerHour: 10,
  signinsPerMinute: 30,
  failuresPerName: 20,
  firstDelayMs: 1000,
  maxDelayMs: 60_000,
};

/** Failures older than this are forgotten: the next wrong password waits the first delay again. */
const FORGET_MS = 15 * 60_000;
/** The most (name, address) pairs and names remembered; beyond, the oldest are dropped. */
const MAX_ENTRIES = 100_000;

interface Delay {
  failures: number;
  until: number;
}

function bounded<V>(m: Map<string, V>, key: string, value: V): void {
  m.delete(key);
  m.set(key, value);
  if (m.size > MAX_ENTRIES) m.delete(m.keys().next().value as string);
}

export class AccountThrottle {
  private readonly signups: Window;
  private readonly signins: Window;
  private readonly nameFailures: Window;
  private readonly delays = new Map<string, Delay>();
  private readonly nameBlocked = new Map<string, number>();

  constructor(readonly limits: AccountLimits) {
    this.signups = new Window(limits.signupsPerHour, 3600_000);
    this.signins = new Window(limits.signinsPerMinute);
    this.nameFailures = new Window(limits.failuresPerName);
  }

  signup(address: string, now = Date.now()): void {
    const wait = this.signups.take(address, now);
    if (wait > 0) throw new RateLimited(`too many accounts made from this address (at most ${this.signups.max} an hour)`, wait);
  }

  /** Counts an attempt from an address (any way of signing in). */
  attempt(address: string, now = Date.now()): void {
    const wait = this.signins.take(address, now);
    if (wait > 0) throw new RateLimited(`too many sign-in attempts from this address (at most ${this.signins.max} a minute)`, wait);
  }

  /**
   * Before a password or code is checked for a name: refused while its wait runs. An attempt let
   * through holds the name for its address until failed() or succeeded() says how it went, so
   * that many sent at once are checked one at a time, each after the wait of the one before.
   */
  check(nameKey: string, address: string, now = Date.now()): void {
    const blocked = this.nameBlocked.get(nameKey) ?? 0;
    if (now < blocked) throw new RateLimited('too many wrong passwords for this name', blocked - now);
    const key = `${nameKey}\n${address}`;
    const d = this.delays.get(key);
    if (d && now < d.until) throw new RateLimited('wait after a wrong password', d.until - now);
    bounded(this.delays, key, { failures: d && now - d.until < FORGET_MS ? d.failures : 0, until: now + this.limits.maxDelayMs });
  }

  /** A wrong password or code: the name's next attempt from this address waits longer. */
  failed(nameKey: string, address: string, now = Date.now()): void {
    const key = `${nameKey}\n${address}`;
    const failures = (this.delays.get(key)?.failures ?? 0) + 1;
    const delay = Math.min(this.limits.firstDelayMs * 2 ** Math.min(failures - 1, 30), this.limits.maxDelayMs);
    bounded(this.delays, key, { failures, until: now + delay });
    const wait = this.nameFailures.take(nameKey, now);
    if (wait > 0) bounded(this.nameBlocked, nameKey, now + wait);
  }

  /** A correct one: this address's failures for the name are forgotten. */
  succeeded(nameKey: string, address: string): void {
    this.delays.delete(`${nameKey}\n${address}`);
  }

  /** The wait the next attempt would have (for the refusal's Retry-After and the tests). */
  delayOf(nameKey: string, address: string, now = Date.now()): number {
    const d = this.delays.get(`${nameKey}\n${address}`);
    return d ? Math.max(0, d.until - now) : 0;
  }
}

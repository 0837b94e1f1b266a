/**
 * What this browser remembers about itself: its player key (made once, kept in localStorage, the
 * only proof that a seat is ours), the seats it holds in each game, the invite links it made,
 * and the board's orientation setting. Nothing here is secret from the person at the keyboard.
 */

const KEY = 'gabata.playerKey';
const SEATS = 'gabata.seats.';
const INVITES = 'gabata.invites.';
const TURN = 'gabata.turnBoard';

function base64url(bytes: Uint8Array): string {
  let s = '';
  for (const b of bytes) s += String.fromCharCode(b);
  return btoa(s).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** A new player key: 32 random bytes, base64url (43 characters). */
export function newPlayerKey(): string {
  return base64url(crypto.getRandomValues(new Uint8Array(32)));
}

/** This browser's player key, made on first use. */
export function playerKey(): string {
  let k = localStorage.getItem(KEY);
  if (!k || !/^[A-Za-z0-9_-]{43}$/.test(k)) {
    k = newPlayerKey();
    localStorage.setItem(KEY, k);
  }
  return k;
}

function readJson<T>(name: string, fallback: T): T {
  try {
    const v = localStorage.getItem(name);
    return v === null ? fallback : (JSON.parse(v) as T);
  } catch {
    return fallback;
  }
}

/** The seats this browser holds in a game, as last learnt (the server's `welcome` is the truth). */
export function rememberedSeats(gameId: string): number[] {
  const v = readJson<unknown>(SEATS + gameId, []);
  return Array.isArray(v) ? v.filter((x): x is number => Number.isInteger(x) && x > 0) : [];
}

export function rememberSeats(gameId: string, seats: readonly number[]): void {
  localStorage.setItem(SEATS + gameId, JSON.stringify([...new Set(seats)].sort((a, b) => a - b)));
}

/**
 * The seats a key holds in the rematch of a game of `n` seats where it held `seats`: the server
 * rotates every seat by one (seat s becomes s + 1, the last the first; server/play.ts
 * makeRematch). Remembered before the rematch opens, so that its page knows it is a player's
 * before the server's welcome says so.
 */
export function rematchSeats(seats: Iterable<number>, n: number): number[] {
  return [...seats].map((s) => (s % n) + 1).sort((a, b) => a - b);
}

/** An invitation this browser made: the seat and its one-time token (only the creator ever sees it). */
export interface Invite {
  seat: number;
  token: string;
}

export function rememberedInvites(gameId: string): Invite[] {
  const v = readJson<unknown>(INVITES + gameId, []);
  return Array.isArray(v) ? v.filter((x): x is Invite => typeof x?.seat === 'number' && typeof x?.token === 'string') : [];
}

export function rememberInvites(gameId: string, invites: readonly Invite[]): void {
  localStorage.setItem(INVITES + gameId, JSON.stringify(invites));
}

/** The link a friend opens to take an invited seat. */
export function inviteLink(gameId: string, token: string): string {
  return `${location.origin}${location.pathname}#/join/${gameId}/${token}`;
}

/** The link anyone may open to watch a game. */
export function watchLink(gameId: string): string {
  return `${location.origin}${location.pathname}#/watch/${gameId}`;
}

/** The setting that turns the board half round from its automatic orientation. */
export function boardTurned(): boolean {
  return localStorage.getItem(TURN) === '1';
}

export function setBoardTurned(on: boolean): void {
  localStorage.setItem(TURN, on ? '1' : '0');
}

/**
 * The page's client for the server's JSON API (docs/online.md). Every call carries this browser's
 * player key as `Authorization: Bearer`; every state-changing call names its seat and the ply it
 * was decided at, so a stale tab is refused (409 ERR_STALE) rather than applied. Errors come back
 * as `ApiError` with the server's code and message, so the page can show the engine's own reason.
 */
import type { GameEvent } from '@gabata/engine/core';
import type { ClockState, GameDoc, GameEnd, SeatInfo, StoredMove } from './engine.js';
import { playerKey, type Invite } from './identity.js';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** How long until it may succeed, when the server says (null: no wait would do; a claim while the opponent is there). */
    readonly retryAfterMs?: number | null,
  ) {
    super(message);
  }
}

/** The message of a call that got no answer (the page may word it better: see pwa.ts). */
export const OFFLINE_MESSAGE = 'the server cannot be reached: check the connection and try again';

async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json', authorization: `Bearer ${playerKey()}` };
  const init: RequestInit = { method, headers };
  if (body !== undefined) {
    init.body = JSON.stringify(body);
    headers['content-type'] = 'application/json';
  }
  // The browser knows it has no network (navigator.onLine is reliable when false): do not try.
  if (typeof navigator !== 'undefined' && navigator.onLine === false) throw new ApiError(0, 'ERR_OFFLINE', OFFLINE_MESSAGE);
  let res: Response;
  try {
    res = await fetch(path, init);
  } catch {
    // No answer at all (no network, the server down): a status 0 the page can tell apart.
    throw new ApiError(0, 'ERR_OFFLINE', OFFLINE_MESSAGE);
  }
  const data = (await res.json().catch(() => ({}))) as { error?: { code: string; message: string; retryAfterMs?: unknown } };
  if (!res.ok) {
    const wait = data.error?.retryAfterMs;
    const retry = wait === null || (typeof wait === 'number' && wait >= 0) ? wait : undefined;
    throw new ApiError(res.status, data.error?.code ?? 'ERR_INTERNAL', data.error?.message ?? res.statusText, retry);
  }
  return data as T;
}

/** A game document as the server sends it, made whole: older servers sent seats as plain kinds. */
export function normalizeDoc(raw: GameDoc): GameDoc {
  const seats: SeatInfo[] = (raw.seats as (SeatInfo | string)[]).map((s, i) =>
    typeof s === 'string' ? { seat: i + 1, kind: s, joined: s !== 'invite', connected: false } : s,
  );
  return { ...raw, seats, clock: raw.clock ?? null, offers: raw.offers ?? [], committed: raw.committed ?? [], end: raw.end ?? null };
}

/** A stored move as the server reports it (HTTP reply or live message). */
export interface MoveReply extends StoredMove {
  events: GameEvent[];
  status: string;
  result: string | null;
  clock?: ClockState | null;
  end?: GameEnd | null;
  position?: { counts: number[] };
}

/** A decision: one move code, or the joint move of a simultaneous node (index = player - 1). */
export type Decision = { code: number } | { joint: number[] };

const at = (id: string, rest = ''): string => `/api/games/${encodeURIComponent(id)}${rest}`;

export interface NewGame {
  ruleset: string;
  options: Record<string, unknown>;
  seats: string[];
  seed?: number;
  clock?: { baseMs: number; incrementMs: number };
}

export const api = {
  /** One page of the games this browser's key holds a seat in, newest first. */
  listGames: (before?: string, limit = 20) =>
    call<{ games: GameDoc[]; next: string | null }>(
      'GET',
      `/api/games?limit=${limit}${before ? `&before=${encodeURIComponent(before)}` : ''}`,
    ).then((r) => ({ games: r.games.map(normalizeDoc), next: r.next ?? null })),
  getGame: (id: string) => call<{ game: GameDoc }>('GET', at(id)).then((r) => normalizeDoc(r.game)),
  createGame: (body: NewGame) =>
    call<{ game: GameDoc; invites?: Invite[] }>('POST', '/api/games', body).then((r) => ({
      game: normalizeDoc(r.game),
      invites: r.invites ?? [],
    })),
  deleteGame: (id: string, seat: number) => call<unknown>('DELETE', at(id), { seat }),
  join: (id: string, token: string) =>
    call<{ game: GameDoc; seat: number }>('POST', at(id, '/join'), { token }).then((r) => ({ game: normalizeDoc(r.game), seat: r.seat })),
  move: (id: string, body: { seat: number; ply: number } & Decision) => call<MoveReply>('POST', at(id, '/moves'), body),
  commit: (id: string, body: { seat: number; ply: number; code: number }) => call<unknown>('POST', at(id, '/commit'), body),
  takeback: (id: string, body: { seat: number; ply: number; toPly?: number }) =>
    call<{ game?: GameDoc; toPly?: number }>('POST', at(id, '/takeback'), body),
  answer: (id: string, body: { seat: number; ply: number; offer: 'takeback' | 'draw' | 'rematch'; accept: boolean }) =>
    call<unknown>('POST', at(id, '/answer'), body),
  draw: (id: string, body: { seat: number; ply: number }) => call<unknown>('POST', at(id, '/draw'), body),
  resign: (id: string, body: { seat: number; ply: number }) => call<{ end?: GameEnd; game?: GameDoc }>('POST', at(id, '/resign'), body),
  rematch: (id: string, body: { seat: number }) => call<unknown>('POST', at(id, '/rematch'), body),
  /** Every opponent left (docs/online.md `claim`): the win or a draw; an early claim is 409 saying how long to wait. */
  claim: (id: string, body: { seat: number; ply: number; outcome: 'win' | 'draw' }) =>
    call<{ end?: GameEnd; game?: GameDoc }>('POST', at(id, '/claim'), body),
  record: (id: string) => call<unknown>('GET', at(id, '/record')),
  importRecord: (record: unknown) => call<{ game: GameDoc }>('POST', '/api/games/import', record).then((r) => normalizeDoc(r.game)),
};

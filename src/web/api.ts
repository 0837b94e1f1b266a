/**
 * The page's client for the server's JSON API. Errors come back as `ApiError` with the server's
 * code and message, so the page can show the engine's own reason for a refused move.
 */
import type { GameEvent } from '../core/events.js';
import type { GameDoc, StoredMove } from './engine.js';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
  const init: RequestInit = { method, headers: { accept: 'application/json' } };
  if (body !== undefined) {
    init.body = JSON.stringify(body);
    init.headers = { 'content-type': 'application/json', accept: 'application/json' };
  }
  const res = await fetch(path, init);
  const data = (await res.json().catch(() => ({}))) as { error?: { code: string; message: string } };
  if (!res.ok) throw new ApiError(res.status, data.error?.code ?? 'ERR_INTERNAL', data.error?.message ?? res.statusText);
  return data as T;
}

export interface MoveReply extends StoredMove {
  events: GameEvent[];
  status: string;
  result: string | null;
  position: { counts: number[] };
}

export const api = {
  listGames: () => call<{ games: GameDoc[] }>('GET', '/api/games').then((r) => r.games),
  getGame: (id: string) => call<{ game: GameDoc }>('GET', `/api/games/${encodeURIComponent(id)}`).then((r) => r.game),
  createGame: (body: { ruleset: string; options: Record<string, unknown>; seats: string[]; seed?: number }) =>
    call<{ game: GameDoc }>('POST', '/api/games', body).then((r) => r.game),
  deleteGame: (id: string) => call<unknown>('DELETE', `/api/games/${encodeURIComponent(id)}`),
  move: (id: string, body: { ply: number; code?: number; joint?: number[] }) =>
    call<MoveReply>('POST', `/api/games/${encodeURIComponent(id)}/moves`, body),
  undo: (id: string, toPly: number) =>
    call<{ game: GameDoc }>('POST', `/api/games/${encodeURIComponent(id)}/undo`, { toPly }).then((r) => r.game),
  record: (id: string) => call<unknown>('GET', `/api/games/${encodeURIComponent(id)}/record`),
  importRecord: (record: unknown) => call<{ game: GameDoc }>('POST', '/api/games/import', record).then((r) => r.game),
};

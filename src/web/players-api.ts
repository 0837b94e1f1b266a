/**
 * The page's client of the players' routes (docs/online.md "Players"): profiles, a player's
 * games, leaderboards, and blocking. Blocking is authorised by the session cookie and the CSRF
 * token of GET /api/account, asked for just before (the account page's client keeps its own).
 */
import { ApiError } from './api.js';
import type { GameDoc } from './engine.js';

export interface RatingView {
  ruleset: string;
  rating: number;
  deviation: number;
  provisional: boolean;
  games: number;
  wins: number;
  draws: number;
  losses: number;
}

export interface Profile {
  name: string;
  memberSince: string;
  ratings: RatingView[];
  history: Record<string, { at: number; rating: number }[]>;
  /** Said only to a signed-in reader: whether it is his own page, and whether he blocked this player. */
  you?: boolean;
  blocked?: boolean;
}

export interface PlayerGames {
  games: (GameDoc & { players: (string | null)[] })[];
  next: string | null;
}

export interface Leaderboard {
  ruleset: string;
  activeDays: number;
  players: (RatingView & { rank: number; name: string })[];
}

async function call<T>(path: string, init: RequestInit = {}): Promise<T> {
  const res = await fetch(path, { credentials: 'same-origin', ...init, headers: { accept: 'application/json', ...init.headers } }).catch(
    () => null,
  );
  if (res === null) throw new ApiError(0, 'ERR_OFFLINE', 'the server cannot be reached');
  const data = (await res.json().catch(() => ({}))) as { error?: { code: string; message: string } };
  if (!res.ok) throw new ApiError(res.status, data.error?.code ?? 'ERR_INTERNAL', data.error?.message ?? res.statusText);
  return data as T;
}

const path = (name: string): string => `/api/players/${encodeURIComponent(name)}`;

export const profileOf = (name: string): Promise<Profile> => call<Profile>(path(name));

export const gamesOf = (name: string, before: string | null): Promise<PlayerGames> =>
  call<PlayerGames>(`${path(name)}/games?limit=10${before === null ? '' : `&before=${encodeURIComponent(before)}`}`);

export const leaderboardOf = (ruleset: string): Promise<Leaderboard> =>
  call<Leaderboard>(`/api/leaderboard/${encodeURIComponent(ruleset)}`);

/** Blocks (true) or unblocks (false) a player by name. */
export async function setBlocked(name: string, blocked: boolean): Promise<void> {
  const { csrf } = await call<{ csrf?: string }>('/api/account');
  const headers: Record<string, string> = { 'x-gabata-csrf': csrf ?? '' };
  if (blocked) {
    headers['content-type'] = 'application/json';
    await call('/api/account/blocks', { method: 'POST', headers, body: JSON.stringify({ name }) });
  } else {
    await call(`/api/account/blocks/${encodeURIComponent(name)}`, { method: 'DELETE', headers });
  }
}

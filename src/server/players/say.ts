/**
 * Quick messages during a game: a player says one of a few fixed phrases over the live socket
 * (`{ type: 'say', id?, seat, phrase }`) and every socket of the game hears `{ type: 'said',
 * seat, phrase }`, each client writing it in its own language. There is no free text at all, so
 * nothing can be abusive but the repetition, which is capped per seat (one a second, twenty a game)
 * and per client over all its games (60 a minute per key or account, four times as many per
 * address). A socket whose account blocked the speaker's (or was blocked by it) is not told.
 */
import { QUICK_PHRASES, type QuickPhrase } from '../../i18n/locales/areas/players.js';
import { intField, type Reply } from '../games.js';
import { HttpError, RateLimited } from '../http.js';
import { Window } from '../limits.js';
import { frameTopic } from '../live/frames.js';
import type { GamesApi } from '../play.js';

export { QUICK_PHRASES, type QuickPhrase };

export interface SayLimits {
  /** The least time between two phrases of one seat. */
  intervalMs: number;
  /** The most phrases one seat says in a game. */
  perGame: number;
}

export const SAY_LIMITS: SayLimits = { intervalMs: 1000, perGame: 20 };

/** Phrases a minute over all games: per key (or account), and per address `addressShare` times as many. */
export const SAY_PER_MINUTE = { perKey: 60, addressShare: 4 } as const;

/** Seats remembered (per game and seat); past this, the oldest are forgotten. */
const MAX_REMEMBERED = 20_000;

const FIELDS = new Set(['type', 'id', 'seat', 'phrase']);

/** The sayings of one server: the caps' counts, and who does not hear whom. */
export class Sayings {
  limits: SayLimits = SAY_LIMITS;
  /** Whether a socket of `listener` is not to hear `speaker` (both keys' or principals' hashes; null: a spectator). */
  apart: (listener: string | null, speaker: string) => boolean = () => false;
  private readonly said = new Map<string, { last: number; count: number }>();
  private readonly byKey = new Window(SAY_PER_MINUTE.perKey);
  private readonly byAddress = new Window(SAY_PER_MINUTE.perKey * SAY_PER_MINUTE.addressShare);

  /**
   * Counts one phrase of a seat, or refuses it (429) past the caps: the seat's, then (when given)
   * the speaking key's and the address's a minute (null: no per-address limit, a load test).
   */
  take(gameId: string, seat: number, now: number, keyHash?: string, client?: string | null): void {
    const key = `${gameId}\n${seat}`;
    const s = this.said.get(key) ?? { last: -Infinity, count: 0 };
    if (s.count >= this.limits.perGame)
      throw new HttpError(429, 'ERR_RATE_LIMIT', `a seat says at most ${this.limits.perGame} phrases a game`);
    const wait = s.last + this.limits.intervalMs - now;
    if (wait > 0) throw new RateLimited('one phrase at a time', wait);
    const byKey = keyHash === undefined ? 0 : this.byKey.take(keyHash, now);
    if (byKey > 0) throw new RateLimited(`a player says at most ${this.byKey.max} phrases a minute`, byKey);
    const byAddress = client === undefined || client === null ? 0 : this.byAddress.take(client, now);
    if (byAddress > 0) throw new RateLimited(`an address says at most ${this.byAddress.max} phrases a minute`, byAddress);
    this.said.delete(key);
    this.said.set(key, { last: now, count: s.count + 1 });
    if (this.said.size > MAX_REMEMBERED) this.said.delete(this.said.keys().next().value as string);
  }
}

const registry = new WeakMap<GamesApi, Sayings>();

/** The sayings of a server's games API (made on first use). */
export function sayingsOf(api: GamesApi): Sayings {
  const known = registry.get(api);
  if (known) return known;
  const s = new Sayings();
  registry.set(api, s);
  return s;
}

/** The phrase of a message: one of QUICK_PHRASES, nothing else (and no other field). */
function readPhrase(body: Record<string, unknown>): QuickPhrase {
  for (const k of Object.keys(body))
    if (!FIELDS.has(k)) throw new HttpError(400, 'ERR_ARGUMENT', `a say message has no field "${k.slice(0, 40)}"`);
  const p = body['phrase'];
  if (typeof p !== 'string' || !(QUICK_PHRASES as readonly string[]).includes(p)) {
    throw new HttpError(400, 'ERR_ARGUMENT', `"phrase" must be one of ${QUICK_PHRASES.join(', ')}`);
  }
  return p as QuickPhrase;
}

/**
 * A live `say`: the seat must be the sender's own in a game with another person; told to every
 * socket of the game. `client` (the sender's address, as limits count it) is capped when the
 * server counts per address.
 */
export function say(api: GamesApi, keyHash: string | null, gameId: string, body: Record<string, unknown>, client?: string): Reply {
  if (keyHash === null) throw new HttpError(401, 'ERR_AUTH', 'saying something needs your player key: say hello with it');
  const phrase = readPhrase(body);
  const l = api.load(gameId);
  const seat = intField(body, 'seat', 1, l.seats.length);
  if (!l.seatsOf(keyHash).includes(seat)) throw new HttpError(403, 'ERR_FORBIDDEN', `seat ${seat} is not yours`);
  if (!l.online) throw new HttpError(409, 'ERR_CONFLICT', 'nobody else plays this game');
  const sayings = sayingsOf(api);
  sayings.take(gameId, seat, api.now(), keyHash, api.limits === null ? null : client);
  const text = JSON.stringify({ type: 'said', seat, phrase });
  // Every socket of the game hears it through the bus, but those whose account is apart from the speaker's.
  void api.frames.publish(frameTopic(gameId), { text, speaker: keyHash });
  return [200, { said: phrase }];
}

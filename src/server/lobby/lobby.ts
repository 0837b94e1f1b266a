/**
 * The lobby: open seeks anyone may accept, and quick-pairing pools paired in waves. It keeps its
 * state in a LobbyStore (async: memory today, a shared database later), tells the world through a
 * Bus (in-process today, Redis later): `seek-added`, `seek-removed`, `pool-counts`, `paired`. The
 * sockets (socket.ts) turn those into messages; nothing here knows of sockets but their ids.
 *
 * A pair becomes a game through the games API (`createFor`): both seats held, each by its
 * player's key, the seat chosen by the seek's preference or drawn from the lobby's seed, the clock
 * of the seek or pool. Players are identities (a key's hash, or its account's principal when
 * signed in); ratings come from a RatingSource (everyone 1500 with deviation 350 until ratings
 * exist), blocks from Blocks, and names from Names: a seek shows its seeker's account name (null:
 * a player key alone), and rated games are only between accounts (ERR_AUTH for anyone else).
 */
import { randomBytes } from 'node:crypto';
import { Rng } from '@gabata/engine/core';
import { logFailure } from '../failures.js';
import { HttpError } from '../http.js';
import { Window } from '../limits.js';
import type { ClockSpec } from '../live/clock.js';
import { MIN_CLOCK_BASE_MS } from '../live/clock.js';
import { PROVISIONAL_DEVIATION } from '../ratings/glicko2.js';
import type { Bus, Topics } from '../bus.js';
import { PAIRING_RULES, pairWave, type PairingRules, type PoolEntry } from './pools.js';
import {
  poolSpecs,
  poolTerms,
  readColour,
  readRange,
  readRated,
  readTerms,
  seekView,
  type Owner,
  type PoolSpec,
  type Seek,
  type SeekView,
  type Terms,
} from './seeks.js';
import type { LobbyStore, Waiting } from './store.js';

export interface Rating {
  rating: number;
  deviation: number;
  /** Whether the rating is provisional (by default: the deviation is over PROVISIONAL_DEVIATION). */
  provisional?: boolean;
}

/** Players' ratings in the terms of a game (the ratings module fills it; until then everyone is new). */
export interface RatingSource {
  rating(identity: string, terms: { ruleset: string; clock: ClockSpec | null }): Promise<Rating>;
}

export const NEW_PLAYER: Rating = { rating: 1500, deviation: 350 };
export const PROVISIONAL_RATINGS: RatingSource = { rating: async () => NEW_PLAYER };

/**
 * The players one must never meet in the lobby: those he blocked and those who blocked him, both
 * (players/store.ts: LobbyBlocks). Accepting and pairing look at both players' sets; the seek list
 * shown to a player is filtered by his set, and a new seek by its seeker's, so either way suffices.
 */
export interface Blocks {
  blockedBy(identity: string): Promise<ReadonlySet<string>>;
}

export const NO_BLOCKS: Blocks = { blockedBy: async () => new Set<string>() };

/** Who a player is to others: an account's name, or null for a player key alone (anonymous, never rated). */
export interface Names {
  name(identity: string): Promise<string | null>;
}

export const NO_NAMES: Names = { name: async () => null };

/** What a player is told of another: the account's name (null: anonymous), the rating in the game's terms (rounded), provisional or not. */
export interface Shown {
  name: string | null;
  rating: number;
  provisional: boolean;
}

/** The refusal of a rated seek, pool entry or accept from a key without an account. */
export const RATED_NEEDS_ACCOUNT = 'rated games are between accounts: sign in';

/** Makes the game of a pair (GamesApi.createFor). */
export interface PairedGames {
  createFor(
    ruleset: string,
    options: Record<string, unknown>,
    keyHashes: readonly string[],
    clock: ClockSpec | null,
    seed: number,
    /** Rated: its end moves the players' ratings (when both are accounts: ratings/service.ts). */
    rated: boolean,
  ): { id: string } | Promise<{ id: string }>;
}

/** One seat of a paired game, and who holds it. */
export interface PairedSeat {
  seat: number;
  identity: string;
  keyHash: string;
  /** What the other player is told of this one. */
  shown: Shown;
}

export interface PairedEvent {
  gameId: string;
  seats: PairedSeat[];
  ruleset: string;
  clock: ClockSpec | null;
  rated: boolean;
  /** The pool that paired them, or the seek accepted. */
  pool: string | null;
  seek: string | null;
}

/** The lobby's topics on the bus. */
export interface LobbyEvents extends Topics {
  /**
   * `by`: the seeker's identity; `apart`: the identities it must not be shown to (blocks either
   * way). Neither is ever sent to a client.
   */
  'seek-added': { seek: SeekView; by: string; apart: string[] };
  'seek-removed': { id: string };
  'pool-counts': { counts: Record<string, number> };
  paired: PairedEvent;
}

/** Caps per client: open things per key (an address may hold `addressShare` times as many), and per-minute counts. */
export interface LobbyCaps {
  seeksPerKey: number;
  /** Pool entries a key holds at once (a key waits in one pool). */
  poolEntriesPerKey: 1;
  addressShare: number;
  seeksPerMinute: number;
  joinsPerMinute: number;
  acceptsPerMinute: number;
}

export const LOBBY_CAPS: LobbyCaps = {
  seeksPerKey: 3,
  poolEntriesPerKey: 1,
  addressShare: 4,
  seeksPerMinute: 30,
  joinsPerMinute: 30,
  acceptsPerMinute: 30,
};

export interface LobbyConfig {
  store: LobbyStore;
  bus: Bus<LobbyEvents>;
  ratings?: RatingSource;
  blocks?: Blocks;
  names?: Names;
  /** Time between pairing waves (ms). */
  waveMs?: number;
  /** Seed of the seat draws, game seeds and pairing tie-breaks (random by default). */
  seed?: number;
  now?: () => number;
  minClockBaseMs?: number;
  caps?: Partial<LobbyCaps>;
  /** false: no per-address caps (a load test, where every client is one address). */
  perAddress?: boolean;
  rules?: PairingRules;
}

export const WAVE_MS = 3_000;

type Counted = 'seek' | 'join' | 'accept';

/** The lobby's service. */
export class Lobby {
  readonly pools: ReadonlyMap<string, PoolSpec>;
  readonly now: () => number;
  readonly caps: LobbyCaps;
  private readonly store: LobbyStore;
  private readonly bus: Bus<LobbyEvents>;
  private readonly ratings: RatingSource;
  private readonly blocks: Blocks;
  private readonly names: Names;
  private readonly rng: Rng;
  private readonly windows = new Map<string, Window>();
  private readonly waveMs: number;
  private nextWave: number;
  private countsDirty = false;
  private busy = false;
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly games: PairedGames,
    private readonly cfg: LobbyConfig,
  ) {
    this.store = cfg.store;
    this.bus = cfg.bus;
    this.ratings = cfg.ratings ?? PROVISIONAL_RATINGS;
    this.blocks = cfg.blocks ?? NO_BLOCKS;
    this.names = cfg.names ?? NO_NAMES;
    this.now = cfg.now ?? Date.now;
    this.caps = { ...LOBBY_CAPS, ...cfg.caps };
    this.rng = new Rng(cfg.seed ?? randomBytes(4).readUInt32LE(0));
    this.waveMs = cfg.waveMs ?? WAVE_MS;
    this.nextWave = this.now() + this.waveMs;
    this.pools = new Map(poolSpecs().map((p) => [p.id, p]));
    const perMinute: Record<Counted, number> = {
      seek: this.caps.seeksPerMinute,
      join: this.caps.joinsPerMinute,
      accept: this.caps.acceptsPerMinute,
    };
    for (const [what, max] of Object.entries(perMinute)) {
      this.windows.set(`${what}:key`, new Window(max));
      this.windows.set(`${what}:address`, new Window(max * this.caps.addressShare));
    }
  }

  /** Runs `tick` on a timer (a second, or the wave time if shorter). */
  start(): void {
    if (this.timer !== null) return;
    this.timer = setInterval(() => void this.tick(), Math.min(1000, this.waveMs));
    this.timer.unref();
  }

  stop(): void {
    if (this.timer !== null) clearInterval(this.timer);
    this.timer = null;
  }

  /** Publishes the pool counts if they changed, and runs a wave when one is due. Never throws. */
  async tick(now = this.now()): Promise<void> {
    if (this.busy) return;
    this.busy = true;
    try {
      if (now >= this.nextWave) {
        this.nextWave = now + this.waveMs;
        await this.wave(now);
      }
      if (this.countsDirty) {
        this.countsDirty = false;
        await this.bus.publish('pool-counts', { counts: await this.store.counts() });
      }
    } catch (e) {
      logFailure('lobby: a wave', e);
    } finally {
      this.busy = false;
    }
  }

  /**
   * What a socket is sent on hello: every open seek `viewer` may see (none of a player he blocked
   * or who blocked him; null: a watcher sees all) and every pool with how many wait in it.
   */
  async snapshot(viewer: string | null = null): Promise<{ seeks: SeekView[]; pools: (PoolSpec & { waiting: number })[] }> {
    const counts = await this.store.counts();
    const apart = viewer === null ? new Set<string>() : await this.blocks.blockedBy(viewer);
    const seeks = (await this.store.seeks()).filter((s) => !apart.has(s.by.identity)).map(seekView);
    return { seeks, pools: [...this.pools.values()].map((p) => ({ ...p, waiting: counts[p.id] ?? 0 })) };
  }

  /** Counts one `what` for the owner's key and address (429 over a minute's allowance). */
  private count(what: Counted, o: Owner): void {
    const now = this.now();
    const byKey = this.windows.get(`${what}:key`)!;
    const byAddress = this.windows.get(`${what}:address`)!;
    if (byKey.take(o.keyHash, now) > 0)
      throw new HttpError(429, 'ERR_RATE_LIMIT', `too many ${what}s for this player key (at most ${byKey.max} a minute)`);
    if (this.cfg.perAddress !== false && byAddress.take(o.client, now) > 0) {
      throw new HttpError(429, 'ERR_RATE_LIMIT', `too many ${what}s from this address (at most ${byAddress.max} a minute)`);
    }
  }

  /** What others are told of a player in these terms. */
  private async shown(identity: string, terms: Pick<Terms, 'ruleset' | 'clock'>): Promise<Shown> {
    const [name, r] = await Promise.all([this.names.name(identity), this.ratings.rating(identity, terms)]);
    return { name, rating: Math.round(r.rating), provisional: r.provisional ?? r.deviation > PROVISIONAL_DEVIATION };
  }

  /** A rated game needs an account (401 ERR_AUTH for a player key alone). */
  private async needsAccount(identity: string): Promise<void> {
    if ((await this.names.name(identity)) === null) throw new HttpError(401, 'ERR_AUTH', RATED_NEEDS_ACCOUNT);
  }

  /** Lists a seek to everyone but those apart from its seeker. */
  private async publishSeek(s: Seek): Promise<void> {
    const apart = [...(await this.blocks.blockedBy(s.by.identity))];
    await this.bus.publish('seek-added', { seek: seekView(s), by: s.by.identity, apart });
  }

  // ---- seeks ----

  /** Opens a seek (caps: open seeks per key and per address; options checked as a game's). */
  async seek(o: Owner, body: Record<string, unknown>): Promise<SeekView> {
    const terms = readTerms(body, this.cfg.minClockBaseMs ?? MIN_CLOCK_BASE_MS);
    const colour = readColour(body['colour']);
    const range = readRange(body['range']);
    if (terms.rated) await this.needsAccount(o.identity);
    const open = await this.store.seekCounts(o.keyHash, o.client);
    const max = this.caps.seeksPerKey;
    if (open.key >= max) throw new HttpError(429, 'ERR_RATE_LIMIT', `this player key has ${max} open seeks already: cancel one first`);
    if (this.cfg.perAddress !== false && open.client >= max * this.caps.addressShare) {
      throw new HttpError(429, 'ERR_RATE_LIMIT', `this address has ${max * this.caps.addressShare} open seeks already`);
    }
    this.count('seek', o);
    const { name, rating, provisional } = await this.shown(o.identity, terms);
    const seek: Seek = { ...terms, id: newSeekId(), by: o, colour, range, rating, provisional, name, created: this.now() };
    await this.store.addSeek(seek);
    await this.publishSeek(seek);
    return seekView(seek);
  }

  /** Cancels one of the key's own seeks. */
  async cancel(keyHash: string, id: string): Promise<void> {
    const s = await this.store.seek(id);
    if (s === null) throw new HttpError(404, 'ERR_NOT_FOUND', 'no such seek (taken, cancelled or never made)');
    if (s.by.keyHash !== keyHash) throw new HttpError(403, 'ERR_FORBIDDEN', 'this seek is not yours to cancel');
    if (await this.store.takeSeek(id)) await this.bus.publish('seek-removed', { id });
  }

  /**
   * Accepts a seek: the game is made at once for both. Never one's own, never across a block, only
   * within its range, and a rated one only by an account.
   */
  async accept(o: Owner, id: string): Promise<PairedEvent> {
    this.count('accept', o);
    const s = await this.store.seek(id);
    if (s === null) throw new HttpError(404, 'ERR_NOT_FOUND', 'this seek is gone (taken or cancelled)');
    if (s.by.identity === o.identity || s.by.keyHash === o.keyHash) throw new HttpError(409, 'ERR_CONFLICT', 'this is your own seek');
    if (s.rated) await this.needsAccount(o.identity);
    if (await this.blockedEitherWay(s.by.identity, o.identity)) throw new HttpError(403, 'ERR_FORBIDDEN', 'this seek is not open to you');
    const mine = await this.ratings.rating(o.identity, s);
    if (s.range !== null && (mine.rating < s.range.min || mine.rating > s.range.max)) {
      throw new HttpError(
        403,
        'ERR_FORBIDDEN',
        `this seek is for ratings ${s.range.min} to ${s.range.max}; yours is ${Math.round(mine.rating)}`,
      );
    }
    // Whoever takes it first pairs on it; a second accept finds it gone.
    if ((await this.store.takeSeek(id)) === null) throw new HttpError(404, 'ERR_NOT_FOUND', 'this seek is gone (taken or cancelled)');
    await this.bus.publish('seek-removed', { id });
    const first = s.colour === 'first' || (s.colour === 'random' && this.rng.int(2) === 0);
    const players = first ? [s.by, o] : [o, s.by];
    try {
      return await this.pair(s, players, { pool: null, seek: id });
    } catch (e) {
      // No game was made: the seek is open again, for this player or another.
      await this.store.addSeek(s);
      await this.publishSeek(s);
      throw e;
    }
  }

  private async blockedEitherWay(a: string, b: string): Promise<boolean> {
    const [ofA, ofB] = await Promise.all([this.blocks.blockedBy(a), this.blocks.blockedBy(b)]);
    return ofA.has(b) || ofB.has(a);
  }

  /** Makes the game of two players (seat 1 first), clears what else they had open, and tells both. */
  private async pair(terms: Terms, players: Owner[] | Waiting[], from: { pool: string | null; seek: string | null }): Promise<PairedEvent> {
    const keys = players.map((p) => p.keyHash);
    const g = await this.games.createFor(terms.ruleset, terms.options, keys, terms.clock, this.rng.nextUint32(), terms.rated);
    for (const p of players) await this.clearPlayer(p.keyHash);
    const shown = await Promise.all(players.map((p) => this.shown(p.identity, terms)));
    const seats = players.map((p, i) => ({ seat: i + 1, identity: p.identity, keyHash: p.keyHash, shown: shown[i]! }));
    const event: PairedEvent = { gameId: g.id, seats, ruleset: terms.ruleset, clock: terms.clock, rated: terms.rated, ...from };
    await this.bus.publish('paired', event);
    return event;
  }

  /** A player who starts a game leaves every pool and withdraws every seek (as on lichess). */
  private async clearPlayer(keyHash: string): Promise<void> {
    if (await this.store.leave(keyHash)) this.countsDirty = true;
    for (const s of await this.store.seeks()) {
      if (s.by.keyHash === keyHash && (await this.store.takeSeek(s.id))) await this.bus.publish('seek-removed', { id: s.id });
    }
  }

  // ---- pools ----

  /**
   * Puts the key in a pool (leaving any other it waited in). Caps: one pool a key, a few entries an
   * address. A rated entry (`rawRated` true; absent: rated for an account, casual for a key alone)
   * needs an account; a pair's game is rated when both its entries are.
   */
  async joinPool(
    o: Owner,
    poolId: unknown,
    rawRange: unknown,
    rawRated?: unknown,
  ): Promise<{ pool: string; waiting: number; rated: boolean }> {
    const spec = typeof poolId === 'string' ? this.pools.get(poolId) : undefined;
    if (spec === undefined) throw new HttpError(400, 'ERR_ARGUMENT', '"pool" must be the id of a pool (see the welcome message)');
    const range = readRange(rawRange);
    const signedIn = (await this.names.name(o.identity)) !== null;
    const rated = readRated(rawRated, signedIn);
    if (rated && !signedIn) throw new HttpError(401, 'ERR_AUTH', RATED_NEEDS_ACCOUNT);
    const had = await this.store.entryOf(o.keyHash);
    const max = this.caps.poolEntriesPerKey * this.caps.addressShare;
    if (this.cfg.perAddress !== false && had === null && (await this.store.entriesOf(o.client)) >= max) {
      throw new HttpError(429, 'ERR_RATE_LIMIT', `this address has ${max} players waiting in pools already`);
    }
    this.count('join', o);
    const r = await this.ratings.rating(o.identity, spec);
    const w: Waiting = { ...o, pool: spec.id, rating: r.rating, deviation: r.deviation, since: this.now(), range, rated };
    await this.store.join(w);
    this.countsDirty = true;
    return { pool: spec.id, waiting: (await this.store.counts())[spec.id] ?? 0, rated };
  }

  /** Takes the key out of its pool; false if it waited nowhere. */
  async leavePool(keyHash: string): Promise<boolean> {
    const left = await this.store.leave(keyHash);
    if (left !== null) this.countsDirty = true;
    return left !== null;
  }

  /** One wave over every pool with two or more waiting; the number of games made. */
  async wave(now = this.now()): Promise<number> {
    let made = 0;
    const counts = await this.store.counts();
    for (const [id, n] of Object.entries(counts)) if (n >= 2) made += await this.wavePool(this.pools.get(id)!, now);
    return made;
  }

  /** A pool's wave. A pair's game is rated when both entries are (two accounts), else casual. */
  private async wavePool(spec: PoolSpec, now: number): Promise<number> {
    const waiting = await this.store.waiting(spec.id);
    const entries = await Promise.all(waiting.map((w) => this.entry(w)));
    const pairs = pairWave(entries, now, this.rng.nextUint32(), this.cfg.rules ?? PAIRING_RULES);
    let made = 0;
    for (const { a, b } of pairs) {
      // Taken by another wave or gone meanwhile: neither is paired here.
      if (!(await this.store.takePair(spec.id, a.w.keyHash, b.w.keyHash))) continue;
      this.countsDirty = true;
      const players = this.rng.int(2) === 0 ? [a.w, b.w] : [b.w, a.w];
      try {
        await this.pair(poolTerms(spec, a.w.rated && b.w.rated), players, { pool: spec.id, seek: null });
        made++;
      } catch (e) {
        // The game could not be made: both wait on, as they were.
        logFailure(`lobby: pairing in ${spec.id}`, e);
        for (const p of players) await this.store.join(p);
      }
    }
    return made;
  }

  private async entry(w: Waiting): Promise<PoolEntry & { w: Waiting }> {
    const blocked = await this.blocks.blockedBy(w.identity);
    return { player: w.identity, rating: w.rating, deviation: w.deviation, since: w.since, blocked, range: w.range ?? undefined, w };
  }

  /** A socket closed: its seeks go (everyone is told), and its key's pool entry if made from it. */
  async socketClosed(socket: string, keyHash: string | null): Promise<void> {
    for (const s of await this.store.seeks()) {
      if (s.by.socket === socket && (await this.store.takeSeek(s.id))) await this.bus.publish('seek-removed', { id: s.id });
    }
    if (keyHash === null) return;
    const w = await this.store.entryOf(keyHash);
    if (w !== null && w.socket === socket) await this.leavePool(keyHash);
  }
}

function newSeekId(): string {
  return randomBytes(6).toString('base64url').replace(/[-_]/g, 'x');
}

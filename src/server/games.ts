/**
 * What the API does with games: create, import, list, read, delete, join, export, and load a game
 * into memory (an LRU cache; games with connected sockets or a running search stay). What players
 * do during a game (moves, race commits, offers, resign, clocks) is in play.ts, on top of this.
 *
 * Every state-changing call names its seat and carries the key's hash; `actor` checks that the
 * key holds the seat (401 without a key, 403 for another's seat).
 */
import { randomBytes, randomInt } from 'node:crypto';
import { RULESETS } from '@gabata/engine/games';
import { bareMessage, type GameRecord } from '@gabata/engine/notation';
import { HttpError, fail } from './http.js';
import { sha256, newToken } from './keys.js';
import { applyDecision, buildGame, snapshot } from './match.js';
import { decisionOf, makeGameRecord, readGameRecord } from './record.js';
import type { RawRecord } from './quarantine.js';
import { listedDoc, loadOrRaw, quarantineFor, rebuild } from './restore.js';
import type { ClientLimits } from './limits.js';
import { newGameRow, type GameRow, type GameStore, type MoveRow, type NewGame, type SeatRow } from './store.js';
import {
  DAY_MS,
  DAYS_PER_MOVE,
  MAX_CLOCK_BASE_MS,
  MAX_CLOCK_INCREMENT_MS,
  MIN_CLOCK_BASE_MS,
  newClock,
  run,
  type ClockSpec,
} from './live/clock.js';
import { InProcessBus } from './bus.js';
import type { FrameBus, GameFrames } from './live/frames.js';
import { LiveGame, emptyMeta, readMeta, seatsView, type Meta, type PeopleOf } from './live/game.js';

export const SEAT_KINDS = ['human', 'invite', 'computer:1', 'computer:2', 'computer:3', 'computer:4', 'computer:5'] as const;

/** A reply: HTTP status and JSON body. */
export type Reply = [status: number, body: unknown];

export interface GamesConfig {
  /** Games kept in memory (the least recently used without sockets are dropped beyond it). */
  cacheSize?: number;
  /** The most moves an imported record may have. */
  maxImportMoves?: number;
  /** The shortest clock base time allowed (10 s; tests may lower it). */
  minClockBaseMs?: number;
  /** Milliseconds since the epoch (tests may inject a clock). */
  now?: () => number;
  /** How long opponents must be gone before a live game can be claimed (play.ts CLAIM_AFTER_MS; tests shorten it). */
  claimAfterMs?: number;
  /** The bus the games' frames go out on (default: one within this process). */
  frames?: FrameBus;
}

export const DEFAULT_CACHE_SIZE = 500;
export const MAX_IMPORT_MOVES = 5_000;
/** Games one `remember` looks at to make room (those that must stay go to the back). */
const REMEMBER_SCAN = 16;

function newId(): string {
  return randomBytes(6).toString('base64url').replace(/[-_]/g, 'x');
}

/** Reads an integer field (the HTTP schemas check this first; the live socket's messages only here). */
export function intField(body: Record<string, unknown>, name: string, min: number, max: number): number {
  const v = body[name];
  if (typeof v !== 'number' || !Number.isInteger(v) || v < min || v > max) {
    throw new HttpError(400, 'ERR_ARGUMENT', `"${name}" must be an integer from ${min} to ${max}`);
  }
  return v;
}

function parseSeed(raw: unknown): number {
  if (raw === undefined || raw === null) return randomInt(1, 2 ** 31);
  if (typeof raw !== 'number' || !Number.isInteger(raw) || raw < 0 || raw > 0xffffffff) {
    throw new HttpError(400, 'ERR_ARGUMENT', '"seed" must be an integer from 0 to 4294967295');
  }
  return raw;
}

function parseSeats(raw: unknown, players: number): string[] {
  if (raw === undefined) return Array.from({ length: players }, (_, i) => (i === 0 ? 'human' : 'computer:2'));
  if (!Array.isArray(raw) || raw.length !== players) {
    throw new HttpError(400, 'ERR_ARGUMENT', `"seats" must list ${players} seats, one per player`);
  }
  return raw.map((k, i) => {
    if (typeof k !== 'string' || !(SEAT_KINDS as readonly string[]).includes(k)) {
      throw new HttpError(400, 'ERR_ARGUMENT', `seat ${i + 1} cannot be ${JSON.stringify(k)}; expected one of ${SEAT_KINDS.join(', ')}`);
    }
    return k;
  });
}

function parseClock(raw: unknown, minBase: number): ClockSpec | null {
  if (raw === undefined || raw === null) return null;
  const c = raw as Record<string, unknown>;
  if (typeof c !== 'object' || Array.isArray(c)) {
    throw new HttpError(400, 'ERR_ARGUMENT', '"clock" must be { baseMs, incrementMs } or { daysPerMove }');
  }
  if (c['daysPerMove'] !== undefined) {
    const days = c['daysPerMove'];
    if (!(DAYS_PER_MOVE as readonly unknown[]).includes(days)) {
      throw new HttpError(400, 'ERR_ARGUMENT', `"daysPerMove" must be one of ${DAYS_PER_MOVE.join(', ')}`);
    }
    return { baseMs: 0, incrementMs: 0, perMoveMs: (days as number) * DAY_MS };
  }
  return { baseMs: intField(c, 'baseMs', minBase, MAX_CLOCK_BASE_MS), incrementMs: intField(c, 'incrementMs', 0, MAX_CLOCK_INCREMENT_MS) };
}

/** Seats of an imported record: its agents when they are seat kinds, one per player; else people. */
function importedSeats(agents: readonly string[] | undefined, players: number): string[] {
  const known = (a: string): boolean => a === 'human' || /^computer:[1-5]$/.test(a);
  return agents && agents.length === players && agents.every(known) ? [...agents] : Array.from({ length: players }, () => 'human');
}

export class GamesCore {
  protected readonly cache = new Map<string, LiveGame>();
  /** The per-client counts (catch-ups and game reads are charged here); null: no limits. */
  limits: ClientLimits | null = null;
  /**
   * The hash a request's key acts as: itself, or the principal of the account it is signed in to
   * (accounts/service.ts sets this), under which that account's seats are held.
   */
  principal: (keyHash: string | null) => string | null = (k) => k;
  private peopleOf: PeopleOf | null = null;

  /** Who holds each seat of a game (players/index.ts names accounts and their ratings); null: nobody is named. */
  get people(): PeopleOf | null {
    return this.peopleOf;
  }

  set people(f: PeopleOf | null) {
    this.peopleOf = f;
    for (const l of this.cache.values()) l.people = f;
  }
  readonly now: () => number;
  /** The bus each game's frames are published on and its sockets subscribe to (live/frames.ts). */
  readonly frames: FrameBus;
  protected readonly cacheSize: number;
  protected readonly maxImportMoves: number;
  protected readonly minClockBaseMs: number;

  constructor(
    readonly store: GameStore,
    cfg: GamesConfig = {},
  ) {
    this.now = cfg.now ?? Date.now;
    this.frames = cfg.frames ?? new InProcessBus<GameFrames>();
    this.cacheSize = cfg.cacheSize ?? DEFAULT_CACHE_SIZE;
    this.maxImportMoves = cfg.maxImportMoves ?? MAX_IMPORT_MOVES;
    this.minClockBaseMs = cfg.minClockBaseMs ?? MIN_CLOCK_BASE_MS;
  }

  /** Ids of the games held in memory now, least recently used first. */
  cachedIds(): string[] {
    return [...this.cache.keys()];
  }

  rulesets(): Reply {
    return [200, { rulesets: RULESETS.map((r) => ({ info: r.info, options: r.options, presets: r.presets })) }];
  }

  list(keyHash: string | null, limit = 20, before?: string): Reply {
    if (keyHash === null) throw new HttpError(401, 'ERR_AUTH', 'listing games needs your player key (Authorization: Bearer <key>)');
    let cursor: { updated: string; id: string } | undefined;
    if (before !== undefined) {
      try {
        const [updated, id] = JSON.parse(Buffer.from(before, 'base64url').toString('utf8')) as unknown[];
        if (typeof updated !== 'string' || typeof id !== 'string') throw new Error('shape');
        cursor = { updated, id };
      } catch {
        throw new HttpError(400, 'ERR_ARGUMENT', '"before" is not a cursor this server gave');
      }
    }
    const page = this.store.listForKey(keyHash, limit, cursor);
    const now = this.now();
    return [
      200,
      { games: page.games.map((g) => this.cache.get(g.id)?.doc(now) ?? listedDoc(this.store, g, () => this.rowDoc(g))), next: page.next },
    ];
  }

  /** The document of a game not in memory (a listing does not load every game). */
  private rowDoc(g: GameRow): Record<string, unknown> {
    const meta = readMeta(g.meta);
    const seats = this.store.getSeats(g.id);
    return {
      id: g.id,
      ruleset: g.ruleset,
      options: g.options,
      seed: g.seed,
      created: g.created,
      updated: g.updated,
      status: g.status,
      result: g.result,
      moveCount: g.moveCount,
      online: seats.some((s) => s.kind === 'invite'),
      seats: seatsView({ id: g.id, ruleset: g.ruleset, rated: meta.rated === true, seats }, this.people, new Set()),
      clock: meta.clock,
      offers: meta.offers.map((o) => ({
        offer: o.offer,
        by: o.by,
        accepted: o.accepted,
        ...(o.toPly === undefined ? {} : { toPly: o.toPly }),
      })),
      committed: Object.keys(meta.commits).map(Number),
      end: meta.end,
      rematch: meta.rematch,
    };
  }

  /** Charges `moves` read moves to a client (429 beyond its limit). */
  chargeMoves(client: string, keyHash: string | null, moves: number): void {
    if (this.limits !== null && moves > 0) this.limits.take('catchUpMoves', client, keyHash, moves);
  }

  get(id: string, client = '', keyHash: string | null = null): Reply {
    const l = this.load(id);
    this.chargeMoves(client, keyHash, l.moveCount);
    this.saveNow(l);
    return [200, { game: { ...l.doc(this.now(), this.store.getMoves(id)), position: snapshot(l.game, l.state) } }];
  }

  /** Moves `from`.. of a game, `limit` at most (a client pages what a catch-up did not send). */
  movesPage(id: string, from: number, limit: number, client = '', keyHash: string | null = null): Reply {
    const l = this.load(id);
    const moves = this.store.getMovesPage(id, from, limit);
    this.chargeMoves(client, keyHash, moves.length);
    const rows = moves.map((m) => ({ ply: m.ply, move: m.move, codes: m.codes, joint: m.joint }));
    return [200, { from, moveCount: l.moveCount, moves: rows }];
  }

  /** The game's record; a quarantined game's rows as they are stored. */
  record(id: string): [number, GameRecord | RawRecord] {
    const l = loadOrRaw(this.store, id, (x) => this.load(x));
    if (!(l instanceof LiveGame)) return [200, l];
    this.saveNow(l);
    const g = this.store.getGame(id)!;
    const rec = makeGameRecord(l.game, g, this.store.getMoves(id), l.state);
    const end = l.meta.end;
    if (end && end.reason !== 'rules') {
      // The engine's state does not know a resignation, an agreed draw or a flag: the record does.
      const scores = Array.from(l.state.scores).slice(1);
      return [200, { ...rec, result: { winner: end.winner, scores, reason: end.reason } }];
    }
    return [200, rec];
  }

  /** Creates a game; every human seat is held by the creator's key, each invite seat gets a token. */
  create(keyHash: string | null, body: Record<string, unknown>, client = ''): Reply {
    if (keyHash === null) throw new HttpError(401, 'ERR_AUTH', 'creating a game needs your player key (Authorization: Bearer <key>)');
    if (typeof body['ruleset'] !== 'string') throw new HttpError(400, 'ERR_ARGUMENT', '"ruleset" (a ruleset id) is required');
    const options = body['options'] ?? {};
    if (typeof options !== 'object' || options === null || Array.isArray(options)) {
      throw new HttpError(400, 'ERR_ARGUMENT', '"options" must be an object of option names and values');
    }
    const built = buildGame(body['ruleset'], options as Record<string, unknown>);
    if (!built.ok) fail(built.error);
    const game = built.value;
    const kinds = parseSeats(body['seats'], game.players);
    const seed = parseSeed(body['seed']);
    const clock = parseClock(body['clock'], this.minClockBaseMs);
    const invites: { seat: number; token: string }[] = [];
    const seats: SeatRow[] = kinds.map((kind, i) => {
      if (kind === 'invite') {
        const token = newToken();
        invites.push({ seat: i + 1, token });
        return { seat: i + 1, kind, keyHash: null, inviteHash: sha256(token) };
      }
      return { seat: i + 1, kind, keyHash: kind === 'human' ? keyHash : null, inviteHash: null };
    });
    const l = this.insert(game, seed, seats, clock, keyHash);
    l.client = client;
    return [201, { game: l.doc(this.now(), []), invites }];
  }

  /**
   * A game for people who found each other in the lobby (lobby/lobby.ts), seat i held by
   * `keyHashes[i]`. Each seat is a joined invitation (kind `invite`, its token spent): that makes
   * the game online, as between friends (offers ask the other side, the server plays no seat),
   * where kind `human` would make it a local game. Every seat is held, so the clock starts now.
   */
  createFor(
    ruleset: string,
    options: Record<string, unknown>,
    keyHashes: readonly string[],
    clock: ClockSpec | null,
    seed: number,
    rated = false,
  ): LiveGame {
    const built = buildGame(ruleset, options);
    if (!built.ok) fail(built.error);
    if (built.value.players !== keyHashes.length) {
      throw new HttpError(400, 'ERR_ARGUMENT', `this game has ${built.value.players} players, not ${keyHashes.length}`);
    }
    const seats: SeatRow[] = keyHashes.map((keyHash, i) => ({ seat: i + 1, kind: 'invite', keyHash, inviteHash: null }));
    const l = this.insert(built.value, seed, seats, clock, keyHashes[0]!, { rated });
    // The flag timer (play.ts) is armed as for a game loaded from the store.
    this.loaded(l);
    return l;
  }

  /** Stores a new game (no moves yet) and holds it in memory; its clock starts if every seat is held. */
  protected insert(
    game: LiveGame['game'],
    seed: number,
    seats: SeatRow[],
    clock: ClockSpec | null,
    creator: string,
    extra: Partial<Meta> = {},
  ): LiveGame {
    const s = game.newState(seed);
    const meta: Meta = { ...emptyMeta(), creator, ...extra };
    const now = this.now();
    if (clock) meta.clock = newClock(clock, game.players, now);
    const fields: NewGame = {
      id: newId(),
      ruleset: game.ruleset.info.id,
      options: { ...game.options },
      seed,
      seats: seats.map((x) => x.kind),
      status: 'play',
      result: null,
      meta: JSON.stringify(meta),
    };
    const at = new Date().toISOString();
    const l = new LiveGame(newGameRow(fields, 0, at), game, s, seats, meta);
    this.save(l, () => this.store.createGame(fields, seats, [], at));
    if (meta.clock && this.allHeld(l)) run(meta.clock, this.clockSeats(l), now);
    this.remember(l);
    return l;
  }

  import(keyHash: string | null, body: unknown): Reply {
    if (keyHash === null) throw new HttpError(401, 'ERR_AUTH', 'importing a game needs your player key (Authorization: Bearer <key>)');
    // Refuse an oversized record before any work: its moves are counted, not read.
    const raw = (body as { moves?: unknown } | null)?.moves;
    if (Array.isArray(raw) && raw.length > this.maxImportMoves) {
      throw new HttpError(
        413,
        'ERR_TOO_LARGE',
        `the record has ${raw.length} moves; an import takes at most ${this.maxImportMoves} (split the record or play it locally)`,
      );
    }
    const rec = readGameRecord(body);
    if (!rec.ok) fail(rec.error, 400);
    const { ruleset, options, seed, moves } = rec.value;
    const built = buildGame(ruleset, options);
    if (!built.ok) fail(built.error, 422);
    const game = built.value;
    if (seed > 0xffffffff) throw new HttpError(422, 'ERR_RECORD', "the record's seed is larger than 4294967295");
    const s = game.newState(seed);
    const rows: MoveRow[] = [];
    for (let i = 0; i < moves.length; i++) {
      const r = applyDecision(game, s, decisionOf(s, moves[i]!));
      if (!r.ok) throw new HttpError(422, 'ERR_RECORD', `move ${i + 1} of the record ('${moves[i]}'): ${bareMessage(r.error)}`);
      rows.push({ ply: i, move: r.value.text, codes: r.value.codes, joint: r.value.joint });
    }
    const kinds = importedSeats(rec.value.agents, game.players);
    const seats: SeatRow[] = kinds.map((kind, i) => ({ seat: i + 1, kind, keyHash: kind === 'human' ? keyHash : null, inviteHash: null }));
    const probe = new LiveGame(
      { id: '', ruleset, options: {}, seed, seats: kinds, created: '', updated: '', status: '', result: null, moveCount: 0, meta: null },
      game,
      s,
      seats,
      emptyMeta(),
    );
    const meta: Meta = { ...emptyMeta(), creator: keyHash };
    meta.end = probe.rulesEnd();
    const fields: NewGame = {
      id: newId(),
      ruleset: game.ruleset.info.id,
      options: { ...game.options },
      seed,
      seats: kinds,
      status: probe.status,
      result: probe.result,
      meta: JSON.stringify(meta),
    };
    const at = new Date().toISOString();
    const l = new LiveGame(newGameRow(fields, rows.length, at), game, s, seats, meta);
    this.save(l, () => this.store.createGame(fields, seats, rows, at));
    this.remember(l);
    return [201, { game: l.doc(this.now(), rows) }];
  }

  /** Deletes a game: a holder of one of its seats may; a game with other players only before its first move. */
  delete(keyHash: string | null, id: string, body: Record<string, unknown>): Reply {
    const l = this.load(id);
    const seat = body['seat'] === undefined ? (this.adoptAndHeld(l, keyHash)[0] ?? 1) : intField(body, 'seat', 1, l.seats.length);
    this.player(l, keyHash, seat);
    const others = l.seats.some((s) => s.keyHash !== null && s.keyHash !== keyHash) || l.online;
    if (others && l.moveCount > 0) {
      throw new HttpError(409, 'ERR_CONFLICT', 'a game with another player can be deleted only before its first move: resign instead');
    }
    // At once, not at the end of the turn: a load of this id before then would read it back.
    this.store.commits.flush();
    this.store.deleteGame(id);
    this.forget(l);
    return [200, { deleted: id }];
  }

  /** Binds an invited seat to the joiner's key and spends the token. */
  join(
    keyHash: string | null,
    id: string,
    body: Record<string, unknown>,
  ): [number, { game: Record<string, unknown>; seat: number }, boolean] {
    if (keyHash === null) throw new HttpError(401, 'ERR_AUTH', 'joining needs your player key (Authorization: Bearer <key>)');
    const token = body['token'];
    if (typeof token !== 'string' || token.length > 64) throw new HttpError(400, 'ERR_ARGUMENT', '"token" must be the invitation\'s token');
    const l = this.load(id);
    const hash = sha256(token);
    const seat = l.seats.find((s) => s.inviteHash === hash);
    if (!seat) throw new HttpError(403, 'ERR_FORBIDDEN', 'this invitation is not for this game (check the link)');
    if (seat.keyHash === keyHash) return [200, { game: l.doc(this.now()), seat: seat.seat }, false];
    if (seat.keyHash !== null)
      throw new HttpError(410, 'ERR_INVITE_USED', `seat ${seat.seat} has been taken: an invitation can be used once`);
    if (l.seatsOf(keyHash).length > 0) {
      throw new HttpError(
        409,
        'ERR_CONFLICT',
        `your key already holds seat ${l.seatsOf(keyHash).join(', ')}: send the link to the other player`,
      );
    }
    // Memory is the truth of a cached game (no other process writes the file): a seat free here is free on disk.
    this.save(l, () => {
      if (!this.store.join(id, seat.seat, hash, keyHash)) throw new Error(`game ${id}: seat ${seat.seat} was taken on disk`);
    });
    seat.keyHash = keyHash;
    return [200, { game: l.doc(this.now()), seat: seat.seat }, true];
  }

  /**
   * The seat's number if `keyHash` may move for it: it holds it, or (in a local game) it holds a
   * human seat, or created a game of computers only, and `seat` is a computer seat, which the
   * browser plays. Otherwise 401 or 403.
   */
  actor(l: LiveGame, keyHash: string | null, seat: number): number {
    if (keyHash === null) throw new HttpError(401, 'ERR_AUTH', 'this needs your player key (Authorization: Bearer <key>)');
    const held = this.adoptAndHeld(l, keyHash);
    if (seat < 1 || seat > l.seats.length) throw new HttpError(400, 'ERR_ARGUMENT', `"seat" must be from 1 to ${l.seats.length}`);
    if (held.includes(seat)) return seat;
    const local = !l.online && (held.length > 0 || this.createdComputersOnly(l, keyHash));
    if (local && l.seats[seat - 1]!.kind.startsWith('computer')) return seat;
    throw new HttpError(403, 'ERR_FORBIDDEN', `your key does not hold seat ${seat} of this game`);
  }

  /**
   * The seat's number if `keyHash` plays it itself: resigning, offering or answering a draw, a
   * takeback or a rematch speaks for a player, never for the computer (in a game of computers
   * only, its creator speaks for them).
   */
  player(l: LiveGame, keyHash: string | null, seat: number): number {
    this.actor(l, keyHash, seat);
    if (l.seatsOf(keyHash).includes(seat) || this.createdComputersOnly(l, keyHash!)) return seat;
    throw new HttpError(403, 'ERR_FORBIDDEN', `seat ${seat} is the computer's: only its own player resigns or offers for it`);
  }

  /**
   * A game of computers only is held by the key that created it. One of an older server (no
   * creator recorded) is adopted by the first key that acts on it, as seats of the first schema are.
   */
  private createdComputersOnly(l: LiveGame, keyHash: string): boolean {
    if (!l.seats.every((s) => s.kind.startsWith('computer'))) return false;
    if (l.meta.creator === undefined || l.meta.creator === null) {
      l.meta.creator = keyHash;
      const [status, result, meta] = [l.status, l.result, JSON.stringify(l.meta)];
      this.save(l, () => this.store.setMeta(l.id, status, result, meta));
    }
    return l.meta.creator === keyHash;
  }

  /** Seats the key holds; a game of the first schema (human seats without holder) is adopted by the first key to act on it. */
  protected adoptAndHeld(l: LiveGame, keyHash: string | null): number[] {
    if (keyHash === null) return [];
    const unheld = l.seats.filter((s) => s.kind === 'human' && s.keyHash === null);
    if (unheld.length > 0 && l.seatsOf(keyHash).length === 0 && l.seats.every((s) => s.keyHash === null)) {
      this.save(l, () => this.store.adopt(l.id, keyHash));
      for (const s of unheld) s.keyHash = keyHash;
    }
    return l.seatsOf(keyHash);
  }

  /** Every human and invited seat has a holder. */
  allHeld(l: LiveGame): boolean {
    return l.seats.every((s) => s.kind.startsWith('computer') || s.keyHash !== null);
  }

  /** The seats whose clock runs now: the human to move, or the human seats that have not committed at a race node. */
  clockSeats(l: LiveGame): number[] {
    if (l.over || !this.allHeld(l)) return [];
    const humans = l.humanSeats();
    if (l.status === 'race') return humans.filter((s) => l.meta.commits[String(s)] === undefined);
    return humans.includes(l.state.toMove) ? [l.state.toMove] : [];
  }

  /** The game in memory, loaded from the store (and replayed) if needed. 404 if none; 409 ERR_QUARANTINED if it does not rebuild. */
  load(id: string): LiveGame {
    const hit = this.cache.get(id);
    if (hit) {
      this.cache.delete(id);
      this.cache.set(id, hit);
      return hit;
    }
    // A game whose rows do not rebuild it, or whose clock cannot restart, is quarantined (restore.ts).
    const l = rebuild(this.store, id);
    this.remember(l);
    try {
      this.loaded(l);
    } catch (e) {
      this.forget(l);
      throw quarantineFor(this.store, id, e, 'its clock or computer player does not restart');
    }
    return l;
  }

  /** Called once a game is (re)loaded into memory: play.ts restarts its clock and its computer. */
  protected loaded(_l: LiveGame): void {}

  /**
   * Holds a game in memory, dropping the least recently used ones without sockets, searches or
   * unsaved writes beyond the cap. A game that must stay is moved to the back as it is passed
   * over, and one call looks at REMEMBER_SCAN games at most: with thousands of games held by their
   * sockets, holding one more stays cheap (a scan from the front each time made a server's setup
   * of 10,000 games quadratic).
   */
  protected remember(l: LiveGame): void {
    l.people = this.people;
    this.cache.set(l.id, l);
    let looked = 0;
    for (const [id, g] of this.cache) {
      if (this.cache.size <= this.cacheSize || looked++ >= REMEMBER_SCAN) break;
      this.cache.delete(id);
      if (g.peers.size > 0 || g.thinking || g.unsaved > 0 || g === l) this.cache.set(id, g);
    }
  }

  /** Drops a game from memory (after a failed write, or a delete). */
  protected forget(l: LiveGame): void {
    if (this.cache.get(l.id) === l) this.cache.delete(l.id);
    l.epoch++;
  }

  // ---- writes: one transaction per turn of the event loop (commit.ts) ----

  /**
   * Queues a write of `l` (with the values of now: `run` must not read `l`) into this turn's
   * batch. Until it commits the game stays cached; if its batch fails the game is dropped.
   */
  protected save(l: LiveGame, run: () => void): void {
    const refused = this.store.health.refusal();
    if (refused !== null) {
      // A damaged file takes no write (integrity.ts): what memory holds beyond it goes now.
      this.dropUnsaved(l);
      throw refused;
    }
    l.unsaved++;
    this.store.commits.queue({
      run,
      done: () => {
        l.unsaved--;
      },
      failed: () => {
        l.unsaved--;
        this.dropUnsaved(l);
      },
    });
  }

  /** Runs `fn` once `l`'s queued writes have committed (now if it has none); never if they fail. */
  protected afterSave(l: LiveGame, fn: () => void): void {
    if (l.unsaved === 0) fn();
    else this.store.commits.queue({ run: () => {}, done: fn });
  }

  /** Commits this turn's writes now if `l` has some: a read of its stored rows must agree with memory. */
  protected saveNow(l: LiveGame): void {
    if (l.unsaved > 0) this.store.commits.flush();
  }

  /**
   * A batch with a write of `l` failed: memory is ahead of the disk, so the game goes (the next
   * use reloads it) and its sockets close once their actors have had their errors; their clients
   * reconnect and catch up from what is stored.
   */
  private dropUnsaved(l: LiveGame): void {
    if (this.cache.get(l.id) !== l) return;
    this.forget(l);
    const peers = [...l.peers];
    setImmediate(() => {
      for (const p of peers) p.close?.(1011, 'not saved');
    });
  }
}

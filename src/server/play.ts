/**
 * What players do during a game, over HTTP or the live socket alike: moves, commits at a race
 * node (kept secret until every seat has chosen), takebacks, draws, resignations, rematches, and
 * the clock's flag. Each accepted change is written to SQLite before it is answered or broadcast:
 * the writes of one event-loop turn share one transaction (a group commit, commit.ts), and what
 * follows a write (its broadcast, the computer's turn) runs once it has committed. The broadcast
 * is one serialised string sent to every socket of the game.
 *
 * In a local game (no invited seat) the creator's key plays every seat, the computer's too (the
 * browser searches), and a takeback is immediate. In an online game the server plays the computer
 * seats (ComputerPool: worker threads, one search per core) and offers need the other side.
 * The messages about moves (a move, a catch-up, a snapshot) are built in live/messages.ts, and
 * who wins a resignation or a flag, in what words, in live/ends.ts.
 */
import { HttpError, NotYet, fail } from './http.js';
import { GamesCore, intField, type GamesConfig, type Reply } from './games.js';
import { applyDecision, isSimultaneous, readMove, replay, statusOf, type DecisionInput } from './match.js';
import { guard, logFailure } from './failures.js';
import { loadEach } from './restore.js';
import type { GameStore, MoveRow } from './store.js';
import { afterMove, clockView, flagged, run, settle, untilFlag } from './live/clock.js';
import type { ComputerPool } from './live/computer.js';
import { type LiveGame, offerView, type End, type Offer, type OfferKind } from './live/game.js';
import { frameTopic } from './live/frames.js';
import { catchUpMessages, moveMessage, snapshotMessage } from './live/messages.js';
import { endText, winnerAgainst } from './live/ends.js';

type Body = Record<string, unknown>;

/** The most moves one page of a game's moves holds (GET /api/games/:id/moves, a live `moves` request). */
export const MAX_MOVES_PAGE = 500;
/**
 * The most `move` messages (with their events) a live `hello` is sent to catch up; further
 * behind, it gets a `snapshot` of the position and the last moves, and pages older ones itself.
 */
export const CATCH_UP_MOVES = 64;
/** How long every opponent must be gone from a live game before a player may claim it. */
export const CLAIM_AFTER_MS = 30_000;

const OFFERS: readonly OfferKind[] = ['takeback', 'draw', 'rematch'];

export class GamesApi extends GamesCore {
  private readonly timers = new Map<string, NodeJS.Timeout>();
  /** Told once of every game that ends (by the rules, resignation, agreement or time): ratings listen here. */
  readonly ended = new Set<(l: LiveGame) => void>();
  private readonly claimAfterMs: number;

  constructor(
    store: GameStore,
    private readonly pool: ComputerPool | null,
    cfg: GamesConfig = {},
  ) {
    super(store, cfg);
    this.claimAfterMs = cfg.claimAfterMs ?? CLAIM_AFTER_MS;
    // Clocks that ran when the server stopped run on (the time it was down is charged).
    // A game whose rows do not replay is quarantined and skipped: the others start (restore.ts).
    loadEach(store.clockedGames(), (id) => this.load(id));
  }

  close(): void {
    for (const t of this.timers.values()) clearTimeout(t);
    this.timers.clear();
  }

  protected override loaded(l: LiveGame): void {
    this.armClock(l);
    this.kickComputer(l);
  }

  /** Broadcasts `msg` once the game's writes so far are stored (serialised now, with the values of now). */
  private send(l: LiveGame, msg: Record<string, unknown>): void {
    if (l.peers.size === 0 && l.unsaved === 0) return;
    const text = JSON.stringify(msg);
    this.afterSave(l, () => void this.frames.publish(frameTopic(l.id), { text }));
  }

  /** Writes what the engine's state does not hold; a failed write drops the game from memory (it reloads as stored). */
  private persist(l: LiveGame): void {
    l.updated = new Date().toISOString();
    const [status, result, meta] = [l.status, l.result, JSON.stringify(l.meta)];
    this.save(l, () => this.store.setMeta(l.id, status, result, meta));
  }

  private checkPly(l: LiveGame, body: Body): void {
    const ply = intField(body, 'ply', 0, Number.MAX_SAFE_INTEGER);
    if (ply !== l.moveCount) {
      throw new HttpError(409, 'ERR_STALE', `the game is at ply ${l.moveCount}, not ${ply}: catch up and try again (nothing was applied)`);
    }
  }

  private notOver(l: LiveGame): void {
    this.checkFlag(l);
    if (l.over) throw new HttpError(409, 'ERR_GAME_OVER', `the game is over${l.result ? `: ${l.result}` : ''}`);
  }

  /** The seat a request names, if its key may move for it (`actor`), or play it itself (`own`: `player`). */
  private seatOf(l: LiveGame, keyHash: string | null, body: Body, own = false): number {
    if (keyHash === null) throw new HttpError(401, 'ERR_AUTH', 'this needs your player key (Authorization: Bearer <key>)');
    const seat = intField(body, 'seat', 1, l.seats.length);
    return own ? this.player(l, keyHash, seat) : this.actor(l, keyHash, seat);
  }

  /** Loads a game for a request of `client` (remembered for the computer players' fair queue). */
  private loadFor(id: string, client: string): LiveGame {
    const l = this.load(id);
    if (client !== '') l.client = client;
    return l;
  }

  // ---- moves ----

  move(keyHash: string | null, id: string, body: Body, client = ''): Reply {
    const l = this.loadFor(id, client);
    const seat = this.seatOf(l, keyHash, body);
    this.checkPly(l, body);
    this.notOver(l);
    if (isSimultaneous(l.state)) {
      // A local game may send the whole joint move at once, if the key acts for every seat.
      if (l.online || body['joint'] === undefined) {
        throw new HttpError(409, 'ERR_NOT_YOUR_TURN', 'every player chooses at once here: send your choice with "commit"');
      }
      for (const s of l.seats) this.actor(l, keyHash, s.seat);
      return [200, this.apply(l, { joint: body['joint'] }, l.humanSeats())];
    }
    if (l.state.toMove !== seat) throw new HttpError(409, 'ERR_NOT_YOUR_TURN', `it is seat ${l.state.toMove}'s turn, not seat ${seat}'s`);
    const input: DecisionInput = body['move'] !== undefined ? { move: body['move'] } : { code: body['code'] };
    if (body['joint'] !== undefined) input.joint = body['joint'];
    return [200, this.apply(l, input, [seat])];
  }

  /**
   * Validates and applies one decision in place and queues its write; it is broadcast (and the
   * computer's turn starts) once that has committed. On a refusal the state is unchanged; if the
   * write's batch fails the game is dropped from memory (reloaded from the store).
   */
  private apply(l: LiveGame, input: DecisionInput, movers: readonly number[]): Record<string, unknown> {
    const r = applyDecision(l.game, l.state, input);
    if (!r.ok) fail(r.error);
    const now = this.now();
    const ply = l.moveCount;
    const row: MoveRow = { ply, move: r.value.text, codes: r.value.codes, joint: r.value.joint };
    const dropped = l.meta.offers.filter((o) => o.offer !== 'rematch');
    l.meta.offers = l.meta.offers.filter((o) => o.offer === 'rematch');
    l.meta.commits = {};
    l.meta.end = l.rulesEnd();
    l.moveCount = ply + 1;
    if (l.meta.clock && this.allHeld(l)) afterMove(l.meta.clock, movers, this.clockSeats(l), now);
    const [status, result, meta] = [l.status, statusOf(l.state).result, JSON.stringify(l.meta)];
    this.save(l, () => {
      // The cache holds a game until its writes are stored, so memory and disk agree on its ply.
      if (!this.store.appendMove(l.id, row, status, result, meta)) throw new Error(`game ${l.id}: ply ${row.ply} is stale on disk`);
    });
    l.updated = new Date().toISOString();
    const msg = moveMessage(l, row, r.value.events, now);
    this.send(l, msg);
    if (l.meta.end !== null) this.afterSave(l, () => this.tellEnded(l));
    for (const o of dropped) this.send(l, { type: 'offerEnded', offer: o.offer, accepted: false });
    this.armClock(l);
    // The server's computer may play next (an online game with a computer seat), once this is stored.
    if (l.online && l.seats.some((s) => s.kind.startsWith('computer'))) this.afterSave(l, () => this.kickComputer(l));
    return msg;
  }

  /** A choice at a race node: kept (in the store) and not shown to anyone until every seat has chosen. */
  commit(keyHash: string | null, id: string, body: Body, client = ''): Reply {
    const l = this.loadFor(id, client);
    const seat = this.seatOf(l, keyHash, body);
    this.checkPly(l, body);
    this.notOver(l);
    if (!isSimultaneous(l.state)) throw new HttpError(409, 'ERR_NOT_YOUR_TURN', 'this is not a race node: send a move');
    if (l.meta.commits[String(seat)] !== undefined) throw new HttpError(409, 'ERR_CONFLICT', `seat ${seat} has already committed`);
    const field = body['code'] !== undefined ? 'code' : 'move';
    const m = readMove(l.game, l.state, body[field], seat, field);
    if (!m.ok) fail(m.error);
    l.meta.commits[String(seat)] = m.value;
    if (l.meta.clock && this.allHeld(l)) run(l.meta.clock, this.clockSeats(l), this.now());
    this.persist(l);
    const seats = Object.keys(l.meta.commits)
      .map(Number)
      .sort((a, b) => a - b);
    this.send(l, { type: 'committed', ply: l.moveCount, seats });
    this.sendClock(l);
    this.armClock(l);
    const reply: Record<string, unknown> = { committed: true, ply: l.moveCount, seats };
    const applied = this.resolveRace(l);
    if (applied) reply['applied'] = applied;
    return [200, reply];
  }

  /** Applies the joint move once every seat that must choose has; computer seats of an online game choose then. */
  private resolveRace(l: LiveGame): Record<string, unknown> | null {
    const choosers = l.online ? l.humanSeats() : l.seats.map((s) => s.seat);
    if (!choosers.every((s) => l.meta.commits[String(s)] !== undefined)) return null;
    const computers = l.online ? l.computerSeats() : [];
    const joint = (): number[] => l.seats.map((s) => l.meta.commits[String(s.seat)]!);
    if (computers.length === 0) return this.apply(l, { joint: joint() }, choosers);
    this.think(l, computers, (moves) => {
      computers.forEach((s, i) => {
        l.meta.commits[String(s)] = moves[i]!;
      });
      this.apply(l, { joint: joint() }, choosers);
    });
    return null;
  }

  // ---- the server's computer players (online games) ----

  private kickComputer(l: LiveGame): void {
    if (!l.online || l.over || l.thinking || this.pool === null) return;
    if (isSimultaneous(l.state)) {
      this.resolveRace(l);
      return;
    }
    const seat = l.state.toMove;
    if (!l.seats[seat - 1]?.kind.startsWith('computer')) return;
    this.think(l, [seat], ([code]) => this.apply(l, { code }, [seat]));
  }

  /** Runs the searches of `seats` (one after another, each on a worker), then `then` if the game has not changed meanwhile. */
  private think(l: LiveGame, seats: number[], then: (moves: number[]) => void): void {
    if (this.pool === null || l.thinking) return;
    l.thinking = true;
    const epoch = l.epoch;
    const ply = l.moveCount;
    this.saveNow(l);
    const moves = this.store.getMoves(l.id).map((m) => ({ codes: m.codes, joint: m.joint }));
    const pool = this.pool;
    const run1 = async (): Promise<number[]> => {
      const out: number[] = [];
      for (const seat of seats) {
        const level = Number(l.seats[seat - 1]!.kind.split(':')[1]);
        const job = { ruleset: l.ruleset, options: l.options, seed: l.seed, moves, level, player: seat };
        out.push(await pool.choose(job, l.client === '' ? `game:${l.id}` : l.client));
      }
      return out;
    };
    run1().then(
      (chosen) => {
        l.thinking = false;
        if (l.epoch !== epoch || l.moveCount !== ply || l.over) return;
        guard(`the computer's move in game ${l.id}`, () => then(chosen));
      },
      (e: unknown) => {
        l.thinking = false;
        // Busy (its client's share of the queue is full): try again in a while, as long as nothing changed.
        if (e instanceof HttpError && e.code === 'ERR_RATE_LIMIT') {
          setTimeout(() => {
            guard(`the computer of game ${l.id}`, () => {
              if (l.epoch === epoch && l.moveCount === ply) this.kickComputer(l);
            });
          }, 1000).unref();
        } else logFailure(`the computer of game ${l.id}`, e);
      },
    );
  }

  // ---- ends: resign, flag, agreement ----

  private finish(l: LiveGame, end: End): void {
    if (l.meta.clock) run(l.meta.clock, [], this.now());
    l.meta.end = end;
    l.meta.offers = [];
    l.meta.commits = {};
    this.persist(l);
    this.armClock(l);
    this.sendClock(l);
    this.send(l, { type: 'end', end, game: l.doc(this.now()) });
    this.afterSave(l, () => this.tellEnded(l));
  }

  /** Sends `l`'s document again to its sockets (`game`): something it shows changed without a move, e.g. its ratings. */
  refresh(l: LiveGame): void {
    this.send(l, { type: 'game', game: l.doc(this.now()) });
  }

  /** Tells the listeners of `ended` that `l` is over, once that is stored (a listener's failure is logged, never the game's). */
  private tellEnded(l: LiveGame): void {
    for (const listen of this.ended) guard(`the end of game ${l.id}`, () => listen(l));
  }

  /** A `clock` message (when the game has a clock): on its start, a commit, and the end. */
  private sendClock(l: LiveGame): void {
    if (l.meta.clock) this.send(l, { type: 'clock', clock: clockView(l.meta.clock, this.now()) });
  }

  resign(keyHash: string | null, id: string, body: Body): Reply {
    const l = this.load(id);
    const seat = this.seatOf(l, keyHash, body, true);
    this.checkPly(l, body);
    this.notOver(l);
    const winner = winnerAgainst(l, seat);
    this.finish(l, { winner, reason: 'resign', text: endText(l, seat, winner, 'resigned') });
    return [200, { end: l.meta.end, game: l.doc(this.now()) }];
  }

  /** Ends the game if a running clock is out (a flag the timer has not yet seen). */
  private checkFlag(l: LiveGame): void {
    if (!l.meta.clock || l.over) return;
    const seat = flagged(l.meta.clock, this.now());
    if (seat === 0) return;
    settle(l.meta.clock, this.now());
    l.meta.clock.remainingMs[seat - 1] = 0;
    const winner = winnerAgainst(l, seat);
    this.finish(l, { winner, reason: 'time', text: endText(l, seat, winner, 'ran out of time') });
  }

  /** Sets (or clears) the game's flag timer from its clock. */
  private armClock(l: LiveGame): void {
    const old = this.timers.get(l.id);
    if (old) clearTimeout(old);
    this.timers.delete(l.id);
    if (!l.meta.clock || l.over) return;
    const wait = untilFlag(l.meta.clock, this.now());
    if (wait === null) return;
    const id = l.id;
    const t = setTimeout(
      () => {
        this.timers.delete(id);
        guard(`the clock of game ${id}`, () => {
          if (this.store.getGame(id) === undefined) return; // deleted meanwhile
          const g = this.load(id);
          this.checkFlag(g);
          if (!g.over) this.armClock(g);
        });
      },
      Math.min(wait + 5, 2 ** 31 - 1),
    );
    t.unref();
    this.timers.set(id, t);
  }

  // ---- offers: takeback, draw, rematch ----

  /** Seats (human) that must accept an offer by `keyHash` before it applies. */
  private othersToAsk(l: LiveGame, keyHash: string): number[] {
    const mine = l.seatsOf(keyHash);
    return l.humanSeats().filter((s) => !mine.includes(s));
  }

  private offer(l: LiveGame, keyHash: string, o: Offer): Reply {
    if (l.meta.offers.some((x) => x.offer === o.offer)) {
      throw new HttpError(409, 'ERR_CONFLICT', `a ${o.offer} offer is already open: answer it`);
    }
    o.accepted = l.seatsOf(keyHash);
    l.meta.offers.push(o);
    this.persist(l);
    this.send(l, { type: 'offer', ...offerView(o) });
    return [200, { offered: true, offer: offerView(o) }];
  }

  takeback(keyHash: string | null, id: string, body: Body, client = ''): Reply {
    const l = this.loadFor(id, client);
    const seat = this.seatOf(l, keyHash, body, true);
    this.checkPly(l, body);
    if (l.meta.end && l.meta.end.reason !== 'rules') throw new HttpError(409, 'ERR_GAME_OVER', 'the game is over: no takeback');
    // A rated game's result is rated once, as it ends (rated_games): taking a move back would play on past it.
    if (l.meta.end && l.meta.rated) throw new HttpError(409, 'ERR_GAME_OVER', 'the game is over and rated: no takeback');
    const toPly = body['toPly'] === undefined ? this.lastMoveOf(l, seat) : intField(body, 'toPly', 0, l.moveCount);
    if (toPly < 0 || toPly >= l.moveCount) throw new HttpError(409, 'ERR_CONFLICT', `seat ${seat} has no move to take back`);
    if (!l.online || this.othersToAsk(l, keyHash!).length === 0) {
      this.undo(l, toPly);
      return [200, { undone: true, toPly, game: l.doc(this.now()) }];
    }
    return this.offer(l, keyHash!, { offer: 'takeback', by: seat, toPly, accepted: [] });
  }

  /** The ply of `seat`'s last decision (joint decisions count for everyone); -1 if none. */
  private lastMoveOf(l: LiveGame, seat: number): number {
    if (!l.online) return l.moveCount - 1;
    const s = l.game.newState(l.seed);
    let last = -1;
    this.saveNow(l);
    const moves = this.store.getMoves(l.id);
    for (const m of moves) {
      if (m.joint || s.toMove === seat) last = m.ply;
      applyDecision(l.game, s, m.joint ? { joint: m.codes.slice(1) } : { code: m.codes[0] });
    }
    return last;
  }

  private undo(l: LiveGame, toPly: number): void {
    this.saveNow(l);
    const kept = this.store.getMoves(l.id).slice(0, toPly);
    const s = replay(l.game, l.seed, kept);
    if (!s.ok) fail(s.error, 500);
    l.state = s.value;
    l.moveCount = toPly;
    l.epoch++;
    l.meta.end = l.rulesEnd();
    l.meta.offers = [];
    l.meta.commits = {};
    if (l.meta.clock && this.allHeld(l)) run(l.meta.clock, this.clockSeats(l), this.now());
    const [status, result, meta] = [l.status, l.result, JSON.stringify(l.meta)];
    this.save(l, () => this.store.truncateMoves(l.id, toPly, status, result, meta));
    l.updated = new Date().toISOString();
    this.send(l, { type: 'undo', toPly, game: l.doc(this.now()) });
    this.armClock(l);
    this.afterSave(l, () => this.kickComputer(l));
  }

  draw(keyHash: string | null, id: string, body: Body): Reply {
    const l = this.load(id);
    const seat = this.seatOf(l, keyHash, body, true);
    this.checkPly(l, body);
    this.notOver(l);
    if (this.othersToAsk(l, keyHash!).length === 0) {
      if (l.computerSeats().length > 0) throw new HttpError(409, 'ERR_CONFLICT', 'a computer player does not agree to a draw');
      this.finish(l, { winner: 0, reason: 'agreement', text: 'draw by agreement' });
      return [200, { end: l.meta.end, game: l.doc(this.now()) }];
    }
    return this.offer(l, keyHash!, { offer: 'draw', by: seat, accepted: [] });
  }

  rematch(keyHash: string | null, id: string, body: Body, client = ''): Reply {
    const l = this.loadFor(id, client);
    const seat = this.seatOf(l, keyHash, body, true);
    if (!l.over) throw new HttpError(409, 'ERR_CONFLICT', 'a rematch can be offered once the game is over');
    if (l.meta.rematch) return [200, { id: l.meta.rematch }];
    const open = l.meta.offers.find((o) => o.offer === 'rematch');
    if (open) return this.answer(keyHash, id, { seat, ply: l.moveCount, offer: 'rematch', accept: true }, client);
    if (this.othersToAsk(l, keyHash!).length === 0) return [200, { id: this.makeRematch(l) }];
    return this.offer(l, keyHash!, { offer: 'rematch', by: seat, accepted: [] });
  }

  answer(keyHash: string | null, id: string, body: Body, client = ''): Reply {
    const l = this.loadFor(id, client);
    const seat = this.seatOf(l, keyHash, body, true);
    const kind = body['offer'] as OfferKind;
    if (!OFFERS.includes(kind)) throw new HttpError(400, 'ERR_ARGUMENT', `"offer" must be one of ${OFFERS.join(', ')}`);
    if (typeof body['accept'] !== 'boolean') throw new HttpError(400, 'ERR_ARGUMENT', '"accept" must be true or false');
    this.checkPly(l, body);
    const o = l.meta.offers.find((x) => x.offer === kind);
    if (!o) throw new HttpError(409, 'ERR_CONFLICT', `there is no ${kind} offer to answer`);
    if (o.accepted.includes(seat)) throw new HttpError(409, 'ERR_CONFLICT', `seat ${seat} has already agreed to this ${kind}`);
    if (!body['accept']) {
      l.meta.offers = l.meta.offers.filter((x) => x !== o);
      this.persist(l);
      this.send(l, { type: 'offerEnded', offer: kind, accepted: false });
      return [200, { accepted: false }];
    }
    for (const s of l.seatsOf(keyHash)) if (!o.accepted.includes(s)) o.accepted.push(s);
    if (!l.humanSeats().every((s) => o.accepted.includes(s))) {
      this.persist(l);
      return [200, { accepted: true, waiting: true }];
    }
    l.meta.offers = l.meta.offers.filter((x) => x !== o);
    this.send(l, { type: 'offerEnded', offer: kind, accepted: true });
    if (kind === 'takeback') this.undo(l, o.toPly!);
    else if (kind === 'draw') this.finish(l, { winner: 0, reason: 'agreement', text: 'draw by agreement' });
    else return [200, { accepted: true, id: this.makeRematch(l) }];
    return [200, { accepted: true, game: l.doc(this.now()) }];
  }

  /** A new game: same ruleset, options and clock, a new seed, seats rotated by one, each bound to the same key. */
  private makeRematch(l: LiveGame): string {
    const n = l.seats.length;
    const seats = l.seats.map((_, j) => {
      const from = l.seats[(j - 1 + n) % n]!;
      return { seat: j + 1, kind: from.kind, keyHash: from.keyHash, inviteHash: null };
    });
    const clock = l.meta.clock ? { baseMs: l.meta.clock.baseMs, incrementMs: l.meta.clock.incrementMs } : null;
    const seed = Math.floor(Math.random() * 2 ** 31) + 1;
    const g = this.insert(l.game, seed, seats, clock, l.meta.creator ?? '');
    g.client = l.client;
    l.meta.rematch = g.id;
    this.persist(l);
    this.send(l, { type: 'rematch', id: g.id });
    this.afterSave(g, () => this.kickComputer(g));
    return g.id;
  }

  // ---- join (the clock starts once every seat is held) ----

  joinSeat(keyHash: string | null, id: string, body: Body, client = ''): Reply {
    const [status, reply, changed] = this.join(keyHash, id, body);
    if (changed) {
      const l = this.loadFor(id, client);
      if (this.allHeld(l)) {
        // The game begins now (its forced opening, Abalala'e's race, is shown from this moment on every screen).
        l.meta.started = this.now();
        if (l.meta.clock) run(l.meta.clock, this.clockSeats(l), this.now());
        this.persist(l);
      }
      reply.game = l.doc(this.now());
      this.send(l, { type: 'joined', seat: reply.seat, game: reply.game });
      this.sendClock(l);
      this.armClock(l);
      this.afterSave(l, () => this.kickComputer(l));
    }
    return [status, reply];
  }

  // ---- the live stream ----

  /**
   * What a client that has seen up to ply `since` is sent to catch up: the `move` messages of the
   * plies after it, in order (events rebuilt by replay), when they are CATCH_UP_MOVES or fewer;
   * further behind, one `snapshot` (the position now and the last CATCH_UP_MOVES moves, without
   * events), and the client pages older moves if it wants them (`moves`).
   *
   * The moves are the stored ones: a ply whose write still waits for this turn's commit reaches
   * the socket by its broadcast after the commit, so each ply arrives once. A snapshot (the position
   * in memory) commits this turn's writes first, so that its moves agree with its position; the
   * socket joins the game's peers after this, so that broadcast is not sent to it too.
   */
  catchUp(l: LiveGame, since: number): string[] {
    if (since + 1 >= l.moveCount) return [];
    if (l.moveCount - 1 - since > CATCH_UP_MOVES) {
      this.saveNow(l);
      const from = Math.max(0, l.moveCount - CATCH_UP_MOVES);
      return [JSON.stringify(snapshotMessage(l, this.store.getMovesPage(l.id, from, CATCH_UP_MOVES), from, this.now()))];
    }
    return catchUpMessages(l, this.store.getMoves(l.id), since, this.now());
  }

  presence(l: LiveGame): void {
    this.notePresence(l);
    this.send(l, { type: 'presence', connected: l.connectedSeats(), spectators: l.spectators() });
  }

  /** Keeps, for each human seat, since when it has had no socket (its opponents may claim after CLAIM_AFTER_MS). */
  private notePresence(l: LiveGame): void {
    const connected = new Set(l.connectedSeats());
    const now = this.now();
    for (const seat of l.humanSeats()) {
      if (connected.has(seat)) l.goneSince.delete(seat);
      else if (!l.goneSince.has(seat)) l.goneSince.set(seat, now);
    }
  }

  // ---- leaving: the opponent claims ----

  /**
   * A claim by a player whose every opponent has been gone (no socket) for at least claimAfterMs
   * of a live game: the win, or a draw (lichess's rule). In correspondence the move clock decides
   * instead, and there is no claim; nor against the computer, which never leaves.
   */
  claim(keyHash: string | null, id: string, body: Body): Reply {
    const l = this.load(id);
    const seat = this.seatOf(l, keyHash, body, true);
    this.checkPly(l, body);
    this.notOver(l);
    const outcome = body['outcome'];
    if (outcome !== 'win' && outcome !== 'draw') throw new HttpError(400, 'ERR_ARGUMENT', '"outcome" must be "win" or "draw"');
    if (!l.online || l.meta.clock?.perMoveMs !== undefined) {
      throw new HttpError(409, 'ERR_CONFLICT', 'only a live game between people online can be claimed: here the clock decides');
    }
    this.notePresence(l);
    const others = this.othersToAsk(l, keyHash!);
    const now = this.now();
    const waiting = others.map((s) => (l.goneSince.has(s) ? this.claimAfterMs - (now - l.goneSince.get(s)!) : Infinity));
    const wait = Math.max(...waiting);
    if (others.length === 0 || wait > 0) {
      const when = wait === Infinity ? 'your opponent is connected' : `your opponent may come back: wait ${Math.ceil(wait / 1000)} s`;
      throw new NotYet(`nothing to claim yet: ${when}`, wait === Infinity ? null : Math.ceil(wait));
    }
    const winner = outcome === 'win' ? seat : 0;
    const text = winner ? `seat ${seat} claimed the win: the opponent left` : `a draw claimed by seat ${seat}: the opponent left`;
    this.finish(l, { winner, reason: 'abandoned', text });
    return [200, { end: l.meta.end, game: l.doc(this.now()) }];
  }
}

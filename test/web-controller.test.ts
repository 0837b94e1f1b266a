/**
 * The game screen's controller (src/web/controller.ts) without a browser: its mode moves from
 * loading to choosing, posting, animating, watching, race, history and over as the page's ports
 * answer. The server is an in-memory one validating with the engine (src/server/match.ts), the
 * worker a fake whose answers the test releases one at a time, so each mode can be seen.
 */
import { describe, expect, it } from 'vitest';
import { MAX_MOVES, type Game } from '../packages/engine/src/core/game.js';
import { PHASE_OVER, type State } from '../packages/engine/src/core/state.js';
import { applyDecision, buildGame as buildServerGame, replay, statusOf } from '../src/server/match.js';
import { ApiError, type Decision, type MoveReply } from '../src/web/api.js';
import { PlayController } from '../src/web/controller.js';
import type { CommentLine, PlayPorts } from '../src/web/controller-modes.js';
import { controlsOf, pageState, statusText } from '../src/web/controller-views.js';
import { goneOpponents } from '../src/web/claim.js';
import { applyStored, buildGame, byHole, choices, isSimultaneous, type GameDoc, type GameEnd, type StoredMove } from '../src/web/engine.js';
import { clockText } from '../src/web/when.js';
import { T } from '../src/web/text.js';
import type { ThinkReply, ThinkRequest } from '../src/web/worker.js';

interface Deferred<T> {
  promise: Promise<T>;
  resolve(v: T): void;
  reject(e: unknown): void;
}

function deferred<T>(): Deferred<T> {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** Lets every pending promise chain run (the controller's transitions are a few awaits long). */
async function settle(): Promise<void> {
  for (let i = 0; i < 20; i++) await new Promise<void>((r) => setImmediate(r));
}

function legal(game: Game, s: State, player = 0): number[] {
  const buf = new Int32Array(MAX_MOVES);
  const n = player ? game.legalMovesFor(s, player, buf) : game.legalMoves(s, buf);
  return Array.from(buf.subarray(0, n));
}

/** One stored game, validated by the engine as the real server does; `hold` makes replies wait. */
class FakeServer {
  readonly game: Game;
  moves: StoredMove[] = [];
  readonly bodies: { seat: number; ply: number; code?: number; joint?: number[] }[] = [];
  readonly takebacks: { seat: number; ply: number }[] = [];
  hold = false;
  held: Deferred<void>[] = [];
  failNext: ApiError | null = null;

  constructor(
    readonly ruleset: string,
    readonly seed: number,
    readonly seats: string[],
    readonly options: Record<string, unknown> = {},
  ) {
    const g = buildServerGame(ruleset, options);
    if (!g.ok) throw g.error;
    this.game = g.value;
  }

  state(): State {
    const s = replay(this.game, this.seed, this.moves);
    if (!s.ok) throw s.error;
    return s.value;
  }

  async getGame(id: string): Promise<GameDoc> {
    const { status, result } = statusOf(this.state());
    const now = '2024-01-01T00:00:00Z';
    const moves = this.moves.map((m) => ({ ...m }));
    return {
      id,
      ruleset: this.ruleset,
      options: this.options,
      seed: this.seed,
      seats: this.seats.map((kind, i) => ({ seat: i + 1, kind, joined: !kind.startsWith('computer'), connected: false })),
      status,
      result,
      created: now,
      updated: now,
      moveCount: moves.length,
      moves,
      clock: null,
      offers: [],
      committed: [],
      end: null,
    };
  }

  async move(_id: string, body: { seat: number; ply: number } & Decision): Promise<MoveReply> {
    this.bodies.push(body);
    if (this.hold) {
      const d = deferred<void>();
      this.held.push(d);
      await d.promise;
    }
    if (this.failNext) {
      const e = this.failNext;
      this.failNext = null;
      throw e;
    }
    if (body.ply !== this.moves.length) throw new ApiError(409, 'ERR_CONFLICT', 'stale ply');
    const s = this.state();
    if (!('joint' in body) && s.toMove !== body.seat) throw new ApiError(409, 'ERR_NOT_YOUR_TURN', `not seat ${body.seat}'s turn`);
    const r = applyDecision(this.game, s, body);
    if (!r.ok) throw new ApiError(422, r.error.code, r.error.message);
    const m: StoredMove = { ply: this.moves.length, move: r.value.text, codes: r.value.codes, joint: r.value.joint };
    this.moves.push(m);
    return { ...m, events: r.value.events, ...statusOf(s), position: { counts: Array.from(s.counts) } };
  }

  /** A local game's takeback, as the server does it: back to `toPly` (default: before the last move). */
  async takeback(_id: string, body: { seat: number; ply: number; toPly?: number }): Promise<{ toPly?: number }> {
    this.takebacks.push(body);
    if (body.ply !== this.moves.length) throw new ApiError(409, 'ERR_STALE', 'stale ply');
    const toPly = body.toPly ?? this.moves.length - 1;
    this.moves = this.moves.slice(0, toPly);
    return { toPly };
  }

  async commit(_id: string, _body: { seat: number; ply: number; code: number }): Promise<unknown> {
    throw new ApiError(409, 'ERR_NOT_YOUR_TURN', 'a local game sends the joint move');
  }

  async answer(_id: string, _body: unknown): Promise<unknown> {
    return {};
  }

  async draw(): Promise<unknown> {
    return {};
  }

  async resign(): Promise<{ end?: GameEnd; game?: GameDoc }> {
    return {};
  }

  async rematch(): Promise<unknown> {
    return {};
  }

  readonly claims: { seat: number; ply: number; outcome: 'win' | 'draw' }[] = [];
  /** The refusal of the next claims (the server's 409 saying how long to wait), if any. */
  claimError: ApiError | null = null;

  async claim(_id: string, body: { seat: number; ply: number; outcome: 'win' | 'draw' }): Promise<{ end: GameEnd; game: GameDoc }> {
    this.claims.push(body);
    if (this.claimError) throw this.claimError;
    const winner = body.outcome === 'win' ? body.seat : 0;
    const end = { winner, reason: 'abandoned', text: `seat ${body.seat} claimed the win: the opponent left` };
    return { end, game: { ...(await this.getGame('g1')), online: true, status: 'over', end } };
  }

  /** Releases the oldest held reply. */
  release(): void {
    this.held.shift()!.resolve();
  }
}

/** The worker: each request waits until the test answers it (with the first legal move, by default). */
class FakeThinker {
  readonly asked: { req: Omit<ThinkRequest, 'id'>; reply: Deferred<ThinkReply> }[] = [];
  cancelled = 0;

  think(req: Omit<ThinkRequest, 'id'>): Promise<ThinkReply> {
    const reply = deferred<ThinkReply>();
    this.asked.push({ req, reply });
    return reply.promise;
  }

  /** Answers the oldest open request, as the worker would (a legal move of its player). */
  answer(pick = 0): ThinkRequest['player'] {
    const { req, reply } = this.asked.shift()!;
    const game = buildGame(req.ruleset, req.options);
    const s = game.newState(req.seed);
    for (const m of req.moves) applyStored(game, s, m);
    const moves = legal(game, s, isSimultaneous(s) ? req.player : 0);
    const move = moves[pick % moves.length]!;
    reply.resolve({ id: 0, move, text: game.moveText(s, move) });
    return req.player;
  }

  fail(message: string): void {
    this.asked.shift()!.reply.resolve({ id: 0, error: message });
  }
}

function setup(
  server: FakeServer,
  delay = 0,
  held = server.seats.flatMap((k, i) => (k === 'human' ? [i + 1] : [])),
  extra: Partial<PlayPorts> = {},
) {
  const thinker = new FakeThinker();
  const states: string[] = [];
  const comments: CommentLine[] = [];
  let frames = 0;
  const ports: PlayPorts = {
    server,
    heldSeats: () => held,
    seatsLearnt: () => undefined,
    openGame: () => undefined,
    think: (req) => thinker.think(req),
    cancelThinking: () => {
      thinker.cancelled++;
      thinker.asked.length = 0;
    },
    frameDelay: () => delay,
    changed: () => states.push(pageState(c)),
    frame: () => frames++,
    commented: (line) => comments.push(line),
    ...extra,
  };
  const c = new PlayController('g1', ports);
  return { c, thinker, states, comments, frames: () => frames };
}

/** A hole the person to move can play (with a single way of playing it). */
function playableHole(c: PlayController): number {
  for (const [hole, group] of byHole(c.choicesNow().list)) if (group.length === 1) return hole;
  throw new Error('no playable hole');
}

describe('game screen controller', () => {
  it('loading -> choosing; a tap -> posting -> animating -> watching while the computer thinks -> choosing again', async () => {
    const server = new FakeServer('gabata-adowa', 3, ['human', 'computer:1']);
    const { c, thinker, states } = setup(server);
    expect(c.mode.kind).toBe('loading');
    expect(pageState(c)).toBe('loading');
    await c.load();
    expect(c.mode).toMatchObject({ kind: 'choosing', player: 1, offer: null });
    expect(pageState(c)).toBe('human');
    expect(statusText(c)).toBe(T.yourTurnSolo);
    expect(c.display().legal.size).toBeGreaterThan(0);

    server.hold = true;
    c.tap(playableHole(c));
    await settle();
    expect(c.mode.kind).toBe('posting');
    expect(pageState(c)).toBe('busy');
    expect(controlsOf(c)).toMatchObject({ undo: false, hint: false, steps: true });
    expect(c.display().legal.size).toBe(0);
    server.hold = false;
    states.length = 0;
    server.release();
    await settle();
    // The move was animated (busy), then the computer's turn began.
    expect(states).toContain('busy');
    expect(c.mode).toEqual({ kind: 'watching', thinking: 2 });
    expect(pageState(c)).toBe('thinking');
    expect(statusText(c)).toBe(T.thinking(c.name(2)));
    expect(c.moves).toHaveLength(1);

    expect(thinker.answer()).toBe(2);
    await settle();
    expect(c.mode).toMatchObject({ kind: 'choosing', player: 1 });
    expect(c.moves).toHaveLength(2);
    expect(Array.from(c.liveState.counts)).toEqual(Array.from(server.state().counts));
  });

  it('a first arrival in three tasks: the replay, the board (before any render), the page; a page left meanwhile stops', async () => {
    const server = new FakeServer('gabata-adowa', 3, ['human', 'computer:1']);
    const log: string[] = [];
    const gates: (() => void)[] = [];
    const breathe = () => new Promise<void>((resolve) => gates.push(resolve));
    const waitGate = async () => {
      for (let i = 0; i < 50 && gates.length === 0; i++) await settle();
      expect(gates).toHaveLength(1);
    };
    const open = async () => {
      await waitGate();
      gates.shift()!();
      await settle();
    };
    const { c, states } = setup(server, 0, undefined, {
      breathe,
      prepare: () => log.push(`prepare ready=${c.ready} mode=${c.mode.kind} renders=${states.length}`),
    });
    const loading = c.load();
    await open();
    expect(log).toEqual(['prepare ready=true mode=loading renders=0']);
    expect(states).toEqual([]);
    await open();
    await loading;
    expect(c.mode.kind).toBe('choosing');
    expect(states.length).toBeGreaterThan(0);
    // A reload (the game already shown) runs through without breathing or preparing again.
    await c.load();
    expect(gates).toEqual([]);
    expect(log).toHaveLength(1);

    const left = setup(server, 0, undefined, { breathe, prepare: () => log.push('prepared after leaving') });
    const leaving = left.c.load();
    await waitGate();
    left.c.close();
    gates.shift()!();
    await leaving;
    expect(log).toHaveLength(1);
    expect(left.states.filter((s) => s !== 'closed')).toEqual([]);
  });

  it('a tap that cannot be played keeps the mode and says why; taps while posting or in history are refused', async () => {
    const server = new FakeServer('gabata-adowa', 9, ['human', 'human']);
    const { c } = setup(server);
    await c.load();
    const s = c.liveState;
    const opp = Array.from({ length: s.holeCount }, (_, h) => h).find((h) => s.owners[h] !== s.toMove)!;
    const before = c.mode;
    c.tap(opp);
    expect(c.mode).toBe(before);
    expect(c.message).toContain(String(opp));
    expect(server.bodies).toEqual([]);

    server.hold = true;
    c.tap(playableHole(c));
    await settle();
    expect(c.mode.kind).toBe('posting');
    c.tap(opp);
    expect(c.message).toBe(T.animating);
    expect(server.bodies).toHaveLength(1);
    server.hold = false;
    server.release();
    await settle();
    expect(c.mode).toMatchObject({ kind: 'choosing', player: 2 });

    c.step(-1);
    expect(c.mode).toMatchObject({ kind: 'history', ply: 0, live: { kind: 'choosing', player: 2 } });
    expect(pageState(c)).toBe('human');
    expect(controlsOf(c).hint).toBe(false);
    expect(c.display().legal.size).toBe(0);
    expect(Array.from(c.display().state.counts)).toEqual(Array.from(c.states[0]!.counts));
    c.tap(0);
    expect(c.message).toBe(T.viewingPly(0, 1));
    expect(server.bodies).toHaveLength(1);
  });

  it('history: the live game goes on underneath, its move is recorded without frames, and live returns to it', async () => {
    const server = new FakeServer('gifia', 8, ['human', 'computer:1']);
    const { c, thinker, frames } = setup(server, 5);
    await c.load();
    server.hold = true;
    const hole = playableHoleOrOffer(c);
    await settle();
    server.hold = false;
    server.release();
    // With a frame delay the move is animated frame by frame.
    await waitFor(() => c.mode.kind === 'watching');
    expect(frames()).toBeGreaterThan(0);
    expect(hole).toBeGreaterThanOrEqual(0);

    c.step('start');
    expect(c.mode).toEqual({ kind: 'history', ply: 0, live: { kind: 'watching', thinking: 2 } });
    c.tap(0);
    expect(c.message).toBe(T.viewingPly(0, 1));
    const framesBefore = frames();
    thinker.answer();
    await settle();
    expect(c.moves).toHaveLength(2);
    expect(frames()).toBe(framesBefore);
    expect(c.mode).toMatchObject({ kind: 'history', ply: 0, live: { kind: 'choosing', player: 1 } });
    c.step(1);
    expect(c.mode).toMatchObject({ kind: 'history', ply: 1 });
    c.step('live');
    expect(c.mode).toMatchObject({ kind: 'choosing', player: 1 });
    expect(Array.from(c.display().state.counts)).toEqual(Array.from(server.state().counts));
  });

  it('skip: a move being animated stops drawing frames at once and the mode moves on', async () => {
    const server = new FakeServer('gabata-adowa', 3, ['human', 'human']);
    const { c, frames } = setup(server, 20);
    await c.load();
    c.tap(playableHole(c));
    await waitFor(() => frames() > 0);
    expect(c.mode.kind).toBe('animating');
    expect(controlsOf(c)).toMatchObject({ skip: true, steps: false, undo: false });
    c.step(-1);
    expect(c.mode.kind).toBe('animating');
    c.skip();
    const seen = frames();
    await waitFor(() => c.mode.kind === 'choosing');
    expect(frames()).toBe(seen);
    expect(Array.from(c.display().frame.counts)).toEqual(Array.from(server.state().counts));
  });

  it('race: the computer thinks while a person chooses; one joint move goes in when both have chosen', async () => {
    const server = new FakeServer('selus', 12, ['computer:1', 'human']);
    const { c, thinker } = setup(server);
    await c.load();
    expect(c.mode).toMatchObject({ kind: 'race', thinking: 1, joint: [] });
    expect(c.chooser).toBe(2);
    expect(pageState(c)).toBe('thinking');
    expect(statusText(c)).toBe(T.thinking(T.theComputer));
    const hole = playableHole(c);
    c.tap(hole);
    await settle();
    expect(c.mode).toMatchObject({ kind: 'race', thinking: 1 });
    expect(c.chooser).toBe(0);
    expect(server.bodies).toEqual([]);
    thinker.answer();
    await settle();
    expect(server.bodies).toHaveLength(1);
    expect(server.bodies[0]!.joint).toHaveLength(2);
    expect(server.moves[0]!.joint).toBe(true);
    expect(c.moves).toHaveLength(1);
    expect(Array.from(c.liveState.counts)).toEqual(Array.from(server.state().counts));
  });

  it("the worker's error leaves the computer's turn idle with its message; undo cancels thinking and goes back", async () => {
    const server = new FakeServer('gabata-adowa', 21, ['human', 'computer:2']);
    const { c, thinker } = setup(server);
    await c.load();
    c.tap(playableHole(c));
    await settle();
    expect(c.mode).toEqual({ kind: 'watching', thinking: 2 });
    thinker.fail('no answer');
    await settle();
    expect(c.mode).toEqual({ kind: 'watching', thinking: 0 });
    expect(c.message).toBe('no answer');
    expect(pageState(c)).toBe('waiting');
    c.tap(0);
    expect(c.message).toBe(T.computerToMove);

    expect(c.undoTarget()).toBe(0);
    expect(controlsOf(c).undo).toBe(true);
    await c.undo();
    expect(thinker.cancelled).toBeGreaterThanOrEqual(1);
    expect(server.takebacks).toEqual([{ seat: 1, ply: 1, toPly: 0 }]);
    expect(server.moves).toHaveLength(0);
    expect(c.moves).toHaveLength(0);
    expect(c.mode).toMatchObject({ kind: 'choosing', player: 1 });
  });

  it('a stale move (409) reloads the game; another refusal returns to choosing with the reason', async () => {
    const server = new FakeServer('gabata-adowa', 5, ['human', 'human']);
    const { c } = setup(server);
    await c.load();
    server.failNext = new ApiError(500, 'ERR_INTERNAL', 'disk full');
    c.tap(playableHole(c));
    await settle();
    expect(c.mode).toMatchObject({ kind: 'choosing', player: 1 });
    expect(c.message).toBe(T.serverError('ERR_INTERNAL', 'disk full'));
    // Someone else played meanwhile: the page's ply is stale and the server says 409.
    const s = server.state();
    server.moves.push({
      ply: 0,
      move: server.game.moveText(s, legal(server.game, s)[0]!),
      codes: [legal(server.game, s)[0]!],
      joint: false,
    });
    c.tap(playableHole(c));
    await settle();
    expect(c.message).toBe(T.serverError('ERR_CONFLICT', 'stale ply'));
    expect(c.moves).toHaveLength(1);
    expect(c.mode).toMatchObject({ kind: 'choosing', player: 2 });
  });

  it('a finished match loads as over; a missing game as missing; a closed page ignores late answers', async () => {
    const server = new FakeServer('gabata-adowa', 6, ['computer:1', 'computer:2'], { rounds: 1 });
    const s = server.game.newState(6);
    for (let i = 0; i < 2000 && s.phase !== PHASE_OVER; i++) {
      const m = legal(server.game, s)[0]!;
      server.moves.push({ ply: i, move: server.game.moveText(s, m), codes: [m], joint: false });
      server.game.apply(s, m);
    }
    expect(s.phase).toBe(PHASE_OVER);
    const over = setup(server);
    await over.c.load();
    expect(over.c.mode).toEqual({ kind: 'over' });
    expect(pageState(over.c)).toBe('over');
    expect(statusText(over.c)).toBe(T.matchOver);
    over.c.tap(0);
    expect(over.c.message).toBe(T.matchOver);
    over.c.step(-1);
    expect(over.c.mode).toEqual({ kind: 'history', ply: server.moves.length - 1, live: { kind: 'over' } });

    const missing = setup({
      ...server,
      getGame: () => Promise.reject(new ApiError(404, 'ERR_NOT_FOUND', "no game 'g1'")),
    } as unknown as FakeServer);
    await missing.c.load();
    expect(missing.c.mode).toEqual({ kind: 'missing' });
    expect(missing.c.message).toBe(T.serverError('ERR_NOT_FOUND', "no game 'g1'"));
    expect(pageState(missing.c)).toBe('loading');

    const fresh = new FakeServer('gabata-adowa', 3, ['computer:1', 'human']);
    const closing = setup(fresh);
    await closing.c.load();
    expect(closing.c.mode).toEqual({ kind: 'watching', thinking: 1 });
    const open = closing.thinker.asked[0]!;
    closing.c.close();
    expect(closing.c.mode).toEqual({ kind: 'closed' });
    open.reply.resolve({ id: 0, move: legal(fresh.game, fresh.state())[0]!, text: '' });
    await settle();
    expect(fresh.bodies).toEqual([]);
    expect(closing.c.mode).toEqual({ kind: 'closed' });
  });

  it('a hint is asked in the choosing mode, shown on the board, and dropped with the mode', async () => {
    const server = new FakeServer('gabata-adowa', 3, ['human', 'human']);
    const { c, thinker } = setup(server);
    await c.load();
    void c.askHint();
    expect(c.mode).toMatchObject({ kind: 'choosing', hint: { kind: 'asking' } });
    expect(controlsOf(c).hint).toBe(false);
    expect(thinker.asked[0]!.req.level).toBe(3);
    thinker.answer();
    await settle();
    expect(c.mode).toMatchObject({ kind: 'choosing', hint: { kind: 'shown' } });
    expect(c.display().hint.size).toBe(1);
    expect(c.message).toMatch(/would play/);
    c.tap(playableHole(c));
    await settle();
    expect(c.mode).toMatchObject({ kind: 'choosing', player: 2, hint: { kind: 'none' } });
    expect(c.display().hint.size).toBe(0);
  });
});

/** Taps a playable hole; when it has several ways of playing (Gifia), takes the first one offered. */
function playableHoleOrOffer(c: PlayController): number {
  const [hole] = [...byHole(c.choicesNow().list).keys()];
  c.tap(hole!);
  const m = c.mode;
  if (m.kind === 'choosing' && m.offer) {
    expect(m.offer.hole).toBe(hole);
    c.takeOffer(m.offer.choices[0]!);
  }
  return hole!;
}

async function waitFor(ok: () => boolean): Promise<void> {
  for (let i = 0; i < 500 && !ok(); i++) await new Promise((r) => setTimeout(r, 5));
  expect(ok()).toBe(true);
}

/** A server's live `move` message for the next ply of `server` (applying `code`, or the first legal move). */
function liveMove(server: FakeServer, code?: number): MoveReply & { type: 'move' } {
  const s = server.state();
  const c = code ?? legal(server.game, s)[0]!;
  const r = applyDecision(server.game, s, { code: c });
  if (!r.ok) throw r.error;
  const m: StoredMove = { ply: server.moves.length, move: r.value.text, codes: r.value.codes, joint: r.value.joint };
  server.moves.push(m);
  return { type: 'move', ...m, events: r.value.events, ...statusOf(s) };
}

/** The `welcome` the live stream sends first: the seats this key holds and the game without its moves. */
async function welcome(server: FakeServer, seats: number[], online = true) {
  const game = { ...(await server.getGame('g1')), online, moves: undefined };
  return { type: 'welcome' as const, seats, game, since: -1 };
}

describe('game screen controller, online (issue 13)', () => {
  it('acts only for the seats its key holds: the other seat is awaited, its move arrives live, once, in order', async () => {
    const server = new FakeServer('gabata-adowa', 3, ['human', 'invite']);
    const { c, comments } = setup(server);
    await c.load();
    c.onLive(await welcome(server, [2]));
    expect(c.online).toBe(true);
    expect(c.mode).toEqual({ kind: 'waiting', for: 'player' });
    expect(pageState(c)).toBe('waiting');
    expect(statusText(c)).toBe(T.waitingFor(c.name(1)));
    expect(c.display().legal.size).toBe(0);
    c.tap(0);
    expect(c.message).toBe(T.notYourTurn(c.name(1)));
    expect(server.bodies).toEqual([]);

    const m0 = liveMove(server);
    c.onLive(m0);
    c.onLive(m0);
    await settle();
    expect(c.moves).toHaveLength(1);
    expect(comments.filter((l) => l.cls === 'move-head' && l.text.startsWith('1.'))).toHaveLength(1);
    expect(c.mode).toMatchObject({ kind: 'choosing', player: 2 });
    c.tap(playableHole(c));
    await settle();
    expect(server.bodies.at(-1)).toMatchObject({ seat: 2, ply: 1 });
    // The live echo of our own move changes nothing.
    c.onLive({ type: 'move', ...server.moves[1]!, events: [], status: 'play', result: null });
    await settle();
    expect(c.moves).toHaveLength(2);
    expect(Array.from(c.liveState.counts)).toEqual(Array.from(server.state().counts));
  });

  it('a ply beyond the next one (something was missed) reloads the game from the server', async () => {
    const server = new FakeServer('gabata-adowa', 4, ['human', 'invite']);
    const { c } = setup(server);
    await c.load();
    c.onLive(await welcome(server, [1]));
    liveMove(server);
    liveMove(server);
    const m2 = liveMove(server);
    c.onLive(m2);
    await settle();
    expect(c.moves).toHaveLength(3);
    expect(Array.from(c.liveState.counts)).toEqual(Array.from(server.state().counts));
  });

  it('a spectator holds no seat: no playable holes, no controls, a tap says so', async () => {
    const server = new FakeServer('gabata-adowa', 3, ['human', 'invite']);
    const { c: spectator } = setup(server, 0, []);
    await spectator.load();
    spectator.onLive(await welcome(server, []));
    expect(spectator.spectator).toBe(true);
    expect(spectator.display().legal.size).toBe(0);
    expect(controlsOf(spectator)).toMatchObject({ undo: false, hint: false, resign: false, draw: false, player: false });
    spectator.tap(0);
    expect(spectator.message).toBe(T.spectatorNoMoves);
    expect(server.bodies).toEqual([]);
  });

  it('race online: the choice is committed, the page waits, the others show as having chosen, the joint move arrives live', async () => {
    const server = new FakeServer('selus', 12, ['human', 'invite']);
    const commits: { seat: number; ply: number; code: number }[] = [];
    server.commit = async (_id: string, body: { seat: number; ply: number; code: number }) => {
      commits.push(body);
      return { committed: true };
    };
    const { c } = setup(server);
    await c.load();
    c.onLive(await welcome(server, [1]));
    expect(c.mode.kind).toBe('race');
    expect(c.chooser).toBe(1);
    const hole = playableHole(c);
    c.tap(hole);
    await settle();
    expect(commits).toHaveLength(1);
    expect(commits[0]).toMatchObject({ seat: 1, ply: 0 });
    expect(server.bodies).toEqual([]);
    expect(c.chooser).toBe(0);
    expect(pageState(c)).toBe('waiting');
    expect(statusText(c)).toBe(T.waitingForOthers);
    c.onLive({ type: 'committed', ply: 0, seats: [1, 2] });
    expect(statusText(c)).toBe(`${T.waitingForOthers} ${T.hasChosen(c.name(2))}`);
    const s = server.state();
    const other = legal(server.game, s, 2)[0]!;
    const r = applyDecision(server.game, s, { joint: [commits[0]!.code, other] });
    if (!r.ok) throw r.error;
    server.moves.push({ ply: 0, move: r.value.text, codes: r.value.codes, joint: true });
    c.onLive({ type: 'move', ply: 0, move: r.value.text, codes: r.value.codes, joint: true, events: r.value.events, ...statusOf(s) });
    await settle();
    expect(c.moves).toHaveLength(1);
    expect(c.committed).toEqual([]);
    expect(Array.from(c.liveState.counts)).toEqual(Array.from(server.state().counts));
  });

  it('takeback online is a request; the other side answers it; an applied undo takes the moves back', async () => {
    const server = new FakeServer('gabata-adowa', 3, ['human', 'invite']);
    const answers: unknown[] = [];
    server.takeback = async (_id: string, body: { seat: number; ply: number; toPly?: number }) => {
      server.takebacks.push(body);
      return {};
    };
    server.answer = async (_id: string, body: unknown) => {
      answers.push(body);
      return {};
    };
    const { c } = setup(server);
    await c.load();
    c.onLive(await welcome(server, [1]));
    c.tap(playableHole(c));
    await settle();
    expect(c.moves).toHaveLength(1);
    await c.undo();
    expect(server.takebacks).toEqual([{ seat: 1, ply: 1 }]);
    expect(c.moves).toHaveLength(1);
    expect(c.message).toBe(T.takebackAsked);
    c.onLive({ type: 'offer', offer: 'takeback', by: 1, toPly: 0 });
    expect(c.net.offerMade()).toMatchObject({ offer: 'takeback' });
    expect(c.net.offerToAnswer()).toBeNull();
    expect(controlsOf(c).undo).toBe(false);
    c.onLive({ type: 'offerEnded', offer: 'takeback', accepted: true });
    server.moves = [];
    c.onLive({ type: 'undo', toPly: 0, game: { ...(await server.getGame('g1')), online: true } });
    await settle();
    expect(c.moves).toHaveLength(0);
    expect(c.mode).toMatchObject({ kind: 'choosing', player: 1 });

    // The other side: an offer by seat 2 is to be answered here.
    c.onLive({ type: 'offer', offer: 'draw', by: 2 });
    expect(c.net.offerToAnswer()).toMatchObject({ offer: 'draw', by: 2 });
    await c.answerOffer(false);
    expect(answers).toEqual([{ seat: 1, ply: 0, offer: 'draw', accept: false }]);
    expect(c.net.offerToAnswer()).toBeNull();
  });

  it('the clock runs down between updates for the seat to move; a resignation ends the game', async () => {
    const server = new FakeServer('gabata-adowa', 3, ['human', 'invite']);
    const { c } = setup(server);
    await c.load();
    c.onLive(await welcome(server, [1]));
    c.onLive({ type: 'clock', clock: { baseMs: 300_000, incrementMs: 3000, remainingMs: [300_000, 300_000], running: 1, at: 0 } });
    const t = c.clockAt;
    expect(c.net.clockLeft(1, t + 1500)).toBe(298_500);
    expect(c.net.clockLeft(2, t + 1500)).toBe(300_000);
    expect(c.net.clockLeft(1, t + 400_000)).toBe(0);
    const clock = { baseMs: 300_000, incrementMs: 3000, remainingMs: [300_000, 300_000], running: 0, at: 0 };
    const game = { ...(await server.getGame('g1')), online: true, status: 'over', clock };
    c.onLive({ type: 'end', end: { winner: 2, reason: 'resign', text: 'seat 1 resigned: seat 2 wins' }, game });
    expect(c.finished).toBe(true);
    expect(c.mode).toEqual({ kind: 'over' });
    expect(pageState(c)).toBe('over');
    expect(c.net.clockLeft(1, t + 1500)).toBe(300_000);
    expect(controlsOf(c)).toMatchObject({ resign: false, rematch: true });
  });

  it('a rematch agreed while the connection was down: the welcome after reconnecting takes a player to it, not a spectator', async () => {
    const server = new FakeServer('gabata-adowa', 3, ['human', 'invite']);
    const opened: string[] = [];
    const learnt: string[] = [];
    const { c } = setup(server, 0, undefined, {
      openGame: (id) => opened.push(id) && learnt.push(`open ${id}`),
      seatsLearnt: (id, seats) => learnt.push(`${id}: ${seats}`),
    });
    await c.load();
    c.onLive(await welcome(server, [1]));
    const over = { ...(await server.getGame('g1')), online: true, status: 'over' };
    c.onLive({ type: 'end', end: { winner: 2, reason: 'resign', text: 'seat 1 resigned: seat 2 wins' }, game: over });
    expect(opened).toEqual([]);
    // The live 'rematch' message was missed; the next welcome's document names the new game.
    const again = { type: 'welcome' as const, seats: [1], game: { ...over, rematch: 'g2', moves: undefined }, since: -1 };
    learnt.length = 0;
    c.onLive(again);
    expect(opened).toEqual(['g2']);
    // Seat 1 is seat 2 in the rematch, remembered before the rematch's page opens.
    expect(learnt).toEqual(['g1: 1', 'g2: 2', 'open g2']);
    c.onLive(again);
    expect(opened).toEqual(['g2']);

    const watched: string[] = [];
    const { c: spectator } = setup(server, 0, [], { openGame: (id) => watched.push(id) });
    await spectator.load();
    spectator.onLive({ ...again, seats: [] });
    expect(watched).toEqual([]);
  });

  it('leaving: a claim is against opponents all gone; an early one returns the server’s wait; the win ends it in words', async () => {
    const server = new FakeServer('gabata-adowa', 3, ['human', 'invite']);
    const { c } = setup(server);
    await c.load();
    c.onLive(await welcome(server, [1]));
    c.setConnection('up');
    c.onLive({ type: 'presence', connected: [1, 2], spectators: 0 });
    expect(goneOpponents(c)).toEqual([]);
    c.onLive({ type: 'presence', connected: [1], spectators: 0 });
    expect(goneOpponents(c)).toEqual([2]);
    // The page's own connection down: what it knows of the others is stale, no claim.
    c.setConnection('down');
    expect(goneOpponents(c)).toEqual([]);
    c.setConnection('up');
    // Correspondence: the move clock decides, never a claim.
    const clock = { baseMs: 0, incrementMs: 0, remainingMs: [86_400_000, 86_400_000], running: 1, at: 0 };
    c.onLive({ type: 'clock', clock: { ...clock, perMoveMs: 86_400_000 } });
    expect(goneOpponents(c)).toEqual([]);
    c.onLive({ type: 'clock', clock: null });

    server.claimError = new ApiError(409, 'ERR_CONFLICT', 'nothing to claim yet: your opponent may come back: wait 7 s', 6500);
    expect(await c.claim('win')).toBe(6500);
    server.claimError = new ApiError(409, 'ERR_CONFLICT', 'nothing to claim yet: your opponent is connected', null);
    expect(await c.claim('draw')).toBe(Number.POSITIVE_INFINITY);
    expect(c.finished).toBe(false);
    expect(c.message).toBe('');
    server.claimError = null;
    expect(await c.claim('win')).toBe(0);
    expect(server.claims).toEqual([
      { seat: 1, ply: 0, outcome: 'win' },
      { seat: 1, ply: 0, outcome: 'draw' },
      { seat: 1, ply: 0, outcome: 'win' },
    ]);
    expect(c.finished).toBe(true);
    expect(pageState(c)).toBe('over');
    expect(statusText(c)).toBe(`${c.name(1)} wins: the opponent left the game.`);
    expect(goneOpponents(c)).toEqual([]);
  });
});

/** The race's lines of a commentary (the events of a race told). */
const RACE_LINES = new Set(['raceStart', 'relay', 'skip', 'raceFinish', 'raceAbandon', 'raceEnd']);

/** The commentary's race lines: more than `atLeast` of them, and every one naming one of the racers. */
function raceLines(c: PlayController, comments: readonly CommentLine[], atLeast: number): CommentLine[] {
  const race = comments.filter((l) => RACE_LINES.has(l.cls));
  expect(race.length).toBeGreaterThan(atLeast);
  for (const l of race)
    expect(
      [c.name(1), c.name(2)].some((n) => l.text.includes(n)),
      l.text,
    ).toBe(true);
  return race;
}

describe("the opening race (Abalala'e) on the board", () => {
  it('not seen yet: played from the board before it, each line naming its racer, the status saying so; then the turn', async () => {
    const server = new FakeServer('abalalae', 7, ['human', 'computer:1']);
    const shown: string[] = [];
    const played: string[][] = [];
    const { c, comments, frames } = setup(server, 1, [1], {
      openingSeen: () => false,
      openingShown: (id) => shown.push(id),
      played: (f) => played.push(f.map((e) => e.type)),
    });
    await c.load();
    expect(c.mode.kind).toBe('animating');
    expect(pageState(c)).toBe('busy');
    expect(controlsOf(c)).toMatchObject({ skip: true, watchRace: false });
    // The board drawn first is not the position after the race.
    const after = Array.from(server.state().counts);
    await waitFor(() => frames() > 2);
    expect(statusText(c)).toMatch(/^The opening race: both players sow at once.*\(ABA-04\)/);
    expect(c.display().frame.counts).not.toEqual(after);
    // Both hands on the board at once in a tick.
    await waitFor(() => c.mode.kind !== 'animating');
    expect(played.some((f) => f[0] === 'raceTick' && f.filter((t) => t === 'drop').length === 2)).toBe(true);
    expect(c.mode.kind === 'choosing' || c.mode.kind === 'watching').toBe(true);
    expect(Array.from(c.display().frame.counts)).toEqual(after);
    expect(shown).toEqual(['g1']);
    const race = raceLines(c, comments, 4);
    expect(race[race.length - 1]!.cls).toBe('raceEnd');
    expect(race[race.length - 1]!.text).toContain(c.name(c.liveState.toMove));
  });

  it('seen already: told in words at once, still naming the racers; watched again on request, Skip ends it', async () => {
    const server = new FakeServer('abalalae', 7, ['human', 'human']);
    const { c, comments, frames } = setup(server, 5, [1, 2], { openingSeen: () => true });
    await c.load();
    expect(c.mode.kind).toBe('choosing');
    expect(frames()).toBe(0);
    raceLines(c, comments, 4);
    expect(controlsOf(c).watchRace).toBe(true);
    comments.length = 0;
    c.watchRaceAgain();
    expect(c.mode.kind).toBe('animating');
    await waitFor(() => frames() > 1);
    c.skip();
    const seen = frames();
    await waitFor(() => c.mode.kind === 'choosing');
    expect(frames()).toBe(seen);
    expect(comments[0]!.text).toBe('The opening race, again');
    expect(comments.some((l) => l.cls === 'raceEnd')).toBe(true);
    expect(Array.from(c.display().frame.counts)).toEqual(Array.from(server.state().counts));
  });

  it('Selus: no forced opening race to watch; its race, chosen by both, is drawn with both hands and named racers', async () => {
    const server = new FakeServer('selus', 12, ['human', 'human']);
    const played: string[][] = [];
    const { c, comments } = setup(server, 1, [1, 2], { openingSeen: () => false, played: (f) => played.push(f.map((e) => e.type)) });
    await c.load();
    expect(c.mode.kind).toBe('race');
    expect(c.hasOpeningRace).toBe(false);
    expect(controlsOf(c).watchRace).toBe(false);
    // Both people choose (one after the other on this device): the joint move is the race, drawn tick by tick.
    c.tap(playableHole(c));
    await settle();
    c.tap(playableHole(c));
    await waitFor(() => c.moves.length === 1 && c.mode.kind !== 'animating' && c.mode.kind !== 'posting');
    expect(played.some((f) => f[0] === 'raceTick' && f.filter((t) => t === 'drop').length === 2)).toBe(true);
    raceLines(c, comments, 2);
  });
});

describe('clock display', () => {
  it('shows m:ss, h:mm:ss past an hour, and tenths under ten seconds', () => {
    expect(clockText(300_000)).toBe('5:00');
    expect(clockText(61_001)).toBe('1:02');
    expect(clockText(3_725_000)).toBe('1:02:05');
    expect(clockText(9_950)).toBe('9.9');
    expect(clockText(0)).toBe('0.0');
  });
});

describe('never robbed by an animation (issue 23)', () => {
  /** A hole seat `player` may play in the server's position, with a single way of playing it. */
  function holeFor(server: FakeServer, player: number): number {
    const s = server.state();
    for (const [hole, group] of byHole(choices(buildGame(server.ruleset, server.options), s, player))) if (group.length === 1) return hole;
    throw new Error('no playable hole');
  }

  it("a tap during the opponent's move finishes its animation at once and is taken as the move", async () => {
    const server = new FakeServer('gabata-adowa', 3, ['human', 'invite']);
    // A minute a frame: without the tap the animation would outlast the test.
    const { c, frames } = setup(server, 60_000);
    await c.load();
    c.onLive(await welcome(server, [2]));
    c.onLive(liveMove(server));
    await waitFor(() => frames() > 0);
    expect(c.mode.kind).toBe('animating');
    const hole = holeFor(server, 2);
    const drawn = frames();
    c.tap(hole);
    await waitFor(() => server.bodies.length === 1);
    expect(server.bodies[0]).toMatchObject({ seat: 2, ply: 1 });
    await waitFor(() => c.moves.length === 2);
    // The opponent's animation drew no frame after the tap; the tapped move's own drawing has begun.
    expect(frames()).toBe(drawn + 1);
    c.skip();
    await waitFor(() => c.mode.kind === 'waiting');
    expect(c.message).toBe('');
    expect(Array.from(c.liveState.counts)).toEqual(Array.from(server.state().counts));
  });

  it('a tap during the opening race ends it and is taken as the first move', async () => {
    const server = new FakeServer('abalalae', 7, ['human', 'human']);
    const shown: string[] = [];
    const { c } = setup(server, 60_000, [1, 2], { openingSeen: () => false, openingShown: (id) => shown.push(id) });
    await c.load();
    expect(c.mode.kind).toBe('animating');
    const mover = server.state().toMove;
    c.tap(holeFor(server, mover));
    await waitFor(() => server.bodies.length === 1);
    expect(server.bodies[0]).toMatchObject({ seat: mover, ply: 0 });
    // The race was shown to its end (skipped: remembered as seen); the tapped move is now drawn, at its own pace.
    expect(shown).toEqual(['g1']);
    await waitFor(() => c.moves.length === 1);
    expect(c.mode.kind).toBe('animating');
    c.skip();
    await waitFor(() => c.mode.kind === 'choosing');
  });

  it('against the computer: Resign but no draw offer (it never agrees); neither offline nor between two on one device', async () => {
    const vsComputer = setup(new FakeServer('gabata-adowa', 3, ['human', 'computer:1'])).c;
    await vsComputer.load();
    expect(controlsOf(vsComputer)).toMatchObject({ resign: true, draw: false });
    const offline = new PlayController('local-1', setup(new FakeServer('gabata-adowa', 3, ['human', 'computer:1'])).c.ports);
    await offline.load();
    expect(controlsOf(offline)).toMatchObject({ resign: false, draw: false });
    const hotSeat = setup(new FakeServer('gabata-adowa', 3, ['human', 'human'])).c;
    await hotSeat.load();
    expect(controlsOf(hotSeat)).toMatchObject({ resign: false, draw: false });
  });

  it('resigning against the computer ends the game at once with the reply, and stops its thinking', async () => {
    const server = new FakeServer('gabata-adowa', 3, ['human', 'computer:1']);
    const end = { winner: 2, reason: 'resign', text: 'seat 1 resigned: seat 2 wins' };
    server.resign = async () => ({ end, game: { ...(await server.getGame('g1')), status: 'over', end } });
    const { c, thinker } = setup(server);
    await c.load();
    await c.act('resign');
    expect(c.finished).toBe(true);
    expect(c.mode).toEqual({ kind: 'over' });
    expect(thinker.cancelled).toBeGreaterThan(0);
  });

  it('"The draw offer was declined" goes when the game ends', async () => {
    const server = new FakeServer('gabata-adowa', 3, ['human', 'invite']);
    const { c } = setup(server);
    await c.load();
    c.onLive(await welcome(server, [1]));
    c.onLive({ type: 'offer', offer: 'draw', by: 1 });
    c.onLive({ type: 'offerEnded', offer: 'draw', accepted: false });
    expect(c.message).toBe(T.offerDeclined('draw'));
    const game = { ...(await server.getGame('g1')), online: true, status: 'over' };
    c.onLive({ type: 'end', end: { winner: 2, reason: 'resign', text: 'seat 1 resigned: seat 2 wins' }, game });
    expect(c.mode).toEqual({ kind: 'over' });
    expect(c.message).toBe('');
  });

  it("Abalala'e with a friend still to join: the opening race waits for him, then plays", async () => {
    const server = new FakeServer('abalalae', 7, ['human', 'invite']);
    const open = async (): Promise<GameDoc> => {
      const doc = await FakeServer.prototype.getGame.call(server, 'g1');
      return { ...doc, online: true, seats: doc.seats.map((s) => (s.kind === 'invite' ? { ...s, joined: false } : s)) };
    };
    server.getGame = open;
    const { c } = setup(server, 60_000, [1], { openingSeen: () => false });
    await c.load();
    expect(c.mode).toEqual({ kind: 'waiting', for: 'join' });
    const doc = await open();
    c.onLive({ type: 'joined', seat: 2, game: { ...doc, seats: doc.seats.map((s) => ({ ...s, joined: true })) } });
    expect(c.mode.kind).toBe('animating');
    c.skip();
    await waitFor(() => c.mode.kind !== 'animating');
  });
});

describe("the opening race in step with the server's time (issue 23)", () => {
  /** An Abalala'e game whose document says the server's time and when the game began (`ago` ms before now). */
  function timed(ago: number): FakeServer {
    const server = new FakeServer('abalalae', 7, ['human', 'computer:1']);
    server.getGame = async (id) => {
      const doc = await FakeServer.prototype.getGame.call(server, id);
      const now = Date.now();
      return { ...doc, now, started: now - ago };
    };
    return server;
  }

  it('a page opening long after the game began draws no frame of the race: it tells it and the game goes on', async () => {
    const shown: string[] = [];
    const { c, comments, frames } = setup(timed(3_600_000), 240, [1], { openingSeen: () => false, openingShown: (id) => shown.push(id) });
    await c.load();
    await waitFor(() => c.mode.kind !== 'animating');
    expect(frames()).toBe(0);
    expect(shown).toEqual(['g1']);
    expect(comments.some((l) => l.cls === 'raceEnd')).toBe(true);
  });

  it('a page opening as the game begins draws the race from its first frame', async () => {
    const { c, frames } = setup(timed(0), 240, [1], { openingSeen: () => false });
    await c.load();
    await waitFor(() => frames() > 0);
    expect(c.mode.kind).toBe('animating');
    c.skip();
    await waitFor(() => c.mode.kind !== 'animating');
  });
});

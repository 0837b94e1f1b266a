/**
 * The game screen's controller: what the page is doing, as one explicit mode, and every change of
 * mode. It holds the game's moves (from the server) and replays them with the engine to know every
 * position; a decision, a person's tap or the computer's choice, is posted to the server, whose
 * events are animated before the engine's position is shown. It holds no rules (playable holes,
 * results and reasons all come from the engine) and no DOM: the page (play.ts) gives it ports to
 * the server, the worker and the views, and its views render what it holds.
 *
 * Online (docs/online.md) it acts only for the seats this browser's key holds (`mine`); every
 * move, from its own post or from the live stream, goes through one inbox, applied once and in
 * ply order, so a move is never animated twice and a gap is filled by a reload.
 *
 *   loading -> choosing | race | watching | waiting | over          (settle: who decides next)
 *   choosing | race | watching -> posting -> animating -> settle
 *   waiting (another player, the server's computer, friends to join) -> animating -> settle
 *   any settled mode <-> history (a past position; the live mode goes on underneath)
 */
import type { GameEvent } from '../core/events.js';
import { MAX_MOVES, MOVE_PASS, type Game } from '../core/game.js';
import type { State } from '../core/state.js';
import { animate, boardBefore, boardStateOf, copyBoard } from './animate.js';
import { ApiError, normalizeDoc, type Decision, type MoveReply } from './api.js';
import type { BoardState } from './board.js';
import {
  applyStored,
  buildGame,
  byHole,
  choices,
  isOver,
  isSimultaneous,
  positions,
  type Choice,
  type ClockState,
  type GameDoc,
  type GameEnd,
  type OfferInfo,
  type StoredMove,
} from './engine.js';
import type { LiveMessage } from './live.js';
import { I18N, T, clauseText, eventText, storyContexts, storyLines, wordsFor, type Words } from './text.js';
import type { ThinkReply, ThinkRequest } from './worker.js';

/** A way of playing one hole, offered when the hole can be played in several ways (Gifia's directions). */
export interface Offer {
  hole: number;
  player: number;
  choices: Choice[];
}

/** The computer's suggestion for the person choosing: being computed, or the hole it would play. */
export type Hint = { kind: 'none' } | { kind: 'asking' } | { kind: 'shown'; holes: readonly number[] };

export type ChoosingMode = { kind: 'choosing'; player: number; offer: Offer | null; hint: Hint };
/**
 * A simultaneous node: every player chooses, then the choices go in as one joint move. `joint`
 * fills in place (index = player) as people tap and the computer answers; `thinking` is the
 * computer player being thought for, 0 when none.
 */
export type RaceMode = { kind: 'race'; joint: number[]; thinking: number; offer: Offer | null; hint: Hint };
/** The computer is to move: `thinking` is its player while the worker works, 0 after a failed answer. */
export type WatchingMode = { kind: 'watching'; thinking: number };
/**
 * Somebody else decides (another player, the server's computer), invited friends have not joined
 * yet, or (a local game) the round's summary waits for the player's Continue before play goes on.
 */
export type WaitingMode = { kind: 'waiting'; for: 'join' | 'player' | 'summary' };
/**
 * A move being played on the drawn board: `frame` is what is drawn now, `hot` the holes flashing;
 * `race` the status line while a race is drawn (what is happening, then who won and why).
 */
export type AnimatingMode = { kind: 'animating'; before: State; frame: BoardState; hot: ReadonlySet<number>; skip: boolean; race?: string };

/** What the live game is doing. */
export type LiveMode =
  | { kind: 'loading' }
  | { kind: 'missing' }
  | WatchingMode
  | WaitingMode
  | ChoosingMode
  | RaceMode
  | { kind: 'posting' }
  | AnimatingMode
  | { kind: 'over' }
  | { kind: 'closed' };

/** The page's mode: the live game's, or a look at the position after move `ply` while it goes on. */
export type Mode = LiveMode | { kind: 'history'; ply: number; live: LiveMode };

export interface CommentLine {
  text: string;
  rule?: string;
  /** The event type, or 'move-head' for a move's first line. */
  cls: string;
}

export interface RoundSummary {
  end: Extract<GameEvent, { type: 'roundEnd' }>;
  redistribute: Extract<GameEvent, { type: 'redistribute' }> | null;
}

/** What the controller needs from the page. */
export interface PlayPorts {
  server: {
    getGame(id: string): Promise<GameDoc>;
    move(id: string, body: { seat: number; ply: number } & Decision): Promise<MoveReply>;
    commit(id: string, body: { seat: number; ply: number; code: number }): Promise<unknown>;
    /** A request online; locally an immediate undo back to `toPly`. */
    takeback(id: string, body: { seat: number; ply: number; toPly?: number }): Promise<{ game?: GameDoc; toPly?: number }>;
    answer(id: string, body: { seat: number; ply: number; offer: OfferInfo['offer']; accept: boolean }): Promise<unknown>;
    draw(id: string, body: { seat: number; ply: number }): Promise<unknown>;
    resign(id: string, body: { seat: number; ply: number }): Promise<unknown>;
    rematch(id: string, body: { seat: number }): Promise<unknown>;
    claim(id: string, body: { seat: number; ply: number; outcome: 'win' | 'draw' }): Promise<{ end?: GameEnd; game?: GameDoc }>;
  };
  /** The seats this browser last knew it holds in the game (the live `welcome` then says for sure). */
  heldSeats(id: string): number[];
  /** The seats this browser holds, as the server just said: to remember. */
  seatsLearnt(id: string, seats: number[]): void;
  /** Both players accepted a rematch: open the new game. */
  openGame(id: string): void;
  /** The computer's choice for `req.player` (answers of a cancelled request never come). */
  think(req: Omit<ThinkRequest, 'id'>): Promise<ThinkReply>;
  cancelThinking(): void;
  /** Milliseconds per animation frame now (the speed setting); 0 = no animation. */
  frameDelay(): number;
  /** Something shown changed: render the views. */
  changed(): void;
  /** A new animation frame: render the board and the piles. */
  frame(): void;
  /** A new line of commentary. */
  commented(line: CommentLine): void;
  /**
   * Has this browser shown game `id`'s opening race already? Its first showing plays the race on the
   * board when the game opens at ply 0; absent: the race is told in words only.
   */
  openingSeen?(id: string): boolean;
  /** The opening race of game `id` was shown (to the end, or skipped): not to be played on every reload. */
  openingShown?(id: string): void;
  /** A frame of an animation was drawn (for its sounds): never for skipped frames or with animation off. */
  played?(frame: readonly GameEvent[]): void;
}

/** What the board shows: a position, its drawn counts, and the marks on its holes. */
export interface Display {
  state: State;
  frame: BoardState;
  hot: ReadonlySet<number>;
  legal: ReadonlySet<number>;
  last: ReadonlySet<number>;
  hint: ReadonlySet<number>;
}

const NO_HINT: Hint = { kind: 'none' };
const NONE: ReadonlySet<number> = new Set();

function errorText(e: unknown, otherwise?: string): string {
  // No answer at all (status 0, offline) keeps the caller's own words when it has some.
  if (e instanceof ApiError && (e.status !== 0 || otherwise === undefined)) return T.serverError(e.code, e.message);
  return otherwise ?? (e as Error).message;
}

function roundSummaryOf(events: readonly GameEvent[]): RoundSummary | null {
  const end = events.find((e): e is RoundSummary['end'] => e.type === 'roundEnd');
  if (!end) return null;
  const redistribute = events.find((e): e is NonNullable<RoundSummary['redistribute']> => e.type === 'redistribute') ?? null;
  return { end, redistribute };
}

/** A choice in words: its notation, where it first drops, what it takes. */
export function describeChoice(c: Choice): string {
  const parts = [c.text];
  if (c.firstDrop >= 0) parts.push(T.firstDropInto(c.firstDrop));
  for (const t of c.takes) parts.push(T.takes(t.hole, t.count));
  return parts.join(' · ');
}

/** The live connection: not opened (no socket), up, or down and reconnecting. */
export type Connection = 'off' | 'up' | 'down';

export class PlayController {
  mode: Mode = { kind: 'loading' };
  /** The game, its engine and its words: set by the first load (see `ready`). */
  doc!: GameDoc;
  game!: Game;
  words!: Words;
  moves: StoredMove[] = [];
  /** `states[k]` = the position after the first k moves. */
  states: State[] = [];
  /** The line under the board: why a tap was refused, an error, a hint. */
  message = '';
  /** The last round's summary, shown until dismissed. */
  summary: RoundSummary | null = null;
  /** The seats this browser's key holds (none: a spectator). */
  mine: ReadonlySet<number> = new Set();
  connection: Connection = 'off';
  /** Seats connected now, and how many watch. */
  presence: { connected: number[]; spectators: number } = { connected: [], spectators: 0 };
  /** The server's clock and when (this page's time, ms) it was received. */
  clock: ClockState | null = null;
  clockAt = 0;
  /** Open offers (takeback, draw, rematch) and the seats that have chosen at a race. */
  offers: OfferInfo[] = [];
  committed: number[] = [];
  /** How the game ended when it was not by the rules (resign, time, agreement), or by them. */
  end: GameEnd | null = null;
  private readonly startHoles = new Map<number, Set<number>>();
  private choiceMemo: { key: string; list: Choice[] } | null = null;
  private continuation: { ply: number; rule: string } | null = null;
  private inbox: MoveReply[] = [];
  private pumping = false;
  private welcomed = false;
  private reloadedAt = -1;
  /** The forced opening's events (Abalala'e's race) and the board before it, worked back from them. */
  private opening: GameEvent[] = [];
  private openingStart: BoardState | null = null;

  constructor(
    readonly id: string,
    private readonly ports: PlayPorts,
  ) {
    this.mine = new Set(ports.heldSeats(id));
  }

  get ready(): boolean {
    return this.game !== undefined;
  }

  /** The live game's mode (under a history view, the one it returns to). */
  get live(): LiveMode {
    return this.mode.kind === 'history' ? this.mode.live : this.mode;
  }

  get liveState(): State {
    return this.states[this.states.length - 1]!;
  }

  /** The ply whose position is shown (the live one outside history). */
  get shownPly(): number {
    return this.mode.kind === 'history' ? this.mode.ply : this.moves.length;
  }

  seatOf(p: number): string {
    return this.doc.seats[p - 1]?.kind ?? 'human';
  }

  isComputer(p: number): boolean {
    return this.seatOf(p).startsWith('computer');
  }

  /** A person's seat (on this device, or a friend's). */
  isHuman(p: number): boolean {
    return !this.isComputer(p);
  }

  /** Does this browser decide for seat p? */
  holds(p: number): boolean {
    return this.mine.has(p);
  }

  /** The people's seats this browser holds (not the computer's, which it may also act for). */
  myPeople(): number[] {
    return [...this.mine].filter((p) => this.isHuman(p));
  }

  humans(): number {
    return this.doc.seats.filter((s) => !s.kind.startsWith('computer')).length;
  }

  /**
   * An online game: some person's seat is somebody else's (an invitation, or a seat this key does
   * not hold). Online the server plays the computer and takebacks are requests; locally the page
   * thinks for the computer and undo is immediate.
   */
  get online(): boolean {
    if (!this.ready) return false;
    if (typeof this.doc.online === 'boolean') return this.doc.online;
    if (this.doc.seats.some((s) => s.kind === 'invite')) return true;
    return this.welcomed && this.doc.seats.some((s) => !s.kind.startsWith('computer') && !this.mine.has(s.seat));
  }

  get spectator(): boolean {
    return this.mine.size === 0;
  }

  /** Invited seats nobody has taken yet (the game waits for them). */
  unjoined(): number[] {
    return this.doc.seats.filter((s) => s.kind === 'invite' && !s.joined && !this.presence.connected.includes(s.seat)).map((s) => s.seat);
  }

  /** The game is over: by the rules, or by resignation, agreement or time. */
  get finished(): boolean {
    return this.end !== null || isOver(this.liveState);
  }

  /**
   * This page thinks for a computer seat only in a local game: one of its own, or a match between
   * computers (nobody's seat: any page showing it plays it on; the ply of each post keeps two
   * pages from playing the same move twice).
   */
  private thinksFor(p: number): boolean {
    if (!this.isComputer(p) || this.online) return false;
    return !this.spectator || this.doc.seats.every((s) => s.kind.startsWith('computer'));
  }

  readonly name = (p: number): string => {
    if (p <= 0) return '—';
    const seat = this.seatOf(p);
    if (!seat.startsWith('computer')) return T.person(p);
    const level = Number(seat.split(':')[1]);
    const computers = this.doc.seats.length - this.humans();
    return computers > 1 ? T.computerN(p, level) : T.computer(level);
  };

  /** The person on this device whose choice is awaited, or 0. */
  get chooser(): number {
    const m = this.live;
    if (m.kind === 'choosing') return m.player;
    if (m.kind !== 'race') return 0;
    for (let p = 1; p <= this.liveState.players; p++) {
      if (this.holds(p) && this.isHuman(p) && m.joint[p] === undefined && !(this.online && this.committed.includes(p))) return p;
    }
    return 0;
  }

  /** The computer player being thought for now, or 0. */
  get thinking(): number {
    const m = this.live;
    return m.kind === 'watching' || m.kind === 'race' ? m.thinking : 0;
  }

  /** The chooser's ways to play now: none in a history view or when nobody here is to choose. */
  choicesNow(): { player: number; list: Choice[] } {
    const player = this.chooser;
    if (player === 0 || this.mode.kind === 'history') return { player, list: [] };
    const key = `${this.moves.length}:${player}`;
    if (this.choiceMemo?.key !== key) this.choiceMemo = { key, list: choices(this.game, this.liveState, player) };
    return { player, list: this.choiceMemo.list };
  }

  /** The last ply where a person here was to decide: a local undo goes back to just before it. */
  undoTarget(): number {
    if (this.spectator) return -1;
    for (let k = this.moves.length - 1; k >= 0; k--) {
      const s = this.states[k]!;
      if (isSimultaneous(s) || this.holds(s.toMove)) return k;
    }
    return -1;
  }

  /** The seat this browser speaks for in a request: the one to move if it holds it, else its first. */
  actingSeat(): number {
    const s = this.liveState;
    if (this.holds(s.toMove) && this.isHuman(s.toMove)) return s.toMove;
    const people = this.myPeople().sort((a, b) => a - b);
    return people[0] ?? [...this.mine].sort((a, b) => a - b)[0] ?? 0;
  }

  /** The offer this browser is asked to answer (made by another seat), or null. */
  offerToAnswer(): OfferInfo | null {
    return this.offers.find((o) => !this.holds(o.by) && !this.spectator) ?? null;
  }

  /** The offer this browser made and that awaits an answer, or null. */
  offerMade(): OfferInfo | null {
    return this.offers.find((o) => this.holds(o.by)) ?? null;
  }

  /** Milliseconds left on seat p's clock now (it runs down between the server's updates). */
  clockLeft(p: number, now = Date.now()): number {
    const c = this.clock;
    if (!c) return 0;
    const runs = (c.runningSeats ?? (c.running ? [c.running] : [])).includes(p) && !this.finished;
    return Math.max(0, (c.remainingMs[p - 1] ?? 0) - (runs ? now - this.clockAt : 0));
  }

  /** Start holes of move k (1-based), read off its trace: marked on the board as the last move. */
  movedFrom(k: number): ReadonlySet<number> {
    const m = this.moves[k - 1];
    if (!m) return NONE;
    const known = this.startHoles.get(k);
    if (known) return known;
    const ev: GameEvent[] = [];
    applyStored(this.game, this.states[k - 1]!.clone(), m, ev);
    const out = new Set<number>();
    for (const e of ev) {
      if (e.type === 'lift' || e.type === 'raceStart') out.add(e.hole);
      if (e.type === 'lift' || e.type === 'turnEnd' || e.type === 'raceTick') break;
    }
    this.startHoles.set(k, out);
    return out;
  }

  /**
   * The rule that gave the player to move another sowing in the same turn (a wegue in Adowa:
   * ADW-13), when the last move ended so; '' otherwise. The status line says why one player moves twice.
   */
  continuedBy(): string {
    const n = this.moves.length;
    if (this.continuation?.ply === n) return this.continuation.rule;
    const m = this.moves[n - 1];
    let rule = '';
    if (m) {
      const ev: GameEvent[] = [];
      applyStored(this.game, this.states[n - 1]!.clone(), m, ev);
      const e = ev.find((x): x is Extract<GameEvent, { type: 'await' }> => x.type === 'await' && x.reason === 'continue');
      if (e) rule = e.rule ?? '';
    }
    this.continuation = { ply: n, rule };
    return rule;
  }

  /** Does the ruleset play in rounds (so the title names the round)? A single-round game (Selus, SEL-20) does not. */
  get hasRounds(): boolean {
    return this.game.ruleset.options.some((o) => o.name === 'rounds') && this.doc.options['rounds'] !== 1;
  }

  display(): Display {
    const m = this.mode;
    const last = this.movedFrom(this.shownPly);
    if (m.kind === 'history') {
      const state = this.states[m.ply]!;
      return { state, frame: boardStateOf(state), hot: NONE, legal: NONE, last, hint: NONE };
    }
    if (m.kind === 'animating') return { state: m.before, frame: m.frame, hot: m.hot, legal: NONE, last, hint: NONE };
    const state = this.liveState;
    const legal = new Set(byHole(this.choicesNow().list).keys());
    const hint = (m.kind === 'choosing' || m.kind === 'race') && m.hint.kind === 'shown' ? new Set(m.hint.holes) : NONE;
    return { state, frame: boardStateOf(state), hot: NONE, legal, last, hint };
  }

  moveLabel(m: StoredMove, before: State): string {
    return m.joint
      ? m.move
          .split('|')
          .map((t, k) => `${this.name(k + 1)} ${t}`)
          .join(' · ')
      : `${this.name(before.toMove)}: ${m.move}`;
  }

  // ---- transitions -------------------------------------------------------------------------

  /** Loads (or reloads) the game from the server, leaves any history view, and settles. */
  async load(): Promise<void> {
    let doc: GameDoc;
    try {
      doc = await this.ports.server.getGame(this.id);
    } catch (e) {
      if (this.ready) {
        this.message = errorText(e);
        this.ports.changed();
        return;
      }
      this.message = errorText(e);
      this.enter({ kind: 'missing' });
      return;
    }
    if (this.mode.kind === 'closed') return;
    const first = !this.ready;
    this.doc = doc;
    this.game = buildGame(doc.ruleset, doc.options);
    this.words = wordsFor(this.game.ruleset.info, I18N);
    this.moves = doc.moves ?? [];
    this.states = positions(this.game, doc.seed, this.moves);
    this.startHoles.clear();
    this.choiceMemo = null;
    this.inbox = [];
    this.takeMeta(doc);
    const race = first && this.learnOpening() && this.moves.length === 0 && this.ports.openingSeen?.(this.id) === false;
    if (first) this.tellOpening(race);
    this.mode = { kind: 'loading' };
    if (race) void this.playOpening();
    else this.settle();
  }

  /** The game opens with a race the engine runs (Abalala'e) and its starting board is known: it can be watched. */
  get hasOpeningRace(): boolean {
    return this.openingStart !== null;
  }

  /**
   * Plays the opening race again on the board (the live game waits underneath: a computer's
   * thinking starts again after it). Not while a move is being sent or drawn.
   */
  watchRaceAgain(): void {
    const live = this.live;
    if (!this.ready || !this.openingStart || live.kind === 'animating' || live.kind === 'posting' || live.kind === 'closed') return;
    if (live.kind === 'loading' || live.kind === 'missing') return;
    this.ports.cancelThinking();
    this.dismissOffer(false);
    this.mode = live;
    this.message = '';
    this.comment(I18N.t('play.raceAgainHead'), undefined, 'move-head');
    void this.playOpening();
  }

  /** A tap on a hole: plays it, offers its ways of playing, or says why it cannot be played. */
  tap(hole: number): void {
    const m = this.mode;
    this.dismissOffer(false);
    this.message = '';
    if (m.kind === 'history') this.message = T.viewingPly(m.ply, this.moves.length);
    else if (m.kind === 'posting' || m.kind === 'animating') this.message = T.animating;
    else if (m.kind === 'over') this.message = T.matchOver;
    else if (m.kind === 'waiting') this.message = this.waitingText(m);
    else if (m.kind === 'choosing' || m.kind === 'race' || m.kind === 'watching') this.tapToChoose(m, hole);
    this.ports.changed();
  }

  /** Plays the chooser's pass or concession, when the engine offers one. */
  playSpecial(kind: 'pass' | 'concede'): void {
    const { player, list } = this.choicesNow();
    const c = list.find((x) => x.kind === kind);
    if (c) void this.choose(c, player);
  }

  /** Plays one of the offered ways of playing a hole. */
  takeOffer(c: Choice): void {
    const m = this.live;
    if ((m.kind !== 'choosing' && m.kind !== 'race') || !m.offer) return;
    const { player } = m.offer;
    m.offer = null;
    void this.choose(c, player);
  }

  dismissOffer(render = true): void {
    const m = this.live;
    if ((m.kind === 'choosing' || m.kind === 'race') && m.offer) {
      m.offer = null;
      if (render) this.ports.changed();
    }
  }

  /** Closes the round's summary; in a local game the next round then begins (the computer may move). */
  dismissSummary(): void {
    this.summary = null;
    const m = this.live;
    if (m.kind === 'waiting' && m.for === 'summary') this.settle();
    this.ports.changed();
  }

  /** Asks the computer what it would play for the person choosing. */
  async askHint(): Promise<void> {
    const m = this.mode;
    const p = this.chooser;
    if ((m.kind !== 'choosing' && m.kind !== 'race') || p === 0) return;
    const s = this.liveState;
    m.hint = { kind: 'asking' };
    this.ports.changed();
    const r = await this.think(p, 3);
    if (this.live !== m) return;
    if ('error' in r) {
      m.hint = NO_HINT;
      this.message = r.error;
    } else {
      const c = choices(this.game, s, p).find((x) => x.move === r.move);
      m.hint = { kind: 'shown', holes: c && c.hole >= 0 ? [c.hole] : [] };
      this.message = T.hintIs(c ? describeChoice(c) : r.text);
    }
    this.ports.changed();
  }

  /** Skips the rest of the move being animated. */
  skip(): void {
    const m = this.live;
    if (m.kind === 'animating') m.skip = true;
  }

  /**
   * Undo. On one device or against the computer the server takes the moves back at once; online
   * it asks the others (the answer comes on the live stream).
   */
  async undo(): Promise<void> {
    const live = this.live;
    if (this.undoTarget() < 0 || live.kind === 'posting' || live.kind === 'animating' || live.kind === 'closed') return;
    const online = this.online;
    if (!online) {
      this.ports.cancelThinking();
      this.setLive({ kind: 'posting' });
    }
    const ply = this.moves.length;
    const body = online ? { seat: this.actingSeat(), ply } : { seat: this.actingSeat(), ply, toPly: this.undoTarget() };
    try {
      const r = await this.ports.server.takeback(this.id, body);
      const toPly = r.toPly ?? (r.game && r.game.moveCount < ply ? r.game.moveCount : undefined);
      if (toPly !== undefined) this.applyUndo(toPly);
      if (online) this.message = toPly === undefined ? T.takebackAsked : '';
    } catch (e) {
      this.message = errorText(e);
    }
    if (this.mode.kind === 'closed') return;
    if (online) this.ports.changed();
    else await this.load();
  }

  /** Offers a draw, resigns, or offers a rematch after the end (online). */
  async act(kind: 'draw' | 'resign' | 'rematch'): Promise<void> {
    if (this.spectator || !this.ready) return;
    const body = { seat: this.actingSeat(), ply: this.moves.length };
    try {
      if (kind === 'draw') await this.ports.server.draw(this.id, body);
      else if (kind === 'resign') await this.ports.server.resign(this.id, body);
      else {
        const r = (await this.ports.server.rematch(this.id, { seat: body.seat })) as { id?: string };
        if (r.id) {
          this.ports.openGame(r.id);
          return;
        }
      }
      this.message = kind === 'draw' ? T.drawOffered : kind === 'rematch' ? T.rematchOffered : '';
    } catch (e) {
      this.message = errorText(e);
    }
    this.ports.changed();
  }

  /**
   * Claims the game every opponent left (docs/online.md `claim`): the win or a draw. The server
   * decides: a claim it finds early is refused with how long to wait, returned here in ms
   * (Infinity: it sees an opponent connected after all); 0 when the claim went through, or failed
   * otherwise (the message says why).
   */
  async claim(outcome: 'win' | 'draw'): Promise<number> {
    if (this.spectator || !this.ready || this.finished) return 0;
    try {
      const r = await this.ports.server.claim(this.id, { seat: this.actingSeat(), ply: this.moves.length, outcome });
      // The end comes on the live stream too; the answer shows it at once (taking it twice changes nothing).
      if (r.end && r.game) this.onLive({ type: 'end', end: r.end, game: r.game });
      return 0;
    } catch (e) {
      // Too early: the server says how long to wait (null: an opponent is connected), in a field, not in words.
      if (e instanceof ApiError && e.code === 'ERR_CONFLICT' && e.retryAfterMs !== undefined) {
        return e.retryAfterMs === null ? Number.POSITIVE_INFINITY : Math.max(1, e.retryAfterMs);
      }
      this.message = errorText(e);
      this.ports.changed();
      return 0;
    }
  }

  /** Accepts or declines the offer shown. */
  async answerOffer(accept: boolean): Promise<void> {
    const o = this.offerToAnswer();
    if (!o) return;
    const seat = [...this.mine].find((p) => p !== o.by) ?? this.actingSeat();
    try {
      await this.ports.server.answer(this.id, { seat, ply: this.moves.length, offer: o.offer, accept });
      this.offers = this.offers.filter((x) => x !== o);
    } catch (e) {
      this.message = errorText(e);
    }
    this.ports.changed();
  }

  /** Shows the position after move `to` (a ply, one step, the start or the live game). */
  step(to: number | 'start' | 'live'): void {
    const live = this.live;
    if (!this.ready || live.kind === 'animating' || live.kind === 'closed') return;
    const cur = this.shownPly;
    let k: number;
    if (to === 'start') k = 0;
    else if (to === 'live') k = this.moves.length;
    else if (to === 1 || to === -1) k = cur + to;
    else k = to;
    k = Math.max(0, Math.min(this.moves.length, k));
    this.dismissOffer(false);
    this.mode = k === this.moves.length ? live : { kind: 'history', ply: k, live };
    this.ports.changed();
  }

  /** Something outside the game changed (a setting): render again. */
  refresh(): void {
    this.ports.changed();
  }

  /** The page is gone: nothing more happens, late answers are dropped. */
  close(): void {
    this.mode = { kind: 'closed' };
    this.ports.cancelThinking();
  }

  /** The live connection went up or down. */
  setConnection(c: Connection): void {
    this.connection = c;
    this.ports.changed();
  }

  /** The last ply this page has (for the live `hello`): -1 before the first move. */
  get lastPly(): number {
    return this.moves.length + this.inbox.length - 1;
  }

  /** A message of the live stream. */
  onLive(msg: LiveMessage): void {
    if (!this.ready || this.mode.kind === 'closed') return;
    switch (msg.type) {
      case 'welcome':
        this.welcome(msg.seats, normalizeDoc(msg.game));
        break;
      case 'move':
        this.receive(msg);
        break;
      case 'snapshot':
        // Too far behind for the moves one by one: read the whole game again.
        void this.load();
        return;
      case 'undo':
        this.applyUndo(msg.toPly);
        if (msg.game) this.takeMeta(normalizeDoc(msg.game));
        this.resettle();
        break;
      case 'joined':
        this.takeMeta(normalizeDoc(msg.game));
        this.resettle();
        break;
      case 'committed':
        if (msg.ply === this.moves.length) this.committed = msg.seats;
        break;
      case 'offer':
        this.offers = [...this.offers.filter((o) => o.offer !== msg.offer), { offer: msg.offer, by: msg.by, toPly: msg.toPly }];
        break;
      case 'offerEnded': {
        const mineToo = this.offers.some((o) => o.offer === msg.offer && this.holds(o.by));
        this.offers = this.offers.filter((o) => o.offer !== msg.offer);
        if (!msg.accepted && mineToo) this.message = T.offerDeclined(msg.offer);
        break;
      }
      case 'presence':
        this.presence = { connected: msg.connected, spectators: msg.spectators };
        if (this.doc.seats.some((s) => s.kind === 'invite' && !s.joined && msg.connected.includes(s.seat)))
          this.doc.seats = this.doc.seats.map((s) => (msg.connected.includes(s.seat) ? { ...s, joined: true } : s));
        this.resettle();
        break;
      case 'clock':
        this.setClock(msg.clock);
        break;
      case 'end':
        this.takeMeta(normalizeDoc(msg.game));
        this.end = msg.end;
        this.offers = this.offers.filter((o) => o.offer === 'rematch');
        this.resettle();
        break;
      case 'rematch':
        this.ports.openGame(msg.id);
        return;
      default:
        return;
    }
    this.ports.changed();
  }

  // ---- inside --------------------------------------------------------------------------------

  private enter(m: Mode): void {
    if (this.mode.kind === 'closed') return;
    this.mode = m;
    this.ports.changed();
  }

  /** Changes the live mode; a history view stays open over it. */
  private setLive(m: LiveMode): void {
    if (this.mode.kind === 'history') this.enter({ ...this.mode, live: m });
    else this.enter(m);
  }

  /** The parts of a game document that change without a move: seats, clock, offers, the end. */
  private takeMeta(doc: GameDoc): void {
    this.doc = { ...this.doc, ...doc, moves: undefined };
    this.setClock(doc.clock);
    this.offers = doc.offers;
    this.committed = doc.committed;
    this.end = doc.end;
    this.presence = { ...this.presence, connected: doc.seats.filter((s) => s.connected).map((s) => s.seat) };
  }

  private setClock(c: ClockState | null): void {
    this.clock = c;
    this.clockAt = Date.now();
  }

  /** The server says which seats this key holds, and what the game is like now. */
  private welcome(seats: number[], doc: GameDoc): void {
    const before = [...this.mine].join();
    this.mine = new Set(seats);
    this.welcomed = true;
    this.ports.seatsLearnt(this.id, seats);
    this.takeMeta(doc);
    if (doc.moveCount < this.moves.length) this.applyUndo(doc.moveCount);
    if (before !== seats.join()) this.choiceMemo = null;
    this.resettle(before !== [...this.mine].join());
  }

  /** Settles again when who decides may have changed (seats learnt, friends joined, the end). */
  private resettle(force = false): void {
    const m = this.live;
    if (m.kind === 'waiting' || (m.kind === 'choosing' && force) || (m.kind === 'race' && force)) this.settle();
    else if (this.end && m.kind !== 'animating' && m.kind !== 'posting' && m.kind !== 'loading') this.settle();
  }

  /** Whoever decides next: a person here chooses, the computer thinks, someone else is awaited, or it is over. */
  private settle(): void {
    const s = this.liveState;
    if (this.finished) {
      this.setLive({ kind: 'over' });
    } else if (this.unjoined().length > 0) {
      this.setLive({ kind: 'waiting', for: 'join' });
    } else if (this.summary && !this.online) {
      // A round ended: nobody moves (the computer neither) until the player has read the summary.
      this.setLive({ kind: 'waiting', for: 'summary' });
    } else if (isSimultaneous(s)) {
      const m: RaceMode = { kind: 'race', joint: [], thinking: 0, offer: null, hint: NO_HINT };
      this.setLive(m);
      if (!this.online) void this.gatherRace(m);
    } else if (this.thinksFor(s.toMove)) {
      const m: WatchingMode = { kind: 'watching', thinking: s.toMove };
      this.setLive(m);
      void this.computerMoves(m);
    } else if (this.holds(s.toMove)) {
      this.setLive({ kind: 'choosing', player: s.toMove, offer: null, hint: NO_HINT });
    } else {
      this.setLive({ kind: 'waiting', for: 'player' });
    }
  }

  private waitingText(m: WaitingMode): string {
    if (m.for === 'join') return T.waitingForJoin(this.unjoined().map(this.name).join(', '));
    if (m.for === 'summary') return T.summaryWaits;
    return this.spectator ? T.spectatorNoMoves : T.notYourTurn(this.name(this.liveState.toMove));
  }

  private think(player: number, level = Number(this.seatOf(player).split(':')[1])): Promise<ThinkReply> {
    const { ruleset, options, seed } = this.doc;
    return this.ports.think({ ruleset, options, seed, moves: this.moves, level, player });
  }

  private async computerMoves(m: WatchingMode): Promise<void> {
    const r = await this.think(m.thinking);
    if (this.live !== m) return;
    if ('error' in r) {
      this.message = r.error;
      this.setLive({ kind: 'watching', thinking: 0 });
      return;
    }
    await this.submit({ code: r.move }, m.thinking);
  }

  /** At a local race: the computer players' choices, one after another; then the joint move if complete. */
  private async gatherRace(m: RaceMode): Promise<void> {
    for (let p = 1; p <= this.liveState.players; p++) {
      if (!this.thinksFor(p) || m.joint[p] !== undefined) continue;
      m.thinking = p;
      this.ports.changed();
      const r = await this.think(p);
      if (this.live !== m) return;
      m.thinking = 0;
      if ('error' in r) {
        this.message = r.error;
        this.ports.changed();
        return;
      }
      m.joint[p] = r.move;
    }
    await this.submitJointIfComplete(m);
  }

  /** Sends the joint move once every player has chosen; a computer's missing choice is asked for. */
  private async submitJointIfComplete(m: RaceMode): Promise<void> {
    const players = this.liveState.players;
    let missing = false;
    let computerMissing = false;
    const joint: number[] = [];
    for (let p = 1; p <= players; p++) {
      const buf = new Int32Array(MAX_MOVES);
      const racing = this.game.legalMovesFor(this.liveState, p, buf) > 0;
      if (m.joint[p] === undefined && racing) {
        missing = true;
        if (this.thinksFor(p)) computerMissing = true;
      }
      joint.push(m.joint[p] ?? MOVE_PASS);
    }
    if (missing) {
      this.ports.changed();
      if (computerMissing && m.thinking === 0) void this.gatherRace(m);
      return;
    }
    await this.submit({ joint }, this.actingSeat() || 1);
  }

  private tapToChoose(m: ChoosingMode | RaceMode | WatchingMode, hole: number): void {
    const { player, list } = this.choicesNow();
    if (player === 0 || m.kind === 'watching') {
      const s = this.liveState;
      if (this.spectator) this.message = T.spectatorNoMoves;
      else if (m.kind === 'race') this.message = T.waitingForOthers;
      else this.message = this.thinking > 0 || this.thinksFor(s.toMove) ? T.computerToMove : T.notYourTurn(this.name(s.toMove));
      return;
    }
    const group = byHole(list).get(hole);
    if (!group) this.message = this.explainRefusal(hole, player, list);
    else if (group.length === 1) void this.choose(group[0]!, player);
    else m.offer = { hole, player, choices: group };
  }

  private async choose(c: Choice, player: number): Promise<void> {
    const m = this.live;
    if (m.kind === 'race') {
      m.joint[player] = c.move;
      m.hint = NO_HINT;
      if (this.online) await this.commit(m, player, c.move);
      else await this.submitJointIfComplete(m);
    } else if (m.kind === 'choosing') {
      await this.submit({ code: c.move }, player);
    }
  }

  /** Online race: sends one seat's secret choice; the joint move comes on the live stream. */
  private async commit(m: RaceMode, player: number, code: number): Promise<void> {
    this.ports.changed();
    try {
      const r = (await this.ports.server.commit(this.id, { seat: player, ply: this.moves.length, code })) as { applied?: MoveReply };
      if (this.live === m && !this.committed.includes(player)) this.committed = [...this.committed, player];
      // The last choice in completes the race: its reply carries the joint move.
      if (r?.applied) this.receive(r.applied);
    } catch (e) {
      if (this.live !== m) return;
      delete m.joint[player];
      this.message = errorText(e);
      if (e instanceof ApiError && e.status === 409) await this.load();
    }
    this.ports.changed();
  }

  /** Posts a decision for `seat`; the stored move is then animated (or, on a refusal, the page says why). */
  private async submit(body: Decision, seat: number): Promise<void> {
    const live = this.live;
    if (live.kind === 'posting' || live.kind === 'animating' || live.kind === 'closed') return;
    this.message = '';
    const posting: LiveMode = { kind: 'posting' };
    this.setLive(posting);
    let reply: MoveReply;
    try {
      reply = await this.ports.server.move(this.id, { seat, ply: this.moves.length, ...body });
    } catch (e) {
      if (this.live !== posting) return;
      this.message = errorText(e, T.reconnect);
      const ply = this.moves.length;
      // A conflict reloads the game once per ply (a second refusal at the same ply is not a stale page).
      if (e instanceof ApiError && e.status === 409 && this.reloadedAt !== ply) {
        this.reloadedAt = ply;
        await this.load();
      }
      // A refused computer's move is not tried again on its own (that would loop): undo or reload.
      else if (this.thinksFor(seat)) this.setLive({ kind: 'watching', thinking: 0 });
      else this.settle();
      return;
    }
    // The live stream may have brought this move already: the inbox takes each ply once.
    this.receive(reply);
  }

  /** A move the server stored (our post's reply or the live stream): queued once, in ply order. */
  private receive(reply: MoveReply): void {
    const next = this.moves.length + this.inbox.length;
    if (reply.ply < next) return;
    if (reply.ply > next) {
      // A gap: something was missed; the server's game is the truth.
      void this.load();
      return;
    }
    this.inbox.push(reply);
    void this.pump();
  }

  private async pump(): Promise<void> {
    if (this.pumping) return;
    this.pumping = true;
    try {
      for (let m = this.inbox.shift(); m; m = this.inbox.shift()) {
        if (m.ply !== this.moves.length) continue;
        if (!(await this.played(m))) return;
      }
    } finally {
      this.pumping = false;
    }
    if (this.mode.kind !== 'closed') this.settle();
  }

  /** A move the server stored: recorded, animated; false when the page is gone or reloaded. */
  private async played(reply: MoveReply): Promise<boolean> {
    const before = this.liveState;
    const m: StoredMove = { ply: reply.ply, move: reply.move, codes: reply.codes, joint: reply.joint };
    const s = before.clone();
    applyStored(this.game, s, m);
    this.moves.push(m);
    this.states.push(s);
    this.committed = [];
    if (reply.clock !== undefined) this.setClock(reply.clock);
    if (reply.end) this.end = reply.end;
    this.comment(`${this.moves.length}. ${this.moveLabel(m, before)}`, undefined, 'move-head');
    // Catching up on several moves (back from a dropped connection): only the last one is played slowly.
    await this.animateMove(before, reply.events, this.inbox.length > 0);
    if (this.mode.kind === 'closed') return false;
    this.summary = roundSummaryOf(reply.events) ?? this.summary;
    if (reply.position && reply.position.counts.join() !== Array.from(s.counts).join()) {
      // The page's engine and the server's disagree: trust the server and reload.
      await this.load();
      return false;
    }
    return true;
  }

  /** Takes back the moves from `toPly` on (a takeback the server applied). */
  private applyUndo(toPly: number): void {
    this.inbox = [];
    const live = this.live;
    if (live.kind === 'animating') live.skip = true;
    if (toPly >= this.moves.length) return;
    this.ports.cancelThinking();
    this.moves = this.moves.slice(0, toPly);
    this.states = this.states.slice(0, toPly + 1);
    this.startHoles.clear();
    this.choiceMemo = null;
    this.summary = null;
    this.end = null;
    this.comment(T.takenBack(toPly), undefined, 'move-head');
    if (this.mode.kind === 'history' && this.mode.ply > toPly) this.mode = this.mode.live;
    if (!this.pumping && live.kind !== 'posting') this.settle();
  }

  /** Plays the events on the drawn board, frame by frame; a history view or a skip sees no frames. */
  private async animateMove(before: State, events: readonly GameEvent[], skip = false): Promise<void> {
    const m: AnimatingMode = { kind: 'animating', before, frame: boardStateOf(before), hot: NONE, skip };
    this.setLive(m);
    await this.playEvents(m, events, false);
  }

  /**
   * The opening race as it happened, on the board from the position before it (the game at ply 0
   * shows the position after it); then whoever decides next is settled.
   */
  private async playOpening(): Promise<void> {
    const start = this.openingStart;
    if (!start) return;
    const m: AnimatingMode = { kind: 'animating', before: this.states[0]!, frame: copyBoard(start), hot: NONE, skip: false };
    this.setLive(m);
    // The board before the race stays a moment before both hands lift.
    const d = this.ports.frameDelay();
    if (d > 0) await new Promise((r) => setTimeout(r, d * 3));
    await this.playEvents(m, this.opening, true);
    if (this.mode.kind === 'closed') return;
    this.ports.openingShown?.(this.id);
    if (this.live === m) this.settle();
  }

  /**
   * Animates `events` in mode `m`: the commentary tells each (inside a race every line names its
   * racer), the status line says what a race is doing and then who won and why, and each drawn frame
   * is handed to the page (its sounds).
   */
  private async playEvents(m: AnimatingMode, events: readonly GameEvent[], opening: boolean): Promise<void> {
    let racing = false;
    let shownRace = m.race;
    const contexts = storyContexts(events);
    let told = 0;
    await animate(m.frame, events, {
      delay: () => this.ports.frameDelay(),
      skipped: () => m.skip || this.mode !== m,
      render: (v, hot) => {
        m.frame = v;
        m.hot = hot;
        // The status line changes with the race (it began, it was won): the whole page then, else the board.
        if (m.race !== shownRace) this.ports.changed();
        else this.ports.frame();
        shownRace = m.race;
      },
      onEvent: (e) => {
        if (e.type === 'raceStart' && !racing) m.race = I18N.t(opening ? 'play.raceOpening' : 'play.raceRunning', { rule: e.rule ?? '' });
        if (e.type === 'raceStart') racing = true;
        const text = eventText(e, this.name, this.words, contexts[told++]);
        this.comment(text, e.rule, e.type);
        if (e.type === 'raceEnd') {
          racing = false;
          const tie = this.tieText(e);
          if (tie) this.comment(tie, e.rule, 'race-tie');
          m.race = tie ? `${text} ${tie}` : text;
        }
      },
      shown: (frame) => this.ports.played?.(frame),
    });
  }

  /** How a dead heat was decided, by the option in effect ('' when the race was not a dead heat). */
  private tieText(e: Extract<GameEvent, { type: 'raceEnd' }>): string {
    if (!e.deadHeat) return '';
    const tie = this.game.options['raceTie'];
    const option = `raceTie = ${String(tie)}`;
    if (tie === 'coin') return I18N.t('play.deadHeatCoin', { option });
    return tie === 'tickOrder' ? I18N.t('play.deadHeatTickOrder', { option }) : '';
  }

  private comment(text: string, rule: string | undefined, cls: string): void {
    if (text) this.ports.commented({ text, rule, cls });
  }

  /**
   * The forced opening's events (the engine's own, from the game's seed) and, when it is a race, the
   * board before it, worked back from its events and the position after it. True when it can be watched.
   */
  private learnOpening(): boolean {
    const opening: GameEvent[] = [];
    this.game.newState(this.doc.seed, opening);
    this.opening = opening;
    this.openingStart = opening.some((e) => e.type === 'raceStart') ? boardBefore(boardStateOf(this.states[0]!), opening) : null;
    return this.openingStart !== null;
  }

  /**
   * The first lines of the commentary: a forced opening (told as it is played when `played`), who
   * begins, or a resumed game's last move.
   */
  private tellOpening(played: boolean): void {
    const opening = this.opening;
    if (opening.length) {
      this.comment(T.opening, undefined, 'move-head');
      if (!played) {
        for (const line of storyLines(opening, this.name, this.words)) this.comment(line.text, line.rule, line.type);
        const end = opening.find((e): e is Extract<GameEvent, { type: 'raceEnd' }> => e.type === 'raceEnd');
        if (end && this.tieText(end)) this.comment(this.tieText(end), end.rule, 'race-tie');
      }
    } else if (this.moves.length === 0) {
      const s0 = this.states[0]!;
      this.comment(isSimultaneous(s0) ? T.beginsRace : T.begins(this.name(s0.toMove)), undefined, 'move-head');
    }
    const n = this.moves.length;
    const lastMove = this.moves[n - 1];
    if (lastMove) {
      const ev: GameEvent[] = [];
      applyStored(this.game, this.states[n - 1]!.clone(), lastMove, ev);
      this.comment(`${n}. ${this.moveLabel(lastMove, this.states[n - 1]!)}`, undefined, 'move-head');
      for (const line of storyLines(ev, this.name, this.words)) this.comment(line.text, line.rule, line.type);
    }
  }

  /** Why a tap cannot be played, in the engine's words where it has them. */
  private explainRefusal(hole: number, player: number, list: readonly Choice[]): string {
    const s = this.liveState;
    const playable = [...byHole(list).keys()].sort((a, b) => a - b).join(', ') || T.noLegal;
    const rule = this.game.ruleset.info.startRule;
    // The engine's own reason, when its notation reads a bare hole number.
    const r = this.game.parseMove(s, String(hole));
    if (!r.ok && r.error.code === 'ERR_ILLEGAL_MOVE') {
      const m = r.error.message.replace(/\s*\(at [^)]*\)$/, '');
      return `${m.charAt(0).toUpperCase()}${m.slice(1)}${/legal/.test(m) ? '' : `. ${T.playable(playable)}`}`;
    }
    const owner = s.owners[hole]!;
    if (s.marks[hole]) return `${T.markedHole(hole, T.ownerOf(this.name(s.marks[hole]!)), this.words.mark)} ${T.playable(playable)}`;
    if (owner !== player) return `${T.notOwnHole(hole, owner ? T.ownerOf(this.name(owner)) : T.nobody)} ${T.playable(playable)} [${rule}]`;
    if (s.counts[hole] === 0) return `${T.emptyHole(hole)} ${T.playable(playable)}`;
    return `${T.illegalGeneric(hole, playable)} [${rule}: ${clauseText(rule)}]`;
  }
}

// ---- what the views read off the mode ------------------------------------------------------

/** The status line under the title: a look at an earlier move says so; a turn that goes on says why. */
export function statusText(c: PlayController): string {
  const m = c.live;
  if (!c.ready || m.kind === 'loading' || m.kind === 'missing') return '';
  if (c.mode.kind === 'history') return `${T.viewingPly(c.mode.ply, c.moves.length)} ${T.returnToGame}`;
  if (c.finished) return c.end && c.end.reason !== 'rules' ? endText(c) : T.matchOver;
  if (m.kind === 'animating' && m.race) return m.race;
  if (m.kind === 'animating' || m.kind === 'posting') return T.sowing;
  const rule = c.continuedBy();
  const status = liveStatus(c, m);
  return rule ? `${T.turnContinues} ${clauseText(rule)} [${rule}] ${status}` : status;
}

/** The chooser's only way to play is to pass. */
function onlyPass(c: PlayController): boolean {
  const { list } = c.choicesNow();
  return list.length > 0 && list.every((x) => x.kind === 'pass');
}

/** Who is to do what in the live game, settled (not over, not moving). */
function liveStatus(c: PlayController, m: LiveMode): string {
  const l = c.liveState;
  if (m.kind === 'waiting' && m.for === 'join') return T.waitingForJoin(c.unjoined().map(c.name).join(', '));
  if (m.kind === 'waiting' && m.for === 'summary') return T.summaryWaits;
  if (c.thinking > 0) return T.thinking(isSimultaneous(l) ? T.theComputer : c.name(l.toMove));
  const player = c.chooser;
  const solo = c.myPeople().length === 1;
  if (player > 0 && isSimultaneous(l)) return solo ? T.chooseSolo : T.chooseFor(c.name(player));
  if (player > 0 && onlyPass(c)) return solo ? T.mustPass : `${c.name(player)}: ${T.mustPass}`;
  if (player > 0) return solo ? T.yourTurnSolo : T.yourTurn(c.name(player));
  if (isSimultaneous(l)) {
    if (c.spectator || !c.online) return T.everyoneChooses;
    const chosen = c.committed.filter((p) => !c.holds(p)).map(c.name);
    return chosen.length ? `${T.waitingForOthers} ${T.hasChosen(chosen.join(', '))}` : T.waitingForOthers;
  }
  if (c.online && !c.spectator && m.kind === 'waiting') return T.waitingFor(c.name(l.toMove));
  return T.toMove(c.name(l.toMove));
}

/** How a game ended other than by the rules (resignation, time, agreement, a claim after the opponents left), in words. */
export function endText(c: PlayController): string {
  const end = c.end;
  if (!end) return '';
  const winner = end.winner > 0 ? c.name(end.winner) : '';
  if (end.reason === 'resign') return winner ? T.wonByResignation(winner) : T.endedByResignation;
  if (end.reason === 'time') return winner ? T.wonOnTime(winner) : T.endedOnTime;
  if (end.reason === 'agreement') return T.drawnByAgreement;
  if (end.reason === 'abandoned') return winner ? I18N.t('play.wonAbandoned', { who: winner }) : I18N.t('play.drawnAbandoned');
  return end.text;
}

/** What the page is waiting for, for tests and assistive tools (the page's data-state). */
export function pageState(c: PlayController): 'loading' | 'over' | 'busy' | 'thinking' | 'human' | 'waiting' | 'paused' {
  const m = c.live;
  if (!c.ready || m.kind === 'loading' || m.kind === 'missing') return 'loading';
  if (c.finished && m.kind !== 'animating') return 'over';
  if (m.kind === 'animating' || m.kind === 'posting') return 'busy';
  if (c.thinking > 0) return 'thinking';
  if (m.kind === 'waiting' && m.for === 'summary') return 'paused';
  return c.chooser > 0 ? 'human' : 'waiting';
}

/** Which controls can be used now. */
export function controlsOf(c: PlayController): {
  undo: boolean;
  hint: boolean;
  skip: boolean;
  steps: boolean;
  pass: boolean;
  concede: boolean;
  resign: boolean;
  draw: boolean;
  rematch: boolean;
  player: boolean;
  watchRace: boolean;
} {
  const m = c.live;
  const busy = m.kind === 'animating' || m.kind === 'posting';
  const asking = (m.kind === 'choosing' || m.kind === 'race') && m.hint.kind === 'asking';
  const { list } = c.ready ? c.choicesNow() : { list: [] };
  const player = c.ready && !c.spectator;
  const playing = player && c.online && !c.finished && m.kind !== 'loading' && m.kind !== 'missing' && c.unjoined().length === 0;
  return {
    undo: player && !busy && !c.finished && c.undoTarget() >= 0 && !c.offerMade(),
    // No engine hints in a game against other people.
    hint: c.chooser > 0 && !busy && !asking && c.mode.kind !== 'history' && !c.online,
    skip: m.kind === 'animating',
    steps: m.kind !== 'animating',
    pass: list.some((x) => x.kind === 'pass'),
    concede: list.some((x) => x.kind === 'concede'),
    resign: playing,
    draw: playing && !c.offerMade(),
    rematch: player && c.online && c.finished && !c.offerMade(),
    player,
    // The opening race can be watched again whenever no move is being sent or drawn.
    watchRace: c.ready && c.hasOpeningRace && !busy && m.kind !== 'loading' && m.kind !== 'missing' && m.kind !== 'closed',
  };
}

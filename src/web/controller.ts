/**
 * The game screen's controller: what the page is doing, as one explicit mode, and every change of
 * mode. It holds the game's moves (from the server) and replays them with the engine to know every
 * position; a decision, a person's tap or the computer's choice, is posted to the server, whose
 * events are animated before the engine's position is shown. It holds no rules (playable holes,
 * results and reasons all come from the engine) and no DOM: the page (play.ts) gives it ports to
 * the server, the worker and the views, and its views render what it holds.
 *
 *   loading -> choosing | race | watching | over          (settle: who decides next)
 *   choosing | race | watching -> posting -> animating -> settle
 *   any settled mode <-> history (a past position; the live mode goes on underneath)
 */
import type { GameEvent } from '../core/events.js';
import type { Game } from '../core/game.js';
import type { State } from '../core/state.js';
import { animate, boardStateOf } from './animate.js';
import { ApiError, type MoveReply } from './api.js';
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
  type GameDoc,
  type StoredMove,
} from './engine.js';
import { START_RULE, T, clauseText, eventText, wordsFor, type Words } from './text.js';
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
/** A move being played on the drawn board: `frame` is what is drawn now, `hot` the holes flashing. */
export type AnimatingMode = { kind: 'animating'; before: State; frame: BoardState; hot: ReadonlySet<number>; skip: boolean };

/** What the live game is doing. */
export type LiveMode =
  | { kind: 'loading' }
  | { kind: 'missing' }
  | WatchingMode
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
    move(id: string, body: { ply: number; code?: number; joint?: number[] }): Promise<MoveReply>;
    undo(id: string, toPly: number): Promise<unknown>;
  };
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
  if (e instanceof ApiError) return T.serverError(e.code, e.message);
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
  private readonly startHoles = new Map<number, Set<number>>();
  private choiceMemo: { key: string; list: Choice[] } | null = null;

  constructor(
    readonly id: string,
    private readonly ports: PlayPorts,
  ) {}

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
    return this.doc.seats[p - 1] ?? 'human';
  }

  isHuman(p: number): boolean {
    return this.seatOf(p) === 'human';
  }

  humans(): number {
    return this.doc.seats.filter((s) => s === 'human').length;
  }

  readonly name = (p: number): string => {
    if (p <= 0) return '—';
    const seat = this.seatOf(p);
    if (seat === 'human') return T.person(p);
    const level = Number(seat.split(':')[1]);
    const computers = this.doc.seats.length - this.humans();
    return computers > 1 ? T.computerN(p, level) : T.computer(level);
  };

  /** The person on this device whose choice is awaited, or 0. */
  get chooser(): number {
    const m = this.live;
    if (m.kind === 'choosing') return m.player;
    if (m.kind !== 'race') return 0;
    for (let p = 1; p <= this.liveState.players; p++) if (this.isHuman(p) && m.joint[p] === undefined) return p;
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

  /** The last ply where a person was to decide: undo goes back to just before it. */
  undoTarget(): number {
    for (let k = this.moves.length - 1; k >= 0; k--) {
      const s = this.states[k]!;
      if (isSimultaneous(s) ? this.doc.seats.some((x) => x === 'human') : this.isHuman(s.toMove)) return k;
    }
    return -1;
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
      this.message = errorText(e);
      this.enter({ kind: 'missing' });
      return;
    }
    if (this.mode.kind === 'closed') return;
    const first = !this.ready;
    this.doc = doc;
    this.game = buildGame(doc.ruleset, doc.options);
    this.words = wordsFor(this.game.ruleset.info.clausePrefix);
    this.moves = doc.moves ?? [];
    this.states = positions(this.game, doc.seed, this.moves);
    this.startHoles.clear();
    this.choiceMemo = null;
    if (first) this.tellOpening();
    this.mode = { kind: 'loading' };
    this.settle();
  }

  /** A tap on a hole: plays it, offers its ways of playing, or says why it cannot be played. */
  tap(hole: number): void {
    const m = this.mode;
    this.dismissOffer(false);
    this.message = '';
    if (m.kind === 'history') this.message = T.viewingPly(m.ply, this.moves.length);
    else if (m.kind === 'posting' || m.kind === 'animating') this.message = T.animating;
    else if (m.kind === 'over') this.message = T.matchOver;
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

  dismissSummary(): void {
    this.summary = null;
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

  /** Takes back the moves since a person last decided (the server deletes them), then reloads. */
  async undo(): Promise<void> {
    const k = this.undoTarget();
    const live = this.live;
    if (k < 0 || live.kind === 'posting' || live.kind === 'animating' || live.kind === 'closed') return;
    this.ports.cancelThinking();
    this.setLive({ kind: 'posting' });
    try {
      await this.ports.server.undo(this.id, k);
    } catch (e) {
      this.message = errorText(e);
    }
    if (this.mode.kind === 'closed') return;
    await this.load();
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

  /** The page is gone: nothing more happens, late answers are dropped. */
  close(): void {
    this.mode = { kind: 'closed' };
    this.ports.cancelThinking();
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

  /** Whoever decides next: a person here chooses, the computer thinks, or the match is over. */
  private settle(): void {
    const s = this.liveState;
    if (isOver(s)) {
      this.setLive({ kind: 'over' });
    } else if (isSimultaneous(s)) {
      const m: RaceMode = { kind: 'race', joint: [], thinking: 0, offer: null, hint: NO_HINT };
      this.setLive(m);
      void this.gatherRace(m);
    } else if (this.isHuman(s.toMove)) {
      this.setLive({ kind: 'choosing', player: s.toMove, offer: null, hint: NO_HINT });
    } else {
      const m: WatchingMode = { kind: 'watching', thinking: s.toMove };
      this.setLive(m);
      void this.computerMoves(m);
    }
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
    await this.submit({ code: r.move });
  }

  /** At a race: the computer players' choices, one after another; then the joint move if complete. */
  private async gatherRace(m: RaceMode): Promise<void> {
    for (let p = 1; p <= this.liveState.players; p++) {
      if (this.isHuman(p) || m.joint[p] !== undefined) continue;
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
    for (let p = 1; p <= players; p++) {
      if (m.joint[p] !== undefined) continue;
      missing = true;
      if (!this.isHuman(p)) computerMissing = true;
    }
    if (missing) {
      this.ports.changed();
      if (computerMissing && m.thinking === 0) void this.gatherRace(m);
      return;
    }
    await this.submit({ joint: Array.from({ length: players }, (_, i) => m.joint[i + 1]!) });
  }

  private tapToChoose(m: ChoosingMode | RaceMode | WatchingMode, hole: number): void {
    const { player, list } = this.choicesNow();
    if (player === 0 || m.kind === 'watching') {
      const s = this.liveState;
      this.message = this.thinking > 0 || !this.isHuman(s.toMove) ? T.computerToMove : T.notYourTurn(this.name(s.toMove));
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
      await this.submitJointIfComplete(m);
    } else if (m.kind === 'choosing') {
      await this.submit({ code: c.move });
    }
  }

  /** Posts a decision; the stored move is then animated (or, on a refusal, the page says why). */
  private async submit(body: { code?: number; joint?: number[] }): Promise<void> {
    const live = this.live;
    if (live.kind === 'posting' || live.kind === 'animating' || live.kind === 'closed') return;
    this.message = '';
    const before = this.liveState;
    const posting: LiveMode = { kind: 'posting' };
    this.setLive(posting);
    let reply: MoveReply;
    try {
      reply = await this.ports.server.move(this.id, { ply: this.moves.length, ...body });
    } catch (e) {
      if (this.live !== posting) return;
      this.message = errorText(e, T.reconnect);
      if (e instanceof ApiError && e.status === 409) await this.load();
      else this.settle();
      return;
    }
    if (this.live !== posting) return;
    await this.played(before, reply);
  }

  /** A move the server stored: recorded, animated, then on to whoever decides next. */
  private async played(before: State, reply: MoveReply): Promise<void> {
    const m: StoredMove = { ply: reply.ply, move: reply.move, codes: reply.codes, joint: reply.joint };
    const s = before.clone();
    applyStored(this.game, s, m);
    this.moves.push(m);
    this.states.push(s);
    this.comment(`${this.moves.length}. ${this.moveLabel(m, before)}`, undefined, 'move-head');
    await this.animateMove(before, reply.events);
    if (this.mode.kind === 'closed') return;
    this.summary = roundSummaryOf(reply.events) ?? this.summary;
    if (reply.position.counts.join() !== Array.from(s.counts).join()) {
      // The page's engine and the server's disagree: trust the server and reload.
      await this.load();
      return;
    }
    this.settle();
  }

  /** Plays the events on the drawn board, frame by frame; a history view or a skip sees no frames. */
  private async animateMove(before: State, events: readonly GameEvent[]): Promise<void> {
    const frame = boardStateOf(before);
    const m: AnimatingMode = { kind: 'animating', before, frame, hot: NONE, skip: false };
    this.setLive(m);
    await animate(frame, events, {
      delay: () => this.ports.frameDelay(),
      skipped: () => m.skip || this.mode !== m,
      render: (v, hot) => {
        m.frame = v;
        m.hot = hot;
        this.ports.frame();
      },
      onEvent: (e) => this.comment(eventText(e, this.name, this.words), e.rule, e.type),
    });
  }

  private comment(text: string, rule: string | undefined, cls: string): void {
    if (text) this.ports.commented({ text, rule, cls });
  }

  /** The first lines of the commentary: a forced opening, who begins, or a resumed game's last move. */
  private tellOpening(): void {
    const opening: GameEvent[] = [];
    this.game.newState(this.doc.seed, opening);
    if (opening.length) {
      this.comment(T.opening, undefined, 'move-head');
      for (const e of opening) this.comment(eventText(e, this.name, this.words), e.rule, e.type);
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
      for (const e of ev) this.comment(eventText(e, this.name, this.words), e.rule, e.type);
    }
  }

  /** Why a tap cannot be played, in the engine's words where it has them. */
  private explainRefusal(hole: number, player: number, list: readonly Choice[]): string {
    const s = this.liveState;
    const playable = [...byHole(list).keys()].sort((a, b) => a - b).join(', ') || T.noLegal;
    const rule = START_RULE[this.game.ruleset.info.clausePrefix] ?? '';
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

/** The status line under the title. */
export function statusText(c: PlayController): string {
  const m = c.live;
  if (!c.ready || m.kind === 'loading' || m.kind === 'missing') return '';
  const l = c.liveState;
  if (isOver(l)) return T.matchOver;
  if (m.kind === 'animating' || m.kind === 'posting') return T.sowing;
  if (c.thinking > 0) return T.thinking(isSimultaneous(l) ? T.theComputer : c.name(l.toMove));
  const player = c.chooser;
  const solo = c.humans() === 1;
  if (player > 0 && isSimultaneous(l)) return solo ? T.chooseSolo : T.chooseFor(c.name(player));
  if (player > 0) return solo ? T.yourTurnSolo : T.yourTurn(c.name(player));
  return isSimultaneous(l) ? T.everyoneChooses : T.toMove(c.name(l.toMove));
}

/** What the page is waiting for, for tests and assistive tools (the page's data-state). */
export function pageState(c: PlayController): 'loading' | 'over' | 'busy' | 'thinking' | 'human' | 'waiting' {
  const m = c.live;
  if (!c.ready || m.kind === 'loading' || m.kind === 'missing') return 'loading';
  if (isOver(c.liveState)) return 'over';
  if (m.kind === 'animating' || m.kind === 'posting') return 'busy';
  if (c.thinking > 0) return 'thinking';
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
} {
  const m = c.live;
  const busy = m.kind === 'animating' || m.kind === 'posting';
  const asking = (m.kind === 'choosing' || m.kind === 'race') && m.hint.kind === 'asking';
  const { list } = c.ready ? c.choicesNow() : { list: [] };
  return {
    undo: c.ready && !busy && c.undoTarget() >= 0,
    hint: c.chooser > 0 && !busy && !asking && c.mode.kind !== 'history',
    skip: m.kind === 'animating',
    steps: m.kind !== 'animating',
    pass: list.some((x) => x.kind === 'pass'),
    concede: list.some((x) => x.kind === 'concede'),
  };
}

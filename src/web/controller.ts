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
 *
 * This file is the core: the game, its moves and positions, who holds which seat, loading, who
 * decides next (`settle`), and the one inbox every stored move goes through (`receive`). Its parts
 * are composed, each holding the controller: a person's choice (controller-choice.ts), the page's
 * own computer in a local game (controller-local.ts), the game as others change it and the requests
 * besides moves (controller-online.ts), the game told and shown (controller-story.ts), and looking
 * back (controller-history.ts). The modes and the page's ports are in controller-modes.ts, what the
 * views read off the controller in controller-views.ts.
 */
import type { Game, State } from '@gabata/engine/core';
import { ApiError, type Decision, type MoveReply } from './api.js';
import {
  applyStored,
  buildGame,
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
import { I18N, T, wordsFor, type Words } from './text.js';
import {
  type RaceMode,
  type WatchingMode,
  type LiveMode,
  type Mode,
  roundSummaryOf,
  type RoundSummary,
  type PlayPorts,
  type Display,
  NO_HINT,
  type Connection,
} from './controller-modes.js';
import { errorText, moveLabelOf } from './controller-views.js';
import { LocalPart } from './controller-local.js';
import { OnlinePart } from './controller-online.js';
import { Storyteller } from './controller-story.js';
import { ChoicePart } from './controller-choice.js';
import { HistoryPart } from './controller-history.js';

export class PlayController {
  /** Its parts: the page's computer, the game as others change it, the game told and shown, a person's choice, looking back. */
  readonly local = new LocalPart(this);
  readonly net = new OnlinePart(this);
  readonly story = new Storyteller(this);
  readonly choice = new ChoicePart(this);
  readonly history = new HistoryPart(this);

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
  choiceMemo: { key: string; list: Choice[] } | null = null;
  private inbox: MoveReply[] = [];
  private pumping = false;
  welcomed = false;
  private reloadedAt = -1;
  /** The server's clock minus this page's (ms), measured at load from the document's `now`; null: unknown. */
  serverSkew: number | null = null;

  constructor(
    readonly id: string,
    /** For its parts too. */
    readonly ports: PlayPorts,
  ) {
    this.mine = new Set(ports.heldSeats(id));
  }

  get ready(): boolean {
    return this.game !== undefined;
  }

  /** The page was left (read after an await: the mode may have changed meanwhile). */
  get isClosed(): boolean {
    return this.mode.kind === 'closed';
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
  thinksFor(p: number): boolean {
    if (!this.isComputer(p) || this.online) return false;
    return !this.spectator || this.doc.seats.every((s) => s.kind.startsWith('computer'));
  }

  readonly name = (p: number): string => {
    if (p <= 0) return '—';
    const seat = this.seatOf(p);
    const person = this.doc.seats[p - 1]?.person;
    if (person) return person.name;
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

  /** Start holes of move k (1-based), read off its trace: marked on the board as the last move. */
  movedFrom(k: number): ReadonlySet<number> {
    return this.history.movedFrom(k);
  }

  /**
   * The rule that gave the player to move another sowing in the same turn (a wegue in Adowa:
   * ADW-13), when the last move ended so; '' otherwise. The status line says why one player moves twice.
   */
  continuedBy(): string {
    return this.history.continuedBy();
  }

  /** Does the ruleset play in rounds (so the title names the round)? A single-round game (Selus, SEL-20) does not. */
  get hasRounds(): boolean {
    return this.game.ruleset.options.some((o) => o.name === 'rounds') && this.doc.options['rounds'] !== 1;
  }

  display(): Display {
    return this.history.display();
  }

  moveLabel(m: StoredMove, before: State): string {
    return moveLabelOf(this, m, before);
  }

  // ---- transitions -------------------------------------------------------------------------

  /** Loads (or reloads) the game from the server, leaves any history view, and settles. */
  async load(): Promise<void> {
    let doc: GameDoc;
    const asked = Date.now();
    try {
      doc = await this.ports.server.getGame(this.id);
      // The server wrote `now` about half way through the request.
      if (typeof doc.now === 'number') this.serverSkew = doc.now - (asked + Date.now()) / 2;
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
    const game = buildGame(doc.ruleset, doc.options);
    const states = positions(game, doc.seed, doc.moves ?? []);
    // A game's first arrival in three tasks (ports.breathe), so that none holds the page long: the
    // engine's replay above, then what the board needs (ports.prepare), then the page.
    const breathe = !this.ready ? this.ports.breathe : undefined;
    if (breathe) {
      await breathe();
      if (this.isClosed) return;
    }
    const first = !this.ready;
    this.doc = doc;
    this.game = game;
    this.words = wordsFor(this.game.ruleset.info, I18N);
    this.moves = doc.moves ?? [];
    this.states = states;
    this.history.startHoles.clear();
    this.choiceMemo = null;
    this.inbox = [];
    this.net.takeMeta(doc);
    if (breathe && first) {
      this.ports.prepare?.();
      await breathe();
      if (this.isClosed) return;
    }
    const race = first && this.story.learnOpening() && this.moves.length === 0 && this.ports.openingSeen?.(this.id) === false;
    if (first) this.story.tellOpening(race);
    // Friends still to join: the race is played when the game begins, for everyone at once.
    this.story.racePending = race && this.unjoined().length > 0;
    this.mode = { kind: 'loading' };
    if (race && !this.story.racePending) void this.story.playOpening();
    else this.settle();
  }

  /** The game opens with a race the engine runs (Abalala'e) and its starting board is known: it can be watched. */
  get hasOpeningRace(): boolean {
    return this.story.hasOpeningRace;
  }

  /**
   * Plays the opening race again on the board (the live game waits underneath: a computer's
   * thinking starts again after it). Not while a move is being sent or drawn.
   */
  watchRaceAgain(): void {
    this.story.watchRaceAgain();
  }

  /** A tap on a hole: plays it, offers its ways of playing, or says why it cannot be played. */
  tap(hole: number): void {
    this.choice.tap(hole);
  }

  /** Plays the chooser's pass or concession, when the engine offers one. */
  playSpecial(kind: 'pass' | 'concede'): void {
    this.choice.playSpecial(kind);
  }

  /** Plays one of the offered ways of playing a hole. */
  takeOffer(c: Choice): void {
    this.choice.takeOffer(c);
  }

  dismissOffer(render = true): void {
    this.choice.dismissOffer(render);
  }

  /** Closes the round's summary; in a local game the next round then begins (the computer may move). */
  dismissSummary(): void {
    this.summary = null;
    const m = this.live;
    if (m.kind === 'waiting' && m.for === 'summary') this.settle();
    this.ports.changed();
  }

  /** Asks the computer what it would play for the person choosing. */
  askHint(): Promise<void> {
    return this.local.askHint();
  }

  /** Skips the rest of the move being animated (its pause now included). */
  skip(): void {
    const m = this.live;
    if (m.kind !== 'animating') return;
    m.skip = true;
    m.wake?.();
  }

  /**
   * Undo. On one device or against the computer the server takes the moves back at once; online
   * it asks the others (the answer comes on the live stream).
   */
  undo(): Promise<void> {
    return this.net.undo();
  }

  /** Offers a draw, resigns, or offers a rematch after the end (online). */
  act(kind: 'draw' | 'resign' | 'rematch'): Promise<void> {
    return this.net.act(kind);
  }

  /**
   * Claims the game every opponent left (docs/online.md `claim`): the win or a draw. The server
   * decides: a claim it finds early is refused with how long to wait, returned here in ms
   * (Infinity: it sees an opponent connected after all); 0 when the claim went through, or failed
   * otherwise (the message says why).
   */
  claim(outcome: 'win' | 'draw'): Promise<number> {
    return this.net.claim(outcome);
  }

  /** Accepts or declines the offer shown. */
  answerOffer(accept: boolean): Promise<void> {
    return this.net.answerOffer(accept);
  }

  /** Shows the position after move `to` (a ply, one step, the start or the live game). */
  step(to: number | 'start' | 'live'): void {
    this.history.step(to);
  }

  /** Shows `text` on the line under the board (a setting's answer: notifications blocked). */
  say(text: string): void {
    this.message = text;
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
    this.net.onLive(msg);
  }

  // ---- inside (its parts call these too) -----------------------------------------------------

  private enter(m: Mode): void {
    if (this.mode.kind === 'closed') return;
    this.mode = m;
    this.ports.changed();
  }

  /** Changes the live mode; a history view stays open over it. */
  setLive(m: LiveMode): void {
    if (this.mode.kind === 'history') this.enter({ ...this.mode, live: m });
    else this.enter(m);
  }

  /** Whoever decides next: a person here chooses, the computer thinks, someone else is awaited, or it is over. */
  settle(): void {
    const s = this.liveState;
    if (this.story.racePending && this.unjoined().length === 0) {
      this.story.racePending = false;
      if (this.moves.length === 0 && !this.finished) {
        void this.story.playOpening();
        return;
      }
    }
    if (this.finished) {
      this.net.dropOfferWords();
      this.setLive({ kind: 'over' });
    } else if (this.unjoined().length > 0) {
      this.setLive({ kind: 'waiting', for: 'join' });
    } else if (this.summary && !this.online) {
      // A round ended: nobody moves (the computer neither) until the player has read the summary.
      this.setLive({ kind: 'waiting', for: 'summary' });
    } else if (isSimultaneous(s)) {
      const m: RaceMode = { kind: 'race', joint: [], thinking: 0, offer: null, hint: NO_HINT };
      this.setLive(m);
      if (!this.online) void this.local.gatherRace(m);
    } else if (this.thinksFor(s.toMove)) {
      const m: WatchingMode = { kind: 'watching', thinking: s.toMove };
      this.setLive(m);
      void this.local.computerMoves(m);
    } else if (this.holds(s.toMove)) {
      this.setLive({ kind: 'choosing', player: s.toMove, offer: null, hint: NO_HINT });
    } else {
      this.setLive({ kind: 'waiting', for: 'player' });
    }
    this.choice.takePending();
  }

  /** Posts a decision for `seat`; the stored move is then animated (or, on a refusal, the page says why). */
  async submit(body: Decision, seat: number): Promise<void> {
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
  receive(reply: MoveReply): void {
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
    if (reply.clock !== undefined) this.net.setClock(reply.clock);
    if (reply.end) this.end = reply.end;
    this.story.comment(`${this.moves.length}. ${this.moveLabel(m, before)}`, undefined, 'move-head');
    // Catching up on several moves (back from a dropped connection): only the last one is played slowly.
    // A hole tapped during an animation: the moves still to draw are shown at once, and the tap is then taken.
    await this.story.animateMove(before, reply.events, this.inbox.length > 0 || this.choice.hasPending);
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
  applyUndo(toPly: number): void {
    this.inbox = [];
    if (this.live.kind === 'animating') this.skip();
    const live = this.live;
    if (toPly >= this.moves.length) return;
    this.ports.cancelThinking();
    this.moves = this.moves.slice(0, toPly);
    this.states = this.states.slice(0, toPly + 1);
    this.history.startHoles.clear();
    this.choiceMemo = null;
    this.summary = null;
    this.end = null;
    this.story.comment(T.takenBack(toPly), undefined, 'move-head');
    if (this.mode.kind === 'history' && this.mode.ply > toPly) this.mode = this.mode.live;
    if (!this.pumping && live.kind !== 'posting') this.settle();
  }
}

/**
 * The game told and shown (controller.ts): a move's events animated on the board frame by frame
 * with a line of commentary each, the forced opening (Abalala'e's race) played on the board or
 * told in words, and a race's dead heat explained by the option in effect.
 */
import type { GameEvent, State } from '@gabata/engine/core';
import { animate, boardBefore, boardStateOf, copyBoard } from './animate.js';
import type { BoardState } from './board.js';
import { applyStored, isSimultaneous } from './engine.js';
import { I18N, T, eventText, storyContexts, storyLines } from './text.js';
import { type AnimatingMode, NONE } from './controller-modes.js';
import type { PlayController } from './controller.js';

/** The longest a whole move is drawn in a timed game, however long its relay (ms). */
export const MOVE_BUDGET_MS = 1000;
/** A frame of the opening race played to the server's schedule (the 'normal' speed), the same on every screen (ms). */
export const OPENING_FRAME_MS = 240;

export class Storyteller {
  constructor(private readonly c: PlayController) {}

  /** The opening race waits for the invited friends: it is played when the game begins (see PlayController.settle). */
  racePending = false;

  /** The forced opening's events (Abalala'e's race) and the board before it, worked back from them. */
  private opening: GameEvent[] = [];
  private openingStart: BoardState | null = null;

  /** The game opens with a race the engine runs (Abalala'e) and its starting board is known: it can be watched. */
  get hasOpeningRace(): boolean {
    return this.openingStart !== null;
  }

  /**
   * Plays the opening race again on the board (the live game waits underneath: a computer's
   * thinking starts again after it). Not while a move is being sent or drawn.
   */
  watchRaceAgain(): void {
    const live = this.c.live;
    if (!this.c.ready || !this.openingStart || live.kind === 'animating' || live.kind === 'posting' || live.kind === 'closed') return;
    if (live.kind === 'loading' || live.kind === 'missing') return;
    this.c.ports.cancelThinking();
    this.c.choice.dismissOffer(false);
    this.c.mode = live;
    this.c.message = '';
    this.comment(I18N.t('play.raceAgainHead'), undefined, 'move-head');
    void this.playOpening(true);
  }

  /** Plays the events on the drawn board, frame by frame; a history view or a skip sees no frames. */
  async animateMove(before: State, events: readonly GameEvent[], skip = false): Promise<void> {
    const m: AnimatingMode = { kind: 'animating', before, frame: boardStateOf(before), hot: NONE, skip };
    this.c.setLive(m);
    await this.playEvents(m, events, false);
  }

  /**
   * The opening race as it happened, on the board from the position before it (the game at ply 0
   * shows the position after it); then whoever decides next is settled.
   */
  async playOpening(again = false): Promise<void> {
    const start = this.openingStart;
    if (!start) return;
    const m: AnimatingMode = { kind: 'animating', before: this.c.states[0]!, frame: copyBoard(start), hot: NONE, skip: false };
    this.c.setLive(m);
    const paced = again ? undefined : this.pace();
    // The board before the race stays a moment before both hands lift (until the shared schedule's start).
    const d = this.c.ports.frameDelay();
    const lead = paced ? Math.min(d * 3, paced.start - Date.now()) : d * 3;
    if (d > 0 && lead > 0) await this.pauseIn(m, lead);
    await this.playEvents(m, this.opening, true, paced);
    if (this.c.mode.kind === 'closed') return;
    this.c.ports.openingShown?.(this.c.id);
    if (this.c.live === m) this.c.settle();
  }

  /**
   * Animates `events` in mode `m`: the commentary tells each (inside a race every line names its
   * racer), the status line says what a race is doing and then who won and why, and each drawn frame
   * is handed to the page (its sounds).
   */
  private async playEvents(
    m: AnimatingMode,
    events: readonly GameEvent[],
    opening: boolean,
    paced?: { start: number; now(): number },
  ): Promise<void> {
    let racing = false;
    let shownRace = m.race;
    const contexts = storyContexts(events);
    let told = 0;
    await animate(m.frame, events, {
      // Paced to the server's schedule, every screen draws the race at one speed, so they show the same tick.
      delay: () => (paced && this.c.ports.frameDelay() > 0 ? OPENING_FRAME_MS : this.c.ports.frameDelay()),
      paced,
      skipped: () => m.skip || this.c.mode !== m,
      // In a timed game the mover's opponent's clock runs while a move is drawn: a whole move fits in a second.
      budget: () => (opening || !this.timed ? 0 : MOVE_BUDGET_MS),
      pause: (ms) => this.pauseIn(m, ms),
      render: (v, hot) => {
        m.frame = v;
        m.hot = hot;
        // The status line changes with the race (it began, it was won): the whole page then, else the board.
        if (m.race !== shownRace) this.c.ports.changed();
        else this.c.ports.frame();
        shownRace = m.race;
      },
      onEvent: (e) => {
        if (e.type === 'raceStart' && !racing) m.race = I18N.t(opening ? 'play.raceOpening' : 'play.raceRunning', { rule: e.rule ?? '' });
        if (e.type === 'raceStart') racing = true;
        const text = eventText(e, this.c.name, this.c.words, contexts[told++]);
        this.comment(text, e.rule, e.type);
        if (e.type === 'raceEnd') {
          racing = false;
          const tie = this.tieText(e);
          if (tie) this.comment(tie, e.rule, 'race-tie');
          m.race = tie ? `${text} ${tie}` : text;
        }
      },
      shown: (frame) => this.c.ports.played?.(frame),
    });
  }

  /**
   * The opening race's schedule shared by every screen of the game (players and spectators): it
   * begins when the game began on the server (`started`, the server's time, brought to this page's
   * clock by the difference measured at load) after the pause before the hands lift. None for a game
   * the server does not time (one played offline) or when animation is off.
   */
  private pace(): { start: number; now(): number } | undefined {
    const started = this.c.doc.started;
    if (typeof started !== 'number' || !Number.isFinite(started) || this.c.serverSkew === null) return undefined;
    if (this.c.ports.frameDelay() <= 0) return undefined;
    return { start: started - this.c.serverSkew + OPENING_FRAME_MS * 3, now: () => Date.now() };
  }

  /** A clock counts the players' time (not a correspondence game's days per move). */
  private get timed(): boolean {
    const clock = this.c.clock;
    return clock !== null && clock.perMoveMs === undefined;
  }

  /** Waits `ms` in mode `m`; a skip or a tap (`m.wake`) ends the wait at once. */
  private pauseIn(m: AnimatingMode, ms: number): Promise<void> {
    if (m.skip) return Promise.resolve();
    return new Promise((resolve) => {
      const done = (): void => {
        clearTimeout(timer);
        if (m.wake === done) m.wake = undefined;
        resolve();
      };
      const timer = setTimeout(done, ms);
      m.wake = done;
    });
  }

  /** How a dead heat was decided, by the option in effect ('' when the race was not a dead heat). */
  private tieText(e: Extract<GameEvent, { type: 'raceEnd' }>): string {
    if (!e.deadHeat) return '';
    const tie = this.c.game.options['raceTie'];
    const option = `raceTie = ${String(tie)}`;
    if (tie === 'coin') return I18N.t('play.deadHeatCoin', { option });
    return tie === 'tickOrder' ? I18N.t('play.deadHeatTickOrder', { option }) : '';
  }

  comment(text: string, rule: string | undefined, cls: string): void {
    if (text) this.c.ports.commented({ text, rule, cls });
  }

  /**
   * The forced opening's events (the engine's own, from the game's seed) and, when it is a race, the
   * board before it, worked back from its events and the position after it. True when it can be watched.
   */
  learnOpening(): boolean {
    const opening: GameEvent[] = [];
    this.c.game.newState(this.c.doc.seed, opening);
    this.opening = opening;
    this.openingStart = opening.some((e) => e.type === 'raceStart') ? boardBefore(boardStateOf(this.c.states[0]!), opening) : null;
    return this.openingStart !== null;
  }

  /**
   * The first lines of the commentary: a forced opening (told as it is played when `played`), who
   * begins, or a resumed game's last move.
   */
  tellOpening(played: boolean): void {
    const opening = this.opening;
    if (opening.length) {
      this.comment(T.opening, undefined, 'move-head');
      if (!played) {
        for (const line of storyLines(opening, this.c.name, this.c.words)) this.comment(line.text, line.rule, line.type);
        const end = opening.find((e): e is Extract<GameEvent, { type: 'raceEnd' }> => e.type === 'raceEnd');
        if (end && this.tieText(end)) this.comment(this.tieText(end), end.rule, 'race-tie');
      }
    } else if (this.c.moves.length === 0) {
      const s0 = this.c.states[0]!;
      this.comment(isSimultaneous(s0) ? T.beginsRace : T.begins(this.c.name(s0.toMove)), undefined, 'move-head');
    }
    const n = this.c.moves.length;
    const lastMove = this.c.moves[n - 1];
    if (lastMove) {
      const ev: GameEvent[] = [];
      applyStored(this.c.game, this.c.states[n - 1]!.clone(), lastMove, ev);
      this.comment(`${n}. ${this.c.moveLabel(lastMove, this.c.states[n - 1]!)}`, undefined, 'move-head');
      for (const line of storyLines(ev, this.c.name, this.c.words)) this.comment(line.text, line.rule, line.type);
    }
  }
}

/**
 * The game screen's modes and the ports the page gives the controller (controller.ts): what the
 * page is doing, as one explicit mode, and what the controller needs from the page.
 */
import type { GameEvent, State } from '@gabata/engine/core';
import type { Decision, MoveReply } from './api.js';
import type { BoardState } from './board.js';
import type { Choice, GameDoc, GameEnd, OfferInfo } from './engine.js';
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
export type AnimatingMode = {
  kind: 'animating';
  before: State;
  frame: BoardState;
  hot: ReadonlySet<number>;
  skip: boolean;
  race?: string;
  /** Ends the pause being waited now (a skip, a tap): set while a frame's pause runs. */
  wake?: () => void;
};

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
    resign(id: string, body: { seat: number; ply: number }): Promise<{ end?: GameEnd; game?: GameDoc }>;
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
  /**
   * The game is known but not yet shown (its first load): the views may build what depends only on
   * the ruleset (the board), in a task of its own before the first render.
   */
  prepare?(): void;
  /**
   * Lets the page breathe between the steps of a game's first arrival (each its own task, so that
   * none holds the page long); absent: the steps run on at once.
   */
  breathe?(): Promise<void>;
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

export const NO_HINT: Hint = { kind: 'none' };
export const NONE: ReadonlySet<number> = new Set();

/** The live connection: not opened (no socket), up, or down and reconnecting. */
export type Connection = 'off' | 'up' | 'down';

/** What ended a round, from a move's events (null when no round ended). */
export function roundSummaryOf(events: readonly GameEvent[]): RoundSummary | null {
  const end = events.find((e): e is RoundSummary['end'] => e.type === 'roundEnd');
  if (!end) return null;
  const redistribute = events.find((e): e is NonNullable<RoundSummary['redistribute']> => e.type === 'redistribute') ?? null;
  return { end, redistribute };
}

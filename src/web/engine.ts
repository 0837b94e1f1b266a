/**
 * The page's window on the engine: the same rules modules the server runs, used here only to
 * replay stored moves for display and to list the legal moves. Which hole a move starts from (or
 * takes from) is read off the engine's own event trace, so the page needs no knowledge of any
 * ruleset's move encoding.
 */
import {
  type Game,
  type GameEvent,
  type Landmark,
  MAX_MOVES,
  MOVE_CONCEDE,
  MOVE_PASS,
  PHASE_OVER,
  PHASE_RACE,
  type State,
} from '@gabata/engine/core';
import { getRuleset } from '@gabata/engine/games';

/** A stored decision as the API returns it. */
export interface StoredMove {
  ply: number;
  move: string;
  codes: number[];
  joint: boolean;
}

/** A seat of a game: who sits there (human, invite, computer:N), whether taken, whether online now. */
export interface SeatInfo {
  seat: number;
  kind: string;
  joined: boolean;
  connected: boolean;
  /** The account holding the seat, when the server names it: its name, rating, and what the game did to it. */
  person?: SeatPerson;
}

/** A seat's account as the server names it (server/live/game.ts `SeatPerson`). */
export interface SeatPerson {
  name: string;
  rating: number;
  provisional: boolean;
  ratingDiff?: number;
}

/** The server's clock: milliseconds left per seat, whose clock runs (0 = none), when it was read. */
export interface ClockState {
  baseMs: number;
  incrementMs: number;
  /** Index 0 = seat 1. */
  remainingMs: number[];
  running: number;
  /** Every seat whose clock runs (several at a race node). */
  runningSeats?: number[];
  at: number | string;
  /** A correspondence clock: each turn's time afresh (no claim when a player leaves: the move clock decides). */
  perMoveMs?: number;
}

/** An open offer: a takeback (back to `toPly`), a draw or a rematch, made by seat `by`. */
export interface OfferInfo {
  offer: 'takeback' | 'draw' | 'rematch';
  by: number;
  toPly?: number;
}

/** How a game ended: the winner (0 = draw), why, and the server's words. */
export interface GameEnd {
  winner: number;
  reason: string;
  text: string;
}

/** A game as the API returns it. */
export interface GameDoc {
  id: string;
  ruleset: string;
  options: Record<string, unknown>;
  seed: number;
  seats: SeatInfo[];
  status: string;
  result: string | null;
  created: string;
  updated: string;
  /** The server's time when it sent this (epoch ms), and when the game began (the last invited seat taken, or its creation). */
  now?: number;
  started?: number;
  moveCount: number;
  moves?: StoredMove[];
  clock: ClockState | null;
  offers: OfferInfo[];
  committed: number[];
  end: GameEnd | null;
  /** Has the game an invited seat (the server plays its computers; takebacks are requests)? */
  online?: boolean;
  /** The rematch's game id, once both accepted. */
  rematch?: string | null;
}

export function buildGame(ruleset: string, options: Record<string, unknown>): Game {
  const r = getRuleset(ruleset);
  if (!r.ok) throw r.error;
  const g = r.value.create(options);
  if (!g.ok) throw g.error;
  return g.value;
}

export function isSimultaneous(s: State): boolean {
  return s.phase === PHASE_RACE && s.toMove === 0;
}

export function isOver(s: State): boolean {
  return s.phase === PHASE_OVER;
}

/** Applies a stored decision (already validated by the server). */
export function applyStored(game: Game, s: State, m: StoredMove, trace: GameEvent[] | null = null): void {
  if (m.joint) game.applyJoint(s, m.codes, trace);
  else game.apply(s, m.codes[0]!, trace);
}

/** Every position of a game: `out[k]` = the position after the first k moves. */
export function positions(game: Game, seed: number, moves: readonly StoredMove[]): State[] {
  const s = game.newState(seed);
  const out = [s.clone()];
  for (const m of moves) {
    applyStored(game, s, m);
    out.push(s.clone());
  }
  return out;
}

/** One way to play: the move code, its text, the hole it is played on (-1 for pass/concede). */
export interface Choice {
  move: number;
  text: string;
  hole: number;
  /** First hole sown into, and what it takes: for telling apart several ways of playing one hole. */
  firstDrop: number;
  takes: { hole: number; count: number }[];
  kind: 'hole' | 'pass' | 'concede';
}

function readTrace(ev: GameEvent[], player: number): { hole: number; firstDrop: number; takes: { hole: number; count: number }[] } {
  let hole = -1;
  let firstDrop = -1;
  const takes: { hole: number; count: number }[] = [];
  for (const e of ev) {
    if (hole < 0 && (e.type === 'lift' || e.type === 'raceStart') && e.player === player) hole = e.hole;
    else if (hole < 0 && e.type === 'capture' && e.player === player) hole = e.hole;
    if (firstDrop < 0 && e.type === 'drop' && e.player === player) firstDrop = e.hole;
    if (e.type === 'capture' && e.player === player) takes.push({ hole: e.hole, count: e.count });
    if (e.type === 'turnEnd' || e.type === 'await') break;
  }
  return { hole, firstDrop, takes };
}

/**
 * The choices of `player` at `s` (the player to move, or one racer at a simultaneous node), each
 * with the hole it is played on, read from the engine's trace of the move.
 */
export function choices(game: Game, s: State, player: number): Choice[] {
  if (isOver(s)) return [];
  const buf = new Int32Array(MAX_MOVES);
  const sim = isSimultaneous(s);
  const count = sim ? game.legalMovesFor(s, player, buf) : game.legalMoves(s, buf);
  const moves = Array.from(buf.subarray(0, count));
  // At a simultaneous node a trial needs everybody's choice: the others take their first one.
  const others: number[] = [0];
  if (sim) {
    const ob = new Int32Array(MAX_MOVES);
    for (let p = 1; p <= s.players; p++) others.push(game.legalMovesFor(s, p, ob) > 0 ? ob[0]! : MOVE_PASS);
  }
  const out: Choice[] = [];
  const trial = s.clone();
  for (const m of moves) {
    const text = game.moveText(s, m);
    if (m === MOVE_PASS || m === MOVE_CONCEDE) {
      out.push({ move: m, text, hole: -1, firstDrop: -1, takes: [], kind: m === MOVE_PASS ? 'pass' : 'concede' });
      continue;
    }
    trial.copyFrom(s);
    const ev: GameEvent[] = [];
    if (sim) {
      const joint = others.slice();
      joint[player] = m;
      game.applyJoint(trial, joint, ev);
    } else {
      game.apply(trial, m, ev);
    }
    const t = readTrace(ev, player);
    const hole = t.hole >= 0 ? t.hole : m < s.holeCount ? m : -1;
    out.push({ move: m, text, hole, firstDrop: t.firstDrop, takes: t.takes, kind: 'hole' });
  }
  return out;
}

/** Choices grouped by hole. */
export function byHole(list: readonly Choice[]): Map<number, Choice[]> {
  const m = new Map<number, Choice[]>();
  for (const c of list) {
    if (c.kind !== 'hole' || c.hole < 0) continue;
    const g = m.get(c.hole);
    if (g) g.push(c);
    else m.set(c.hole, [c]);
  }
  return m;
}

/** Special holes worth marking on the board (a chafa enda, a guardian): the ruleset says which. */
export type { Landmark } from '@gabata/engine/core';

export function landmarks(game: Game, s: State): Landmark[] {
  return game.landmarks ? game.landmarks(s) : [];
}

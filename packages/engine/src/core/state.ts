/**
 * The mutable game state shared by every ruleset: typed arrays for the board and a few scalar
 * fields for the match flow. A ruleset keeps any extra scalars it needs in `aux` under named
 * slot constants of its own. `clone()` gives an independent copy and `copyFrom()` reuses one
 * without allocating (search and playouts keep a pool of states).
 */
import { Rng } from './rng.js';

export const PHASES = ['play', 'continue', 'choose', 'race', 'over'] as const;
export type PhaseName = (typeof PHASES)[number];
/** A normal turn begins: the player to move chooses a starting hole (or passes). */
export const PHASE_PLAY = 0;
/** The same player continues his turn with a fresh free choice (Gabata, after making a wegue). */
export const PHASE_CONTINUE = 1;
/** The same player completes a decision begun by his last move (Gifia's capture choice). */
export const PHASE_CHOOSE = 2;
/** The simultaneous opening race (Abalala'e, Selus): a simultaneous node. */
export const PHASE_RACE = 3;
/** The match is over. */
export const PHASE_OVER = 4;

/**
 * Why the last round or the match ended (`State.endReason` holds the index):
 * - `none`: nothing has ended yet;
 * - `rules`: the rules proper ended it (a side emptied, a player owed every hole, no legal start);
 * - `repetition`: the round-stalemate guard (SPEC §8.3), a position's third occurrence;
 * - `turnCap`: the same guard's cap, `maxTurnsPerRound` turns in the round;
 * - `concession`: a player conceded (Selus, SEL-18b);
 * - `perpetual`: a sowing that would never end, under `perpetualMove = drawRound` (SPEC §8.1);
 * - `matchCap`: the match-length guard (`maxRounds`, SPEC §8), a match stopped at its cap of rounds;
 * - `doublePass`: the players passed in a row, so nothing could change any more (Selus and
 *   Abalala'e end on the second pass; in Gabata, where a pass leaves the board as it was, the
 *   repetition the passes make ends the round);
 * - `rounds`: the last of the `rounds = N` rounds the players agreed on was played (a rule, not a cap).
 * Positions and records written before 2026-12-04 name `stalemate` (now `repetition` or
 * `doublePass`) and `roundCap` (now `matchCap` or `rounds`): `legacyEndReason` reads them.
 */
export const END_REASONS = [
  'none',
  'rules',
  'repetition',
  'turnCap',
  'concession',
  'perpetual',
  'matchCap',
  'doublePass',
  'rounds',
] as const;
export type EndReason = (typeof END_REASONS)[number];

/** The end reasons of earlier versions, each with the two reasons it now stands for (see `legacyEndReason`). */
export const LEGACY_END_REASONS: Readonly<Record<string, readonly EndReason[]>> = {
  stalemate: ['repetition', 'doublePass'],
  roundCap: ['matchCap', 'rounds'],
};

/** Whether a recorded end reason (perhaps an old name) says what the replayed `reason` says. */
export function sameEndReason(recorded: string, reason: string): boolean {
  return recorded === reason || (LEGACY_END_REASONS[recorded]?.includes(reason as EndReason) ?? false);
}

/**
 * The end reason an old name stands for in the state `s` it was written with (its other fields
 * read): `stalemate` is `doublePass` when the players had passed in a row (`s.passes >= 2`), else
 * `repetition`; `roundCap` is `rounds` when `roundsAsked` (the `rounds` option, 0 = unlimited)
 * rounds have been played, else `matchCap`. Any other name is returned as it is.
 */
export function legacyEndReason(name: string, s: Pick<State, 'passes' | 'round'>, roundsAsked: number): string {
  if (name === 'stalemate') return s.passes >= 2 ? 'doublePass' : 'repetition';
  if (name === 'roundCap') return roundsAsked > 0 && s.round >= roundsAsked ? 'rounds' : 'matchCap';
  return name;
}

/** Length of the repetition history kept for the round-stalemate guard (SPEC §8.3). */
export const HISTORY = 128;
export const AUX_SLOTS = 16;

export class State {
  readonly players: number;
  readonly holeCount: number;
  /** Counters in each hole. */
  readonly counts: Int32Array;
  /** Owner (1..players) of each hole; 0 = nobody. */
  readonly owners: Int8Array;
  /** 0, or the player whose wegue / nedf the hole is. */
  readonly marks: Int8Array;
  /** Counters off the board by player (index 1..players): a hand, or a store. */
  readonly captured: Int32Array;
  /** Counters a player holds aside, off the board and out of play this round (Abalala'e winnings). */
  readonly reserve: Int32Array;
  /** 1 while the player takes part in the match; 0 once eliminated (three-player Gabata). */
  readonly active: Uint8Array;
  /** Final score by player when the match is over (ruleset-specific meaning). */
  readonly scores: Int32Array;
  /** Race phase: counters in each racer's hand. */
  readonly raceHand: Int32Array;
  /** Race phase: the hole each racer last dropped into or lifted from (-1 before the start). */
  readonly raceCursor: Int8Array;
  /** Race phase: 0 while racing; otherwise the order in which the racer finished (1 = first). */
  readonly raceDone: Int8Array;
  /** Ruleset-specific scalars (see each ruleset's slot constants). */
  readonly aux: Int32Array;
  /** Position keys of the turns since the last irreversible change (round-stalemate guard). */
  readonly history: Uint32Array;
  historyLength = 0;
  /** Bits of the keys recorded since the last clear (see recordPosition). */
  historySeen = 0;
  historySeenHigh = 0;

  /** Player to move (1..players); 0 at a simultaneous node or when the match is over. */
  toMove = 1;
  phase = PHASE_PLAY;
  /** 1-based round number. */
  round = 1;
  /** Turns begun in this round (0 before the first). */
  turn = 0;
  /** Decisions applied since the start of the match. */
  ply = 0;
  /** Who made (or will make) the first turn of this round. */
  roundStarter = 1;
  /** Consecutive passes. */
  passes = 0;
  /** Race phase: ticks played. */
  raceTick = 0;
  /** Race phase result: the racer who finished first (0 = not yet). */
  raceWinner = 0;
  /** -1 while the match goes on; 0 = drawn; otherwise the winning player. */
  winner = -1;
  /** Index into END_REASONS: why the last round or the match ended. */
  endReason = 0;
  /** Rounds a guard ended (stalemate, turn cap) in this match. */
  guardEnds = 0;
  readonly rng: Rng;
  /**
   * Chance, OpenSpiel-style: every random event of the rules (a dead heat's coin, a looping race
   * settled at random, a random first player) is drawn through `chance(n)`, never from `rng`
   * directly. A search sets `chanceForced` to take one outcome (0..n-1) of the next event instead of
   * the generator's, and reads `chanceEvents` / `chanceArity` to see that a move met chance: it then
   * values the move over every outcome (see src/ai). Search scratch only: `copyFrom` and positions
   * do not carry these four (a copy starts with no forced outcome).
   */
  chanceForced = -1;
  /** Chance events drawn on this object so far (a counter a search compares before and after a move). */
  chanceEvents = 0;
  /** Outcomes of the last chance event (2 for a coin). */
  chanceArity = 0;
  /** The outcome (0..chanceArity-1) the last chance event took. */
  chanceOutcome = 0;

  /** Every typed array above lives in this one buffer, so copyFrom() is a single copy. */
  private readonly bytes: Uint8Array;

  constructor(players: number, holeCount: number, seed = 1) {
    this.players = players;
    this.holeCount = holeCount;
    const p1 = players + 1;
    const ints = holeCount + 4 * p1 + AUX_SLOTS;
    const small = 2 * holeCount + 3 * p1;
    const buffer = new ArrayBuffer(ints * 4 + ((small + 3) & ~3));
    let at = 0;
    const int32 = (n: number): Int32Array => {
      const a = new Int32Array(buffer, at, n);
      at += n * 4;
      return a;
    };
    const int8 = (n: number): Int8Array => {
      const a = new Int8Array(buffer, at, n);
      at += n;
      return a;
    };
    this.counts = int32(holeCount);
    this.captured = int32(p1);
    this.reserve = int32(p1);
    this.scores = int32(p1);
    this.raceHand = int32(p1);
    this.aux = int32(AUX_SLOTS);
    this.owners = int8(holeCount);
    this.marks = int8(holeCount);
    this.active = new Uint8Array(buffer, at, p1);
    at += p1;
    this.raceCursor = int8(p1);
    this.raceDone = int8(p1);
    this.bytes = new Uint8Array(buffer);
    this.active.fill(1);
    this.active[0] = 0;
    this.raceCursor.fill(-1);
    this.history = new Uint32Array(HISTORY);
    this.rng = new Rng(seed);
  }

  clone(): State {
    const s = new State(this.players, this.holeCount);
    s.copyFrom(this);
    return s;
  }

  /** Makes this state equal to `o` (same players and board size) without allocating. */
  copyFrom(o: State): void {
    this.copyBoardFrom(o);
    if (o.historyLength > 0) this.history.set(o.history.subarray(0, Math.min(o.historyLength, HISTORY)));
    this.historyLength = o.historyLength;
    this.historySeen = o.historySeen;
    this.historySeenHigh = o.historySeenHigh;
    this.rng.copyFrom(o.rng);
  }

  /**
   * Copies everything but the repetition history and the generator: what a sowing reads and
   * writes, for a dry run on a scratch state (the perpetual-move test of move generation).
   */
  copyBoardFrom(o: State): void {
    this.bytes.set(o.bytes);
    this.toMove = o.toMove;
    this.phase = o.phase;
    this.round = o.round;
    this.turn = o.turn;
    this.ply = o.ply;
    this.roundStarter = o.roundStarter;
    this.passes = o.passes;
    this.raceTick = o.raceTick;
    this.raceWinner = o.raceWinner;
    this.winner = o.winner;
    this.endReason = o.endReason;
    this.guardEnds = o.guardEnds;
  }

  /**
   * A uniform chance event of `n` outcomes: the forced outcome when a search set one (then
   * cleared), otherwise drawn from the seeded generator (exactly `rng.int(n)`, so records replay).
   */
  chance(n: number): number {
    this.chanceEvents++;
    this.chanceArity = n;
    const f = this.chanceForced;
    let k: number;
    if (f < 0) k = this.rng.int(n);
    else {
      this.chanceForced = -1;
      k = f < n ? f : n - 1;
    }
    this.chanceOutcome = k;
    return k;
  }

  /** Counters on the board. */
  boardTotal(): number {
    let t = 0;
    for (let i = 0; i < this.holeCount; i++) t += this.counts[i]!;
    return t;
  }

  /** Every counter of the match: board + off-board piles + race hands. */
  total(): number {
    let t = this.boardTotal();
    for (let p = 1; p <= this.players; p++) t += this.captured[p]! + this.reserve[p]! + this.raceHand[p]!;
    return t;
  }

  /** Next active player after p in turn order (1..players, wrapping). */
  nextPlayer(p: number): number {
    for (let i = 1; i <= this.players; i++) {
      const q = ((p - 1 + i) % this.players) + 1;
      if (this.active[q]) return q;
    }
    return p;
  }

  /**
   * A 32-bit key of what the round-stalemate guard compares (counts, player to move, phase).
   * Not incremental: it is computed once per turn.
   */
  positionKey(): number {
    const counts = this.counts;
    // Owners and marks are left out: a ruleset clears the history whenever it changes either (a
    // new round, a new wegue or nedf: changes that are never undone), which a test checks.
    // FNV-1a over one word per hole, in two independent lanes (even and odd holes) so the
    // multiplications overlap, then a final avalanche.
    let a = (0x811c9dc5 ^ (this.toMove + 31 * this.phase)) | 0;
    let b = 0x01000193;
    const n = this.holeCount;
    let i = 0;
    for (; i + 1 < n; i += 2) {
      a = Math.imul(a ^ counts[i]!, 0x01000193);
      b = Math.imul(b ^ counts[i + 1]!, 0x01000193);
    }
    if (i < n) a = Math.imul(a ^ counts[i]!, 0x01000193);
    let h = a ^ Math.imul(b, 0x9e3779b1);
    h ^= h >>> 15;
    h = Math.imul(h, 0x2c1b3c6d);
    h ^= h >>> 12;
    return h >>> 0;
  }

  /** Forgets the repetition history (after a capture, a mark, or a new round). */
  clearHistory(): void {
    this.historyLength = 0;
    this.historySeen = 0;
    this.historySeenHigh = 0;
  }

  /**
   * Records the position at the start of a turn and returns how many times it has now been seen
   * since the last irreversible change (1 = first time). History beyond HISTORY turns is dropped,
   * so only cycles shorter than that are caught; `maxTurnsPerRound` catches the rest.
   */
  recordPosition(): number {
    const key = this.positionKey();
    const n = Math.min(this.historyLength, HISTORY);
    let seen = 1;
    // A 64-bit filter of the keys recorded since the last clear: most keys are new, and a key
    // whose bit is not set cannot be in the history, so the scan is skipped. (A history loaded
    // from a position text arrives without its filter: it is rebuilt here.)
    if (n > 0 && this.historySeen === 0 && this.historySeenHigh === 0) {
      for (let i = 0; i < n; i++) {
        const k = this.history[i]!;
        if (k & 32) this.historySeenHigh |= 1 << (k & 31);
        else this.historySeen |= 1 << (k & 31);
      }
    }
    const bit = 1 << (key & 31);
    const high = (key & 32) !== 0;
    const known = high ? this.historySeenHigh & bit : this.historySeen & bit;
    if (high) this.historySeenHigh |= bit;
    else this.historySeen |= bit;
    if (known !== 0 || n >= HISTORY) for (let i = 0; i < n; i++) if (this.history[i] === key) seen++;
    this.history[this.historyLength & (HISTORY - 1)] = key;
    this.historyLength++;
    return seen;
  }
}

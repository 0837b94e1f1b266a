/**
 * The event trace: what happened during a move, in order, for animation, commentary and records.
 * The kernel writes events only when the caller passes a trace array; with `null` nothing is
 * built, so search and playouts pay nothing for it. Each event may name the rule clause (SPEC
 * clause ID) that caused it, so a viewer can explain the move in words.
 */
export type GameEvent =
  /** Counters lifted from a hole into the hand (start of a lap). */
  | { type: 'lift'; player: number; hole: number; count: number; rule?: string }
  /** One counter dropped; `count` is the hole's content after the drop. */
  | { type: 'drop'; player: number; hole: number; count: number; rule?: string }
  /** One counter dropped into `store`'s store on the track (Kalah-like boards); `count` is the store's content after. */
  | { type: 'storeDrop'; player: number; store: number; count: number; rule?: string }
  /** A hole passed over without a drop. */
  | { type: 'skip'; player: number; hole: number; rule?: string }
  /** The last counter of a lap fell into an occupied hole: its counters are lifted and sown on. */
  | { type: 'relay'; player: number; hole: number; count: number; rule?: string }
  /** A hole became a player's wegue or nedf. */
  | { type: 'mark'; player: number; hole: number; kind: 'wegue' | 'nedf'; rule?: string }
  /** Counters taken off the board (into a hand or a store); `hole` = the hole taken from. */
  | { type: 'capture'; player: number; hole: number; count: number; rule?: string }
  /** A choice is still to be made by the same player in this turn (continuation, capture choice). */
  | { type: 'await'; player: number; reason: 'continue' | 'choose'; rule?: string }
  /** The turn is over; `reason` says why (empty hole, wegue, ...). */
  | { type: 'turnEnd'; player: number; reason: string; rule?: string }
  | { type: 'pass'; player: number; rule?: string }
  | { type: 'concede'; player: number; rule?: string }
  /** Race phase: a racer starts by lifting a hole (tick 0). */
  | { type: 'raceStart'; player: number; hole: number; count: number; rule?: string }
  /** Race phase: one lock-step tick began (each racer then drops at most one counter). */
  | { type: 'raceTick'; tick: number; order: number[]; rule?: string }
  /** Race phase: a racer's last counter fell into an empty hole; `place` 1 = winner. */
  | { type: 'raceFinish'; player: number; hole: number; place: number; rule?: string }
  /** The race loser abandoned: counters in hand returned to a hole. */
  | { type: 'raceAbandon'; player: number; hole: number; count: number; rule?: string }
  /**
   * Race ended; `winner` moves first in the main phase. `loop` = a repeating race resolved by
   * option; `deadHeat` = both finished in the same tick and option `raceTie` decided (SPEC §7.4).
   */
  | { type: 'raceEnd'; winner: number; loop: boolean; deadHeat?: boolean; rule?: string }
  /** Round over: totals by player (index 0 unused) and why. */
  | { type: 'roundEnd'; round: number; totals: number[]; reason: string; rule?: string }
  /** New round set up: the owners and counts of every hole, what each player holds off the board. */
  | {
      type: 'redistribute';
      round: number;
      owners: number[];
      counts: number[];
      captured: number[];
      reserve: number[];
      /** Holes whose owner changed, with from/to. */
      changes: { hole: number; from: number; to: number }[];
      rule?: string;
    }
  | { type: 'eliminated'; player: number; rule?: string }
  /** Match over: winner (0 = draw) and scores by player (index 0 unused). */
  | { type: 'matchEnd'; winner: number; scores: number[]; reason: string; rule?: string };

export type Trace = GameEvent[] | null;

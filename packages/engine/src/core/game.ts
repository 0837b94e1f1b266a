/**
 * The one interface every ruleset implements and every tool (agents, simulation, protocol,
 * notation, server, web) uses. A `Ruleset` is the registry entry: provenance, options, presets.
 * `Ruleset.create(options)` gives a `Game`: the rules with options resolved, which makes and
 * advances `State`s. Moves are small integers whose meaning belongs to the ruleset (a hole index,
 * a hole and direction, a pass); `moveText`/`parseMove` give their notation.
 *
 * Decisions, not turns: a move is one decision. When a turn holds several decisions (Gabata's
 * free continuation after a wegue, Gifia's choice of neighbour) the same player is to move again
 * with `phase` saying why. A simultaneous node (the Selus race) has `toMove === 0` and
 * `phase === PHASE_RACE`; each player's choices come from `legalMovesFor` and the joint choice is
 * applied with `applyJoint`.
 */
import type { Result } from './errors.js';
import type { Trace } from './events.js';
import type { Geometry } from './geometry.js';
import type { OptionSpec, OptionValue, OptionValues } from './options.js';
import { END_REASONS, PHASE_OVER, type State } from './state.js';

/** Pass (a player with no legal start, or Gifia's voluntary pass). */
export const MOVE_PASS = 1000;
/** Concede (Selus SEL-18b). */
export const MOVE_CONCEDE = 1001;
/** Room enough for the moves of any position of any ruleset. */
export const MAX_MOVES = 128;

export interface SourceRef {
  readonly author: string;
  readonly year: number;
  readonly title: string;
  readonly pages?: string;
  readonly note?: string;
}

/** A reading of the source that is our reconstruction, with the option that switches it. */
export interface Reconstruction {
  readonly ref: string;
  readonly text: string;
  readonly option?: string;
  readonly confidence?: 'high' | 'medium' | 'low';
}

export interface RulesetInfo {
  readonly id: string;
  readonly name: string;
  readonly aliases: readonly string[];
  readonly region: string;
  readonly sources: readonly SourceRef[];
  /** Clause ID prefix in SPEC.md ('ADW', 'AKS', 'ABA', 'SEL', 'GIF'). */
  readonly clausePrefix: string;
  /** Player counts the ruleset supports; the first is the default. */
  readonly players: readonly number[];
  /** Two or three sentences in our own words: what the game is. */
  readonly summary: string;
  readonly reconstructions: readonly Reconstruction[];

  // What the tools need to know of the game, so that none keeps a table of games (data, not
  // rules: the web, the CLI, the catalogue, the tutorial and the conformance tests read it).

  /** The clause families of the game's rules, its own prefix first (Aksum's adds Adowa's, a race game §7). */
  readonly ruleFamilies: readonly string[];
  /** The clause that governs the choice of a starting hole (cited when a start is refused). */
  readonly startRule: string;
  /** The clauses that describe the board and the track (the tutorial's first step). */
  readonly boardRules: readonly string[];
  /** The steps of the game's tutorial, in order. */
  readonly lesson: readonly LessonStep[];
  /** How the engine reports the game's capture: a hole marked for the player, or counters taken. */
  readonly captureEvent: 'mark' | 'capture';
  readonly words: RulesetWords;
  /** What typing a move needs explained beyond "type a hole" (English, the CLI's help), or ''. */
  readonly notationHelp: string;
  /** Options under which a match is short and always ends by the rules (tests, demos): few rounds, no concession. */
  readonly shortMatch: OptionValues;
  /** The game's shape as its rules give it (the catalogue measures the same from play; a test compares). */
  readonly shape: RulesetShape;
  /**
   * The clauses of the game's rules in our words, in order: the one place their texts are written
   * (the catalogue page, docs/rules.md and the English `clause.*` messages are made from them).
   * A clause several rulesets share (Gabata's) is the same object in each.
   */
  readonly clauses: readonly RuleClause[];
  /** Which clause each event of play cites (test/clause-citations.test.ts plays the game and checks every citation). */
  readonly citations: Citations;
  /**
   * A ruleset the app ships: in the built registry, with a catalogue entry (its published source,
   * measured figures), its section in docs/rules.md and every text translated. `false` for a
   * ruleset under test (test/fixtures) or a plug-in: it plays everywhere, in English where it has
   * no translation, and the suites about the shipped catalogue, reference and programs pass it over.
   */
  readonly shipped: boolean;
}

/** One clause of a game's rules, in our own words. */
export interface RuleClause {
  /** `ADW-07`: the prefix of the game's family, a number. */
  readonly id: string;
  /** The clause in full (the catalogue page, docs/rules.md). */
  readonly text: string;
  /** The clause in one short sentence (the chip beside a move's commentary: `clause.<id>`). */
  readonly short: string;
  /** Words every paraphrase of the clause must contain (the tests check both texts, and the external specification's, against them). */
  readonly keywords: readonly RegExp[];
}

/**
 * What the events of play cite. Keys are the event type, `type:reason` for turnEnd, roundEnd,
 * matchEnd and await, and a `race.` prefix inside an opening race; each names the clauses the
 * event may cite ('' for none), as read from the clause texts.
 */
export interface Citations {
  readonly events: Readonly<Record<string, readonly string[]>>;
  /** Keys that seeded random play under `optionSets` must reach (so that the check cannot pass by seeing nothing). */
  readonly mustSee: readonly string[];
  /** The option sets played: the defaults first, then options that bring out rarer events. */
  readonly optionSets: readonly OptionValues[];
  /** Seeds played per option set. */
  readonly seeds: number;
}

/** What kind of game it is, by its rules: the board, the sowing, the captures, the rounds. */
export interface RulesetShape {
  readonly rows: number;
  readonly holes: number;
  readonly stores: number;
  /** Distinct sowing tracks (2: one a player, or a choice of direction). */
  readonly tracks: number;
  readonly sowing: 'relay' | 'single lap';
  /** The game opens with a simultaneous race. */
  readonly race: boolean;
  /** How counters or holes are won: `wegue`/`nedf` (a hole becomes the mover's), or the clause IDs of counter captures. */
  readonly captures: readonly string[];
  /**
   * How holes change owner: `during play` (a hole marked for the mover: wegue, nedf), `between
   * rounds` (redistribution). Empty: owners and marks never change, nor need the repetition history clearing.
   */
  readonly ownershipChanges: readonly ('during play' | 'between rounds')[];
  readonly rounds: 'single' | 'several';
}

/** A step of a game's tutorial: the board, the race, a sowing, a relay, a capture, the end. */
export type LessonStep = 'board' | 'race' | 'raceChoice' | 'sow' | 'relay' | 'capture' | 'end' | 'done';

/** How the tools speak of a game: keys into the message catalogues (src/i18n), never the words. */
export interface RulesetWords {
  /** What a counter is called: `story.unit.<unit>`, `story.count.<unit>`. */
  readonly unit: 'counter' | 'bean';
  /** What a hole taken for a player is called: `story.markName.<mark>`. */
  readonly mark: 'wegue' | 'nedf' | 'mark';
  /** The tutorial's words for the capture: `learn.titleCapture<capture>`, `learn.introCapture<capture>`. */
  readonly capture: 'Wegue' | 'Nedf' | 'Facing' | 'Gifia';
}

export interface Ruleset {
  readonly info: RulesetInfo;
  readonly options: readonly OptionSpec[];
  /** Named option sets, e.g. `ludii` (SPEC §10). */
  readonly presets: Readonly<Record<string, OptionValues>>;
  /**
   * Resolves options (defaults, then `preset`, then the given values) and builds the game.
   * Values of the rules before SPEC §12 are read as they played then; each such reading adds a
   * sentence to `notes` when a list is given (records and positions keep them).
   */
  create(options?: Readonly<Record<string, unknown>>, notes?: string[]): Result<Game>;
}

/** A hole a viewer should mark beyond wegues and nedfs, with the clause that gives it its role. */
export interface Landmark {
  readonly hole: number;
  readonly player: number;
  /** `chafa`: a chafa enda (Gabata of Aksum); `guardian`: a nedf's yazab tabaqi (Selus). */
  readonly kind: 'chafa' | 'guardian';
  readonly rule: string;
}

export interface Game {
  readonly ruleset: Ruleset;
  /** Every option with its resolved value (records name them all). */
  readonly options: Readonly<Record<string, OptionValue>>;
  readonly players: number;
  readonly geometry: Geometry;
  /** Total counters of the game (conservation checks). */
  readonly counterTotal: number;

  /** The initial position. A forced opening (Abalala'e's race) may already have been played. */
  newState(seed: number, trace?: Trace): State;

  /** The exact legal moves at a sequential node (perpetual starts excluded). Returns the count. */
  legalMoves(s: State, out: Int32Array): number;
  /** Candidate moves without the perpetual-move check (cheaper); `apply` reports a perpetual one. */
  candidateMoves(s: State, out: Int32Array): number;
  /** At a simultaneous node, one player's choices. */
  legalMovesFor(s: State, player: number, out: Int32Array): number;

  /**
   * Applies one decision. Returns false only when the move turns out to be perpetual (possible
   * only for a move from `candidateMoves`); the state is then unspecified and must be restored.
   */
  apply(s: State, move: number, trace?: Trace): boolean;
  /** Applies the joint choice at a simultaneous node; `moves[p]` for players 1..players. */
  applyJoint(s: State, moves: ArrayLike<number>, trace?: Trace): void;

  moveText(s: State, move: number): string;
  parseMove(s: State, text: string): Result<number>;

  /**
   * Returns at any state (OpenSpiel's `Returns`): `out[p]` for p = 1..players. At a terminal state
   * (`isTerminal`) the payoffs: win 1, loss 0, a draw shared; before it nothing is paid yet, so 0
   * for every player (these games pay only at the end).
   */
  returns(s: State, out: Float64Array): void;
  /** Heuristic value of a non-terminal state for `player`, in [-1, 1]. */
  evaluate(s: State, player: number): number;
  /**
   * How the rules rank the players now, where they have a measure (index 1..players, higher is
   * better): when one of three players resigns or loses on time, the other two are ranked by it.
   */
  standings?(s: State): number[];

  /** Holes with a special role right now (display only: the rules already enforce them). */
  landmarks?(s: State): Landmark[];

  /** Checks a position built from text or JSON (conservation, owners, phase...). */
  validate(s: State): Result<State>;
  /** Ruleset-specific fields for the JSON form of a position (aux slots under names). */
  extraToJSON(s: State): Record<string, unknown>;
  extraFromJSON(s: State, extra: Readonly<Record<string, unknown>>): Result<State>;
}

/** Whether the match is over (OpenSpiel's `IsTerminal`): no move is left to make, its result is final. */
export function isTerminal(s: State): boolean {
  return s.phase === PHASE_OVER;
}

/** What a match's result is, at any state (the protocol's `result` line, a client's end check). */
export interface MatchResult {
  readonly terminal: boolean;
  /** The winning player; 0 for a draw; -1 while the match goes on. */
  readonly winner: number;
  /** `returns` by player, index 0 unused. */
  readonly returns: readonly number[];
  /** Why the match ended (`END_REASONS`: `rules`, or a guard's reason); `none` while it goes on. */
  readonly reason: string;
}

/** The result of the match at `s`, ended or not. */
export function outcomeAt(game: Game, s: State): MatchResult {
  const out = new Float64Array(s.players + 1);
  game.returns(s, out);
  const terminal = isTerminal(s);
  return {
    terminal,
    winner: terminal ? s.winner : -1,
    returns: Array.from(out),
    reason: terminal ? (END_REASONS[s.endReason] ?? 'none') : 'none',
  };
}

/**
 * Fills `out` with shared payoffs: the winner takes 1, a draw splits 1 among the active players;
 * before the end of the match (`isTerminal` false) every player's return is 0.
 */
export function standardReturns(s: State, out: Float64Array): void {
  out.fill(0);
  if (s.phase !== PHASE_OVER) return;
  if (s.winner > 0) {
    out[s.winner] = 1;
    return;
  }
  let active = 0;
  for (let p = 1; p <= s.players; p++) if (s.active[p]) active++;
  for (let p = 1; p <= s.players; p++) if (s.active[p]) out[p] = 1 / Math.max(1, active);
}

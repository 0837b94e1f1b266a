/**
 * Typed rule options (SPEC §10): every ambiguous reading of a source is an option with a
 * default, a one-line explanation of each value, and the clause or ambiguity it settles.
 */
import { err, ok, type Result } from './errors.js';

export interface ChoiceOption {
  readonly name: string;
  readonly kind: 'choice';
  readonly values: readonly string[];
  readonly default: string;
  /** One line about the question this option settles. */
  readonly description: string;
  /** One line per value: what that reading means. */
  readonly explain: Readonly<Record<string, string>>;
  /** SPEC ambiguity or clause IDs (e.g. 'A2', 'ADW-11'). */
  readonly refs?: readonly string[];
  /**
   * Values an earlier version of the rules used, mapped to today's (SPEC §12): an old record or
   * position that names one still loads, with a note saying what it was read as.
   */
  readonly legacy?: Readonly<Record<string, string>>;
  /** Set when the option was added after records already existed: see `OptionHistory`. */
  readonly since?: OptionHistory;
}

/**
 * When an option was added to a ruleset (SPEC §12) and the value that plays as the rules did
 * before. Records name every option of their ruleset, so one that names all the others but not
 * this one was written before it existed, and is read with `before`.
 */
export interface OptionHistory {
  /** ISO date of the SPEC change. */
  readonly date: string;
  readonly before: OptionValue;
}

export interface BooleanOption {
  readonly name: string;
  readonly kind: 'boolean';
  readonly default: boolean;
  readonly description: string;
  readonly explain: { readonly true: string; readonly false: string };
  readonly refs?: readonly string[];
  readonly since?: OptionHistory;
}

export interface IntegerOption {
  readonly name: string;
  readonly kind: 'integer';
  readonly min: number;
  readonly max: number;
  readonly default: number;
  readonly description: string;
  readonly refs?: readonly string[];
  readonly since?: OptionHistory;
}

export type OptionSpec = ChoiceOption | BooleanOption | IntegerOption;
export type OptionValue = string | number | boolean;
export type OptionValues = Readonly<Record<string, OptionValue>>;

export function defaultOptions(specs: readonly OptionSpec[]): Record<string, OptionValue> {
  const o: Record<string, OptionValue> = {};
  for (const s of specs) o[s.name] = s.default;
  return o;
}

/** The text of an option's values, for listings: `a | b | c`, `true | false`, `0..6`. */
export function optionValuesText(s: OptionSpec): string {
  if (s.kind === 'choice') return s.values.join(' | ');
  if (s.kind === 'boolean') return 'true | false';
  return `${s.min}..${s.max}`;
}

/** Parses one value (from a command line or JSON) against its spec. */
export function parseOptionValue(spec: OptionSpec, raw: unknown): Result<OptionValue> {
  const where = spec.name;
  if (spec.kind === 'choice') {
    const v = String(raw);
    const renamed = spec.legacy !== undefined && Object.hasOwn(spec.legacy, v) ? spec.legacy[v] : undefined;
    if (renamed !== undefined && !spec.values.includes(v)) return ok(renamed);
    if (!spec.values.includes(v)) {
      return err('ERR_OPTION', `option ${spec.name} cannot be '${v}'; expected one of ${spec.values.join(', ')}`, where);
    }
    return ok(v);
  }
  if (spec.kind === 'boolean') {
    if (raw === true || raw === 'true' || raw === '1' || raw === 'yes') return ok(true);
    if (raw === false || raw === 'false' || raw === '0' || raw === 'no') return ok(false);
    return err('ERR_OPTION', `option ${spec.name} must be true or false, not '${String(raw)}'`, where);
  }
  const text = String(raw);
  if (!/^-?\d+$/.test(text)) return err('ERR_OPTION', `option ${spec.name} must be an integer, not '${text}'`, where);
  const v = Number(text);
  if (v < spec.min || v > spec.max) {
    return err('ERR_OPTION', `option ${spec.name} must be between ${spec.min} and ${spec.max}, not ${v}`, where);
  }
  return ok(v);
}

/**
 * Resolves user-given options over the defaults, after an optional preset. Unknown names and
 * bad values are errors that name the option and the accepted values. Values and omissions of
 * an earlier version of the rules (SPEC §12) are read as that version played, and each such
 * reading is described in `notes` when a list is given.
 */
export function resolveOptions(
  specs: readonly OptionSpec[],
  given: Readonly<Record<string, unknown>>,
  presets: Readonly<Record<string, OptionValues>> = {},
  notes?: string[],
): Result<Record<string, OptionValue>> {
  const out = defaultOptions(specs);
  const entries = Object.entries(given);
  const preset = Object.hasOwn(given, 'preset') ? given['preset'] : undefined;
  if (preset !== undefined) {
    const p = Object.hasOwn(presets, String(preset)) ? presets[String(preset)] : undefined;
    if (!p) {
      const names = Object.keys(presets);
      return err(
        'ERR_OPTION',
        `unknown preset '${String(preset)}'; ${names.length ? `known: ${names.join(', ')}` : 'this ruleset has none'}`,
        'preset',
      );
    }
    Object.assign(out, p);
  }
  for (const [name, raw] of entries) {
    if (name === 'preset') continue;
    const spec = specs.find((s) => s.name === name);
    if (!spec) {
      return err('ERR_OPTION', `unknown option '${name}'; known options: ${specs.map((s) => s.name).join(', ')}`, name);
    }
    const v = parseOptionValue(spec, raw);
    if (!v.ok) return v;
    out[name] = v.value;
    if (notes && spec.kind === 'choice' && v.value !== String(raw)) {
      notes.push(`option ${name}=${String(raw)} is a value of the rules before SPEC §12; read as ${name}=${String(v.value)}`);
    }
  }
  // A set that names every option but some added later was written before they existed.
  const added = specs.filter((s) => s.since !== undefined && !Object.hasOwn(given, s.name));
  if (added.length > 0 && preset === undefined && specs.every((s) => s.since !== undefined || Object.hasOwn(given, s.name))) {
    for (const s of added) {
      out[s.name] = s.since!.before;
      notes?.push(
        `option ${s.name} is missing from a set that names every option older than it (added ${s.since!.date}, SPEC ` +
          `§12); read as ${s.name}=${String(s.since!.before)}, the rule before then`,
      );
    }
  }
  return ok(out);
}

/**
 * Reads resolved option values (from `resolveOptions`) with their types, the one way every
 * ruleset reads its options: a choice as the union of its `as const` tuple, a boolean, an
 * integer. A choice the ruleset does not have reads as `absent` when given (e.g. an option of
 * one ruleset of a module only); any other value outside the tuple is a programming error (the
 * values were checked when they were resolved), so it throws.
 *
 * @example
 *   const read = new OptionReader(values);
 *   const gate = read.choice('captureGate', CAPTURE_GATES); // 'firstTurnOfRound' | ...
 */
export class OptionReader {
  constructor(private readonly values: Readonly<Record<string, OptionValue>>) {}

  choice<const T extends readonly string[]>(name: string, allowed: T, absent?: T[number]): T[number] {
    const v = Object.hasOwn(this.values, name) ? this.values[name] : undefined;
    if (v === undefined && absent !== undefined) return absent;
    if (typeof v === 'string' && allowed.includes(v)) return v;
    throw new Error(`option ${name} holds ${String(v)}, not one of ${allowed.join(', ')}: were the options resolved?`);
  }

  flag(name: string): boolean {
    const v = this.values[name];
    if (typeof v === 'boolean') return v;
    throw new Error(`option ${name} holds ${String(v)}, not a boolean: were the options resolved?`);
  }

  integer(name: string): number {
    const v = this.values[name];
    if (typeof v === 'number' && Number.isInteger(v)) return v;
    throw new Error(`option ${name} holds ${String(v)}, not an integer: were the options resolved?`);
  }
}

// ---------------------------------------------------------------------------------------------
// Option specs shared by several rulesets (SPEC §1, §8, §10). Each ruleset passes what truly
// differs (clause refs, bounds, the wording of its own settlement); names, kinds, values and
// defaults are the same everywhere.

/** Only the refs a ruleset gives (an absent list stays absent in listings). */
const withRefs = (refs: readonly string[] | undefined): { refs?: readonly string[] } => (refs ? { refs } : {});

export const PERPETUAL_MOVES = ['illegal', 'endTurnAtRepeat', 'drawRound'] as const;
export const FIRST_PLAYERS = ['P1', 'P2', 'P3', 'random'] as const;
export type FirstPlayer = (typeof FIRST_PLAYERS)[number];
export const ROUND_STARTERS = ['alternate', 'loser', 'winner'] as const;
export type RoundStarter = (typeof ROUND_STARTERS)[number];
export type PerpetualMove = (typeof PERPETUAL_MOVES)[number];
export const ROUND_STALEMATES = ['ownerTakes', 'draw'] as const;
export type RoundStalemate = (typeof ROUND_STALEMATES)[number];

const ROUND_ENDS_AT_ONCE = 'the round ends at once, settled as `roundStalemate` says';

/**
 * `perpetualMove` (SPEC §8.1): a start whose relay sowing would never end.
 * @param drawRound what a legal perpetual move does under `drawRound`; by default the round ends
 *   at once under the round-stalemate rule (a one-round game says otherwise).
 */
export function perpetualMoveOption(p: { drawRound?: string; refs?: readonly string[] }): ChoiceOption {
  return {
    name: 'perpetualMove',
    kind: 'choice',
    values: PERPETUAL_MOVES,
    default: 'illegal',
    description: 'A starting choice whose relay sowing would never end (SPEC §8.1).',
    explain: {
      illegal: 'it is not a legal move; a player whose every start is perpetual passes',
      endTurnAtRepeat: 'it is legal; the turn ends where the sowing first repeats',
      drawRound: `it is legal; ${p.drawRound ?? ROUND_ENDS_AT_ONCE}`,
    },
    ...withRefs(p.refs),
  };
}

/** `maxLapsPerTurn` (SPEC §8.2): the safety cap on laps in one sowing. */
export function maxLapsPerTurnOption(p: { min: number; refs?: readonly string[] }): IntegerOption {
  return {
    name: 'maxLapsPerTurn',
    kind: 'integer',
    min: p.min,
    max: 1_000_000,
    default: 10_000,
    description: 'Safety cap on laps in one sowing; reaching it counts as a perpetual move (SPEC §8.2).',
    ...withRefs(p.refs),
  };
}

/**
 * `maxTurnsPerRound` (SPEC §8.3): the turn cap of the round-stalemate guard.
 * @param scope 'game' for a ruleset played as a single round (Selus).
 */
export function maxTurnsPerRoundOption(p: { min: number; scope?: 'round' | 'game'; refs?: readonly string[] }): IntegerOption {
  const scope = p.scope ?? 'round';
  return {
    name: 'maxTurnsPerRound',
    kind: 'integer',
    min: p.min,
    max: 1_000_000,
    default: 2000,
    description: `Turns after which the ${scope} is ended by the round-stalemate guard (SPEC §8.3).`,
    ...withRefs(p.refs),
  };
}

/**
 * `roundStalemate` (SPEC §8.3): how a round ended by a guard is settled.
 * @param ownerTakes what `ownerTakes` means in the ruleset (who gets the counters, what follows).
 * @param draw what `draw` means (default: the match ends drawn).
 * @param doublePass the ruleset also ends a round by this guard after two passes in a row.
 */
export function roundStalemateOption(p: {
  ownerTakes: string;
  draw?: string;
  scope?: 'round' | 'game';
  doublePass?: boolean;
  refs?: readonly string[];
}): ChoiceOption {
  const guards = p.doublePass ? 'threefold repetition, turn cap, double pass' : 'threefold repetition, turn cap';
  return {
    name: 'roundStalemate',
    kind: 'choice',
    values: ROUND_STALEMATES,
    default: 'ownerTakes',
    description: `How a ${p.scope ?? 'round'} ended by a guard (${guards}) is settled (SPEC §8.3).`,
    explain: { ownerTakes: p.ownerTakes, draw: p.draw ?? 'the match ends drawn' },
    ...withRefs(p.refs),
  };
}

/**
 * `skipOriginOnLongLaps` (SPEC §1): does a lap long enough to come round again pass over its own
 * starting hole?
 * @param lap the lap length that reaches the origin again (the number of holes on the track).
 * @param unit what the counters are called ('counters', 'beans').
 * @param note where the no-skip reading comes from, e.g. 'Ludii'.
 */
export function skipOriginOption(p: { lap: number; unit?: string; note?: string; refs?: readonly string[] }): BooleanOption {
  const unit = p.unit ?? 'counters';
  return {
    name: 'skipOriginOnLongLaps',
    kind: 'boolean',
    default: false,
    description: `Does a lap of ${p.lap} or more ${unit} pass over the hole it started from (SPEC §1)?`,
    explain: {
      true: 'the origin hole is passed over',
      false: `the origin hole receives ${unit} like any other${p.note ? ` (${p.note})` : ''}`,
    },
    ...withRefs(p.refs),
  };
}

/**
 * `rounds`: 0 = play the match to its end; N = the match ends after N rounds, the larger total wins.
 * @param end how the match ends by the rules, e.g. 'one player owns every hole'.
 */
export function roundsOption(p: { end: string; max?: number; refs?: readonly string[] }): IntegerOption {
  return {
    name: 'rounds',
    kind: 'integer',
    min: 0,
    max: p.max ?? 10_000,
    default: 0,
    description: `Rounds to play: 0 = until ${p.end}; N = the match ends after N rounds, the larger total wins.`,
    ...withRefs(p.refs),
  };
}

/** `firstPlayer`: who makes the first turn of the match (sources rarely say). */
export function firstPlayerOption(p: { players: 2 | 3; refs?: readonly string[] }): ChoiceOption {
  const three = p.players === 3;
  return {
    name: 'firstPlayer',
    kind: 'choice',
    values: three ? FIRST_PLAYERS : FIRST_PLAYERS.filter((v) => v !== 'P3'),
    default: 'P1',
    description: 'Who makes the first turn of the match (not stated by the source).',
    explain: {
      P1: 'player 1 starts',
      P2: 'player 2 starts',
      ...(three ? { P3: 'player 3 starts (three players only)' } : {}),
      random: 'drawn from the game seed',
    },
    ...withRefs(p.refs),
  };
}

/**
 * `roundStarter`: who makes the first turn of rounds after the first.
 * @param loser / winner how the ruleset tells the loser and winner of a round.
 */
export function roundStarterOption(p: { loser: string; winner: string; refs?: readonly string[] }): ChoiceOption {
  return {
    name: 'roundStarter',
    kind: 'choice',
    values: ROUND_STARTERS,
    default: 'alternate',
    description: 'Who makes the first turn of rounds after the first.',
    explain: {
      alternate: 'the next player after the one who started the previous round',
      loser: p.loser,
      winner: p.winner,
    },
    ...withRefs(p.refs),
  };
}

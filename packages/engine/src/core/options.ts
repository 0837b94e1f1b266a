/**
 * Typed rule options (SPEC §10): every ambiguous reading of a source is an option with a
 * default, the question it settles and the answer each value gives, in the plain words a player
 * reads, and the clause or ambiguity it settles. Those words are the one English text of an
 * option: the app's message catalogue takes them as its English (`options.opt.<name>`, made by
 * ../games/option-english.ts), the CLI and the rules reference print them.
 */
import { err, ok, type Result } from './errors.js';

export interface ChoiceOption {
  readonly name: string;
  readonly kind: 'choice';
  readonly values: readonly string[];
  readonly default: string;
  /** The question this option settles, as the player reads it ('Who starts each new round?'). */
  readonly question: string;
  /** The answer each value gives, a sentence, so that question and answer read as a rule. */
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
  readonly question: string;
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
  readonly question: string;
  /**
   * The answer a value gives: the sentence of a special value by its number (`'0'`), else
   * `n_one` / `n_other` (English plural forms, the value as `{{count, number}}`).
   */
  readonly explain: IntegerWords;
  readonly refs?: readonly string[];
  readonly since?: OptionHistory;
}

/** An integer option's answers: special values by number, and the plural forms for any other value. */
export interface IntegerWords {
  readonly [special: `${number}`]: string;
  readonly n_one?: string;
  readonly n_other?: string;
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

/** English number formatting, made at first use (a page or a process that never needs it skips Intl's data). */
let englishNumber: Intl.NumberFormat | undefined;
const formatEnglish = (n: number): string => {
  englishNumber ??= new Intl.NumberFormat('en');
  return englishNumber.format(n);
};

/**
 * The answer a value of an option gives, in English (the option's own words): a choice's or a
 * boolean's sentence, an integer's special value, else its plural form with the value written in.
 *
 * @example optionValueWords(roundsOption({}), 3); // 'Play 3 rounds; the larger total then wins.'
 */
export function optionValueWords(spec: OptionSpec, value: OptionValue): string | undefined {
  if (spec.kind !== 'integer') return (spec.explain as Readonly<Record<string, string>>)[String(value)];
  const special = spec.explain[`${Number(value)}`];
  if (special !== undefined) return special;
  const form = Number(value) === 1 ? spec.explain.n_one : spec.explain.n_other;
  return form?.replace(/\{\{count, number\}\}/g, formatEnglish(Number(value)));
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
// differs (clause refs, bounds, the words of its own settlement); names, kinds, values and
// defaults are the same everywhere. Called with no words of a ruleset's own, a builder gives the
// general words (`options.opt.<name>` in the app's catalogue); a ruleset's own words become
// `options.in.<ruleset>.<name>` there (../games/option-english.ts), so every translation keeps
// one text per meaning.

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
    question: 'May a move be played whose sowing would never end?',
    explain: {
      illegal: 'No; a player who has only such moves passes.',
      endTurnAtRepeat: 'Yes; the turn ends where the sowing starts repeating itself.',
      drawRound: p.drawRound ?? 'Yes; the round ends at once and is settled like a round that goes nowhere.',
    },
    ...withRefs(p.refs),
  };
}

/** `maxLapsPerTurn` (SPEC §8.2): the safety cap on laps in one sowing; reaching it counts as a perpetual move. */
export function maxLapsPerTurnOption(p: { min: number; refs?: readonly string[] }): IntegerOption {
  return {
    name: 'maxLapsPerTurn',
    kind: 'integer',
    min: p.min,
    max: 1_000_000,
    default: 10_000,
    question: 'How many laps may one sowing make before it counts as never-ending?',
    explain: {
      n_one: 'After {{count, number}} lap the sowing counts as never-ending.',
      n_other: 'After {{count, number}} laps the sowing counts as never-ending.',
    },
    ...withRefs(p.refs),
  };
}

/**
 * `maxTurnsPerRound` (SPEC §8.3): the turn cap of the round-stalemate guard.
 * @param scope 'game' for a ruleset played as a single round (Selus).
 */
export function maxTurnsPerRoundOption(p: { min: number; scope?: 'round' | 'game'; refs?: readonly string[] }): IntegerOption {
  const game = p.scope === 'game';
  return {
    name: 'maxTurnsPerRound',
    kind: 'integer',
    min: p.min,
    max: 1_000_000,
    default: 2000,
    question: `After how many turns is a ${game ? 'game' : 'round'} that goes nowhere stopped?`,
    explain: {
      n_one: `${game ? 'The game' : 'A round'} is stopped after {{count, number}} turn.`,
      n_other: `${game ? 'The game' : 'A round'} is stopped after {{count, number}} turns.`,
    },
    ...withRefs(p.refs),
  };
}

/**
 * `roundStalemate` (SPEC §8.3): how a round ended by a guard (threefold repetition, the turn cap,
 * and where the ruleset has it a double pass) is settled.
 * @param ownerTakes what `ownerTakes` means in the ruleset (who gets the counters, what follows).
 * @param draw what `draw` means (default: the match ends drawn).
 * @param scope 'game' for a ruleset played as a single round (Selus).
 */
export function roundStalemateOption(p: {
  ownerTakes?: string;
  draw?: string;
  scope?: 'round' | 'game';
  refs?: readonly string[];
}): ChoiceOption {
  return {
    name: 'roundStalemate',
    kind: 'choice',
    values: ROUND_STALEMATES,
    default: 'ownerTakes',
    question: `A ${p.scope === 'game' ? 'game' : 'round'} that keeps repeating itself or runs too long is stopped: how is it settled?`,
    explain: {
      ownerTakes: p.ownerTakes ?? 'Each player keeps the counters in his own holes, and the round is counted as usual.',
      draw: p.draw ?? 'The match ends in a draw.',
    },
    ...withRefs(p.refs),
  };
}

/**
 * `skipOriginOnLongLaps` (SPEC §1): does a lap long enough to come round again (as many counters
 * as the track has holes, or more) pass over its own starting hole?
 * @param unit what one counter is called ('counter', 'bean').
 */
export function skipOriginOption(p: { unit?: 'counter' | 'bean'; refs?: readonly string[] }): BooleanOption {
  return {
    name: 'skipOriginOnLongLaps',
    kind: 'boolean',
    default: false,
    question: 'When a sowing goes all the way round, does it skip the hole it started from?',
    explain: {
      true: 'Yes: the starting hole is passed over.',
      false: `No: the starting hole gets a ${p.unit ?? 'counter'} like any other.`,
    },
    ...withRefs(p.refs),
  };
}

/**
 * `rounds`: 0 = play the match to its end; N = the match ends after N rounds, the larger total wins.
 * @param untilEnd the answer of 0: how the match ends by the rules ('Play until one player owns every hole.').
 */
export function roundsOption(p: { untilEnd?: string; max?: number; refs?: readonly string[] }): IntegerOption {
  return {
    name: 'rounds',
    kind: 'integer',
    min: 0,
    max: p.max ?? 10_000,
    default: 0,
    question: 'How many rounds?',
    explain: {
      '0': p.untilEnd ?? 'Play until the match is won.',
      n_one: 'Play {{count, number}} round; the larger total then wins.',
      n_other: 'Play {{count, number}} rounds; the larger total then wins.',
    },
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
    question: 'Who makes the first move of the match?',
    explain: {
      P1: 'Player 1 moves first.',
      P2: 'Player 2 moves first.',
      ...(three ? { P3: 'Player 3 moves first.' } : {}),
      random: 'Chosen by lot when the game starts.',
    },
    ...withRefs(p.refs),
  };
}

/**
 * `roundStarter`: who makes the first turn of rounds after the first.
 * @param loser / winner how the ruleset tells the loser and winner of a round.
 */
export function roundStarterOption(p: { loser?: string; winner?: string; refs?: readonly string[] }): ChoiceOption {
  return {
    name: 'roundStarter',
    kind: 'choice',
    values: ROUND_STARTERS,
    default: 'alternate',
    question: 'Who starts each new round?',
    explain: {
      alternate: 'The players take turns to start the rounds.',
      loser: p.loser ?? 'The player who did worst in the last round starts the next.',
      winner: p.winner ?? 'The player who did best in the last round starts the next.',
    },
    ...withRefs(p.refs),
  };
}

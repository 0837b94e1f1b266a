/**
 * What the notation subcommands share: flag parsing (node's util.parseArgs), building a game
 * from `<ruleset> --option name=value --preset NAME --players N`, reading a `<position>`
 * argument (text, JSON, `start`, or `-` for stdin), and printing errors with their codes.
 *
 * Exit codes: 0 done; 1 the input was understood but is wrong (malformed position, illegal
 * move); 2 usage (unknown flag, missing argument, unknown ruleset or option).
 */
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { parseArgs } from 'node:util';
import { err, type GabataError, type Game, ok, type Result, type Ruleset, type State } from '@gabata/engine/core';
import { getRuleset } from '@gabata/engine/games';
import { parseAnyPosition } from '@gabata/engine/notation';

export const EXIT_OK = 0;
export const EXIT_INPUT = 1;
export const EXIT_USAGE = 2;

/** Codes that mean the command line itself was wrong (exit 2) rather than a position or move (exit 1). */
const USAGE_CODES = new Set(['ERR_ARGUMENT', 'ERR_UNKNOWN_RULESET', 'ERR_OPTION']);

export function exitCodeOf(e: GabataError): number {
  return USAGE_CODES.has(e.code) ? EXIT_USAGE : EXIT_INPUT;
}

/** Prints `gabata <command>: CODE: message (at where)` on stderr and returns the exit code. */
export function fail(command: string, e: GabataError, hint?: string): number {
  process.stderr.write(`gabata ${command}: ${e.code}: ${e.message}\n${hint ? hint + '\n' : ''}`);
  return exitCodeOf(e);
}

export interface CommonArgs {
  readonly json: boolean;
  readonly help: boolean;
  /** `--option name=value` pairs in order given. */
  readonly options: Record<string, string>;
  readonly preset?: string;
  readonly players?: number;
  readonly seed?: number;
  readonly positionals: string[];
  /** Any command-specific string flags. */
  readonly extra: Record<string, string | undefined>;
}

/**
 * Parses the flags every notation command understands plus `extraStrings` (command-specific
 * string flags). Unknown flags are usage errors.
 */
export function parseCommon(args: string[], extraStrings: readonly string[] = []): Result<CommonArgs> {
  const spec: Record<string, { type: 'string' | 'boolean'; multiple?: boolean; short?: string }> = {
    json: { type: 'boolean' },
    help: { type: 'boolean', short: 'h' },
    option: { type: 'string', multiple: true, short: 'o' },
    preset: { type: 'string' },
    players: { type: 'string' },
    seed: { type: 'string' },
  };
  for (const name of extraStrings) spec[name] = { type: 'string' };
  let parsed: ReturnType<typeof parseArgs>;
  try {
    parsed = parseArgs({ args, options: spec, allowPositionals: true, strict: true });
  } catch (e) {
    return err('ERR_ARGUMENT', (e as Error).message);
  }
  const v = parsed.values as Record<string, string | string[] | boolean | undefined>;
  // No prototype: a name like `__proto__` must stay a key (and be refused as an unknown option).
  const options: Record<string, string> = Object.create(null) as Record<string, string>;
  for (const kv of (v['option'] as string[] | undefined) ?? []) {
    const m = /^([^=\s]+)=(.*)$/.exec(kv);
    if (!m) return err('ERR_ARGUMENT', `--option takes name=value, not '${kv}'`, '--option');
    options[m[1]!] = m[2]!;
  }
  let players: number | undefined;
  if (v['players'] !== undefined) {
    const t = String(v['players']);
    if (!/^\d+$/.test(t)) return err('ERR_ARGUMENT', `--players takes a number, not '${t}'`, '--players');
    players = Number(t);
  }
  let seed: number | undefined;
  if (v['seed'] !== undefined) {
    const t = String(v['seed']);
    if (!/^\d{1,15}$/.test(t)) return err('ERR_ARGUMENT', `--seed takes a non-negative integer, not '${t}'`, '--seed');
    seed = Number(t);
  }
  const extra: Record<string, string | undefined> = {};
  for (const name of extraStrings) extra[name] = v[name] as string | undefined;
  const out: { -readonly [K in keyof CommonArgs]: CommonArgs[K] } = {
    json: v['json'] === true,
    help: v['help'] === true,
    options,
    positionals: parsed.positionals,
    extra,
  };
  if (typeof v['preset'] === 'string') out.preset = v['preset'];
  if (players !== undefined) out.players = players;
  if (seed !== undefined) out.seed = seed;
  return ok(out);
}

/** True when the flags chose options (they apply only to `start` positions). */
export function hasGameFlags(a: CommonArgs): boolean {
  return Object.keys(a.options).length > 0 || a.preset !== undefined || a.players !== undefined;
}

export function findRuleset(name: string | undefined): Result<Ruleset> {
  if (name === undefined) return err('ERR_ARGUMENT', 'a ruleset is required (see gabata rulesets)', '<ruleset>');
  return getRuleset(name);
}

/** Builds the game of `--option`, `--preset` and `--players`. */
export function makeGame(ruleset: Ruleset, a: CommonArgs): Result<Game> {
  const given: Record<string, unknown> = { ...a.options };
  if (a.preset !== undefined) given['preset'] = a.preset;
  if (a.players !== undefined) {
    if (ruleset.options.some((o) => o.name === 'players')) given['players'] = String(a.players);
    else if (!ruleset.info.players.includes(a.players)) {
      return err(
        'ERR_OPTION',
        `${ruleset.info.id} is played by ${ruleset.info.players.join(' or ')} players, not ${a.players}`,
        '--players',
      );
    }
  }
  const notes: string[] = [];
  const made = ruleset.create(given, notes);
  warnNotes(notes);
  return made;
}

/**
 * Prints, on stderr, how option values of the rules before SPEC §12 were read (e.g. Selus
 * `concession=true` as `scored`): they are accepted, never silently.
 */
export function warnNotes(notes: readonly string[] | undefined): void {
  for (const n of notes ?? []) process.stderr.write(`warning: ${n}\n`);
}

/** Worker threads of simulate and tournament when none are asked for: one per core. */
export const DEFAULT_WORKERS = Math.max(1, availableParallelism());

/**
 * Most worker threads simulate and tournament start: twice the cores. Each worker is a V8
 * isolate of roughly 10 MB (64 workers for 64 Selus games took 743 MB) and more threads than
 * cores only share them, so a larger count costs memory and buys nothing.
 */
export const MAX_WORKERS = 2 * DEFAULT_WORKERS;

/** Reads `--workers K` (0 = the main thread, 1..MAX_WORKERS threads; default one per core). */
export function parseWorkers(text: string | undefined): Result<number> {
  if (text === undefined) return ok(DEFAULT_WORKERS);
  if (!/^\d{1,9}$/.test(text)) return err('ERR_ARGUMENT', `--workers takes a whole number, not '${text}'`, '--workers');
  const k = Number(text);
  if (k > MAX_WORKERS) {
    return err(
      'ERR_ARGUMENT',
      `--workers ${k} is more than the ${MAX_WORKERS} this machine allows (twice its ${DEFAULT_WORKERS} cores); ` +
        'more threads than cores only cost memory',
      '--workers',
    );
  }
  return ok(k);
}

/** Default seed of `start` and `play` when none is given (every run is reproducible). */
export const DEFAULT_SEED = 1;

/**
 * Reads a `<position>` argument: `start` (the initial position of the game the flags describe),
 * `-` (the position read from stdin), or the text or JSON form.
 */
export function readPosition(ruleset: Ruleset, arg: string | undefined, a: CommonArgs): Result<{ game: Game; state: State }> {
  if (arg === undefined) return err('ERR_ARGUMENT', 'a position is required (text, JSON, or start)', '<position>');
  if (arg === 'start') {
    const g = makeGame(ruleset, a);
    if (!g.ok) return g;
    return ok({ game: g.value, state: g.value.newState(a.seed ?? DEFAULT_SEED) });
  }
  if (hasGameFlags(a) || a.seed !== undefined) {
    return err(
      'ERR_ARGUMENT',
      'options, preset, players and seed apply only to the position `start`; a given position carries its own',
      '<position>',
    );
  }
  let text = arg;
  if (arg === '-') {
    try {
      text = readFileSync(0, 'utf8');
    } catch (e) {
      return err('ERR_ARGUMENT', `cannot read the position from stdin: ${(e as Error).message}`, '<position>');
    }
  }
  return parseAnyPosition(text, { expect: ruleset });
}

export function printJSON(x: unknown): void {
  process.stdout.write(JSON.stringify(x, null, 2) + '\n');
}

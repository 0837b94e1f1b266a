/**
 * Positions as text and as JSON: everything needed to continue a match exactly (board, owners,
 * marks, off-board piles, whose move, phase, round and turn counters, race fields, the
 * ruleset's own fields, the seeded generator and the round-stalemate history).
 *
 * ## Text form (one line, space-separated tokens)
 *
 * ```
 * gabata-adowa 3.3.3.3.3.3/3.3.3.3.3.3/3.3.3.3.3.3 o:111111/222111/222222 c:0,0 m:1 ph:play r:1 t:0 ply:0 rs:1 rng:6f0e...
 * gabata-aksum(players=3,captureGate=none) 0.4w1.3...
 * ```
 *
 * 1. `ruleset` or `ruleset(name=value,...)`: the ruleset id (aliases accepted) and the options
 *    that differ from their defaults.
 * 2. The board: the count of each hole in hole-index order (SPEC numbering), separated by `.`;
 *    `/` separates the rows of the geometry (cosmetic: the parser accepts `.` or `/` anywhere).
 *    A marked hole (wegue, nedf) carries `w` and its owner: `4w1` (`n` and `*` are read as `w`).
 * 3. `key:value` fields, in any order, each at most once:
 *    `o:` owner digit of each hole (`/` between rows allowed) · `c:` captured (hand or store) by
 *    player, comma-separated, player 1 first · `m:` player to move (0 = simultaneous node or
 *    over) · `ph:` phase (play, continue, choose, race, over) · `r:` round · `t:` turns begun in
 *    the round · `ply:` decisions since the start · `rs:` round starter · `rng:` the generator
 *    (32 hex digits).
 *    Written only when not at their default: `rv:` reserve by player (0s) · `a:` active flag
 *    digit by player (all 1) · `sc:` scores (0s) · `ps:` consecutive passes (0) · `rh:`/`rc:`/`rd:`
 *    race hand / cursor / finishing place by player (0s / -1s / 0s) · `rt:` race ticks (0) ·
 *    `rw:` race winner (0) · `w:` winner (-1 ongoing, 0 draw, p) · `er:` end reason (none) ·
 *    `ge:` guard-ended rounds (0) · `x:` the ruleset's own fields, compact JSON (whitespace
 *    inside strings escaped as \uXXXX) · `h:` the stalemate history, `length:key.key...`
 *    (the recorded-turn count, then the kept keys as 8 hex digits in slot order: the history is
 *    a ring of HISTORY slots; empty).
 *    When parsing, a missing `o:` means the ruleset's initial owners, a missing `x:` whatever the
 *    ruleset's `extraFromJSON({})` makes of it, and any other missing field its default above
 *    (rng: seed 1). Option values other than [A-Za-z0-9_.+-] are %-escaped.
 *
 * ## JSON form
 *
 * `{ format: "gabata-position/1", ruleset, options (all, resolved), players, counts[hole],
 *    owners[hole], marks[hole], captured[], reserve[], active[] (0/1), scores[], toMove, phase,
 *    round, turn, ply, roundStarter, passes, race: {hand[], cursor[], done[], tick, winner},
 *    winner, endReason, guardEnds, extra: {...}, rng, history: {length, keys[]} }`.
 * Arrays by player (`captured`, `reserve`, `active`, `scores`, `race.*`) start with player 1
 * (index 0 = player 1). Only `counts` is required when parsing; other fields default as in the
 * text form. Unknown fields are errors (they are usually typos).
 *
 * Both forms are parsed into a `State` through one path and checked with `game.validate`;
 * `makePosition(parsePosition(t)) === t` for canonical text and JSON round-trips exactly.
 * A position is accepted only when it is reachable in kind: a finished match (`ph:over`) carries
 * a result (`w:`, `er:`, `sc:`) its rules give for the board and nobody to move; a match in play
 * has no winner, no scores yet and a legal move for whoever decides (no dead ends); a phase occurs
 * only under options that allow it; every `x:` field is known, integral and in range; the counters
 * (`r:`, `t:`, `ps:`, `ge:`) stay within what the options and the guards of SPEC §8 allow, and
 * before a round's first turn (`t:0`) its starter (`rs:`) is to move; the history (`h:`) is the
 * one the round-stalemate guard keeps (its newest key the position's own, no key three times in a
 * round that goes on); race places (`rd:`) are 1 and 2, the winner placed first. Anything else is
 * ERR_POSITION with the reason.
 */
import { err, ok, type Result } from '../core/errors.js';
import { MAX_MOVES, type Game, type Ruleset } from '../core/game.js';
import { defaultOptions, type OptionValue } from '../core/options.js';
import { END_REASONS, HISTORY, PHASE_OVER, PHASE_RACE, PHASES, State } from '../core/state.js';
import { getRuleset } from '../games/index.js';
import { bareMessage } from './move.js';

/** Finds a ruleset by name (the registry's `getRuleset` by default; tests pass their own). */
export type RulesetLookup = (name: string) => Result<Ruleset>;

export const POSITION_FORMAT = 'gabata-position/1';
/** Longest position text (or JSON) accepted. */
export const MAX_POSITION_TEXT = 100_000;
const INT32_MAX = 2147483647;

/** A game (ruleset with options) and a state of it. */
export interface Position {
  readonly game: Game;
  readonly state: State;
  /** How option values of the rules before SPEC §12 were read (absent when none were). */
  readonly notes?: readonly string[];
}

export interface PositionJSON {
  format: typeof POSITION_FORMAT;
  ruleset: string;
  options: Record<string, OptionValue>;
  players: number;
  counts: number[];
  owners: number[];
  marks: number[];
  captured: number[];
  reserve: number[];
  active: number[];
  scores: number[];
  toMove: number;
  phase: string;
  round: number;
  turn: number;
  ply: number;
  roundStarter: number;
  passes: number;
  race: { hand: number[]; cursor: number[]; done: number[]; tick: number; winner: number };
  winner: number;
  endReason: string;
  guardEnds: number;
  extra: Record<string, unknown>;
  rng: string;
  history: { length: number; keys: number[] };
}

const perPlayer = (a: ArrayLike<number>, players: number): number[] => Array.from(a).slice(1, players + 1);

/** The JSON form of a position (every field). */
export function positionToJSON(game: Game, s: State): PositionJSON {
  const n = Math.min(s.historyLength, HISTORY);
  return {
    format: POSITION_FORMAT,
    ruleset: game.ruleset.info.id,
    options: { ...game.options },
    players: s.players,
    counts: Array.from(s.counts),
    owners: Array.from(s.owners),
    marks: Array.from(s.marks),
    captured: perPlayer(s.captured, s.players),
    reserve: perPlayer(s.reserve, s.players),
    active: perPlayer(s.active, s.players),
    scores: perPlayer(s.scores, s.players),
    toMove: s.toMove,
    phase: PHASES[s.phase] ?? String(s.phase),
    round: s.round,
    turn: s.turn,
    ply: s.ply,
    roundStarter: s.roundStarter,
    passes: s.passes,
    race: {
      hand: perPlayer(s.raceHand, s.players),
      cursor: perPlayer(s.raceCursor, s.players),
      done: perPlayer(s.raceDone, s.players),
      tick: s.raceTick,
      winner: s.raceWinner,
    },
    winner: s.winner,
    endReason: END_REASONS[s.endReason] ?? String(s.endReason),
    guardEnds: s.guardEnds,
    extra: game.extraToJSON(s),
    rng: s.rng.save(),
    history: { length: s.historyLength, keys: Array.from(s.history.subarray(0, n)) },
  };
}

/** Separator before hole i in the board and owner strings: '/' where the geometry's row changes. */
function sep(game: Game, i: number): string {
  if (i === 0) return '';
  const r = game.geometry.holeRow;
  return r[i] !== r[i - 1] ? '/' : '.';
}

/** Compact JSON without any whitespace (so that it stays one token of the text form). */
function compactJSON(x: unknown): string {
  return JSON.stringify(x).replace(/\s/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** Option values stay one token: anything but [A-Za-z0-9_.+-] is written %XX (UTF-8). */
function escapeOptionValue(v: string): string {
  return v.replace(/[^A-Za-z0-9_.+-]/gu, (c) =>
    encodeURIComponent(c).replace(/[!'()*~]/g, (x) => `%${x.charCodeAt(0).toString(16).toUpperCase()}`),
  );
}

/** The options that differ from the ruleset's defaults, as `(name=value,...)` or ''. */
function optionsSuffix(game: Game): string {
  const defs = defaultOptions(game.ruleset.options);
  const parts: string[] = [];
  for (const [k, v] of Object.entries(game.options)) if (defs[k] !== v) parts.push(`${k}=${escapeOptionValue(String(v))}`);
  return parts.length ? `(${parts.join(',')})` : '';
}

/** The one-line text form of a position (canonical: defaults omitted, fields in a fixed order). */
export function makePosition(game: Game, s: State): string {
  const P = s.players;
  const board: string[] = [];
  const owners: string[] = [];
  for (let i = 0; i < s.holeCount; i++) {
    board.push(sep(game, i) + String(s.counts[i]) + (s.marks[i] ? `w${s.marks[i]}` : ''));
    owners.push((sep(game, i) === '/' ? '/' : '') + String(s.owners[i]));
  }
  const list = (a: ArrayLike<number>): string => perPlayer(a, P).join(',');
  const allAre = (a: ArrayLike<number>, v: number): boolean => perPlayer(a, P).every((x) => x === v);
  const t: string[] = [game.ruleset.info.id + optionsSuffix(game), board.join(''), `o:${owners.join('')}`, `c:${list(s.captured)}`];
  if (!allAre(s.reserve, 0)) t.push(`rv:${list(s.reserve)}`);
  if (!allAre(s.active, 1)) t.push(`a:${perPlayer(s.active, P).join('')}`);
  if (!allAre(s.scores, 0)) t.push(`sc:${list(s.scores)}`);
  t.push(`m:${s.toMove}`, `ph:${PHASES[s.phase] ?? s.phase}`, `r:${s.round}`, `t:${s.turn}`, `ply:${s.ply}`, `rs:${s.roundStarter}`);
  if (s.passes !== 0) t.push(`ps:${s.passes}`);
  if (!allAre(s.raceHand, 0)) t.push(`rh:${list(s.raceHand)}`);
  if (!allAre(s.raceCursor, -1)) t.push(`rc:${list(s.raceCursor)}`);
  if (!allAre(s.raceDone, 0)) t.push(`rd:${list(s.raceDone)}`);
  if (s.raceTick !== 0) t.push(`rt:${s.raceTick}`);
  if (s.raceWinner !== 0) t.push(`rw:${s.raceWinner}`);
  if (s.winner !== -1) t.push(`w:${s.winner}`);
  if (s.endReason !== 0) t.push(`er:${END_REASONS[s.endReason] ?? s.endReason}`);
  if (s.guardEnds !== 0) t.push(`ge:${s.guardEnds}`);
  const extra = game.extraToJSON(s);
  if (Object.keys(extra).length > 0) t.push(`x:${compactJSON(extra)}`);
  t.push(`rng:${s.rng.save()}`);
  if (s.historyLength > 0) {
    const keys = Array.from(s.history.subarray(0, Math.min(s.historyLength, HISTORY)), (k) => k.toString(16).padStart(8, '0'));
    t.push(`h:${s.historyLength}:${keys.join('.')}`);
  }
  return t.join(' ');
}

// ---------------------------------------------------------------------------------------------
// Parsing: text -> a partial JSON object (with where each field came from) -> State.

const isObject = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);

const JSON_KEYS = new Set([
  'format',
  'ruleset',
  'options',
  'players',
  'counts',
  'owners',
  'marks',
  'captured',
  'reserve',
  'active',
  'scores',
  'toMove',
  'phase',
  'round',
  'turn',
  'ply',
  'roundStarter',
  'passes',
  'race',
  'winner',
  'endReason',
  'guardEnds',
  'extra',
  'rng',
  'history',
]);
const RACE_KEYS = new Set(['hand', 'cursor', 'done', 'tick', 'winner']);

function checkInt(v: unknown, where: string, min: number, max: number): Result<number> {
  if (typeof v !== 'number' || !Number.isInteger(v))
    return err('ERR_POSITION', `${where} must be an integer, not ${JSON.stringify(v) ?? String(v)}`, where);
  if (v < min || v > max) return err('ERR_POSITION', `${where} must be between ${min} and ${max}, not ${v}`, where);
  return ok(v);
}

function checkIntArray(v: unknown, where: string, length: number, min: number, max: number): Result<number[]> {
  if (!Array.isArray(v)) return err('ERR_POSITION', `${where} must be an array of ${length} integers`, where);
  if (v.length !== length) return err('ERR_POSITION', `${where} must have ${length} entries, not ${v.length}`, where);
  for (let i = 0; i < v.length; i++) {
    const r = checkInt(v[i], `${where}[${i}]`, min, max);
    if (!r.ok) return r;
  }
  return ok(v as number[]);
}

/** Builds and validates a state from a JSON object (the one path both forms go through). */
function fromObject(o: Record<string, unknown>, lookup: RulesetLookup, expect: Ruleset | undefined): Result<Position> {
  const known = checkKnownFields(o);
  if (!known.ok) return known;
  const made = gameOf(o, lookup, expect);
  if (!made.ok) return made;
  const { game, notes } = made.value;
  const s = new State(game.players, game.geometry.holeCount);
  s.rng.seed(1);
  for (const read of [readBoard, readPiles, readScalars, readRace, readRngAndHistory, readExtra]) {
    const r = read(o, game, s);
    if (!r.ok) return r;
  }
  const flow = checkMatchFlow(game, s);
  if (!flow.ok) return flow;
  const v = game.validate(s);
  if (!v.ok) return err('ERR_POSITION', bareMessage(v.error), v.error.where);
  const live = checkHasMoves(game, s);
  if (!live.ok) return live;
  return ok(notes.length > 0 ? { game, state: s, notes } : { game, state: s });
}

/** Every field is one of `JSON_KEYS`, and the format (if given) is this one. */
function checkKnownFields(o: Record<string, unknown>): Result<true> {
  for (const k of Object.keys(o)) {
    if (!JSON_KEYS.has(k)) return err('ERR_POSITION', `unknown field '${k}'; fields: ${[...JSON_KEYS].join(', ')}`, k);
  }
  if (o['format'] !== undefined && o['format'] !== POSITION_FORMAT) {
    return err('ERR_POSITION', `unknown position format '${String(o['format'])}'; expected '${POSITION_FORMAT}'`, 'format');
  }
  return ok(true);
}

/** The game of the position's ruleset and options (with the notes its options left, e.g. old values read). */
function gameOf(o: Record<string, unknown>, lookup: RulesetLookup, expect: Ruleset | undefined): Result<{ game: Game; notes: string[] }> {
  let ruleset: Ruleset;
  if (o['ruleset'] === undefined) {
    if (!expect) return err('ERR_POSITION', 'the position does not name its ruleset', 'ruleset');
    ruleset = expect;
  } else {
    if (typeof o['ruleset'] !== 'string') return err('ERR_POSITION', 'ruleset must be a string (a ruleset id)', 'ruleset');
    const r = lookup(o['ruleset']);
    if (!r.ok) return err('ERR_POSITION', bareMessage(r.error), 'ruleset');
    ruleset = r.value;
    if (expect && expect !== ruleset) {
      return err('ERR_POSITION', `the position is of ruleset ${ruleset.info.id}, not ${expect.info.id}`, 'ruleset');
    }
  }
  const options = o['options'] ?? {};
  if (!isObject(options)) return err('ERR_POSITION', 'options must be an object of name: value', 'options');
  const notes: string[] = [];
  const created = ruleset.create(options, notes);
  if (!created.ok) return err('ERR_POSITION', bareMessage(created.error), `options${created.error.where ? '.' + created.error.where : ''}`);
  const game = created.value;
  const P = game.players;
  if (o['players'] !== undefined && o['players'] !== P) {
    return err('ERR_POSITION', `players is ${JSON.stringify(o['players'])} but the options give a ${P}-player game`, 'players');
  }
  return ok({ game, notes });
}

/** Sets `target[1..players]` from `v` when given (a per-player array field such as `captured`). */
function readPerPlayer(
  v: unknown,
  key: string,
  target: Int32Array | Uint8Array | Int8Array,
  players: number,
  min: number,
  max: number,
): Result<true> {
  if (v === undefined) return ok(true);
  const r = checkIntArray(v, key, players, min, max);
  if (!r.ok) return r;
  target.set(r.value, 1);
  return ok(true);
}

/** Sets an integer field from `v` when given. */
function readScalar(v: unknown, key: string, min: number, max: number, set: (v: number) => void): Result<true> {
  if (v === undefined) return ok(true);
  const r = checkInt(v, key, min, max);
  if (!r.ok) return r;
  set(r.value);
  return ok(true);
}

/** Sets a field written by name (a phase, an end reason) from `v` when given. */
function readNamed(v: unknown, key: string, names: readonly string[], set: (v: number) => void): Result<true> {
  if (v === undefined) return ok(true);
  const i = typeof v === 'string' ? names.indexOf(v) : -1;
  if (i < 0) return err('ERR_POSITION', `${key} must be one of ${names.join(', ')}, not ${JSON.stringify(v)}`, key);
  set(i);
  return ok(true);
}

/** Counts (required), owners (the starting owners when left out) and marks. */
function readBoard(o: Record<string, unknown>, game: Game, s: State): Result<true> {
  const H = game.geometry.holeCount;
  const P = game.players;
  if (o['counts'] === undefined) return err('ERR_POSITION', `counts (${H} holes) is missing`, 'counts');
  const counts = checkIntArray(o['counts'], 'counts', H, 0, INT32_MAX);
  if (!counts.ok) return counts;
  s.counts.set(counts.value);
  if (o['owners'] !== undefined) {
    const r = checkIntArray(o['owners'], 'owners', H, 0, P);
    if (!r.ok) return r;
    s.owners.set(r.value);
  } else {
    s.owners.set(game.newState(1).owners);
  }
  if (o['marks'] !== undefined) {
    const r = checkIntArray(o['marks'], 'marks', H, 0, P);
    if (!r.ok) return r;
    s.marks.set(r.value);
  }
  return ok(true);
}

/** What each player holds off the board, whether he is still in, and his scores. */
function readPiles(o: Record<string, unknown>, game: Game, s: State): Result<true> {
  for (const [key, target, min, max] of [
    ['captured', s.captured, 0, INT32_MAX],
    ['reserve', s.reserve, 0, INT32_MAX],
    ['active', s.active, 0, 1],
    // A score is a count of counters (a hand, wegues, a store): never negative.
    ['scores', s.scores, 0, INT32_MAX],
  ] as const) {
    const r = readPerPlayer(o[key], key, target, game.players, min, max);
    if (!r.ok) return r;
  }
  return ok(true);
}

/** Who moves, the phase, the counters of the match and its result. */
function readScalars(o: Record<string, unknown>, game: Game, s: State): Result<true> {
  const P = game.players;
  const steps: readonly (() => Result<true>)[] = [
    () => readScalar(o['toMove'], 'toMove', 0, P, (v) => (s.toMove = v)),
    () => readNamed(o['phase'], 'phase', PHASES, (v) => (s.phase = v)),
    () => readScalar(o['round'], 'round', 1, INT32_MAX, (v) => (s.round = v)),
    () => readScalar(o['turn'], 'turn', 0, INT32_MAX, (v) => (s.turn = v)),
    () => readScalar(o['ply'], 'ply', 0, INT32_MAX, (v) => (s.ply = v)),
    () => readScalar(o['roundStarter'], 'roundStarter', 1, P, (v) => (s.roundStarter = v)),
    () => readScalar(o['passes'], 'passes', 0, INT32_MAX, (v) => (s.passes = v)),
    () => readScalar(o['winner'], 'winner', -1, P, (v) => (s.winner = v)),
    () => readNamed(o['endReason'], 'endReason', END_REASONS, (v) => (s.endReason = v)),
    () => readScalar(o['guardEnds'], 'guardEnds', 0, INT32_MAX, (v) => (s.guardEnds = v)),
  ];
  return runSteps(steps);
}

/** Runs field readers in order; the first error stops them (so the first problem is the one reported). */
function runSteps(steps: readonly (() => Result<true>)[]): Result<true> {
  for (const step of steps) {
    const r = step();
    if (!r.ok) return r;
  }
  return ok(true);
}

/** The race's hands, cursors, finishers, tick and winner (`race`), when given. */
function readRace(o: Record<string, unknown>, game: Game, s: State): Result<true> {
  const race = o['race'];
  if (race === undefined) return ok(true);
  if (!isObject(race)) return err('ERR_POSITION', 'race must be an object {hand, cursor, done, tick, winner}', 'race');
  for (const k of Object.keys(race)) {
    if (!RACE_KEYS.has(k)) return err('ERR_POSITION', `unknown field '${k}' in race; fields: ${[...RACE_KEYS].join(', ')}`, `race.${k}`);
  }
  const P = game.players;
  const H = game.geometry.holeCount;
  const steps: readonly (() => Result<true>)[] = [
    () => readPerPlayer(race['hand'], 'race.hand', s.raceHand, P, 0, INT32_MAX),
    () => readPerPlayer(race['cursor'], 'race.cursor', s.raceCursor, P, -1, H - 1),
    () => readPerPlayer(race['done'], 'race.done', s.raceDone, P, 0, P),
    () => readScalar(race['tick'], 'race.tick', 0, INT32_MAX, (v) => (s.raceTick = v)),
    () => readScalar(race['winner'], 'race.winner', 0, P, (v) => (s.raceWinner = v)),
  ];
  return runSteps(steps);
}

/** The generator state and the recent position keys (for the perpetual-move test). */
function readRngAndHistory(o: Record<string, unknown>, _game: Game, s: State): Result<true> {
  if (o['rng'] !== undefined) {
    if (typeof o['rng'] !== 'string' || !s.rng.load(o['rng'])) {
      return err('ERR_POSITION', 'rng must be 32 lower-case hex digits (the generator state)', 'rng');
    }
  }
  const hist = o['history'];
  if (hist === undefined) return ok(true);
  if (!isObject(hist)) return err('ERR_POSITION', 'history must be an object {length, keys}', 'history');
  for (const k of Object.keys(hist)) {
    if (k !== 'length' && k !== 'keys') return err('ERR_POSITION', `unknown field '${k}' in history`, `history.${k}`);
  }
  const len = checkInt(hist['length'], 'history.length', 0, INT32_MAX);
  if (!len.ok) return len;
  const keys = checkIntArray(hist['keys'], 'history.keys', Math.min(len.value, HISTORY), 0, 0xffffffff);
  if (!keys.ok) return keys;
  s.history.set(keys.value);
  s.historyLength = len.value;
  return ok(true);
}

/** The ruleset's own fields (`extra`), read by the ruleset. */
function readExtra(o: Record<string, unknown>, game: Game, s: State): Result<true> {
  // Called even without `extra`: a ruleset fills in what an absent field means for it.
  const extra = o['extra'] ?? {};
  if (!isObject(extra)) return err('ERR_POSITION', 'extra must be an object', 'extra');
  const ex = game.extraFromJSON(s, extra);
  if (!ex.ok) {
    const w = ex.error.where;
    return err('ERR_POSITION', bareMessage(ex.error), w === undefined ? 'extra' : w.startsWith('extra') ? w : `extra.${w}`);
  }
  return ok(true);
}

/**
 * What every ruleset's states share (see `State`): a finished match has a result (a winner or a
 * draw, a reason) and nobody to move; a match in play has no winner; a simultaneous node has
 * nobody to move alone and any other node one active player. The ruleset's `validate` then
 * checks that the result is the one its rules give for the board.
 */
function checkMatchFlow(game: Game, s: State): Result<true> {
  const P = game.players;
  const phase = PHASES[s.phase];
  if (s.phase === PHASE_OVER) {
    if (s.winner < 0)
      return err('ERR_POSITION', `a finished match (ph:over) has a result: winner 0 (draw) or 1..${P}, not ${s.winner}`, 'winner');
    if (s.toMove !== 0) return err('ERR_POSITION', `nobody is to move in a finished match: toMove must be 0, not ${s.toMove}`, 'toMove');
    if (END_REASONS[s.endReason] === 'none')
      return err('ERR_POSITION', 'a finished match says why it ended: endReason cannot be none', 'endReason');
    // Each round ended by a guard at most once, and the match by a guard of its own at most once more.
    if (s.guardEnds > s.round + 1) {
      return err(
        'ERR_POSITION',
        `guardEnds counts rounds a guard ended: at most ${s.round + 1} in round ${s.round}, not ${s.guardEnds}`,
        'guardEnds',
      );
    }
    return ok(true);
  }
  if (s.winner !== -1)
    return err(
      'ERR_POSITION',
      `a match in phase ${phase} has no winner yet: winner must be -1 (or the phase over), not ${s.winner}`,
      'winner',
    );
  // endReason and guardEnds tell how earlier rounds ended: in the first round there were none.
  if (s.round === 1 && END_REASONS[s.endReason] !== 'none') {
    return err('ERR_POSITION', `no round has ended yet in round 1: endReason must be none, not ${END_REASONS[s.endReason]}`, 'endReason');
  }
  if (s.round === 1 && s.guardEnds !== 0)
    return err('ERR_POSITION', `no round has ended yet in round 1: guardEnds must be 0, not ${s.guardEnds}`, 'guardEnds');
  if (s.guardEnds > s.round - 1) {
    const most = `at most the ${s.round - 1} round(s) before round ${s.round}`;
    return err('ERR_POSITION', `guardEnds counts the rounds a guard ended: ${most}, not ${s.guardEnds}`, 'guardEnds');
  }
  // Scores are written when the match ends (every ruleset's `finish`).
  for (let p = 1; p <= P; p++) {
    if (s.scores[p] !== 0) {
      const scores = perPlayer(s.scores, P).join(',');
      return err(
        'ERR_POSITION',
        `scores are the final scores of a finished match: they are 0 while it is in play, not ${scores}`,
        'scores',
      );
    }
  }
  if (s.phase === PHASE_RACE) {
    if (s.toMove !== 0) return err('ERR_POSITION', `the race is a simultaneous node: toMove must be 0, not ${s.toMove}`, 'toMove');
    return ok(true);
  }
  if (s.toMove < 1 || s.toMove > P || !s.active[s.toMove]) {
    return err('ERR_POSITION', `in phase ${phase} an active player 1..${P} is to move, not ${s.toMove}`, 'toMove');
  }
  return ok(true);
}

/** A match in play is never a dead end: whoever is to decide has a legal move (a pass counts). */
function checkHasMoves(game: Game, s: State): Result<true> {
  if (s.phase === PHASE_OVER) return ok(true);
  const buf = new Int32Array(MAX_MOVES);
  if (s.phase === PHASE_RACE) {
    for (let p = 1; p <= game.players; p++) {
      if (s.active[p] && game.legalMovesFor(s, p, buf) === 0) {
        return err('ERR_POSITION', `player ${p} has no legal choice at this simultaneous node: the position cannot occur`, 'phase');
      }
    }
    return ok(true);
  }
  if (game.legalMoves(s, buf) === 0) {
    return err(
      'ERR_POSITION',
      `player ${s.toMove} is to move in phase ${PHASES[s.phase]} but has no legal move: the position cannot occur`,
      'phase',
    );
  }
  return ok(true);
}

/**
 * Parses the JSON form (text or an already-parsed object). `expect`, when given, is the ruleset
 * the position must be of (and the one used when the JSON does not name one).
 */
export function parsePositionJSON(input: unknown, opts: ParsePositionOptions = {}): Result<Position> {
  let o = input;
  if (typeof input === 'string') {
    if (input.length > MAX_POSITION_TEXT) return err('ERR_POSITION', `position text is too long (${input.length} characters)`, 'position');
    try {
      o = JSON.parse(input);
    } catch (e) {
      return err('ERR_POSITION', `not valid JSON: ${(e as Error).message}`, 'json');
    }
  }
  if (!isObject(o)) return err('ERR_POSITION', 'a JSON position is an object with at least counts', 'json');
  return fromObject(o, opts.lookup ?? getRuleset, opts.expect);
}

export interface ParsePositionOptions {
  /** The ruleset the position must be of; a text or JSON that names none is taken to be of it. */
  readonly expect?: Ruleset;
  /** Where ruleset names are looked up (default: the registry). */
  readonly lookup?: RulesetLookup;
}

const CSV_FIELDS: Record<string, string> = {
  c: 'captured',
  rv: 'reserve',
  sc: 'scores',
  rh: 'race.hand',
  rc: 'race.cursor',
  rd: 'race.done',
};
const INT_FIELDS: Record<string, string> = {
  m: 'toMove',
  r: 'round',
  t: 'turn',
  ply: 'ply',
  rs: 'roundStarter',
  ps: 'passes',
  rt: 'race.tick',
  rw: 'race.winner',
  w: 'winner',
  ge: 'guardEnds',
};
const TEXT_KEYS = ['o', 'a', 'ph', 'er', 'x', 'rng', 'h', ...Object.keys(CSV_FIELDS), ...Object.keys(INT_FIELDS)];
const INT_TEXT = /^-?\d{1,12}$/;
const HOLE_TEXT = /^(\d{1,10})(?:[wWnN*]([1-9]))?$/;

/** What the text form's tokens build: the JSON object, and for each field the token it came from. */
interface TextParse {
  readonly tokens: readonly string[];
  readonly o: Record<string, unknown>;
  readonly race: Record<string, unknown>;
  /** JSON field -> the text token it came from, so errors point at what the user wrote. */
  readonly origin: Map<string, string>;
}

function tokenWhere(t: TextParse, i: number): string {
  const tok = t.tokens[i]!;
  return `token ${i + 1} '${tok.length > 40 ? tok.slice(0, 40) + '...' : tok}'`;
}

/** 1. `ruleset` or `ruleset(name=value,...)`; returns the index of the next token. */
function parseRulesetToken(t: TextParse, opts: ParsePositionOptions): Result<number> {
  if (/^\d/.test(t.tokens[0]!)) {
    if (!opts.expect) return err('ERR_POSITION', 'the position must start with its ruleset id', tokenWhere(t, 0));
    return ok(0);
  }
  const where = tokenWhere(t, 0);
  const m = /^([^()\s]+)(?:\((.*)\))?$/.exec(t.tokens[0]!);
  if (!m) return err('ERR_POSITION', `the first token is 'ruleset' or 'ruleset(name=value,...)'`, where);
  t.o['ruleset'] = m[1];
  t.origin.set('ruleset', where);
  // No prototype: a name like `__proto__` must stay a key (and be refused as an unknown option).
  const options: Record<string, string> = Object.create(null) as Record<string, string>;
  if (m[2] !== undefined && m[2] !== '') {
    for (const part of m[2].split(',')) {
      const kv = /^([A-Za-z][A-Za-z0-9_]*)=([^=]*)$/.exec(part);
      if (!kv) return err('ERR_POSITION', `option '${part}' is not name=value`, where);
      if (Object.hasOwn(options, kv[1]!)) return err('ERR_POSITION', `option ${kv[1]} is given twice`, where);
      let value: string;
      try {
        value = decodeURIComponent(kv[2]!);
      } catch {
        return err('ERR_POSITION', `option ${kv[1]}: bad %-escape in '${kv[2]}'`, where);
      }
      options[kv[1]!] = value;
    }
  }
  t.o['options'] = options;
  t.origin.set('options', where);
  return ok(1);
}

/** 2. The board: every hole's count, `.` between holes, `/` between rows, marks like `4w1`. */
function parseBoardToken(t: TextParse, i: number): Result<number> {
  if (i >= t.tokens.length) return err('ERR_POSITION', 'the board (counts of every hole) is missing', 'board');
  const holes = t.tokens[i]!.split(/[./]/);
  const counts: number[] = [];
  const marks: number[] = [];
  for (let h = 0; h < holes.length; h++) {
    const m = HOLE_TEXT.exec(holes[h]!);
    if (!m) {
      const what = `hole ${h}: '${holes[h]}' is not a count, or a count with a mark like 4w1`;
      return err('ERR_POSITION', what, `${tokenWhere(t, i)}, hole ${h}`);
    }
    counts.push(Number(m[1]));
    marks.push(m[2] === undefined ? 0 : Number(m[2]));
  }
  t.o['counts'] = counts;
  t.o['marks'] = marks;
  t.origin.set('counts', tokenWhere(t, i));
  t.origin.set('marks', tokenWhere(t, i));
  return ok(i + 1);
}

/** The JSON value of one `key:value` field, or an error naming the key. */
function fieldValue(key: string, val: string, where: string): Result<[string, unknown]> {
  if (key in CSV_FIELDS) {
    const parts = val.split(',');
    if (!parts.every((p) => INT_TEXT.test(p))) {
      return err('ERR_POSITION', `${key}: must be integers separated by commas, one per player`, where);
    }
    return ok([CSV_FIELDS[key]!, parts.map(Number)]);
  }
  if (key in INT_FIELDS) {
    if (!INT_TEXT.test(val)) return err('ERR_POSITION', `${key}: must be an integer`, where);
    return ok([INT_FIELDS[key]!, Number(val)]);
  }
  switch (key) {
    case 'o':
      if (!/^[0-9/]+$/.test(val)) return err('ERR_POSITION', 'o: must be one owner digit per hole (0 = nobody, 1..3)', where);
      return ok(['owners', [...val.replace(/\//g, '')].map(Number)]);
    case 'a':
      if (!/^[01]+$/.test(val)) return err('ERR_POSITION', 'a: must be one digit (1 active, 0 eliminated) per player', where);
      return ok(['active', [...val].map(Number)]);
    case 'ph':
      return ok(['phase', val]);
    case 'er':
      return ok(['endReason', val]);
    case 'rng':
      return ok(['rng', val]);
    case 'x':
      try {
        return ok(['extra', JSON.parse(val) as unknown]);
      } catch (e) {
        return err('ERR_POSITION', `x: must be compact JSON: ${(e as Error).message}`, where);
      }
    default: {
      // 'h': the repetition history.
      const m = /^(\d{1,10}):((?:[0-9a-f]{8})(?:\.[0-9a-f]{8})*)?$/.exec(val);
      if (!m) return err('ERR_POSITION', 'h: must be length:key.key... with each key 8 hex digits', where);
      const keys = m[2] ? m[2].split('.').map((k) => parseInt(k, 16)) : [];
      return ok(['history', { length: Number(m[1]), keys }]);
    }
  }
}

/** 3. The `key:value` fields from token `i` on. */
function parseFieldTokens(t: TextParse, from: number): Result<true> {
  const seen = new Set<string>();
  for (let i = from; i < t.tokens.length; i++) {
    const tok = t.tokens[i]!;
    const c = tok.indexOf(':');
    const key = c < 0 ? tok : tok.slice(0, c);
    const where = tokenWhere(t, i);
    if (c < 0 || !TEXT_KEYS.includes(key)) {
      const what = `'${tok.slice(0, 40)}' is not a field; fields are key:value with key one of ${TEXT_KEYS.join(' ')}`;
      return err('ERR_POSITION', what, where);
    }
    if (seen.has(key)) return err('ERR_POSITION', `field ${key}: is given twice`, where);
    seen.add(key);
    const v = fieldValue(key, tok.slice(c + 1), where);
    if (!v.ok) return v;
    const [field, value] = v.value;
    if (field.startsWith('race.')) {
      t.race[field.slice(5)] = value;
      t.o['race'] = t.race;
    } else t.o[field] = value;
    t.origin.set(field, where);
  }
  return ok(true);
}

/** Parses the one-line text form. */
export function parsePosition(text: unknown, opts: ParsePositionOptions = {}): Result<Position> {
  if (typeof text !== 'string') return err('ERR_POSITION', `a position must be text, not ${typeof text}`, 'position');
  if (text.length > MAX_POSITION_TEXT) return err('ERR_POSITION', `position text is too long (${text.length} characters)`, 'position');
  const tokens = text
    .trim()
    .split(/\s+/)
    .filter((x) => x !== '');
  if (tokens.length === 0) return err('ERR_POSITION', 'empty position', 'position');
  const t: TextParse = { tokens, o: {}, race: {}, origin: new Map() };
  const head = parseRulesetToken(t, opts);
  if (!head.ok) return head;
  const board = parseBoardToken(t, head.value);
  if (!board.ok) return board;
  const fields = parseFieldTokens(t, board.value);
  if (!fields.ok) return fields;
  const r = fromObject(t.o, opts.lookup ?? getRuleset, opts.expect);
  if (r.ok) return r;
  // Point at the token the offending field came from.
  const w = r.error.where ?? '';
  const field = [...t.origin.keys()]
    .sort((a, b) => b.length - a.length)
    .find((f) => w === f || w.startsWith(f + '[') || w.startsWith(f + '.'));
  return err('ERR_POSITION', bareMessage(r.error), field ? `${t.origin.get(field)} (${w})` : w || undefined);
}

/**
 * Parses a position in either form: JSON when it starts with `{`, text otherwise. This is what
 * tools accept as a `<position>` argument.
 */
export function parseAnyPosition(text: unknown, opts: ParsePositionOptions = {}): Result<Position> {
  if (typeof text === 'string' && text.trimStart().startsWith('{')) return parsePositionJSON(text, opts);
  if (isObject(text)) return parsePositionJSON(text, opts);
  return parsePosition(text, opts);
}

/** The first field in which two states differ (null when equal): for tests and diagnostics. */
export function diffStates(a: State, b: State): string | null {
  if (a.players !== b.players) return 'players';
  if (a.holeCount !== b.holeCount) return 'holeCount';
  const arrays = [
    'counts',
    'owners',
    'marks',
    'captured',
    'reserve',
    'active',
    'scores',
    'raceHand',
    'raceCursor',
    'raceDone',
    'aux',
  ] as const;
  for (const k of arrays) {
    const x = a[k];
    const y = b[k];
    for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return `${k}[${i}]`;
  }
  const scalars = [
    'historyLength',
    'toMove',
    'phase',
    'round',
    'turn',
    'ply',
    'roundStarter',
    'passes',
    'raceTick',
    'raceWinner',
    'winner',
    'endReason',
    'guardEnds',
  ] as const;
  for (const k of scalars) if (a[k] !== b[k]) return k;
  for (let i = 0; i < Math.min(a.historyLength, HISTORY); i++) if (a.history[i] !== b.history[i]) return `history[${i}]`;
  if (a.rng.save() !== b.rng.save()) return 'rng';
  return null;
}

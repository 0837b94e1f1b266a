/**
 * The one path both forms of a position go through: a JSON object (parsed JSON, or what the
 * text form's tokens build) is read field by field into a `State`, then checked: the fields
 * known, the match flow (a result only when over, someone to move when not), the ruleset's own
 * `validate`, and a legal move for whoever decides. See `position.ts` for the forms.
 */
import { err, ok, type Result } from '../core/errors.js';
import { MAX_MOVES, type Game, type Ruleset } from '../core/game.js';
import { END_REASONS, HISTORY, LEGACY_END_REASONS, legacyEndReason, PHASE_OVER, PHASE_RACE, PHASES, State } from '../core/state.js';
import { bareMessage } from './move.js';

/** Finds a ruleset by name (the registry's `getRuleset` by default; tests pass their own). */
export type RulesetLookup = (name: string) => Result<Ruleset>;

export const POSITION_FORMAT = 'gabata-position/1';
const INT32_MAX = 2147483647;

/** A game (ruleset with options) and a state of it. */
export interface Position {
  readonly game: Game;
  readonly state: State;
  /** How option values of the rules before SPEC §12 were read (absent when none were). */
  readonly notes?: readonly string[];
}

export interface ParsePositionOptions {
  /** The ruleset the position must be of; a text or JSON that names none is taken to be of it. */
  readonly expect?: Ruleset;
  /** Where ruleset names are looked up (default: the registry). */
  readonly lookup?: RulesetLookup;
}

/** Player 1..players of a per-player array (index 0 unused), as a plain array. */
export const perPlayer = (a: ArrayLike<number>, players: number): number[] => Array.from(a).slice(1, players + 1);

export const isObject = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);

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
export function fromObject(o: Record<string, unknown>, lookup: RulesetLookup, expect: Ruleset | undefined): Result<Position> {
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
  const reason = o['endReason'];
  if (typeof reason === 'string' && Object.hasOwn(LEGACY_END_REASONS, reason)) {
    notes.push(`endReason ${String(reason)} (the name before 2026-12-04) was read as ${END_REASONS[s.endReason]}`);
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
    // An old name (stalemate, roundCap) is read as the reason it stands for here (legacyEndReason).
    () => readNamed(readEndReason(o['endReason'], game, s), 'endReason', END_REASONS, (v) => (s.endReason = v)),
    () => readScalar(o['guardEnds'], 'guardEnds', 0, INT32_MAX, (v) => (s.guardEnds = v)),
  ];
  return runSteps(steps);
}

/** The end reason field, an old name mapped by the passes and round already read (`legacyEndReason`). */
function readEndReason(v: unknown, game: Game, s: State): unknown {
  return typeof v === 'string' ? legacyEndReason(v, s, Number(game.options['rounds'] ?? 0)) : v;
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

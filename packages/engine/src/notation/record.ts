/**
 * Game records: everything needed to reproduce a match exactly, as JSON.
 *
 * ```json
 * { "format": "gabata-record/1", "ruleset": "gabata-adowa",
 *   "options": { ...every option, resolved }, "seed": 42, "players": 2,
 *   "moves": ["10", "13", "4", ...],            // notation, in order; joint moves as "a|b"
 *   "result": { "winner": 1, "scores": [36, 18], "reason": "rules" },   // null while unfinished
 *   "date": "2026-11-29T12:00:00Z", "agents": ["mcts", "random"], "meta": { "event": "..." } }
 * ```
 *
 * `scores` is indexed from player 1 (`scores[0]` = player 1). `winner` is 0 for a draw. `reason`
 * is a name of END_REASONS. A record replays from `ruleset.create(options)` and
 * `game.newState(seed)`: every random thing of a match comes from the state's seeded generator,
 * so the same record always gives the same positions and the same result.
 *
 * ```ts
 * const rec = makeRecord({ game, seed, moves: texts, final: s, agents: ['a', 'b'] });
 * const text = stringifyRecord(rec);
 * const back = parseRecord(text);               // Result<GameRecord>
 * const replay = replayRecord(back.value, { positions: true });  // final state + every position
 * ```
 */
import { err, ok, type Result } from '../core/errors.js';
import type { GameEvent } from '../core/events.js';
import type { Game } from '../core/game.js';
import type { OptionValue } from '../core/options.js';
import { END_REASONS, PHASE_OVER, type State } from '../core/state.js';
import { getRuleset } from '../games/index.js';
import { bareMessage, makeJointMove, makeMove, playMoveText } from './move.js';
import type { RulesetLookup } from './position.js';

export const RECORD_FORMAT = 'gabata-record/1';

export interface RecordResult {
  /** 0 = draw, otherwise the winning player (1..players). */
  readonly winner: number;
  /** Final scores, `scores[0]` = player 1. */
  readonly scores: number[];
  /** Why the match ended (a name of END_REASONS). */
  readonly reason: string;
}

export interface GameRecord {
  readonly format: typeof RECORD_FORMAT;
  readonly ruleset: string;
  /** Every option of the ruleset with its resolved value. */
  readonly options: Record<string, OptionValue>;
  readonly seed: number;
  readonly players: number;
  /** Move texts in order (joint moves `a|b`). */
  readonly moves: string[];
  /** The result when the match is over; null when the record stops before the end. */
  readonly result: RecordResult | null;
  /** ISO date of the match. */
  readonly date?: string;
  /** Who played each seat (`agents[0]` = player 1), one per player: agent specs or people's names. */
  readonly agents?: string[];
  /** Anything else worth keeping (event, round of a tournament, time control...). */
  readonly meta?: Record<string, string | number | boolean>;
  /**
   * What reading the record needed: an option value or omission of the rules before SPEC §12,
   * read as those rules played (e.g. Selus `concession: true` as `scored`), one sentence each.
   */
  readonly notes?: string[];
}

/** The result of a finished state, or null while the match goes on. */
export function stateResult(s: State): RecordResult | null {
  if (s.phase !== PHASE_OVER) return null;
  return {
    winner: Math.max(0, s.winner),
    scores: Array.from(s.scores.subarray(1, s.players + 1)),
    reason: END_REASONS[s.endReason] ?? 'none',
  };
}

/** The text of one decision, for a record (the same as `game.moveText`). */
export function recordMoveText(game: Game, s: State, move: number): string {
  return makeMove(game, s, move);
}

/** The text of a joint choice at a simultaneous node (`moves[p]` for p = 1..players). */
export function recordJointMoveText(game: Game, s: State, moves: ArrayLike<number>): string {
  return makeJointMove(game, s, moves);
}

export interface MakeRecordInput {
  readonly game: Game;
  readonly seed: number;
  /** Move texts in order (write each with `recordMoveText` / `recordJointMoveText` before applying it). */
  readonly moves: readonly string[];
  /** The final state: its result goes into the record when the match is over. */
  readonly final?: State;
  readonly date?: string;
  readonly agents?: readonly string[];
  readonly meta?: Readonly<Record<string, string | number | boolean>>;
  readonly notes?: readonly string[];
}

/** Builds a record (a plain JSON-ready object). */
export function makeRecord(input: MakeRecordInput): GameRecord {
  const { game } = input;
  const rec: {
    -readonly [K in keyof GameRecord]: GameRecord[K];
  } = {
    format: RECORD_FORMAT,
    ruleset: game.ruleset.info.id,
    options: { ...game.options },
    seed: input.seed,
    players: game.players,
    moves: [...input.moves],
    result: input.final ? stateResult(input.final) : null,
  };
  if (input.date !== undefined) rec.date = input.date;
  if (input.agents !== undefined) rec.agents = [...input.agents];
  if (input.meta !== undefined) rec.meta = { ...input.meta };
  if (input.notes !== undefined && input.notes.length > 0) rec.notes = [...input.notes];
  return rec;
}

/** The record as JSON text (one move per line would be longer; records stay compact). */
export function stringifyRecord(rec: GameRecord, indent: number | undefined = 2): string {
  return JSON.stringify(rec, null, indent);
}

/** Largest record text accepted (a match of MAX plies with long notation fits easily). */
export const MAX_RECORD_TEXT = 20_000_000;

const RECORD_KEYS = new Set(['format', 'ruleset', 'options', 'seed', 'players', 'moves', 'result', 'date', 'agents', 'meta', 'notes']);

const isObject = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);

/**
 * Parses a record from JSON text or an already-parsed object. Checks its shape, that the
 * ruleset exists and that the options resolve; it does not replay the moves (`replayRecord`).
 */
export function parseRecord(input: unknown, lookup: RulesetLookup = getRuleset): Result<GameRecord> {
  let o: unknown = input;
  if (typeof input === 'string') {
    if (input.length > MAX_RECORD_TEXT) return err('ERR_RECORD', `record text is too long (${input.length} characters)`, 'record');
    try {
      o = JSON.parse(input);
    } catch (e) {
      return err('ERR_RECORD', `a record is JSON: ${(e as Error).message}`, 'record');
    }
  }
  if (!isObject(o)) return err('ERR_RECORD', 'a record is a JSON object', 'record');
  for (const k of Object.keys(o)) {
    if (!RECORD_KEYS.has(k)) return err('ERR_RECORD', `unknown field '${k}'; fields: ${[...RECORD_KEYS].join(', ')}`, k);
  }
  if (o['format'] !== undefined && o['format'] !== RECORD_FORMAT) {
    return err('ERR_RECORD', `unknown record format '${String(o['format'])}'; expected '${RECORD_FORMAT}'`, 'format');
  }
  if (typeof o['ruleset'] !== 'string') return err('ERR_RECORD', 'ruleset must be a string (a ruleset id)', 'ruleset');
  const rs = lookup(o['ruleset']);
  if (!rs.ok) return err('ERR_RECORD', bareMessage(rs.error), 'ruleset');
  const options = o['options'] ?? {};
  if (!isObject(options)) return err('ERR_RECORD', 'options must be an object of name: value', 'options');
  for (const [k, v] of Object.entries(options)) {
    if (typeof v !== 'string' && typeof v !== 'number' && typeof v !== 'boolean') {
      return err('ERR_RECORD', `option ${k} must be a string, number or boolean`, `options.${k}`);
    }
  }
  const notes: string[] = [];
  const created = rs.value.create(options, notes);
  if (!created.ok) return err('ERR_RECORD', bareMessage(created.error), `options${created.error.where ? '.' + created.error.where : ''}`);
  const game = created.value;
  const seed = o['seed'];
  if (typeof seed !== 'number' || !Number.isSafeInteger(seed) || seed < 0) {
    return err('ERR_RECORD', 'seed must be a non-negative integer', 'seed');
  }
  const players = o['players'] ?? game.players;
  if (players !== game.players) {
    return err('ERR_RECORD', `players is ${String(players)} but the options give a ${game.players}-player game`, 'players');
  }
  const moves = o['moves'];
  if (!Array.isArray(moves)) return err('ERR_RECORD', 'moves must be an array of move texts', 'moves');
  for (let i = 0; i < moves.length; i++) {
    if (typeof moves[i] !== 'string') return err('ERR_RECORD', `move ${i} must be a string`, `moves[${i}]`);
  }
  let result: RecordResult | null = null;
  const r = o['result'];
  if (r !== undefined && r !== null) {
    if (!isObject(r)) return err('ERR_RECORD', 'result must be an object {winner, scores, reason} or null', 'result');
    const { winner, scores, reason } = r;
    if (typeof winner !== 'number' || !Number.isInteger(winner) || winner < 0 || winner > game.players) {
      return err('ERR_RECORD', `result.winner must be 0 (draw) or a player 1..${game.players}`, 'result.winner');
    }
    if (!Array.isArray(scores) || scores.length !== game.players || !scores.every((x) => typeof x === 'number' && Number.isInteger(x))) {
      return err('ERR_RECORD', `result.scores must be ${game.players} integers (index 0 = player 1)`, 'result.scores');
    }
    if (typeof reason !== 'string' || !(END_REASONS as readonly string[]).includes(reason)) {
      return err('ERR_RECORD', `result.reason must be one of ${END_REASONS.join(', ')}`, 'result.reason');
    }
    for (const k of Object.keys(r)) {
      if (k !== 'winner' && k !== 'scores' && k !== 'reason') return err('ERR_RECORD', `unknown field '${k}' in result`, `result.${k}`);
    }
    result = { winner, scores: scores as number[], reason };
  }
  const rec: { -readonly [K in keyof GameRecord]: GameRecord[K] } = {
    format: RECORD_FORMAT,
    ruleset: game.ruleset.info.id,
    options: { ...game.options },
    seed,
    players: game.players,
    moves: moves as string[],
    result,
  };
  if (o['date'] !== undefined) {
    if (typeof o['date'] !== 'string') return err('ERR_RECORD', 'date must be a string', 'date');
    rec.date = o['date'];
  }
  if (o['agents'] !== undefined) {
    const a = o['agents'];
    if (!Array.isArray(a) || !a.every((x) => typeof x === 'string'))
      return err('ERR_RECORD', 'agents must be an array of strings', 'agents');
    // `agents[i]` played seat i + 1: a name more or less is a record of another match.
    if (a.length !== game.players)
      return err('ERR_RECORD', `agents lists one agent per player: ${game.players}, not ${a.length}`, 'agents');
    rec.agents = a as string[];
  }
  if (o['meta'] !== undefined) {
    const m = o['meta'];
    if (!isObject(m)) return err('ERR_RECORD', 'meta must be an object', 'meta');
    for (const [k, v] of Object.entries(m)) {
      if (typeof v !== 'string' && typeof v !== 'number' && typeof v !== 'boolean') {
        return err('ERR_RECORD', `meta.${k} must be a string, number or boolean`, `meta.${k}`);
      }
    }
    rec.meta = m as Record<string, string | number | boolean>;
  }
  if (o['notes'] !== undefined) {
    const n = o['notes'];
    if (!Array.isArray(n) || !n.every((x) => typeof x === 'string')) return err('ERR_RECORD', 'notes must be an array of strings', 'notes');
    notes.unshift(...(n as string[]));
  }
  if (notes.length > 0) rec.notes = notes;
  return ok(rec);
}

export interface ReplayOptions {
  /** Keep a clone of every position: `positions[0]` = the start, `positions[i + 1]` = after move i. */
  readonly positions?: boolean;
  /** Keep the events of every move: `events[i]` = the events of move i. */
  readonly events?: boolean;
  /** Check that the final state's result equals the record's (default true). */
  readonly checkResult?: boolean;
}

export interface Replay {
  readonly game: Game;
  readonly final: State;
  readonly positions?: State[];
  readonly events?: GameEvent[][];
}

/**
 * Rebuilds the match of a record: creates the game from its ruleset and options, starts from its
 * seed and plays every move, checking each one. A bad move is reported with its index
 * (`moves[i]`); a result that differs from the replayed one is an error too.
 */
export function replayRecord(rec: GameRecord, opts: ReplayOptions = {}, lookup: RulesetLookup = getRuleset): Result<Replay> {
  const rs = lookup(rec.ruleset);
  if (!rs.ok) return err('ERR_RECORD', bareMessage(rs.error), 'ruleset');
  const created = rs.value.create(rec.options);
  if (!created.ok) return err('ERR_RECORD', bareMessage(created.error), 'options');
  const game = created.value;
  const s = game.newState(rec.seed);
  const positions: State[] | undefined = opts.positions ? [s.clone()] : undefined;
  const events: GameEvent[][] | undefined = opts.events ? [] : undefined;
  for (let i = 0; i < rec.moves.length; i++) {
    const trace: GameEvent[] | null = events ? [] : null;
    const r = playMoveText(game, s, rec.moves[i], trace);
    if (!r.ok) {
      return err(
        'ERR_RECORD',
        `move ${i} ('${String(rec.moves[i])}') at ply ${s.ply}: ${r.error.code}: ${bareMessage(r.error)}`,
        `moves[${i}]`,
      );
    }
    if (positions) positions.push(s.clone());
    if (events && trace) events.push(trace);
  }
  if (opts.checkResult !== false && rec.result) {
    const got = stateResult(s);
    if (!got) return err('ERR_RECORD', `the record has a result but the match is not over after its ${rec.moves.length} moves`, 'result');
    if (got.winner !== rec.result.winner || got.reason !== rec.result.reason || got.scores.join(',') !== rec.result.scores.join(',')) {
      return err(
        'ERR_RECORD',
        `the recorded result ${JSON.stringify(rec.result)} differs from the replayed one ${JSON.stringify(got)}`,
        'result',
      );
    }
  }
  const out: { game: Game; final: State; positions?: State[]; events?: GameEvent[][] } = { game, final: s };
  if (positions) out.positions = positions;
  if (events) out.events = events;
  return ok(out);
}

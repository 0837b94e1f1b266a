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
 * A record may carry annotations (`gabata analyse` writes them, the web app shows them):
 * `annotations[i]` says something about `moves[i]` (null for nothing), `analysis` how they were made:
 *
 * ```json
 * "annotations": [{ "eval": 0.52, "best": "10", "line": ["10", "4", "7"] },
 *                 { "eval": 0.31, "best": "13", "line": ["13", "2"], "drop": 0.21, "mark": "blunder",
 *                   "comment": "gives away the whole row" }, null],
 * "analysis": { "engine": "alphabeta", "depth": 6, "start": 0.5 }
 * ```
 *
 * Every field of an annotation is optional: `eval` is player 1's expected result (0 = loss,
 * 1 = win) after the move, `best` the engine's best move in the position before it and `line` the
 * play it expects from there (starting with `best`), `drop` how much the mover's expected result
 * fell short of the best move's, `mark` inaccuracy / mistake / blunder, `comment` anyone's words.
 * `replayRecord` checks that `best` and `line` are legal where they stand. A record without
 * annotations is as before.
 *
 * `scores` is indexed from player 1 (`scores[0]` = player 1). `winner` is 0 for a draw. `reason`
 * is a name of END_REASONS (or an old name of LEGACY_END_REASONS, which the replay checks against
 * the reasons it now stands for). A record replays from `ruleset.create(options)` and
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
import { END_REASONS, LEGACY_END_REASONS, PHASE_OVER, sameEndReason, type State } from '../core/state.js';
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

/** How bad a move was, by the drop in the mover's expected result (src/ai/analyse.ts sets the thresholds). */
export const MOVE_MARKS = ['inaccuracy', 'mistake', 'blunder'] as const;
export type MoveMark = (typeof MOVE_MARKS)[number];

/** What a record says about one move (every field optional; see the module comment). */
export interface MoveAnnotation {
  /** Player 1's expected result after the move, 0 (loss) .. 1 (win). */
  readonly eval?: number;
  /** The engine's best move in the position before this move (its notation). */
  readonly best?: string;
  /** The line the engine expects from that position, starting with `best`. */
  readonly line?: string[];
  /** How far the mover's expected result fell short of the best move's (0 .. 1). */
  readonly drop?: number;
  readonly mark?: MoveMark;
  readonly comment?: string;
}

/** How a record's annotations were made. */
export interface RecordAnalysis {
  /** The engine and its budget, e.g. 'alphabeta:depth=6'. */
  readonly engine: string;
  /** Player 1's expected result at the start (the evaluation graph's first point). */
  readonly start?: number;
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
  /** `annotations[i]` is about `moves[i]` (null: nothing); at most one per move. */
  readonly annotations?: (MoveAnnotation | null)[];
  readonly analysis?: RecordAnalysis;
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
  readonly annotations?: readonly (MoveAnnotation | null)[];
  readonly analysis?: RecordAnalysis;
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
  if (input.annotations !== undefined) rec.annotations = [...input.annotations];
  if (input.analysis !== undefined) rec.analysis = { ...input.analysis };
  return rec;
}

/** The record as JSON text (one move per line would be longer; records stay compact). */
export function stringifyRecord(rec: GameRecord, indent: number | undefined = 2): string {
  return JSON.stringify(rec, null, indent);
}

/** Largest record text accepted (a match of MAX plies with long notation fits easily). */
export const MAX_RECORD_TEXT = 20_000_000;

const RECORD_KEYS = new Set([
  'format',
  'ruleset',
  'options',
  'seed',
  'players',
  'moves',
  'result',
  'date',
  'agents',
  'meta',
  'notes',
  'annotations',
  'analysis',
]);

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
    // A record written before 2026-12-04 may name `stalemate` or `roundCap`: the replay reads them (sameEndReason).
    if (typeof reason !== 'string' || !((END_REASONS as readonly string[]).includes(reason) || Object.hasOwn(LEGACY_END_REASONS, reason))) {
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
  if (o['annotations'] !== undefined) {
    const a = parseAnnotations(o['annotations'], rec.moves.length);
    if (!a.ok) return a;
    rec.annotations = a.value;
  }
  if (o['analysis'] !== undefined) {
    const a = parseAnalysis(o['analysis']);
    if (!a.ok) return a;
    rec.analysis = a.value;
  }
  return ok(rec);
}

const ANNOTATION_KEYS = ['eval', 'best', 'line', 'drop', 'mark', 'comment'];
const unit = (x: unknown): x is number => typeof x === 'number' && x >= 0 && x <= 1;

/** The annotations of a record: an array of at most one object (or null) per move. */
function parseAnnotations(x: unknown, moves: number): Result<(MoveAnnotation | null)[]> {
  if (!Array.isArray(x)) return err('ERR_RECORD', 'annotations must be an array (one object or null per move)', 'annotations');
  if (x.length > moves) return err('ERR_RECORD', `annotations has ${x.length} entries for ${moves} moves`, 'annotations');
  const out: (MoveAnnotation | null)[] = [];
  for (let i = 0; i < x.length; i++) {
    const a: unknown = x[i];
    const at = `annotations[${i}]`;
    if (a === null) {
      out.push(null);
      continue;
    }
    if (!isObject(a)) return err('ERR_RECORD', 'an annotation is an object or null', at);
    for (const k of Object.keys(a)) {
      if (!ANNOTATION_KEYS.includes(k))
        return err('ERR_RECORD', `unknown field '${k}'; fields: ${ANNOTATION_KEYS.join(', ')}`, `${at}.${k}`);
    }
    if (a['eval'] !== undefined && !unit(a['eval'])) return err('ERR_RECORD', 'eval must be a number within 0..1', `${at}.eval`);
    if (a['drop'] !== undefined && !unit(a['drop'])) return err('ERR_RECORD', 'drop must be a number within 0..1', `${at}.drop`);
    if (a['best'] !== undefined && typeof a['best'] !== 'string') return err('ERR_RECORD', 'best must be a move text', `${at}.best`);
    const line = a['line'];
    if (line !== undefined && !(Array.isArray(line) && line.every((m) => typeof m === 'string')))
      return err('ERR_RECORD', 'line must be an array of move texts', `${at}.line`);
    const mark = a['mark'];
    if (mark !== undefined && !(MOVE_MARKS as readonly unknown[]).includes(mark))
      return err('ERR_RECORD', `mark must be one of ${MOVE_MARKS.join(', ')}`, `${at}.mark`);
    if (a['comment'] !== undefined && typeof a['comment'] !== 'string')
      return err('ERR_RECORD', 'comment must be a string', `${at}.comment`);
    out.push(a as MoveAnnotation);
  }
  return ok(out);
}

function parseAnalysis(x: unknown): Result<RecordAnalysis> {
  if (!isObject(x)) return err('ERR_RECORD', 'analysis must be an object {engine, start}', 'analysis');
  for (const k of Object.keys(x)) {
    if (k !== 'engine' && k !== 'start')
      return err('ERR_RECORD', `unknown field '${k}' in analysis; fields: engine, start`, `analysis.${k}`);
  }
  if (typeof x['engine'] !== 'string') return err('ERR_RECORD', 'analysis.engine must be a string', 'analysis.engine');
  if (x['start'] !== undefined && !unit(x['start']))
    return err('ERR_RECORD', 'analysis.start must be a number within 0..1', 'analysis.start');
  return ok(x as unknown as RecordAnalysis);
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
    const note = rec.annotations?.[i];
    if (note) {
      const bad = checkAnnotation(game, s, note);
      if (bad !== null)
        return err('ERR_RECORD', `annotation of move ${i} at ply ${s.ply}: ${bad.message}`, `annotations[${i}].${bad.field}`);
    }
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
    if (
      got.winner !== rec.result.winner ||
      !sameEndReason(rec.result.reason, got.reason) ||
      got.scores.join(',') !== rec.result.scores.join(',')
    ) {
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

/** Whether an annotation's best move and line are legal from the position before its move. */
function checkAnnotation(game: Game, s: State, note: MoveAnnotation): { field: string; message: string } | null {
  const play = (field: string, moves: readonly string[]): { field: string; message: string } | null => {
    const t = s.clone();
    for (let k = 0; k < moves.length; k++) {
      const r = playMoveText(game, t, moves[k]);
      if (!r.ok)
        return { field: field === 'line' ? `line[${k}]` : field, message: `'${moves[k]}': ${r.error.code}: ${bareMessage(r.error)}` };
    }
    return null;
  };
  if (note.best !== undefined) {
    const bad = play('best', [note.best]);
    if (bad) return bad;
  }
  if (note.line === undefined || note.line.length === 0) return null;
  if (note.best !== undefined && note.line[0] !== note.best) {
    return { field: 'line', message: `the line starts with '${note.line[0]}', not with the best move '${note.best}'` };
  }
  return play('line', note.line);
}

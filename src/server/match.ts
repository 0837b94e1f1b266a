/**
 * A stored game as the engine sees it: the game built from its ruleset and options, states
 * replayed from the seed and the stored move codes, and one decision validated and applied with
 * its event trace. Everything here is pure (no I/O), so the API layer can validate a move before
 * it touches the database.
 */
import {
  err,
  type Game,
  type GameEvent,
  MAX_MOVES,
  MOVE_CONCEDE,
  MOVE_PASS,
  ok,
  PHASE_OVER,
  PHASE_RACE,
  PHASES,
  type Result,
  type State,
} from '@gabata/engine/core';
import { getRuleset } from '@gabata/engine/games';
import { bareMessage } from '@gabata/engine/notation';

/** A decision as the API receives it. */
export interface DecisionInput {
  /** Notation text of a sequential decision. */
  move?: unknown;
  /** Engine code of a sequential decision. */
  code?: unknown;
  /** A joint decision at a simultaneous node: one entry per player (index 0 = player 1), text or code. */
  joint?: unknown;
}

export interface AppliedDecision {
  text: string;
  codes: number[];
  joint: boolean;
  events: GameEvent[];
}

/** One copy per board shape of the state a move starts from, reused (a move is applied synchronously, one at a time). */
const BEFORE = new Map<string, State>();

/** `s` copied into the reusable state of its shape (no allocation per move). */
function savedCopy(s: State): State {
  const key = `${s.players}:${s.holeCount}`;
  const kept = BEFORE.get(key);
  if (kept === undefined) {
    const fresh = s.clone();
    BEFORE.set(key, fresh);
    return fresh;
  }
  kept.copyFrom(s);
  return kept;
}

/**
 * Games already built, by ruleset and options. A Game keeps nothing between calls (its scratch
 * buffers live within one call), so every game of the same rules shares one: a game held in
 * memory costs its state, not a copy of the rules' tables (some 4.5 KB). Bounded: options come
 * from clients.
 */
const BUILT = new Map<string, Game>();
const MAX_BUILT = 256;

export function buildGame(ruleset: string, options: Readonly<Record<string, unknown>>): Result<Game> {
  const key = `${ruleset}\n${JSON.stringify(options)}`;
  const hit = BUILT.get(key);
  if (hit) return ok(hit);
  const r = getRuleset(ruleset);
  if (!r.ok) return r;
  const g = r.value.create(options);
  if (g.ok) {
    if (BUILT.size >= MAX_BUILT) BUILT.delete(BUILT.keys().next().value!);
    BUILT.set(key, g.value);
  }
  return g;
}

/** True at a simultaneous node (the opening race): every player chooses, then the choices apply together. */
export function isSimultaneous(s: State): boolean {
  return s.phase === PHASE_RACE && s.toMove === 0;
}

/** The legal moves' buffer, shared: `legal` copies what it needs out of it before returning. */
const LEGAL = new Int32Array(MAX_MOVES);

function legal(game: Game, s: State, player: number): number[] {
  const n = player === 0 ? game.legalMoves(s, LEGAL) : game.legalMovesFor(s, player, LEGAL);
  return Array.from(LEGAL.subarray(0, n));
}

function describeLegal(game: Game, s: State, moves: number[]): string {
  return moves.length === 0 ? 'none' : moves.map((m) => game.moveText(s, m)).join(', ');
}

/** Reads one move (text or code) for `player` (0 = the player to move) and checks it is legal. */
export function readMove(game: Game, s: State, raw: unknown, player: number, field: string): Result<number> {
  const moves = legal(game, s, player);
  let m: number;
  if (typeof raw === 'number' && Number.isInteger(raw)) {
    m = raw;
  } else if (typeof raw === 'string') {
    if (raw.length > 64) return err('ERR_MOVE_SYNTAX', `move text is too long (${raw.length} characters)`, field);
    // At a simultaneous node parseMove may not know whose choice it reads: match the text
    // against that player's legal moves first.
    const byText = moves.find((x) => game.moveText(s, x) === raw.trim());
    if (byText !== undefined) {
      m = byText;
    } else {
      const p = game.parseMove(s, raw);
      // At a simultaneous node a ruleset judges a hole for its owner (player 1's hole by player
      // 1's moves): only its syntax errors stand, a refusal lists this player's own moves.
      if (!p.ok && (player === 0 || p.error.code !== 'ERR_ILLEGAL_MOVE')) return p;
      if (!p.ok) return notLegalFor(game, s, raw.trim(), player, moves, field);
      m = p.value;
    }
  } else {
    return err('ERR_MOVE_SYNTAX', `a move must be its notation text or its code, not ${JSON.stringify(raw) ?? 'nothing'}`, field);
  }
  if (!moves.includes(m)) {
    const text = m === MOVE_PASS ? 'pass' : m === MOVE_CONCEDE ? 'concede' : game.moveText(s, m);
    return notLegalFor(game, s, text, player === 0 ? s.toMove : player, moves, field);
  }
  return ok(m);
}

/** The refusal of move `text` by `player`, listing that player's legal `moves`. */
function notLegalFor(game: Game, s: State, text: string, player: number, moves: number[], field: string): Result<never> {
  return err('ERR_ILLEGAL_MOVE', `${text} is not a legal move for player ${player} here; legal: ${describeLegal(game, s, moves)}`, field);
}

/**
 * Validates and applies one decision to `s` (in place), collecting its events. On an error `s`
 * is unchanged.
 */
export function applyDecision(game: Game, s: State, input: DecisionInput): Result<AppliedDecision> {
  if (s.phase === PHASE_OVER) return err('ERR_GAME_OVER', 'the match is over; no more moves can be played');
  if (isSimultaneous(s)) {
    if (!Array.isArray(input.joint)) {
      return err('ERR_ARGUMENT', `every player chooses at once here: send "joint" with ${s.players} moves (player 1 first)`, 'joint');
    }
    if (input.joint.length !== s.players) {
      return err('ERR_ARGUMENT', `"joint" needs ${s.players} moves, one per player, not ${input.joint.length}`, 'joint');
    }
    const codes = [0];
    const texts: string[] = [];
    for (let p = 1; p <= s.players; p++) {
      const m = readMove(game, s, input.joint[p - 1], p, `joint[${p - 1}]`);
      if (!m.ok) return m;
      codes.push(m.value);
      texts.push(game.moveText(s, m.value));
    }
    const events: GameEvent[] = [];
    game.applyJoint(s, codes, events);
    return ok({ text: texts.join('|'), codes, joint: true, events });
  }
  if (input.joint !== undefined) return err('ERR_ARGUMENT', `player ${s.toMove} alone is to move: send "move", not "joint"`, 'joint');
  const raw = input.move !== undefined ? input.move : input.code;
  if (raw === undefined) return err('ERR_ARGUMENT', 'send the move as "move" (its notation) or "code"', 'move');
  const m = readMove(game, s, raw, 0, input.move !== undefined ? 'move' : 'code');
  if (!m.ok) return m;
  const text = game.moveText(s, m.value);
  const before = savedCopy(s);
  const events: GameEvent[] = [];
  if (!game.apply(s, m.value, events)) {
    // Only a candidate move can be perpetual, and legalMoves excludes those; keep the state sane anyway.
    s.copyFrom(before);
    return err('ERR_ILLEGAL_MOVE', `${text} would never end (a perpetual relay)`, 'move');
  }
  return ok({ text, codes: [m.value], joint: false, events });
}

/** Replays stored decisions from the seed, checking each again. */
export function replay(game: Game, seed: number, moves: readonly { codes: readonly number[]; joint: boolean }[]): Result<State> {
  const s = game.newState(seed);
  for (let i = 0; i < moves.length; i++) {
    const mv = moves[i]!;
    const r = applyDecision(game, s, mv.joint ? { joint: mv.codes.slice(1) } : { code: mv.codes[0] });
    if (!r.ok) return err('ERR_RECORD', `stored move ${i + 1} does not replay: ${bareMessage(r.error)}`, `ply ${i}`);
  }
  return ok(s);
}

/** A JSON snapshot of a position (for the moves table and for clients that want to check theirs). */
export function snapshot(game: Game, s: State): Record<string, unknown> {
  return {
    counts: Array.from(s.counts),
    owners: Array.from(s.owners),
    marks: Array.from(s.marks),
    captured: Array.from(s.captured),
    reserve: Array.from(s.reserve),
    toMove: s.toMove,
    phase: PHASES[s.phase],
    round: s.round,
    turn: s.turn,
    winner: s.winner,
    scores: Array.from(s.scores),
    extra: game.extraToJSON(s),
  };
}

/** Status and result line of a game in this state. */
export function statusOf(s: State): { status: string; result: string | null } {
  if (s.phase !== PHASE_OVER) return { status: 'playing', result: null };
  const scores = Array.from(s.scores).slice(1).join('-');
  return { status: 'over', result: s.winner > 0 ? `player ${s.winner} wins (${scores})` : `draw (${scores})` };
}

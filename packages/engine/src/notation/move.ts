/**
 * Move notation. A single decision is written as its ruleset writes it (`game.moveText`, e.g.
 * `12` for a hole, `pass`); a joint choice at a simultaneous node is the players' texts in
 * player order joined by `|` (`12|4`: player 1 chooses 12, player 2 chooses 4).
 *
 * ```ts
 * const r = parseLegalMove(game, s, '12|4');
 * if (r.ok) applyParsed(game, s, r.value, trace);
 * ```
 */
import { err, ok, type GabataError, type Result } from '../core/errors.js';
import type { Trace } from '../core/events.js';
import { MAX_MOVES, type Game } from '../core/game.js';
import { PHASE_OVER, PHASE_RACE, type State } from '../core/state.js';

/** An error's message without the ` (at where)` suffix GabataError adds (for re-wrapping it). */
export function bareMessage(e: GabataError): string {
  const suffix = e.where === undefined ? '' : ` (at ${e.where})`;
  return suffix && e.message.endsWith(suffix) ? e.message.slice(0, -suffix.length) : e.message;
}

/** Longest move text accepted (guards against pasted garbage). */
export const MAX_MOVE_TEXT = 200;

/** A parsed move: one decision, or a joint choice (`moves[p]` for p = 1..players; index 0 unused). */
export type ParsedMove = { kind: 'single'; move: number } | { kind: 'joint'; moves: Int32Array };

/** True at a simultaneous node (every player chooses at once). */
export function isSimultaneous(s: State): boolean {
  return s.toMove === 0 && s.phase === PHASE_RACE;
}

/** The text of one decision. */
export function makeMove(game: Game, s: State, move: number): string {
  return game.moveText(s, move);
}

/** The text of a joint choice: `moves[1]|moves[2]|...`. */
export function makeJointMove(game: Game, s: State, moves: ArrayLike<number>): string {
  const parts: string[] = [];
  for (let p = 1; p <= s.players; p++) parts.push(game.moveText(s, moves[p]!));
  return parts.join('|');
}

/** The text of a parsed move. */
export function makeParsedMove(game: Game, s: State, m: ParsedMove): string {
  return m.kind === 'single' ? makeMove(game, s, m.move) : makeJointMove(game, s, m.moves);
}

/**
 * Parses a move's text at `s` (syntax only: the ruleset's notation, `a|b` at a simultaneous
 * node). Legality is checked by `parseLegalMove`.
 */
export function parseMove(game: Game, s: State, text: unknown): Result<ParsedMove> {
  if (typeof text !== 'string') return err('ERR_MOVE_SYNTAX', `a move must be a string, not ${typeof text}`, 'move');
  if (text.length > MAX_MOVE_TEXT) return err('ERR_MOVE_SYNTAX', `move text is too long (${text.length} characters)`, 'move');
  const t = text.trim();
  if (t === '') return err('ERR_MOVE_SYNTAX', 'empty move', 'move');
  if (s.phase === PHASE_OVER) return err('ERR_GAME_OVER', `the match is over; '${t}' cannot be played`, t);
  if (isSimultaneous(s)) {
    const parts = t.split('|').map((x) => x.trim());
    if (parts.length !== s.players) {
      return err(
        'ERR_MOVE_SYNTAX',
        "at a simultaneous node a move is one choice per player joined by '|' (e.g. " +
          `${Array.from({ length: s.players }, (_, i) => `a${i + 1}`).join('|')}); '${t}' has ${parts.length}`,
        t,
      );
    }
    const moves = new Int32Array(s.players + 1);
    for (let p = 1; p <= s.players; p++) {
      const r = game.parseMove(s, parts[p - 1]!);
      if (!r.ok) return err(r.error.code, `player ${p}'s part '${parts[p - 1]}': ${bareMessage(r.error)}`, `part ${p} of '${t}'`);
      moves[p] = r.value;
    }
    return ok({ kind: 'joint', moves });
  }
  if (t.includes('|')) return err('ERR_MOVE_SYNTAX', `'${t}' is a joint move, but player ${s.toMove} moves alone here`, t);
  const r = game.parseMove(s, t);
  if (!r.ok) return err(r.error.code, bareMessage(r.error), r.error.where ?? t);
  return ok({ kind: 'single', move: r.value });
}

/** The legal moves at a sequential node. */
export function legalMoveList(game: Game, s: State): number[] {
  const buf = new Int32Array(MAX_MOVES);
  const n = game.legalMoves(s, buf);
  return Array.from(buf.subarray(0, n));
}

/** One player's choices at a simultaneous node. */
export function legalMoveListFor(game: Game, s: State, player: number): number[] {
  const buf = new Int32Array(MAX_MOVES);
  const n = game.legalMovesFor(s, player, buf);
  return Array.from(buf.subarray(0, n));
}

/** The legal moves as text (at a simultaneous node, each player's choices joined by ', ' per player). */
export function legalMovesText(game: Game, s: State): string {
  if (s.phase === PHASE_OVER) return '(none: the match is over)';
  if (isSimultaneous(s)) {
    const parts: string[] = [];
    for (let p = 1; p <= s.players; p++) {
      parts.push(
        `P${p}: ${
          legalMoveListFor(game, s, p)
            .map((m) => game.moveText(s, m))
            .join(' ') || '(none)'
        }`,
      );
    }
    return parts.join('; ') + ` (write a joint move as ${Array.from({ length: s.players }, (_, i) => `p${i + 1}`).join('|')})`;
  }
  const list = legalMoveList(game, s);
  return list.length === 0 ? '(none)' : list.map((m) => game.moveText(s, m)).join(' ');
}

/** Parses a move and checks that it is legal at `s`. */
export function parseLegalMove(game: Game, s: State, text: unknown): Result<ParsedMove> {
  const r = parseMove(game, s, text);
  if (!r.ok) return r;
  const m = r.value;
  if (m.kind === 'joint') {
    for (let p = 1; p <= s.players; p++) {
      if (!legalMoveListFor(game, s, p).includes(m.moves[p]!)) {
        return err(
          'ERR_ILLEGAL_MOVE',
          `player ${p} cannot choose '${game.moveText(s, m.moves[p]!)}' here; legal: ${legalMovesText(game, s)}`,
          String(text).trim(),
        );
      }
    }
    return r;
  }
  if (!legalMoveList(game, s).includes(m.move)) {
    return err(
      'ERR_ILLEGAL_MOVE',
      `'${game.moveText(s, m.move)}' is not a legal move for player ${s.toMove}; legal: ${legalMovesText(game, s)}`,
      String(text).trim(),
    );
  }
  return r;
}

/** Applies a parsed (legal) move to `s`. */
export function applyParsed(game: Game, s: State, m: ParsedMove, trace: Trace = null): void {
  if (m.kind === 'joint') game.applyJoint(s, m.moves, trace);
  else game.apply(s, m.move, trace);
}

/** Parses, checks and applies a move: the one call a tool needs for a typed move. */
export function playMoveText(game: Game, s: State, text: unknown, trace: Trace = null): Result<ParsedMove> {
  const r = parseLegalMove(game, s, text);
  if (r.ok) applyParsed(game, s, r.value, trace);
  return r;
}

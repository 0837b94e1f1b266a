/** Selus's move notation: a hole, 'pass', 'concede', the joint race move 'a|b', and why a start is illegal. */
import { err, ok, type Result } from '../../core/errors.js';
import { MAX_MOVES, MOVE_CONCEDE, MOVE_PASS, type Game } from '../../core/game.js';
import { PHASE_RACE, type State } from '../../core/state.js';
import { HOLES, SEGMENT, SEGMENT_INDEX, legalStarts } from './board.js';

export function parseHole(t: string): Result<number> {
  if (!/^\d{1,2}$/.test(t)) return err('ERR_MOVE_SYNTAX', `'${t}' is not a move: give a hole number 0..17, 'concede' or 'pass'`, t);
  const h = Number(t);
  if (h >= HOLES) return err('ERR_MOVE_SYNTAX', `hole ${h} does not exist (0..17)`, t);
  return ok(h);
}

/** A human explanation of why `move` is not a legal start for player `p`. */
export function whyIllegal(s: State, move: number, p: number): string {
  if (move === MOVE_PASS) return `player ${p} may pass only when every start would sow for ever (SPEC §8)`;
  if (move === MOVE_CONCEDE) return 'conceding is not offered here (option concession, or the race)';
  if (s.marks[move] !== 0) return `hole ${move} is a nedf: its counters are never sown (SEL-09)`;
  if (s.owners[move] !== p) return `hole ${move} is not player ${p}'s (SEL-02)`;
  if (s.counts[move] === 0) return `hole ${move} is empty`;
  const starts = new Int32Array(9);
  if (starts.subarray(0, legalStarts(s, p, starts)).includes(move)) return `sowing hole ${move} would never end (SPEC §8)`;
  const seg = SEGMENT[p]!;
  const ordinary = (h: number): boolean => s.marks[h] === 0 && s.owners[h] === p;
  if (seg.some((h) => ordinary(h) && s.counts[h]! > 3)) {
    return `player ${p} has a hole with more than three counters and must start from one (SEL-08 (1))`;
  }
  const others = seg.slice(3).filter((h) => ordinary(h) && s.counts[h]! > 0);
  if (others.length > 0 && SEGMENT_INDEX[move]! < 3) {
    return `hole ${move} is one of the three leftmost holes, which may start a turn only when the other holes are empty (SEL-08 (3))`;
  }
  if (others.length > 0) {
    return `player ${p}'s other holes hold only 2s and 3s, so he must start from the 2 closest to the opponent (SEL-08 (2))`;
  }
  return `among the three leftmost holes one with the fewest counters must be played (SEL-08 (3))`;
}

export function listMoves(buf: Int32Array, n: number): string {
  const parts: string[] = [];
  for (let i = 0; i < n; i++) parts.push(buf[i] === MOVE_PASS ? 'pass' : buf[i] === MOVE_CONCEDE ? 'concede' : String(buf[i]));
  return parts.length ? parts.join(', ') : 'none';
}

/**
 * Parses a joint race move `a|b` (player 1's hole | player 2's hole) at the race node into
 * `[0, a, b]`, checking each against SEL-08.
 * @example parseJointMove(game, s, '9|8') // ok([0, 9, 8])
 */
export function parseJointMove(game: Game, s: State, text: string): Result<number[]> {
  if (s.phase !== PHASE_RACE) return err('ERR_ILLEGAL_MOVE', 'a joint move is only played at the opening race', text);
  const parts = text.split('|').map((x) => x.trim());
  if (parts.length !== 2) {
    return err('ERR_MOVE_SYNTAX', `a joint move is 'p1hole|p2hole', e.g. '9|8', not '${text}'`, text);
  }
  const out = [0, 0, 0];
  const buf = new Int32Array(MAX_MOVES);
  for (let p = 1; p <= 2; p++) {
    const h = parseHole(parts[p - 1]!.toLowerCase());
    if (!h.ok) return h;
    const n = game.legalMovesFor(s, p, buf);
    if (!buf.subarray(0, n).includes(h.value)) {
      return err('ERR_ILLEGAL_MOVE', `player ${p} cannot start the race from hole ${h.value}; legal: ${listMoves(buf, n)}`, parts[p - 1]);
    }
    out[p] = h.value;
  }
  return ok(out);
}

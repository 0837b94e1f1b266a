/**
 * Checks shared by every ruleset's tests: perft (leaf counts of the legal-move tree) and seeded
 * random playthroughs written as transcripts (golden files that CI compares, so any change to
 * the rules shows up as a reviewed diff).
 */
import { MAX_MOVES, type Game } from './game.js';
import { Rng } from './rng.js';
import { PHASES, PHASE_OVER, PHASE_RACE, type State } from './state.js';
import { randomPlayableIndex, randomPlayableMove } from './rules.js';

/**
 * Number of leaves of the legal-move tree of depth `depth` below `s`. A simultaneous node counts
 * every joint choice as one branch; a finished match is a leaf.
 */
export function perft(game: Game, s: State, depth: number): number {
  if (depth === 0 || s.phase === PHASE_OVER) return 1;
  const child = s.clone();
  if (s.phase === PHASE_RACE && s.toMove === 0) {
    const per: Int32Array[] = [];
    for (let p = 1; p <= s.players; p++) {
      const buf = new Int32Array(MAX_MOVES);
      const n = game.legalMovesFor(s, p, buf);
      per.push(buf.subarray(0, n));
    }
    let total = 0;
    const joint = new Int32Array(s.players + 1);
    const rec = (p: number): void => {
      if (p > s.players) {
        child.copyFrom(s);
        game.applyJoint(child, joint);
        total += perft(game, child, depth - 1);
        return;
      }
      for (const m of per[p - 1]!) {
        joint[p] = m;
        rec(p + 1);
      }
    };
    rec(1);
    return total;
  }
  const moves = new Int32Array(MAX_MOVES);
  const n = game.legalMoves(s, moves);
  if (depth === 1) return n;
  let total = 0;
  for (let i = 0; i < n; i++) {
    child.copyFrom(s);
    game.apply(child, moves[i]!);
    total += perft(game, child, depth - 1);
  }
  return total;
}

/** One line describing a state: phase, player, round, board, off-board piles (the game is for callers' symmetry). */
export function describeState(_game: Game, s: State): string {
  const board: string[] = [];
  for (let h = 0; h < s.holeCount; h++) {
    board.push(`${s.counts[h]}${s.marks[h] ? `*${s.marks[h]}` : ''}`);
  }
  const owners = Array.from(s.owners).join('');
  const piles: string[] = [];
  for (let p = 1; p <= s.players; p++) piles.push(`${s.captured[p]}/${s.reserve[p]}`);
  return `r${s.round} t${s.turn} ${PHASES[s.phase]} p${s.toMove} [${board.join(' ')}] own=${owners} piles=${piles.join(' ')}${
    s.phase === PHASE_OVER ? ` winner=${s.winner}` : ''
  }`;
}

/**
 * Plays a seeded uniformly random match (moves drawn from the exact legal moves; at a
 * simultaneous node each player draws his own) and returns its transcript, one line per decision.
 */
export function randomPlaythrough(game: Game, seed: number, maxPlies = 5000): string {
  const rng = new Rng(seed);
  const s = game.newState(seed);
  const lines = [`# ${game.ruleset.info.id} seed=${seed} options=${JSON.stringify(game.options)}`, describeState(game, s)];
  const buf = new Int32Array(MAX_MOVES);
  for (let ply = 0; ply < maxPlies && s.phase !== PHASE_OVER; ply++) {
    if (s.phase === PHASE_RACE && s.toMove === 0) {
      const joint = new Int32Array(s.players + 1);
      const texts: string[] = [];
      for (let p = 1; p <= s.players; p++) {
        const n = game.legalMovesFor(s, p, buf);
        joint[p] = buf[rng.int(n)]!;
        texts.push(game.moveText(s, joint[p]!));
      }
      game.applyJoint(s, joint);
      lines.push(`joint ${texts.join('|')} -> ${describeState(game, s)}`);
      continue;
    }
    const n = game.legalMoves(s, buf);
    if (n === 0) {
      lines.push('NO LEGAL MOVES');
      break;
    }
    const m = randomPlayableMove(buf, n, rng);
    const text = game.moveText(s, m);
    game.apply(s, m);
    lines.push(`${text} -> ${describeState(game, s)}`);
  }
  return lines.join('\n') + '\n';
}

/**
 * Plays a seeded uniformly random match fast: a candidate move is drawn and applied, and if it
 * proves perpetual the state is restored and the move struck off (rejection sampling gives the
 * same distribution as drawing from the exact legal moves). `each` sees the state after every
 * decision. It never concedes while another move exists (`randomPlayableIndex`). Returns the
 * final state and the number of decisions.
 */
export function playRandomMatch(
  game: Game,
  seed: number,
  maxPlies = 10_000_000,
  each?: (s: State, ply: number) => void,
): { state: State; plies: number } {
  const rng = new Rng(seed ^ 0x5f3759df);
  const s = game.newState(seed);
  const backup = s.clone();
  const buf = new Int32Array(MAX_MOVES);
  const joint = new Int32Array(s.players + 1);
  let plies = 0;
  while (s.phase !== PHASE_OVER && plies < maxPlies) {
    if (s.phase === PHASE_RACE && s.toMove === 0) {
      for (let p = 1; p <= s.players; p++) {
        const n = game.legalMovesFor(s, p, buf);
        joint[p] = buf[rng.int(n)]!;
      }
      game.applyJoint(s, joint);
    } else {
      let n = game.candidateMoves(s, buf);
      backup.copyFrom(s);
      for (;;) {
        if (n === 0) throw new Error(`no move at ply ${plies}: ${describeState(game, s)}`);
        const i = randomPlayableIndex(buf, n, rng);
        if (game.apply(s, buf[i]!)) break;
        s.copyFrom(backup);
        buf[i] = buf[--n]!;
        if (n === 0) {
          // Every candidate is perpetual: the exact move list says what to do (a pass).
          n = game.legalMoves(s, buf);
        }
      }
    }
    plies++;
    if (each) each(s, plies);
  }
  return { state: s, plies };
}

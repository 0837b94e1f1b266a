/**
 * A played match as a Ludii trial (sim/ludii-metrics.ts), rebuilt the way Ludii rebuilds its
 * trials: the match is replayed from its start and its moves, and every position is looked at.
 *
 * - **A Ludii move is one lap of a sowing.** Ludii's encodings of these games sow one lap per move
 *   and make the relay a further move of the same player with a single legal move
 *   (`Gabata (Adowa).lud`: `(sites {(var "Replay")})` while `SameTurn`). So a decision whose
 *   sowing relays k times is k + 1 Ludii moves: the first has the decision's legal moves, the
 *   others one. The positions between laps are rebuilt from the decision's event trace (the
 *   board's counts, the marks, counters taken), since the engine plays a relay sowing in one
 *   step. A joint choice of a race is one move (Ludii has no race; see `simultaneous`).
 * - **The board** is Ludii's board of the ruleset's encoding (sim/ludii-board.ts): its sites are the
 *   holes and, where Ludii's board has stores (Gifia), the stores, numbered after the holes; a
 *   lap records the hole it lifts as its Select's from and to (a pass -1).
 * - **A turn** is what the match counts (decisions that open a turn), Ludii's `numTurns`.
 * - **A state evaluation** is Ludii's `Utils.evaluateState` (Utils.java lines 128-166) with
 *   Ludii's default heuristic (AlphaBetaSearch.java lines 1015-1031, used when a game's metadata
 *   gives none, as for Adowa, Aksum, Selus and Gifia): `tanh(H(p) - Σ H(q))` over the other active
 *   players q, with `H(x)` = Material (weight 1 a counter) + 0.001 × MobilitySimple (the legal
 *   moves of x when x is to move, else 0). Material is the counters a player has secured
 *   (`secured` of sim/metrics.ts: hand or store, winnings set aside, his wegues or nedfs), which is
 *   what Ludii's Material reads from the hands in its encodings plus the holes the player owns for
 *   good. A finished match evaluates to Ludii's utilities (win 1, loss -1, draw 0 with two players).
 */
import { type Game, type GameEvent, MAX_MOVES, MOVE_CONCEDE, MOVE_PASS, PHASE_OVER, PHASE_RACE, type State } from '@gabata/engine/core';
import { applyParsed, parseMove, type ParsedMove } from '@gabata/engine/notation';
import { type LudiiBoard, ludiiBoardOf } from './ludii-board.js';
import type { LudiiMove, LudiiSnapshot, LudiiTrial } from './ludii-metrics.js';
import type { MatchResult } from './match.js';
import { secured } from './metrics.js';

/** Events that are actions of a Ludii move (what changes the board or a hand, or a pass). */
const ACTIONS = new Set<GameEvent['type']>([
  'lift',
  'drop',
  'relay',
  'capture',
  'mark',
  'pass',
  'concede',
  'raceStart',
  'raceFinish',
  'raceAbandon',
]);

/** Completions that are Ludii's timeouts (a move or turn limit): our turn cap, the match cap and the ply cap. */
const TIMEOUTS = new Set(['turnCap', 'matchCap', 'plyCap']);

/**
 * Ludii's utilities from a match's returns (RankUtils.rankToUtil, other/RankUtils.java): rank 1
 * for the best, tied players share the mean of their ranks, utility `1 - (rank - 1) · 2 / (n - 1)`.
 */
export function utilitiesOf(returns: readonly number[]): number[] {
  const n = returns.length;
  const out = [0];
  for (let p = 0; p < n; p++) {
    let better = 0;
    let tied = 0;
    for (let q = 0; q < n; q++) {
      if (returns[q]! > returns[p]!) better++;
      else if (q !== p && returns[q] === returns[p]) tied++;
    }
    const rank = 1 + better + tied / 2;
    out.push(n === 1 ? 2 * rank - 1 : 1 - ((rank - 1) * 2) / (n - 1));
  }
  return out;
}

export class LudiiTrialBuilder {
  private readonly buf = new Int32Array(MAX_MOVES);
  private readonly alt = new Int32Array(MAX_MOVES);
  /** Ludii's board of the ruleset (its stores are board sites), if Ludii has an encoding of it. */
  private readonly board: LudiiBoard | undefined;

  constructor(readonly game: Game) {
    this.board = ludiiBoardOf(game);
  }

  /** The trial of a match played from `game.newState(seed)` with these move texts. */
  build(seed: number, moves: readonly string[], result: MatchResult): LudiiTrial {
    const game = this.game;
    const s = game.newState(seed);
    const P = game.players;
    const simultaneous = this.hasRace(seed, moves);
    const evaluate = !simultaneous;
    const initial = this.snapshot(s, false, evaluate, -1);
    let startHand = 0;
    for (let p = 1; p <= P; p++) startHand += s.captured[p]! + s.reserve[p]! + s.raceHand[p]!;
    const out: LudiiMove[] = [];
    for (const text of moves) {
      const parsed = parseMove(game, s, text);
      if (!parsed.ok) throw new Error(`replay of seed ${seed}: ${parsed.error.message}`);
      const m = parsed.value;
      const mover = s.toMove;
      const legal = m.kind === 'joint' ? this.jointLegal(s) : game.legalMoves(s, this.buf);
      // The legal moves that are no sowing: passes, and concessions (which Ludii's encodings do not have).
      let passes = 0;
      let concessions = 0;
      if (m.kind !== 'joint')
        for (let i = 0; i < legal; i++) {
          if (this.buf[i] === MOVE_PASS) passes++;
          else if (this.buf[i] === MOVE_CONCEDE) concessions++;
        }
      const moveEvals = evaluate && m.kind === 'single' ? this.alternatives(s, legal, mover) : undefined;
      const pre = s.clone();
      const trace: GameEvent[] = [];
      applyParsed(game, s, m, trace);
      const laps = m.kind === 'joint' ? [{ state: s, actions: countActions(trace), site: -1 }] : this.laps(pre, trace, s);
      laps.forEach((lap, j) => {
        const last = j === laps.length - 1;
        const after = this.snapshot(lap.state, !last, evaluate, mover);
        const chosenEval = after.evals?.[mover];
        const lm: LudiiMove = { mover, legal: j === 0 ? legal : 1, actions: lap.actions, after };
        // A lap is a Select of the hole it lifts (from = to); a pass or a race's choice has none (-1).
        if (m.kind !== 'joint') lm.from = lm.to = lap.site;
        // A relay lap is one legal sowing move; a race's joint choice is no sowing (Ludii has no race).
        lm.sowing = m.kind === 'joint' ? 0 : j === 0 ? legal - passes - concessions : 1;
        lm.passes = j === 0 ? passes : 0;
        if (evaluate) {
          lm.moveEvals = j === 0 ? moveEvals : [chosenEval!];
          lm.chosenEval = chosenEval;
        }
        out.push(lm);
      });
    }
    const utilities = utilitiesOf(result.returns);
    const trial: LudiiTrial = {
      players: P,
      sites: s.holeCount + (this.board?.stores ? this.game.geometry.stores.length : 0),
      utilities,
      winner: Math.max(result.winner, 0),
      timedOut: TIMEOUTS.has(result.completion),
      turns: result.turns,
      simultaneous,
      initial,
      moves: out,
      startHand,
    };
    if (this.board !== undefined) trial.board = this.board;
    return trial;
  }

  /** Whether the match has a simultaneous node (a race). */
  private hasRace(seed: number, moves: readonly string[]): boolean {
    const s = this.game.newState(seed);
    if (s.phase === PHASE_RACE) return true;
    for (const text of moves) {
      const m = parseMove(this.game, s, text);
      if (!m.ok) return false;
      applyParsed(this.game, s, m.value);
      if (s.phase === PHASE_RACE) return true;
    }
    return false;
  }

  private jointLegal(s: State): number {
    let most = 0;
    for (let p = 1; p <= this.game.players; p++) most = Math.max(most, this.game.legalMovesFor(s, p, this.buf));
    return most;
  }

  /** The evaluation, for the mover, of the position after the first lap of each legal move. */
  private alternatives(s: State, n: number, mover: number): number[] {
    const evals: number[] = [];
    const alt = this.alt;
    alt.set(this.buf.subarray(0, n));
    for (let i = 0; i < n; i++) {
      const c = s.clone();
      const trace: GameEvent[] = [];
      const m: ParsedMove = { kind: 'single', move: alt[i]! };
      applyParsed(this.game, c, m, trace);
      const laps = this.laps(s, trace, c);
      evals.push(this.evaluate(laps[0]!.state, mover, laps.length > 1));
    }
    return evals;
  }

  /**
   * The positions after each lap of a sowing applied to `pre` (its `trace`), the last being the
   * real position `post`; the others rebuilt from the events up to the next relay.
   */
  private laps(pre: State, trace: readonly GameEvent[], post: State): { state: State; actions: number; site: number }[] {
    const out: { state: State; actions: number; site: number }[] = [];
    let mid: State | null = null;
    let actions = 0;
    // The hole each lap lifts: the first lift, then each relay's hole.
    let site = -1;
    for (const e of trace) {
      if (e.type === 'lift' && site === -1 && out.length === 0) site = e.hole;
      if (e.type === 'relay') {
        mid ??= pre.clone();
        out.push({ state: mid.clone(), actions, site });
        actions = 0;
        site = e.hole;
      }
      if (ACTIONS.has(e.type)) actions++;
      if (e.type === 'lift' || e.type === 'relay') {
        mid ??= pre.clone();
        mid.counts[e.hole] = 0;
      } else if (e.type === 'drop') {
        mid ??= pre.clone();
        mid.counts[e.hole] = e.count;
      } else if (e.type === 'capture') {
        mid ??= pre.clone();
        mid.counts[e.hole] = Math.max(0, mid.counts[e.hole]! - e.count);
        mid.captured[e.player] = mid.captured[e.player]! + e.count;
      } else if (e.type === 'mark') {
        mid ??= pre.clone();
        mid.marks[e.hole] = e.player;
      }
    }
    out.push({ state: post, actions, site });
    return out;
  }

  /** Ludii's state evaluation of `s` for `player` (see the file's comment). */
  evaluate(s: State, player: number, midLap: boolean): number {
    if (s.phase === PHASE_OVER) {
      const ret = new Float64Array(this.game.players + 1);
      this.game.returns(s, ret);
      return utilitiesOf(Array.from(ret.subarray(1)))[player]!;
    }
    if (!s.active[player]) return -1;
    const mobility = midLap ? 1 : s.phase === PHASE_RACE ? 0 : this.game.legalMoves(s, this.buf);
    const h = (p: number): number => secured(s, p) + (p === s.toMove ? 0.001 * mobility : 0);
    let score = h(player);
    for (let q = 1; q <= this.game.players; q++) if (q !== player && s.active[q]) score -= h(q);
    return Math.tanh(score);
  }

  private snapshot(s: State, midLap: boolean, evaluate: boolean, _mover: number): LudiiSnapshot {
    const occupied: number[] = [];
    let pieces = 0;
    for (let h = 0; h < s.holeCount; h++) {
      const c = s.counts[h]!;
      pieces += c;
      if (c > 0) occupied.push(h);
    }
    // The stores of Ludii's board are vertices of it (Gifia.lud's mapEntry sites), numbered after the holes.
    if (this.board?.stores)
      this.game.geometry.stores.forEach((st, i) => {
        const c = s.captured[st.player]!;
        pieces += c;
        if (c > 0) occupied.push(s.holeCount + i);
      });
    const positional = `${s.counts.join(',')}|${s.marks.join(',')}|${s.owners.join(',')}`;
    const situational =
      `${positional}|${s.toMove}|${s.phase}|${s.round}|${s.captured.join(',')}|${s.reserve.join(',')}` + (midLap ? '|lap' : '');
    let scoreDiff = 0;
    for (let a = 1; a <= this.game.players; a++)
      for (let b = a + 1; b <= this.game.players; b++) scoreDiff = Math.max(scoreDiff, Math.abs(s.scores[a]! - s.scores[b]!));
    const snap: LudiiSnapshot = { positional, situational, occupied, pieces, scoreDiff };
    if (evaluate) {
      const evals = [-1];
      for (let p = 1; p <= this.game.players; p++) evals.push(this.evaluate(s, p, midLap));
      snap.evals = evals;
    }
    return snap;
  }
}

function countActions(trace: readonly GameEvent[]): number {
  let n = 0;
  for (const e of trace) if (ACTIONS.has(e.type)) n++;
  return n;
}

/**
 * Alpha-beta search: iterative deepening, a transposition table on Zobrist keys, move ordering
 * (the table's move, then the history heuristic), budget by depth, nodes or time.
 *
 * Values are always from the searching player's point of view (minimax form of negamax): a node
 * maximises when that player is to move and minimises otherwise. This keeps a turn of several
 * decisions (the same player to move again after a continuation) correct without sign flips,
 * and gives the paranoid search for three players (every opponent minimises our value).
 * A simultaneous node is valued as a matrix game: the mean of the pure maximin and minimax values
 * for two players, the average over joint choices for more. At a simultaneous root the agent
 * picks its maximin choice.
 *
 * The budget is a depth, nodes or time, or `infinite` with a `shouldStop` callback; however the
 * search ends, it answers the best move of its last completed iteration.
 *
 * Interior nodes use `candidateMoves` (cheap) and skip a move that `apply` reports perpetual;
 * the root uses the exact `legalMoves`.
 *
 * Chance is chance (expectimax): a move that meets a chance event of the rules (a dead heat's
 * coin: `State.chance`) is valued as the mean over every outcome of the event, each outcome
 * forced in turn, never by the outcome the state's generator holds. The search runs on a copy of
 * the position whose generator is re-seeded from the agent's own seed, so no later event either
 * follows the hidden seed: the same agent seed chooses the same move whatever the game's seed.
 */
import type { Game } from '../core/game.js';
import { Rng } from '../core/rng.js';
import type { State } from '../core/state.js';
import type { Agent, SearchBudget, SearchInfo } from './index.js';
import { chanceSeedOf, isOver, isSimultaneous, moveBuffer, movesFor, now, terminalScore } from './util.js';
import { Zobrist } from './zobrist.js';

export interface AlphaBetaParams {
  depth: number;
  timeMs: number;
  nodes: number;
  /** log2 of the transposition table's entries. */
  ttBits: number;
}

/** A finished match outweighs any heuristic value (evaluate is within [-1, 1]). */
export const WIN = 10;
const MAX_PLY = 128;
const EXACT = 1;
const LOWER = 2;
const UPPER = 3;

class Abort extends Error {}

export class AlphaBetaAgent implements Agent {
  readonly name: string;
  private readonly params: AlphaBetaParams;
  private readonly rng: Rng;
  /** Seeds the generator of the searched copy (see `rootCopy`): chance the search cannot foresee. */
  private readonly chanceRng: Rng;
  private rootState: State | null = null;
  private zobrist: Zobrist | null = null;
  private zobristGame: Game | null = null;
  private readonly ttSize: number;
  private readonly ttCheck: Uint32Array;
  private readonly ttValue: Float64Array;
  private readonly ttDepth: Int8Array;
  private readonly ttFlag: Uint8Array;
  private readonly ttMove: Int16Array;
  private readonly history = new Int32Array(2048);
  private readonly bufs: Int32Array[] = [];
  private readonly scores: Float64Array[] = [];
  private readonly states: State[][] = [];
  private readonly tmp = new Float64Array(8);
  private root = 1;
  private nodes = 0;
  private deadline = Infinity;
  private nodeLimit = Infinity;
  private shouldStop: (() => boolean) | undefined = undefined;

  constructor(seed: number, params: Partial<AlphaBetaParams> = {}) {
    this.params = {
      depth: params.depth ?? (params.timeMs !== undefined || params.nodes !== undefined ? 64 : 5),
      timeMs: params.timeMs ?? Infinity,
      nodes: params.nodes ?? Infinity,
      ttBits: params.ttBits ?? 18,
    };
    const parts: string[] = [];
    if (params.depth !== undefined) parts.push(`depth=${params.depth}`);
    if (params.timeMs !== undefined) parts.push(`time=${params.timeMs}`);
    if (params.nodes !== undefined) parts.push(`nodes=${params.nodes}`);
    this.name = parts.length ? `alphabeta:${parts.join(',')}` : 'alphabeta';
    this.rng = new Rng(seed);
    this.chanceRng = new Rng(chanceSeedOf(seed));
    this.ttSize = 1 << this.params.ttBits;
    this.ttCheck = new Uint32Array(this.ttSize);
    this.ttValue = new Float64Array(this.ttSize);
    this.ttDepth = new Int8Array(this.ttSize);
    this.ttFlag = new Uint8Array(this.ttSize);
    this.ttMove = new Int16Array(this.ttSize);
    for (let i = 0; i <= MAX_PLY; i++) {
      this.bufs.push(moveBuffer());
      this.scores.push(new Float64Array(this.bufs[i]!.length));
    }
  }

  reset(): void {
    this.ttFlag.fill(0);
    this.history.fill(0);
  }

  reseed(seed: number): void {
    this.rng.seed(seed);
    this.chanceRng.seed(chanceSeedOf(seed));
    this.reset();
  }

  choose(game: Game, s: State, budget?: SearchBudget, onInfo?: (i: SearchInfo) => void): { move: number } & SearchInfo {
    return this.chooseFor(game, s, s.toMove, budget, onInfo);
  }

  chooseFor(
    game: Game,
    given: State,
    player: number,
    budget?: SearchBudget,
    onInfo?: (i: SearchInfo) => void,
  ): { move: number } & SearchInfo {
    this.prepare(game);
    const s = this.rootCopy(given);
    const rootMoves = moveBuffer();
    const n = movesFor(game, s, player, rootMoves);
    if (n === 0) return { move: -1 };
    if (n === 1) return { move: rootMoves[0]!, nodes: 0, depth: 0 };
    const infinite = budget?.infinite === true;
    const maxDepth = infinite
      ? MAX_PLY - 1
      : Math.min(MAX_PLY - 1, budget?.depth ?? (budget?.timeMs !== undefined || budget?.nodes !== undefined ? 64 : this.params.depth));
    const timeMs = infinite
      ? Infinity
      : (budget?.timeMs ?? (budget?.depth !== undefined || budget?.nodes !== undefined ? Infinity : this.params.timeMs));
    this.nodeLimit = infinite
      ? Infinity
      : (budget?.nodes ?? (budget?.depth !== undefined || budget?.timeMs !== undefined ? Infinity : this.params.nodes));
    this.shouldStop = budget?.shouldStop;
    const start = now();
    this.deadline = start + timeMs;
    this.nodes = 0;
    this.root = player;
    // Seeded shuffle so that equal moves are not always resolved the same way across seeds.
    for (let i = n - 1; i > 0; i--) {
      const j = this.rng.int(i + 1);
      const t = rootMoves[i]!;
      rootMoves[i] = rootMoves[j]!;
      rootMoves[j] = t;
    }
    let best: { move: number } & SearchInfo = { move: rootMoves[0]!, depth: 0, nodes: 0 };
    const simultaneous = isSimultaneous(s);
    for (let depth = 1; depth <= maxDepth; depth++) {
      if (depth > 1 && this.shouldStop?.() === true) break;
      let result: { move: number; value: number };
      try {
        result = simultaneous ? this.simRoot(game, s, player, depth) : this.rootSearch(game, s, rootMoves, n, depth);
      } catch (e) {
        if (e instanceof Abort) break;
        throw e;
      }
      const pv = simultaneous ? [result.move] : this.principalVariation(game, s, result.move, depth);
      best = { move: result.move, value: result.value, pv, depth, nodes: this.nodes, timeMs: now() - start };
      onInfo?.(best);
      // Move the best move to the front for the next iteration.
      const at = rootMoves.subarray(0, n).indexOf(result.move);
      if (at > 0) {
        rootMoves.copyWithin(1, 0, at);
        rootMoves[0] = result.move;
      }
      if (Math.abs(result.value) >= WIN - 1) break;
    }
    this.shouldStop = undefined;
    best.nodes = this.nodes;
    best.timeMs = now() - start;
    return best;
  }

  /**
   * The minimax value of `s` for `player` at exactly `depth` decisions (full window, no time or
   * node limit), whoever is to move: how analysis values the move that was played at the horizon
   * its best move was searched to. A finished position is its payoff (±WIN, a draw between).
   */
  valueFor(game: Game, s: State, player: number, depth: number): number {
    this.prepare(game);
    this.root = player;
    this.nodeLimit = Infinity;
    this.deadline = Infinity;
    this.shouldStop = undefined;
    return this.search(game, s, Math.min(MAX_PLY - 1, Math.max(0, depth)), -Infinity, Infinity, 0);
  }

  private prepare(game: Game): void {
    if (this.zobristGame !== game) {
      this.zobrist = new Zobrist(game);
      this.zobristGame = game;
      this.reset();
    }
  }

  /** The position searched: `s` with its generator re-seeded, so the search knows no future coin. */
  private rootCopy(s: State): State {
    let st = this.rootState;
    if (st === null || st.holeCount !== s.holeCount || st.players !== s.players) {
      st = s.clone();
      this.rootState = st;
    } else st.copyFrom(s);
    st.rng.seed(this.chanceRng.nextUint32());
    return st;
  }

  /**
   * `child` is `parent` after a move (or a joint choice) applied in slot (ply, k); `before` was its
   * `chanceEvents` count. Without a chance event on the way, the child's value; with one, the mean
   * of the values after each outcome, replayed in slot (ply, 2) (bounds cannot cut a mean).
   */
  private valueAfter(
    game: Game,
    parent: State,
    child: State,
    before: number,
    move: number,
    joint: Int32Array | null,
    depth: number,
    alpha: number,
    beta: number,
    ply: number,
  ): number {
    if (child.chanceEvents === before) return this.search(game, child, depth, alpha, beta, ply + 1);
    const arity = child.chanceArity;
    let sum = 0;
    for (let k = 0; k < arity; k++) {
      const c = this.state(ply, 2, parent);
      c.chanceForced = k;
      if (joint !== null) game.applyJoint(c, joint);
      else game.apply(c, move);
      c.chanceForced = -1;
      sum += this.search(game, c, depth, -Infinity, Infinity, ply + 1);
    }
    return sum / arity;
  }

  private state(ply: number, k: number, from: State): State {
    let row = this.states[ply];
    if (row === undefined) {
      row = [];
      this.states[ply] = row;
    }
    let st = row[k];
    if (st === undefined || st.holeCount !== from.holeCount || st.players !== from.players) {
      st = from.clone();
      row[k] = st;
    } else st.copyFrom(from);
    return st;
  }

  private tick(): void {
    this.nodes++;
    if (this.nodes >= this.nodeLimit) throw new Abort();
    // A stopped search unwinds to the last completed iteration (or the first root move).
    if ((this.nodes & 1023) === 0 && (now() >= this.deadline || this.shouldStop?.() === true)) throw new Abort();
  }

  private rootSearch(game: Game, s: State, moves: Int32Array, n: number, depth: number): { move: number; value: number } {
    let alpha = -Infinity;
    let bestMove = moves[0]!;
    for (let i = 0; i < n; i++) {
      const child = this.state(0, 0, s);
      const before = child.chanceEvents;
      game.apply(child, moves[i]!);
      this.tick();
      const v = this.valueAfter(game, s, child, before, moves[i]!, null, depth - 1, alpha, Infinity, 0);
      if (v > alpha) {
        alpha = v;
        bestMove = moves[i]!;
      }
    }
    this.store(s, depth, alpha, EXACT, bestMove);
    return { move: bestMove, value: alpha };
  }

  private leafValue(game: Game, s: State, ply: number): number {
    // No distance bonus: values then depend on the position only, so the table stays exact.
    // Iterative deepening still finds the shortest win first and stops there.
    void ply;
    return terminalScore(game, s, this.root, this.tmp) * WIN;
  }

  /** Minimax value of `s` for the root player, with alpha-beta bounds. */
  private search(game: Game, s: State, depth: number, alpha: number, beta: number, ply: number): number {
    if (isOver(s)) return this.leafValue(game, s, ply);
    if (depth <= 0 || ply >= MAX_PLY) return game.evaluate(s, this.root);
    if (isSimultaneous(s)) return this.simValue(game, s, depth, ply);

    const z = this.zobrist!;
    const key = (z.hash(s) ^ Math.imul(this.root, 0x27d4eb2d)) >>> 0;
    const check = (z.check ^ Math.imul(this.root, 0x165667b1)) >>> 0;
    const slot = key & (this.ttSize - 1);
    let ttMove = -1;
    if (this.ttFlag[slot] !== 0 && this.ttCheck[slot] === check) {
      ttMove = this.ttMove[slot]!;
      // Only an entry of the same depth cuts: a fixed-depth search then returns exactly the
      // minimax value of that depth (deeper entries still order the moves).
      if (this.ttDepth[slot] === depth) {
        const v = this.ttValue[slot]!;
        const f = this.ttFlag[slot]!;
        if (f === EXACT) return v;
        if (f === LOWER && v >= beta) return v;
        if (f === UPPER && v <= alpha) return v;
      }
    }

    const maximizing = s.toMove === this.root;
    const buf = this.bufs[ply]!;
    let n = game.candidateMoves(s, buf);
    this.order(buf, n, ply, ttMove);
    const a0 = alpha;
    const b0 = beta;
    let best = maximizing ? -Infinity : Infinity;
    let bestMove = -1;
    let tried = 0;
    for (let pass = 0; pass < 2 && tried === 0; pass++) {
      if (pass === 1) {
        // Every candidate was perpetual: the exact moves (a pass, typically) are what is left.
        n = game.legalMoves(s, buf);
        if (n === 0) return game.evaluate(s, this.root);
      }
      for (let i = 0; i < n; i++) {
        const m = buf[i]!;
        const child = this.state(ply, 0, s);
        const before = child.chanceEvents;
        if (!game.apply(child, m)) continue;
        tried++;
        this.tick();
        const v = this.valueAfter(game, s, child, before, m, null, depth - 1, alpha, beta, ply);
        if (maximizing) {
          if (v > best) {
            best = v;
            bestMove = m;
          }
          if (v > alpha) alpha = v;
        } else {
          if (v < best) {
            best = v;
            bestMove = m;
          }
          if (v < beta) beta = v;
        }
        if (alpha >= beta) {
          if (m >= 0 && m < this.history.length) this.history[m]! += depth * depth;
          break;
        }
      }
    }
    const flag = best <= a0 ? UPPER : best >= b0 ? LOWER : EXACT;
    this.storeAt(slot, check, depth, best, flag, bestMove);
    return best;
  }

  private order(buf: Int32Array, n: number, ply: number, ttMove: number): void {
    const sc = this.scores[ply]!;
    const h = this.history;
    for (let i = 0; i < n; i++) {
      const m = buf[i]!;
      sc[i] = m === ttMove ? 1e12 : m >= 0 && m < h.length ? h[m]! : 0;
    }
    for (let i = 1; i < n; i++) {
      const m = buf[i]!;
      const v = sc[i]!;
      let j = i - 1;
      while (j >= 0 && sc[j]! < v) {
        buf[j + 1] = buf[j]!;
        sc[j + 1] = sc[j]!;
        j--;
      }
      buf[j + 1] = m;
      sc[j + 1] = v;
    }
  }

  private store(s: State, depth: number, value: number, flag: number, move: number): void {
    const z = this.zobrist!;
    const key = (z.hash(s) ^ Math.imul(this.root, 0x27d4eb2d)) >>> 0;
    this.storeAt(key & (this.ttSize - 1), (z.check ^ Math.imul(this.root, 0x165667b1)) >>> 0, depth, value, flag, move);
  }

  private storeAt(slot: number, check: number, depth: number, value: number, flag: number, move: number): void {
    this.ttCheck[slot] = check;
    this.ttValue[slot] = value;
    this.ttDepth[slot] = Math.min(127, depth);
    this.ttFlag[slot] = flag;
    this.ttMove[slot] = move;
  }

  /** The expected line: the chosen move, then the table's moves while they are legal. */
  private principalVariation(game: Game, s: State, first: number, depth: number): number[] {
    const pv = [first];
    const st = s.clone();
    game.apply(st, first);
    const z = this.zobrist!;
    const buf = moveBuffer();
    while (pv.length < depth && !isOver(st) && !isSimultaneous(st)) {
      const key = (z.hash(st) ^ Math.imul(this.root, 0x27d4eb2d)) >>> 0;
      const slot = key & (this.ttSize - 1);
      if (this.ttFlag[slot] === 0 || this.ttCheck[slot] !== (z.check ^ Math.imul(this.root, 0x165667b1)) >>> 0) break;
      const m = this.ttMove[slot]!;
      const n = game.legalMoves(st, buf);
      if (!buf.subarray(0, n).includes(m)) break;
      pv.push(m);
      game.apply(st, m);
    }
    return pv;
  }

  /** Each player's choices at a simultaneous node. */
  private jointChoices(game: Game, s: State): Int32Array[] {
    const per: Int32Array[] = [];
    for (let p = 1; p <= s.players; p++) {
      const b = moveBuffer();
      const k = game.legalMovesFor(s, p, b);
      per.push(b.subarray(0, Math.max(0, k)));
    }
    return per;
  }

  /**
   * Values (for the root player) of every joint choice, by row = `rowPlayer`'s choice and
   * column = the others' joint choice in mixed radix.
   */
  private matrix(game: Game, s: State, rowPlayer: number, depth: number, ply: number): { rows: Int32Array; cols: number; v: Float64Array } {
    const per = this.jointChoices(game, s);
    const rows = per[rowPlayer - 1]!;
    let cols = 1;
    for (let p = 1; p <= s.players; p++) if (p !== rowPlayer) cols *= Math.max(1, per[p - 1]!.length);
    const v = new Float64Array(Math.max(1, rows.length) * cols);
    const joint = new Int32Array(s.players + 1);
    for (let r = 0; r < rows.length; r++) {
      for (let c = 0; c < cols; c++) {
        let rest = c;
        for (let p = 1; p <= s.players; p++) {
          const choices = per[p - 1]!;
          if (p === rowPlayer) joint[p] = rows[r]!;
          else if (choices.length === 0) joint[p] = -1;
          else {
            joint[p] = choices[rest % choices.length]!;
            rest = Math.floor(rest / choices.length);
          }
        }
        const child = this.state(ply, 1, s);
        const before = child.chanceEvents;
        game.applyJoint(child, joint);
        this.tick();
        v[r * cols + c] = this.valueAfter(game, s, child, before, -1, joint, depth - 1, -Infinity, Infinity, ply);
      }
    }
    return { rows, cols, v };
  }

  private simValue(game: Game, s: State, depth: number, ply: number): number {
    const row = s.players === 2 ? 1 : this.root;
    const { rows, cols, v } = this.matrix(game, s, row, depth, ply);
    if (rows.length === 0) return game.evaluate(s, this.root);
    if (s.players !== 2) {
      let sum = 0;
      for (let i = 0; i < v.length; i++) sum += v[i]!;
      return sum / v.length;
    }
    // Values are the root player's; whoever owns the rows, take the two pure-strategy bounds.
    const sign = this.root === 1 ? 1 : -1;
    let maximin = -Infinity;
    for (let r = 0; r < rows.length; r++) {
      let m = Infinity;
      for (let c = 0; c < cols; c++) m = Math.min(m, sign * v[r * cols + c]!);
      maximin = Math.max(maximin, m);
    }
    let minimax = Infinity;
    for (let c = 0; c < cols; c++) {
      let m = -Infinity;
      for (let r = 0; r < rows.length; r++) m = Math.max(m, sign * v[r * cols + c]!);
      minimax = Math.min(minimax, m);
    }
    return (sign * (maximin + minimax)) / 2;
  }

  private simRoot(game: Game, s: State, player: number, depth: number): { move: number; value: number } {
    const { rows, cols, v } = this.matrix(game, s, player, depth, 0);
    let best = -Infinity;
    let move = rows[0]!;
    for (let r = 0; r < rows.length; r++) {
      let m = Infinity;
      for (let c = 0; c < cols; c++) m = Math.min(m, v[r * cols + c]!);
      if (m > best) {
        best = m;
        move = rows[r]!;
      }
    }
    return { move, value: best };
  }
}

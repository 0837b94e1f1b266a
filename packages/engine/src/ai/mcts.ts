/**
 * Monte Carlo tree search (UCT). Each node keeps a payoff vector (one sum per player), so the
 * same code plays two and three players (each player maximises its own payoff, max^n style).
 * Simultaneous nodes use decoupled UCT: every player keeps its own statistics for its own
 * choices and picks by UCT independently; the joint choice selects (or creates) the child.
 *
 * Playouts are uniformly random with no allocation (`RandomPlayout`). A playout stops at `playoutDepth` decisions and
 * scores the position with `Game.evaluate` mapped to [0, 1].
 *
 * The tree is kept between moves: when the new position is found a few plies below the old root,
 * its subtree becomes the root. With an iteration budget the search is deterministic for a seed.
 * A budget's `shouldStop` (a GUI's `stop`) ends the search at the next clock check with the
 * most visited move so far.
 *
 * Chance is chance (re-seeded determinizations): every iteration replays the moves on a copy of
 * the root whose generator is re-seeded from the agent's own seed, so each chance event of the
 * rules (`State.chance`: a dead heat's coin) falls afresh each iteration, and a move that met one
 * leads to a chance node with a child per outcome (who moves next may depend on it), so the move's
 * statistics average over the outcomes. The game's own seed never reaches the search: the same
 * agent seed chooses the same move whatever it is.
 */
import { MAX_MOVES, type Game } from '../core/game.js';
import { Rng } from '../core/rng.js';
import type { State } from '../core/state.js';
import type { Agent, SearchBudget, SearchInfo } from './index.js';
import { RandomPlayout } from './playout.js';
import { chanceSeedOf, isOver, isSimultaneous, moveBuffer, now, sameState } from './util.js';

export interface MctsParams {
  iterations: number;
  timeMs: number;
  /** UCT exploration constant (payoffs are in [0, 1]). */
  c: number;
  /** Decisions per playout before the heuristic value is used. */
  playoutDepth: number;
  /** Keep the tree between moves. */
  reuse: boolean;
  /** Nodes kept at most; beyond it the tree stops growing (and is dropped before the next move). */
  maxNodes: number;
}

/** The parameters an agent spec leaves out. */
export const MCTS_DEFAULTS = {
  /** A few thousand playouts: a fraction of a second on every ruleset. */
  iterations: 5000,
  /** Payoffs lie in [0, 1]; at that scale a constant about 1 is the usual choice (UCB1's proof uses sqrt 2, which explores more). */
  c: 1.0,
  /** A few turns of random play: beyond them random moves say less about the position than `evaluate`. */
  playoutDepth: 8,
  /** About 100 MB of node arrays at two players: a long search stops growing before memory runs short. */
  maxNodes: 2_000_000,
} as const;

/** Node flag: a perpetual candidate that `apply` refused; selection skips it. */
const FLAG_DEAD = 1;
/** Node flag: a simultaneous node, whose statistics live in `sim`. */
const FLAG_SIM = 2;
/** Node flag: the children are the exact legal moves (candidates proved all perpetual). */
const FLAG_EXACT = 4;
/**
 * Node flag: the move into this node met a chance event of the rules; its children are the
 * event's outcomes (child k: outcome k), not moves. Selection steps through it to the outcome
 * that fell in this iteration's determinization.
 */
const FLAG_CHANCE = 8;
/** Deepest selection path: far beyond what an iteration budget grows, and a bound for the `path` buffer. */
const MAX_PATH = 512;
/** Choices kept per path step at a simultaneous node, one per seat: the rulesets seat at most three. */
const SEATS_PER_STEP = 4;
/** Length of the per-seat scratch arrays (seats are numbered from 1): room for any seating. */
const SEAT_SLOTS = 8;
/**
 * Selection walks that may restart in one iteration (a perpetual candidate struck off, or the exact
 * moves replacing candidates): each restart removes a child, so few are ever needed; the cap only
 * keeps a game whose `apply` refuses everything from looping.
 */
const MAX_SELECTION_RESTARTS = 64;
/**
 * Room the node pool must have left before a node is expanded: its candidates and the exact moves
 * that may later replace them (at most `MAX_MOVES` each), so that both fit under `maxNodes`.
 */
const EXPANSION_HEADROOM = 2 * MAX_MOVES;
/**
 * The clock and the stop callback are read once every 64 iterations (mask 63): rarely enough to
 * cost nothing measurable, often enough that a stop or a deadline is met within about a millisecond.
 */
const CLOCK_CHECK_MASK = 63;
/** Iterations before the first progress report; the interval then doubles, so reports stay few. */
const FIRST_INFO_AT = 1024;
/** Longest principal variation reported: enough to show a line; it stops earlier where visits run out. */
const MAX_PV_LENGTH = 16;
/**
 * Decisions below the old root searched for the new position: this agent's move and the reply,
 * with room for continuation decisions of the same turn.
 */
const REUSE_SEARCH_PLIES = 4;
/**
 * A tree fuller than this share of `maxNodes` is dropped rather than reused: reused, it would leave
 * the new search little room to grow.
 */
const REUSE_MAX_FILL = 0.75;
/** Smallest node pool allocated: small searches grow it once or twice, not on every node. */
const MIN_POOL = 1024;
/** What selection returns when the walk must start again from the root. */
const RESTART_SELECTION = -1;

interface SimStats {
  /** Per player (index p - 1): its choices, visit counts and payoff sums. */
  moves: Int32Array[];
  n: Float64Array[];
  w: Float64Array[];
  /** Joint choice key (mixed radix of choice indices) -> child node. */
  children: Map<number, number>;
}

export class MctsAgent implements Agent {
  readonly name: string;
  private readonly params: MctsParams;
  private readonly rng: Rng;
  /** Re-seeds the generator of each iteration's copy of the root (a determinization of chance). */
  private readonly chanceRng: Rng;
  private game: Game | null = null;
  private players = 2;
  private stride = 3;
  private cap = 0;
  private count = 0;
  private parent: Int32Array = new Int32Array(0);
  private move: Int32Array = new Int32Array(0);
  private first: Int32Array = new Int32Array(0);
  private nChildren: Int32Array = new Int32Array(0);
  private flags = new Uint8Array(0);
  private visits = new Float64Array(0);
  private wins = new Float64Array(0);
  private readonly sim = new Map<number, SimStats>();
  private rootNode = -1;
  private rootState: State | null = null;
  private work: State | null = null;
  private player: RandomPlayout | null = null;
  private readonly buf = moveBuffer();
  private readonly buf2 = moveBuffer();
  private readonly reward = new Float64Array(SEAT_SLOTS);
  private readonly joint = new Int32Array(SEAT_SLOTS);
  private readonly path = new Int32Array(MAX_PATH);
  private readonly pathChoice = new Int32Array(MAX_PATH * SEATS_PER_STEP);

  constructor(seed: number, params: Partial<MctsParams> = {}) {
    this.params = {
      iterations: params.iterations ?? (params.timeMs !== undefined ? Infinity : MCTS_DEFAULTS.iterations),
      timeMs: params.timeMs ?? Infinity,
      c: params.c ?? MCTS_DEFAULTS.c,
      playoutDepth: params.playoutDepth ?? MCTS_DEFAULTS.playoutDepth,
      reuse: params.reuse ?? true,
      maxNodes: params.maxNodes ?? MCTS_DEFAULTS.maxNodes,
    };
    const parts: string[] = [];
    if (params.iterations !== undefined) parts.push(`iterations=${params.iterations}`);
    if (params.timeMs !== undefined) parts.push(`time=${params.timeMs}`);
    if (params.c !== undefined) parts.push(`c=${params.c}`);
    if (params.playoutDepth !== undefined) parts.push(`playout=${params.playoutDepth}`);
    this.name = parts.length ? `mcts:${parts.join(',')}` : 'mcts';
    this.rng = new Rng(seed);
    this.chanceRng = new Rng(chanceSeedOf(seed));
  }

  reset(): void {
    this.count = 0;
    this.rootNode = -1;
    this.rootState = null;
    this.sim.clear();
  }

  reseed(seed: number): void {
    this.rng.seed(seed);
    this.chanceRng.seed(chanceSeedOf(seed));
    this.reset();
  }

  choose(game: Game, s: State, budget?: SearchBudget, onInfo?: (i: SearchInfo) => void): { move: number } & SearchInfo {
    return this.chooseFor(game, s, s.toMove, budget, onInfo);
  }

  chooseFor(game: Game, s: State, player: number, budget?: SearchBudget, onInfo?: (i: SearchInfo) => void): { move: number } & SearchInfo {
    if (isOver(s)) return { move: -1 };
    this.prepare(game, s);
    const infinite = budget?.infinite === true;
    const shouldStop = budget?.shouldStop;
    const iterations = infinite ? Infinity : (budget?.iterations ?? (budget?.timeMs !== undefined ? Infinity : this.params.iterations));
    const timeMs = infinite ? Infinity : (budget?.timeMs ?? (budget?.iterations !== undefined ? Infinity : this.params.timeMs));
    const start = now();
    const deadline = start + (Number.isFinite(timeMs) ? timeMs : Infinity);
    const limit = Number.isFinite(iterations) ? iterations : Infinity;
    if (!Number.isFinite(limit) && !Number.isFinite(deadline) && shouldStop === undefined) {
      throw new Error('MCTS needs an iteration or time budget, or a shouldStop callback to end an infinite search');
    }
    let done = 0;
    let nextInfo = FIRST_INFO_AT;
    const root = this.rootNode;
    const rs = this.rootState!;
    // A single choice needs no search.
    const single = this.singleChoice(game, rs, player);
    if (single !== null) return { move: single, iterations: 0 };
    while (done < limit) {
      this.iterate(game, rs, root);
      done++;
      if ((done & CLOCK_CHECK_MASK) === 0 && (now() >= deadline || shouldStop?.() === true)) break;
      if (onInfo !== undefined && done === nextInfo) {
        nextInfo *= 2;
        onInfo(this.info(game, rs, player, done, start));
      }
    }
    const info = this.info(game, rs, player, done, start);
    onInfo?.(info);
    return info;
  }

  private singleChoice(game: Game, s: State, player: number): number | null {
    const n = isSimultaneous(s) ? game.legalMovesFor(s, player, this.buf) : game.legalMoves(s, this.buf);
    return n === 1 ? this.buf[0]! : null;
  }

  /** The best move found and what the search knows about it. */
  private info(game: Game, s: State, player: number, iterations: number, start: number): { move: number } & SearchInfo {
    const root = this.rootNode;
    const nodes = this.count;
    const timeMs = now() - start;
    if (this.flags[root]! & FLAG_SIM) {
      const st = this.sim.get(root)!;
      const k = player - 1;
      let best = 0;
      for (let i = 1; i < st.moves[k]!.length; i++) if (st.n[k]![i]! > st.n[k]![best]!) best = i;
      const n = st.n[k]![best]!;
      const move = st.moves[k]!.length ? st.moves[k]![best]! : -1;
      return { move, value: n > 0 ? 2 * (st.w[k]![best]! / n) - 1 : 0, pv: [move], iterations, nodes, timeMs };
    }
    const pv: number[] = [];
    let node = root;
    let value = 0;
    for (let d = 0; d < MAX_PV_LENGTH; d++) {
      const c = this.bestChild(node);
      if (c < 0) break;
      if (d === 0) value = 2 * (this.wins[c * this.stride + player]! / Math.max(1, this.visits[c]!)) - 1;
      pv.push(this.move[c]!);
      if (this.flags[c]! & (FLAG_SIM | FLAG_CHANCE) || this.visits[c]! < 2) break;
      node = c;
    }
    let move = pv[0] ?? -1;
    if (move < 0) {
      // No iteration ran: any legal move.
      const n = game.legalMoves(s, this.buf);
      move = n > 0 ? this.buf[0]! : -1;
    }
    return { move, value, pv, iterations, nodes, depth: pv.length, timeMs };
  }

  private bestChild(node: number): number {
    if (node < 0 || this.first[node]! < 0 || this.flags[node]! & FLAG_SIM) return -1;
    let best = -1;
    for (let i = 0, c = this.first[node]!; i < this.nChildren[node]!; i++, c++) {
      if (this.flags[c]! & FLAG_DEAD) continue;
      if (best < 0 || this.visits[c]! > this.visits[best]!) best = c;
    }
    return best;
  }

  /** Sets up the tree for position `s`: reuses a subtree when `s` is found below the old root. */
  private prepare(game: Game, s: State): void {
    if (this.game !== game) {
      this.game = game;
      this.players = game.players;
      this.stride = game.players + 1;
      this.cap = 0;
      this.reset();
      this.work = s.clone();
      this.player = new RandomPlayout(game, s, this.params.playoutDepth + 1);
    }
    if (this.work!.holeCount !== s.holeCount) {
      this.work = s.clone();
      this.player = new RandomPlayout(game, s, this.params.playoutDepth + 1);
    }
    let found = -1;
    if (this.params.reuse && this.rootState !== null && this.rootNode >= 0 && this.count < this.params.maxNodes * REUSE_MAX_FILL) {
      found = this.find(game, this.rootNode, this.rootState, s, REUSE_SEARCH_PLIES);
    }
    if (found >= 0) {
      this.rootNode = found;
      this.parent[found] = -1;
    } else {
      this.count = 0;
      this.sim.clear();
      this.rootNode = this.newNode(-1, -1);
    }
    this.rootState = s.clone();
  }

  private find(game: Game, node: number, st: State, target: State, depth: number): number {
    // A chance node stands for the position before its outcome: go on to the outcome `st` took.
    if (this.flags[node]! & FLAG_CHANCE) return this.find(game, this.first[node]! + st.chanceOutcome, st, target, depth);
    if (sameState(st, target)) return node;
    if (depth === 0 || (this.first[node]! < 0 && !(this.flags[node]! & FLAG_SIM))) return -1;
    if (this.flags[node]! & FLAG_SIM) {
      const ss = this.sim.get(node)!;
      for (const [key, child] of ss.children) {
        if (this.visits[child]! < 1) continue;
        const next = st.clone();
        this.decodeJoint(ss, key);
        game.applyJoint(next, this.joint);
        const f = this.find(game, child, next, target, depth - 1);
        if (f >= 0) return f;
      }
      return -1;
    }
    for (let i = 0, c = this.first[node]!; i < this.nChildren[node]!; i++, c++) {
      if (this.visits[c]! < 1 || this.flags[c]! & FLAG_DEAD) continue;
      const next = st.clone();
      if (!game.apply(next, this.move[c]!)) continue;
      const f = this.find(game, c, next, target, depth - 1);
      if (f >= 0) return f;
    }
    return -1;
  }

  private grow(need: number): void {
    if (need <= this.cap) return;
    const cap = Math.max(MIN_POOL, need, this.cap * 2);
    const g32 = (a: Int32Array): Int32Array => {
      const b = new Int32Array(cap);
      b.set(a.subarray(0, Math.min(a.length, this.count)));
      return b;
    };
    this.parent = g32(this.parent);
    this.move = g32(this.move);
    this.first = g32(this.first);
    this.nChildren = g32(this.nChildren);
    const f = new Uint8Array(cap);
    f.set(this.flags.subarray(0, Math.min(this.flags.length, this.count)));
    this.flags = f;
    const v = new Float64Array(cap);
    v.set(this.visits.subarray(0, Math.min(this.visits.length, this.count)));
    this.visits = v;
    const w = new Float64Array(cap * this.stride);
    w.set(this.wins.subarray(0, Math.min(this.wins.length, this.count * this.stride)));
    this.wins = w;
    this.cap = cap;
  }

  private newNode(parent: number, move: number): number {
    this.grow(this.count + 1);
    const i = this.count++;
    this.init(i, parent, move);
    return i;
  }

  private init(i: number, parent: number, move: number): void {
    this.parent[i] = parent;
    this.move[i] = move;
    this.first[i] = -1;
    this.nChildren[i] = 0;
    this.flags[i] = 0;
    this.visits[i] = 0;
    for (let p = 0; p < this.stride; p++) this.wins[i * this.stride + p] = 0;
  }

  /** Creates the children of a sequential node (all at once) or the statistics of a simultaneous one. */
  private expand(game: Game, node: number, s: State, exact: boolean): void {
    if (isSimultaneous(s)) {
      const moves: Int32Array[] = [];
      const n: Float64Array[] = [];
      const w: Float64Array[] = [];
      for (let p = 1; p <= this.players; p++) {
        const k = game.legalMovesFor(s, p, this.buf2);
        moves.push(this.buf2.slice(0, Math.max(1, k)));
        if (k === 0) moves[p - 1]![0] = -1;
        n.push(new Float64Array(moves[p - 1]!.length));
        w.push(new Float64Array(moves[p - 1]!.length));
      }
      this.sim.set(node, { moves, n, w, children: new Map() });
      this.flags[node]! |= FLAG_SIM;
      this.first[node] = 0;
      return;
    }
    const k = exact ? game.legalMoves(s, this.buf2) : game.candidateMoves(s, this.buf2);
    this.grow(this.count + k);
    const base = this.count;
    this.count += k;
    for (let i = 0; i < k; i++) this.init(base + i, node, this.buf2[i]!);
    this.first[node] = base;
    this.nChildren[node] = k;
    if (exact) this.flags[node]! |= FLAG_EXACT;
  }

  private decodeJoint(ss: SimStats, key: number): void {
    let rest = key;
    for (let p = 1; p <= this.players; p++) {
      const m = ss.moves[p - 1]!;
      this.joint[p] = m[rest % m.length]!;
      rest = Math.floor(rest / m.length);
    }
  }

  private uct(childWins: number, childVisits: number, logParent: number): number {
    if (childVisits === 0) return Infinity;
    return childWins / childVisits + this.params.c * Math.sqrt(logParent / childVisits);
  }

  /** One iteration: select (expanding as it goes), play out, back up. */
  private iterate(game: Game, rootState: State, root: number): void {
    for (let attempt = 0; attempt < MAX_SELECTION_RESTARTS; attempt++) {
      const depth = this.select(game, rootState, root);
      if (depth === RESTART_SELECTION) continue;
      this.playout(game, this.work!);
      this.backpropagate(depth);
      return;
    }
  }

  /**
   * Walks from the root to a leaf by UCT, playing the moves on `work` and recording the nodes in
   * `path` (and a simultaneous step's choices in `pathChoice`); a node visited before gets its
   * children on the way. Returns the depth of the leaf, or `RESTART_SELECTION` when the walk
   * changed the tree under itself (a perpetual candidate struck off, exact moves put in).
   */
  private select(game: Game, rootState: State, root: number): number {
    const work = this.work!;
    work.copyFrom(rootState);
    work.rng.seed(this.chanceRng.nextUint32());
    let node = root;
    let depth = 0;
    this.path[0] = root;
    for (;;) {
      if (isOver(work)) break;
      if (this.first[node]! < 0 && !this.expandLeaf(game, node, work, node === root)) break;
      if (depth + 1 >= MAX_PATH) break;
      let child: number;
      const chanceBefore = work.chanceEvents;
      if (this.flags[node]! & FLAG_SIM) {
        child = this.selectJoint(node, depth);
        game.applyJoint(work, this.joint);
      } else {
        const best = this.selectSequential(node, work.toMove);
        if (best < 0) {
          // Every candidate was perpetual: the exact moves (a pass) replace them.
          if (this.flags[node]! & FLAG_EXACT) break;
          this.expand(game, node, work, true);
          return RESTART_SELECTION;
        }
        if (!game.apply(work, this.move[best]!)) {
          this.flags[best]! |= FLAG_DEAD;
          return RESTART_SELECTION;
        }
        child = best;
      }
      depth++;
      this.path[depth] = child;
      node = child;
      if (work.chanceEvents !== chanceBefore && depth + 1 < MAX_PATH) {
        const outcome = this.outcomeChild(child, work.chanceArity, work.chanceOutcome);
        if (outcome >= 0) {
          depth++;
          this.path[depth] = outcome;
          node = outcome;
        }
      }
      if (this.visits[node] === 0) break;
    }
    return depth;
  }

  /**
   * The child of chance node `node` for `outcome`, the node's outcome children made on first use;
   * -1 when the pool has no room for them (the walk then goes on from `node` itself).
   */
  private outcomeChild(node: number, arity: number, outcome: number): number {
    if (!(this.flags[node]! & FLAG_CHANCE)) {
      if (this.first[node]! >= 0 || this.count + arity + EXPANSION_HEADROOM >= this.params.maxNodes) return -1;
      this.grow(this.count + arity);
      const base = this.count;
      this.count += arity;
      for (let k = 0; k < arity; k++) this.init(base + k, node, k);
      this.first[node] = base;
      this.nChildren[node] = arity;
      this.flags[node]! |= FLAG_CHANCE;
    }
    return outcome < this.nChildren[node]! ? this.first[node]! + outcome : -1;
  }

  /**
   * Expands a childless node reached by selection, if it should grow: the root always, another
   * node from its second visit on (its first visit is a playout), and only while the pool has room.
   */
  private expandLeaf(game: Game, node: number, s: State, isRoot: boolean): boolean {
    if (this.visits[node]! === 0 && !isRoot) return false;
    if (this.count + EXPANSION_HEADROOM >= this.params.maxNodes) return false;
    this.expand(game, node, s, false);
    return true;
  }

  /**
   * Decoupled UCT at a simultaneous node: each seat picks its own choice by its own statistics.
   * Leaves the joint move in `joint`, the choices in `pathChoice` at `depth`, and returns the
   * child of that joint choice (created on first use).
   */
  private selectJoint(node: number, depth: number): number {
    const ss = this.sim.get(node)!;
    const logN = Math.log(Math.max(1, this.visits[node]!));
    let key = 0;
    let radix = 1;
    for (let p = 1; p <= this.players; p++) {
      const m = ss.moves[p - 1]!;
      const n = ss.n[p - 1]!;
      const w = ss.w[p - 1]!;
      let best = 0;
      let bestV = -Infinity;
      for (let i = 0; i < m.length; i++) {
        const v = this.uct(w[i]!, n[i]!, logN);
        if (v > bestV) {
          bestV = v;
          best = i;
          if (v === Infinity) break;
        }
      }
      this.pathChoice[depth * SEATS_PER_STEP + p - 1] = best;
      this.joint[p] = m[best]!;
      key += best * radix;
      radix *= m.length;
    }
    let child = ss.children.get(key);
    if (child === undefined) {
      child = this.newNode(node, key);
      ss.children.set(key, child);
    }
    return child;
  }

  /** The UCT choice of `mover` among the live children of a sequential node, or -1 if none is left. */
  private selectSequential(node: number, mover: number): number {
    const stride = this.stride;
    const logN = Math.log(Math.max(1, this.visits[node]!));
    let best = -1;
    let bestV = -Infinity;
    const f = this.first[node]!;
    const k = this.nChildren[node]!;
    for (let i = 0; i < k; i++) {
      const c = f + i;
      if (this.flags[c]! & FLAG_DEAD) continue;
      const v = this.uct(this.wins[c * stride + mover]!, this.visits[c]!, logN);
      if (v > bestV) {
        bestV = v;
        best = c;
        if (v === Infinity) break;
      }
    }
    return best;
  }

  /** Adds the payoff vector in `reward` to every node of `path[0..depth]`, and to the seats' choices at simultaneous steps. */
  private backpropagate(depth: number): void {
    const stride = this.stride;
    const r = this.reward;
    for (let d = depth; d >= 0; d--) {
      const nd = this.path[d]!;
      this.visits[nd]!++;
      for (let p = 1; p < stride; p++) this.wins[nd * stride + p]! += r[p]!;
      if (d < depth && this.flags[nd]! & FLAG_SIM) {
        const ss = this.sim.get(nd)!;
        for (let p = 1; p < stride; p++) {
          const i = this.pathChoice[d * SEATS_PER_STEP + p - 1]!;
          ss.n[p - 1]![i]!++;
          ss.w[p - 1]![i]! += r[p]!;
        }
      }
    }
  }

  /** Random play from `s` (changed in place); leaves the payoff vector in `this.reward`. */
  private playout(game: Game, s: State): void {
    this.player!.run(s, this.rng, this.params.playoutDepth);
    const r = this.reward;
    if (isOver(s)) game.returns(s, r);
    else for (let p = 1; p <= this.players; p++) r[p] = (game.evaluate(s, p) + 1) / 2;
  }
}

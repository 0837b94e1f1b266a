/**
 * Agents: every one plays every ruleset through the Game interface only (an evaluation function
 * per ruleset is `Game.evaluate`). No Node-only API here: the web app runs agents in a Worker.
 *
 * @example
 *   const agent = unwrap(makeAgent('mcts:iterations=5000,c=1.4', 7));
 *   const { move } = agent.choose(game, state);
 */
import { err, ok, type Result } from '../core/errors.js';
import type { Game } from '../core/game.js';
import type { State } from '../core/state.js';
import { AlphaBetaAgent } from './alphabeta.js';
import { GreedyAgent } from './greedy.js';
import { MctsAgent } from './mcts.js';
import { RandomAgent } from './random.js';
import { LEVELS } from './levels.js';

export interface SearchBudget {
  timeMs?: number;
  iterations?: number;
  depth?: number;
  nodes?: number;
  /** Search until `shouldStop` says so (or the search has nothing left to look at); other limits are ignored. */
  infinite?: boolean;
  /**
   * Asked every few hundred nodes or iterations, where the clock is read: once it returns true the
   * search ends and answers its best move so far. How a GUI's `stop` reaches a search running in a
   * worker (a flag in shared memory); nothing Node-only, so the browser can use it too.
   */
  shouldStop?: () => boolean;
}

/**
 * Caps on search budgets, the same for agent specs and the engine protocol's `go`: a budget beyond
 * them is refused (ERR_ARGUMENT) rather than left to run for days or to exhaust memory.
 */
export const MAX_SEARCH_DEPTH = 64;
export const MAX_SEARCH_ITERATIONS = 100_000_000;
/** One hour. */
export const MAX_SEARCH_TIME_MS = 3_600_000;
export const MAX_SEARCH_NODES = 10_000_000_000;
/** Decisions of one MCTS playout (its move log is allocated up front). */
export const MAX_PLAYOUT_DEPTH = 10_000;
/** MCTS tree size (about 60 bytes a node: some 600 MB). */
export const MAX_MCTS_TREE_NODES = 10_000_000;

export interface SearchInfo {
  value?: number;
  pv?: number[];
  iterations?: number;
  nodes?: number;
  depth?: number;
  timeMs?: number;
}

export interface Agent {
  readonly name: string;
  /** Choose a move at a sequential node (s.toMove > 0). */
  choose(game: Game, s: State, budget?: SearchBudget, onInfo?: (i: SearchInfo) => void): { move: number } & SearchInfo;
  /** At a simultaneous node (toMove 0, PHASE_RACE): this player's choice. */
  chooseFor(game: Game, s: State, player: number, budget?: SearchBudget): { move: number } & SearchInfo;
  /** Forget trees/tables (new game). */
  reset(): void;
  /**
   * Starts afresh with `seed`: from here the agent plays exactly as one newly made with that seed
   * (its generators re-seeded, its trees and tables forgotten), without allocating them again; a
   * simulation keeps one agent per seat and reseeds it for each match.
   */
  reseed(seed: number): void;
}

export { LEVELS } from './levels.js';

/** The agent of a strength level (1 = beginner .. 5 = strongest within about a second). */
export function levelAgent(level: 1 | 2 | 3 | 4 | 5, seed: number): Agent {
  const l = LEVELS[level - 1]!;
  const r = makeAgent(l.spec, seed);
  if (!r.ok) throw r.error;
  return new NamedAgent(`level:${level}`, r.value);
}

class NamedAgent implements Agent {
  constructor(
    readonly name: string,
    private readonly inner: Agent,
  ) {}
  choose(game: Game, s: State, budget?: SearchBudget, onInfo?: (i: SearchInfo) => void): { move: number } & SearchInfo {
    return this.inner.choose(game, s, budget, onInfo);
  }
  chooseFor(game: Game, s: State, player: number, budget?: SearchBudget): { move: number } & SearchInfo {
    return this.inner.chooseFor(game, s, player, budget);
  }
  reset(): void {
    this.inner.reset();
  }
  reseed(seed: number): void {
    this.inner.reseed(seed);
  }
}

/** Agent kinds and their parameters, for help texts. */
export const AGENT_KINDS: Readonly<Record<string, string>> = {
  random: 'uniformly random legal moves',
  greedy:
    'best material after its own turn; epsilon=P plays randomly that often, depth=N decisions of its turn (at ' +
    `most ${MAX_SEARCH_DEPTH})`,
  alphabeta:
    `alpha-beta with iterative deepening; depth=N (default 5, at most ${MAX_SEARCH_DEPTH}), time=MS (at most ` +
    `${MAX_SEARCH_TIME_MS}, one hour), nodes=N (at most ${MAX_SEARCH_NODES.toExponential().replace('+', '')}), ` +
    'tt=BITS',
  mcts:
    'UCT Monte Carlo tree search; iterations=N (default 5000, at most ' +
    `${MAX_SEARCH_ITERATIONS.toExponential().replace('+', '')}), time=MS (at most ${MAX_SEARCH_TIME_MS}, one ` +
    'hour), c=C (default 1.0), playout=N decisions before the heuristic value (default 8, at most ' +
    `${MAX_PLAYOUT_DEPTH}), reuse=false, maxnodes=N tree nodes (default 2e6, at most ` +
    `${MAX_MCTS_TREE_NODES.toExponential().replace('+', '')})`,
  level: 'level:1 .. level:5, the strength levels',
};

/**
 * The parameters of each agent kind (level aside). A Map, not an object literal: a kind is a
 * client's word, and `__proto__` or `constructor` would find Object's own properties there.
 */
const AGENT_PARAMETERS: ReadonlyMap<string, readonly string[]> = new Map([
  ['random', []],
  ['greedy', ['epsilon', 'depth']],
  ['alphabeta', ['depth', 'time', 'movetime', 'nodes', 'tt']],
  ['mcts', ['iterations', 'time', 'movetime', 'c', 'playout', 'reuse', 'maxnodes']],
]);

/**
 * Builds an agent from a spec: `kind` or `kind:name=value,name=value`, e.g. 'random', 'greedy',
 * 'alphabeta:depth=6', 'mcts:iterations=5000,c=1.4', 'level:3'.
 */
export function makeAgent(spec: string, seed: number): Result<Agent> {
  const text = spec.trim();
  const colon = text.indexOf(':');
  const kind = (colon < 0 ? text : text.slice(0, colon)).toLowerCase();
  const rest = colon < 0 ? '' : text.slice(colon + 1);
  if (kind === 'level') {
    const n = Number(rest);
    if (!Number.isInteger(n) || n < 1 || n > 5) return err('ERR_ARGUMENT', `level must be 1..5, not '${rest}'`, spec);
    return ok(levelAgent(n as 1 | 2 | 3 | 4 | 5, seed));
  }
  const params = new Map<string, number>();
  if (rest !== '') {
    for (const part of rest.split(',')) {
      const eq = part.indexOf('=');
      if (eq < 0) return err('ERR_ARGUMENT', `agent parameter '${part}' must be name=value`, spec);
      const name = part.slice(0, eq).trim().toLowerCase();
      const raw = part.slice(eq + 1).trim();
      const v = raw === 'true' ? 1 : raw === 'false' ? 0 : Number(raw);
      if (raw === '' || !Number.isFinite(v)) return err('ERR_ARGUMENT', `agent parameter ${name} must be a number, not '${raw}'`, spec);
      params.set(name, v);
    }
  }
  const names = AGENT_PARAMETERS.get(kind);
  if (names === undefined) {
    return err('ERR_ARGUMENT', `unknown agent '${kind}'; known: ${Object.keys(AGENT_KINDS).join(', ')}`, spec);
  }
  for (const name of params.keys()) {
    if (!names.includes(name)) {
      return err('ERR_ARGUMENT', `agent ${kind} has no parameter '${name}'${names.length ? `; known: ${names.join(', ')}` : ''}`, spec);
    }
  }
  const positive = (name: string, max: number): Result<number | undefined> => {
    const v = params.get(name);
    if (v === undefined) return ok(undefined);
    if (!(v > 0)) return err('ERR_ARGUMENT', `agent parameter ${name} must be positive, not ${v}`, spec);
    if (v > max) return err('ERR_ARGUMENT', `agent parameter ${name} must be at most ${max}, not ${v}`, spec);
    return ok(v);
  };
  /** A count (depth, iterations, nodes): a positive whole number up to `max`. */
  const count = (name: string, max: number): Result<number | undefined> => {
    const v = positive(name, max);
    if (v.ok && v.value !== undefined && !Number.isInteger(v.value))
      return err('ERR_ARGUMENT', `agent parameter ${name} must be a whole number, not ${v.value}`, spec);
    return v;
  };
  const nonNegative = (name: string, max: number): Result<number | undefined> => {
    const v = params.get(name);
    if (v === undefined) return ok(undefined);
    if (!(v >= 0)) return err('ERR_ARGUMENT', `agent parameter ${name} must be zero or more, not ${v}`, spec);
    if (v > max) return err('ERR_ARGUMENT', `agent parameter ${name} must be at most ${max}, not ${v}`, spec);
    return ok(v);
  };
  const time = positive(params.has('time') ? 'time' : 'movetime', MAX_SEARCH_TIME_MS);
  if (!time.ok) return time;
  switch (kind) {
    case 'random':
      return ok(new RandomAgent(seed));
    case 'greedy': {
      const e = params.get('epsilon') ?? 0;
      if (e < 0 || e > 1) return err('ERR_ARGUMENT', `greedy epsilon must be within 0..1, not ${e}`, spec);
      const d = count('depth', MAX_SEARCH_DEPTH);
      if (!d.ok) return d;
      return ok(new GreedyAgent(seed, { epsilon: e, turnDepth: d.value }));
    }
    case 'alphabeta': {
      const d = count('depth', MAX_SEARCH_DEPTH);
      const n = count('nodes', MAX_SEARCH_NODES);
      const tt = params.get('tt');
      if (!d.ok) return d;
      if (!n.ok) return n;
      if (tt !== undefined && !(Number.isInteger(tt) && tt >= 10 && tt <= 24))
        return err('ERR_ARGUMENT', `alphabeta tt must be 10..24 (log2 of entries), not ${tt}`, spec);
      return ok(new AlphaBetaAgent(seed, { depth: d.value, timeMs: time.value, nodes: n.value, ttBits: tt }));
    }
    default: {
      const it = count('iterations', MAX_SEARCH_ITERATIONS);
      const c = params.get('c');
      const po = nonNegative('playout', MAX_PLAYOUT_DEPTH);
      const mx = count('maxnodes', MAX_MCTS_TREE_NODES);
      if (!it.ok) return it;
      if (!po.ok) return po;
      if (!mx.ok) return mx;
      if (c !== undefined && !(c >= 0)) return err('ERR_ARGUMENT', `mcts c must be >= 0, not ${c}`, spec);
      return ok(
        new MctsAgent(seed, {
          iterations: it.value,
          timeMs: time.value,
          c,
          playoutDepth: po.value,
          reuse: params.has('reuse') ? params.get('reuse') !== 0 : undefined,
          maxNodes: mx.value,
        }),
      );
    }
  }
}

export { AlphaBetaAgent, GreedyAgent, MctsAgent, RandomAgent };
export { RandomPlayout } from './playout.js';
export * from './race-matrix.js';
export * from './race-result.js';
export * from './analyse.js';

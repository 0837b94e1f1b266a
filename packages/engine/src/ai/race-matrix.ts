/**
 * The opening race as a matrix game. Where a ruleset opens with a simultaneous choice (the Selus
 * race under `selusRaceStart = choose`, SEL-05), each player picks a starting hole without
 * seeing the other's; the race is then run and decides who moves first. For every pair of
 * choices (player 1's hole = row, player 2's hole = column) the joint move is applied to the
 * opening position with `Game.applyJoint`, and the position after the race is valued by playing
 * it out: `games` games per cell between two copies of one agent (alpha-beta at a fixed depth by
 * default; any agent spec with a depth, node or iteration budget, `random` for random playouts).
 * The cell holds player 1's mean score (win 1, draw 0.5, loss 0; player 2's is 1 minus it) and
 * its standard error. The matrix is then solved as a zero-sum game (`zero-sum.ts`).
 *
 * Chance in the race: a dead heat under `raceTie = coin`, or a race that loops under
 * `raceLoopResolution = random`, is settled by a fair coin from the game's seeded generator
 * (SPEC §7.4, §7.7). Such a cell is valued over both outcomes of the coin, each with weight
 * one half: the opening position is set up from successive seeds until each racer has won the
 * race once, and the cell's games alternate between the two positions (a stratified sample;
 * the standard error is the stratified one). Whether the coin was used is read from the race's
 * trace (`raceEnd.deadHeat` / `raceEnd.loop`) and confirmed by finding both winners.
 *
 * Everything is deterministic for a seed: cell k's agents are seeded from `deriveSeed(seed, k)`,
 * so a cell's value depends only on the seed, the budget and the cell, never on the order in
 * which cells are computed.
 */
import { err, GabataError, ok, type Result } from '../core/errors.js';
import type { GameEvent } from '../core/events.js';
import { MAX_MOVES, type Game } from '../core/game.js';
import { deriveSeed } from '../core/rng.js';
import { PHASE_OVER, PHASE_RACE, type State } from '../core/state.js';
import { makeAgent, type Agent } from './index.js';
import { solveZeroSum, type ZeroSumSolution } from './zero-sum.js';

/** How each cell is valued. */
export interface RaceBudget {
  /** Agent spec playing both seats after the race (e.g. `alphabeta:depth=8`, `mcts:iterations=500`, `random`). */
  readonly agent: string;
  /** Games played out per cell (split evenly between the two outcomes of a coin, when there is one). */
  readonly games: number;
}

export const DEFAULT_RACE_BUDGET: RaceBudget = { agent: 'alphabeta:depth=12', games: 8 };
/** Fewest games per cell: a race settled by the coin is played at least once from each of its two outcomes. */
export const MIN_RACE_GAMES = 2;
/** Most games per cell accepted (a cell of random playouts takes about a second at this size). */
export const MAX_RACE_GAMES = 100_000;
/** Decisions after which a played-out game is abandoned as an internal error (every ruleset ends far sooner, SPEC §8). */
const MAX_DECISIONS = 100_000;
/** Seeds tried to see both outcomes of a coin-settled race: missing one of a fair coin this often has odds 2^-63. */
const COIN_TRIES = 64;

export interface RaceCell {
  /** Player 1's mean score over the cell's games (win 1, draw 0.5, loss 0), coin outcomes weighted one half each. */
  mean: number;
  /** Standard error of `mean` (stratified over the coin's outcomes); null when a stratum has fewer than two games. */
  se: number | null;
  games: number;
  /** Player 1's wins, draws and losses among the games. */
  wins: number;
  draws: number;
  losses: number;
  /** Who wins the race: 1, 2, or 0 when a coin decides (a dead heat or a loop). */
  raceWinner: 0 | 1 | 2;
  /** Ticks the race lasted. */
  ticks: number;
  /** Mean decisions of the games after the race. */
  meanDecisions: number;
}

export interface RaceMatrix {
  /** Player 1's race choices (rows) and player 2's (columns), as the game lists them. */
  readonly rows: number[];
  readonly cols: number[];
  /** `cells[i][j]`: row i against column j. */
  readonly cells: RaceCell[][];
}

export interface RaceProgress {
  /** Cells done and in all. */
  readonly done: number;
  readonly total: number;
  readonly row: number;
  readonly col: number;
  readonly cell: RaceCell;
}

export interface RaceHooks {
  /** Told after every cell. */
  readonly onCell?: (p: RaceProgress) => void;
  /** Asked between cells; true stops the computation, which then answers null (nothing is kept). */
  readonly shouldStop?: () => boolean;
  /** Awaited between cells (a CLI yields to its event loop here, so that Ctrl-C is heard). */
  readonly pause?: () => Promise<void>;
}

/** A budget checked for determinism and size; errors are ERR_ARGUMENT. */
export function checkRaceBudget(b: RaceBudget): Result<RaceBudget> {
  if (!Number.isInteger(b.games) || b.games < MIN_RACE_GAMES || b.games > MAX_RACE_GAMES) {
    return err(
      'ERR_ARGUMENT',
      `games per cell must be a whole number from ${MIN_RACE_GAMES} to ${MAX_RACE_GAMES} (a race settled by the coin is played ` +
        `from each of its outcomes), not ${b.games}`,
      'games',
    );
  }
  if (/(^|[:,])\s*(time|movetime)\s*=/i.test(b.agent) || /^\s*level\s*:\s*5\s*$/i.test(b.agent)) {
    return err(
      'ERR_ARGUMENT',
      `agent '${b.agent}' searches for a time, so its play depends on the machine; give a depth, nodes or iterations budget ` +
        '(e.g. alphabeta:depth=8) so that the matrix is the same for the same seed',
      'agent',
    );
  }
  const a = makeAgent(b.agent, 1);
  if (!a.ok) return a;
  return ok(b);
}

/** Both players' choices at the opening race (rows: player 1, columns: player 2), or an error when the game does not open with one. */
export function raceChoices(game: Game, seed: number): Result<{ rows: number[]; cols: number[] }> {
  if (game.players !== 2)
    return err('ERR_ARGUMENT', `the race matrix is for two players; ${game.ruleset.info.id} is played by ${game.players} here`);
  const s = game.newState(seed);
  if (s.phase !== PHASE_RACE || s.toMove !== 0) {
    return err(
      'ERR_ARGUMENT',
      `${game.ruleset.info.id} with these options does not open with a simultaneous choice (its race, if any, starts from fixed ` +
        'holes), so there is no matrix game to solve' +
        (game.options['selusRaceStart'] !== undefined ? '; Selus needs openingMode=race and selusRaceStart=choose' : ''),
    );
  }
  const buf = new Int32Array(MAX_MOVES);
  const list = (p: number): number[] => Array.from(buf.subarray(0, game.legalMovesFor(s, p, buf)));
  const rows = list(1);
  const cols = list(2);
  if (rows.length === 0 || cols.length === 0) return err('ERR_INTERNAL', 'a player has no choice at the opening race');
  return ok({ rows, cols });
}

/** The positions after the race from (row, col): one, or one per outcome of the coin (each weighing one half). */
function afterRace(game: Game, seed: number, row: number, col: number): { states: State[]; winner: 0 | 1 | 2; ticks: number } {
  const joint = [0, row, col];
  const first = game.newState(seed);
  const trace: GameEvent[] = [];
  game.applyJoint(first, joint, trace);
  const end = trace.find((e) => e.type === 'raceEnd');
  const coin = end !== undefined && end.type === 'raceEnd' && (end.deadHeat === true || end.loop);
  const byWinner = new Map<number, State>([[first.raceWinner, first]]);
  for (let k = 1; coin && k < COIN_TRIES && byWinner.size < 2; k++) {
    const s = game.newState(deriveSeed(seed, k));
    game.applyJoint(s, joint);
    if (!byWinner.has(s.raceWinner)) byWinner.set(s.raceWinner, s);
  }
  const states = [...byWinner.entries()].sort((a, b) => a[0] - b[0]).map(([, s]) => s);
  return { states, winner: states.length === 2 ? 0 : (first.raceWinner as 1 | 2), ticks: first.raceTick };
}

/** Plays `s` to its end with `agents[p]` choosing for player p; returns player 1's payoff and the decisions made. */
function playOut(game: Game, s: State, agents: Agent[], payoff: Float64Array): { score: number; decisions: number } {
  let decisions = 0;
  while (s.phase !== PHASE_OVER) {
    if (++decisions > MAX_DECISIONS) throw new GabataError('ERR_INTERNAL', `a game after the race ran past ${MAX_DECISIONS} decisions`);
    if (s.toMove === 0) throw new GabataError('ERR_INTERNAL', 'a second simultaneous node after the opening race');
    const { move } = agents[s.toMove]!.choose(game, s);
    if (move < 0 || !game.apply(s, move)) {
      throw new GabataError('ERR_INTERNAL', `agent ${agents[s.toMove]!.name} chose ${move}, which cannot be played`);
    }
  }
  game.returns(s, payoff);
  return { score: payoff[1]!, decisions };
}

/** Mean and standard error over strata of equal weight (the coin's outcomes). */
function stratified(scores: number[][]): { mean: number; se: number | null } {
  const w = 1 / scores.length;
  let mean = 0;
  let v = 0;
  let estimable = true;
  for (const xs of scores) {
    const n = xs.length;
    const m = xs.reduce((a, b) => a + b, 0) / n;
    mean += w * m;
    if (n < 2) {
      estimable = false;
      continue;
    }
    const s2 = xs.reduce((a, b) => a + (b - m) * (b - m), 0) / (n - 1);
    v += (w * w * s2) / n;
  }
  return { mean, se: estimable ? Math.sqrt(v) : null };
}

/** Values one cell: `games` games from the position(s) after the race, agents seeded from `cellSeed`. */
export function evaluateCell(game: Game, row: number, col: number, budget: RaceBudget, seed: number, cellSeed: number): RaceCell {
  const race = afterRace(game, seed, row, col);
  const strata = race.states.length;
  if (budget.games < strata) {
    throw new GabataError('ERR_ARGUMENT', `a cell settled by a coin needs at least ${strata} games (one per outcome), not ${budget.games}`);
  }
  const make = (k: number): Agent => {
    const a = makeAgent(budget.agent, deriveSeed(cellSeed, k));
    if (!a.ok) throw a.error;
    return a.value;
  };
  const agents = [make(0), make(1), make(2)];
  const payoff = new Float64Array(game.players + 1);
  const scores: number[][] = race.states.map(() => []);
  let wins = 0;
  let draws = 0;
  let decisions = 0;
  for (let g = 0; g < budget.games; g++) {
    const stratum = g % strata;
    for (const a of agents) a.reset();
    const r = playOut(game, race.states[stratum]!.clone(), agents, payoff);
    scores[stratum]!.push(r.score);
    if (r.score === 1) wins++;
    else if (r.score > 0) draws++;
    decisions += r.decisions;
  }
  const { mean, se } = stratified(scores);
  return {
    mean,
    se,
    games: budget.games,
    wins,
    draws,
    losses: budget.games - wins - draws,
    raceWinner: race.winner,
    ticks: race.ticks,
    meanDecisions: decisions / budget.games,
  };
}

/**
 * Values every cell of the race matrix. `seed` sets up the opening position (and so the coin)
 * and seeds the agents. Stops with `null` when `hooks.shouldStop` says so between cells.
 */
export async function computeRaceMatrix(
  game: Game,
  budget: RaceBudget,
  seed: number,
  hooks: RaceHooks = {},
): Promise<Result<RaceMatrix | null>> {
  const b = checkRaceBudget(budget);
  if (!b.ok) return b;
  const choices = raceChoices(game, seed);
  if (!choices.ok) return choices;
  const { rows, cols } = choices.value;
  const cells: RaceCell[][] = rows.map(() => []);
  const total = rows.length * cols.length;
  let done = 0;
  for (const [i, row] of rows.entries()) {
    for (const [j, col] of cols.entries()) {
      if (hooks.pause) await hooks.pause();
      if (hooks.shouldStop?.()) return ok(null);
      let cell: RaceCell;
      try {
        cell = evaluateCell(game, row, col, budget, seed, deriveSeed(seed, 1000 + i * cols.length + j));
      } catch (e) {
        if (e instanceof GabataError) return { ok: false, error: e };
        throw e;
      }
      cells[i]!.push(cell);
      hooks.onCell?.({ done: ++done, total, row, col, cell });
    }
  }
  return ok({ rows, cols, cells });
}

/** Player 1's mean scores, the payoff matrix of the zero-sum game. */
export function payoffMatrix(m: Pick<RaceMatrix, 'cells'>): number[][] {
  return m.cells.map((r) => r.map((c) => c.mean));
}

/** Solves the race matrix as a zero-sum game (player 1 maximises his mean score). */
export function solveRace(m: Pick<RaceMatrix, 'cells'>): Result<ZeroSumSolution> {
  return solveZeroSum(payoffMatrix(m));
}

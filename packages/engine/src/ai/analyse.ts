/**
 * Analysis of a game: the strongest engine (alpha-beta, level 5's search) evaluates every
 * position, names its best move and the line it expects, and marks each move by how much it
 * lowered the mover's expected result. Used by `gabata analyse` and by the web app's worker
 * (position by position, so a page can show the analysis as it grows).
 *
 * **Expected result.** A search value `v` (the mover's, ±WIN for a finished match, within [-1, 1]
 * for the heuristic `Game.evaluate`, a share of the material) becomes an expected result in 0..1
 * by `expectedResult`: a heuristic value maps linearly onto 0.05..0.95, a proven result onto the
 * rest (a proven win is 1, a proven loss 0, a draw 0.5). Player 1's expected result is the
 * evaluation graph's value.
 *
 * **Marks.** The drop of a move is the mover's expected result after the engine's best move
 * minus after the move played, both searched to the same depth (the played move one decision
 * less deep from the position it leads to, as inside the best move's search), so a drop is never
 * negative at a fixed depth. `MARK_THRESHOLDS`: a drop of at least 0.05 is an inaccuracy, 0.10 a
 * mistake, 0.20 a blunder (about 5, 10 and 20 counters of 48 given away, at the heuristic's scale).
 * A forced move (the only legal one) and a choice at a simultaneous node (the opening race) are
 * never marked.
 *
 * @example
 *   const rec = unwrap(parseRecord(text));
 *   for (const step of analyseRecord(rec, { depth: 6 })) console.log(step.ply, step.annotation.mark);
 */
import { err, ok, type Result } from '../core/errors.js';
import type { Game } from '../core/game.js';
import type { State } from '../core/state.js';
import { makeMove } from '../notation/move.js';
import { MOVE_MARKS, replayRecord, type GameRecord, type MoveAnnotation, type MoveMark, type RecordAnalysis } from '../notation/record.js';
import { AlphaBetaAgent, WIN } from './alphabeta.js';
import { LEVELS } from './levels.js';
import { isOver, isSimultaneous, moveBuffer } from './util.js';

/** The least drop of the mover's expected result (0..1) for each mark, worst last. */
export const MARK_THRESHOLDS: Readonly<Record<MoveMark, number>> = { inaccuracy: 0.05, mistake: 0.1, blunder: 0.2 };

/** The search budget of each position: a depth, or a time; level 5's time when neither is given. */
export interface AnalyseOptions {
  readonly depth?: number;
  readonly timeMs?: number;
  /** The search's seed (it breaks ties between equal moves). */
  readonly seed?: number;
  /** Asked during the search: true ends the analysis (the position being searched is not reported). */
  readonly shouldStop?: () => boolean;
}

/** Level 5's time a move, the default budget of a position. */
export const DEFAULT_ANALYSIS_TIME_MS = Number(/time=(\d+)/.exec(LEVELS[4]!.spec)![1]);
/** The depth of the values searched beside the best move when the budget is a time and no depth was reached yet. */
const FALLBACK_DEPTH = 4;
/** A simultaneous node's matrix grows with every choice: its value is searched no deeper than this. */
const SIMULTANEOUS_DEPTH = 3;

/** A search value (the mover's) as an expected result in 0..1; see the module comment. */
export function expectedResult(v: number): number {
  const a = Math.abs(v);
  const e = a <= 1 ? 0.45 * a : 0.45 + (0.05 * Math.min(a - 1, WIN - 1)) / (WIN - 1);
  return v < 0 ? 0.5 - e : 0.5 + e;
}

/** The mark of a drop of the mover's expected result, or null under the inaccuracy threshold. */
export function markOf(drop: number): MoveMark | null {
  for (let i = MOVE_MARKS.length - 1; i >= 0; i--) {
    const m = MOVE_MARKS[i]!;
    if (drop >= MARK_THRESHOLDS[m]) return m;
  }
  return null;
}

/** What the engine says of one position. */
export interface PositionAnalysis {
  /** Player 1's expected result (0..1). */
  readonly eval: number;
  /** The player to move (0 at a simultaneous node or when the match is over). */
  readonly mover: number;
  /** The engine's best move and the line it expects (codes and notation), at a sequential node. */
  readonly best?: number;
  readonly bestText?: string;
  readonly line?: string[];
  /** The mover's expected result with the best move. */
  readonly value?: number;
  /** The depth searched (0 for a forced move). */
  readonly depth: number;
  /** Whether the mover had one legal move only. */
  readonly forced: boolean;
}

const round3 = (x: number): number => Math.round(x * 1000) / 1000;

/** The analysing engine: one search table across the positions of a game. */
export class Analyser {
  private readonly agent: AlphaBetaAgent;
  private readonly tmp = new Float64Array(8);
  private lastDepth: number;
  /** The engine and its budget, as a record's `analysis.engine` names it. */
  readonly engine: string;

  constructor(
    readonly game: Game,
    private readonly opts: AnalyseOptions = {},
  ) {
    this.agent = new AlphaBetaAgent(opts.seed ?? 0, opts.depth !== undefined ? { depth: opts.depth } : { timeMs: this.timeMs });
    this.engine = opts.depth !== undefined ? `alphabeta:depth=${opts.depth}` : `alphabeta:time=${this.timeMs}`;
    this.lastDepth = opts.depth ?? FALLBACK_DEPTH;
  }

  private get timeMs(): number {
    return this.opts.timeMs ?? DEFAULT_ANALYSIS_TIME_MS;
  }

  /** Evaluates a position: player 1's expected result; at a sequential node the best move and its line. */
  position(s: State): PositionAnalysis {
    const game = this.game;
    if (isOver(s)) {
      game.returns(s, this.tmp);
      return { eval: round3(this.tmp[1]!), mover: 0, depth: 0, forced: false };
    }
    if (isSimultaneous(s)) {
      const v = this.agent.valueFor(game, s, 1, Math.min(SIMULTANEOUS_DEPTH, this.lastDepth));
      return { eval: round3(expectedResult(v)), mover: 0, depth: Math.min(SIMULTANEOUS_DEPTH, this.lastDepth), forced: false };
    }
    const mover = s.toMove;
    const buf = moveBuffer();
    const n = game.legalMoves(s, buf);
    const budget =
      this.opts.depth !== undefined
        ? { depth: this.opts.depth, shouldStop: this.opts.shouldStop }
        : { timeMs: this.timeMs, shouldStop: this.opts.shouldStop };
    const r = this.agent.chooseFor(game, s, mover, budget);
    let value: number;
    let depth = r.depth ?? 0;
    if (n > 1 && r.value !== undefined && depth > 0) {
      value = r.value;
      this.lastDepth = depth;
    } else {
      // A forced move is not searched by chooseFor: its value at the usual depth.
      depth = this.lastDepth;
      value = this.agent.valueFor(game, s, mover, depth);
    }
    const line = this.lineText(s, r.pv && r.pv.length > 0 ? r.pv : [r.move]);
    const mine = expectedResult(value);
    const p1 = game.players === 2 ? (mover === 1 ? mine : 1 - mine) : expectedResult(this.agent.valueFor(game, s, 1, depth));
    return {
      eval: round3(p1),
      mover,
      best: r.move,
      bestText: makeMove(game, s, r.move),
      line,
      value: mine,
      depth: n > 1 ? depth : 0,
      forced: n <= 1,
    };
  }

  /**
   * The annotation of the move from the position analysed as `pa` to `after`, whose analysis is
   * `next`: player 1's evaluation after it, the best move and line before it, its drop and mark.
   */
  judge(pa: PositionAnalysis, after: State, next: PositionAnalysis): MoveAnnotation {
    const a: { -readonly [K in keyof MoveAnnotation]: MoveAnnotation[K] } = { eval: next.eval };
    if (pa.bestText !== undefined) a.best = pa.bestText;
    if (pa.line !== undefined && pa.line.length > 0) a.line = pa.line;
    if (pa.mover > 0 && !pa.forced && pa.value !== undefined) {
      const played = expectedResult(this.agent.valueFor(this.game, after, pa.mover, pa.depth - 1));
      const drop = round3(Math.max(0, pa.value - played));
      a.drop = drop;
      const mark = markOf(drop);
      if (mark !== null) a.mark = mark;
    }
    return a;
  }

  /** The notation of a line of codes from `s` (it stops at the first code that does not apply). */
  private lineText(s: State, codes: readonly number[]): string[] {
    const t = s.clone();
    const out: string[] = [];
    for (const m of codes) {
      if (isOver(t) || isSimultaneous(t)) break;
      const text = makeMove(this.game, t, m);
      if (!this.game.apply(t, m)) break;
      out.push(text);
    }
    return out;
  }
}

/** One analysed move: its index in the record (0 = the first move), who played it, its annotation. */
export interface AnalysedPly {
  readonly ply: number;
  readonly move: string;
  /** The player who moved (0 at a simultaneous node). */
  readonly player: number;
  readonly annotation: MoveAnnotation;
}

/** The analysis of a whole line: player 1's expected result at the start, then every move. */
export interface GameAnalysis {
  readonly engine: string;
  readonly start: number;
  readonly plies: AnalysedPly[];
  /** Whether `shouldStop` ended it before the last move. */
  readonly interrupted: boolean;
}

/**
 * The analysis of the moves between `positions` (`positions[i]` before `moves[i]`, one more
 * position than moves), step by step: each move is yielded as soon as it is judged, so a caller
 * can show it, and let its event loop run (a Ctrl-C, a page's messages) between two steps. The
 * generator's return value is the whole analysis.
 */
export function* analysisSteps(
  game: Game,
  positions: readonly State[],
  moves: readonly string[],
  opts: AnalyseOptions = {},
): Generator<AnalysedPly, GameAnalysis, void> {
  const an = new Analyser(game, opts);
  const plies: AnalysedPly[] = [];
  const stopped = (): boolean => opts.shouldStop?.() === true;
  let prev = an.position(positions[0]!);
  const start = prev.eval;
  for (let i = 0; i < moves.length; i++) {
    if (stopped()) return { engine: an.engine, start, plies, interrupted: true };
    const next = an.position(positions[i + 1]!);
    // A search cut short by shouldStop is not an analysis: that move is left out.
    if (stopped()) return { engine: an.engine, start, plies, interrupted: true };
    const p: AnalysedPly = { ply: i, move: moves[i]!, player: prev.mover, annotation: an.judge(prev, positions[i + 1]!, next) };
    plies.push(p);
    yield p;
    prev = next;
  }
  return { engine: an.engine, start, plies, interrupted: false };
}

/** The whole analysis at once (see `analysisSteps`); `onPly` hears each move as it is judged. */
export function analyseLine(
  game: Game,
  positions: readonly State[],
  moves: readonly string[],
  opts: AnalyseOptions = {},
  onPly?: (p: AnalysedPly) => void,
): GameAnalysis {
  const steps = analysisSteps(game, positions, moves, opts);
  for (;;) {
    const r = steps.next();
    if (r.done) return r.value;
    onPly?.(r.value);
  }
}

/** Inaccuracies, mistakes and blunders of each player (`[0]` = player 1). */
export function markCounts(plies: readonly AnalysedPly[], players: number): Record<MoveMark, number>[] {
  const out = Array.from({ length: players }, () => ({ inaccuracy: 0, mistake: 0, blunder: 0 }));
  for (const p of plies) if (p.player > 0 && p.annotation.mark) out[p.player - 1]![p.annotation.mark]++;
  return out;
}

/** A record with the analysis as its annotations (a comment already there is kept). */
export function annotateRecord(rec: GameRecord, a: GameAnalysis): GameRecord {
  const annotations: (MoveAnnotation | null)[] = rec.moves.map((_, i) => {
    const old = rec.annotations?.[i] ?? null;
    const got = a.plies[i]?.annotation;
    if (got === undefined) return old;
    return old?.comment !== undefined ? { ...got, comment: old.comment } : got;
  });
  while (annotations.length > 0 && annotations[annotations.length - 1] === null) annotations.pop();
  const analysis: RecordAnalysis = { engine: a.engine, start: a.start };
  return { ...rec, annotations, analysis };
}

/** Replays a record and analyses it (see `analyseLine`). */
export function analyseRecord(rec: GameRecord, opts: AnalyseOptions = {}, onPly?: (p: AnalysedPly) => void): Result<GameAnalysis> {
  const r = replayRecord(rec, { positions: true });
  if (!r.ok) return r;
  if (r.value.positions === undefined) return err('ERR_INTERNAL', 'the replay kept no positions');
  return ok(analyseLine(r.value.game, r.value.positions, rec.moves, opts, onPly));
}

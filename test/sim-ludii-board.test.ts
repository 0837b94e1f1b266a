/**
 * Ludii's board and compiled game (sim/ludii-board.ts) and the metrics that read them
 * (sim/ludii-metrics.ts): BoardCoverageFull, BoardCoverageUsed, StateSpaceComplexity and
 * MoveDistance, each worked out by hand from Ludii's code (github.com/Ludeme/Ludii at 845cda6f;
 * each expectation names the file and line it follows), then on real matches.
 */
import { describe, expect, it } from 'vitest';
import { unwrap } from '../packages/engine/src/core/errors.js';
import { getRuleset } from '../packages/engine/src/games/index.js';
import { playBatch } from '../src/sim/batch.js';
import { LUDII_ENCODINGS, type LudiiBoard, ludiiBoardOf, mancalaGraph, stateSpaceComplexity } from '../src/sim/ludii-board.js';
import { conceptName, ludiiMetrics, MULTI_VALUES, type LudiiMove, type LudiiTrial, trialFigures } from '../src/sim/ludii-metrics.js';
import { LudiiTrialBuilder } from '../src/sim/ludii-trial.js';

describe("Ludii's mancala board graph (MancalaBoard.java lines 119-201, Union.java lines 235-249)", () => {
  it("agrees with Ludii's own counts (LudiiGameConceptsMancala.csv: NumVertices, NumEdges, NumCells)", () => {
    // Abalala'e, (mancalaBoard 3 6 store:None): 18, 27, 10.
    expect(mancalaGraph(3, 6, false)).toEqual({ vertices: 18, edges: 27, cells: 10 });
    // Kalah, (mancalaBoard 2 6): 14, 20, 7.
    expect(mancalaGraph(2, 6, true)).toEqual({ vertices: 14, edges: 20, cells: 7 });
    // Boukerourou, (mancalaBoard 2 4 store:None): 8, 10, 3.
    expect(mancalaGraph(2, 4, false)).toEqual({ vertices: 8, edges: 10, cells: 3 });
  });

  it("Gifia's 2x4 with its two stores, by hand: 8 + 2 vertices; 6 row, 4 column and 4 store edges; 3 squares and 2 triangles", () => {
    // The stores at (-0.85, 0.5) and (3.85, 0.5) are 0.986 from the two holes of their end column (< 1.1).
    expect(mancalaGraph(2, 4, true)).toEqual({ vertices: 10, edges: 14, cells: 5 });
    // Three rows: the stores at (-1, 1) and (6, 1) reach only the middle row's end holes (1 away): no face.
    expect(mancalaGraph(3, 6, true)).toEqual({ vertices: 20, edges: 29, cells: 10 });
    expect(() => mancalaGraph(4, 8, false)).toThrow(/not derived/);
  });
});

describe('StateSpaceComplexity (complexity/StateSpaceComplexity.java lines 50-67)', () => {
  it('per encoding: used elements x log10((components + 1) x max count x local states), by hand', () => {
    // Adowa and Aksum: 18 vertices + 10 cells (Concept.Cell: `count Cell at:(handSite P1)`);
    // max count max(3 x 18 start counters, 18 + 2 hand sites) = 54 (Game.java lines 1100-1122);
    // local state (wegues: `state at:`) with 2 + 1 states (Game.java line 1177): 2 x 54 x 3 = 324.
    expect(stateSpaceComplexity(LUDII_ENCODINGS['gabata-adowa']!)).toBeCloseTo(28 * Math.log10(324), 12);
    expect(stateSpaceComplexity(LUDII_ENCODINGS['gabata-aksum']!)).toBeCloseTo(28 * Math.log10(324), 12);
    // Selus: no Cell, nedfs as states: 18 x log10(324).
    expect(stateSpaceComplexity(LUDII_ENCODINGS['selus']!)).toBeCloseTo(18 * Math.log10(324), 12);
    // Abalala'e: no Cell (an unused define), no state: 18 x log10(2 x 54).
    expect(stateSpaceComplexity(LUDII_ENCODINGS['abalalae']!)).toBeCloseTo(18 * Math.log10(108), 12);
    // Gifia: 10 vertices, no hand, max(6 x 8, 10) = 48, no state: 10 x log10(96).
    expect(stateSpaceComplexity(LUDII_ENCODINGS['gifia']!)).toBeCloseTo(10 * Math.log10(96), 12);
  });

  it('is null for a game that is not the encoding (three-player Gabata)', () => {
    const two = unwrap(unwrap(getRuleset('gabata-adowa')).create({}));
    expect(ludiiBoardOf(two)!.stateSpace).toEqual({ value: expect.closeTo(28 * Math.log10(324), 12) });
    const three = unwrap(unwrap(getRuleset('gabata-adowa')).create({ players: 3 }));
    expect(ludiiBoardOf(three)!.stateSpace).toEqual({ value: null, reason: expect.stringMatching(/3 players, not 2/) });
  });
});

/** A board of 5 vertices, 6 edges and 2 cells, the cells used (Concept.Cell). */
const board: LudiiBoard = {
  vertices: 5,
  edges: 6,
  cells: 2,
  stores: false,
  used: 7,
  stateSpace: { value: 12.5 },
  moveDistance: null,
};

const snap = (key: string, occupied: number[], pieces: number) => ({ positional: key, situational: key, occupied, pieces, scoreDiff: 0 });
const lap = (site: number | undefined, after: ReturnType<typeof snap>): LudiiMove =>
  site === undefined ? { mover: 1, legal: 2, actions: 3, after } : { mover: 1, legal: 2, actions: 3, from: site, to: site, after };

/** Sites 0..3 occupied at some point of five; a sowing lap from hole 2, a relay from 4, a pass. */
const trial = (sites: (number | undefined)[], b: LudiiBoard | null = board): LudiiTrial => {
  const t: LudiiTrial = {
    players: 2,
    sites: 5,
    utilities: [0, 1, -1],
    winner: 1,
    timedOut: false,
    turns: 3,
    simultaneous: false,
    initial: snap('a', [0, 1, 2], 6),
    moves: [lap(sites[0], snap('b', [0, 1, 3, 4], 6)), lap(sites[1], snap('c', [3], 6)), lap(sites[2], snap('d', [3], 6))],
  };
  if (b !== null) t.board = b;
  return t;
};

describe('board coverage (boardCoverage/*.java lines 73-82, Utils.java lines 81-121)', () => {
  const f = trialFigures(trial([2, 4, -1]));
  it('Full: the vertices ever occupied over every vertex, edge and cell; Used: over the used elements', () => {
    // Sites 0, 1, 2, 3, 4 are occupied at some point: 5 of 5 + 6 + 2.
    expect(f['BoardCoverageFull']).toBeCloseTo(5 / 13, 12);
    expect(f['BoardCoverageUsed']).toBeCloseTo(5 / 7, 12);
    expect(f['BoardCoverageDefault']).toBeCloseTo(5 / 5, 12);
    expect(f['StateSpaceComplexity']).toBe(12.5);
    const m = ludiiMetrics([f, trialFigures(trial([1, 1, 1]))], 2);
    expect(m['BoardCoverageFull']).toEqual({ value: expect.closeTo(5 / 13, 12), trials: 2 });
    expect(m['StateSpaceComplexity']).toEqual({ value: 12.5, trials: 2 });
  });

  it("without Ludii's board: no Full, no StateSpaceComplexity (null with the reason), Used over the sites", () => {
    const g = trialFigures(trial([2, 4, -1], null));
    expect(g['BoardCoverageFull']).toBeUndefined();
    expect(g['BoardCoverageUsed']).toBeCloseTo(1, 12);
    const m = ludiiMetrics([g], 2);
    expect(m['BoardCoverageFull']).toEqual({ value: null, reason: expect.stringMatching(/no encoding/) });
    expect(m['StateSpaceComplexity']).toEqual({ value: null, reason: expect.stringMatching(/no encoding/) });
  });
});

describe('MoveDistance (multiple/metrics/MoveDistance.java lines 63-82)', () => {
  it('Selects (to = from) and passes (-1, -1) are left out (line 75): an empty list, every value 0 (MultiMetricFramework.java)', () => {
    const f = trialFigures(trial([2, 4, -1]));
    for (const v of MULTI_VALUES) expect(f[conceptName('MoveDistance', v)], v).toBe(0);
    expect(ludiiMetrics([f], 2)['MoveDistanceAverage']).toEqual({ value: 0, trials: 1 });
  });

  it('null with the reason: sites not recorded, a move between two sites, moves the trial folds away', () => {
    const why = (t: LudiiTrial): unknown => ludiiMetrics([trialFigures(t)], 2)['MoveDistanceMaximum'];
    expect(why(trial([2, undefined, 1]))).toEqual({ value: null, reason: expect.stringMatching(/does not record/) });
    const t = trial([2, 4, 1]);
    t.moves = [...t.moves, { ...t.moves[0]!, from: 1, to: 3 }];
    expect(why(t)).toEqual({ value: null, reason: expect.stringMatching(/step distance/) });
    expect(why(trial([2, 4, 1], { ...board, moveDistance: 'Gifia' }))).toEqual({ value: null, reason: expect.stringMatching(/fold/) });
  });
});

describe('real matches as Ludii trials', () => {
  const play = (ruleset: string, options: Record<string, unknown>, count: number) => {
    const game = unwrap(unwrap(getRuleset(ruleset)).create(options));
    const spec = {
      id: 't/0',
      ruleset,
      options: { ...game.options },
      agents: ['random'],
      seed: 3,
      first: 0,
      count,
      record: true,
      metrics: false,
    };
    return playBatch(spec, 2).map((o) => ({ o, t: new LudiiTrialBuilder(game).build(o.seed, o.result.record!.moves, o.result) }));
  };

  it("Adowa: every lap a Select of a hole (from = to), Full over Ludii's 55 elements, Used over 28", () => {
    for (const { t } of play('gabata-adowa', { preset: 'ludii', rounds: 1 }, 2)) {
      expect(t.sites).toBe(18);
      for (const m of t.moves) {
        expect(m.from).toBe(m.to);
        expect(m.from).toBeGreaterThanOrEqual(-1);
        expect(m.from).toBeLessThan(18);
      }
      expect(t.moves.filter((m) => m.from! >= 0).length).toBeGreaterThan(0);
      const f = trialFigures(t);
      expect(f['BoardCoverageFull']).toBeCloseTo((f['BoardCoverageDefault']! * 18) / 55, 12);
      expect(f['BoardCoverageUsed']).toBeCloseTo((f['BoardCoverageDefault']! * 18) / 28, 12);
      expect(f['MoveDistanceAverage']).toBe(0);
      expect(f['StateSpaceComplexity']).toBeCloseTo(28 * Math.log10(324), 12);
    }
  });

  it("Gifia: the stores are board sites, so every bean is always on Ludii's board; no MoveDistance", () => {
    for (const { o, t } of play('gifia', { preset: 'ludii' }, 1)) {
      expect(t.sites).toBe(10);
      for (const s of [t.initial, ...t.moves.map((m) => m.after)]) expect(s.pieces).toBe(48);
      // A store held beans at some point of the match (each round ends with every bean stored).
      expect(t.moves.some((m) => m.after.occupied.some((h) => h >= 8))).toBe(true);
      const m = ludiiMetrics([trialFigures(t)], 2);
      expect(m['MoveDistanceAverage']).toEqual({ value: null, reason: expect.stringMatching(/fold/) });
      expect(m['StateSpaceComplexity']).toEqual({ value: expect.closeTo(10 * Math.log10(96), 12), trials: 1 });
      expect(o.result.record!.moves.length).toBeGreaterThan(0);
    }
  });
});

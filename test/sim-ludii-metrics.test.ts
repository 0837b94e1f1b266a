/**
 * Ludii's metrics (sim/ludii-metrics.ts) on hand-made trials whose values are worked out by hand
 * from Ludii's code (github.com/Ludeme/Ludii at 845cda6f, folder Evaluation/src/metrics; each
 * expectation names the file and line it follows), then the replay of a real match as a Ludii
 * trial (sim/ludii-trial.ts: a relay lap is one Ludii move), then `simulate --ludii-metrics`.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { unwrap } from '../packages/engine/src/core/errors.js';
import type { GameEvent } from '../packages/engine/src/core/events.js';
import { getRuleset } from '../packages/engine/src/games/index.js';
import { applyParsed, parseMove } from '../packages/engine/src/notation/move.js';
import { playBatch, type BatchSpec } from '../src/sim/batch.js';
import {
  familyLists,
  ludiiMetrics,
  ludiiStats,
  reduceList,
  trialFigures,
  type LudiiMove,
  type LudiiSnapshot,
  type LudiiTrial,
} from '../src/sim/ludii-metrics.js';
import { LUDII_ADOWA } from '../src/sim/ludii-reference.js';
import { noteOf, TERMS } from '../src/sim/ludii-words.js';
import { LudiiTrialBuilder, utilitiesOf } from '../src/sim/ludii-trial.js';

const CLI = join(process.cwd(), 'dist', 'cli', 'main.js');

const snap = (key: string, occupied: number[], pieces: number, evals: number[], scoreDiff = 0, sit = key): LudiiSnapshot => ({
  positional: key,
  situational: sit,
  occupied,
  pieces,
  scoreDiff,
  evals: [-1, ...evals],
});

const move = (mover: number, legal: number, actions: number, moveEvals: number[], chosen: number, after: LudiiSnapshot): LudiiMove => ({
  mover,
  legal,
  actions,
  moveEvals,
  chosenEval: chosen,
  after,
});

/** Trial A: player 1 wins in three moves on a board of five sites; player 2 leads at the start. */
const trialA: LudiiTrial = {
  players: 2,
  sites: 5,
  utilities: [0, 1, -1],
  winner: 1,
  timedOut: false,
  turns: 2,
  simultaneous: false,
  initial: snap('a', [0, 1, 2, 3], 8, [-0.2, 0.2], 0, 'a1'),
  moves: [
    move(1, 3, 4, [0.2, -0.1, 0.5], 0.5, snap('b', [1, 2, 3], 8, [0.5, -0.5], 0, 'b2')),
    // The board of the start again (positional repetition), in another situation.
    move(2, 1, 2, [-0.8], -0.8, snap('a', [0, 2, 3], 6, [0.8, -0.8], 2, 'a1x')),
    move(1, 2, 3, [1, 0.6], 1, snap('c', [2], 5, [1, -1], 5)),
  ],
};

/** Trial B: a draw in two moves. */
const trialB: LudiiTrial = {
  players: 2,
  sites: 5,
  utilities: [0, 0, 0],
  winner: 0,
  timedOut: false,
  turns: 4,
  simultaneous: false,
  initial: snap('x', [0], 2, [0.1, -0.1]),
  moves: [move(1, 2, 1, [0.3, 0.1], 0.3, snap('y', [1], 2, [0.3, -0.3])), move(2, 2, 1, [0, 0], 0, snap('z', [1], 2, [0, 0]))],
};

describe("Ludii's metrics of one trial, by hand", () => {
  const a = trialFigures(trialA);
  const b = trialFigures(trialB);

  it('durations: DurationMoves.java line 56, DurationActions.java lines 57-59, DurationTurns.java line 57', () => {
    expect(a['DurationMoves']).toBe(3);
    expect(a['DurationActions']).toBe(4 + 2 + 3);
    expect(a['DurationTurns']).toBe(2);
  });

  it('DecisionMoves (complexity/DecisionMoves.java lines 71-79): moves with more than one legal move, over the moves', () => {
    expect(a['DecisionMoves']).toBeCloseTo(2 / 3, 12);
    expect(b['DecisionMoves']).toBe(1);
  });

  it('GameTreeComplexity (complexity/GameTreeComplexity.java lines 73-83, commit cbb4f9da): moves x log10(mean legal moves)', () => {
    // A: legal 3, 1, 2 over 3 moves: 3/3 + 1/3 + 2/3 = 2, so 3 log10 2; B: legal 2, 2: 2 log10 2.
    expect(a['GameTreeComplexity']).toBeCloseTo(3 * Math.log10(2), 12);
    expect(b['GameTreeComplexity']).toBeCloseTo(2 * Math.log10(2), 12);
    // Line 83: the mean over the trials.
    expect(ludiiMetrics([a, b], 2)['GameTreeComplexity']).toEqual({ value: expect.closeTo((5 * Math.log10(2)) / 2, 12), trials: 2 });
  });

  it('BoardCoverageDefault (boardCoverage/BoardCoverageDefault.java lines 73-82): sites ever occupied over the sites', () => {
    expect(a['BoardCoverageDefault']).toBeCloseTo(4 / 5, 12);
    expect(b['BoardCoverageDefault']).toBeCloseTo(2 / 5, 12);
  });

  it('repetition in Java ints (stateRepetition/PositionalRepetition.java line 90): 1 when any state repeats', () => {
    // a, b, a, c: 3 unique of 4, 3 / 4 = 0 in ints, 1 - 0 = 1; situations a1, b2, a1x, c all differ: 1 - 4 / 4 = 0.
    expect(a['PositionalRepetition']).toBe(1);
    expect(a['SituationalRepetition']).toBe(0);
    expect(b['PositionalRepetition']).toBe(0);
  });

  it('LeadChange (stateEvaluation/LeadChange.java lines 72-90): the leader set starts empty, ties count, over the moves', () => {
    // A: {2} (a change from the empty set), {1} (a change), {1}: 2 changes / 3 moves.
    expect(a['LeadChange']).toBeCloseTo(2 / 3, 12);
    // B: {1}, {1}: 1 change / 2 moves.
    expect(b['LeadChange']).toBeCloseTo(1 / 2, 12);
  });

  it('Stability (stateEvaluation/Stability.java lines 68-98): sum over players of the population variance before each move', () => {
    // Player 1: -0.2, 0.5, 0.8; mean 11/30; squares (17² + 4² + 13²)/900 / 3 = 474/2700; player 2 the same.
    expect(a['Stability']).toBeCloseTo(948 / 2700, 12);
    expect(b['Stability']).toBeCloseTo(0.02, 12);
  });

  it('ClarityVariance (clarity/ClarityVariance.java lines 66-81): mean over moves of the sample variance of the move evaluations', () => {
    // 0.2, -0.1, 0.5: mean 0.2, (0 + 0.09 + 0.09) / 2 = 0.09; one move: 0; 1, 0.6: 0.08 / 1.
    expect(a['ClarityVariance']).toBeCloseTo((0.09 + 0 + 0.08) / 3, 12);
  });

  it("ClarityNarrowness (clarity/ClarityNarrowness.java lines 69-84) with Stats' max (Stats.java lines 245-248) and int division", () => {
    // 0.2, -0.1, 0.5: max 0.5, threshold 0.425, 1 above, 1/3 = 0. -0.8 alone: Stats' max stays -Infinity, so
    // the threshold is -Infinity and 1/1 = 1. 1, 0.6: each sample is a new minimum, so the max is never set
    // and stays -Infinity: 2/2 = 1. Mean 2/3.
    expect(a['ClarityNarrowness']).toBeCloseTo(2 / 3, 12);
    // 0.3, 0.1: 1 as above; 0, 0: max 0 = mean = threshold, none above: 0. Mean 1/2.
    expect(b['ClarityNarrowness']).toBeCloseTo(1 / 2, 12);
    expect(ludiiStats([1, 0.6]).max).toBe(Number.NEGATIVE_INFINITY);
    expect(ludiiStats([0.2, -0.1, 0.5]).max).toBe(0.5);
    expect(ludiiStats([5, 4, 3]).max).toBe(Number.NEGATIVE_INFINITY);
    expect(ludiiStats([5, 3, 4]).max).toBe(4);
    expect(ludiiStats([1, 2, 3]).varn).toBe(1);
  });

  it('DecisivenessThreshold and DecisivenessMoves (decisiveness/*.java): the best non-winner, and 0 or 1 in ints', () => {
    // A: player 2 (not top) before each move: 0.2, -0.5, -0.8: the threshold is 0.2 (it starts at -1).
    expect(a['DecisivenessThreshold']).toBeCloseTo(0.2, 12);
    // Player 1 is above 0.2 before move 1 (0.5): 1 / 3 = 0 in ints (DecisivenessMoves.java line 93).
    expect(a['DecisivenessMoves']).toBe(0);
    // B is a draw: both are top, no one else, the threshold stays -1; above it at once: 0.
    expect(b['DecisivenessThreshold']).toBe(-1);
    expect(b['DecisivenessMoves']).toBe(0);
  });

  it('Drama (multiple/metrics/Drama.java lines 52-67): best evaluation minus the top players, averaged over them', () => {
    const la = familyLists(trialA);
    expect(la.Drama).toEqual([0.2 - -0.2, 0, 0].map((x) => expect.closeTo(x, 12)));
    // B, a draw: both players are top: ((0.1 - 0.1) + (0.1 + 0.1)) / 2 = 0.1, then ((0.3 - 0.3) + (0.3 + 0.3)) / 2 = 0.3.
    expect(familyLists(trialB).Drama).toEqual([0.1, 0.3].map((x) => expect.closeTo(x, 12)));
    expect(a['DramaAverage']).toBeCloseTo(0.4 / 3, 12);
    expect(a['DramaMaximum']).toBeCloseTo(0.4, 12);
    expect(a['DramaMedian']).toBe(0);
    expect(a['DramaVariance']).toBeCloseTo((0.4 - 0.4 / 3) ** 2 / 3 + (2 * (0.4 / 3) ** 2) / 3, 12);
    expect(a['DramaChangeAverage']).toBeCloseTo(-0.2, 12);
    expect(a['DramaChangeSign']).toBeCloseTo(-0.5, 12);
    expect(a['DramaChangeLineBestFit']).toBeCloseTo(-0.2, 12);
    expect(a['DramaMaxIncrease']).toBe(0);
    expect(a['DramaMaxDecrease']).toBeCloseTo(-0.4, 12);
  });

  it('the other families (multiple/metrics/*.java) and the reductions of MultiMetricFramework.java', () => {
    // BranchingFactor 3, 1, 2: Min starts from 0 (line 134), so 0; the upper median (line 107) 2.
    expect(a['BranchingFactorAverage']).toBe(2);
    expect(a['BranchingFactorMedian']).toBe(2);
    expect(a['BranchingFactorMaximum']).toBe(3);
    expect(a['BranchingFactorMinimum']).toBe(0);
    expect(a['BranchingFactorVariance']).toBeCloseTo(2 / 3, 12);
    // ChangeNumTimes adds 1 / (n - 1) in ints (line 304): 0 for three values, 1 a change for two.
    expect(a['BranchingFactorChangeNumTimesn']).toBe(0);
    expect(a['DecisionFactorAverage']).toBe(2.5);
    expect(a['DecisionFactorChangeNumTimes']).toBe(1);
    expect(a['PieceNumberAverage']).toBe(6.75);
    expect(a['PieceNumberChangeAverage']).toBe(-1);
    expect(a['PieceNumberMaxDecrease']).toBe(-2);
    expect(a['BoardSitesOccupiedAverage']).toBeCloseTo((4 + 3 + 3 + 1) / 5 / 4, 12);
    expect(a['ScoreDifferenceAverage']).toBe(1.75);
    // StateEvaluationDifference.java lines 45-73: 0.4, 1, 1.6, 2.
    expect(a['StateEvaluationDifferenceAverage']).toBeCloseTo(1.25, 12);
    expect(a['StateEvaluationDifferenceMaximum']).toBe(2);
    // MoveEvaluation.java lines 45-48: 0.5, -0.8, 1.
    expect(a['MoveEvaluationAverage']).toBeCloseTo(0.7 / 3, 12);
    expect(reduceList('ChangeNumTimes', [3, 1, 4])).toBe(0);
    expect(reduceList('ChangeNumTimes', [3, 1])).toBe(1);
    expect(reduceList('Average', [])).toBe(0);
  });
});

describe("Ludii's metrics over trials, by hand", () => {
  const m = ludiiMetrics([trialFigures(trialA), trialFigures(trialB)], 2);
  const v = (k: string): number => {
    const x = m[k];
    if (x === undefined || x.value === null) throw new Error(`${k} has no value`);
    return x.value;
  };

  it('outcomes: Balance.java lines 59-88, AdvantageP1.java 58-68, Completion.java 54-63, Drawishness.java 60-82', () => {
    // Win rates (utility + 1) / 2: player 1 (1 + 0.5) / 2 = 0.75, player 2 (0 + 0.5) / 2 = 0.25.
    expect(v('Balance')).toBeCloseTo(0.5, 12);
    expect(v('AdvantageP1')).toBeCloseTo(0.75, 12);
    // A draw has no winner: not completed (Completion.java line 59).
    expect(v('Completion')).toBe(0.5);
    expect(v('Drawishness')).toBe(0.5);
    expect(v('Timeouts')).toBe(0);
  });

  it('OutcomeUniformity (outcome/OutcomeUniformity.java lines 62-89): 1 - mean sample variance of the utilities', () => {
    // Player 1: 1, 0 (sample variance 0.5); player 2: -1, 0 (0.5).
    expect(v('OutcomeUniformity')).toBeCloseTo(0.5, 12);
  });

  it('DurationTurnsStdDev (duration/DurationTurnsStdDev.java lines 48-64): population standard deviation', () => {
    expect(v('DurationTurns')).toBe(3);
    expect(v('DurationTurnsStdDev')).toBe(1);
    expect(v('DurationTurnsNotTimeouts')).toBe(3);
  });

  it('per-trial means (each metric divides by the trials, e.g. LeadChange.java line 93)', () => {
    expect(v('LeadChange')).toBeCloseTo((2 / 3 + 1 / 2) / 2, 12);
    expect(v('DramaAverage')).toBeCloseTo((0.4 / 3 + 0.2) / 2, 12);
    expect(v('ClarityNarrowness')).toBeCloseTo((2 / 3 + 1 / 2) / 2, 12);
    expect(v('DecisivenessThreshold')).toBeCloseTo((0.2 - 1) / 2, 12);
    expect(v('BranchingFactorAverage')).toBeCloseTo((2 + 2) / 2, 12);
  });

  it('a game with simultaneous moves: null, as Ludii returns (LeadChange.java line 56, MultiMetricFramework.java line 350)', () => {
    const race = ludiiMetrics([trialFigures({ ...trialA, simultaneous: true }), trialFigures(trialB)], 2);
    expect(race['LeadChange']?.value).toBeNull();
    expect(race['BranchingFactorAverage']?.value).toBeNull();
    expect(race['Balance']?.value).toBeCloseTo(0.5, 12);
  });

  it('utilities from returns follow RankUtils.rankToUtil: tied ranks share, 1 - (rank - 1) 2 / (n - 1)', () => {
    expect(utilitiesOf([1, 0])).toEqual([0, 1, -1]);
    expect(utilitiesOf([0.5, 0.5])).toEqual([0, 0, 0]);
    expect(utilitiesOf([1, 0, 0])).toEqual([0, 1, -0.5, -0.5]);
  });
});

describe('a match as a Ludii trial', () => {
  const game = unwrap(unwrap(getRuleset('gabata-adowa')).create({ preset: 'ludii', rounds: 1 }));
  const spec: BatchSpec = {
    id: 't/0',
    ruleset: 'gabata-adowa',
    options: { ...game.options },
    agents: ['random'],
    seed: 7,
    first: 0,
    count: 3,
    record: true,
    metrics: false,
  };
  const matches = playBatch(spec, 2);

  it('a relay lap is one Ludii move: decisions plus relays, laps after the first with one legal move', () => {
    for (const o of matches) {
      const rec = o.result.record!;
      // Independently: replay the record with traces and count the relays.
      const s = game.newState(o.seed);
      let relays = 0;
      for (const text of rec.moves) {
        const trace: GameEvent[] = [];
        applyParsed(game, s, unwrap(parseMove(game, s, text)), trace);
        relays += trace.filter((e) => e.type === 'relay').length;
      }
      const t = new LudiiTrialBuilder(game).build(o.seed, rec.moves, o.result);
      expect(t.moves.length).toBe(rec.moves.length + relays);
      expect(relays).toBeGreaterThan(0);
      expect(t.moves.filter((m) => m.legal === 1).length).toBeGreaterThanOrEqual(relays);
      expect(t.simultaneous).toBe(false);
      expect(t.utilities).toEqual(utilitiesOf(o.result.returns));
      // The last position is the match's end, evaluated as Ludii's utilities.
      expect(t.moves.at(-1)!.after.evals!.slice(1)).toEqual(t.utilities.slice(1));
      expect(t.moves.at(-1)!.after.pieces).toBe([...s.counts].reduce((x, y) => x + y, 0));
    }
  });

  it('ludii: true in a batch gives each match its figures, the same as building the trial by hand', () => {
    const again = playBatch({ ...spec, record: false, ludii: true }, 2);
    again.forEach((o, i) => {
      expect(o.result.record).toBeUndefined();
      const rec = matches[i]!.result.record!;
      const t = new LudiiTrialBuilder(game).build(o.seed, rec.moves, o.result);
      expect(o.result.ludii).toEqual(trialFigures(t));
    });
  });
});

describe('gabata simulate --ludii-metrics', () => {
  it('prints the metrics under Ludii names, deterministic by seed, and they agree with the summary', () => {
    const args = [CLI, 'simulate', 'gabata-adowa', '--preset', 'ludii', '--option', 'rounds=1', '--games', '6'];
    const run = (workers = '0'): Record<string, unknown> => {
      const r = spawnSync(process.execPath, [...args, '--seed', '5', '--workers', workers, '--ludii-metrics', '--json'], {
        encoding: 'utf8',
      });
      expect(r.status, r.stderr).toBe(0);
      return JSON.parse(r.stdout) as Record<string, unknown>;
    };
    const j = run();
    const lm = j['ludiiMetrics'] as Record<string, { value: number | null; trials?: number }>;
    for (const k of ['Balance', 'Completion', 'Drawishness', 'DurationTurns', 'BranchingFactorAverage', 'LeadChange', 'DramaAverage'])
      expect(lm[k]?.value, k).toEqual(expect.any(Number));
    expect(lm['Balance']!.trials).toBe(6);
    // Every Ludii metric is done (BoardCoverageFull, StateSpaceComplexity and MoveDistance since 2026-12-04).
    expect(j['ludiiNotDone']).toEqual({});
    expect(lm['BoardCoverageFull']!.value).toBeCloseTo((lm['BoardCoverageDefault']!.value! * 18) / 55, 12);
    expect(lm['StateSpaceComplexity']!.value).toBeCloseTo(28 * Math.log10(324), 12);
    expect(lm['MoveDistanceAverage']!.value).toBe(0);
    expect(Object.keys(j['ludiiNotes'] as object)).toEqual(Object.keys(lm));
    // Recomputed independently from the same seeded matches: wins by seat give Balance, Completion, Drawishness.
    const g = unwrap(unwrap(getRuleset('gabata-adowa')).create({ preset: 'ludii', rounds: 1 }));
    const outs = playBatch(
      {
        id: 'x/0',
        ruleset: 'gabata-adowa',
        options: { ...g.options },
        agents: ['random'],
        seed: 5,
        first: 0,
        count: 6,
        record: false,
        metrics: false,
      },
      2,
    );
    const wins = [1, 2].map((p) => outs.filter((o) => o.result.winner === p).length);
    const draws = outs.filter((o) => o.result.winner === 0).length;
    const rate = (p: number): number => (wins[p - 1]! + draws / 2) / 6;
    expect(lm['Balance']!.value).toBeCloseTo(1 - Math.abs(rate(1) - rate(2)), 12);
    expect(lm['Completion']!.value).toBeCloseTo((wins[0]! + wins[1]!) / 6, 12);
    expect(lm['Drawishness']!.value).toBeCloseTo(draws / 6, 12);
    expect(lm['DurationTurns']!.value).toBeCloseTo(outs.reduce((a, o) => a + o.result.turns, 0) / 6, 12);
    // The same in a worker thread (the figures travel with the match's outcome).
    expect(run('1')['ludiiMetrics']).toEqual(lm);
  });
});

describe("the Ludii reference figures' provenance", () => {
  it('README quotes the recorded figures and version; what is unknown is null', () => {
    const readme = readFileSync(join(process.cwd(), 'README.md'), 'utf8');
    const p = (x: number): string => `${(100 * x).toFixed(1)}%`;
    const quoted = `Ludii ${LUDII_ADOWA.ludiiVersion}: ${p(LUDII_ADOWA.p1)} / ${p(LUDII_ADOWA.p2)} / ${p(LUDII_ADOWA.draws)}`;
    expect(quoted).toBe('Ludii 1.0.8: 54.5% / 40.0% / 5.5%');
    expect(readme).toContain(quoted);
    expect([LUDII_ADOWA.trials, LUDII_ADOWA.settings, LUDII_ADOWA.date]).toEqual([null, null, null]);
  });
});

describe('gabata sweep --ludii-metrics', () => {
  it("gives every cell Ludii's metrics (JSON and cells.csv), over the cell's matches", () => {
    const dir = mkdtempSync(join(tmpdir(), 'gabata-ludii-'));
    const args = [CLI, 'sweep', 'gabata-adowa', '--preset', 'ludii', '--option', 'rounds=1', '--grid', 'captureGate=none,firstTurnOfRound'];
    const r = spawnSync(
      process.execPath,
      [...args, '--games', '3', '--workers', '0', '--ludii-metrics', '--out', join(dir, 's'), '--json'],
      {
        encoding: 'utf8',
      },
    );
    expect(r.status, r.stderr).toBe(0);
    const doc = JSON.parse(r.stdout) as {
      cells: { figures: { games: number; draws: { rate: number } }; ludii: Record<string, { value: number }> }[];
    };
    expect(doc.cells).toHaveLength(2);
    for (const c of doc.cells) {
      expect(c.ludii['Balance']!.value).toEqual(expect.any(Number));
      // Drawishness is the cell's share of draws (every match finished here).
      expect(c.ludii['Drawishness']!.value).toBeCloseTo(c.figures.draws.rate, 12);
    }
    const csv = readFileSync(join(dir, 's', 'cells.csv'), 'utf8').split('\n');
    const header = csv[0]!.split(',');
    const col = header.indexOf('ludii_Drawishness');
    expect(col).toBeGreaterThan(0);
    expect(Number(csv[1]!.split(',')[col])).toBeCloseTo(doc.cells[0]!.ludii['Drawishness']!.value, 6);
    rmSync(dir, { recursive: true, force: true });
  });
});

describe('notes of what a move, a turn and a state evaluation are', () => {
  it('each metric names the terms it rests on', () => {
    expect(noteOf('Balance')).toBe(TERMS.outcome);
    expect(noteOf('DurationTurnsStdDev')).toBe(TERMS.turn);
    expect(noteOf('BranchingFactorAverage')).toBe(TERMS.move);
    expect(noteOf('LeadChange')).toBe(`${TERMS.move}; ${TERMS.evaluation}`);
    expect(noteOf('DramaAverage')).toBe(`${TERMS.move}; ${TERMS.evaluation}; ${TERMS.outcome}`);
  });
});

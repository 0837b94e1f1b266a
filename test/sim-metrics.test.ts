/**
 * The dynamics metrics of a match (sim/metrics.ts, docs/metrics.md): the formulas on a sequence of
 * positions computed by hand, then a real seeded match whose figures are recomputed from its
 * replayed positions, and the CLI's means.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { unwrap } from '../packages/engine/src/core/errors.js';
import { MAX_MOVES } from '../packages/engine/src/core/game.js';
import { PHASE_PLAY, type State } from '../packages/engine/src/core/state.js';
import { getRuleset } from '../packages/engine/src/games/index.js';
import { replayRecord } from '../packages/engine/src/notation/record.js';
import { playBatch } from '../src/sim/batch.js';
import { MetricsCollector, metricMeans, secured } from '../src/sim/metrics.js';

const CLI = join(process.cwd(), 'dist', 'cli', 'main.js');
const adowa = unwrap(unwrap(getRuleset('gabata-adowa')).create({ preset: 'ludii', rounds: 1 }));

/** A position of Gabata whose players have secured `a` and `b` counters (in hand), in round `round`. */
function securedPosition(a: number, b: number, round = 1): State {
  const s = adowa.newState(1);
  s.captured[1] = a;
  s.captured[2] = b;
  s.round = round;
  return s;
}

describe('metrics by hand', () => {
  it('secured counters: hand or store, winnings set aside, and the holes marked as the player’s', () => {
    const s = adowa.newState(1);
    s.captured[1] = 2;
    s.reserve[1] = 1;
    s.marks[7] = 1;
    s.counts[7] = 4;
    s.marks[8] = 2;
    s.counts[8] = 5;
    expect(secured(s, 1)).toBe(2 + 1 + 4);
    expect(secured(s, 2)).toBe(5);
  });

  it('lead changes, drama, decisiveness and captures on five positions', () => {
    // Secured counters before each decision (player 1, player 2); player 2 wins.
    // Leaders: none, 1, 2, 1, 2 -> three changes; player 2 behind by 3 and by 1 at two of five;
    // player 2 leads for good from the last position (1 of 5); captures 3 + 4 + 2 + 5 over 5 turns.
    const c = new MetricsCollector(adowa);
    c.begin();
    const rows: [number, number][] = [
      [0, 0],
      [3, 0],
      [3, 4],
      [5, 4],
      [5, 9],
    ];
    rows.forEach(([a, b], i) => {
      c.sample(securedPosition(a, b), i === 1 ? 1 : 3, i === 4 ? 1000 : 5, true);
    });
    const end = securedPosition(5, 9);
    end.winner = 2;
    const m = c.finish(end, 5, true);
    expect(m['decisions']).toBe(5);
    expect(m['materialLeadChanges']).toBe(3);
    expect(m['winnerBehindShare']).toBeCloseTo(2 / 5, 12);
    expect(m['materialDrama']).toBeCloseTo((3 / 54 + 1 / 54) / 5, 12);
    expect(m['winnerLeadShare']).toBeCloseTo(1 / 5, 12);
    expect(m['capturesPerTurn']).toBeCloseTo(14 / 5, 12);
    expect(m['realChoiceShare']).toBeCloseTo(4 / 5, 12);
    expect(m['branching']).toBeCloseTo((3 + 1 + 3 + 3 + 3) / 5, 12);
    // The pass (move 1000) was made with three moves to choose from: a pass, not a stalemate.
    expect(m['passes']).toBe(1);
    expect(m['stalemates']).toBe(0);
    expect(m['endedByRules']).toBe(1);
  });

  it('a new round is not a capture, and a draw has no winner figures', () => {
    const c = new MetricsCollector(adowa);
    c.begin();
    c.sample(securedPosition(0, 0), 2, 1000, true);
    c.sample(securedPosition(6, 2), 1, 1000, true);
    c.sample(securedPosition(0, 0, 2), 2, 3, true);
    c.sample(securedPosition(1, 0, 2), 2, 3, true);
    const end = securedPosition(1, 0, 2);
    end.winner = 0;
    const m = c.finish(end, 4, false);
    expect(m['capturesPerTurn']).toBeCloseTo((6 + 2 + 1) / 4, 12);
    expect(m['stalemates']).toBe(1);
    expect(m['passes']).toBe(2);
    expect(m['endedByRules']).toBe(0);
    expect(m['materialDrama']).toBeUndefined();
    expect(m['winnerLeadShare']).toBeUndefined();
    // Leader 1, then a tie (new round), then 1 again: no change of leader.
    expect(m['materialLeadChanges']).toBe(0);
  });

  it('means count only the matches that have a figure', () => {
    const means = metricMeans([{ materialDrama: 0.2, decisions: 10 }, { decisions: 20 }, undefined]);
    expect(means['decisions']).toEqual({ mean: 15, matches: 2 });
    expect(means['materialDrama']).toEqual({ mean: 0.2, matches: 1 });
  });
});

describe('metrics of a played match', () => {
  it('equal the figures recomputed from the replayed positions', () => {
    const spec = {
      id: 'm',
      ruleset: 'gabata-adowa',
      options: { ...adowa.options },
      agents: ['random', 'greedy'],
      seed: 77,
      first: 0,
      count: 3,
      record: true,
      metrics: true,
    };
    for (const o of playBatch(spec, 2)) {
      const m = o.result.metrics!;
      const rep = unwrap(replayRecord(o.result.record!, { positions: true }));
      const before = rep.positions!.slice(0, -1);
      const buf = new Int32Array(MAX_MOVES);
      const choices = before.map((s) => adowa.legalMoves(s, buf));
      const leaders = before.map((s) => {
        const a = secured(s, 1);
        const b = secured(s, 2);
        return a > b ? 1 : b > a ? 2 : 0;
      });
      let changes = 0;
      let last = 0;
      for (const l of leaders) {
        if (l !== 0 && last !== 0 && l !== last) changes++;
        if (l !== 0) last = l;
      }
      let captured = 0;
      for (let i = 1; i < before.length; i++) {
        for (const p of [1, 2]) captured += Math.max(0, secured(before[i]!, p) - secured(before[i - 1]!, p));
      }
      const turns = before.filter((s) => s.phase === PHASE_PLAY).length;
      expect(m['decisions']).toBe(o.result.record!.moves.length);
      expect(m['turns']).toBe(turns);
      expect(m['realChoiceShare']).toBeCloseTo(choices.filter((n) => n > 1).length / choices.length, 12);
      expect(m['branching']).toBeCloseTo(choices.reduce((x, y) => x + y, 0) / choices.length, 12);
      expect(m['materialLeadChanges']).toBe(changes);
      expect(m['capturesPerTurn']).toBeCloseTo(captured / turns, 12);
      const w = o.result.winner;
      if (w > 0) {
        const lastNot = leaders.map((l, i) => (l !== w ? i : -1)).reduce((x, y) => Math.max(x, y), -1);
        expect(m['winnerLeadShare']).toBeCloseTo((leaders.length - lastNot - 1) / leaders.length, 12);
      }
      expect(m['endedByRules']).toBe(1);
      expect(m['guardRounds']).toBe(o.result.guardEnds);
    }
  });

  it('are absent unless asked for', () => {
    const spec = { id: 'n', ruleset: 'gabata-adowa', options: { ...adowa.options }, agents: ['random'], seed: 1, first: 0, count: 2 };
    for (const o of playBatch({ ...spec, record: false, metrics: false }, 2)) expect(o.result.metrics).toBeUndefined();
  });

  it('simulate --metrics prints their means, and the same summary with any workers and batch size', () => {
    const run = (extra: string[]): { status: number | null; stdout: string; stderr: string } =>
      spawnSync(
        'node',
        [CLI, 'simulate', 'gabata-adowa', '--preset', 'ludii', '--option', 'rounds=1', '--games', '40', '--seed', '9', ...extra],
        {
          encoding: 'utf8',
        },
      );
    const a = run(['--metrics', '--json', '--workers', '0', '--batch', '3']);
    const b = run(['--metrics', '--json', '--workers', '2', '--batch', '40']);
    expect(a.status, a.stderr).toBe(0);
    expect(b.status, b.stderr).toBe(0);
    const strip = (t: string): unknown => {
      const { seconds, workers, batch, ...rest } = JSON.parse(t) as Record<string, unknown>;
      return rest;
    };
    const sa = strip(a.stdout) as { metrics: Record<string, { mean: number; matches: number }>; games: number };
    expect(strip(b.stdout)).toEqual(sa);
    expect(sa.metrics['decisions']!.matches).toBe(40);
    expect(sa.metrics['materialLeadChanges']!.mean).toBeGreaterThan(0);
    const text = run(['--metrics', '--workers', '1']);
    expect(text.status, text.stderr).toBe(0);
    expect(text.stdout).toMatch(/metrics \(means per match/);
    expect(text.stdout).toMatch(/materialLeadChanges\s+\d/);
    expect(text.stdout).toMatch(/completion: rounds 40/);
  });
});

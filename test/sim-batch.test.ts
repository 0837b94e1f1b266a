/**
 * Batches and the local runner (issue 14): the same seed gives the same matches whatever the
 * number of worker threads or the batch size; records only when asked; a stop keeps every match
 * that finished; each guard has its own completion. The worker threads run the built
 * dist/sim/worker.js (npm test builds first).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { unwrap } from '../packages/engine/src/core/errors.js';
import { MOVE_PASS, standardReturns, type Game } from '../packages/engine/src/core/game.js';
import { END_REASONS, PHASE_OVER, State } from '../packages/engine/src/core/state.js';
import { getRuleset } from '../packages/engine/src/games/index.js';
import { parseRecord, replayRecord, stringifyRecord } from '../packages/engine/src/notation/record.js';
import { playBatch, splitBatches, type BatchSpec, type MatchOutcome } from '../src/sim/batch.js';
import { LocalRunner } from '../src/sim/local-runner.js';
import { MatchPlayer, RandomSeat } from '../src/sim/match.js';
import { openRunner } from '../src/sim/runners.js';

const adowa = unwrap(unwrap(getRuleset('gabata-adowa')).create({ preset: 'ludii', rounds: 1 }));
const base = {
  ruleset: 'gabata-adowa',
  options: { ...adowa.options },
  agents: ['random', 'greedy:epsilon=0.3'],
  seed: 2026,
  record: true,
  metrics: false,
};

async function playAll(workers: number, size: number, games: number, spec = base): Promise<MatchOutcome[]> {
  const runner = new LocalRunner({ workers });
  const got: MatchOutcome[] = [];
  const ids = new Set<string>();
  try {
    await runner.run(splitBatches(spec, games, size, 'test'), (b, matches) => {
      expect(ids.has(b.id)).toBe(false);
      ids.add(b.id);
      expect(matches.map((m) => m.index)).toEqual(Array.from({ length: b.count }, (_, i) => b.first + i));
      got.push(...matches);
    });
  } finally {
    await runner.close();
  }
  return got.sort((a, b) => a.index - b.index);
}

/** What must be equal between two plays of the same match (the record's date differs). */
const essence = (o: MatchOutcome): unknown => {
  const { record, ...rest } = o.result;
  return { index: o.index, seed: o.seed, agents: o.agents, rest, moves: record?.moves, result: record?.result };
};

describe('batches of matches', () => {
  it('the worker file is built (npm test builds first)', () => {
    expect(existsSync(join(process.cwd(), 'dist', 'sim', 'worker.js'))).toBe(true);
  });

  it('the same seed gives the same matches on the main thread, one worker and two, whatever the batch size', async () => {
    const games = 30;
    const here = await playAll(0, 7, games);
    const one = await playAll(1, 30, games);
    const two = await playAll(2, 4, games);
    expect(here.map((o) => o.index)).toEqual(Array.from({ length: games }, (_, i) => i));
    expect(one.map(essence)).toEqual(here.map(essence));
    expect(two.map(essence)).toEqual(here.map(essence));
    // Seats rotate from match to match, and the matches are not all alike.
    expect(here[0]!.agents).toEqual(['random', 'greedy:epsilon=0.3']);
    expect(here[1]!.agents).toEqual(['greedy:epsilon=0.3', 'random']);
    expect(new Set(here.map((o) => o.result.record!.moves.join(' '))).size).toBe(games);
  });

  it('a batch played in pieces equals the batch played whole', () => {
    const whole = playBatch({ ...base, id: 'w', first: 0, count: 12 }, 2);
    const parts = [...playBatch({ ...base, id: 'a', first: 0, count: 5 }, 2), ...playBatch({ ...base, id: 'b', first: 5, count: 7 }, 2)];
    expect(parts.map(essence)).toEqual(whole.map(essence));
  });

  it('records are built only when asked, and replay to their result', () => {
    const without = playBatch({ ...base, id: 'n', first: 0, count: 4, record: false }, 2);
    for (const o of without) expect(o.result.record).toBeUndefined();
    const withRecords = playBatch({ ...base, id: 'r', first: 0, count: 4 }, 2);
    for (const o of withRecords) {
      const rec = unwrap(parseRecord(stringifyRecord(o.result.record!)));
      expect(rec.agents).toEqual(o.agents);
      expect(rec.meta).toEqual({ game: o.index });
      const rep = replayRecord(rec);
      expect(rep.ok, rep.ok ? '' : rep.error.message).toBe(true);
    }
    // The same matches with and without records.
    expect(without.map((o) => o.result.plies)).toEqual(withRecords.map((o) => o.result.plies));
    expect(without.map((o) => o.result.winner)).toEqual(withRecords.map((o) => o.result.winner));
  });

  it('a stop keeps every finished match, each equal to the same match played without a stop', async () => {
    const spec = { ...base, ruleset: 'abalalae', options: { ...unwrap(unwrap(getRuleset('abalalae')).create({})).options }, record: false };
    const seen = new Map<number, MatchOutcome>();
    const reported = new Set<string>();
    const runner = new LocalRunner({
      workers: 2,
      onMatches: (_b, matches) => {
        for (const m of matches) {
          expect(seen.has(m.index)).toBe(false);
          seen.set(m.index, m);
        }
        if (seen.size >= 6) void runner.stop();
      },
    });
    const batches = splitBatches(spec, 400, 100, 'stop');
    const t0 = Date.now();
    await runner.run(batches, (b) => reported.add(b.id));
    await runner.close();
    expect(Date.now() - t0).toBeLessThan(60_000);
    expect(seen.size).toBeGreaterThanOrEqual(6);
    expect(seen.size).toBeLessThan(400);
    // Only whole batches are reported to onBatch; the rest came through onMatches.
    for (const id of reported) expect(batches.some((b) => b.id === id)).toBe(true);
    const kept = [...seen.values()].sort((a, b) => a.index - b.index);
    const again = kept.map((o) => playBatch({ ...spec, id: 'again', first: o.index, count: 1 }, 2)[0]!);
    expect(kept.map(essence)).toEqual(again.map(essence));
  });

  it('a failing batch rejects with the worker error code', async () => {
    const runner = await openRunner({ workers: 1 });
    const bad: BatchSpec = { ...base, id: 'bad/0', first: 0, count: 1, ruleset: 'no-such-game' };
    await expect(runner.run([bad], () => {})).rejects.toMatchObject({ code: 'ERR_UNKNOWN_RULESET' });
    await runner.close();
  });

  it('an error thrown by the caller while taking a batch ends the run with it, not the process', async () => {
    for (const workers of [0, 1]) {
      const runner = new LocalRunner({ workers });
      const batches = splitBatches({ ...base, record: false }, 6, 2, 'throw');
      await expect(
        runner.run(batches, () => {
          throw new Error('disk full');
        }),
      ).rejects.toThrow('disk full');
      await runner.close();
    }
  });

  it('openRunner refuses a queue URL that is not redis://', async () => {
    await expect(openRunner({ workers: 1, queue: 'http://example.org' })).rejects.toMatchObject({ code: 'ERR_ARGUMENT' });
  });
});

describe('completion: how a match ended', () => {
  const one = (ruleset: string, given: Record<string, unknown>): MatchOutcome => {
    const game = unwrap(unwrap(getRuleset(ruleset)).create(given));
    const spec = { ...base, ruleset, options: { ...game.options }, agents: ['random'], record: false };
    return playBatch({ ...spec, id: 'c', first: 0, count: 1 }, game.players)[0]!;
  };

  it('by the rules, after the rounds asked for, or by a named guard', () => {
    expect(one('selus', {}).result.completion).toBe('rules');
    expect(one('gabata-adowa', { rounds: 1 }).result.completion).toBe('rounds');
    const capped = one('abalalae', { maxTurnsPerRound: 1, roundStalemate: 'draw' }).result;
    expect(capped.completion).toBe('turnCap');
    expect(capped.guards).toEqual({ turnCap: 1 });
    expect(capped.winner).toBe(0);
    const matchCap = one('gifia', { maxRounds: 1 }).result;
    expect(matchCap.completion).toBe('matchCap');
    expect(matchCap.guards).toMatchObject({ matchCap: 1 });
  });

  it('a round ended by two passes in a row is a double pass; ended with no pass, a repetition', () => {
    // A stub game: the only move is a pass (or hole 0); the engine ends the match by 'doublePass'
    // after two passes in a row, or by 'repetition' after three moves without passes, and the
    // simulation counts the reason the engine gives.
    const only = (move: number) => (_s: State, out: Int32Array) => {
      out[0] = move;
      return 1;
    };
    const stub = (move: number): Game =>
      ({
        players: 2,
        options: {},
        counterTotal: 0,
        ruleset: { info: { id: 'stub' } },
        newState: (seed: number) => new State(2, 2, seed),
        legalMoves: only(move),
        candidateMoves: only(move),
        moveText: (_s: State, m: number) => String(m),
        returns: standardReturns,
        apply: (s: State, m: number) => {
          s.ply++;
          s.passes = m === MOVE_PASS ? s.passes + 1 : 0;
          if (s.passes >= 2 || (m !== MOVE_PASS && s.ply >= 3)) {
            s.phase = PHASE_OVER;
            s.toMove = 0;
            s.winner = 0;
            s.endReason = END_REASONS.indexOf(s.passes >= 2 ? 'doublePass' : 'repetition');
            s.guardEnds++;
          } else s.toMove = 3 - s.toMove;
          return true;
        },
      }) as unknown as Game;
    const passes = new MatchPlayer(stub(MOVE_PASS)).play([new RandomSeat(), new RandomSeat()], 1, { metrics: true });
    expect(passes.completion).toBe('doublePass');
    expect(passes.guards).toEqual({ doublePass: 1 });
    expect(passes.metrics).toMatchObject({ passes: 2, stalemates: 2, endedByRules: 0, guardRounds: 1 });
    const repeated = new MatchPlayer(stub(0)).play([new RandomSeat(), new RandomSeat()], 1);
    expect(repeated.completion).toBe('repetition');
    expect(repeated.guards).toEqual({ repetition: 1 });
  });

  it('a match stopped by the ply cap is unfinished', () => {
    const game = unwrap(unwrap(getRuleset('gabata-adowa')).create({}));
    const r = new MatchPlayer(game).play([new RandomSeat(), new RandomSeat()], 1, { maxPlies: 10 });
    expect(r.completion).toBe('plyCap');
    expect(r.winner).toBe(-1);
    expect(r.plies).toBe(10);
  });
});

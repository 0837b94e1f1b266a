import { describe, expect, it } from 'vitest';
import type { GameEvent } from './events.js';
import {
  checkRecordedWinner,
  isGuardReason,
  ownersTakeCounters,
  perpetualTest,
  reasonIndex,
  roundGuard,
  settlePerpetual,
  traceRedistribution,
  winnerByTotals,
} from './round.js';
import { LAP_END, LAP_RELAY, RelaySower, SOW_PERPETUAL } from './sow.js';
import { END_REASONS, legacyEndReason, sameEndReason, State } from './state.js';

describe('core/round: the pieces of a round end every ruleset shares', () => {
  it('§8.3 roundGuard: the cap fires once the round holds maxTurnsPerRound turns, never before', () => {
    const s = new State(2, 4);
    s.counts.set([1, 2, 3, 4]);
    for (let turn = 0; turn < 5; turn++) {
      s.turn = turn;
      s.counts[0] = turn; // a new position every turn: no repetition
      expect(roundGuard(s, 5)).toBeNull();
    }
    s.turn = 5;
    s.counts[0] = 99;
    expect(roundGuard(s, 5)).toBe('turnCap');
  });

  it('§8.3 roundGuard: the third occurrence of a position is a stalemate, and it outranks the cap', () => {
    const s = new State(2, 4);
    s.counts.set([1, 0, 0, 1]);
    expect(roundGuard(s, 100)).toBeNull();
    expect(roundGuard(s, 100)).toBeNull();
    expect(roundGuard(s, 100)).toBe('repetition');
    const t = new State(2, 4);
    t.turn = 7;
    roundGuard(t, 100);
    roundGuard(t, 100);
    expect(roundGuard(t, 7)).toBe('repetition');
  });

  it('§8.3 roundGuard: a repetition that passes in a row made is a doublePass', () => {
    const s = new State(2, 4);
    s.counts.set([1, 0, 0, 1]);
    roundGuard(s, 100);
    roundGuard(s, 100);
    s.passes = 2;
    expect(roundGuard(s, 100)).toBe('doublePass');
    const one = new State(2, 4);
    roundGuard(one, 100);
    roundGuard(one, 100);
    one.passes = 1;
    expect(roundGuard(one, 100)).toBe('repetition');
  });

  it('legacyEndReason reads the names before 2026-12-04 by the state they were written with', () => {
    const s = new State(2, 4);
    s.round = 3;
    expect(legacyEndReason('stalemate', s, 0)).toBe('repetition');
    s.passes = 2;
    expect(legacyEndReason('stalemate', s, 0)).toBe('doublePass');
    expect(legacyEndReason('roundCap', s, 3)).toBe('rounds');
    expect(legacyEndReason('roundCap', s, 0)).toBe('matchCap');
    expect(legacyEndReason('roundCap', s, 5)).toBe('matchCap');
    expect(legacyEndReason('turnCap', s, 5)).toBe('turnCap');
    expect(sameEndReason('stalemate', 'doublePass')).toBe(true);
    expect(sameEndReason('roundCap', 'rounds')).toBe(true);
    expect(sameEndReason('roundCap', 'repetition')).toBe(false);
    expect(sameEndReason('rules', 'rules')).toBe(true);
  });

  it('§8.3 ownerTakes: ordinary holes go to their owners, marked holes stay, each take is a capture event', () => {
    const s = new State(2, 4);
    s.owners.set([1, 1, 2, 2]);
    s.counts.set([3, 0, 5, 2]);
    s.marks.set([0, 0, 0, 1]);
    const trace: GameEvent[] = [];
    ownersTakeCounters(s, trace, '§8.3');
    expect(Array.from(s.counts)).toEqual([0, 0, 0, 2]);
    expect(Array.from(s.captured)).toEqual([0, 3, 5]);
    expect(trace).toEqual([
      { type: 'capture', player: 1, hole: 0, count: 3, rule: '§8.3' },
      { type: 'capture', player: 2, hole: 2, count: 5, rule: '§8.3' },
    ]);
    ownersTakeCounters(s, null);
    expect(s.total()).toBe(10);
  });

  it('winnerByTotals: the largest total wins, a shared largest total is a draw (index 0 unused)', () => {
    expect(winnerByTotals([0, 30, 24], 2)).toBe(1);
    expect(winnerByTotals([0, 24, 30], 2)).toBe(2);
    expect(winnerByTotals([0, 27, 27], 2)).toBe(0);
    expect(winnerByTotals([0, 10, 22, 22], 3)).toBe(0);
    expect(winnerByTotals([0, 10, 22, 21], 3)).toBe(2);
    expect(winnerByTotals([99, 0, 0], 2)).toBe(0);
  });

  it('traceRedistribution: the new layout, with the holes that changed hands', () => {
    const s = new State(2, 3);
    s.owners.set([1, 2, 2]);
    s.counts.set([3, 3, 3]);
    s.round = 2;
    const trace: GameEvent[] = [];
    traceRedistribution(s, trace, 'X-1', [1, 1, 2]);
    traceRedistribution(s, trace, 'X-2');
    traceRedistribution(s, null, 'X-3');
    expect(trace).toEqual([
      {
        type: 'redistribute',
        round: 2,
        owners: [1, 2, 2],
        counts: [3, 3, 3],
        captured: [0, 0, 0],
        reserve: [0, 0, 0],
        changes: [{ hole: 1, from: 1, to: 2 }],
        rule: 'X-1',
      },
      {
        type: 'redistribute',
        round: 2,
        owners: [1, 2, 2],
        counts: [3, 3, 3],
        captured: [0, 0, 0],
        reserve: [0, 0, 0],
        changes: [],
        rule: 'X-2',
      },
    ]);
  });

  it('reasonIndex and isGuardReason name the same reasons as END_REASONS', () => {
    for (const r of END_REASONS) expect(END_REASONS[reasonIndex(r)]).toBe(r);
    expect(END_REASONS.filter((r) => isGuardReason(r))).toEqual(['repetition', 'turnCap', 'perpetual', 'doublePass']);
  });

  it('§8.1 perpetualTest sows on the scratch state only; settlePerpetual ends the turn unless illegal', () => {
    // A ring of 4 where a board of four or more counters always relays (for ever); a smaller one
    // relays only from a hole holding more than one.
    const next = Int8Array.from([1, 2, 3, 0]);
    const afterLast = (st: State, h: number): number => (st.boardTotal() >= 4 || st.counts[h]! > 1 ? LAP_RELAY : LAP_END);
    const sower = new RelaySower({ skip: null, skipOrigin: false, maxLaps: 10_000, afterLast });
    const s = new State(2, 4);
    s.counts.set([2, 2, 2, 2]);
    s.recordPosition();
    const perpetual = perpetualTest(new State(2, 4), (scratch, start, mover) => sower.sow(scratch, start, mover, next, null));
    expect(perpetual(s, 0)).toBe(true);
    expect(Array.from(s.counts)).toEqual([2, 2, 2, 2]);
    expect(s.historyLength).toBe(1);
    s.counts.set([1, 0, 0, 0]);
    expect(perpetual(s, 0)).toBe(false);
    expect(sower.sow(s.clone(), 0, 1, next, null)).not.toBe(SOW_PERPETUAL);

    const trace: GameEvent[] = [];
    s.toMove = 2;
    expect(settlePerpetual('illegal', s, trace, '§8')).toBe('illegal');
    expect(trace).toEqual([]);
    expect(settlePerpetual('drawRound', s, trace, '§8.1')).toBe('drawRound');
    expect(settlePerpetual('endTurnAtRepeat', s, null, '§8')).toBe('endTurnAtRepeat');
    expect(trace).toEqual([{ type: 'turnEnd', player: 2, reason: 'perpetual', rule: '§8.1' }]);
  });

  it('checkRecordedWinner: a finished position must carry a result the rules allow', () => {
    const s = new State(2, 6);
    s.winner = 1;
    expect(checkRecordedWinner(s, [1], 'the stores', 'rules').ok).toBe(true);
    expect(checkRecordedWinner(s, [0, 1], 'the board', 'repetition').ok).toBe(true);
    const r = checkRecordedWinner(s, [2, 0], 'the stores', 'rules');
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error.code).toBe('ERR_POSITION');
      expect(r.error.where).toBe('winner');
      expect(r.error.message).toContain('the result is a win for player 2 or a draw, not a win for player 1');
    }
  });
});

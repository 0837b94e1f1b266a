/**
 * One result per ruleset (issue 22): `resultOf(state)` ends the match in play and checks a finished
 * one in the position validator, so the two cannot drift. Every finished random match is accepted
 * by the validator, and the same board with another winner recorded is refused.
 */
import { describe, expect, it } from 'vitest';
import { playRandomMatch } from '../core/debug.js';
import { unwrap } from '../core/errors.js';
import { RESULT_GOES_ON, RoundGame, matchResult, resultReason, resultWinner } from '../core/game-base.js';
import { END_REASONS } from '../core/state.js';
import { RULESETS } from './index.js';

const CASES: [string, Record<string, unknown>][] = [
  ...RULESETS.map((r): [string, Record<string, unknown>] => [r.info.id, {}]),
  ['gabata-aksum', { players: 3 }],
  ['gabata-adowa', { rounds: 2 }],
  ['gifia', { rounds: 2 }],
  ['abalalae', { rounds: 2 }],
  ['gifia', { roundStalemate: 'draw', maxTurnsPerRound: 30 }],
];

describe('resultOf: the rules and the position validator read one result', () => {
  it('a result number carries its winner and end reason', () => {
    for (const reason of END_REASONS) {
      for (let winner = 0; winner <= 3; winner++) {
        const r = matchResult(winner, reason);
        expect(r).not.toBe(RESULT_GOES_ON);
        expect([resultWinner(r), resultReason(r)]).toEqual([winner, reason]);
      }
    }
  });

  for (const [id, options] of CASES) {
    it(`${id} ${JSON.stringify(options)}: every finished random match validates, and another winner is refused`, () => {
      const ruleset = RULESETS.find((r) => r.info.id === id)!;
      const game = unwrap(ruleset.create(options));
      expect(game).toBeInstanceOf(RoundGame);
      const reasons = new Set<string>();
      for (let seed = 1; seed <= 12; seed++) {
        const { state } = playRandomMatch(game, seed);
        const reason = END_REASONS[state.endReason]!;
        reasons.add(reason);
        const checked = game.validate(state.clone());
        expect(checked.ok ? 'ok' : checked.error.message, `seed ${seed}`).toBe('ok');
        for (let other = 0; other <= game.players; other++) {
          if (other === state.winner) continue;
          const wrong = state.clone();
          wrong.winner = other;
          const r = game.validate(wrong);
          expect(r.ok, `seed ${seed}: winner ${other} instead of ${state.winner} (${reason})`).toBe(false);
          if (!r.ok) expect(r.error.code).toBe('ERR_POSITION');
        }
      }
      expect(reasons.size).toBeGreaterThan(0);
    });
  }
});

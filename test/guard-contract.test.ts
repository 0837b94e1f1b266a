/**
 * The round-stalemate guard compares counts, the player to move and the phase only (State.positionKey):
 * every ruleset must clear the repetition history whenever owners or marks change. Checked here
 * over seeded random matches of every registered ruleset.
 */
import { describe, expect, it } from 'vitest';
import { playRandomMatch } from '../packages/engine/src/core/debug.js';
import { unwrap } from '../packages/engine/src/core/errors.js';
import { RULESETS } from '../packages/engine/src/games/index.js';

describe('repetition history contract', () => {
  for (const r of RULESETS) {
    it(`${r.info.id}: a change of owners or marks always clears the history`, () => {
      // The description's short match: a few rounds, no concession.
      const game = unwrap(r.create(r.info.shortMatch));
      let checked = 0;
      for (let seed = 1; seed <= 30; seed++) {
        let marks = '';
        let owners = '';
        playRandomMatch(game, seed, 20_000, (s) => {
          const m = Array.from(s.marks).join('');
          const o = Array.from(s.owners).join('');
          if ((m !== marks || o !== owners) && marks !== '') {
            // Cleared, then at most the position at the start of the next turn recorded.
            expect(s.historyLength).toBeLessThanOrEqual(1);
            checked++;
          }
          marks = m;
          owners = o;
        });
      }
      // The description says whether play changes them (Gabata marks and owners, Selus marks).
      if (r.info.shape.ownershipChanges.length > 0) expect(checked).toBeGreaterThan(0);
      else expect(checked).toBe(0);
    });
  }
});

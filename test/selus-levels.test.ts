/**
 * The strength levels in Selus are ordered as their names say: level 2 (greedy, with the nedf
 * chances of Selus's evaluation) scores a clear majority against level 1 (half its moves random)
 * over seeded matches, seats alternating. Seeded, so the same figure every run; not timed.
 */
import { describe, expect, it } from 'vitest';
import { makeAgent } from '../packages/engine/src/ai/index.js';
import { unwrap } from '../packages/engine/src/core/errors.js';
import { PHASE_OVER } from '../packages/engine/src/core/state.js';
import { getRuleset } from '../packages/engine/src/games/index.js';
import { isSimultaneous } from '../packages/engine/src/notation/move.js';

describe('Selus levels 1-2', () => {
  it('level 2 scores a clear majority against level 1 over 400 seeded matches (seats alternating)', () => {
    const game = unwrap(unwrap(getRuleset('selus')).create({}));
    const joint = new Int32Array(3);
    let points = 0;
    const N = 400;
    for (let m = 0; m < N; m++) {
      const two = 1 + (m % 2);
      const agents = [0, 1, 2].map((p) => unwrap(makeAgent(p === two ? 'level:2' : 'level:1', 1000 + 3 * m + p)));
      const s = game.newState(m + 1);
      while (s.phase !== PHASE_OVER) {
        if (isSimultaneous(s)) {
          for (let p = 1; p <= 2; p++) joint[p] = agents[p]!.chooseFor(game, s, p).move;
          game.applyJoint(s, joint);
        } else expect(game.apply(s, agents[s.toMove]!.choose(game, s).move)).toBe(true);
      }
      points += s.winner === two ? 1 : s.winner === 0 ? 0.5 : 0;
    }
    // A clear majority: above 56%, 2.4 standard errors (0.025 at 400 matches) over an even score.
    expect(points / N, `level 2 scored ${points}/${N}`).toBeGreaterThan(0.56);
  });
});

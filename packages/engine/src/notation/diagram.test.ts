import { describe, expect, it } from 'vitest';
import { RULESETS } from '../games/index.js';
import { toyRuleset } from '../../../../test/helpers/toy-game.js';
import { mustCreate, randomPlayout } from '../../../../test/helpers/random-play.js';
import { makeDiagram } from './diagram.js';

describe('board diagram', () => {
  for (const rs of [...RULESETS, toyRuleset]) {
    it(`${rs.info.id}: every hole index appears once, rows run from the top row down to row 0`, () => {
      const game = mustCreate(rs, {});
      const s = game.newState(1);
      const text = makeDiagram(game, s);
      const g = game.geometry;
      const rowLines = text.split('\n').filter((l) => /^row \d/.test(l));
      expect(rowLines.map((l) => Number(/^row (\d+)/.exec(l)![1]))).toEqual(Array.from({ length: g.rows }, (_, i) => g.rows - 1 - i));
      for (let h = 0; h < g.holeCount; h++) {
        const line = rowLines[g.rows - 1 - g.holeRow[h]!]!;
        expect(line, `hole ${h}`).toMatch(new RegExp(`\\|${h}\\s+P${s.owners[h]}\\|`));
      }
      for (const st of g.stores) expect(text).toContain(`S${st.player}:${s.captured[st.player]}`);
    });
  }
  it('shows counts, marks as w + owner, owners, piles and whose move it is', () => {
    const game = mustCreate(toyRuleset, {});
    const s = game.newState(1);
    s.counts[4] = 7;
    s.marks[4] = 2;
    s.captured[1] = 3;
    s.phase = 0;
    s.toMove = 2;
    const text = makeDiagram(game, s);
    const lines = text.split('\n');
    const top = lines.findIndex((l) => l.startsWith('row 1'));
    expect(lines[top]).toMatch(/\|3 +P2\|4 +P2\|5 +P2\|/);
    expect(lines[top + 1]).toMatch(/\| +7w2 +\|/);
    expect(text).toContain('P1 off-board 3');
    expect(text).toContain('P2 to move');
  });
  it('a finished match shows the result', () => {
    const game = mustCreate(toyRuleset, {});
    const { final } = randomPlayout(game, 5, 1000);
    const text = makeDiagram(game, final);
    expect(text).toMatch(final.winner > 0 ? new RegExp(`Match over: P${final.winner} wins`) : /Match over: draw/);
  });
});

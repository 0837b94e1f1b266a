/**
 * Chance is chance: a race's dead heat is settled by a coin (SPEC §7.4), drawn through
 * `State.chance`, which a search can force to each outcome. The search agents value a coin over
 * both outcomes (alpha-beta and greedy: expectation; MCTS: a re-seeded determinization each
 * iteration), so what they choose does not depend on the coin the game's hidden seed holds.
 */
import { describe, expect, it } from 'vitest';
import { makeAgent, type Agent } from '../packages/engine/src/ai/index.js';
import type { GameEvent } from '../packages/engine/src/core/events.js';
import { unwrap } from '../packages/engine/src/core/errors.js';
import { Rng } from '../packages/engine/src/core/rng.js';
import { PHASE_OVER, PHASE_RACE, State } from '../packages/engine/src/core/state.js';
import { getRuleset } from '../packages/engine/src/games/index.js';

const selus = unwrap(unwrap(getRuleset('selus')).create({}));
/** Selus's opening race from seed 1: the starts 3 (player 1) and 14 (player 2) end in a dead heat. */
const race = selus.newState(1);
const start = (text: string): number => unwrap(selus.parseMove(race, text));

/** Who wins the race from these starts, with the coin forced to `outcome` (or drawn, when -1). */
function raceWinner(s: State, a: number, b: number, outcome: number): { winner: number; deadHeat: boolean; events: number } {
  const t = s.clone();
  const before = t.chanceEvents;
  t.chanceForced = outcome;
  const trace: GameEvent[] = [];
  selus.applyJoint(t, [0, a, b], trace);
  const end = trace.find((e) => e.type === 'raceEnd');
  return { winner: t.raceWinner, deadHeat: end?.type === 'raceEnd' && end.deadHeat === true, events: t.chanceEvents - before };
}

describe('State.chance', () => {
  it('draws exactly what the generator would (records replay), counting events and their outcomes', () => {
    const s = new State(2, 4, 99);
    const r = new Rng(99);
    for (let i = 0; i < 50; i++) expect(s.chance(2)).toBe(r.int(2));
    expect(s.chanceEvents).toBe(50);
    expect(s.chanceArity).toBe(2);
  });

  it('a forced outcome is taken once, without drawing from the generator', () => {
    const s = new State(2, 4, 5);
    const saved = s.rng.save();
    s.chanceForced = 1;
    expect(s.chance(2)).toBe(1);
    expect(s.chanceForced).toBe(-1);
    expect(s.rng.save()).toBe(saved);
    s.chanceForced = 0;
    expect(s.chance(3)).toBe(0);
    expect(s.chanceArity).toBe(3);
  });
});

describe('the dead heat of a race is a chance event (SPEC §7.4)', () => {
  it('starts 3 and 14 of the seed-1 Selus race tie; each forced outcome gives its winner', () => {
    expect(race.phase).toBe(PHASE_RACE);
    const a = start('3');
    const b = start('14');
    const heads = raceWinner(race, a, b, 0);
    const tails = raceWinner(race, a, b, 1);
    expect(heads).toEqual({ winner: 1, deadHeat: true, events: 1 });
    expect(tails).toEqual({ winner: 2, deadHeat: true, events: 1 });
    // Undisturbed, the coin is the generator's: two seeds whose first coins differ give both winners.
    const winners = new Set<number>();
    for (let k = 1; k <= 8; k++) {
      const s = race.clone();
      s.rng.seed(k);
      winners.add(raceWinner(s, a, b, -1).winner);
    }
    expect([...winners].sort()).toEqual([1, 2]);
  });

  it('a race without a dead heat meets no chance', () => {
    expect(raceWinner(race, start('5'), start('14'), -1).events).toBe(0);
  });
});

describe('search agents do not see the coin before it falls', () => {
  // Before the coin was chance to them, both chose by it here: alpha-beta at depth 3 started player 1
  // from 3 or 10 (and player 2 from 7 or 14) as the hidden seed went, MCTS player 1 from 10 or 4.
  const specs = ['alphabeta:depth=3', 'mcts:iterations=400,playout=4'];
  for (const spec of specs) {
    it(`${spec}: the race start chosen is the same whatever the game's hidden seed`, () => {
      for (const player of [1, 2]) {
        const chosen = new Set<number>();
        const values = new Set<string>();
        for (let hidden = 1; hidden <= 8; hidden++) {
          const s = race.clone();
          s.rng.seed(hidden);
          const answer = unwrap(makeAgent(spec, 7)).chooseFor(selus, s, player);
          chosen.add(answer.move);
          values.add((answer.value ?? Number.NaN).toFixed(9));
        }
        expect(chosen.size, `player ${player} chose ${[...chosen].map((m) => selus.moveText(race, m)).join(', ')}`).toBe(1);
        expect(values.size, `player ${player}'s values ${[...values].join(', ')}`).toBe(1);
      }
    });
  }
});

describe('Agent.reseed: a kept agent plays as one made afresh with the seed', () => {
  const specs = ['random', 'greedy:epsilon=0.5', 'alphabeta:depth=2', 'mcts:iterations=120', 'level:3'];
  /** Each decision's move and value over `plies` decisions of a Selus match from `seed`, the agent playing every seat. */
  function trace(agent: Agent, seed: number, plies: number): string[] {
    const s = selus.newState(seed);
    const out: string[] = [];
    for (let i = 0; i < plies && s.phase !== PHASE_OVER; i++) {
      if (s.toMove === 0) {
        const a = agent.chooseFor(selus, s, 1);
        const b = agent.chooseFor(selus, s, 2);
        out.push(`${a.move}|${b.move}`);
        selus.applyJoint(s, [0, a.move, b.move]);
      } else {
        const r = agent.choose(selus, s);
        out.push(`${r.move}/${(r.value ?? 0).toFixed(9)}`);
        selus.apply(s, r.move);
      }
    }
    return out;
  }
  for (const spec of specs) {
    it(spec, () => {
      const kept = unwrap(makeAgent(spec, 3));
      const first = trace(kept, 5, 8);
      kept.reseed(11);
      const again = trace(kept, 6, 8);
      expect(again).toEqual(trace(unwrap(makeAgent(spec, 11)), 6, 8));
      kept.reseed(3);
      expect(trace(kept, 5, 8)).toEqual(first);
    });
  }
});

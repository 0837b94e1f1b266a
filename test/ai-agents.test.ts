import { describe, expect, it } from 'vitest';
import { MAX_MOVES, MOVE_CONCEDE, type Game } from '../packages/engine/src/core/game.js';
import { unwrap } from '../packages/engine/src/core/errors.js';
import { Rng } from '../packages/engine/src/core/rng.js';
import { END_REASONS, PHASE_OVER, type State } from '../packages/engine/src/core/state.js';
import { RULESETS, getRuleset } from '../packages/engine/src/games/index.js';
import {
  AGENT_KINDS,
  LEVELS,
  levelAgent,
  makeAgent,
  MAX_MCTS_TREE_NODES,
  MAX_PLAYOUT_DEPTH,
  MAX_SEARCH_DEPTH,
  MAX_SEARCH_ITERATIONS,
  MAX_SEARCH_NODES,
  MAX_SEARCH_TIME_MS,
  type Agent,
  type SearchBudget,
  type SearchInfo,
} from '../packages/engine/src/ai/index.js';
import { isSimultaneous, randomPlayableMove } from '../packages/engine/src/ai/util.js';
import { Zobrist } from '../packages/engine/src/ai/zobrist.js';
import { RandomPlayout } from '../packages/engine/src/ai/playout.js';
import { playMatch } from '../src/sim/match.js';
import { makeToyGame } from './ai-toy.js';

const SPECS = [
  'random',
  'greedy',
  'greedy:epsilon=0.5',
  'alphabeta:depth=2',
  'alphabeta:nodes=400',
  'mcts:iterations=60',
  'mcts:iterations=40,playout=0',
];

/** Plays up to `plies` decisions with the agents, checking every answer against the legal moves. */
function playChecked(game: Game, agents: Agent[], seed: number, plies: number): string[] {
  const s = game.newState(seed);
  const buf = new Int32Array(MAX_MOVES);
  const log: string[] = [];
  const joint = new Int32Array(game.players + 1);
  for (let i = 0; i < plies && s.phase !== PHASE_OVER; i++) {
    if (isSimultaneous(s)) {
      for (let p = 1; p <= game.players; p++) {
        const n = game.legalMovesFor(s, p, buf);
        const m = agents[p - 1]!.chooseFor(game, s, p).move;
        expect(Array.from(buf.subarray(0, n))).toContain(m);
        joint[p] = m;
      }
      log.push(`joint ${Array.from(joint).join(',')}`);
      game.applyJoint(s, joint);
      continue;
    }
    const n = game.legalMoves(s, buf);
    const m = agents[s.toMove - 1]!.choose(game, s).move;
    expect(Array.from(buf.subarray(0, n))).toContain(m);
    log.push(String(m));
    game.apply(s, m);
  }
  return log;
}

const games: { name: string; game: Game }[] = [
  ...RULESETS.map((r) => ({ name: r.info.id, game: unwrap(r.create({})) })),
  { name: 'gabata-adowa players=3', game: unwrap(unwrap(getRuleset('gabata-adowa')).create({ players: 3 })) },
  { name: 'toy with a simultaneous opening', game: makeToyGame({ race: true }) },
  { name: 'toy, three players, simultaneous opening', game: makeToyGame({ players: 3, race: true }) },
];

describe('agents return legal moves in every ruleset', () => {
  for (const { name, game } of games) {
    for (const spec of SPECS) {
      it(`${spec} on ${name}`, () => {
        const agents = Array.from({ length: game.players }, (_, i) => unwrap(makeAgent(spec, 11 + i)));
        const log = playChecked(game, agents, 5, 24);
        expect(log.length).toBeGreaterThan(0);
      });
    }
  }
  it('the simultaneous opening is met by every agent (selus and abalalae start with a race)', () => {
    const withRace = RULESETS.map((r) => unwrap(r.create({}))).filter((g) => isSimultaneous(g.newState(1)));
    for (const game of withRace) {
      for (const spec of SPECS) {
        const s = game.newState(3);
        const buf = new Int32Array(MAX_MOVES);
        for (let p = 1; p <= game.players; p++) {
          const n = game.legalMovesFor(s, p, buf);
          expect(Array.from(buf.subarray(0, n))).toContain(unwrap(makeAgent(spec, 1)).chooseFor(game, s, p).move);
        }
      }
    }
  });
});

describe('seeded agents repeat exactly', () => {
  for (const spec of ['random', 'greedy:epsilon=0.3', 'alphabeta:depth=3', 'mcts:iterations=200', 'level:3']) {
    for (const id of ['gabata-adowa', 'abalalae']) {
      it(`${spec} on ${id}`, () => {
        const game = unwrap(unwrap(getRuleset(id)).create({}));
        const run = (): string[] => playChecked(game, [unwrap(makeAgent(spec, 42)), unwrap(makeAgent(spec, 43))], 9, 30);
        const a = run();
        expect(a.length).toBeGreaterThan(5);
        expect(run()).toEqual(a);
      });
    }
  }
  it('different seeds give different random games', () => {
    const game = unwrap(unwrap(getRuleset('gabata-adowa')).create({}));
    const a = playChecked(game, [unwrap(makeAgent('random', 1)), unwrap(makeAgent('random', 2))], 9, 30);
    const b = playChecked(game, [unwrap(makeAgent('random', 3)), unwrap(makeAgent('random', 4))], 9, 30);
    expect(a).not.toEqual(b);
  });
});

// -- alpha-beta against plain minimax -----------------------------------------------------------

const WIN = 10;

/** Plain minimax (no pruning, no table) with the alpha-beta agent's conventions, for `root`. */
function minimax(game: Game, s: State, depth: number, root: number): number {
  if (s.phase === PHASE_OVER) {
    const r = new Float64Array(game.players + 1);
    game.returns(s, r);
    return (2 * r[root]! - 1) * WIN;
  }
  if (depth === 0) return game.evaluate(s, root);
  const buf = new Int32Array(MAX_MOVES);
  if (isSimultaneous(s)) {
    const per: number[][] = [];
    for (let p = 1; p <= s.players; p++) per.push(Array.from(buf.subarray(0, game.legalMovesFor(s, p, buf))));
    const vals: number[][] = per[0]!.map((m1) =>
      per[1]!.map((m2) => {
        const c = s.clone();
        game.applyJoint(c, [0, m1, m2]);
        return minimax(game, c, depth - 1, root);
      }),
    );
    const sign = root === 1 ? 1 : -1;
    const maximin = Math.max(...vals.map((row) => Math.min(...row.map((v) => sign * v))));
    const minimaxV = Math.min(...per[1]!.map((_, j) => Math.max(...vals.map((row) => sign * row[j]!))));
    return (sign * (maximin + minimaxV)) / 2;
  }
  const n = game.legalMoves(s, buf);
  const vals: number[] = [];
  for (let i = 0; i < n; i++) {
    const c = s.clone();
    game.apply(c, buf[i]!);
    vals.push(minimax(game, c, depth - 1, root));
  }
  return s.toMove === root ? Math.max(...vals) : Math.min(...vals);
}

function randomPosition(game: Game, seed: number, plies: number): State {
  const s = game.newState(seed);
  const rng = new Rng(seed);
  const po = new RandomPlayout(game, s);
  po.run(s, rng, plies);
  return s;
}

describe('alpha-beta at a fixed depth agrees with plain minimax', () => {
  const cases: { name: string; game: Game }[] = [
    { name: 'toy (2 players, continuations)', game: makeToyGame({ per: 3, seeds: 2 }) },
    { name: 'toy (3 players, paranoid)', game: makeToyGame({ players: 3, per: 2, seeds: 2 }) },
    {
      name: 'gabata-adowa, ludii preset, one round',
      game: unwrap(unwrap(getRuleset('gabata-adowa')).create({ preset: 'ludii', rounds: 1 })),
    },
  ];
  for (const { name, game } of cases) {
    it(name, () => {
      let compared = 0;
      for (let seed = 1; seed <= 12; seed++) {
        const s = randomPosition(game, seed, seed % 3 === 0 ? 0 : seed * 2);
        if (s.phase === PHASE_OVER || isSimultaneous(s)) continue;
        const buf = new Int32Array(MAX_MOVES);
        if (game.legalMoves(s, buf) < 2) continue;
        for (let depth = 1; depth <= 3; depth++) {
          const agent = unwrap(makeAgent(`alphabeta:depth=${depth}`, seed));
          const r = agent.choose(game, s);
          const want = minimax(game, s, depth, s.toMove);
          // The agent stops early on a proven result, which minimax at this depth also sees.
          expect(r.value).toBeCloseTo(want, 9);
          const child = s.clone();
          game.apply(child, r.move);
          expect(minimax(game, child, depth - 1, s.toMove)).toBeCloseTo(want, 9);
          compared++;
        }
      }
      expect(compared).toBeGreaterThanOrEqual(6);
    });
  }
  it('at a simultaneous root it picks a maximin choice', () => {
    const game = makeToyGame({ per: 3, seeds: 2, race: true });
    const s = game.newState(1);
    const r = unwrap(makeAgent('alphabeta:depth=2', 1)).chooseFor(game, s, 2);
    const buf = new Int32Array(MAX_MOVES);
    const mine = Array.from(buf.subarray(0, game.legalMovesFor(s, 2, buf)));
    const theirs = Array.from(buf.subarray(0, game.legalMovesFor(s, 1, buf)));
    const worst = (m: number): number =>
      Math.min(
        ...theirs.map((o) => {
          const c = s.clone();
          game.applyJoint(c, [0, o, m]);
          return minimax(game, c, 1, 2);
        }),
      );
    const best = Math.max(...mine.map(worst));
    expect(worst(r.move)).toBeCloseTo(best, 9);
  });
});

describe('MCTS', () => {
  it('with a fixed iteration budget beats random in a seeded mini-match (gabata-adowa, one round)', () => {
    const game = unwrap(unwrap(getRuleset('gabata-adowa')).create({ rounds: 1 }));
    let mctsWins = 0;
    let randomWins = 0;
    for (let g = 0; g < 8; g++) {
      const m = unwrap(makeAgent('mcts:iterations=300', 100 + g));
      const r = unwrap(makeAgent('random', 200 + g));
      const res = playMatch(game, g % 2 === 0 ? [m, r] : [r, m], 300 + g);
      const mctsSeat = g % 2 === 0 ? 1 : 2;
      if (res.winner === mctsSeat) mctsWins++;
      else if (res.winner > 0) randomWins++;
    }
    expect(mctsWins).toBeGreaterThanOrEqual(7);
    expect(randomWins).toBeLessThanOrEqual(1);
  });
  it('keeps its tree between moves when the new position is below the old root', () => {
    const game = unwrap(unwrap(getRuleset('gabata-adowa')).create({}));
    const s = game.newState(1);
    const agent = unwrap(makeAgent('mcts:iterations=2000', 5));
    const first = agent.choose(game, s);
    game.apply(s, first.move);
    const buf = new Int32Array(MAX_MOVES);
    while (s.toMove === 1 && s.phase !== PHASE_OVER) {
      game.legalMoves(s, buf);
      game.apply(s, buf[0]!);
    }
    game.legalMoves(s, buf);
    game.apply(s, buf[0]!);
    // The tree reused: more nodes than a fresh search of the same budget builds.
    const reused = agent.choose(game, s, { iterations: 2000 });
    const fresh = unwrap(makeAgent('mcts:iterations=2000,reuse=false', 5)).choose(game, s, { iterations: 2000 });
    expect(reused.nodes!).toBeGreaterThan(fresh.nodes!);
    const legal = Array.from(buf.subarray(0, game.legalMoves(s, buf)));
    expect(legal).toContain(reused.move);
  });
  it('gives payoff vectors for three players (each seat plays for itself)', () => {
    const game = makeToyGame({ players: 3, per: 2, seeds: 3 });
    const res = playMatch(
      game,
      [unwrap(makeAgent('mcts:iterations=300', 1)), unwrap(makeAgent('random', 2)), unwrap(makeAgent('random', 3))],
      4,
    );
    expect(res.returns.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 9);
  });
});

// -- MCTS choices pinned from fixed seeds ---------------------------------------------------------

/** A toy game whose candidate lists end with (or are only) a move that `apply` rejects as perpetual. */
function withPerpetualCandidate(toy: Game, only: boolean): Game {
  const PERPETUAL = 99;
  return {
    ...toy,
    candidateMoves(s, out) {
      const n = only ? 0 : toy.candidateMoves(s, out);
      if (s.phase === PHASE_OVER || s.toMove === 0) return n;
      out[n] = PERPETUAL;
      return n + 1;
    },
    apply: (s, m) => (m === PERPETUAL ? false : toy.apply(s, m)),
  };
}

/** MCTS agents (one spec per seat, seeded `seed + seat index`) play `plies` decisions: move/nodes/value each. */
function mctsTrace(game: Game, specs: string[], seed: number, plies: number): string[] {
  const agents = specs.map((spec, i) => unwrap(makeAgent(spec, seed + i)));
  const s = game.newState(seed);
  const out: string[] = [];
  const joint = new Int32Array(game.players + 1);
  const text = (r: { move: number } & SearchInfo): string => `${r.move}/${r.nodes ?? 0}/${(r.value ?? 0).toFixed(9)}`;
  for (let i = 0; i < plies && s.phase !== PHASE_OVER; i++) {
    if (isSimultaneous(s)) {
      const parts: string[] = [];
      for (let p = 1; p <= game.players; p++) {
        const r = agents[p - 1]!.chooseFor(game, s, p);
        joint[p] = r.move;
        parts.push(text(r));
      }
      out.push(parts.join('|'));
      game.applyJoint(s, joint);
    } else {
      const r = agents[s.toMove - 1]!.choose(game, s);
      out.push(text(r));
      expect(game.apply(s, r.move)).toBe(true);
    }
  }
  return out;
}

describe('MCTS choices from fixed seeds stay the same (pinned before the iterate refactor)', () => {
  const two = ['mcts:iterations=300', 'mcts:iterations=200,c=1.4,playout=4'];
  const cases: { name: string; game: () => Game; specs: string[]; seed: number; plies: number }[] = [
    ...RULESETS.map((r) => ({ name: r.info.id, game: () => unwrap(r.create({})), specs: two, seed: 7, plies: 6 })),
    {
      name: 'gabata-adowa players=3',
      game: () => unwrap(unwrap(getRuleset('gabata-adowa')).create({ players: 3 })),
      specs: ['mcts:iterations=200', 'mcts:iterations=200', 'mcts:iterations=200'],
      seed: 3,
      plies: 6,
    },
    {
      name: 'toy, three players, simultaneous opening',
      game: () => makeToyGame({ players: 3, race: true }),
      specs: ['mcts:iterations=150', 'mcts:iterations=150', 'mcts:iterations=150'],
      seed: 5,
      plies: 6,
    },
    {
      name: 'gabata-aksum, a node cap and a search without reuse',
      game: () => unwrap(unwrap(getRuleset('gabata-aksum')).create({})),
      specs: ['mcts:iterations=400,maxnodes=300', 'mcts:iterations=400,reuse=false'],
      seed: 11,
      plies: 4,
    },
    {
      name: 'toy, a perpetual candidate beside the others',
      game: () => withPerpetualCandidate(makeToyGame({ per: 3, seeds: 3 }), false),
      specs: ['mcts:iterations=200', 'mcts:iterations=200'],
      seed: 3,
      plies: 8,
    },
    {
      name: 'toy, every candidate perpetual (the exact moves replace them)',
      game: () => withPerpetualCandidate(makeToyGame({ per: 3, seeds: 3, race: true }), true),
      specs: ['mcts:iterations=200', 'mcts:iterations=200'],
      seed: 3,
      plies: 8,
    },
  ];
  const want: Record<string, string[]> = {
    'gabata-adowa': [
      '3/625/-0.007037037',
      '8/544/0.023931624',
      '10/1085/0.066310541',
      '0/1601/0.168706388',
      '7/940/-0.134993614',
      '0/2014/0.186072531',
    ],
    'gabata-aksum': [
      '5/519/0.022361111',
      '16/507/0.015455840',
      '4/988/0.101245211',
      '3/1506/0.164437586',
      '1/2162/0.220142950',
      '6/318/-0.148353909',
    ],
    gifia: [
      '4/581/-0.026422764',
      '2/553/0.050595238',
      '80/1103/0.031481481',
      '7/1095/0.113095238',
      '49/1636/0.064692982',
      '3/1503/0.078703704',
    ],
    // Selus and Abalala'e re-pinned when a race's coin became chance to MCTS (issue 25: re-seeded
    // determinizations, a node per outcome): their searches meet dead heats, whose coin the old
    // search read from the game's seed; the other games meet no chance and keep their pins.
    // Selus re-pinned again when its evaluation got a sense of nedf chances (issue 25): the
    // second agent's playouts stop after 4 decisions and are valued by it.
    selus: [
      '4/445/0.091286800|13/325/0.173711755',
      '3/830/0.118627451',
      '16/524/0.031836631',
      '9/1117/0.152508961',
      '14/671/0.088774341',
      '5/1391/0.176784228',
    ],
    abalalae: [
      '11/554/0.297435897',
      '8/341/-0.248971193',
      '10/1053/0.375000000',
      '17/625/-0.325536062',
      '3/1466/0.425287356',
      '6/1010/-0.268518519',
    ],
    'gabata-adowa players=3': [
      '2/284/0.015555556',
      '15/350/-0.019595177',
      '13/394/-0.009646856',
      '2/711/-0.059330484',
      '17/757/-0.021028807',
      '8/755/-0.015374677',
    ],
    'toy, three players, simultaneous opening': [
      '0/176/0.078042328|4/180/-0.165229885|7/183/-0.195402299',
      '1/278/-0.109304426',
      '5/0/0.000000000',
      '7/263/-0.067592593',
      '2/0/0.000000000',
      '4/71/-0.333333333',
    ],
    'gabata-aksum, a node cap and a search without reuse': [
      '11/47/0.023480084',
      '12/550/0.021675774',
      '0/47/0.000000000',
      '13/734/0.139102564',
    ],
    'toy, a perpetual candidate beside the others': [
      '1/368/0.174457995',
      '5/385/0.035353535',
      '1/746/0.149140212',
      '3/756/-0.016071429',
      '2/1058/0.331035923',
      '1/1328/0.414420804',
      '4/1066/-0.293600563',
      '4/1342/-0.275436954',
    ],
    'toy, every candidate perpetual (the exact moves replace them)': [
      '0/350/0.001141553|4/353/0.176706827',
      '2/598/-0.466450216',
      '4/602/0.683139535',
      '1/0/0.000000000',
      '3/711/0.862242798',
      '1/683/-0.834946237',
      '0/752/-0.876020088',
      '2/802/-0.883933229',
    ],
  };
  // The pins are of the rulesets shipped when they were taken: a pinned one must still be
  // registered; a ruleset added since (or a fixture) is held to the same trace twice from a seed.
  for (const id of Object.keys(want)) {
    if (cases.some((c) => c.name === id)) continue;
    it(`${id}: a pinned name is a registered ruleset or a case above`, () => {
      expect(getRuleset(id).ok, id).toBe(true);
    });
  }
  for (const c of cases) {
    const pinned = want[c.name];
    it(c.name, () => {
      const trace = mctsTrace(c.game(), c.specs, c.seed, c.plies);
      if (pinned !== undefined) expect(trace).toEqual(pinned);
      else {
        expect(trace.length).toBe(c.plies);
        expect(mctsTrace(c.game(), c.specs, c.seed, c.plies)).toEqual(trace);
      }
    });
  }
});

describe('agent specs and levels', () => {
  it('rejects unknown agents and parameters with ERR_ARGUMENT', () => {
    for (const bad of ['minimax', 'mcts:iterations=0', 'mcts:foo=1', 'alphabeta:depth', 'greedy:epsilon=2', 'level:6', 'alphabeta:tt=40']) {
      const r = makeAgent(bad, 1);
      expect(r.ok, bad).toBe(false);
      if (!r.ok) expect(r.error.code).toBe('ERR_ARGUMENT');
    }
  });
  it("refuses the names of Object's own properties as agent kinds (issue 20: they played as MCTS)", () => {
    for (const bad of ['__proto__', 'constructor', 'toString', 'hasOwnProperty', '__proto__:x=1', 'constructor:x=1', 'valueOf:depth=2']) {
      const r = makeAgent(bad, 1);
      expect(r.ok, bad).toBe(false);
      if (!r.ok) expect(r.error.message, bad).toMatch(/^unknown agent /);
      if (!r.ok) expect(r.error.code, bad).toBe('ERR_ARGUMENT');
    }
  });
  it('has five levels, each a working agent that chooses a legal move', () => {
    expect(LEVELS.map((l) => l.level)).toEqual([1, 2, 3, 4, 5]);
    for (const id of ['gifia', 'gabata-adowa']) {
      const game = unwrap(unwrap(getRuleset(id)).create({}));
      const s = game.newState(2);
      const buf = new Int32Array(MAX_MOVES);
      const legal = [...buf.subarray(0, game.legalMoves(s, buf))];
      expect(legal.length).toBeGreaterThan(1);
      for (const l of [1, 2, 3, 4, 5] as const) {
        const before = s.clone();
        expect(legal, `${id} level ${l}`).toContain(levelAgent(l, 1).choose(game, s).move);
        expect([...s.counts]).toEqual([...before.counts]); // the search leaves the position alone
      }
    }
  });
});

describe('zobrist keys', () => {
  it('equal positions hash alike; a move changes the key', () => {
    const game = unwrap(unwrap(getRuleset('gabata-aksum')).create({}));
    const z = new Zobrist(game);
    const s = game.newState(1);
    const k1 = z.hash(s);
    const c1 = z.check;
    const t = s.clone();
    expect(z.hash(t)).toBe(k1);
    expect(z.check).toBe(c1);
    const buf = new Int32Array(MAX_MOVES);
    game.legalMoves(t, buf);
    game.apply(t, buf[0]!);
    expect(z.hash(t) === k1 && z.check === c1).toBe(false);
  });
});

describe('random playouts', () => {
  it('never concede while another move exists (selus random playouts end by the rules)', () => {
    const game = unwrap(unwrap(getRuleset('selus')).create({}));
    const reasons = new Set<number>();
    for (let seed = 0; seed < 30; seed++) {
      const s = game.newState(seed);
      const po = new RandomPlayout(game, s);
      const rng = new Rng(seed);
      while (s.phase !== PHASE_OVER) po.run(s, rng, 1 << 16);
      reasons.add(s.endReason);
      expect(s.total()).toBe(game.counterTotal);
    }
    expect(reasons.has(END_REASONS.indexOf('concession'))).toBe(false);
  });
  it('Selus: the random agent never concedes while it has another move (one rule of random play everywhere)', () => {
    const game = unwrap(unwrap(getRuleset('selus')).create({}));
    let plies = 0;
    for (let seed = 0; seed < 40; seed++) {
      const r = playMatch(game, [unwrap(makeAgent('random', seed)), unwrap(makeAgent('random', seed + 50))], seed);
      expect(r.endReason).not.toBe('concession');
      plies += r.plies;
    }
    // Real games, not concessions after the race (which ended matches in about 4 plies).
    expect(plies / 40).toBeGreaterThan(20);
  });
  it('randomPlayableMove: uniform over the other moves, a concession only when it is the only move', () => {
    const rng = new Rng(3);
    const buf = Int32Array.from([MOVE_CONCEDE, 4, 9, 11]);
    const seen = new Map<number, number>();
    for (let i = 0; i < 3000; i++) {
      const m = randomPlayableMove(buf, 4, rng);
      seen.set(m, (seen.get(m) ?? 0) + 1);
    }
    expect(seen.has(MOVE_CONCEDE)).toBe(false);
    for (const m of [4, 9, 11]) expect(seen.get(m)).toBeGreaterThan(850);
    expect(randomPlayableMove(Int32Array.from([MOVE_CONCEDE]), 1, rng)).toBe(MOVE_CONCEDE);
  });
});

describe('a search stopped through SearchBudget.shouldStop', () => {
  const adowa = unwrap(unwrap(getRuleset('gabata-adowa')).create({}));
  const legal = (game: Game, s: State, player?: number): number[] => {
    const buf = new Int32Array(MAX_MOVES);
    const n = player !== undefined ? game.legalMovesFor(s, player, buf) : game.legalMoves(s, buf);
    return Array.from(buf.subarray(0, n));
  };
  /** A stop callback that says stop from its `after`-th call on; `calls` counts the calls. */
  const stopAfter = (after: number): { calls: number; shouldStop: () => boolean } => {
    const c = { calls: 0, shouldStop: () => ++c.calls > after };
    return c;
  };

  it('alpha-beta answers a legal move of a completed iteration, long before its depth or node budget', () => {
    const s = adowa.newState(3);
    const stop = stopAfter(3);
    // The node cap only keeps a search that ignored the stop from running for ever.
    const r = unwrap(makeAgent('alphabeta', 1)).choose(adowa, s, { depth: 40, nodes: 2_000_000, shouldStop: stop.shouldStop });
    expect(legal(adowa, s)).toContain(r.move);
    expect(stop.calls).toBeGreaterThan(0);
    expect(r.nodes!).toBeLessThan(100_000);
    expect(r.depth!).toBeLessThan(40);
  });

  it('alpha-beta stopped before it starts still answers a legal move', () => {
    const s = adowa.newState(5);
    const r = unwrap(makeAgent('alphabeta', 2)).choose(adowa, s, { depth: 40, nodes: 2_000_000, shouldStop: () => true });
    expect(legal(adowa, s)).toContain(r.move);
    expect(r.nodes!).toBeLessThan(5_000);
  });

  it('alpha-beta with an infinite budget deepens past its default depth until stopped', () => {
    const s = adowa.newState(3);
    const stop = stopAfter(60);
    const r = unwrap(makeAgent('alphabeta', 1)).choose(adowa, s, { infinite: true, shouldStop: stop.shouldStop });
    expect(legal(adowa, s)).toContain(r.move);
    expect(r.depth!).toBeGreaterThan(5);
  });

  it('MCTS answers its most visited legal move, long before its iteration budget', () => {
    const s = adowa.newState(3);
    const stop = stopAfter(3);
    const r = unwrap(makeAgent('mcts', 1)).choose(adowa, s, { iterations: 200_000, shouldStop: stop.shouldStop });
    expect(legal(adowa, s)).toContain(r.move);
    expect(r.iterations!).toBeLessThan(10_000);
  });

  it('MCTS with an infinite budget runs past its default iterations until stopped, and refuses one without a stop', () => {
    const s = adowa.newState(3);
    const stop = stopAfter(200);
    const r = unwrap(makeAgent('mcts', 1)).choose(adowa, s, { infinite: true, shouldStop: stop.shouldStop });
    expect(legal(adowa, s)).toContain(r.move);
    expect(r.iterations!).toBeGreaterThan(5000);
    expect(() => unwrap(makeAgent('mcts', 1)).choose(adowa, s, { infinite: true })).toThrow(/shouldStop/);
  });

  it('at a simultaneous root (the selus race) a stopped search answers a legal choice', () => {
    const selus = unwrap(unwrap(getRuleset('selus')).create({}));
    const s = selus.newState(2);
    expect(isSimultaneous(s)).toBe(true);
    const budgets: SearchBudget[] = [
      { depth: 40, nodes: 2_000_000, shouldStop: () => true },
      { infinite: true, shouldStop: stopAfter(2).shouldStop },
    ];
    for (const spec of ['alphabeta', 'mcts']) {
      for (const b of budgets) {
        const r = unwrap(makeAgent(spec, 1)).chooseFor(selus, s, 1, b);
        expect(legal(selus, s, 1), spec).toContain(r.move);
        // It did stop: a few clock checks' worth of work, not the budget's.
        if (spec === 'alphabeta') expect(r.nodes!, spec).toBeLessThan(10_000);
        else expect(r.iterations!, spec).toBeLessThan(1_000);
      }
    }
  });
});

describe('agent spec caps', () => {
  it('a budget beyond its cap is refused with ERR_ARGUMENT naming the cap; at the cap it is accepted', () => {
    const over: [string, number][] = [
      ['alphabeta:depth=1000000000', MAX_SEARCH_DEPTH],
      [`alphabeta:depth=${MAX_SEARCH_DEPTH + 1}`, MAX_SEARCH_DEPTH],
      [`alphabeta:time=${MAX_SEARCH_TIME_MS + 1}`, MAX_SEARCH_TIME_MS],
      ['alphabeta:movetime=1e15', MAX_SEARCH_TIME_MS],
      ['alphabeta:nodes=1e11', MAX_SEARCH_NODES],
      ['mcts:iterations=1e12', MAX_SEARCH_ITERATIONS],
      ['mcts:time=1e15', MAX_SEARCH_TIME_MS],
      ['mcts:playout=1e9', MAX_PLAYOUT_DEPTH],
      ['mcts:maxnodes=1e12', MAX_MCTS_TREE_NODES],
      [`greedy:depth=${MAX_SEARCH_DEPTH + 1}`, MAX_SEARCH_DEPTH],
    ];
    for (const [spec, cap] of over) {
      const r = makeAgent(spec, 1);
      expect(r.ok, spec).toBe(false);
      if (!r.ok) {
        expect(r.error.code, spec).toBe('ERR_ARGUMENT');
        expect(r.error.message, spec).toContain(`at most ${cap}`);
      }
    }
    for (const spec of [
      `alphabeta:depth=${MAX_SEARCH_DEPTH},time=${MAX_SEARCH_TIME_MS},nodes=${MAX_SEARCH_NODES}`,
      `mcts:iterations=${MAX_SEARCH_ITERATIONS},time=${MAX_SEARCH_TIME_MS},playout=${MAX_PLAYOUT_DEPTH},maxnodes=${MAX_MCTS_TREE_NODES}`,
      `greedy:depth=${MAX_SEARCH_DEPTH}`,
    ]) {
      expect(makeAgent(spec, 1).ok, spec).toBe(true);
    }
  });

  it('counts are whole numbers', () => {
    for (const spec of ['alphabeta:depth=2.5', 'mcts:iterations=100.5', 'alphabeta:nodes=1000.1']) {
      const r = makeAgent(spec, 1);
      expect(r.ok, spec).toBe(false);
      if (!r.ok) expect(r.error.message, spec).toMatch(/whole number/);
    }
  });

  it('the help text names the caps', () => {
    expect(AGENT_KINDS.alphabeta).toContain(`at most ${MAX_SEARCH_DEPTH}`);
    expect(AGENT_KINDS.alphabeta).toContain(`at most ${MAX_SEARCH_TIME_MS}`);
    expect(AGENT_KINDS.mcts).toContain('at most 1e8');
    expect(AGENT_KINDS.mcts).toContain('at most 1e7');
  });
});

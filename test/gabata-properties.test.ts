import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { perft, playRandomMatch, randomPlaythrough } from '../packages/engine/src/core/debug.js';
import { unwrap } from '../packages/engine/src/core/errors.js';
import { MAX_MOVES, MOVE_PASS, type Game } from '../packages/engine/src/core/game.js';
import { PHASE_OVER, type State } from '../packages/engine/src/core/state.js';
import { gabataAdowa, gabataAksum } from '../packages/engine/src/games/gabata.js';

const here = dirname(fileURLToPath(import.meta.url));
const make = (r: typeof gabataAdowa, o: Record<string, unknown> = {}): Game => unwrap(r.create(o));

const OPTION_SETS: [string, typeof gabataAdowa, Record<string, unknown>, number][] = [
  ['adowa default', gabataAdowa, {}, 400],
  ['aksum default', gabataAksum, {}, 400],
  ['adowa 3 players', gabataAdowa, { players: 3 }, 250],
  ['aksum 3 players', gabataAksum, { players: 3 }, 250],
  ['adowa ludii preset', gabataAdowa, { preset: 'ludii' }, 150],
  ['aksum ludii one round', gabataAksum, { preset: 'ludii', rounds: 1 }, 400],
  [
    'adowa gate per hole, optional continuation, winner chooses',
    gabataAdowa,
    { captureGate: 'perHoleUntilEmptied', wegueContinuation: 'optional', surplusHoleOrder: 'winnerChooses' },
    150,
  ],
  [
    'aksum relay chafa, leftmost, loser starts, origin skipped',
    gabataAksum,
    { chafaAppliesToRelay: true, chafaLocation: 'currentLeftmost', roundStarter: 'loser', skipOriginOnLongLaps: true, lastHoleRule: 'on' },
    150,
  ],
];

describe('Gabata properties', () => {
  for (const [name, r, o, games] of OPTION_SETS) {
    it(`random matches all end with a result, counters conserved after every decision: ${name} (${games} matches)`, () => {
      const g = make(r, o);
      let guardEnded = 0;
      for (let seed = 1; seed <= games; seed++) {
        const { state } = playRandomMatch(g, seed, 5_000_000, (s) => {
          if (s.total() !== 54) throw new Error(`seed ${seed}: ${s.total()} counters`);
        });
        expect(state.phase).toBe(PHASE_OVER);
        expect(state.winner).toBeGreaterThanOrEqual(0);
        guardEnded += state.guardEnds > 0 ? 1 : 0;
      }
      // Guards are a safety net, not how matches normally end.
      expect(guardEnded).toBeLessThan(games);
    });
  }

  it('clone() is independent of the original', () => {
    const g = make(gabataAdowa);
    const s = g.newState(5);
    const c = s.clone();
    g.apply(c, 10);
    expect(Array.from(s.counts)).toEqual(new Array(18).fill(3));
    expect(c.counts[10]).not.toBe(3);
    s.captured[1] = 9;
    expect(c.captured[1]).toBe(0);
    const d = g.newState(9);
    d.copyFrom(c);
    expect(Array.from(d.counts)).toEqual(Array.from(c.counts));
  });

  it('replaying the same seed reproduces every position', () => {
    for (const o of [{}, { players: 3 }, { firstPlayer: 'random' }]) {
      const g = make(gabataAksum, o);
      const a: string[] = [];
      const b: string[] = [];
      playRandomMatch(g, 77, 3000, (s) => a.push(Array.from(s.counts).join(',') + s.toMove));
      playRandomMatch(g, 77, 3000, (s) => b.push(Array.from(s.counts).join(',') + s.toMove));
      expect(a.length).toBeGreaterThan(100);
      expect(b).toEqual(a);
    }
  });

  it('legal moves are exactly the candidates that are not perpetual', () => {
    // Computed directly: a candidate start is kept when apply() accepts it (it is not perpetual);
    // a pass is kept; when every start is perpetual the player passes (SPEC §8.1).
    const direct = (g: Game, s: State): number[] => {
      const cand = new Int32Array(MAX_MOVES);
      const m = g.candidateMoves(s, cand);
      const kept = [...cand.subarray(0, m)].filter((x) => x === MOVE_PASS || g.apply(s.clone(), x));
      return m > 0 && kept.length === 0 ? [MOVE_PASS] : kept;
    };
    const legal = (g: Game, s: State): number[] => {
      const buf = new Int32Array(MAX_MOVES);
      return [...buf.subarray(0, g.legalMoves(s, buf))];
    };
    let checked = 0;
    let filtered = 0;
    for (const g of [make(gabataAdowa), make(gabataAksum, { wegueContinuation: 'optional' })]) {
      playRandomMatch(g, 3, 2000, (s: State) => {
        if (s.phase === PHASE_OVER) return;
        const want = direct(g, s);
        expect(legal(g, s).sort()).toEqual(want.sort());
        checked++;
      });
    }
    // The loop vector of SPEC §8: P2's start 12 never ends.
    const g = make(gabataAdowa);
    {
      const s = g.newState(1);
      s.counts.fill(0);
      for (const [h, c] of [
        [0, 1],
        [2, 1],
        [4, 1],
        [7, 1],
        [9, 1],
        [11, 1],
        [12, 2],
        [13, 1],
        [15, 1],
        [16, 2],
      ] as const)
        s.counts[h] = c;
      s.captured[1] = 27;
      s.captured[2] = 54 - 27 - s.boardTotal();
      s.toMove = 2;
      s.turn = 5;
      const cand = new Int32Array(MAX_MOVES);
      const m = g.candidateMoves(s, cand);
      const want = direct(g, s);
      expect(want).not.toContain(12);
      expect(want.length).toBeLessThanOrEqual(m);
      expect(legal(g, s).sort()).toEqual(want.sort());
      if (want.length < m) filtered++;
    }
    expect(filtered).toBe(1);
    expect(checked).toBeGreaterThan(1000);
  });
});

/** Positions reached by fixed seeded random play, for the perft table. */
function midgame(g: Game, seed: number, plies: number): State {
  let out: State | null = null;
  playRandomMatch(g, seed, plies, (s, ply) => {
    if (ply === plies) out = s.clone();
  });
  return out!;
}

describe('Gabata perft (legal-move leaf counts to depth 4)', () => {
  const table: [string, Game, () => State, number[]][] = [];
  const adowa = make(gabataAdowa);
  const aksum = make(gabataAksum);
  const adowa3 = make(gabataAdowa, { players: 3 });
  table.push(['adowa start', adowa, () => adowa.newState(1), [9, 71, 544, 4135]]);
  table.push(['adowa mid 1', adowa, () => midgame(adowa, 11, 7), [6, 40, 231, 1424]]);
  table.push(['adowa mid 2', adowa, () => midgame(adowa, 12, 40), [5, 30, 139, 781]]);
  table.push(['adowa mid 3', adowa, () => midgame(adowa, 13, 200), [4, 20, 81, 286]]);
  table.push(['aksum start', aksum, () => aksum.newState(1), [8, 61, 449, 3185]]);
  table.push(['aksum mid 1', aksum, () => midgame(aksum, 11, 7), [7, 42, 235, 1370]]);
  table.push(['aksum mid 2', aksum, () => midgame(aksum, 12, 40), [3, 12, 42, 156]]);
  table.push(['aksum mid 3', aksum, () => midgame(aksum, 13, 200), [6, 12, 64, 180]]);
  table.push(['adowa 3 players start', adowa3, () => adowa3.newState(1), [6, 29, 147, 750]]);
  for (const [name, g, at, expected] of table) {
    it(`perft ${name}`, () => {
      const s = at();
      const got = [1, 2, 3, 4].map((d) => perft(g, s, d));
      expect(got).toEqual(expected);
    });
  }
});

describe('Gabata golden playthroughs', () => {
  const cases: [string, typeof gabataAdowa, Record<string, unknown>, number][] = [
    ['gabata-adowa-r2-seed1', gabataAdowa, { rounds: 2 }, 1],
    ['gabata-aksum-r2-seed2', gabataAksum, { rounds: 2 }, 2],
    ['gabata-adowa-3p-r1-seed3', gabataAdowa, { players: 3, rounds: 1 }, 3],
  ];
  for (const [file, r, o, seed] of cases) {
    it(`transcript ${file} is unchanged`, () => {
      const path = join(here, 'golden', `${file}.txt`);
      const text = randomPlaythrough(make(r, o), seed);
      if (process.env['UPDATE_GOLDEN'] === '1') {
        mkdirSync(dirname(path), { recursive: true });
        writeFileSync(path, text);
      }
      if (!existsSync(path))
        throw new Error(`missing ${path}: run UPDATE_GOLDEN=1 npx vitest run test/gabata-properties.test.ts and review the diff`);
      expect(text).toBe(readFileSync(path, 'utf8'));
    });
  }
});

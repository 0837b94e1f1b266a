import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { perft, playRandomMatch, randomPlaythrough } from '../packages/engine/src/core/debug.js';
import { unwrap } from '../packages/engine/src/core/errors.js';
import type { GameEvent } from '../packages/engine/src/core/events.js';
import { MAX_MOVES, MOVE_PASS, type Game } from '../packages/engine/src/core/game.js';
import { parseSparse } from '../packages/engine/src/core/sparse.js';
import { PHASE_OVER, type State } from '../packages/engine/src/core/state.js';
import { AUX_ROUND_START_P1, AUX_ROUND_START_P2, gifia } from '../packages/engine/src/games/gifia.js';

const here = dirname(fileURLToPath(import.meta.url));
const game = (options: Record<string, unknown> = {}): Game => unwrap(gifia.create(options));

function position(g: Game, sparse: string, toMove: number, stores: [number, number]): State {
  const s = g.newState(1);
  s.counts.fill(0);
  for (const h of unwrap(parseSparse(sparse, 8))) s.counts[h.hole] = h.count;
  s.captured[1] = stores[0];
  s.captured[2] = stores[1];
  s.aux[AUX_ROUND_START_P1] = 24;
  s.aux[AUX_ROUND_START_P2] = 24;
  s.toMove = toMove;
  s.clearHistory();
  s.recordPosition();
  return unwrap(g.validate(s));
}

// -----------------------------------------------------------------------------------------------
// An independent, deliberately plain model of the rules (arrays, copies, no shared code with the
// engine) to check the engine's legal-move tree against. It covers what a depth-4 tree from the
// positions below can reach: sowing, captures A/B, passes, round end, refilling, the weak player.

interface Ref {
  c: number[];
  store: [number, number, number];
  toMove: number;
  passes: number;
  over: boolean;
  starter: number;
}
interface RefOptions {
  row: boolean;
  chain: boolean;
  optionalB: boolean;
  skipOrigin: boolean;
  passMax: number;
}
const CCW = [0, 1, 2, 3, 7, 6, 5, 4];
const CW = [0, 4, 5, 6, 7, 3, 2, 1];
const OWNER = [1, 1, 2, 2, 1, 1, 2, 2];
const FILL = [[], [0, 1, 4, 5], [7, 6, 3, 2]];
const after = (ring: number[], h: number): number => ring[(ring.indexOf(h) + 1) % 8]!;
/** The two directions away from a hole: [first neighbour, the step function along that side]. */
function sides(o: RefOptions, h: number): (number | null)[] {
  if (!o.row) return [after(CCW, h), after(CW, h)];
  return [h % 4 > 0 ? h - 1 : null, h % 4 < 3 ? h + 1 : null];
}
function stepAway(o: RefOptions, from: number, h: number): number | null {
  // Continue in the same sense as from -> h.
  if (!o.row) return after(CCW, from) === h ? after(CCW, h) : after(CW, h);
  const d = h - from;
  const n = h + d;
  return n >= 0 && n < 8 && Math.floor(n / 4) === Math.floor(h / 4) ? n : null;
}
const side = (c: number[], p: number): number => c.reduce((a, x, h) => a + (OWNER[h] === p ? x : 0), 0);
const good = (x: number): boolean => x === 2 || x === 4;

function refFinishTurn(r: Ref): Ref {
  if (side(r.c, 1) <= 1 && side(r.c, 2) <= 1) return refEndRound(r);
  return { ...r, toMove: 3 - r.toMove };
}
function refEndRound(r: Ref): Ref {
  const store: [number, number, number] = [0, r.store[1] + side(r.c, 1), r.store[2] + side(r.c, 2)];
  if (store[1] < 6 || store[2] < 6) return { ...r, c: new Array(8).fill(0), store, over: true, toMove: 0 };
  const c = new Array(8).fill(0);
  for (const p of [1, 2]) {
    let k = 0;
    while (store[p]! >= 6 && k < 4) {
      c[FILL[p]![k++]!] = 6;
      store[p] = store[p]! - 6;
    }
  }
  const starter = 3 - r.starter;
  return { c, store, toMove: starter, passes: 0, over: false, starter };
}
function refChildren(r: Ref, o: RefOptions): Ref[] {
  if (r.over) return [];
  const p = r.toMove;
  const mine = side(r.c, p);
  const out: Ref[] = [];
  if (mine === 0 || mine <= o.passMax) {
    const passed = { ...r, passes: r.passes + 1 };
    out.push(passed.passes >= 2 ? refEndRound(passed) : refFinishTurn(passed));
  }
  if (mine === 0) return out;
  for (let h = 0; h < 8; h++) {
    if (OWNER[h] !== p || r.c[h] === 0) continue;
    for (const ring of [CCW, CW]) {
      const c = r.c.slice();
      let hand = c[h]!;
      c[h] = 0;
      let at = h;
      while (hand > 0) {
        at = after(ring, at);
        if (o.skipOrigin && at === h) continue;
        c[at]!++;
        hand--;
      }
      const base = { ...r, passes: 0 };
      if (good(c[at]!)) {
        const store = r.store.slice() as [number, number, number];
        store[p] = store[p]! + c[at]!;
        c[at] = 0;
        for (const first of sides(o, at)) {
          let prev = at;
          let x = first;
          while (x !== null && x !== at && good(c[x]!)) {
            store[p] = store[p]! + c[x]!;
            c[x] = 0;
            if (!o.chain) break;
            const nx = stepAway(o, prev, x);
            prev = x;
            x = nx;
          }
        }
        out.push(refFinishTurn({ ...base, c, store }));
        continue;
      }
      const options = sides(o, at).filter((x): x is number => x !== null && good(c[x]!));
      if (options.length === 0 || o.optionalB) out.push(refFinishTurn({ ...base, c }));
      for (const x of options) {
        const c2 = c.slice();
        const store = r.store.slice() as [number, number, number];
        store[p] = store[p]! + c2[x]!;
        c2[x] = 0;
        out.push(refFinishTurn({ ...base, c: c2, store }));
      }
    }
  }
  return out;
}
function refPerft(r: Ref, o: RefOptions, depth: number): number {
  if (depth === 0 || r.over) return 1;
  const kids = refChildren(r, o);
  if (depth === 1) return kids.length;
  return kids.reduce((a, k) => a + refPerft(k, o, depth - 1), 0);
}
function refFrom(s: State): Ref {
  return {
    c: Array.from(s.counts),
    store: [0, s.captured[1]!, s.captured[2]!],
    toMove: s.toMove,
    passes: s.passes,
    over: false,
    starter: s.roundStarter,
  };
}
function refOptions(g: Game): RefOptions {
  return {
    row: g.options['gifiaAdjacency'] === 'row',
    chain: g.options['gifiaChainCapture'] === true,
    optionalB: g.options['gifiaSingleNeighbourOptional'] === true,
    skipOrigin: g.options['skipOriginOnLongLaps'] === true,
    passMax: Number(g.options['gifiaPassMaxBeans']),
  };
}

describe('gifia perft (legal-move leaf counts to depth 4)', () => {
  const dflt = game();
  const ludii = game({ preset: 'ludii' });
  const wild = game({ gifiaChainCapture: true, gifiaSingleNeighbourOptional: true, skipOriginOnLongLaps: true, gifiaPassMaxBeans: 6 });
  const table: [string, Game, () => State, number[]][] = [
    ['start', dflt, () => dflt.newState(1), [8, 64, 508, 3828]],
    ['start, ludii preset', ludii, () => ludii.newState(1), [8, 64, 508, 3828]],
    [
      'mid: nine beans round the origin (GIF-E4)',
      dflt,
      () => position(dflt, '0:9, 2:1, 3:1, 4:1, 5:1, 6:1, 7:1', 1, [16, 17]),
      [6, 45, 193, 1160],
    ],
    ['mid: capture B choices (GIF-E2)', dflt, () => position(dflt, '0:1, 1:3, 2:1, 3:3, 5:2, 6:4', 1, [17, 17]), [7, 44, 216, 983]],
    ['mid: passes, round end and refill', dflt, () => position(dflt, '0:1, 1:1, 2:1, 3:1, 6:1', 1, [20, 23]), [5, 33, 140, 856]],
    [
      'mid: capture B choices, options on',
      wild,
      () => position(wild, '0:9, 2:1, 3:1, 4:1, 5:1, 6:1, 7:1', 1, [16, 17]),
      [9, 88, 562, 4197],
    ],
  ];
  for (const [name, g, at, expected] of table) {
    it(`GIF-04/06/07/09 perft ${name}`, () => {
      const s = at();
      const got = [1, 2, 3, 4].map((d) => perft(g, s, d));
      expect(got).toEqual(expected);
      // The plain model of the rules agrees.
      expect([1, 2, 3, 4].map((d) => refPerft(refFrom(s), refOptions(g), d))).toEqual(expected);
    });
  }
});

// -----------------------------------------------------------------------------------------------

const OPTION_SETS: [string, Record<string, unknown>, number][] = [
  ['default', { maxRounds: 40 }, 500],
  ['ludii preset', { preset: 'ludii', maxRounds: 40 }, 400],
  [
    'row, chain, optional B, origin skipped, pass up to 6',
    {
      gifiaAdjacency: 'row',
      gifiaChainCapture: true,
      gifiaSingleNeighbourOptional: true,
      skipOriginOnLongLaps: true,
      gifiaPassMaxBeans: 6,
      maxRounds: 40,
    },
    400,
  ],
  [
    'single short hole, loser starts, P2 first, no voluntary pass',
    { gifiaWeakPlayer: 'singleShortHole', roundStarter: 'loser', firstPlayer: 'P2', gifiaPassMaxBeans: 0, maxRounds: 40 },
    300,
  ],
  ['three rounds, winner starts, random first player', { rounds: 3, roundStarter: 'winner', firstPlayer: 'random' }, 400],
];

describe('gifia properties', () => {
  for (const [name, options, matches] of OPTION_SETS) {
    it(
      'GIF-10/11/12 every seeded random match ends, 48 beans conserved in holes and stores after every decision: ' +
        `${name} (${matches} matches)`,
      () => {
        const g = game(options);
        let ruleEnds = 0;
        let rounds = 0;
        let shortHoles = 0;
        for (let seed = 1; seed <= matches; seed++) {
          const { state } = playRandomMatch(g, seed, 1_000_000, (s) => {
            if (s.total() !== 48 || s.reserve[1] !== 0 || s.reserve[2] !== 0) throw new Error(`seed ${seed}: ${s.total()} beans`);
            if (s.phase !== PHASE_OVER && !g.validate(s).ok) throw new Error(`seed ${seed}: ${JSON.stringify(g.validate(s))}`);
            if (s.round > 1 && s.turn === 1 && (s.counts[0]! % 6 !== 0 || s.counts[7]! % 6 !== 0)) shortHoles++;
          });
          expect(state.phase).toBe(PHASE_OVER);
          expect(state.winner).toBeGreaterThanOrEqual(0);
          expect(state.scores[1]! + state.scores[2]!).toBe(48);
          rounds += state.round;
          if (state.endReason === 1) ruleEnds++;
        }
        expect(rounds).toBeGreaterThan(matches); // matches go through refills
        // Matches end by the rules (not only by the round guard), or rounds are short-filled.
        if (options['gifiaWeakPlayer'] === 'singleShortHole') expect(shortHoles).toBeGreaterThan(0);
        else if (options['rounds'] === undefined) expect(ruleEnds).toBeGreaterThan(0);
      },
    );
  }

  it('every seeded random match ends with the default options, no round cap lowered (100 matches)', () => {
    const g = game();
    for (let seed = 1; seed <= 100; seed++) {
      const { state } = playRandomMatch(g, seed);
      expect(state.phase).toBe(PHASE_OVER);
      expect(state.total()).toBe(48);
    }
  });

  it('conservation through each kind of step: captures equal the store gain, passes move nothing, refills keep the total', () => {
    const g = game({ maxRounds: 20 });
    const buf = new Int32Array(MAX_MOVES);
    const seen = { capture: 0, pass: 0, roundEnd: 0, redistribute: 0 };
    for (let seed = 1; seed <= 60; seed++) {
      const s = g.newState(seed);
      let i = 0;
      while (s.phase !== PHASE_OVER) {
        const n = g.legalMoves(s, buf);
        const m = buf[(i++ * 7 + seed) % n]!;
        const mover = s.toMove;
        const before = s.captured[mover]!;
        const round = s.round;
        const trace: GameEvent[] = [];
        g.apply(s, m, trace);
        expect(s.total()).toBe(48);
        const caps = trace.filter((e) => e.type === 'capture').reduce((a, e) => a + (e.type === 'capture' ? e.count : 0), 0);
        if (caps > 0) seen.capture++;
        if (m === MOVE_PASS) {
          seen.pass++;
          expect(trace[0]).toMatchObject({ type: 'pass', player: mover });
        }
        if (s.round === round && s.phase !== PHASE_OVER) expect(s.captured[mover]! - before).toBe(caps);
        for (const e of trace) {
          if (e.type === 'roundEnd') {
            seen.roundEnd++;
            expect(e.totals[1]! + e.totals[2]!).toBe(48);
          }
          if (e.type === 'redistribute') {
            seen.redistribute++;
            expect(e.counts.reduce((a, x) => a + x, 0) + e.captured[1]! + e.captured[2]!).toBe(48);
            for (const x of e.counts) expect([0, 6]).toContain(x); // default gifiaWeakPlayer: only full holes
          }
        }
      }
    }
    expect(Math.min(seen.capture, seen.pass, seen.roundEnd, seen.redistribute)).toBeGreaterThan(0);
  });

  it('clone() and copyFrom() give independent states that replay identically', () => {
    const g = game();
    const buf = new Int32Array(MAX_MOVES);
    const s = g.newState(3);
    const firstMove = (x: State): number => {
      g.legalMoves(x, buf);
      return buf[0]!;
    };
    for (let i = 0; i < 15; i++) g.apply(s, firstMove(s));
    const c = s.clone();
    const snapshot = (x: State): string =>
      JSON.stringify([Array.from(x.counts), Array.from(x.captured), x.toMove, x.round, x.turn, x.passes, Array.from(x.aux)]);
    const before = snapshot(c);
    g.apply(s, firstMove(s));
    s.captured[1]! += 5;
    s.aux[AUX_ROUND_START_P2] = 99;
    expect(snapshot(c)).toBe(before);
    const d = g.newState(9);
    d.copyFrom(c);
    expect(snapshot(d)).toBe(before);
    // Same moves on the copies give the same positions.
    for (let i = 0; i < 30 && c.phase !== PHASE_OVER; i++) {
      const n = g.legalMoves(c, buf);
      const m = buf[i % n]!;
      g.apply(c, m);
      g.apply(d, m, []);
      expect(snapshot(d)).toBe(snapshot(c));
    }
  });

  it('moveText / parseMove round-trip every legal move; evaluate stays in [-1, 1]; the trace changes nothing', () => {
    for (const options of [{}, { gifiaSingleNeighbourOptional: true, skipOriginOnLongLaps: true, gifiaAdjacency: 'row' }]) {
      const g = game({ ...options, maxRounds: 10 });
      const buf = new Int32Array(MAX_MOVES);
      let checked = 0;
      for (let seed = 1; seed <= 20; seed++) {
        playRandomMatch(g, seed, 2000, (s) => {
          if (s.phase === PHASE_OVER) return;
          const n = g.legalMoves(s, buf);
          expect(n).toBeGreaterThan(0);
          for (let i = 0; i < n; i++) {
            const m = buf[i]!;
            expect(unwrap(g.parseMove(s, g.moveText(s, m)))).toBe(m);
            const a = s.clone();
            const b = s.clone();
            g.apply(a, m);
            g.apply(b, m, []);
            expect(Array.from(b.counts)).toEqual(Array.from(a.counts));
            checked++;
          }
          for (const p of [1, 2]) {
            const v = g.evaluate(s, p);
            expect(v).toBeGreaterThanOrEqual(-1);
            expect(v).toBeLessThanOrEqual(1);
          }
        });
      }
      expect(checked).toBeGreaterThan(1000);
    }
  });

  it('the same seed reproduces the same match', () => {
    const g = game({ firstPlayer: 'random', maxRounds: 20 });
    expect(randomPlaythrough(g, 42, 600)).toBe(randomPlaythrough(g, 42, 600));
  });
});

describe('gifia golden playthroughs', () => {
  const cases: [number, Record<string, unknown>][] = [
    [146, {}],
    [475, {}],
    [7, { preset: 'ludii', rounds: 3 }],
  ];
  for (const [seed, options] of cases) {
    const file = `gifia-${seed}.txt`;
    it(`GIF transcript ${file} (${JSON.stringify(options)}) is unchanged`, () => {
      const path = join(here, 'golden', file);
      const text = randomPlaythrough(game(options), seed);
      if (process.env['UPDATE_GOLDEN'] === '1') {
        mkdirSync(dirname(path), { recursive: true });
        writeFileSync(path, text);
      }
      if (!existsSync(path))
        throw new Error(`missing ${path}: run UPDATE_GOLDEN=1 npx vitest run test/gifia-properties.test.ts and review the new file`);
      expect(text).toBe(readFileSync(path, 'utf8'));
    });
  }
});

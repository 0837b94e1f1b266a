/**
 * The shared rules plumbing (rules.ts) and the shared option specs (options.ts, race.ts).
 */
import { describe, expect, it } from 'vitest';
import { ok } from './errors.js';
import { MOVE_PASS, type Game } from './game.js';
import {
  firstPlayerOption,
  maxLapsPerTurnOption,
  perpetualMoveOption,
  resolveOptions,
  roundStalemateOption,
  skipOriginOption,
  type OptionSpec,
} from './options.js';
import { raceOptions } from './race.js';
import { Rng } from './rng.js';
import { defineRuleset, filterPerpetual, firstPlayerOf } from './rules.js';
import { State } from './state.js';

describe('filterPerpetual (SPEC §8.1)', () => {
  const s = new State(2, 18);
  const perpetual = new Set([3, 5]);
  const isPerpetual = (_s: State, m: number): boolean => perpetual.has(m);

  it('§8 drops the perpetual starts and keeps the others in order', () => {
    const out = Int32Array.from([1, 3, 4, 5, 9]);
    const n = filterPerpetual(s, out, 5, isPerpetual);
    expect(Array.from(out.subarray(0, n))).toEqual([1, 4, 9]);
  });

  it('§8 a player whose every start is perpetual passes', () => {
    const out = Int32Array.from([3, 5]);
    const n = filterPerpetual(s, out, 2, isPerpetual);
    expect(Array.from(out.subarray(0, n))).toEqual([MOVE_PASS]);
  });

  it('keeps a pass without testing it, and an empty list stays empty', () => {
    let asked = 0;
    const out = Int32Array.from([MOVE_PASS]);
    expect(
      filterPerpetual(s, out, 1, () => {
        asked++;
        return true;
      }),
    ).toBe(1);
    expect(out[0]).toBe(MOVE_PASS);
    expect(asked).toBe(0);
    expect(filterPerpetual(s, new Int32Array(4), 0, isPerpetual)).toBe(0);
  });
});

describe('firstPlayerOf', () => {
  it('names the player, caps him at the player count, and draws a random one from the generator', () => {
    const rng = new Rng(7);
    expect(firstPlayerOf('P1', 2, rng)).toBe(1);
    expect(firstPlayerOf('P2', 2, rng)).toBe(2);
    expect(firstPlayerOf('P3', 3, rng)).toBe(3);
    expect(firstPlayerOf('P3', 2, rng)).toBe(2);
    const a = new Rng(11);
    const b = new Rng(11);
    const seen = new Set<number>();
    for (let i = 0; i < 60; i++) {
      const p = firstPlayerOf('random', 3, a);
      expect(p).toBe(1 + b.int(3));
      seen.add(p);
    }
    expect([...seen].sort()).toEqual([1, 2, 3]);
  });
});

describe('defineRuleset', () => {
  const options: OptionSpec[] = [maxLapsPerTurnOption({ min: 16 }), skipOriginOption({ unit: 'bean' })];
  const built: unknown[] = [];
  const rs = defineRuleset(
    {
      ...{ id: 'x', name: 'X', aliases: [], region: '', sources: [], clausePrefix: 'X', players: [2], summary: '', reconstructions: [] },
      ...{ ruleFamilies: [], startRule: '', boardRules: [], lesson: [], captureEvent: 'capture', notationHelp: '', shortMatch: {} },
      ...{ clauses: [], citations: { events: {}, mustSee: [], optionSets: [{}], seeds: 1 }, shipped: false },
      words: { unit: 'counter', mark: 'mark', capture: 'Facing' },
      shape: {
        rows: 2,
        holes: 0,
        stores: 0,
        tracks: 1,
        sowing: 'single lap',
        race: false,
        captures: [],
        ownershipChanges: [],
        rounds: 'single',
      },
    },
    options,
    { fast: { maxLapsPerTurn: 20 } },
    (ruleset, o) => {
      built.push(ruleset, o);
      return ok({ ruleset } as unknown as Game);
    },
  );

  it('resolves defaults, then the preset, then the given values, and passes the ruleset itself', () => {
    const g = rs.create({ preset: 'fast', skipOriginOnLongLaps: 'true' });
    expect(g.ok).toBe(true);
    expect(built[0]).toBe(rs);
    expect(built[1]).toEqual({ maxLapsPerTurn: 20, skipOriginOnLongLaps: true });
  });

  it('returns the option error without building', () => {
    built.length = 0;
    const r = rs.create({ maxLapsPerTurn: 3 });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.code).toBe('ERR_OPTION');
    expect(built).toEqual([]);
  });
});

describe('shared option specs', () => {
  it('keep the per-ruleset bounds and refs, and every value is explained', () => {
    const specs: OptionSpec[] = [
      perpetualMoveOption({ refs: ['§8'] }),
      perpetualMoveOption({ drawRound: 'Yes; the game ends at once in a draw.' }),
      roundStalemateOption({ ownerTakes: 'Each player takes his own.' }),
      firstPlayerOption({ players: 3 }),
      firstPlayerOption({ players: 2 }),
      ...raceOptions({ tickOrder: ['A'], tie: ['D'], loserCompletion: ['B'], loopResolution: ['C'] }),
    ];
    for (const o of specs) {
      if (o.kind === 'choice') expect(Object.keys(o.explain).sort()).toEqual([...o.values].sort());
      expect(o.question.length).toBeGreaterThan(10);
    }
    expect(specs[0]!.refs).toEqual(['§8']);
    expect('refs' in specs[1]!).toBe(false);
    expect(firstPlayerOption({ players: 2 }).values).toEqual(['P1', 'P2', 'random']);
    expect(firstPlayerOption({ players: 3 }).values).toEqual(['P1', 'P2', 'P3', 'random']);
    expect(resolveOptions([maxLapsPerTurnOption({ min: 100 })], { maxLapsPerTurn: 99 }).ok).toBe(false);
    expect(resolveOptions([maxLapsPerTurnOption({ min: 16 })], { maxLapsPerTurn: 16 }).ok).toBe(true);
  });
});

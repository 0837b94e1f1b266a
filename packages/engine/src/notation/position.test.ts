import { describe, expect, it } from 'vitest';
import { err, ok, type Result } from '../core/errors.js';
import type { Ruleset } from '../core/game.js';
import { PHASE_RACE } from '../core/state.js';
import { RULESETS } from '../games/index.js';
import { toyRuleset } from '../../../../test/helpers/toy-game.js';
import { mustCreate, optionSets, randomPlayout } from '../../../../test/helpers/random-play.js';
import {
  diffStates,
  makePosition,
  parseAnyPosition,
  parsePosition,
  parsePositionJSON,
  positionToJSON,
  type RulesetLookup,
} from './position.js';

/** The registry plus the toy ruleset (which has a simultaneous node and extra fields). */
const ALL: Ruleset[] = [...RULESETS, toyRuleset];
const lookup: RulesetLookup = (name): Result<Ruleset> => {
  const r = ALL.find((x) => x.info.id === name || x.info.aliases.includes(name));
  return r ? ok(r) : err('ERR_UNKNOWN_RULESET', `unknown ruleset '${name}'`, name);
};

function expectRoundTrips(rs: Ruleset, options: Record<string, unknown>, seed: number, plies: number): number {
  const game = mustCreate(rs, options);
  const { positions } = randomPlayout(game, seed, plies);
  let checked = 0;
  for (const s of positions) {
    const text = makePosition(game, s);
    const back = parsePosition(text, { lookup });
    if (!back.ok) throw new Error(`${text}\n-> ${back.error.message}`);
    expect(diffStates(back.value.state, s), text).toBeNull();
    expect(makePosition(back.value.game, back.value.state)).toBe(text);
    expect(back.value.game.options).toEqual(game.options);

    const json = positionToJSON(game, s);
    const jback = parsePositionJSON(JSON.stringify(json), { lookup });
    if (!jback.ok) throw new Error(`${JSON.stringify(json)}\n-> ${jback.error.message}`);
    expect(diffStates(jback.value.state, s)).toBeNull();
    expect(positionToJSON(jback.value.game, jback.value.state)).toEqual(json);
    // text -> JSON -> text and JSON -> text -> JSON
    expect(makePosition(jback.value.game, jback.value.state)).toBe(text);
    expect(positionToJSON(back.value.game, back.value.state)).toEqual(json);
    checked++;
  }
  return checked;
}

describe('position text and JSON round trips (random positions of every ruleset)', () => {
  it('the registry holds rulesets to test', () => {
    expect(RULESETS.length).toBeGreaterThan(0);
  });
  for (const rs of ALL) {
    for (const options of optionSets(rs, 3, 7)) {
      it(`${rs.info.id} ${JSON.stringify(options)}: parse(make(s)) = s for text and JSON`, () => {
        let n = 0;
        for (let seed = 1; seed <= 4; seed++) n += expectRoundTrips(rs, options, seed * 101, 150);
        expect(n).toBeGreaterThan(4);
      });
    }
  }
});

describe('position text form', () => {
  const adowa = RULESETS.find((r) => r.info.id === 'gabata-adowa');
  it('the initial Gabata position reads as documented', () => {
    expect(adowa, 'gabata-adowa is not registered').toBeDefined();
    const game = mustCreate(adowa!, {});
    const text = makePosition(game, game.newState(1));
    expect(text).toMatch(
      /^gabata-adowa 3\.3\.3\.3\.3\.3\/3\.3\.3\.3\.3\.3\/3\.3\.3\.3\.3\.3 o:111111\/222111\/222222 c:0,0 m:1 ph:play r:1 t:0 ply:0 rs:1 /,
    );
  });
  it('options that differ from the defaults are written after the ruleset id', () => {
    expect(adowa, 'gabata-adowa is not registered').toBeDefined();
    const game = mustCreate(adowa!, { players: 3, captureGate: 'none' });
    const text = makePosition(game, game.newState(1));
    expect(text.split(' ')[0]).toBe('gabata-adowa(players=3,captureGate=none)');
    const back = parsePosition(text);
    expect(back.ok && back.value.game.players).toBe(3);
    expect(back.ok && back.value.game.options['captureGate']).toBe('none');
  });
  it('a mark is written as count, w, owner, and parsed back', () => {
    expect(adowa, 'gabata-adowa is not registered').toBeDefined();
    const game = mustCreate(adowa!, {});
    const s = game.newState(1);
    // Move counters so that the total is unchanged: hole 17 becomes P1's wegue holding 4.
    s.counts[17] = 4;
    s.counts[16] = 2;
    s.marks[17] = 1;
    // Three turns begun, by both players (a turn sets its player's bit of startedMask).
    s.turn = 3;
    s.ply = 3;
    expect(game.extraFromJSON(s, { startedMask: 6 }).ok).toBe(true);
    const text = makePosition(game, s);
    expect(text).toContain('.2.4w1 ');
    const back = parsePosition(text);
    expect(back.ok).toBe(true);
    if (back.ok) expect(back.value.state.marks[17]).toBe(1);
  });
  it('fields may come in any order; the ruleset may be an alias', () => {
    const game = mustCreate(toyRuleset, {});
    const s = game.newState(5);
    const tokens = makePosition(game, s).split(' ');
    const shuffled = [tokens[0]!.replace('toy-race', 'toy'), tokens[1]!, ...tokens.slice(2).reverse()].join('  ');
    const back = parsePosition(shuffled, { lookup });
    expect(back.ok).toBe(true);
    if (back.ok) expect(diffStates(back.value.state, s)).toBeNull();
  });
  it('missing optional fields take their documented defaults', () => {
    const back = parsePosition('toy-race 2.2.2.2.2.2 m:0 ph:race', { lookup });
    expect(back.ok).toBe(true);
    if (!back.ok) return;
    const s = back.value.state;
    expect(Array.from(s.owners)).toEqual([1, 1, 1, 2, 2, 2]);
    expect(s.phase).toBe(PHASE_RACE);
    expect(s.round).toBe(1);
    expect(s.winner).toBe(-1);
    expect(s.historyLength).toBe(0);
  });
  it('with an expected ruleset the id may be left out', () => {
    const back = parsePosition('2.2.2.2.2.2 m:0 ph:race', { lookup, expect: toyRuleset });
    expect(back.ok).toBe(true);
  });
  it('a position of another ruleset than the expected one is refused', () => {
    expect(adowa, 'gabata-adowa is not registered').toBeDefined();
    const r = parsePosition('toy-race 2.2.2.2.2.2 m:0 ph:race', { lookup, expect: adowa! });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.message).toMatch(/not gabata-adowa/);
  });
});

describe('position JSON form', () => {
  it('holds the documented fields, per-player arrays starting with player 1', () => {
    const game = mustCreate(toyRuleset, {});
    const { final } = randomPlayout(game, 9, 6);
    const j = positionToJSON(game, final);
    expect(Object.keys(j).sort()).toEqual(
      [
        'active',
        'captured',
        'counts',
        'endReason',
        'extra',
        'format',
        'guardEnds',
        'history',
        'marks',
        'options',
        'owners',
        'passes',
        'phase',
        'players',
        'race',
        'reserve',
        'round',
        'roundStarter',
        'rng',
        'ruleset',
        'scores',
        'toMove',
        'turn',
        'ply',
        'winner',
      ].sort(),
    );
    expect(j.captured).toEqual([final.captured[1], final.captured[2]]);
    expect(j.counts).toHaveLength(6);
    expect(j.extra).toEqual({ captures: final.aux[0] });
  });
  it('a minimal JSON position needs only counts (with the ruleset given)', () => {
    const r = parseAnyPosition('{"counts":[2,2,2,2,2,2],"toMove":0,"phase":"race"}', { lookup, expect: toyRuleset });
    expect(r.ok).toBe(true);
  });
  it('parseAnyPosition tells JSON from text', () => {
    const game = mustCreate(toyRuleset, {});
    const s = game.newState(3);
    const a = parseAnyPosition(JSON.stringify(positionToJSON(game, s)), { lookup });
    const b = parseAnyPosition(makePosition(game, s), { lookup });
    expect(a.ok && b.ok).toBe(true);
    if (a.ok && b.ok) expect(diffStates(a.value.state, b.value.state)).toBeNull();
  });
});

describe('malformed positions name what is wrong and where', () => {
  const good = 'toy-race 2.2.2.2.2.2 o:111/222 c:0,0 m:0 ph:race r:1 t:0 ply:0 rs:1';
  it('the reference position parses', () => {
    expect(parsePosition(good, { lookup }).ok).toBe(true);
  });
  const cases: [string, string, RegExp, RegExp][] = [
    ['empty', '', /empty/, /position/],
    ['unknown ruleset', good.replace('toy-race', 'chess'), /unknown ruleset/, /token 1/],
    ['bad option', good.replace('toy-race', 'toy-race(seedsPerHole=9)'), /seedsPerHole/, /token 1/],
    ['unknown option', good.replace('toy-race', 'toy-race(colour=red)'), /unknown option 'colour'/, /token 1/],
    ['option without value', good.replace('toy-race', 'toy-race(seedsPerHole)'), /not name=value/, /token 1/],
    ['board with a letter', good.replace('2.2.2.2.2.2', '2.2.x.2.2.2'), /hole 2/, /token 2.*hole 2/],
    ['board too short', good.replace('2.2.2.2.2.2', '2.2.2.2.2'), /6 entries/, /token 2/],
    ['board too long', good.replace('2.2.2.2.2.2', '2.2.2.2.2.2.0'), /6 entries/, /token 2/],
    ['counters not conserved', good.replace('2.2.2.2.2.2', '2.2.2.2.2.3'), /13 counters/, /token 2/],
    ['mark by a missing player', good.replace('2.2.2.2.2.2', '2.2.2w3.2.2.2'), /marks\[2\]/, /token 2/],
    ['unknown field', good + ' zz:1', /not a field/, /token 11 'zz:1'/],
    ['field twice', good + ' m:1', /twice/, /token 11 'm:1'/],
    ['captured not numbers', good.replace('c:0,0', 'c:0,x'), /integers/, /token 4 'c:0,x'/],
    ['captured wrong length', good.replace('c:0,0', 'c:0,0,0'), /captured must have 2 entries/, /token 4/],
    ['owner digit out of range', good.replace('o:111/222', 'o:111/229'), /owners\[5\]/, /token 3/],
    ['owners wrong count', good.replace('o:111/222', 'o:11/222'), /owners must have 6/, /token 3/],
    ['bad phase', good.replace('ph:race', 'ph:dance'), /phase must be one of/, /token 6 'ph:dance'/],
    ['toMove out of range', good.replace('m:0', 'm:7'), /toMove must be between 0 and 2/, /token 5/],
    ['round zero', good.replace('r:1', 'r:0'), /round must be between 1/, /token 7/],
    ['bad rng', good + ' rng:xyz', /rng must be 32/, /rng:xyz/],
    ['bad extra JSON', good + ' x:{oops', /compact JSON/, /x:\{oops/],
    ['extra rejected by the ruleset', good + ' x:{"captures":-1}', /captures/, /x:/],
    ['bad history', good + ' h:2:abc', /h: must be/, /h:2:abc/],
    ['history length and keys disagree', good + ' h:2:0000000a', /history.keys must have 2/, /h:2/],
    ['rules reject the phase/player pair', good.replace('m:0', 'm:1'), /toMove must be 0/, /toMove/],
    // Reachable in kind (what every ruleset's states share, before the ruleset's own checks).
    ['over without a result', good.replace('ph:race', 'ph:over'), /finished match \(ph:over\) has a result/, /winner/],
    ['over without a reason', good.replace('ph:race', 'ph:over') + ' w:1', /says why it ended/, /endReason/],
    ['over with a player to move', good.replace('m:0 ph:race', 'm:2 ph:over') + ' w:1 er:rules', /nobody is to move/, /token 5 'm:2'/],
    ['a winner while in play', good + ' w:1', /no winner yet/, /token 11 'w:1'/],
    ['an ended round in round 1', good + ' er:stalemate', /in round 1: endReason must be none/, /token 11 'er:stalemate'/],
    ['a guard-ended round in round 1', good + ' ge:1', /in round 1: guardEnds must be 0/, /token 11 'ge:1'/],
    [
      'a dead end: the player to move has no move',
      good.replace('2.2.2.2.2.2', '0.0.0.4.4.4').replace('m:0 ph:race', 'm:1 ph:play'),
      /player 1 .* no legal move/,
      /token 6 'ph:play'/,
    ],
    ['a dead end at a simultaneous node', good.replace('2.2.2.2.2.2', '0.0.0.4.4.4'), /player 1 has no legal choice/, /token 6 'ph:race'/],
  ];
  for (const [name, text, message, where] of cases) {
    it(`${name}`, () => {
      const r = parsePosition(text, { lookup });
      expect(r.ok).toBe(false);
      if (r.ok) return;
      expect(r.error.code).toBe('ERR_POSITION');
      expect(r.error.message).toMatch(message);
      expect(r.error.where ?? '').toMatch(where);
    });
  }
  const jsonCases: [string, unknown, RegExp, string][] = [
    ['not JSON', '{"counts": [1,', /not valid JSON/, 'json'],
    ['an array', [1, 2], /object/, 'json'],
    ['no counts', { ruleset: 'toy-race' }, /counts .* missing/, 'counts'],
    ['negative count', { ruleset: 'toy-race', counts: [2, 2, -1, 2, 2, 2] }, /counts\[2\] must be between 0/, 'counts[2]'],
    ['fractional count', { ruleset: 'toy-race', counts: [2, 2, 1.5, 2, 2, 2] }, /integer/, 'counts[2]'],
    ['unknown field', { ruleset: 'toy-race', counts: [2, 2, 2, 2, 2, 2], colour: 1 }, /unknown field 'colour'/, 'colour'],
    ['players mismatch', { ruleset: 'toy-race', players: 3, counts: [2, 2, 2, 2, 2, 2] }, /2-player/, 'players'],
    ['race not an object', { ruleset: 'toy-race', counts: [2, 2, 2, 2, 2, 2], race: 3 }, /race must be/, 'race'],
    [
      'race cursor off the board',
      { ruleset: 'toy-race', counts: [2, 2, 2, 2, 2, 2], race: { cursor: [9, -1] } },
      /race.cursor\[0\]/,
      'race.cursor[0]',
    ],
    ['wrong format', { format: 'fen', ruleset: 'toy-race', counts: [2, 2, 2, 2, 2, 2] }, /unknown position format/, 'format'],
    [
      'endReason unknown',
      { ruleset: 'toy-race', counts: [2, 2, 2, 2, 2, 2], endReason: 'boredom' },
      /endReason must be one of/,
      'endReason',
    ],
  ];
  for (const [name, input, message, where] of jsonCases) {
    it(`JSON: ${name}`, () => {
      const r = parsePositionJSON(input, { lookup });
      expect(r.ok).toBe(false);
      if (r.ok) return;
      expect(r.error.code).toBe('ERR_POSITION');
      expect(r.error.message).toMatch(message);
      expect(r.error.where).toBe(where);
    });
  }
});

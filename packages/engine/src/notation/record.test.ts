import { describe, expect, it } from 'vitest';
import { err, ok, type Result } from '../core/errors.js';
import { MOVE_CONCEDE, type Ruleset } from '../core/game.js';
import { PHASE_OVER } from '../core/state.js';
import { RULESETS } from '../games/index.js';
import { toyRuleset } from '../../../../test/helpers/toy-game.js';
import { mustCreate, optionSets, randomPlayout } from '../../../../test/helpers/random-play.js';
import { diffStates, type RulesetLookup } from './position.js';
import { legalMoveList, makeMove } from './move.js';
import { makeRecord, parseRecord, replayRecord, stateResult, stringifyRecord, type GameRecord } from './record.js';

const ALL: Ruleset[] = [...RULESETS, toyRuleset];
const lookup: RulesetLookup = (name): Result<Ruleset> => {
  const r = ALL.find((x) => x.info.id === name || x.info.aliases.includes(name));
  return r ? ok(r) : err('ERR_UNKNOWN_RULESET', `unknown ruleset '${name}'`, name);
};

describe('records: make, stringify, parse, replay', () => {
  for (const rs of ALL) {
    for (const options of optionSets(rs, 2, 11)) {
      it(`${rs.info.id} ${JSON.stringify(options)}: replaying a record reproduces every position and the result`, () => {
        const game = mustCreate(rs, options);
        for (let seed = 1; seed <= 3; seed++) {
          const play = randomPlayout(game, seed * 977, 3000);
          const rec = makeRecord({
            game,
            seed: seed * 977,
            moves: play.moves,
            final: play.final,
            agents: Array(game.players).fill('random'),
            date: '2026-11-29',
          });
          const parsed = parseRecord(stringifyRecord(rec), lookup);
          if (!parsed.ok) throw parsed.error;
          expect(parsed.value).toEqual(rec);
          const replay = replayRecord(parsed.value, { positions: true }, lookup);
          if (!replay.ok) throw replay.error;
          expect(replay.value.positions).toHaveLength(play.positions.length);
          for (const [i, p] of replay.value.positions!.entries()) expect(diffStates(p, play.positions[i]!), `position ${i}`).toBeNull();
          expect(diffStates(replay.value.final, play.final)).toBeNull();
          expect(stateResult(replay.value.final)).toEqual(rec.result);
        }
      });
    }
  }

  it('a finished match has a result with winner, scores by player (player 1 first) and reason', () => {
    const game = mustCreate(toyRuleset, {});
    const play = randomPlayout(game, 5, 1000);
    expect(play.final.phase).toBe(PHASE_OVER);
    const rec = makeRecord({ game, seed: 5, moves: play.moves, final: play.final });
    expect(rec.result).toEqual({
      winner: play.final.winner,
      scores: [play.final.scores[1], play.final.scores[2]],
      reason: 'rules',
    });
    expect(rec.options).toEqual({ seedsPerHole: 2, opening: 'race' });
    expect(rec.moves[0]).toMatch(/^\d\|\d$/);
  });

  it('the events of every move can be kept', () => {
    const game = mustCreate(toyRuleset, {});
    const play = randomPlayout(game, 8, 1000);
    const rec = makeRecord({ game, seed: 8, moves: play.moves, final: play.final });
    const r = replayRecord(rec, { events: true }, lookup);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.events).toHaveLength(rec.moves.length);
    expect(r.value.events![0]![0]!.type).toBe('raceStart');
    expect(r.value.events![1]![0]!.type).toBe('lift');
  });
});

describe('bad records are reported with what and where', () => {
  const game = mustCreate(toyRuleset, {});
  const play = randomPlayout(game, 5, 1000);
  const rec: GameRecord = makeRecord({ game, seed: 5, moves: play.moves, final: play.final });

  it('an illegal move is reported with its index', () => {
    const moves = [...rec.moves];
    // A hole of the opponent of the player to move is never legal in the toy game.
    moves[3] = play.positions[3]!.toMove === 1 ? '4' : '1';
    const r = replayRecord({ ...rec, moves }, {}, lookup);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error.code).toBe('ERR_RECORD');
      expect(r.error.where).toBe('moves[3]');
      expect(r.error.message).toMatch(/ERR_ILLEGAL_MOVE/);
    }
  });
  it('a move that is not notation is reported with its index', () => {
    const moves = [...rec.moves];
    moves[2] = 'banana';
    const r = replayRecord({ ...rec, moves }, {}, lookup);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error.where).toBe('moves[2]');
      expect(r.error.message).toMatch(/banana/);
      expect(r.error.message).toMatch(/ERR_MOVE_SYNTAX/);
    }
  });
  it('a move after the end of the match is reported', () => {
    const r = replayRecord({ ...rec, moves: [...rec.moves, '0'] }, {}, lookup);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.where).toBe(`moves[${rec.moves.length}]`);
  });
  it('a result that differs from the replay is reported', () => {
    const r = replayRecord({ ...rec, result: { ...rec.result!, winner: 3 - Math.max(1, rec.result!.winner) } }, {}, lookup);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.where).toBe('result');
  });
  it('a result on a record that stops early is reported', () => {
    const r = replayRecord({ ...rec, moves: rec.moves.slice(0, 2) }, {}, lookup);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.message).toMatch(/not over/);
  });

  const base = JSON.parse(stringifyRecord(rec)) as Record<string, unknown>;
  const cases: [string, unknown, string][] = [
    ['not JSON', '{"ruleset":', 'record'],
    ['not an object', '[]', 'record'],
    ['unknown field', { ...base, colour: 'red' }, 'colour'],
    ['wrong format', { ...base, format: 'pgn' }, 'format'],
    ['no ruleset', { ...base, ruleset: undefined }, 'ruleset'],
    ['unknown ruleset', { ...base, ruleset: 'chess' }, 'ruleset'],
    ['unknown option', { ...base, options: { colour: 'red' } }, 'options.colour'],
    ['bad option value', { ...base, options: { seedsPerHole: 99 } }, 'options.seedsPerHole'],
    ['negative seed', { ...base, seed: -1 }, 'seed'],
    ['fractional seed', { ...base, seed: 1.5 }, 'seed'],
    ['players mismatch', { ...base, players: 3 }, 'players'],
    ['moves not an array', { ...base, moves: '1 2 3' }, 'moves'],
    ['a move not a string', { ...base, moves: ['1|4', 7] }, 'moves[1]'],
    ['winner out of range', { ...base, result: { winner: 5, scores: [1, 2], reason: 'rules' } }, 'result.winner'],
    ['scores wrong length', { ...base, result: { winner: 1, scores: [1], reason: 'rules' } }, 'result.scores'],
    ['unknown reason', { ...base, result: { winner: 1, scores: [1, 2], reason: 'tired' } }, 'result.reason'],
    ['agents not strings', { ...base, agents: [1, 2] }, 'agents'],
    ['meta nested', { ...base, meta: { a: { b: 1 } } }, 'meta.a'],
  ];
  for (const [name, input, where] of cases) {
    it(`parseRecord: ${name}`, () => {
      const r = parseRecord(typeof input === 'string' ? input : JSON.stringify(input), lookup);
      expect(r.ok).toBe(false);
      if (!r.ok) {
        expect(r.error.code).toBe('ERR_RECORD');
        expect(r.error.where).toBe(where);
      }
    });
  }
  it('parseRecord fills the options a record leaves out with their defaults', () => {
    const r = parseRecord({ ruleset: 'toy', seed: 3, moves: [] }, lookup);
    expect(r.ok).toBe(true);
    if (r.ok) {
      expect(r.value.ruleset).toBe('toy-race');
      expect(r.value.options).toEqual({ seedsPerHole: 2, opening: 'race' });
      expect(r.value.result).toBeNull();
    }
  });
});

describe('records of the rules before SPEC §12 (2026-11-30) still load and replay as they were played', () => {
  const byId = (id: string): Ruleset => ALL.find((r) => r.info.id === id)!;

  it('SEL-18 / S11 a Selus record with concession: true is read as concession=scored, noted, and replays to its scored result', () => {
    const game = mustCreate(byId('selus'), { concession: 'scored' });
    // Play until the player ahead after the race concedes (the old exploit), as an old record would hold.
    const s = game.newState(5);
    const moves: string[] = [];
    const buf = new Int32Array(128);
    const n = game.legalMovesFor(s, 1, buf);
    const a = buf[0]!;
    game.legalMovesFor(s, 2, buf);
    const joint = [0, a, buf[0]!];
    moves.push(`${game.moveText(s, a)}|${game.moveText(s, joint[2]!)}`);
    game.applyJoint(s, joint);
    expect(n).toBeGreaterThan(0);
    moves.push('concede');
    const conceder = s.toMove;
    game.apply(s, MOVE_CONCEDE);
    const old = { ...makeRecord({ game, seed: 5, moves, final: s }), options: { ...game.options, concession: true } } as unknown as Record<
      string,
      unknown
    >;
    const parsed = parseRecord(JSON.stringify(old), lookup);
    if (!parsed.ok) throw parsed.error;
    expect(parsed.value.options['concession']).toBe('scored');
    expect(parsed.value.notes).toHaveLength(1);
    expect(parsed.value.notes![0]).toMatch(/concession=true.*concession=scored/);
    const replay = replayRecord(parsed.value, {}, lookup);
    if (!replay.ok) throw replay.error;
    expect(stateResult(replay.value.final)).toEqual(old['result']);
    // Scored, not resigned: the conceder's result is the count's, which is why the rule changed.
    expect(stateResult(replay.value.final)!.reason).toBe('concession');
    // The notes survive a round trip and are not doubled.
    const again = parseRecord(stringifyRecord(parsed.value), lookup);
    if (!again.ok) throw again.error;
    expect(again.value.notes).toEqual(parsed.value.notes);
    expect(conceder).toBeGreaterThan(0);
  });

  it("ABA-06 / §7.4 an Abalala'e record without raceTie (written before it existed) replays with the tick order, noted", () => {
    const tickGame = mustCreate(byId('abalalae'), { raceTie: 'tickOrder', rounds: 2 });
    let checked = 0;
    for (let seed = 1; seed <= 12; seed++) {
      const play = randomPlayout(tickGame, seed, 3000);
      const rec = makeRecord({ game: tickGame, seed, moves: play.moves, final: play.final });
      const opts: Record<string, unknown> = { ...rec.options };
      delete opts['raceTie'];
      const parsed = parseRecord(JSON.stringify({ ...rec, options: opts }), lookup);
      if (!parsed.ok) throw parsed.error;
      expect(parsed.value.options['raceTie']).toBe('tickOrder');
      expect(parsed.value.notes?.join(' ')).toMatch(/raceTie/);
      const replay = replayRecord(parsed.value, {}, lookup);
      if (!replay.ok) throw replay.error;
      expect(diffStates(replay.value.final, play.final)).toBeNull();
      checked++;
    }
    expect(checked).toBe(12);
  });
});

describe('records: annotations', () => {
  const game = mustCreate(toyRuleset, {});
  const play = randomPlayout(game, 11, 1000);
  const plain = makeRecord({ game, seed: 11, moves: play.moves, final: play.final });
  // The toy's first decision is the race (joint); the second is a sequential move: its legal moves are the annotation's.
  const replay = replayRecord(plain, { positions: true }, lookup);
  if (!replay.ok) throw replay.error;
  const before = replay.value.positions![1]!;
  const legal = legalMoveList(game, before).map((m) => makeMove(game, before, m));

  it('round-trip through text, with every field, nulls and the analysis', () => {
    const rec = makeRecord({
      game,
      seed: 11,
      moves: play.moves,
      final: play.final,
      annotations: [null, { eval: 0.25, best: legal[0]!, line: [legal[0]!], drop: 0.3, mark: 'blunder', comment: 'too hasty' }],
      analysis: { engine: 'alphabeta:depth=4', start: 0.5 },
    });
    const back = parseRecord(stringifyRecord(rec), lookup);
    if (!back.ok) throw back.error;
    expect(back.value).toEqual(rec);
    expect(replayRecord(back.value, {}, lookup).ok).toBe(true);
  });

  it('a record without annotations reads as before (no field added)', () => {
    const back = parseRecord(stringifyRecord(plain), lookup);
    if (!back.ok) throw back.error;
    expect(back.value).toEqual(plain);
    expect('annotations' in back.value).toBe(false);
    expect('analysis' in back.value).toBe(false);
  });

  const broken: [string, unknown, string][] = [
    ['not an array', { x: 1 }, 'annotations'],
    ['more than the moves', Array(play.moves.length + 1).fill(null), 'annotations'],
    ['an unknown field', [{ grade: 1 }], 'annotations[0].grade'],
    ['eval beyond 1', [{ eval: 1.5 }], 'annotations[0].eval'],
    ['a negative drop', [{ drop: -0.1 }], 'annotations[0].drop'],
    ['an unknown mark', [{ mark: 'brilliant' }], 'annotations[0].mark'],
    ['a line of numbers', [{ line: [1, 2] }], 'annotations[0].line'],
    ['a best move that is not a text', [{ best: 4 }], 'annotations[0].best'],
  ];
  for (const [what, annotations, where] of broken) {
    it(`a broken annotation is ERR_RECORD at its place: ${what}`, () => {
      const r = parseRecord({ ...plain, annotations }, lookup);
      expect(r.ok).toBe(false);
      if (r.ok) return;
      expect(r.error.code).toBe('ERR_RECORD');
      expect(r.error.where).toBe(where);
    });
  }

  it('a broken analysis is ERR_RECORD', () => {
    const r = parseRecord({ ...plain, analysis: { engine: 3 } }, lookup);
    expect(!r.ok && r.error.where).toBe('analysis.engine');
  });

  it('replaying checks that the best move and the line are legal where they stand', () => {
    const illegal = parseRecord({ ...plain, annotations: [null, { best: '99' }] }, lookup);
    if (!illegal.ok) throw illegal.error;
    const r = replayRecord(illegal.value, {}, lookup);
    expect(!r.ok && r.error.code).toBe('ERR_RECORD');
    expect(!r.ok && r.error.where).toBe('annotations[1].best');
    const off = parseRecord({ ...plain, annotations: [null, { best: legal[0]!, line: [legal[legal.length - 1]!, '99'] }] }, lookup);
    if (!off.ok) throw off.error;
    const o = replayRecord(off.value, {}, lookup);
    expect(!o.ok && o.error.where).toMatch(/^annotations\[1\]\.line(\[1\])?$/);
  });
});

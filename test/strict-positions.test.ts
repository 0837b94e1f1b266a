/**
 * Strict positions and records (issue 20, hostile input): well-formed fields that no match can
 * reach, each refused with ERR_POSITION (or ERR_RECORD) saying why. Every position the engine
 * reaches still parses: test/strict-inputs.test.ts round-trips whole random matches of every
 * ruleset, test/fuzz-notation.test.ts mutated ones.
 *
 * 1. Before the round's first turn (t:0) the round starter is to move.
 * 2. Round, turn and pass counters stay within what the options and the guards of SPEC §8 allow.
 * 3. Scores are final scores: 0 while the match is in play, never negative.
 * 4. A finished race (Abalala'e, Selus) gave the places 1 and 2, the winner placed first.
 * 5. The stalemate history is the one the guard keeps: its newest key is the position's own,
 *    and no key is kept three times while the round goes on (SPEC §8.3).
 * 6. Gabata's hidden fields follow the turn counter; the holes still to change hands (phase
 *    choose) are the ones the last round's tallies give.
 * 7. A record names one agent per player.
 */
import { describe, expect, it } from 'vitest';
import type { Game, Ruleset } from '../packages/engine/src/core/game.js';
import { PHASE_PLAY, type State } from '../packages/engine/src/core/state.js';
import { RULESETS } from '../packages/engine/src/games/index.js';
import { makePosition, parseAnyPosition, positionToJSON } from '../packages/engine/src/notation/position.js';
import { makeRecord, parseRecord } from '../packages/engine/src/notation/record.js';
import { mustCreate, randomPlayout } from './helpers/random-play.js';

function ruleset(id: string): Ruleset {
  const r = RULESETS.find((x) => x.info.id === id);
  if (!r) throw new Error(`no ruleset ${id}`);
  return r;
}

/** Parses a position (text or JSON) expecting ERR_POSITION with a message matching `why`. */
function expectRejected(input: string, why: RegExp): void {
  const r = parseAnyPosition(input);
  expect(r.ok, `accepted: ${input}`).toBe(false);
  if (!r.ok) {
    expect(r.error.code).toBe('ERR_POSITION');
    expect(r.error.message).toMatch(why);
  }
}

function expectAccepted(input: string): void {
  const r = parseAnyPosition(input);
  if (!r.ok) throw new Error(`${input}\n-> ${r.error.message}`);
}

/** A text field `key:` set to `value` (added when absent). */
function withField(text: string, key: string, value: string): string {
  const re = new RegExp(` ${key}:\\S*`);
  return re.test(text) ? text.replace(re, ` ${key}:${value}`) : `${text} ${key}:${value}`;
}

const BOARD = '3.3.3.3.3.3/3.3.3.3.3.3/3.3.3.3.3.3 o:111111/222111/222222 c:0,0';
const GABATA = `gabata-adowa ${BOARD} m:1 ph:play r:1 t:0 ply:0 rs:1`;
const DEFAULTS = RULESETS.map((rs) => [rs.info.id, mustCreate(rs, {})] as const);

/** A position in phase play with a history, after `minPly` plies of a random match of `game`. */
function playPosition(game: Game, minPly = 0): State {
  for (let seed = 11; seed < 40; seed++) {
    const { positions } = randomPlayout(game, seed, 400);
    const s = positions.find((x) => x.phase === PHASE_PLAY && x.ply >= minPly && x.historyLength > 0);
    if (s) return s;
  }
  throw new Error(`no position in play for ${game.ruleset.info.id}`);
}

/** A finished match of `rs`: its description's short match (a few rounds, no concession) ends by the rules. */
function finishedText(rs: Ruleset): string {
  const short = mustCreate(rs, rs.info.shortMatch);
  const { final } = randomPlayout(short, 31, 20000, false);
  return makePosition(short, final);
}

describe('1. before the round has a turn (t:0) the round starter is to move', () => {
  it('Gabata m:2 with t:0 rs:1 (no pass) is refused; the round starter to move is not', () => {
    expectRejected(GABATA.replace('m:1', 'm:2'), /no turn has begun in round 1 \(t:0\).*player 1 is to move, not player 2/);
    expectAccepted(`gabata-adowa(firstPlayer=P2) ${BOARD} m:2 ph:play r:1 t:0 ply:0 rs:2`);
  });

  it('Selus and Gifia m:2 with t:0 rs:1 are refused', () => {
    expectRejected(`selus(openingMode=p1First) ${BOARD} m:2 ph:play r:1 t:0 ply:0 rs:1`, /round starter, player 1/);
    const gifia = mustCreate(ruleset('gifia'), {});
    const start = gifia.newState(1);
    const text = makePosition(gifia, start).replace(/ h:\S+/, '');
    expectAccepted(text);
    expectRejected(withField(withField(text, 't', '0'), 'm', String(3 - start.roundStarter)), /round starter/);
  });
});

describe('2. round, turn and pass counters within what the options and guards allow', () => {
  it('Gabata r:1000000000 is refused: every round after the first began with a decision (ply)', () => {
    expectRejected(GABATA.replace('r:1', 'r:1000000000'), /round 1000000000 .* ply/);
  });

  it('Selus is one game: r:2 is refused', () => {
    expectRejected(`selus(openingMode=p1First) ${BOARD} m:1 ph:play r:2 t:0 ply:9 rs:1`, /one game.*round 2/);
  });

  // (Gabata's last round under option rounds is its round cap, checked with the result.)
  for (const rs of RULESETS.filter((r) => !r.info.id.startsWith('gabata'))) {
    it(`${rs.info.id}: a finished match in round 1000000000 is refused`, () => {
      expectRejected(withField(finishedText(rs), 'r', '1000000000'), /round/);
    });
  }

  for (const [id, game] of DEFAULTS) {
    it(`${id}: ps:1000000000 and t:1000000000 in play are refused`, () => {
      const text = makePosition(game, playPosition(game));
      expectRejected(withField(text, 'ps', '1000000000'), /passes/);
      expectRejected(withField(text, 't', '1000000000'), /maxTurnsPerRound/);
    });
  }

  it('ge:3 in round 3 in play is refused (guardEnds counts the rounds before this one that a guard ended)', () => {
    const round3 = `${GABATA.replace('r:1', 'r:3').replace('ply:0', 'ply:90')} er:stalemate`;
    expectAccepted(`${round3} ge:2`);
    expectRejected(`${round3} ge:3`, /guardEnds .* at most the 2 round\(s\) before round 3/);
  });

  it('Gabata: a pass repeats the position, so the fourth in a row (two players) ends the round by repetition', () => {
    const play = `${GABATA.replace('t:0', 't:2').replace('ply:0', 'ply:6')} x:{"startedMask":6}`;
    expectRejected(`${play} ps:4`, /passes .* at most 3/);
    expectAccepted(`${play} ps:3`);
  });

  it("Abalala'e, Gifia and Selus: two passes in a row end the round, so a finished match holds at most two", () => {
    for (const rs of RULESETS.filter((r) => !r.info.id.startsWith('gabata'))) {
      expectRejected(withField(finishedText(rs), 'ps', '3'), /passes/);
    }
  });
});

describe('3. scores are final scores', () => {
  for (const [id, game] of DEFAULTS) {
    it(`${id}: sc:5,5 while in play is refused (scores are written when the match ends)`, () => {
      const text = makePosition(game, playPosition(game));
      expectRejected(withField(text, 'sc', '5,5'), /scores .* 0 while/);
    });
  }

  it('JSON scores:[-5,0] is refused, in play and in a finished match', () => {
    const game = mustCreate(ruleset('gifia'), {});
    const json = positionToJSON(game, game.newState(1));
    expectRejected(JSON.stringify({ ...json, scores: [-5, 0] }), /scores\[0\] must be between 0/);
    const over = parseAnyPosition(finishedText(ruleset('gifia')));
    if (!over.ok) throw over.error;
    const finished = positionToJSON(over.value.game, over.value.state);
    expectRejected(JSON.stringify({ ...finished, scores: [-5, 0] }), /scores\[0\] must be between 0/);
  });
});

describe("4. a finished race gave the places 1 and 2 (Abalala'e, Selus)", () => {
  const abalalae = mustCreate(ruleset('abalalae'), {});
  const start = makePosition(abalalae, abalalae.newState(1));

  it("Abalala'e rd:1,1 is refused; so is a winner the places do not give", () => {
    expectAccepted(start);
    expectRejected(withField(start, 'rd', '1,1'), /raceDone .* places 1 and 2/);
    const s = abalalae.newState(1);
    const loser = 3 - s.raceWinner;
    const places = loser === 1 ? '1,2' : '2,1';
    expectRejected(withField(start, 'rd', places), /raceWinner|race winner/);
  });

  it("Abalala'e without a race (openingMode=p1First) keeps the race fields at their defaults", () => {
    const g = mustCreate(ruleset('abalalae'), { openingMode: 'p1First' });
    const text = makePosition(g, g.newState(1));
    expectAccepted(text);
    expectRejected(`${text} rd:1,2 rw:1`, /no race/);
  });

  it('Selus rd:2,2 after the race is refused', () => {
    const g = mustCreate(ruleset('selus'), { selusRaceStart: 'leftmost' });
    const text = makePosition(g, g.newState(1));
    expectAccepted(text);
    expectRejected(withField(text, 'rd', '2,2'), /raceDone .* places 1 and 2/);
  });
});

describe('5. the stalemate history is the one the round-stalemate guard keeps', () => {
  it('Gabata h:1:deadbeef at the start of a round is refused (the newest key is the position its turn began at)', () => {
    expectRejected(`${GABATA} h:1:deadbeef`, /history .* ends with .* key of this position/);
  });

  for (const [id, game] of DEFAULTS) {
    it(`${id}: a history whose newest key is not the position's, or with one key three times, is refused`, () => {
      const s = playPosition(game, 2);
      const text = makePosition(game, s);
      const key = s.positionKey().toString(16).padStart(8, '0');
      expectAccepted(withField(text, 'h', `2:${key}.${key}`));
      expectRejected(withField(text, 'h', '1:deadbeef'), /history/);
      expectRejected(withField(text, 'h', `3:${key}.${key}.${key}`), /three times/);
    });
  }
});

describe("6. Gabata's hidden fields follow the turn counter and the last round's tallies", () => {
  it("t:5 with no startedMask is refused (each turn sets its player's bit)", () => {
    expectRejected(GABATA.replace('t:0', 't:5').replace('ply:0', 'ply:5'), /startedMask/);
    expectRejected(`${GABATA} x:{"startedMask":2}`, /startedMask/);
  });

  it('more players with a begun turn than turns, or a gate that does not follow the turn, is refused', () => {
    const one = `${GABATA.replace('m:1', 'm:2').replace('t:0', 't:1').replace('ply:0', 'ply:1')}`;
    expectAccepted(`${one} x:{"startedMask":2,"gateClosed":1}`);
    expectRejected(`${one} x:{"startedMask":6,"gateClosed":1}`, /startedMask/);
    // captureGate=firstTurnOfRound closes the gate for the first turn of the round only.
    expectRejected(`${one} x:{"startedMask":2}`, /gateClosed/);
    expectRejected(`${one.replace('t:1', 't:2')} x:{"startedMask":6,"gateClosed":1}`, /gateClosed/);
    // perHoleUntilEmptied: a turn empties the hole it starts from.
    const gate = one.replace('gabata-adowa', 'gabata-adowa(captureGate=perHoleUntilEmptied)');
    expectRejected(`${gate} x:{"startedMask":2}`, /emptiedMask/);
    expectAccepted(`${gate} x:{"startedMask":2,"emptiedMask":4096}`);
  });

  it('phase choose: gains and losses not the ones lastTotal gives are refused', () => {
    const pre = `gabata-adowa(surplusHoleOrder=winnerChooses) ${BOARD} m:1 ph:choose r:2 t:0 ply:40 rs:2`;
    // 30 and 24: player 1 is owed 10 holes, one more than his nine.
    expectAccepted(`${pre} x:{"gain1":1,"loss2":1,"lastTotal1":30,"lastTotal2":24}`);
    expectRejected(`${pre} x:{"gain1":1,"loss2":1,"lastTotal1":36,"lastTotal2":18}`, /lastTotal/);
    expectRejected(`${pre} x:{"gain1":1,"loss2":1}`, /lastTotal/);
    // 36 and 18: three holes change hands, and one already has (hole 6 is player 1's now).
    const picked = pre.replace('o:111111/222111/222222', 'o:111111/122111/222222');
    expectAccepted(`${picked} x:{"gain1":2,"loss2":2,"lastTotal1":36,"lastTotal2":18}`);
    expectRejected(`${pre} x:{"gain1":2,"loss2":2,"lastTotal1":36,"lastTotal2":18}`, /lastTotal/);
    // 54 and 0: player 1 is owed every hole, so the match is over (ADW-22).
    expectRejected(`${pre} x:{"gain1":9,"loss2":9,"lastTotal1":54}`, /ADW-22/);
  });
});

describe('7. a record names one agent per player', () => {
  const game = mustCreate(ruleset('gabata-adowa'), {});
  const play = randomPlayout(game, 5, 30);
  const rec = makeRecord({ game, seed: 5, moves: play.moves, agents: ['random', 'greedy'] });

  it('a 2-player record with 100 agents (or 1) is ERR_RECORD', () => {
    expect(parseRecord(JSON.stringify(rec)).ok).toBe(true);
    for (const n of [100, 1, 0]) {
      const r = parseRecord(JSON.stringify({ ...rec, agents: Array(n).fill('random') }));
      expect(r.ok, `${n} agents`).toBe(false);
      if (!r.ok) {
        expect(r.error.code).toBe('ERR_RECORD');
        expect(r.error.message).toMatch(/one agent per player: 2, not 100|one agent per player: 2, not [01]/);
        expect(r.error.where).toBe('agents');
      }
    }
  });

  it('a 3-player record names three', () => {
    const three = mustCreate(ruleset('gabata-adowa'), { players: 3 });
    const moves = randomPlayout(three, 5, 30).moves;
    expect(parseRecord(JSON.stringify(makeRecord({ game: three, seed: 5, moves, agents: ['a', 'b', 'c'] }))).ok).toBe(true);
    expect(parseRecord(JSON.stringify(makeRecord({ game: three, seed: 5, moves, agents: ['a', 'b'] }))).ok).toBe(false);
  });
});

/**
 * Gabata (Adowa, Aksum) held to a reference model of one decision written from SPEC.md
 * (test/reference/gabata.ts): on the positions of seeded random matches, on random boards that
 * validate, and on the perft table of test/gabata-properties.test.ts (counted with the
 * reference's move generator).
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { playRandomMatch } from '../packages/engine/src/core/debug.js';
import { unwrap } from '../packages/engine/src/core/errors.js';
import { MOVE_PASS, type Game } from '../packages/engine/src/core/game.js';
import { Rng } from '../packages/engine/src/core/rng.js';
import { PHASE_CONTINUE, PHASE_PLAY, type State } from '../packages/engine/src/core/state.js';
import { gabataAdowa, gabataAksum } from '../packages/engine/src/games/gabata.js';
import { coversGabata, gabataReference, type GabataPos } from './reference/gabata.js';
import {
  type Reference,
  checkNode,
  checkRandomPlay,
  checkTranscriptWalk,
  checkedPerft,
  newTally,
  transcriptDecisions,
} from './reference/harness.js';

const here = dirname(fileURLToPath(import.meta.url));

const adowa = (o: Record<string, unknown> = {}): Game => unwrap(gabataAdowa.create(o));
const aksum = (o: Record<string, unknown> = {}): Game => unwrap(gabataAksum.create(o));

const GAMES: [string, Game][] = [
  ['adowa', adowa()],
  ['aksum', aksum()],
  ['adowa, ludii preset (no gate, no continuation)', adowa({ preset: 'ludii' })],
  [
    "adowa, optional continuation, origin skipped, each player's first turn gated",
    adowa({ wegueContinuation: 'optional', skipOriginOnLongLaps: true, captureGate: 'eachPlayersFirstTurn' }),
  ],
  ['aksum, chafa enda applies to relays, no gate', aksum({ chafaAppliesToRelay: true, captureGate: 'none' })],
  ['adowa, three players', adowa({ players: 3 })],
  ['aksum, three players, no gate', aksum({ players: 3, captureGate: 'none' })],
];

describe('Gabata against the reference model (SPEC §3, §4, §8)', () => {
  for (const [name, game] of GAMES) {
    it(`ADW-05/07/08/09/10/11/13/14/15/16/17 seeded random matches: ${name}`, () => {
      expect(coversGabata(game)).toBe(true);
      const tally = newTally();
      const nodes = checkRandomPlay(gabataReference, game, [1, 2, 3, 4, 5, 6, 7, 8], 400, tally);
      expect(tally.mismatches.slice(0, 5)).toEqual([]);
      expect(nodes).toBeGreaterThan(1500);
      expect(tally.decisions).toBeGreaterThan(5000);
      expect(tally.ends).toBeGreaterThan(0);
    });
  }

  it('ADW-05/08/10/14/15 random boards that validate (wegues anywhere, mid-round, both phases)', () => {
    const tally = newTally();
    let boards = 0;
    for (const [, game] of GAMES.slice(0, 5)) {
      const rng = new Rng(99);
      for (let i = 0; i < 600; i++) {
        const s = randomBoard(game, rng);
        if (s === null) continue;
        boards++;
        checkNode(gabataReference, game, s, tally);
      }
    }
    expect(tally.mismatches.slice(0, 5)).toEqual([]);
    expect(boards).toBeGreaterThan(2000);
    expect(tally.decisions).toBeGreaterThan(8000);
  });

  /** The perft table of test/gabata-properties.test.ts. */
  const midgame = (g: Game, seed: number, plies: number): State => {
    let out: State | null = null;
    playRandomMatch(g, seed, plies, (s, ply) => {
      if (ply === plies) out = s.clone();
    });
    return out!;
  };
  const a = adowa();
  const k = aksum();
  const a3 = adowa({ players: 3 });
  const table: [string, Game, () => State, number[]][] = [
    ['adowa start', a, () => a.newState(1), [9, 71, 544, 4135]],
    ['adowa mid 1', a, () => midgame(a, 11, 7), [6, 40, 231, 1424]],
    ['adowa mid 2', a, () => midgame(a, 12, 40), [5, 30, 139, 781]],
    ['adowa mid 3', a, () => midgame(a, 13, 200), [4, 20, 81, 286]],
    ['aksum start', k, () => k.newState(1), [8, 61, 449, 3185]],
    ['aksum mid 1', k, () => midgame(k, 11, 7), [7, 42, 235, 1370]],
    ['aksum mid 2', k, () => midgame(k, 12, 40), [3, 12, 42, 156]],
    ['aksum mid 3', k, () => midgame(k, 13, 200), [6, 12, 64, 180]],
    ['adowa 3 players start', a3, () => a3.newState(1), [6, 29, 147, 750]],
  ];
  for (const [name, g, at, expected] of table) {
    it(`ADW-07/AKS-03 perft ${name}, counted with the reference's moves`, () => {
      const tally = newTally();
      const s = at();
      expect([1, 2, 3, 4].map((d) => checkedPerft(gabataReference, g, s, d, tally))).toEqual(expected);
      expect(tally.mismatches.slice(0, 5)).toEqual([]);
      expect(tally.skipped).toBe(0);
    });
  }

  const goldens: [string, Game, number][] = [
    ['gabata-adowa-r2-seed1', adowa({ rounds: 2 }), 1],
    ['gabata-aksum-r2-seed2', aksum({ rounds: 2 }), 2],
    ['gabata-adowa-3p-r1-seed3', adowa({ players: 3, rounds: 1 }), 3],
  ];
  for (const [file, game, seed] of goldens) {
    it(`ADW-05/08/10/13/14/15/17 every decision of the golden transcript ${file} agrees with the reference`, () => {
      const tally = newTally();
      const plies = checkTranscriptWalk(gabataReference, game, seed, tally);
      expect(plies).toBe(transcriptDecisions(readFileSync(join(here, 'golden', `${file}.txt`), 'utf8')));
      expect(tally.mismatches.slice(0, 5)).toEqual([]);
      expect(tally.decisions).toBeGreaterThan(plies);
    });
  }

  it('the comparison catches a reference that differs (a wrong rule: no wegue is ever made)', () => {
    const wrong: Reference<GabataPos> = {
      ...gabataReference,
      name: 'wrong',
      play: (p, m) => gabataReference.play({ ...p, gateClosed: true }, m),
    };
    const tally = newTally();
    checkRandomPlay(wrong, adowa(), [1, 2], 200, tally);
    expect(tally.mismatches.length).toBeGreaterThan(0);
    const wrongMoves: Reference<GabataPos> = {
      ...gabataReference,
      name: 'wrong',
      moves: (p) => gabataReference.moves(p).filter((m) => m !== MOVE_PASS),
    };
    const t2 = newTally();
    checkRandomPlay(wrongMoves, adowa(), [1, 2, 3], 400, t2);
    expect(t2.mismatches.some((m) => m.includes('moves: reference'))).toBe(true);
  });
});

/**
 * A random mid-round position the engine accepts: counters thrown into holes, some wegues, the
 * rest in hands; the turn past the gate or not; a continuation now and then.
 */
function randomBoard(game: Game, rng: Rng): State | null {
  const s = game.newState(rng.int(1000) + 1);
  const total = game.counterTotal;
  s.counts.fill(0);
  s.marks.fill(0);
  const onBoard = 1 + rng.int(total);
  for (let i = 0; i < onBoard; i++) s.counts[rng.int(18)]!++;
  for (let h = 0; h < 18; h++) {
    if (rng.int(6) === 0) {
      const by = 1 + rng.int(s.players);
      if (by !== s.owners[h]) s.marks[h] = by;
    }
  }
  let rest = total - onBoard;
  for (let p = 1; p <= s.players; p++) {
    const share = p === s.players ? rest : rng.int(rest + 1);
    s.captured[p] = share;
    rest -= share;
  }
  s.toMove = 1 + rng.int(s.players);
  s.turn = rng.int(4);
  s.phase = s.turn > 0 && rng.int(4) === 0 ? PHASE_CONTINUE : PHASE_PLAY;
  // Before the round's first turn its starter is to move.
  if (s.turn === 0) s.toMove = s.roundStarter;
  else unwrap(game.extraFromJSON(s, turnFields(game, s, rng)));
  s.clearHistory();
  s.recordPosition();
  const v = game.validate(s);
  return v.ok ? s : null;
}

/**
 * What `s.turn` begun turns leave in the aux slots (ADW-11), as validate checks it: a bit of
 * startedMask for each player who began one (the mover's, in a continuation), at most one a turn;
 * the gate closed as the option says. A continuation follows a wegue, so its gate was open: a
 * board whose gate would be closed is played at the start of a turn instead.
 */
function turnFields(game: Game, s: State, rng: Rng): Record<string, number> {
  const continuing = s.phase === PHASE_CONTINUE;
  const bits = [];
  for (let p = 1; p <= s.players; p++) if (rng.int(2) === 1 || (continuing && p === s.toMove)) bits.push(p);
  if (bits.length === 0) bits.push(s.toMove);
  while (bits.length > s.turn)
    bits.splice(
      bits.findIndex((p) => !continuing || p !== s.toMove),
      1,
    );
  const startedMask = bits.reduce((m, p) => m | (1 << p), 0);
  const gate = game.options['captureGate'];
  const everyFirst = gate === 'eachPlayersFirstTurn' && bits.length === s.turn;
  let gateClosed = (gate === 'firstTurnOfRound' && s.turn === 1) || everyFirst ? 1 : 0;
  if (gate === 'eachPlayersFirstTurn' && !everyFirst && !continuing) gateClosed = rng.int(2);
  if (continuing && gateClosed === 1) s.phase = PHASE_PLAY;
  const fields: Record<string, number> = { startedMask, gateClosed };
  if (gate === 'perHoleUntilEmptied') fields['emptiedMask'] = 1 << rng.int(18);
  return fields;
}

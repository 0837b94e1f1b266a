/**
 * Strict inputs (found by fuzzing: wrongly accepted, not crashes).
 *
 * 1. A position validates only when it is reachable in kind: phase, fields and options agree, a
 *    finished match carries the result its rules give for the board, a match in play has a legal
 *    move, and every ruleset field is known, integral and in range. Every position the engine
 *    itself reaches still validates.
 * 2. Option names like `__proto__`, `constructor`, `toString` are unknown options (ERR_OPTION)
 *    through resolveOptions, the CLI, the engine protocol, position text and the server API.
 * 3. Ruleset names: ids, aliases and display names, ignoring only case and apostrophe style.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Ruleset } from '../packages/engine/src/core/game.js';
import { resolveOptions } from '../packages/engine/src/core/options.js';
import { PHASE_CHOOSE, PHASE_OVER, PHASES } from '../packages/engine/src/core/state.js';
import { RULESETS, getRuleset } from '../packages/engine/src/games/index.js';
import { makePosition, parseAnyPosition, parsePosition, positionToJSON, diffStates } from '../packages/engine/src/notation/position.js';
import { parseCommon } from '../src/cli/args.js';
import { createGabataServer, type GabataServer } from '../src/server/app.js';
import { mustCreate, optionSets, randomPlayout } from './helpers/random-play.js';
import { newKey, request } from './web-harness.js';

const MAIN = path.join(process.cwd(), 'dist', 'cli', 'main.js');

function ruleset(id: string): Ruleset {
  const r = RULESETS.find((x) => x.info.id === id);
  if (!r) throw new Error(`no ruleset ${id}`);
  return r;
}

/** Parses a position text expecting ERR_POSITION with a message matching `why`. */
function expectRejected(text: string, why: RegExp): void {
  const r = parsePosition(text);
  expect(r.ok, `accepted: ${text}`).toBe(false);
  if (!r.ok) {
    expect(r.error.code).toBe('ERR_POSITION');
    expect(r.error.message).toMatch(why);
  }
}

const BOARD = '3.3.3.3.3.3/3.3.3.3.3.3/3.3.3.3.3.3 o:111111/222111/222222 c:0,0';

// ---------------------------------------------------------------------------------------------
// 1. Positions

/** Option sets that reach the rarer phases and endings, besides the random mixes. */
const TARGETED: Record<string, Record<string, unknown>[]> = {
  'gabata-adowa': [
    { surplusHoleOrder: 'winnerChooses' },
    { surplusHoleOrder: 'winnerChooses', players: 3, rounds: 4 },
    { roundStalemate: 'draw', maxTurnsPerRound: 10 },
    { rounds: 2, wegueContinuation: 'optional', captureGate: 'perHoleUntilEmptied' },
    { captureGate: 'eachPlayersFirstTurn', perpetualMove: 'drawRound', roundStalemate: 'draw' },
  ],
  'gabata-aksum': [
    { surplusHoleOrder: 'winnerChooses', chafaLocation: 'currentLeftmost' },
    { players: 3 },
    { rounds: 1, wegueContinuation: 'none' },
  ],
  // Random play concedes often when it may, so most of these sets turn concession off.
  selus: [
    { concession: 'off' },
    { selusScoring: 'blockWin', concession: 'off' },
    { selusScoring: 'nedfOnly', concession: 'off', guardian: false },
    { selusScoring: 'nedfOnly', concession: 'scored' },
    { concession: 'resign' },
    { roundStalemate: 'draw', maxTurnsPerRound: 10, concession: 'off' },
    { perpetualMove: 'drawRound', openingMode: 'p1First', concession: 'off' },
    { selusRaceStart: 'leftmost', concession: 'off' },
  ],
  gifia: [{ rounds: 2 }, { roundStalemate: 'draw', maxTurnsPerRound: 10 }, { gifiaWeakPlayer: 'singleShortHole' }],
  abalalae: [
    { rounds: 2 },
    { roundStalemate: 'draw', maxTurnsPerRound: 10 },
    { winningsCountLater: false },
    { perpetualMove: 'drawRound' },
  ],
};

describe('every position the engine reaches validates (whole random matches, many option sets)', () => {
  for (const rs of RULESETS) {
    it(`${rs.info.id}: each position and each final position round-trips through the text form`, () => {
      const sets = [...optionSets(rs, 8, 2026), ...(TARGETED[rs.info.id] ?? [])];
      const phasesSeen = new Set<string>();
      const endings = new Set<string>();
      for (const options of sets) {
        const game = mustCreate(rs, options);
        for (let seed = 1; seed <= 3; seed++) {
          const { positions, final } = randomPlayout(game, seed * 7919, 3000);
          for (const s of [...positions.filter((_, i) => i % 7 === 0 || positions[i]!.phase === PHASE_CHOOSE), final]) {
            const text = makePosition(game, s);
            const back = parsePosition(text);
            if (!back.ok) throw new Error(`${JSON.stringify(options)} seed ${seed}: ${text}\n-> ${back.error.message}`);
            expect(diffStates(back.value.state, s)).toBeNull();
            phasesSeen.add(PHASES[s.phase]!);
            if (s.phase === PHASE_OVER) endings.add(`${back.value.state.endReason}`);
          }
        }
      }
      // The check is only worth something if finished matches (and, for Gabata, holes being chosen) were among them.
      expect(phasesSeen.has('over')).toBe(true);
      if (rs.info.id.startsWith('gabata')) expect(phasesSeen.has('choose')).toBe(true);
      // More than one way to end where the ruleset has the guards of SPEC §8 (the option sets reach them).
      expect(endings.size).toBeGreaterThan(rs.options.some((o) => o.name === 'maxTurnsPerRound') ? 1 : 0);
    }, 120_000);
  }
});

describe('a finished match must carry the result its rules give', () => {
  for (const rs of RULESETS) {
    it(`${rs.info.id}: tampering with the winner, the scores or the phase of a finished match is ERR_POSITION`, () => {
      // The description's short match (a few rounds at most, no concession): random play reaches an ordinary end.
      const game = mustCreate(rs, rs.info.shortMatch);
      const { final } = randomPlayout(game, 31, 20000);
      expect(final.phase).toBe(PHASE_OVER);
      const text = makePosition(game, final);
      expect(parsePosition(text).ok).toBe(true);
      const P = game.players;
      // Another result than the one played out.
      const otherWinner = final.winner === 0 ? 1 : 0;
      const withWinner = / w:\d/.test(text) ? text.replace(/ w:\d/, ` w:${otherWinner}`) : `${text} w:${otherWinner}`;
      expectRejected(withWinner, /result|won|drawn|winner/);
      // No result at all.
      expectRejected(text.replace(/ w:\d/, ''), /has a result/);
      // Scores that are not the board's.
      const scores = Array.from({ length: P }, (_, i) => final.scores[i + 1]! + (i === 0 ? 1 : 0)).join(',');
      const withScores = / sc:[-\d,]+/.test(text) ? text.replace(/ sc:[-\d,]+/, ` sc:${scores}`) : `${text} sc:${scores}`;
      expectRejected(withScores, /score/);
      // No reason.
      expectRejected(text.replace(/ er:\w+/, ''), /why it ended/);
    });
  }

  it('Selus: ph:over with no winner (shown as a 0-0 draw with 54 counters on the board) is refused', () => {
    const over = `selus ${BOARD} m:0 ph:over r:1 t:0 ply:0 rs:1`;
    expectRejected(over, /finished match \(ph:over\) has a result/);
    expectRejected(`${over} w:0 er:rules`, /both can sow/);
    // A guard may end it drawn, but then the scores are the board's 27-27, not 0-0.
    expectRejected(`${over} w:0 er:stalemate ge:1`, /final score is 27/);
    expect(parsePosition(`${over} w:0 er:stalemate ge:1 sc:27,27`).ok).toBe(true);
    // Concession is not a way to end under concession=off.
    expectRejected(`selus(concession=off) ${BOARD} sc:27,27 m:0 ph:over r:1 t:0 ply:0 rs:1 w:2 er:concession`, /concession=off/);
  });

  it('a match in play has no winner, and a finished one nobody to move (JSON form too)', () => {
    expectRejected(`gabata-adowa ${BOARD} m:1 ph:play r:1 t:0 ply:0 rs:1 w:1`, /no winner yet/);
    const json = positionToJSON(mustCreate(ruleset('gifia'), {}), mustCreate(ruleset('gifia'), {}).newState(1));
    const r = parseAnyPosition(JSON.stringify({ ...json, phase: 'over', winner: 1, endReason: 'rules' }));
    expect(!r.ok && r.error.message).toMatch(/nobody is to move/);
  });
});

describe('phases only where the options allow them, with a pending decision', () => {
  it('Gabata ph:choose under the default surplusHoleOrder is a dead end and is refused', () => {
    expectRejected(`gabata-adowa ${BOARD} m:1 ph:choose r:2 t:0 ply:0 rs:1`, /only under surplusHoleOrder=winnerChooses/);
  });

  it('Gabata ph:choose under winnerChooses needs holes still to change hands, in round 2 or later', () => {
    const pre = `gabata-adowa(surplusHoleOrder=winnerChooses) ${BOARD} m:1 ph:choose`;
    expectRejected(`${pre} r:1 t:0 ply:0 rs:1`, /round 1/);
    expectRejected(`${pre} r:2 t:0 ply:0 rs:1`, /gains \(0\) and losses \(0\)/);
    expectRejected(`${pre} r:2 t:0 ply:0 rs:1 x:{"gain2":1,"loss1":1}`, /player 2 picks next/);
    // Round 2 comes after the decisions of round 1 (ply), and the gains are what round 1's tallies give.
    const fine = parsePosition(`${pre} r:2 t:0 ply:60 rs:1 x:{"gain1":1,"loss2":1,"lastTotal1":30,"lastTotal2":24}`);
    expect(fine.ok).toBe(true);
  });

  it('Gabata ph:continue cannot occur under wegueContinuation=none', () => {
    expectRejected(`gabata-adowa(wegueContinuation=none) ${BOARD} m:1 ph:continue r:1 t:1 ply:1 rs:1`, /continue cannot occur/);
  });

  it('Selus ph:race only under openingMode=race with selusRaceStart=choose, and only before any move', () => {
    expectRejected(`selus(openingMode=p1First) 3.3.3.3.3.3/3.3.3.3.3.3/3.3.3.3.3.3 m:0 ph:race`, /phase race cannot occur/);
    expectRejected(`selus(selusRaceStart=leftmost) 3.3.3.3.3.3/3.3.3.3.3.3/3.3.3.3.3.3 m:0 ph:race`, /phase race cannot occur/);
    expectRejected(`selus 3.3.3.3.3.3/3.3.3.3.3.3/3.3.3.3.3.3 m:0 ph:race ply:4`, /race opens the game/);
    expect(parsePosition('selus 3.3.3.3.3.3/3.3.3.3.3.3/3.3.3.3.3.3 m:0 ph:race').ok).toBe(true);
  });
});

describe('ruleset fields: known, integral, in range, consistent with the options', () => {
  const play = `gabata-adowa ${BOARD} m:1 ph:play r:1 t:0 ply:0 rs:1`;
  it.each([
    ['{"startedMask":1e300}', /startedMask' must be an integer from 0 to 6/],
    ['{"startedMask":1}', /bit 0 is never set/],
    ['{"gateClosed":2}', /gateClosed' must be an integer from 0 to 1/],
    ['{"loss3":1}', /in a 2-player game/],
    ['{"lastTotal1":-1}', /lastTotal1/],
    ['{"emptiedMask":4}', /only under captureGate=perHoleUntilEmptied/],
    ['{"gain1":1,"loss2":1}', /0 outside phase choose/],
    ['{"lastTotal1":54}', /no previous round/],
    ['{"constructor":1}', /unknown field 'constructor'/],
    ['{"toString":1}', /unknown field 'toString'/],
    ['{"__proto__":1}', /unknown field '__proto__'/],
  ])('Gabata x:%s is refused', (x, why) => {
    expectRejected(`${play} x:${x}`, why);
  });

  it('Selus: unknown extra fields are refused, not dropped; race starts belong to their racer', () => {
    const s = `selus ${BOARD.replace(' o:111111/222111/222222', '')} m:0 ph:race`;
    expectRejected(`${s} x:{"startedMask":1e300}`, /unknown field 'startedMask' for Selus/);
    expectRejected(`selus(openingMode=p1First) ${BOARD} m:1 ph:play r:1 t:0 ply:0 rs:1 x:{"raceStarts":[0,17]}`, /raceStarts/);
    expectRejected(`selus ${BOARD} m:1 ph:play r:1 t:0 ply:0 rs:1 x:{"raceStarts":[17,0]}`, /hole 17, which is not his/);
    expectRejected(
      `selus(openingMode=p1First) ${BOARD} m:1 ph:play r:1 t:0 ply:0 rs:1 rt:40 rw:2`,
      /no race: the race fields keep their defaults/,
    );
  });
});

describe('the engine protocol refuses a dead-end position instead of failing on go', () => {
  it('position <gabata choose under the default options> -> error ERR_POSITION', () => {
    const input = `position gabata-adowa ${BOARD} m:1 ph:choose r:2 t:0 ply:0 rs:1\ngo\nquit\n`;
    const r = spawnSync(process.execPath, [MAIN, 'engine'], { input, encoding: 'utf8', timeout: 30_000 });
    expect(r.stdout).toMatch(/^error ERR_POSITION .*winnerChooses/m);
    expect(r.stdout).not.toMatch(/ERR_INTERNAL/);
  });
});

// ---------------------------------------------------------------------------------------------
// 2. Option names

const TRICKY = ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf'];

describe('option names that are Object.prototype members are unknown options', () => {
  const selus = ruleset('selus');
  it('resolveOptions: own __proto__/constructor/... keys, and such presets, are ERR_OPTION', () => {
    for (const name of TRICKY) {
      const given = JSON.parse(`{${JSON.stringify(name)}: "1"}`) as Record<string, unknown>;
      const r = resolveOptions(selus.options, given, selus.presets);
      expect(!r.ok && r.error.code, name).toBe('ERR_OPTION');
      const p = resolveOptions(selus.options, { preset: name }, selus.presets);
      expect(!p.ok && p.error.code, `preset ${name}`).toBe('ERR_OPTION');
      const c = selus.create({ selusScoring: name });
      expect(!c.ok && c.error.code, `value ${name}`).toBe('ERR_OPTION');
    }
  });

  it('the CLI flag parser keeps __proto__ as an option name', () => {
    const r = parseCommon(['--option', '__proto__=1', '--option', 'constructor=2']);
    expect(r.ok && Object.keys(r.value.options)).toEqual(['__proto__', 'constructor']);
  });

  it('a position text naming such an option is refused', () => {
    for (const name of ['constructor', 'toString', 'hasOwnProperty']) {
      const r = parsePosition(`selus(${name}=1) 3.3.3.3.3.3/3.3.3.3.3.3/3.3.3.3.3.3 m:0 ph:race`);
      expect(!r.ok && r.error.message, name).toMatch(new RegExp(`unknown option '${name}'`));
    }
  });
});

describe('option names through the CLI and the engine protocol (real processes)', () => {
  it('gabata start selus --option __proto__=1 exits with a usage error naming ERR_OPTION', () => {
    for (const name of TRICKY) {
      const r = spawnSync(process.execPath, [MAIN, 'start', 'selus', '--option', `${name}=1`], { encoding: 'utf8' });
      expect(r.status, name).toBe(2);
      expect(r.stderr).toMatch(new RegExp(`ERR_OPTION: unknown option '${name}'`));
      expect(r.stdout).toBe('');
    }
    const tournament = spawnSync(
      process.execPath,
      [MAIN, 'tournament', '--ruleset', 'selus', '--option', '__proto__=1', '--agents', 'random,greedy', '--games', '1', '--workers', '0'],
      { encoding: 'utf8' },
    );
    expect(tournament.status).toBe(2);
    expect(tournament.stderr).toMatch(/ERR_OPTION: unknown option '__proto__'/);
    const preset = spawnSync(process.execPath, [MAIN, 'start', 'selus', '--preset', 'constructor'], { encoding: 'utf8' });
    expect(preset.status).toBe(2);
    expect(preset.stderr).toMatch(/ERR_OPTION: unknown preset 'constructor'/);
  });

  it('engine: newgame selus __proto__=1 answers error ERR_OPTION', async () => {
    const child = spawn(process.execPath, [MAIN, 'engine'], { stdio: ['pipe', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    const done = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.stdin.write(
      ['newgame selus __proto__=1', 'newgame selus constructor=1', 'newgame selus preset=toString', 'isready', 'quit', ''].join('\n'),
    );
    await done;
    const errors = out.split('\n').filter((l) => l.startsWith('error '));
    expect(errors).toHaveLength(3);
    expect(errors[0]).toMatch(/^error ERR_OPTION unknown option '__proto__'/);
    expect(errors[1]).toMatch(/^error ERR_OPTION unknown option 'constructor'/);
    expect(errors[2]).toMatch(/^error ERR_OPTION unknown preset 'toString'/);
  });
});

describe('option names and ruleset names through the server API', () => {
  let dir: string;
  let app: GabataServer;
  let url: string;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'gabata-strict-'));
    app = createGabataServer({ db: path.join(dir, 'games.db') });
    await new Promise<void>((resolve) => app.server.listen(0, '127.0.0.1', () => resolve()));
    url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await app?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  // A literal "__proto__" key is refused by the server's JSON parser (ERR_ARGUMENT) before the
  // options are read; the other tricky names reach the option reader (ERR_OPTION).
  it('POST /api/games: options {"__proto__": 1} is 400 ERR_ARGUMENT; {"constructor": 1}, preset "constructor" ERR_OPTION', async () => {
    for (const raw of [
      '{"ruleset":"selus","options":{"__proto__":1}}',
      '{"ruleset":"selus","options":{"constructor":1}}',
      '{"ruleset":"selus","options":{"preset":"constructor"}}',
      '{"ruleset":"selus","options":{"selusScoring":"toString"}}',
    ]) {
      const r = await request(url, 'POST', '/api/games', undefined, raw, { key: newKey() });
      expect(r.status, raw).toBe(400);
      expect(r.body.error.code, raw).toBe(raw.includes('"__proto__"') ? 'ERR_ARGUMENT' : 'ERR_OPTION');
    }
  });

  it('a record import whose options name __proto__ is refused', async () => {
    const raw = '{"format":"gabata-record/1","ruleset":"selus","options":{"__proto__":1},"seed":1,"players":2,"moves":[],"result":null}';
    const r = await request(url, 'POST', '/api/games/import', undefined, raw);
    expect(r.status).toBeGreaterThanOrEqual(400);
    expect(JSON.stringify(r.body)).toMatch(/__proto__/);
  });

  it('a loosely spelled ruleset name is unknown', async () => {
    const r = await request(url, 'POST', '/api/games', { ruleset: 'S E L U S!!!' }, undefined, { key: newKey() });
    expect(r.status).toBe(400);
    expect(r.body.error.code).toBe('ERR_UNKNOWN_RULESET');
    const body = { ruleset: 'SELUS', seats: ['human', 'human'] };
    const ok = await request(url, 'POST', '/api/games', body, undefined, { key: newKey() });
    expect(ok.status).toBe(201);
  });
});

// ---------------------------------------------------------------------------------------------
// 3. Ruleset names

describe('ruleset names: ids, aliases and display names, ignoring case and apostrophe style only', () => {
  it.each([
    ['selus', 'selus'],
    ['SELUS', 'selus'],
    ['Sulusé', 'selus'],
    ['Sulus\u0065\u0301', 'selus'], // decomposed é
    ['Selus (Gabata)', 'selus'],
    ["Abalala'e", 'abalalae'],
    ['ABALALA\u2019E', 'abalalae'],
    ['abalala-e', 'abalalae'],
    ['Gabata (Adowa)', 'gabata-adowa'],
    ['gabata', 'gabata-adowa'],
    ['AXUM', 'gabata-aksum'],
    ['gifia-umon', 'gifia'],
  ])('%s -> %s', (name, id) => {
    const r = getRuleset(name);
    expect(r.ok && r.value.info.id).toBe(id);
  });

  it.each([["selus' --"], ['S E L U S!!!'], ['se-lus'], [' selus'], ['gabataadowa'], ['abalala e'], ['selus\u0000'], ['']])(
    '%j is unknown (ERR_UNKNOWN_RULESET listing the ids)',
    (name) => {
      const r = getRuleset(name);
      expect(r.ok).toBe(false);
      if (!r.ok) {
        expect(r.error.code).toBe('ERR_UNKNOWN_RULESET');
        for (const rs of RULESETS) expect(r.error.message).toContain(rs.info.id);
      }
    },
  );

  it('the CLI refuses "selus\' --" and "S E L U S!!!" with a usage error', () => {
    for (const name of ["selus' --", 'S E L U S!!!']) {
      const r = spawnSync(process.execPath, [MAIN, 'start', name], { encoding: 'utf8' });
      expect(r.status, name).toBe(2);
      expect(r.stderr).toMatch(/ERR_UNKNOWN_RULESET/);
    }
  });
});

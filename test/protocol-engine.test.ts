import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { isTerminal, MAX_MOVES, outcomeAt } from '../packages/engine/src/core/game.js';
import { unwrap } from '../packages/engine/src/core/errors.js';
import { getRuleset } from '../packages/engine/src/games/index.js';
import { EngineSession } from '../packages/engine/src/protocol/engine.js';
import { EngineProcess } from '../packages/engine/src/protocol/client.js';
import { boundedLines } from '../src/cli/engine.js';

const CLI = join(process.cwd(), 'dist', 'cli', 'main.js');

function session(): { send: (l: string) => string[] } {
  const out: string[] = [];
  const s = new EngineSession((l) => out.push(l));
  return {
    send(l: string) {
      out.length = 0;
      s.handle(l);
      return [...out];
    },
  };
}

const legalTexts = (id: string, seed: number, player?: number): string[] => {
  const game = unwrap(unwrap(getRuleset(id)).create({}));
  const s = game.newState(seed);
  const buf = new Int32Array(MAX_MOVES);
  const n = player !== undefined ? game.legalMovesFor(s, player, buf) : game.legalMoves(s, buf);
  return Array.from(buf.subarray(0, n), (m) => game.moveText(s, m));
};

describe('engine protocol (in process)', () => {
  it('identifies itself and answers isready', () => {
    const e = session();
    const id = e.send('gabata');
    expect(id[0]).toMatch(/^id name /);
    expect(id).toContain('gabataok');
    expect(e.send('isready')).toEqual(['readyok']);
  });

  it('searches a position with info lines and a legal bestmove', () => {
    const e = session();
    e.send('setoption name agent value alphabeta');
    expect(e.send('newgame gabata-adowa seed=3')).toEqual([]);
    expect(e.send('position startpos')).toEqual([]);
    const lines = e.send('go depth 3');
    expect(lines.some((l) => /^info depth \d+ .*pv /.test(l))).toBe(true);
    const best = lines[lines.length - 1]!;
    expect(best).toMatch(/^bestmove /);
    expect(legalTexts('gabata-adowa', 3)).toContain(best.slice(9));
    // the legal command lists the same moves
    expect(e.send('legal')).toEqual([`legal ${legalTexts('gabata-adowa', 3).join(' ')}`]);
  });

  it('plays moves given after the position, and positions in text form', () => {
    const e = session();
    e.send('setoption name agent value greedy');
    e.send('newgame gabata-adowa');
    const first = legalTexts('gabata-adowa', 1)[0]!;
    expect(e.send(`position startpos moves ${first}`)).toEqual([]);
    const shown = e.send('d');
    const posLine = shown.find((l) => l.startsWith('info string position '))!;
    expect(posLine).toBeDefined();
    expect(e.send(`position ${posLine.slice('info string position '.length)}`)).toEqual([]);
    expect(e.send('go')[0]).toMatch(/^(info|bestmove) /);
  });

  it("at a simultaneous node: go player P answers that player's choice; go alone is an error", () => {
    const e = session();
    e.send('setoption name agent value mcts:iterations=100');
    e.send('newgame selus seed=2');
    e.send('position startpos');
    const err = e.send('go iterations 100');
    expect(err).toHaveLength(1);
    expect(err[0]).toMatch(/^error ERR_PROTOCOL /);
    const choices: string[] = [];
    for (const p of [1, 2]) {
      const lines = e.send(`go player ${p} iterations 100`);
      const best = lines[lines.length - 1]!;
      expect(best).toMatch(/^bestmove /);
      expect(legalTexts('selus', 2, p)).toContain(best.slice(9));
      choices.push(best.slice(9));
    }
    // The joint move, player 1's choice first, is played with '|'.
    expect(e.send(`position startpos moves ${choices.join('|')}`)).toEqual([]);
    expect(e.send('d').some((l) => / phase race/.test(l))).toBe(false);
  });

  it('answers malformed commands with error lines and goes on', () => {
    const e = session();
    const cases: [string, RegExp][] = [
      ['frobnicate', /^error ERR_PROTOCOL unknown command/],
      ['go', /^error ERR_PROTOCOL no position/],
      ['newgame', /^error ERR_PROTOCOL /],
      ['newgame nosuchgame', /^error ERR_UNKNOWN_RULESET /],
      ['newgame gabata-adowa captureGate=sometimes', /^error ERR_OPTION /],
      ['newgame gabata-adowa seed=x', /^error ERR_PROTOCOL /],
      ['setoption name agent value cleverest', /^error ERR_ARGUMENT /],
      ['setoption agent', /^error ERR_PROTOCOL /],
      ['position startpos moves 99', /^error ERR_MOVE_SYNTAX |^error ERR_ILLEGAL_MOVE /],
      ['position {"counts": [1,2', /^error ERR_POSITION /],
      ['position startpos banana', /^error ERR_POSITION /],
      ['go depth -1', /^error ERR_PROTOCOL /],
      ['go sideways 3', /^error ERR_PROTOCOL /],
      ['x'.repeat(1_000_001), /^error ERR_TOO_LARGE /],
      // Issue 20: each of these was accepted (the prototype names played as MCTS) or answered ERR_INTERNAL.
      ['setoption name agent value __proto__', /^error ERR_ARGUMENT unknown agent '__proto__'/],
      ['setoption name agent value constructor', /^error ERR_ARGUMENT unknown agent 'constructor'/],
      ['setoption name agent value constructor:x=1', /^error ERR_ARGUMENT unknown agent 'constructor'/],
      ['setoption name agent value __proto__:depth=2', /^error ERR_ARGUMENT unknown agent '__proto__'/],
      ['legal player 9', /^error ERR_PROTOCOL there is no player 9/],
      ['legal player 3', /^error ERR_PROTOCOL there is no player 3/],
      ['legal player 2', /^error ERR_PROTOCOL player 1 is to move, not player 2/],
      ['legal player 0', /^error ERR_PROTOCOL legal takes /],
      ['legal sideways', /^error ERR_PROTOCOL legal takes /],
      ['go player 9', /^error ERR_PROTOCOL there is no player 9/],
      ['position', /^error ERR_PROTOCOL position takes 'startpos'/],
      ['position moves 4', /^error ERR_PROTOCOL position takes 'startpos'/],
      // The client's words quoted in an error line never carry a control character to its terminal.
      ['\u0001frob\u001b[2J', /^error ERR_PROTOCOL unknown command '\?frob\?\[2J'/],
    ];
    e.send('newgame gabata-adowa');
    for (const [line, want] of cases) {
      if (line === 'go') {
        const fresh = session();
        expect(fresh.send(line)[0]).toMatch(want);
        continue;
      }
      const got = e.send(line);
      expect(got, line.slice(0, 40)).toHaveLength(1);
      expect(got[0], line.slice(0, 40)).toMatch(want);
    }
    expect(e.send('isready')).toEqual(['readyok']);
    // The refused agents left the agent as it was (level:5, alpha-beta: its info lines have a depth).
    e.send('position startpos');
    expect(e.send('legal player 1')).toEqual([`legal ${legalTexts('gabata-adowa', 1).join(' ')}`]);
    expect(e.send('go depth 1')[0]).toMatch(/^info depth 1 /);
  });

  it('at a simultaneous node legal and go refuse a player the game does not have', () => {
    const e = session();
    e.send('newgame selus seed=2');
    e.send('position startpos');
    expect(e.send('legal player 3')[0]).toMatch(/^error ERR_PROTOCOL there is no player 3: the players are 1..2/);
    expect(e.send('go player 3 iterations 10')[0]).toMatch(/^error ERR_PROTOCOL there is no player 3/);
    expect(e.send('legal player 2')).toEqual([`legal ${legalTexts('selus', 2, 2).join(' ')}`]);
  });

  it('go at a finished match is an error', () => {
    const e = session();
    e.send('setoption name agent value random');
    e.send('newgame gifia seed=1');
    const game = unwrap(unwrap(getRuleset('gifia')).create({}));
    const s = game.newState(1);
    const buf = new Int32Array(MAX_MOVES);
    const moves: string[] = [];
    while (s.phase !== 4) {
      game.legalMoves(s, buf);
      moves.push(game.moveText(s, buf[0]!));
      game.apply(s, buf[0]!);
    }
    expect(e.send(`position startpos moves ${moves.join(' ')}`)).toEqual([]);
    expect(e.send('go')[0]).toMatch(/^error ERR_GAME_OVER /);
  });
});

/** The moves of a whole gifia match from `seed`, each player taking its first legal move, and the final state. */
function firstMoveMatch(seed: number): { moves: string[]; winner: number; returns: number[]; reason: string } {
  const game = unwrap(unwrap(getRuleset('gifia')).create({}));
  const s = game.newState(seed);
  const buf = new Int32Array(MAX_MOVES);
  const moves: string[] = [];
  while (!isTerminal(s)) {
    const out = new Float64Array(3);
    game.returns(s, out);
    expect(Array.from(out)).toEqual([0, 0, 0]);
    game.legalMoves(s, buf);
    moves.push(game.moveText(s, buf[0]!));
    game.apply(s, buf[0]!);
  }
  const r = outcomeAt(game, s);
  return { moves, winner: r.winner, returns: r.returns.slice(1), reason: r.reason };
}

describe('engine protocol: result', () => {
  it('answers one line: ongoing with zero returns in play, the winner or a draw, the returns and the reason at the end', () => {
    const e = session();
    expect(e.send('result')[0]).toMatch(/^error ERR_PROTOCOL no position/);
    e.send('newgame gifia seed=1');
    e.send('position startpos');
    expect(e.send('result')).toEqual(['result ongoing returns 0 0']);
    expect(e.send('result now')[0]).toMatch(/^error ERR_PROTOCOL result takes nothing/);
    const end = firstMoveMatch(1);
    expect(end.reason).not.toBe('none');
    e.send(`position startpos moves ${end.moves.join(' ')}`);
    const state = end.winner > 0 ? `winner ${end.winner}` : 'draw';
    expect(e.send('result')).toEqual([`result ${state} returns ${end.returns.join(' ')} reason ${end.reason}`]);
    expect(end.returns.reduce((a, b) => a + b, 0)).toBe(1);
  });
});

describe('gabata engine reads bounded lines', () => {
  const read = async (chunks: string[], max: number): Promise<string[]> => {
    const out: string[] = [];
    for await (const l of boundedLines(Readable.from(chunks), max)) out.push(l);
    return out;
  };

  it('splits lines across chunks and keeps no more of a line than max + 1 characters', async () => {
    expect(await read(['isre', 'ady\ngo', ' depth 1\r\n', 'last'], 100)).toEqual(['isready', 'go depth 1\r', 'last']);
    // A line that never ends is not gathered whole: the session sees a line one character too long.
    expect(await read(['x'.repeat(7), 'y'.repeat(9), 'z\nisready\n'], 10)).toEqual(['x'.repeat(7) + 'yyyy', 'isready']);
    expect(await read(['\n\n'], 10)).toEqual(['', '']);
  });
});

describe('engine protocol (subprocess)', () => {
  it('gabata engine speaks the protocol on stdin/stdout', async () => {
    const child = spawn('node', [CLI, 'engine'], { stdio: ['pipe', 'pipe', 'pipe'] });
    const lines: string[] = [];
    const rl = createInterface({ input: child.stdout });
    rl.on('line', (l) => lines.push(l));
    const waitFor = async (pred: (l: string) => boolean): Promise<string> => {
      const t0 = Date.now();
      for (;;) {
        const hit = lines.find(pred);
        if (hit !== undefined) return hit;
        if (Date.now() - t0 > 30_000) throw new Error(`timeout; got ${lines.join(' / ')}`);
        await new Promise((r) => setTimeout(r, 20));
      }
    };
    child.stdin.write('gabata\n');
    await waitFor((l) => l === 'gabataok');
    child.stdin.write('this is not a command\n');
    expect(await waitFor((l) => l.startsWith('error '))).toMatch(/^error ERR_PROTOCOL /);
    child.stdin.write(`${'x'.repeat(1_500_000)}\n`);
    expect(await waitFor((l) => l.startsWith('error ERR_TOO_LARGE '))).toMatch(/more than 1000000 characters/);
    child.stdin.write('newgame gabata-aksum seed=4\nposition startpos\ngo movetime 100\n');
    const best = await waitFor((l) => l.startsWith('bestmove '));
    expect(legalTexts('gabata-aksum', 4)).toContain(best.slice(9));
    expect(lines.some((l) => l.startsWith('info '))).toBe(true);
    child.stdin.write('result\n');
    expect(await waitFor((l) => l.startsWith('result'))).toBe('result ongoing returns 0 0');
    const end = firstMoveMatch(2);
    child.stdin.write(`newgame gifia seed=2\nposition startpos moves ${end.moves.join(' ')}\nresult\n`);
    const state = end.winner > 0 ? `winner ${end.winner}` : 'draw';
    expect(await waitFor((l) => l.startsWith('result ') && l !== 'result ongoing returns 0 0')).toBe(
      `result ${state} returns ${end.returns.join(' ')} reason ${end.reason}`,
    );
    child.stdin.write('quit\n');
    const code = await new Promise<number | null>((r) => child.on('exit', (c) => r(c)));
    expect(code).toBe(0);
  });

  it('the engine client drives a subprocess engine', async () => {
    const e = await EngineProcess.start(`node ${CLI} engine`);
    expect(e.id).toMatch(/Gabata/);
    await e.newGame('gabata-adowa', { rounds: 1 }, 7);
    const m = await e.bestMove([], 'movetime 50');
    expect(legalTexts('gabata-adowa', 7)).toContain(m);
    await e.quit();
  });

  it('tournament --engine plays full matches between two engine processes, and resumes', () => {
    const out = join(mkdtempSync(join(tmpdir(), 'gabata-t-')), 'results.jsonl');
    const engine = `node ${CLI} engine`;
    const args = [
      CLI,
      'tournament',
      '--ruleset',
      'gabata-adowa',
      '--option',
      'rounds=1',
      '--engine',
      `one=${engine}`,
      '--engine',
      `two=${engine}`,
      '--games',
      '2',
      '--movetime',
      '20',
      '--out',
      out,
      '--json',
    ];
    const r = spawnSync('node', args, { encoding: 'utf8' });
    expect(r.status, r.stderr).toBe(0);
    const res = JSON.parse(r.stdout) as { matches: number; names: string[]; played: number[] };
    expect(res.matches).toBe(2);
    expect(res.names).toEqual(['one', 'two']);
    expect(res.played).toEqual([2, 2]);
    const lines = readFileSync(out, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { seats: string[]; winner: number; plies: number });
    expect(lines.map((l) => l.seats)).toEqual([
      ['one', 'two'],
      ['two', 'one'],
    ]);
    for (const l of lines) {
      expect(l.winner).toBeGreaterThanOrEqual(0);
      expect(l.plies).toBeGreaterThan(2);
    }
    // Resuming a finished tournament plays nothing more and reports the same games.
    const again = spawnSync('node', [...args, '--resume'], { encoding: 'utf8' });
    expect(again.status, again.stderr).toBe(0);
    expect((JSON.parse(again.stdout) as { matches: number }).matches).toBe(2);
    expect(readFileSync(out, 'utf8').trim().split('\n')).toHaveLength(2);
  });

  it('tournament between agents and an engine prints ratings and a cross table', () => {
    const r = spawnSync(
      'node',
      [
        CLI,
        'tournament',
        '--ruleset',
        'gabata-aksum',
        '--option',
        'rounds=1',
        '--agents',
        'random,greedy',
        '--engine',
        `e=node ${CLI} engine`,
        '--games',
        '2',
        '--movetime',
        '10',
        '--workers',
        '1',
      ],
      { encoding: 'utf8' },
    );
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/\| # \| agent \| Elo \|/);
    expect(r.stdout).toMatch(/random/);
    expect(r.stdout).toMatch(/\| 1 /);
  });
});

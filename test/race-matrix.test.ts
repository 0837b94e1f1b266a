/**
 * The zero-sum solver on games whose solutions are known (values and strategies, and a check
 * that each strategy is a best response: no pure strategy beats the value by more than 1e-9),
 * and the Selus race matrix on a tiny budget: its shape, its determinism for a seed, the coin
 * cells, the result file and its check, and the `gabata race` command.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { computeRaceMatrix, evaluateCell, raceChoices, solveRace, type RaceMatrix } from '../packages/engine/src/ai/race-matrix.js';
import { raceFileProblems, raceResultFile, type RaceResultFile } from '../packages/engine/src/ai/race-result.js';
import { colSecurity, equilibriumGap, rowSecurity, solveZeroSum } from '../packages/engine/src/ai/zero-sum.js';
import { unwrap } from '../packages/engine/src/core/errors.js';
import type { GameEvent } from '../packages/engine/src/core/events.js';
import { Rng } from '../packages/engine/src/core/rng.js';
import { getRuleset } from '../packages/engine/src/games/index.js';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const TOL = 1e-9;
const selus = (options: Record<string, unknown> = {}) => unwrap(unwrap(getRuleset('selus')).create(options));
const tmp = mkdtempSync(join(tmpdir(), 'gabata-race-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** No pure strategy of either player beats the value by more than 1e-9 against the other's mix. */
function expectEquilibrium(a: number[][], value: number, row: number[], col: number[]): void {
  expect(Math.abs(row.reduce((x, y) => x + y, 0) - 1)).toBeLessThan(TOL);
  expect(Math.abs(col.reduce((x, y) => x + y, 0) - 1)).toBeLessThan(TOL);
  for (const p of [...row, ...col]) expect(p).toBeGreaterThanOrEqual(0);
  for (let j = 0; j < a[0]!.length; j++) {
    const v = row.reduce((s, p, i) => s + p * a[i]![j]!, 0);
    expect(v).toBeGreaterThanOrEqual(value - TOL);
  }
  for (const r of a) expect(r.reduce((s, x, j) => s + x * col[j]!, 0)).toBeLessThanOrEqual(value + TOL);
  expect(equilibriumGap(a, value, row, col)).toBeLessThanOrEqual(TOL);
}

function solve(a: number[][]) {
  const s = unwrap(solveZeroSum(a));
  expectEquilibrium(a, s.value, s.row, s.col);
  return s;
}

function close(xs: number[], ys: number[]): void {
  for (const [i, x] of xs.entries()) expect(x).toBeCloseTo(ys[i]!, 12);
}

describe('zero-sum solver', () => {
  it('matching pennies: value 0, both mix one half', () => {
    const s = solve([
      [1, -1],
      [-1, 1],
    ]);
    expect(s.value).toBeCloseTo(0, 12);
    close(s.row, [0.5, 0.5]);
    close(s.col, [0.5, 0.5]);
  });

  it('rock-paper-scissors: value 0, a third each; a weighted version has its known unequal mix', () => {
    const rps = solve([
      [0, -1, 1],
      [1, 0, -1],
      [-1, 1, 0],
    ]);
    expect(rps.value).toBeCloseTo(0, 12);
    close(rps.row, [1 / 3, 1 / 3, 1 / 3]);
    close(rps.col, [1 / 3, 1 / 3, 1 / 3]);
    // Rock beats scissors for 2: the unique equilibrium is (1/4, 1/2, 1/4) for both, value 0.
    const w = solve([
      [0, -1, 2],
      [1, 0, -1],
      [-2, 1, 0],
    ]);
    expect(w.value).toBeCloseTo(0, 12);
    close(w.row, [0.25, 0.5, 0.25]);
    close(w.col, [0.25, 0.5, 0.25]);
  });

  it('a game with a saddle point: both play pure, value the saddle entry', () => {
    const s = solve([
      [4, 2, 3],
      [1, 0, 5],
      [6, 1, 2],
    ]);
    expect(s.value).toBeCloseTo(2, 12);
    close(s.row, [1, 0, 0]);
    close(s.col, [0, 1, 0]);
  });

  it('a dominated strategy is never played, and the rest is solved', () => {
    // Row 2 is dominated by row 0; without it the game is [[3, 0], [1, 2]]: p = (1/4, 3/4), q = (1/2, 1/2), value 1.5.
    const s = solve([
      [3, 0],
      [1, 2],
      [2, -1],
    ]);
    expect(s.value).toBeCloseTo(1.5, 12);
    close(s.row, [0.25, 0.75, 0]);
    close(s.col, [0.5, 0.5]);
  });

  it('a non-square game (2 x 4) with its textbook solution', () => {
    // Rows [[2, 3, 1, 5], [4, 1, 6, 0]]: the lower envelope over p peaks where columns 1 and 2 cross, 3p + (1-p) = p + 6(1-p): p = 5/7.
    const s = solve([
      [2, 3, 1, 5],
      [4, 1, 6, 0],
    ]);
    expect(s.value).toBeCloseTo(17 / 7, 12);
    close(s.row, [5 / 7, 2 / 7]);
  });

  it('shifts and scales like the games it solves (value + c, value * k), on random matrices', () => {
    const rng = new Rng(5);
    for (let t = 0; t < 200; t++) {
      const m = 1 + rng.int(7);
      const n = 1 + rng.int(7);
      const a = Array.from({ length: m }, () => Array.from({ length: n }, () => Math.round((rng.float() * 2 - 1) * 100) / 10));
      const s = solve(a);
      const shifted = solve(a.map((r) => r.map((x) => 3 * x + 7)));
      expect(shifted.value).toBeCloseTo(3 * s.value + 7, 9);
      // The transpose with signs flipped is the same game seen from the other side.
      const flipped = solve(a[0]!.map((_, j) => a.map((r) => -r[j]!)));
      expect(flipped.value).toBeCloseTo(-s.value, 9);
    }
  });

  it('security levels read the strategies as documented', () => {
    const a = [
      [1, 0],
      [0, 1],
    ];
    expect(rowSecurity(a, [1, 0])).toBe(0);
    expect(colSecurity(a, [0.5, 0.5])).toBe(0.5);
  });

  it('refuses an empty, ragged or non-finite matrix with ERR_ARGUMENT', () => {
    for (const bad of [[], [[]], [[1, 2], [3]], [[1, Number.NaN]], [[Infinity]]]) {
      const r = solveZeroSum(bad as number[][]);
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.error.code).toBe('ERR_ARGUMENT');
    }
  });
});

describe('the Selus race matrix', () => {
  const game = selus();
  const tiny = { agent: 'random', games: 2 };

  it('rows and columns are the players’ legal race starts (SEL-05, SEL-08)', () => {
    const { rows, cols } = unwrap(raceChoices(game, 1));
    const s = game.newState(1);
    const buf = new Int32Array(128);
    expect(rows).toEqual(Array.from(buf.subarray(0, game.legalMovesFor(s, 1, buf))));
    expect(cols).toEqual(Array.from(buf.subarray(0, game.legalMovesFor(s, 2, buf))));
    expect(rows.every((h) => s.owners[h] === 1)).toBe(true);
    expect(cols.every((h) => s.owners[h] === 2)).toBe(true);
  });

  it('has one cell per pair of starts, is the same for the same seed, and differs for another', async () => {
    const a = unwrap(await computeRaceMatrix(game, tiny, 3))!;
    const b = unwrap(await computeRaceMatrix(game, tiny, 3))!;
    const c = unwrap(await computeRaceMatrix(game, tiny, 4))!;
    const { rows, cols } = unwrap(raceChoices(game, 3));
    expect(a.rows).toEqual(rows);
    expect(a.cols).toEqual(cols);
    expect(a.cells).toHaveLength(rows.length);
    for (const r of a.cells) expect(r).toHaveLength(cols.length);
    expect(b).toEqual(a);
    expect(c.cells.map((r) => r.map((x) => x.mean))).not.toEqual(a.cells.map((r) => r.map((x) => x.mean)));
    for (const r of a.cells) {
      for (const x of r) {
        expect(x.wins + x.draws + x.losses).toBe(2);
        expect(x.mean).toBeGreaterThanOrEqual(0);
        expect(x.mean).toBeLessThanOrEqual(1);
      }
    }
    const s = unwrap(solveRace(a));
    expectEquilibrium(
      a.cells.map((r) => r.map((x) => x.mean)),
      s.value,
      s.row,
      s.col,
    );
  });

  it('a cell settled by the coin is valued over both race winners; a decided one over its winner', () => {
    const { rows, cols } = unwrap(raceChoices(game, 1));
    let coinCells = 0;
    for (const r of rows) {
      for (const c of cols) {
        const s = game.newState(1);
        const trace: GameEvent[] = [];
        game.applyJoint(s, [0, r, c], trace);
        const end = trace.find((e) => e.type === 'raceEnd');
        const deadHeat = end?.type === 'raceEnd' && (end.deadHeat === true || end.loop);
        const cell = evaluateCell(game, r, c, { agent: 'random', games: 4 }, 1, 99);
        expect(cell.raceWinner).toBe(deadHeat ? 0 : s.raceWinner);
        if (deadHeat) coinCells++;
      }
    }
    expect(coinCells).toBeGreaterThan(0);
    // Under raceTie=tickOrder no race is left to the coin.
    const ordered = selus({ raceTie: 'tickOrder' });
    for (const r of rows)
      for (const c of cols) expect(evaluateCell(ordered, r, c, { agent: 'random', games: 2 }, 1, 99).raceWinner).not.toBe(0);
  });

  it('a coin cell weighs its two outcomes one half each, whatever the games say', () => {
    // Cell values are means of the two strata: with games = 2 each stratum has one game, so the mean is a multiple of 1/4.
    const cell = evaluateCell(game, 3, 14, { agent: 'random', games: 2 }, 1, 5);
    expect(cell.raceWinner).toBe(0);
    expect((cell.mean * 4) % 1).toBe(0);
    expect(cell.se).toBeNull();
    const more = evaluateCell(game, 3, 14, { agent: 'random', games: 40 }, 1, 5);
    expect(more.se).not.toBeNull();
    expect(more.se!).toBeGreaterThan(0);
  });

  it('refuses a machine-dependent agent and a game without a simultaneous start', async () => {
    const timed = await computeRaceMatrix(game, { agent: 'alphabeta:time=50', games: 2 }, 1);
    expect(timed.ok).toBe(false);
    const once = await computeRaceMatrix(game, { agent: 'random', games: 1 }, 1);
    expect(once.ok).toBe(false);
    const fixed = await computeRaceMatrix(selus({ selusRaceStart: 'leftmost' }), tiny, 1);
    expect(fixed.ok).toBe(false);
    if (!fixed.ok) expect(fixed.error.message).toMatch(/selusRaceStart=choose/);
    const aba = await computeRaceMatrix(unwrap(unwrap(getRuleset('abalalae')).create({})), tiny, 1);
    expect(aba.ok).toBe(false);
  });

  it('stops between cells when asked', async () => {
    let cells = 0;
    const r = unwrap(await computeRaceMatrix(game, tiny, 1, { onCell: () => cells++, shouldStop: () => cells >= 3 }));
    expect(r).toBeNull();
    expect(cells).toBe(3);
  });
});

describe('the result file', () => {
  const game = selus();
  let matrix: RaceMatrix;
  let file: RaceResultFile;

  it('is well-formed when built, and its check finds each kind of damage', async () => {
    matrix = unwrap(await computeRaceMatrix(game, { agent: 'random', games: 4 }, 2))!;
    file = raceResultFile(game, matrix, unwrap(solveRace(matrix)), {
      seed: 2,
      budget: { agent: 'random', games: 4 },
      date: '2026-12-01',
      seconds: 1,
    });
    expect(raceFileProblems(JSON.parse(JSON.stringify(file)), game)).toEqual([]);
    // biome-ignore lint/suspicious/noExplicitAny: a copy of the file damaged field by field
    const damaged = (f: (x: any) => void): string[] => {
      const copy = JSON.parse(JSON.stringify(file));
      f(copy);
      return raceFileProblems(copy, game);
    };
    expect(damaged((x) => (x.format = 'other'))).toHaveLength(1);
    expect(damaged((x) => x.cells.pop()).join()).toMatch(/cells must be/);
    expect(damaged((x) => (x.cells[0][0].wins += 1)).join()).toMatch(/adding up/);
    // A pure row that the column player can hold below the value is no equilibrium strategy.
    const a = matrix.cells.map((r) => r.map((c) => c.mean));
    const weakest = a.map((r) => Math.min(...r)).reduce((best, v, i, all) => (v < all[best]! ? i : best), 0);
    const pure = a.map((_, i) => (i === weakest ? 1 : 0));
    expect(rowSecurity(a, pure)).toBeLessThan(file.equilibrium.value - 1e-6);
    expect(damaged((x) => (x.equilibrium.row = pure)).join()).toMatch(/not an equilibrium/);
    expect(damaged((x) => (x.equilibrium.value += 0.01)).join()).toMatch(/value/);
    expect(damaged((x) => (x.budget.agent = 'mcts:time=5')).join()).toMatch(/deterministic/);
    expect(damaged((x) => (x.rows = [...x.rows].reverse())).join()).toMatch(/race choices/);
    const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);
    expect(sorted(file.stability.rowMean).every((p) => p >= 0 && p <= 1)).toBe(true);
  });

  it('the committed Selus result passes the check against the game', () => {
    const data = JSON.parse(readFileSync(join(ROOT, 'src/catalogue/race-selus.json'), 'utf8')) as RaceResultFile;
    const g = unwrap(unwrap(getRuleset('selus')).create(data.options));
    expect(raceFileProblems(data, g)).toEqual([]);
    expect(data.rulesetId).toBe('selus');
  });

  it('gabata race computes, writes, prints and checks (real child processes)', () => {
    const cli = join(ROOT, 'dist/cli/main.js');
    const out = join(tmp, 'race.json');
    const made = spawnSync(process.execPath, [cli, 'race', 'selus', '--agent', 'random', '--games', '2', '--seed', '7', '--out', out], {
      encoding: 'utf8',
    });
    expect(made.status, made.stderr).toBe(0);
    expect(made.stdout).toMatch(/value of the game to player 1/);
    expect(made.stderr).toMatch(/36\/36 cells/);
    const again = spawnSync(
      process.execPath,
      [cli, 'race', 'selus', '--agent', 'random', '--games', '2', '--seed', '7', '--json', '--quiet'],
      {
        encoding: 'utf8',
      },
    );
    const a = JSON.parse(readFileSync(out, 'utf8')) as RaceResultFile;
    const b = JSON.parse(again.stdout) as RaceResultFile;
    expect(b.cells).toEqual(a.cells);
    expect(b.equilibrium).toEqual(a.equilibrium);
    const ok = spawnSync(process.execPath, [cli, 'race', 'selus', '--check', '--file', out], { encoding: 'utf8' });
    expect(ok.status, ok.stderr).toBe(0);
    a.cells[1]![1]!.mean = 2;
    writeFileSync(out, JSON.stringify(a));
    const bad = spawnSync(process.execPath, [cli, 'race', 'selus', '--check', '--file', out], { encoding: 'utf8' });
    expect(bad.status).toBe(1);
    expect(bad.stderr).toMatch(/ERR_RECORD.*\n.*mean/);
    const committed = spawnSync(process.execPath, [cli, 'race', 'selus', '--check'], { encoding: 'utf8' });
    expect(committed.status, committed.stderr).toBe(0);
    const fewer = spawnSync(process.execPath, [cli, 'race', 'selus', '--games', '1'], { encoding: 'utf8' });
    expect(fewer.status).toBe(2);
    expect(fewer.stderr).toMatch(/ERR_ARGUMENT: --games/);
    const aba = spawnSync(process.execPath, [cli, 'race', 'abalalae'], { encoding: 'utf8' });
    expect(aba.status).toBe(2);
    expect(aba.stderr).toMatch(/ERR_ARGUMENT: .*simultaneous choice/);
  });
});

describe('gabata race is interruptible', () => {
  it('Ctrl-C stops after the cell in progress, writes nothing and exits 130', async () => {
    const out = join(tmp, 'interrupted.json');
    const child = spawn(
      process.execPath,
      [join(ROOT, 'dist/cli/main.js'), 'race', 'selus', '--agent', 'alphabeta:depth=8', '--games', '8', '--out', out],
      {
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let stderr = '';
    const code = await new Promise<number | null>((resolve) => {
      child.stderr.on('data', (d: Buffer) => {
        stderr += d.toString();
        // The first progress line: some cells are done, most are not.
        if (/cells/.test(stderr) && !child.killed) child.kill('SIGINT');
      });
      child.once('exit', (c) => resolve(c));
    });
    expect(code).toBe(130);
    expect(stderr).toMatch(/interrupted; nothing written/);
    expect(existsSync(out)).toBe(false);
  }, 120_000);
});

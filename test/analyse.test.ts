/**
 * Analysis (src/ai/analyse.ts) and `gabata analyse` (through the built CLI: `npx tsc -p
 * tsconfig.json` first). The fixture is an Abalala'e game of alpha-beta at depth 3 in which player
 * 1's move 11 (the record's move 10) is the move of lowest value at depth 3: the analysis must
 * mark it, and no other move as badly.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { AlphaBetaAgent } from '../packages/engine/src/ai/alphabeta.js';
import { analyseRecord, annotateRecord, expectedResult, MARK_THRESHOLDS, markCounts, markOf } from '../packages/engine/src/ai/analyse.js';
import { unwrap } from '../packages/engine/src/core/errors.js';
import { parseRecord, replayRecord, stringifyRecord } from '../packages/engine/src/notation/record.js';

const FIXTURE = fileURLToPath(new URL('./fixtures/analysis/abalalae-blunder.json', import.meta.url));
const MAIN = fileURLToPath(new URL('../dist/cli/main.js', import.meta.url));
const REFUTED = 10;
const rec = unwrap(parseRecord(readFileSync(FIXTURE, 'utf8')));

describe('analysis', () => {
  it('expected results: a proven win is 1, a loss 0, a level position 0.5, and the map rises', () => {
    expect(expectedResult(10)).toBe(1);
    expect(expectedResult(-10)).toBe(0);
    expect(expectedResult(0)).toBe(0.5);
    expect(expectedResult(1)).toBeCloseTo(0.95);
    let last = -1;
    for (let v = -10; v <= 10; v += 0.25) {
      expect(expectedResult(v)).toBeGreaterThan(last);
      expect(expectedResult(v) + expectedResult(-v)).toBeCloseTo(1);
      last = expectedResult(v);
    }
  });

  it('marks by the documented thresholds', () => {
    expect(markOf(MARK_THRESHOLDS.inaccuracy - 0.001)).toBeNull();
    expect(markOf(MARK_THRESHOLDS.inaccuracy)).toBe('inaccuracy');
    expect(markOf(MARK_THRESHOLDS.mistake)).toBe('mistake');
    expect(markOf(MARK_THRESHOLDS.blunder)).toBe('blunder');
    expect(markOf(1)).toBe('blunder');
  });

  it('the move the engine refutes is marked a blunder, with the better move and its line', () => {
    const a = unwrap(analyseRecord(rec, { depth: 5 }));
    expect(a.interrupted).toBe(false);
    expect(a.plies).toHaveLength(rec.moves.length);
    const bad = a.plies[REFUTED]!;
    expect(bad.player).toBe(1);
    expect(bad.annotation.mark).toBe('blunder');
    expect(bad.annotation.best).not.toBe(rec.moves[REFUTED]);
    expect(bad.annotation.line![0]).toBe(bad.annotation.best);
    for (const p of a.plies) {
      expect(p.annotation.drop!, `move ${p.ply}`).toBeGreaterThanOrEqual(0);
      if (p.ply !== REFUTED) expect(p.annotation.drop!, `move ${p.ply}`).toBeLessThan(bad.annotation.drop!);
    }
    // Player 1's expected result falls across the refuted move.
    expect(a.plies[REFUTED - 1]!.annotation.eval! - bad.annotation.eval!).toBeGreaterThan(MARK_THRESHOLDS.blunder);
    expect(markCounts(a.plies, 2)[0]!.blunder).toBe(1);
  });

  it('the drop is the best value minus the played move value at one decision less (the same horizon)', () => {
    const a = unwrap(analyseRecord(rec, { depth: 4 }));
    const { game, positions } = unwrap(replayRecord(rec, { positions: true }));
    const probe = new AlphaBetaAgent(0);
    const before = positions![REFUTED]!;
    const best = expectedResult(probe.valueFor(game, before, 1, 4));
    const played = expectedResult(probe.valueFor(game, positions![REFUTED + 1]!, 1, 3));
    expect(a.plies[REFUTED]!.annotation.drop).toBeCloseTo(best - played, 2);
  });

  it('the same depth and seed give the same analysis', () => {
    const x = unwrap(analyseRecord(rec, { depth: 4, seed: 3 }));
    const y = unwrap(analyseRecord(rec, { depth: 4, seed: 3 }));
    expect(y).toEqual(x);
  });

  it('shouldStop ends it and keeps the moves judged before', () => {
    let calls = 0;
    const a = unwrap(analyseRecord(rec, { depth: 3, shouldStop: () => ++calls > 40 }));
    expect(a.interrupted).toBe(true);
    expect(a.plies.length).toBeLessThan(rec.moves.length);
  });

  it('the annotated record round-trips and replays, comments kept', () => {
    const a = unwrap(analyseRecord(rec, { depth: 3 }));
    const withComment = { ...rec, annotations: [{ comment: 'a quiet start' }] };
    const out = annotateRecord(withComment, a);
    expect(out.annotations![0]!.comment).toBe('a quiet start');
    expect(out.annotations![0]!.best).toBeDefined();
    const back = unwrap(parseRecord(stringifyRecord(out)));
    expect(back).toEqual(out);
    expect(replayRecord(back).ok).toBe(true);
    expect(back.analysis).toEqual({ engine: 'alphabeta:depth=3', start: a.start });
  });
});

function gabata(args: string[], input?: string): { code: number; out: string; err: string } {
  const r = spawnSync(process.execPath, [MAIN, ...args], { input, encoding: 'utf8', maxBuffer: 64 << 20 });
  return { code: r.status ?? -1, out: r.stdout, err: r.stderr };
}

describe('gabata analyse', () => {
  const dir = mkdtempSync(join(tmpdir(), 'gabata-analyse-'));

  it('writes the record back with annotations and prints the marks of each player', () => {
    const file = join(dir, 'game.json');
    writeFileSync(file, readFileSync(FIXTURE));
    const r = gabata(['analyse', file, '--depth', '5']);
    expect(r.code, r.err).toBe(0);
    expect(r.out).toMatch(new RegExp(`\\n +${REFUTED + 1}\\. P1 ${rec.moves[REFUTED]} +eval [\\d.]+ +best \\d+ .*blunder`));
    expect(r.out).toMatch(/^P1 \(alphabeta:depth=3\): \d+ inaccurac(y|ies), \d+ mistakes?, 1 blunder$/m);
    expect(r.out).toContain(`annotated record written to ${file}`);
    const back = unwrap(parseRecord(readFileSync(file, 'utf8')));
    expect(back.moves).toEqual(rec.moves);
    expect(back.annotations).toHaveLength(rec.moves.length);
    expect(back.annotations![REFUTED]!.mark).toBe('blunder');
    expect(back.analysis!.engine).toBe('alphabeta:depth=5');
  });

  it('--json prints the analysis; --out - writes the record to stdout', () => {
    const j = gabata(['analyse', FIXTURE, '--depth', '4', '--json', '--out', join(dir, 'x.json')]);
    expect(j.code, j.err).toBe(0);
    const o = JSON.parse(j.out) as { plies: { ply: number; mark?: string }[]; summary: { player: number; blunder: number }[] };
    expect(o.plies).toHaveLength(rec.moves.length);
    expect(o.plies[REFUTED]!.mark).toBe('blunder');
    expect(o.summary[0]).toMatchObject({ player: 1, blunder: 1 });
    const s = gabata(['analyse', '-', '--depth', '3', '--out', '-'], readFileSync(FIXTURE, 'utf8'));
    expect(s.code, s.err).toBe(0);
    expect(unwrap(parseRecord(s.out)).annotations).toHaveLength(rec.moves.length);
  });

  it('Ctrl-C stops it: the moves analysed by then are written, exit 130', async () => {
    const file = join(dir, 'interrupted.json');
    writeFileSync(file, readFileSync(FIXTURE));
    // A second a position: twelve moves take long enough to be interrupted after the first ones.
    const child = spawn(process.execPath, [MAIN, 'analyse', file, '--time', '1000'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let err = '';
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    const progressed = new Promise<void>((resolve) => {
      child.stderr.on('data', (d: Buffer) => {
        err += d.toString();
        if (/\b[1-9]\d*\/12 moves/.test(err)) resolve();
      });
    });
    await progressed;
    child.kill('SIGINT');
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(code, err).toBe(130);
    expect(err).toMatch(/interrupted; \d+ of 12 moves analysed/);
    const back = unwrap(parseRecord(readFileSync(file, 'utf8')));
    expect(back.annotations!.length).toBeGreaterThan(0);
    expect(back.annotations!.length).toBeLessThan(12);
    expect(out).toContain(`annotated record written to ${file}`);
  });

  it('refuses a bad budget, a record from stdin without --out, and a broken annotation (coded errors)', () => {
    expect(gabata(['analyse', FIXTURE, '--depth', '0']).err).toContain('ERR_ARGUMENT');
    expect(gabata(['analyse', FIXTURE, '--depth', '3', '--time', '10']).code).toBe(2);
    expect(gabata(['analyse', '-'], '{}').err).toMatch(/ERR_ARGUMENT: .*--out/);
    const broken = join(dir, 'broken.json');
    writeFileSync(broken, JSON.stringify({ ...rec, annotations: [{ mark: 'oops' }] }));
    const r = gabata(['analyse', broken, '--depth', '2']);
    expect(r.code).toBe(1);
    expect(r.err).toContain('ERR_RECORD: mark must be one of inaccuracy, mistake, blunder (at annotations[0].mark)');
  });
});

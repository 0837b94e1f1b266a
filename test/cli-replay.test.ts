/**
 * `gabata replay <record>` through the built CLI (run `npx tsc -p tsconfig.json` first): the
 * start, every move with its story and board, `--to N`, `--json`, and clear errors.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { unwrap } from '../packages/engine/src/core/errors.js';
import type { GameEvent } from '../packages/engine/src/core/events.js';
import { PHASE_OVER } from '../packages/engine/src/core/state.js';
import { getRuleset } from '../packages/engine/src/games/index.js';
import { makePosition, positionToJSON } from '../packages/engine/src/notation/position.js';
import { makeRecord, stateResult, stringifyRecord } from '../packages/engine/src/notation/record.js';
import { storyLines, wordsFor } from '../src/i18n/story-lines.js';
import { ADOWA_INFO } from '../packages/engine/src/games/info/gabata-adowa.js';
import { mustCreate, randomPlayout } from './helpers/random-play.js';

const MAIN = fileURLToPath(new URL('../dist/cli/main.js', import.meta.url));

function gabata(args: string[], input?: string): { code: number; out: string; err: string } {
  const r = spawnSync(process.execPath, [MAIN, ...args], { input, encoding: 'utf8', maxBuffer: 64 << 20 });
  return { code: r.status ?? -1, out: r.stdout, err: r.stderr };
}

const adowaRs = getRuleset('gabata-adowa');
if (!adowaRs.ok) throw adowaRs.error;
const game = mustCreate(adowaRs.value, { rounds: 1 });
const play = randomPlayout(game, 3, 4000);
const dir = mkdtempSync(join(tmpdir(), 'gabata-replay-'));
const file = join(dir, 'match.json');
writeFileSync(file, stringifyRecord(makeRecord({ game, seed: 3, moves: play.moves, final: play.final, agents: ['random', 'random'] })));

describe('gabata replay', () => {
  it('the recorded match is finished (the fixture)', () => {
    expect(play.final.phase).toBe(PHASE_OVER);
  });

  it('prints the start, then each move with its story and the board after it, then the result', () => {
    const r = gabata(['replay', file]);
    expect(r.code, r.err).toBe(0);
    expect(r.out).toMatch(/^gabata-adowa {2}seed 3 {2}\d+ moves/);
    expect(r.out).toContain('The start:');
    // One diagram per position: the start and after each move.
    expect(r.out.match(/^row 0/gm)!.length).toBe(play.moves.length + 1);
    for (let i = 0; i < play.moves.length; i++) {
      expect(r.out).toContain(`\n${i + 1}. P${play.positions[i]!.toMove} plays ${play.moves[i]}\n`);
    }
    // The story of move 1 follows its line.
    const trace: GameEvent[] = [];
    const s = game.newState(3);
    game.apply(s, unwrap(game.parseMove(s, play.moves[0]!)), trace);
    const first = storyLines(trace, (p) => `Player ${p}`, wordsFor(ADOWA_INFO))
      .map((l) => `  ${l.text}${l.rule ? ` [${l.rule}]` : ''}\n`)
      .join('');
    expect(r.out).toContain(`1. P1 plays ${play.moves[0]}\n${first}`);
    const res = stateResult(play.final)!;
    expect(r.out).toContain(`Result: ${res.winner > 0 ? `P${res.winner} wins` : 'draw'}; scores ${res.scores.join('-')}`);
  });

  it('--to N prints the position after ply N', () => {
    for (const k of [0, 5, play.moves.length]) {
      const r = gabata(['replay', file, '--to', String(k)]);
      expect(r.code, r.err).toBe(0);
      expect(r.out).toContain(`After ply ${k} of ${play.moves.length}`);
      expect(r.out).toContain(`position: ${makePosition(game, play.positions[k]!)}`);
      expect(r.out.match(/^row 0/gm)!.length).toBe(1);
    }
  });

  it('--json prints one object per ply (the documented shape); with --to only that ply', () => {
    const r = gabata(['replay', file, '--json']);
    expect(r.code, r.err).toBe(0);
    const lines = r.out
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines).toHaveLength(play.moves.length + 1);
    expect(lines[0]).toMatchObject({ ply: 0, move: null, player: null, result: null });
    lines.forEach((l, k) => {
      expect(Object.keys(l).sort()).toEqual(['events', 'move', 'player', 'ply', 'position', 'result', 'state', 'story']);
      expect(l['ply']).toBe(k);
      expect(l['position']).toBe(makePosition(game, play.positions[k]!));
      expect(l['state']).toEqual(JSON.parse(JSON.stringify(positionToJSON(game, play.positions[k]!))));
      if (k > 0) {
        expect(l['move']).toBe(play.moves[k - 1]);
        expect(l['player']).toBe(play.positions[k - 1]!.toMove);
        expect((l['story'] as { text: string }[]).length).toBeGreaterThan(0);
      }
    });
    expect(lines[lines.length - 1]!['result']).toEqual(stateResult(play.final));
    const one = gabata(['replay', file, '--json', '--to', '4']);
    const only = one.out.trim().split('\n');
    expect(only).toHaveLength(1);
    expect(JSON.parse(only[0]!)).toMatchObject({ ply: 4, move: play.moves[3], position: makePosition(game, play.positions[4]!) });
  });

  it('a Selus record tells the race, naming each racer', () => {
    const selus = getRuleset('selus');
    if (!selus.ok) throw selus.error;
    const g = mustCreate(selus.value, {});
    const p = randomPlayout(g, 1, 1);
    const f = join(dir, 'selus.json');
    writeFileSync(f, stringifyRecord(makeRecord({ game: g, seed: 1, moves: p.moves, final: p.final })));
    const r = gabata(['replay', f]);
    expect(r.code, r.err).toBe(0);
    expect(r.out).toContain(`1. All players play ${p.moves[0]} (at once)`);
    expect(r.out).toMatch(/Player 1 starts the race/);
    expect(r.out).toMatch(/Player 2 starts the race/);
    expect(r.out).toContain('The record stops after 1 move; the match is not finished.');
  });

  it('errors: a missing file, a folder, a broken record, a bad move, --to past the end', () => {
    const missing = gabata(['replay', join(dir, 'nope.json')]);
    expect(missing.code).toBe(1);
    expect(missing.err).toMatch(/gabata replay: ERR_NOT_FOUND: no record file .*nope\.json/);
    const folder = gabata(['replay', dir]);
    expect(folder.code).toBe(2);
    expect(folder.err).toMatch(/ERR_ARGUMENT: .* is a folder/);
    const broken = join(dir, 'broken.json');
    writeFileSync(broken, '{"ruleset": "gabata-adowa", "seed": 1, "moves": [');
    const b = gabata(['replay', broken]);
    expect(b.code).toBe(1);
    expect(b.err).toMatch(/ERR_RECORD: a record is JSON/);
    const badMove = join(dir, 'bad-move.json');
    writeFileSync(badMove, JSON.stringify({ ruleset: 'gabata-adowa', seed: 1, moves: [play.moves[0], 'banana'] }));
    const m = gabata(['replay', badMove]);
    expect(m.code).toBe(1);
    expect(m.err).toMatch(/ERR_RECORD: move 1 \('banana'\)/);
    const past = gabata(['replay', file, '--to', String(play.moves.length + 1)]);
    expect(past.code).toBe(2);
    expect(past.err).toMatch(/ERR_ARGUMENT: --to \d+: the record has \d+ moves/);
    expect(gabata(['replay']).code).toBe(2);
    expect(gabata(['replay', file, '--to', 'x']).code).toBe(2);
  });

  it('a JSON Lines file (simulate --out): --line K picks a record, without it the error says so', () => {
    const lines = join(dir, 'many.jsonl');
    const rec = JSON.stringify(makeRecord({ game, seed: 3, moves: play.moves.slice(0, 2) }));
    writeFileSync(lines, `${rec}\n${rec}\n`);
    const r = gabata(['replay', lines]);
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/ERR_RECORD: this file holds 2 records.*--line K/);
    const ok = gabata(['replay', lines, '--line', '2', '--to', '2']);
    expect(ok.code, ok.err).toBe(0);
    expect(ok.out).toContain(`position: ${makePosition(game, play.positions[2]!)}`);
  });

  it('is listed by gabata --help', () => {
    expect(gabata(['--help']).out).toMatch(/replay +step through a game record/);
  });
});

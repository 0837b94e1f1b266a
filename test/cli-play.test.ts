/**
 * `gabata play` as a new user meets it, through the built CLI (run `npx tsc -p tsconfig.json`
 * first): computer opponents of every agent spec, the story of every move, the board's
 * landmarks, the help for each ruleset's notation, and a record that survives every way out.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { GameEvent } from '../packages/engine/src/core/events.js';
import { getRuleset } from '../packages/engine/src/games/index.js';
import { legalMoveList, legalMoveListFor } from '../packages/engine/src/notation/move.js';
import { makePosition } from '../packages/engine/src/notation/position.js';
import { parseRecord, replayRecord } from '../packages/engine/src/notation/record.js';
import { endReasonText, eventText, storyLines, wordsFor } from '../src/i18n/story-lines.js';
import { eventText as webEventText, endReasonText as webEndReasonText, wordsFor as webWordsFor } from '../src/web/text.js';
import { ADOWA_INFO } from '../packages/engine/src/games/info/gabata-adowa.js';
import { mustCreate, randomPlayout } from './helpers/random-play.js';

const MAIN = fileURLToPath(new URL('../dist/cli/main.js', import.meta.url));

function gabata(args: string[], input?: string): { code: number; out: string; err: string } {
  const r = spawnSync(process.execPath, [MAIN, ...args], { input, encoding: 'utf8', maxBuffer: 64 << 20 });
  return { code: r.status ?? -1, out: r.stdout, err: r.stderr };
}

const tmp = (): string => mkdtempSync(join(tmpdir(), 'gabata-play-'));
const ruleset = (id: string) => {
  const r = getRuleset(id);
  if (!r.ok) throw r.error;
  return r.value;
};
const name = (p: number): string => `Player ${p}`;

describe('play: the record survives every way out, and a bad path is refused before play', () => {
  it.each([
    ['SIGINT', 130],
    ['SIGTERM', 143],
  ] as const)(
    '%s (Ctrl-C, or a kill) keeps the record of the moves played, and exits %i',
    async (sig, exitCode) => {
      const game = mustCreate(ruleset('gabata-adowa'), {});
      const s = game.newState(1);
      const first = game.moveText(s, legalMoveList(game, s)[0]!);
      const file = join(tmp(), 'interrupted.json');
      const child = spawn(process.execPath, [MAIN, 'play', 'gabata-adowa', '--record', file], { stdio: ['pipe', 'pipe', 'pipe'] });
      let out = '';
      const secondPrompt = new Promise<void>((resolve) => {
        child.stdout.on('data', (d: Buffer) => {
          out += d.toString();
          if (out.includes('P2> ')) resolve();
        });
      });
      const exited = new Promise<{ code: number | null; signal: string | null }>((resolve) =>
        child.on('exit', (code, signal) => resolve({ code, signal })),
      );
      child.stdin.write(`${first}\n`);
      await secondPrompt;
      child.kill(sig);
      const { code, signal } = await exited;
      expect(signal).toBeNull();
      expect(code).toBe(exitCode);
      expect(existsSync(file)).toBe(true);
      const rec = parseRecord(readFileSync(file, 'utf8'));
      if (!rec.ok) throw rec.error;
      expect(rec.value.moves).toEqual([first]);
      expect(rec.value.result).toBeNull();
      expect(replayRecord(rec.value).ok).toBe(true);
    },
    20_000,
  );

  it('the end of input and quit keep the record too', () => {
    const game = mustCreate(ruleset('gabata-adowa'), {});
    const play = randomPlayout(game, 2, 3);
    for (const tail of ['', 'quit\n']) {
      const file = join(tmp(), 'cut.json');
      const r = gabata(['play', 'gabata-adowa', '--seed', '2', '--record', file], play.moves.join('\n') + '\n' + tail);
      expect(r.code).toBe(0);
      const rec = parseRecord(readFileSync(file, 'utf8'));
      if (!rec.ok) throw rec.error;
      expect(rec.value.moves).toEqual(play.moves);
      expect(rec.value.seed).toBe(2);
    }
  });

  it('a --record path that is a folder, or in a missing folder, is refused before the board is drawn', () => {
    const dir = tmp();
    const sub = join(dir, 'records');
    mkdirSync(sub);
    for (const [path, words] of [
      [sub, /is a folder/],
      [join(dir, 'no-such-folder', 'm.json'), /folder .*no-such-folder does not exist/],
    ] as const) {
      const r = gabata(['play', 'gabata-adowa', '--record', path], 'quit\n');
      expect(r.code, path).toBe(2);
      expect(r.err).toMatch(/ERR_ARGUMENT/);
      expect(r.err).toMatch(words);
      expect(r.out).not.toContain('row 0');
    }
  });
});

describe('play --vs: every agent spec and level, seeded', () => {
  it("level:3, alphabeta:depth=2 and mcts:iterations=200 answer in player 2's seat", () => {
    const game = mustCreate(ruleset('gabata-adowa'), {});
    const s = game.newState(1);
    const first = game.moveText(s, legalMoveList(game, s)[0]!);
    for (const spec of ['level:3', 'alphabeta:depth=2', 'mcts:iterations=200']) {
      const file = join(tmp(), 'vs.json');
      const r = gabata(['play', 'gabata-adowa', '--vs', spec, '--record', file], `${first}\nquit\n`);
      expect(r.code, r.err).toBe(0);
      expect(r.out).toMatch(new RegExp(`${spec.replace(/[:=]/g, '.')} \\(P2\\) plays \\S+`));
      const rec = parseRecord(readFileSync(file, 'utf8'));
      if (!rec.ok) throw rec.error;
      expect(rec.value.agents).toEqual(['human', spec]);
      expect(rec.value.moves.length).toBeGreaterThanOrEqual(2);
    }
  });

  it('the same --seed gives the same computer moves', () => {
    const game = mustCreate(ruleset('gabata-adowa'), {});
    const s = game.newState(4);
    const first = game.moveText(s, legalMoveList(game, s)[0]!);
    const a = gabata(['play', 'gabata-adowa', '--vs', 'mcts:iterations=100', '--seed', '4'], `${first}\nquit\n`);
    const b = gabata(['play', 'gabata-adowa', '--vs', 'mcts:iterations=100', '--seed', '4'], `${first}\nquit\n`);
    expect(a.code).toBe(0);
    expect(a.out).toBe(b.out);
  });

  it('an unknown agent or a bad level is a usage error naming the known agents', () => {
    const r = gabata(['play', 'gabata-adowa', '--vs', 'deep-blue'], 'quit\n');
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/ERR_ARGUMENT: --vs .*unknown agent 'deep-blue'; known: .*level/);
    expect(gabata(['play', 'gabata-adowa', '--vs', 'level:9'], 'quit\n').err).toMatch(/level must be 1\.\.5/);
  });

  it('the computer answers the Selus race with its own choice', () => {
    const game = mustCreate(ruleset('selus'), {});
    const s = game.newState(1);
    const mine = game.moveText(s, legalMoveListFor(game, s, 1)[0]!);
    const r = gabata(['play', 'selus', '--vs', 'level:2'], `${mine}\nquit\n`);
    expect(r.code, r.err).toBe(0);
    expect(r.out).toMatch(/the computer chose \d+/);
    expect(r.out).toMatch(/Player 2 starts the race/);
  });
});

describe('play tells each move (the story) and marks the landmarks', () => {
  it('after a move: the lift, the relays and why the turn ended, with their clauses', () => {
    const game = mustCreate(ruleset('gabata-adowa'), {});
    const s = game.newState(1);
    const m = legalMoveList(game, s)[0]!;
    const text = game.moveText(s, m);
    const trace: GameEvent[] = [];
    game.apply(s.clone(), m, trace);
    const r = gabata(['play', 'gabata-adowa'], `${text}\nquit\n`);
    expect(r.code).toBe(0);
    const expected = storyLines(trace, name, wordsFor(ADOWA_INFO));
    expect(expected.length).toBeGreaterThan(1);
    for (const l of expected) expect(r.out).toContain(`  ${l.text}${l.rule ? ` [${l.rule}]` : ''}\n`);
    expect(r.out).toMatch(/Player 1 lifts \d+ counters from hole \d+\. \[ADW-07\]/);
    expect(r.out).toMatch(/Player 1’s turn ends: /);
  });

  it('the Selus race as it happens: each racer named, who won and why', () => {
    const game = mustCreate(ruleset('selus'), {});
    const r = gabata(['play', 'selus'], '3|14\nquit\n');
    expect(r.code).toBe(0);
    expect(r.out).toContain('Player 1 starts the race by lifting 3 counters from hole 3.');
    expect(r.out).toContain('Player 2 starts the race by lifting 3 counters from hole 14.');
    const s = game.newState(1);
    const trace: GameEvent[] = [];
    game.applyJoint(s, Int32Array.from([0, 3, 14]), trace);
    const skips = trace.filter((e) => e.type === 'skip');
    for (const e of skips) expect(r.out).toContain(`Hole ${e.hole} is passed over by Player ${e.player}.`);
    expect(r.out).not.toMatch(/is passed over\.\n/);
    // Race relays name their racer.
    expect(r.out).toMatch(/Player [12]’s last counter fell into occupied hole \d+/);
    expect(r.out).toMatch(/first to finish the race|dead heat/);
    expect(r.out).toMatch(new RegExp(`Player ${s.toMove}(, who)? moves first\\.`));
  });

  it("the web app's commentary is the same code, moved to notation (sentences unchanged outside races)", () => {
    expect(webEventText).toBe(eventText);
    expect(webEndReasonText).toBe(endReasonText);
    expect(webWordsFor).toBe(wordsFor);
    const w = wordsFor(ADOWA_INFO);
    expect(eventText({ type: 'relay', player: 1, hole: 4, count: 5 }, name, w)).toBe(
      'The last counter fell into occupied hole 4, so its 5 counters are lifted and sown on.',
    );
    expect(eventText({ type: 'skip', player: 2, hole: 17 }, name, w)).toBe('Hole 17 is passed over by Player 2.');
    const race = storyLines(
      [
        { type: 'raceStart', player: 1, hole: 3, count: 3 },
        { type: 'relay', player: 2, hole: 6, count: 4 },
        { type: 'raceEnd', winner: 2, loop: false },
        { type: 'relay', player: 2, hole: 6, count: 4 },
      ],
      name,
      w,
    ).map((l) => l.text);
    expect(race[1]).toBe('Player 2’s last counter fell into occupied hole 6, so its 4 counters are lifted and sown on.');
    expect(race[3]).toBe('The last counter fell into occupied hole 6, so its 4 counters are lifted and sown on.');
  });

  it('Aksum: the chafa enda of each player is marked on the board, with a legend', () => {
    const r = gabata(['show', 'gabata-aksum', 'start']);
    expect(r.code).toBe(0);
    const lines = r.out.split('\n');
    const row0 = lines.findIndex((l) => l.startsWith('row 0'));
    const row2 = lines.findIndex((l) => l.startsWith('row 2'));
    expect(lines[row0 + 1]).toMatch(/^\s*\|\s*3c1\s*\|/);
    expect(lines[row2 + 1]).toMatch(/\|\s*3c2\s*\|$/);
    expect(r.out).toMatch(/Legend: cN = player N's chafa enda \(AKS-02/);
    const plain = gabata(['show', 'gabata-adowa', 'start']);
    expect(plain.out).not.toContain('Legend');
  });

  it('Selus: a nedf and its guardian are marked, with a legend', () => {
    const game = mustCreate(ruleset('selus'), {});
    let found: string | undefined;
    let guardian = -1;
    for (let seed = 1; seed < 40 && !found; seed++) {
      const play = randomPlayout(game, seed, 200);
      for (const st of play.positions) {
        const l = game.landmarks!(st);
        if (l.length > 0) {
          found = makePosition(game, st);
          guardian = l[0]!.hole;
          expect(l[0]!.kind).toBe('guardian');
          break;
        }
      }
    }
    expect(found).toBeDefined();
    const r = gabata(['show', 'selus', found!]);
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/\|\s*\d+w[12]\s*\|/);
    expect(r.out).toMatch(/\|\s*\d+g[12]\s*\|/);
    expect(r.out).toContain("wN = player N's nedf");
    expect(r.out).toMatch(/gN = guardian of player N's nedf \(SEL-16/);
    // The guardian sign sits in the guardian's own cell (index line above it).
    const lines = r.out.split('\n');
    const at = lines.findIndex((l) => new RegExp(`\\|${guardian}\\s+P[12]\\|`).test(l));
    const col = lines[at]!.split('|').findIndex((c) => new RegExp(`^${guardian}\\s`).test(c));
    expect(lines[at + 1]!.split('|')[col]).toMatch(/g[12]/);
  });
});

describe("play help: each ruleset's notation explained, examples legal", () => {
  it("Gifia's a / c / > notation is explained by help inside play", () => {
    const r = gabata(['play', 'gifia'], 'help\nquit\n');
    expect(r.code).toBe(0);
    const help = r.out.slice(r.out.indexOf('P1> help'));
    expect(help).toMatch(/1a\s+sow hole 1 anticlockwise/);
    expect(help).toMatch(/1c\s+sow hole 1 clockwise/);
    expect(help).toMatch(/1a>6\s+.*take neighbour 6 by capture B/);
    // Every Gifia example is a well-formed move (legal or refused for the position, never a syntax error).
    for (const ex of ['1a', '1c', '1a>6']) expect(gabata(['apply', 'gifia', 'start', ex]).err).not.toMatch(/ERR_MOVE_SYNTAX/);
    // Other rulesets are not told about Gifia's directions.
    expect(gabata(['play', 'gabata-adowa'], 'help\nquit\n').out).not.toContain('anticlockwise');
  });

  it('the Selus race example in play --help and in help inside play is a legal joint move', () => {
    const texts = [gabata(['play', '--help']).out, gabata(['play', 'selus'], 'help\nquit\n').out];
    for (const t of texts) {
      const examples = [...t.matchAll(/e\.g\. (\d+\|\d+)/g)].map((m) => m[1]!);
      expect(examples.length).toBeGreaterThan(0);
      for (const ex of examples) {
        const r = gabata(['apply', 'selus', 'start', ex]);
        expect(r.code, `${ex}: ${r.err}`).toBe(0);
      }
    }
  });
});

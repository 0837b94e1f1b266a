/**
 * Every example a reader is shown must work: the commands of README.md's code blocks, the move
 * texts of the README and of the CLI's help texts, the engine sessions the README transcribes,
 * and the position text it prints. Commands run against the built CLI (dist/, built by
 * `npx tsc -p tsconfig.json`) in a scratch directory, so files they write (records, results)
 * land there.
 *
 * - Commands that finish are run to the end and must exit 0.
 * - Interactive ones (`play`) get `quit` on stdin: the arguments must parse and the game start.
 * - Long-running ones (`tournament`) must start and write their first result line.
 * - A move example must be legal in a position where its sentence says it applies: at the start
 *   of each ruleset the sentence names, or (naming none) of every ruleset whose start is such a
 *   node; examples tied to a situation (`1a>6`, capturing neighbour 6) are checked there.
 */
import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { Game } from '../packages/engine/src/core/game.js';
import { PHASE_PLAY, type State } from '../packages/engine/src/core/state.js';
import { RULESETS, getRuleset } from '../packages/engine/src/games/index.js';
import { isSimultaneous, parseLegalMove, playMoveText } from '../packages/engine/src/notation/move.js';
import { makePosition, parsePosition } from '../packages/engine/src/notation/position.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const README = readFileSync(join(root, 'README.md'), 'utf8');
const MAIN = join(root, 'dist', 'cli', 'main.js');

// ---------------------------------------------------------------------------------------------
// Running commands.

/** A scratch directory with `dist` linked in and a `gabata` command on the PATH. */
function scratch(): { dir: string; env: NodeJS.ProcessEnv } {
  const dir = mkdtempSync(join(tmpdir(), 'gabata-examples-'));
  symlinkSync(join(root, 'dist'), join(dir, 'dist'));
  const bin = join(dir, 'bin');
  mkdirSync(bin);
  writeFileSync(join(bin, 'gabata'), `#!/bin/sh\nexec "${process.execPath}" "${MAIN}" "$@"\n`);
  chmodSync(join(bin, 'gabata'), 0o755);
  return { dir, env: { ...process.env, PATH: `${bin}:${dirname(process.execPath)}:${process.env['PATH'] ?? ''}` } };
}

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
  /** True when the run was stopped by `until` (or the time limit) rather than by itself. */
  stopped: boolean;
}

/**
 * Runs a shell command line in `dir`. `until` is polled every 200 ms: when it holds, the
 * process is stopped (used for commands that would run for minutes).
 */
function runLine(
  line: string,
  dir: string,
  env: NodeJS.ProcessEnv,
  opts: { input?: string; timeoutMs: number; until?: () => boolean },
): Promise<Run> {
  return new Promise((resolve) => {
    const child = spawn('bash', ['-c', line], { cwd: dir, env, detached: true });
    let stdout = '';
    let stderr = '';
    let stopped = false;
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const stop = (): void => {
      stopped = true;
      try {
        process.kill(-child.pid!, 'SIGTERM'); // the whole group: bash and the node it started
      } catch {
        /* already gone */
      }
    };
    const timer = setTimeout(stop, opts.timeoutMs);
    const poll = opts.until ? setInterval(() => opts.until!() && stop(), 200) : null;
    child.on('close', (code) => {
      clearTimeout(timer);
      if (poll) clearInterval(poll);
      resolve({ code, stdout, stderr, stopped });
    });
    child.stdin.end(opts.input ?? '');
  });
}

// ---------------------------------------------------------------------------------------------
// The README's code blocks.

interface Block {
  lang: string;
  body: string;
}

const BLOCKS: Block[] = [...README.matchAll(/^```(\w*)\n([\s\S]*?)^```/gm)].map((m) => ({ lang: m[1]!, body: m[2]! }));

/**
 * Command lines of the blocks: every line of a `sh` block, `gabata`/`node dist` lines of others; `\` joins lines.
 * `block` numbers the block: the lines of one block run in order in one scratch directory, so a
 * line may use a file an earlier line of its block wrote (`play --record f`, then `replay f`).
 */
function commandLines(): { line: string; block: number }[] {
  const out: { line: string; block: number }[] = [];
  BLOCKS.forEach((b, block) => {
    const joined = b.body.replace(/\\\n\s*/g, '');
    for (const raw of joined.split('\n')) {
      const line = raw.trim();
      if (line === '' || line.startsWith('#')) continue;
      if (b.lang === 'sh' || /^(gabata|node dist\/cli\/main\.js) /.test(line)) out.push({ line, block });
    }
  });
  return out;
}

const blockScratch = new Map<number, { dir: string; env: NodeJS.ProcessEnv }>();
function scratchOf(block: number): { dir: string; env: NodeJS.ProcessEnv } {
  let sc = blockScratch.get(block);
  if (sc === undefined) {
    sc = scratch();
    blockScratch.set(block, sc);
  }
  return sc;
}

/** README lines that are not run here, and why (the test fails on any other line it cannot classify). */
const NOT_RUN: Record<string, string> = {
  'npm ci && npm start': 'installs, builds and serves until stopped',
  'npm ci && npm test': 'the whole build and test suite (this test is part of it)',
  'npm ci && npm run build': 'the build the other examples run from',
};

/** `cmd   # or a, b, c` -> the command, and the rulesets the comment offers in place of its first argument. */
function splitComment(line: string): { cmd: string; alternatives: string[] } {
  const m = /^(.*?)\s+#\s*(.*)$/.exec(line);
  if (!m) return { cmd: line, alternatives: [] };
  const alt = /^or (.*)$/.exec(m[2]!);
  return { cmd: m[1]!, alternatives: alt ? alt[1]!.split(/\s*,\s*/) : [] };
}

/** The subcommand of a `gabata ...` / `node dist/cli/main.js ...` line. */
function subcommand(cmd: string): string | null {
  const m = /^(?:gabata|node dist\/cli\/main\.js) (\S+)/.exec(cmd);
  return m ? m[1]! : null;
}

/** What the line writes with `--out FILE`, if anything. */
function outFile(cmd: string): string | null {
  const m = /--out (\S+)/.exec(cmd);
  return m ? m[1]! : null;
}

async function runExample(cmd: string, sc: { dir: string; env: NodeJS.ProcessEnv } = scratch()): Promise<void> {
  const { dir, env } = sc;
  const sub = subcommand(cmd);
  if (sub === 'play') {
    const r = await runLine(cmd, dir, env, { input: 'quit\n', timeoutMs: 30_000 });
    expect(r.stderr, cmd).toBe('');
    expect(r.code, `${cmd}\n${r.stdout}`).toBe(0);
    expect(r.stdout, cmd).toMatch(/round 1/);
    const rec = /--record (\S+)/.exec(cmd);
    if (rec) expect(existsSync(join(dir, rec[1]!)), `${cmd}: ${rec[1]} written`).toBe(true);
    return;
  }
  if (sub === 'tournament') {
    const out = outFile(cmd);
    expect(out, `${cmd}: a long-running example needs --out to show progress`).not.toBeNull();
    const results = (): number =>
      existsSync(join(dir, out!))
        ? readFileSync(join(dir, out!), 'utf8')
            .split('\n')
            .filter((l) => l.trim() !== '').length
        : 0;
    const r = await runLine(cmd, dir, env, { timeoutMs: 90_000, until: () => results() > 0 });
    expect(
      r.stderr.split('\n').filter((l) => /ERR_|error/i.test(l)),
      cmd,
    ).toEqual([]);
    expect(r.code === 0 || (r.stopped && results() > 0), `${cmd}: exit ${r.code}\n${r.stderr}`).toBe(true);
    const first = JSON.parse(readFileSync(join(dir, out!), 'utf8').split('\n')[0]!) as Record<string, unknown>;
    expect(typeof first).toBe('object');
    return;
  }
  const r = await runLine(cmd, dir, env, { timeoutMs: 120_000 });
  expect(r.code, `${cmd}\n${r.stderr}`).toBe(0);
}

describe('README command examples run', () => {
  const lines = commandLines();

  it('finds the examples, and each is run here or listed with its reason', () => {
    expect(lines.length).toBeGreaterThanOrEqual(7);
    for (const { line } of lines) {
      const { cmd } = splitComment(line);
      expect(NOT_RUN[cmd] !== undefined || subcommand(cmd) !== null, `no way to check '${line}'`).toBe(true);
    }
    expect(existsSync(MAIN), 'dist/ is built (npx tsc -p tsconfig.json)').toBe(true);
  });

  for (const { line, block } of lines) {
    const { cmd, alternatives } = splitComment(line);
    if (NOT_RUN[cmd] !== undefined) continue;
    it(`runs: ${cmd}`, async () => {
      await runExample(cmd, scratchOf(block));
    });
    for (const alt of alternatives) {
      const sub = subcommand(cmd)!;
      const variant = cmd.replace(new RegExp(`(${sub}) \\S+`), `$1 ${alt}`);
      it(`runs: ${variant} (offered by the comment)`, async () => {
        expect(getRuleset(alt).ok, `${alt} is a ruleset`).toBe(true);
        await runExample(variant);
      });
    }
  }
});

// ---------------------------------------------------------------------------------------------
// The engine sessions the README transcribes.

/** The transcript blocks (`> ` client lines, `< ` engine lines). */
const SESSIONS = BLOCKS.filter((b) => /^> /m.test(b.body));

/**
 * The client lines (by index among the client lines) that are a `go` whose `bestmove` the
 * transcript shows only after the client's next line: the search is ended by what follows.
 */
function goesAnsweredLater(body: string): Set<number> {
  const out = new Set<number>();
  let client = -1;
  let open: number | null = null;
  for (const line of body.split('\n')) {
    if (line.startsWith('> ')) {
      client++;
      if (/^go\b/.test(line.slice(2).trim())) open = client;
      else if (open !== null) {
        out.add(open);
        open = null;
      }
    } else if (line.startsWith('< bestmove') || line.startsWith('< error')) open = null;
  }
  return out;
}

/** Engine answers that a transcript's outcome is judged by: bestmove, errors (by code), handshakes. */
function outcomeOf(line: string): string | null {
  if (line.startsWith('bestmove ')) return 'bestmove';
  const e = /^error (\S+)/.exec(line);
  if (e) return `error ${e[1]}`;
  if (line === 'gabataok' || line === 'readyok') return line;
  return null;
}

/**
 * Plays a transcript's client lines to a real engine as a client would: after a `go` it waits
 * for the bestmove (or error), after any other command it sends `isready` and waits for
 * `readyok` (those added readyoks are not part of the outcome).
 */
async function playSession(clientLines: string[], answeredLater: ReadonlySet<number> = new Set()): Promise<string[]> {
  const child = spawn(process.execPath, [MAIN, 'engine'], { cwd: root });
  const lines: string[] = [];
  let buf = '';
  let waiters: (() => void)[] = [];
  child.stdout.on('data', (d: Buffer) => {
    buf += d.toString();
    let i: number;
    for (i = buf.indexOf('\n'); i >= 0; i = buf.indexOf('\n')) {
      lines.push(buf.slice(0, i));
      buf = buf.slice(i + 1);
    }
    const w = waiters;
    waiters = [];
    for (const f of w) f();
  });
  const waitFor = async (pred: (l: string) => boolean, from: number): Promise<number> => {
    for (;;) {
      const k = lines.findIndex((l, j) => j >= from && pred(l));
      if (k >= 0) return k;
      await new Promise<void>((res, rej) => {
        const t = setTimeout(() => rej(new Error(`engine did not answer; so far:\n${lines.join('\n')}`)), 30_000);
        waiters.push(() => {
          clearTimeout(t);
          res();
        });
      });
    }
  };
  const outcome: string[] = [];
  let seen = 0;
  const collect = (upto: number, skipLast: boolean): void => {
    for (let j = seen; j <= upto; j++) {
      if (skipLast && j === upto) continue;
      const o = outcomeOf(lines[j]!);
      if (o !== null) outcome.push(o);
    }
    seen = upto + 1;
  };
  try {
    for (const [i, cmd] of clientLines.entries()) {
      child.stdin.write(cmd + '\n');
      if (cmd === 'quit') break;
      // Answered by a later command: 'stop' after 'go infinite', or a new position mid-search.
      if (/^go\b.*\binfinite\b/.test(cmd) || answeredLater.has(i)) continue;
      if (/^go\b/.test(cmd) || cmd === 'stop')
        collect(await waitFor((l) => l.startsWith('bestmove ') || l.startsWith('error '), seen), false);
      else if (cmd === 'gabata') collect(await waitFor((l) => l === 'gabataok', seen), false);
      else if (cmd === 'isready') collect(await waitFor((l) => l === 'readyok', seen), false);
      else {
        child.stdin.write('isready\n');
        collect(await waitFor((l) => l === 'readyok', seen), true);
      }
    }
  } finally {
    child.kill();
  }
  return outcome;
}

describe('README engine transcripts replay against the engine', () => {
  it('finds the transcripts', () => {
    expect(SESSIONS.length).toBeGreaterThanOrEqual(2);
  });
  SESSIONS.forEach((b, k) => {
    const client = b.body
      .split('\n')
      .filter((l) => l.startsWith('> '))
      .map((l) => l.slice(2).trim());
    const expected = b.body
      .split('\n')
      .filter((l) => l.startsWith('< '))
      .map((l) => outcomeOf(l.slice(2).trim()))
      .filter((o): o is string => o !== null);
    it(`transcript ${k + 1} (${client.find((c) => c.startsWith('newgame')) ?? client[0]}): same answers, in order`, async () => {
      const got = await playSession(client, goesAnsweredLater(b.body));
      // A transcript may elide lines (`< ...`) but not answers: the bestmoves and errors it shows are all there.
      expect(got).toEqual(expected);
    });
  });
});

// ---------------------------------------------------------------------------------------------
// Move texts.

function game(id: string, options: Record<string, unknown> = {}): Game {
  const rs = getRuleset(id);
  if (!rs.ok) throw new Error(rs.error.message);
  const g = rs.value.create(options);
  if (!g.ok) throw new Error(g.error.message);
  return g.value;
}

/** A sequential position of `id` with the given non-zero counts (others 0) and `toMove`. */
function position(id: string, counts: Record<number, number>, toMove: number): { g: Game; s: State } {
  const g = game(id);
  const s = g.newState(1);
  s.counts.fill(0);
  for (const [h, c] of Object.entries(counts)) s.counts[Number(h)] = c;
  s.toMove = toMove;
  s.phase = PHASE_PLAY;
  s.turn = 5;
  return { g, s };
}

/** The rulesets whose match opens at a simultaneous node (every player chooses at once). */
const SIMULTANEOUS_STARTS = RULESETS.filter((r) => {
  const g = r.create({});
  return g.ok && isSimultaneous(g.value.newState(1));
}).map((r) => r.info.id);

/** Ruleset names as prose writes them -> ruleset id. */
const PROSE_NAMES: [RegExp, string][] = [
  [/Abalala'e/, 'abalalae'],
  [/Selus/, 'selus'],
  [/Gifia/, 'gifia'],
  [/Gabata \(Aksum\)|Aksum/, 'gabata-aksum'],
  [/Gabata(?! \(Aksum\))/, 'gabata-adowa'],
];

/**
 * Move examples tied to a situation, with that situation. Joint moves (`a|b`) need none: they
 * are checked at the start of the rulesets their sentence names.
 */
const SITUATED: Record<string, { why: string; at: () => { g: Game; s: State } }> = {
  '10': {
    why: 'a hole number: player 1 sows his hole 10 at the start of Gabata',
    at: () => ({ g: game('gabata-adowa'), s: game('gabata-adowa').newState(1) }),
  },
  '1a': { why: 'Gifia: hole 1 anticlockwise, at the start', at: () => ({ g: game('gifia'), s: game('gifia').newState(1) }) },
  '1c': { why: 'Gifia: hole 1 clockwise, at the start', at: () => ({ g: game('gifia'), s: game('gifia').newState(1) }) },
  '1a>6': {
    why: 'Gifia: 1 anticlockwise, capturing neighbour 6 (SPEC GIF-E2: the last bean makes 1 in hole 7, whose neighbours 3 and 6 hold 4)',
    at: () => position('gifia', { 0: 1, 1: 3, 2: 1, 3: 3, 5: 2, 6: 4 }, 1),
  },
  pass: {
    why: 'Gifia: a player with three beans or fewer may pass (GIF-09)',
    at: () => position('gifia', { 0: 1, 4: 1, 2: 6, 3: 6, 6: 6, 7: 6 }, 1),
  },
  concede: {
    why: 'Selus: the player to move after the race may concede (SEL-18)',
    at: () => {
      const g = game('selus');
      const s = g.newState(1);
      const r = playMoveText(g, s, '9|8');
      if (!r.ok) throw new Error(r.error.message);
      return { g, s };
    },
  },
};

/** Inline code spans of the README that are move texts (and not numbers of the option tables). */
function readmeMoveSpans(): { text: string; at: number }[] {
  const out: { text: string; at: number }[] = [];
  for (const m of README.matchAll(/`([^`\n]+)`/g)) {
    const t = m[1]!;
    if (/^\d+[ac]?(>\d+)?(\|\d+[ac]?(>\d+)?)+$/.test(t) || /^\d+[ac](>\d+)?$/.test(t)) out.push({ text: t, at: m.index });
  }
  // The explicit list of moves in "**Moves**:" names a bare hole number, pass and concede too.
  const moves = /\*\*Moves\*\*:([^\n]*\n[^\n]*)/.exec(README);
  if (moves) for (const m of moves[1]!.matchAll(/`(\d+|pass|concede)`/g)) out.push({ text: m[1]!, at: moves.index + m.index });
  return out;
}

/** The rulesets named in the clause of the sentence that leads up to position `at`. */
function rulesetsNamedBefore(text: string, at: number): string[] {
  const before = text.slice(Math.max(0, at - 400), at).replace(/\s+/g, ' ');
  const parts = before.split(/[.;]\s/);
  const clause = parts[parts.length - 1]!;
  return PROSE_NAMES.filter(([re]) => re.test(clause)).map(([, id]) => id);
}

/** Checks one move example; returns what is wrong, or null. */
function checkMove(text: string, context: string, at: number): string | null {
  if (text.includes('|')) {
    const named = rulesetsNamedBefore(context, at);
    const where = named.length > 0 ? named : SIMULTANEOUS_STARTS;
    if (where.length === 0) return `'${text}': no ruleset opens at a simultaneous node`;
    for (const id of where) {
      const g = game(id);
      const s = g.newState(1);
      if (!isSimultaneous(s)) return `'${text}': the text says it applies to ${id}, whose start is no simultaneous node`;
      const r = parseLegalMove(g, s, text);
      if (!r.ok) return `'${text}' at the start of ${id}: ${r.error.code}: ${r.error.message}`;
    }
    return null;
  }
  const sit = SITUATED[text];
  if (sit === undefined) return `'${text}': no situation known for this example (add it to SITUATED)`;
  const { g, s } = sit.at();
  const r = parseLegalMove(g, s, text);
  return r.ok ? null : `'${text}' (${sit.why}): ${r.error.code}: ${r.error.message}`;
}

describe('README move examples are legal where the text says they apply', () => {
  const spans = readmeMoveSpans();
  it('finds them', () => {
    expect(spans.map((s) => s.text)).toEqual(expect.arrayContaining(['1a', '1c', '1a>6', '10', 'pass', 'concede']));
    expect(spans.some((s) => s.text.includes('|'))).toBe(true);
  });
  for (const { text, at } of spans) {
    const line = README.slice(0, at).split('\n').length;
    it(`README line ${line}: ${text}`, () => {
      expect(checkMove(text, README, at)).toBeNull();
    });
  }

  it("the joint-move check catches the old example 12|4 (hole 12 is player 2's, hole 4 player 1's)", () => {
    const text = 'At the opening race of Selus both choices are typed at once: `12|4`.';
    expect(checkMove('12|4', text, text.indexOf('`12|4`'))).toMatch(/ERR_ILLEGAL_MOVE/);
    const aba = "At a simultaneous node (the opening race of Abalala'e and Selus) a joint move: `9|8`";
    expect(checkMove('9|8', aba, aba.indexOf('`9|8`'))).toMatch(/abalalae, whose start is no simultaneous node/);
  });

  it('the position text example parses, and is the start of its ruleset with seed 1', () => {
    const block = BLOCKS.find((b) => /^gabata-adowa \d/m.test(b.body));
    expect(block).toBeDefined();
    const text = block!.body.trim();
    const p = parsePosition(text);
    if (!p.ok) throw new Error(p.error.message);
    const g = game('gabata-adowa');
    expect(makePosition(p.value.game, p.value.state)).toBe(text);
    expect(makePosition(g, g.newState(1))).toBe(text);
  });
});

// ---------------------------------------------------------------------------------------------
// The CLI's help texts.

/** The help texts of `src/cli/*.ts`: every multi-line template literal (usage, commands, notation notes). */
function cliHelps(): { file: string; text: string }[] {
  const dir = join(root, 'src', 'cli');
  const out: { file: string; text: string }[] = [];
  for (const f of readdirSync(dir)) {
    if (!f.endsWith('.ts')) continue;
    for (const m of readFileSync(join(dir, f), 'utf8').matchAll(/(?:=|:)\s*`((?:[^`\\]|\\.)*\n(?:[^`\\]|\\.)*)`/g))
      out.push({ file: f, text: m[1]! });
  }
  return out;
}

const MOVE_TEXT = /^\d+[ac]?(>\d+)?(\|\d+[ac]?(>\d+)?)*$/;

/**
 * The move examples of a help text: `e.g. X`, the first column of a notation table
 * (`  1a>6       sow hole 1 ...`), and quoted 'pass' / 'concede'.
 */
function helpMoveExamples(text: string): { example: string; at: number }[] {
  const out: { example: string; at: number }[] = [];
  for (const m of text.matchAll(/e\.g\. (\S+)/g)) {
    const t = m[1]!.replace(/[),.;:]+$/, '');
    if (MOVE_TEXT.test(t)) out.push({ example: t, at: m.index + 5 });
  }
  for (const m of text.matchAll(/^ {2}(\S+) {2,}/gm)) {
    if (MOVE_TEXT.test(m[1]!) || m[1] === 'pass' || m[1] === 'concede') out.push({ example: m[1]!, at: m.index });
  }
  for (const m of text.matchAll(/'(pass|concede)'/g)) out.push({ example: m[1]!, at: m.index });
  return out;
}

describe('examples in the CLI help texts work', () => {
  const helps = cliHelps();
  it('finds the help texts and move examples in them', () => {
    expect(helps.length).toBeGreaterThan(8);
    expect(helps.some((h) => helpMoveExamples(h.text).some((e) => e.example.includes('|')))).toBe(true);
  });

  for (const { file, text } of helps) {
    for (const { example, at } of helpMoveExamples(text)) {
      it(`${file}: move example ${example}`, () => {
        expect(checkMove(example, text, at)).toBeNull();
      });
    }
    for (const m of text.matchAll(/e\.g\. --engine \S+?="([^"]*)"/g)) {
      it(`${file}: the engine command of e.g. --engine ...="${m[1]}" answers the handshake`, async () => {
        const { dir, env } = scratch();
        const r = await runLine(m[1]!, dir, env, { input: 'gabata\nquit\n', timeoutMs: 30_000 });
        expect(r.stdout).toMatch(/^gabataok$/m);
      });
    }
  }

  it('engine.ts: the session its help sketches plays (placeholders filled in)', async () => {
    const help = helps.find((h) => h.file === 'engine.ts' && /Speaks the Gabata engine protocol/.test(h.text))!.text;
    const quoted = [...help.replace(/\s+/g, ' ').matchAll(/'([^']+)'/g)].map((m) => m[1]!);
    expect(quoted).toContain('go movetime 500');
    const session = quoted.map((q) =>
      q
        .replace(/\s*\[[^\]]*\]/g, '')
        .replace('<ruleset>', 'gabata-adowa')
        .trim(),
    );
    expect(session.filter((c) => /[<>[\]]|\.\.\./.test(c))).toEqual([]);
    const got = await playSession([...session, 'quit']);
    const searches = session.filter((c) => /^go\b/.test(c) && !/\binfinite\b/.test(c)).length + session.filter((c) => c === 'stop').length;
    expect(got).toEqual([...(session[0] === 'gabata' ? ['gabataok'] : []), ...Array<string>(searches).fill('bestmove')]);
  });
});

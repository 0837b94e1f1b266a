/**
 * `gabata analyse <record> [--json] [--depth N | --time MS] [--out FILE] [--seed N] [--line K]`:
 * the strongest engine evaluates every position of a game record, marks each move (inaccuracy,
 * mistake, blunder: src/ai/analyse.ts says by what drop), gives its best move and expected line
 * for each, writes the record back with these as annotations and prints a summary (marks per
 * player). Progress goes to stderr; Ctrl-C stops it, keeping the moves analysed by then.
 *
 * `--json` prints the analysis as one JSON object instead of the text:
 *
 * ```
 * {"ruleset", "engine", "start" (player 1's expected result at the start),
 *  "plies": [{"ply", "move", "player", "eval", "best", "line", "drop", "mark"}],
 *  "summary": [{"player", "inaccuracy", "mistake", "blunder"}], "out" (the file written), "interrupted"}
 * ```
 */
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { err, GabataError, ok, type Result } from '@gabata/engine/core';
import {
  analysisSteps,
  annotateRecord,
  type GameAnalysis,
  MARK_THRESHOLDS,
  markCounts,
  MAX_SEARCH_DEPTH,
  MAX_SEARCH_TIME_MS,
} from '@gabata/engine/ai';
import { parseRecord, type Replay, replayRecord, stringifyRecord } from '@gabata/engine/notation';
import { EXIT_OK, fail, printJSON } from './args.js';
import { Progress } from './progress.js';
import { pickRecord, readRecordText } from './replay.js';

const HELP = `usage: gabata analyse <record.json> [--json] [--depth N | --time MS] [--out FILE] [--seed N]

The strongest engine (alpha-beta) evaluates every position of a game record: its best move and
the line it expects, and each move marked by how much it lowered the mover's expected result
(0 = loss .. 1 = win) against the best move: inaccuracy from ${MARK_THRESHOLDS.inaccuracy}, mistake from ${MARK_THRESHOLDS.mistake},
blunder from ${MARK_THRESHOLDS.blunder}. The record is written back with these as annotations (to
--out FILE if given, else over the record file), and a summary prints the marks of each player.
Ctrl-C stops the analysis and keeps the moves analysed so far.
  --depth N   search every position N decisions deep (the same result on every machine)
  --time MS   search every position for MS milliseconds (default: level 5's 1000)
  --out FILE  write the annotated record to FILE ('-' = stdout) instead of over the record
  --json      print the analysis as JSON (ply, move, player, eval, best, line, drop, mark; summary)
  --seed N    the engine's seed (it breaks ties between equal moves; default 0)
  --line K    the record on line K (from 1) of a JSON Lines file (needs --out)
'-' reads the record from stdin (needs --out).`;

interface Flags {
  json?: boolean;
  depth?: string;
  time?: string;
  out?: string;
  seed?: string;
  line?: string;
  help?: boolean;
}

const whole = (flag: string, t: string | undefined, min: number, max: number): Result<number | undefined> =>
  t === undefined
    ? ok(undefined)
    : /^\d{1,10}$/.test(t) && Number(t) >= min && Number(t) <= max
      ? ok(Number(t))
      : err('ERR_ARGUMENT', `${flag} takes a whole number within ${min}..${max}, not '${t}'`, flag);

export async function run(args: string[]): Promise<number> {
  let v: Flags;
  let positionals: string[];
  try {
    const parsed = parseArgs({
      args,
      options: {
        json: { type: 'boolean' },
        depth: { type: 'string' },
        time: { type: 'string' },
        out: { type: 'string' },
        seed: { type: 'string' },
        line: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
      allowPositionals: true,
      strict: true,
    });
    v = parsed.values;
    positionals = parsed.positionals;
  } catch (e) {
    return fail('analyse', new GabataError('ERR_ARGUMENT', (e as Error).message), HELP);
  }
  if (v.help) {
    process.stdout.write(HELP + '\n');
    return EXIT_OK;
  }
  const [file, ...rest] = positionals;
  if (file === undefined) return fail('analyse', new GabataError('ERR_ARGUMENT', 'a record file is required', '<record>'), HELP);
  if (rest.length > 0) return fail('analyse', new GabataError('ERR_ARGUMENT', `unexpected argument '${rest[0]}'`), HELP);
  const depth = whole('--depth', v.depth, 1, MAX_SEARCH_DEPTH);
  const time = whole('--time', v.time, 1, MAX_SEARCH_TIME_MS);
  const seed = whole('--seed', v.seed, 0, 2 ** 32 - 1);
  const line = whole('--line', v.line, 1, 1e9);
  for (const r of [depth, time, seed, line]) if (!r.ok) return fail('analyse', r.error, HELP);
  if (!depth.ok || !time.ok || !seed.ok || !line.ok) return EXIT_OK;
  if (depth.value !== undefined && time.value !== undefined) {
    return fail('analyse', new GabataError('ERR_ARGUMENT', 'give --depth or --time, not both', '--time'), HELP);
  }
  if ((file === '-' || line.value !== undefined) && v.out === undefined) {
    const what = file === '-' ? 'a record read from stdin' : 'one record of a JSON Lines file';
    return fail('analyse', new GabataError('ERR_ARGUMENT', `${what} is written with --out FILE (or --out - for stdout)`, '--out'), HELP);
  }

  const text = readRecordText(file);
  if (!text.ok) return fail('analyse', text.error);
  const picked = pickRecord(text.value, line.value);
  if (!picked.ok) return fail('analyse', picked.error);
  const rec = parseRecord(picked.value);
  if (!rec.ok) return fail('analyse', rec.error);
  const replay = replayRecord(rec.value, { positions: true });
  if (!replay.ok) return fail('analyse', replay.error);
  const { game } = replay.value;

  const analysis = await analyseWithProgress(replay.value, rec.value.moves, {
    depth: depth.value,
    timeMs: time.value,
    seed: seed.value,
    quiet: v.out === '-',
  });
  if (analysis.interrupted)
    process.stderr.write(`gabata analyse: interrupted; ${analysis.plies.length} of ${rec.value.moves.length} moves analysed\n`);

  const annotated = annotateRecord(rec.value, analysis);
  const target = v.out ?? file;
  const recordText = stringifyRecord(annotated) + '\n';
  if (target === '-') process.stdout.write(recordText);
  else {
    try {
      writeFileSync(target, recordText);
    } catch (e) {
      return fail('analyse', new GabataError('ERR_ARGUMENT', `cannot write ${target}: ${(e as Error).message}`, '--out'));
    }
  }
  const counts = markCounts(analysis.plies, game.players);
  const summary = counts.map((c, i) => ({ player: i + 1, ...c }));
  if (v.json) {
    printJSON({
      ruleset: rec.value.ruleset,
      engine: analysis.engine,
      start: analysis.start,
      plies: analysis.plies.map((p) => ({ ply: p.ply, move: p.move, player: p.player, ...p.annotation })),
      summary,
      out: target,
      interrupted: analysis.interrupted,
    });
  } else {
    // The record went to stdout: the report goes to stderr, so the record stays whole.
    const say = (t: string): void => {
      (target === '-' ? process.stderr : process.stdout).write(t);
    };
    say(report(analysis));
    say(`${summaryText(summary, rec.value.agents)}\n${target === '-' ? '' : `annotated record written to ${target}\n`}`);
  }
  return analysis.interrupted ? 130 : EXIT_OK;
}

/**
 * Analyses the moves position by position with a progress bar on stderr; between two positions
 * the event loop runs, so a Ctrl-C is heard there and ends the search under way (the moves judged
 * by then are kept).
 */
async function analyseWithProgress(
  replay: Replay,
  moves: readonly string[],
  opts: { depth?: number; timeMs?: number; seed?: number; quiet: boolean },
): Promise<GameAnalysis> {
  let interrupted = false;
  const onSigint = (): void => {
    interrupted = true;
  };
  process.on('SIGINT', onSigint);
  const progress = new Progress(moves.length, 'moves', opts.quiet);
  let done = 0;
  try {
    const steps = analysisSteps(replay.game, replay.positions!, moves, {
      depth: opts.depth,
      timeMs: opts.timeMs,
      seed: opts.seed,
      shouldStop: () => interrupted,
    });
    progress.tick(0);
    for (;;) {
      await new Promise<void>((resolve) => setImmediate(resolve));
      const r = steps.next();
      if (r.done) return r.value;
      progress.tick(++done);
    }
  } finally {
    progress.end();
    process.off('SIGINT', onSigint);
  }
}

/** One line a move: its number, who played it, player 1's expected result after it, the best move and line, the mark. */
function report(a: GameAnalysis): string {
  const lines = [`${a.engine}; player 1's expected result at the start ${a.start.toFixed(2)}`];
  for (const p of a.plies) {
    const n = p.annotation;
    const who = p.player === 0 ? 'all' : `P${p.player}`;
    const best = n.best !== undefined && n.best !== p.move ? `  best ${n.best}` : '';
    const line = n.line !== undefined && n.line.length > 1 ? ` (${n.line.join(' ')})` : '';
    const mark = n.mark !== undefined ? `  ${n.mark} (-${n.drop!.toFixed(2)})` : '';
    lines.push(`${String(p.ply + 1).padStart(4)}. ${who} ${p.move.padEnd(6)} eval ${n.eval!.toFixed(2)}${best}${best ? line : ''}${mark}`);
  }
  return lines.join('\n') + '\n';
}

function summaryText(
  rows: readonly { player: number; inaccuracy: number; mistake: number; blunder: number }[],
  agents: readonly string[] | undefined,
): string {
  const plural = (k: number, w: string): string => `${k} ${w}${k === 1 ? '' : w.endsWith('y') ? '' : 's'}`;
  const word = (k: number, w: string): string => (w === 'inaccuracy' && k !== 1 ? `${k} inaccuracies` : plural(k, w));
  return rows
    .map(
      (r) =>
        `P${r.player}${agents?.[r.player - 1] ? ` (${agents[r.player - 1]})` : ''}: ` +
        `${word(r.inaccuracy, 'inaccuracy')}, ${word(r.mistake, 'mistake')}, ${word(r.blunder, 'blunder')}`,
    )
    .join('\n');
}

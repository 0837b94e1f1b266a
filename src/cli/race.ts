/**
 * `gabata race <ruleset> [--agent SPEC] [--games N] [--seed S] [--option name=value]... [--preset P]
 * [--json] [--out FILE] [--quiet]` and `gabata race <ruleset> --check [--file FILE]`: the opening
 * race as a matrix game (packages/engine/src/ai/race-matrix.ts), valued cell by cell, solved for its equilibrium
 * (packages/engine/src/ai/zero-sum.ts). Progress goes to stderr; Ctrl-C stops after the cell being computed and
 * writes nothing. `--check` verifies a result file, by default the committed one of the ruleset
 * (src/catalogue/race-<ruleset>.json), which the web catalogue shows.
 */
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  computeRaceMatrix,
  DEFAULT_RACE_BUDGET,
  MAX_RACE_GAMES,
  MIN_RACE_GAMES,
  type RaceBudget,
  raceFileProblems,
  raceResultFile,
  type RaceResultFile,
  solveRace,
} from '@gabata/engine/ai';
import { GabataError } from '@gabata/engine/core';
import { EXIT_INPUT, EXIT_OK, EXIT_USAGE, fail, findRuleset, hasGameFlags, makeGame, parseCommon, printJSON } from './args.js';
import { Progress } from './progress.js';

const HELP = `usage: gabata race <ruleset> [--agent SPEC] [--games N] [--seed S] [--option name=value]... [--preset P]
                   [--json] [--out FILE] [--quiet]
       gabata race <ruleset> --check [--file FILE]

The opening race as a matrix game. Where both players choose their starting holes at once
(Selus, selusRaceStart=choose), every pair of choices is raced and the position after the
race is played out by two copies of an agent; each cell is player 1's mean score (win 1,
draw 0.5, loss 0) with its standard error, both outcomes of the coin weighted one half when a
dead heat or a loop is settled by it. The matrix is then solved as a zero-sum game: the
equilibrium mixed strategies of both players and the value of the game.
  --agent SPEC     agent playing both seats after the race (default ${DEFAULT_RACE_BUDGET.agent});
                   any spec with a depth, nodes or iterations budget, or random (random playouts)
  --games N        games per cell (default ${DEFAULT_RACE_BUDGET.games}, from ${MIN_RACE_GAMES} to ${MAX_RACE_GAMES})
  --seed S         seed of the opening position, the coin and the agents (default 1)
  --out FILE       write the result as JSON (src/catalogue/race-<ruleset>.json is the file the
                   web catalogue shows)
  --json           print the result as JSON instead of tables
  --quiet          no progress on stderr
  --check          verify a result file (default: the committed one) and exit 1 on a problem
  --file FILE      the file --check verifies`;

/** The committed result of a ruleset, whether this module runs from src/ (tests) or dist/ (CLI). */
export function committedRacePath(rulesetId: string): string {
  const here = fileURLToPath(import.meta.url);
  const fromSrc = /[\\/]src[\\/]cli[\\/][^\\/]+$/.test(here);
  return fileURLToPath(new URL(`${fromSrc ? '..' : '../../src'}/catalogue/race-${rulesetId}.json`, import.meta.url));
}

const pct = (p: number): string => `${(p * 100).toFixed(1)}%`;

/** The matrix and the equilibrium as text tables. */
export function raceText(f: RaceResultFile): string {
  const lines: string[] = [];
  lines.push(
    `${f.rulesetId}: the opening race as a matrix game (seed ${f.seed}, ${f.budget.games} games per cell by ${f.budget.agent}, ` +
      `${f.date}, ${f.seconds} s)`,
    `cell = ${f.payoff}; ± standard error; * = a coin settles the race (dead heat or loop)`,
    '',
  );
  const w = 14;
  lines.push(`${'P1 \\ P2'.padEnd(9)}${f.cols.map((c) => `hole ${c}`.padStart(w)).join('')}`);
  f.cells.forEach((r, i) => {
    const cells = r.map((c) => {
      const se = c.se === null ? '' : ` ±${c.se.toFixed(2)}`;
      return `${c.mean.toFixed(2)}${se}${c.raceWinner === 0 ? '*' : ''}`.padStart(w);
    });
    lines.push(`${`hole ${f.rows[i]}`.padEnd(9)}${cells.join('')}`);
  });
  const e = f.equilibrium;
  const mix = (holes: number[], p: number[]): string =>
    holes
      .map((hole, i) => [hole, p[i]!] as const)
      .filter(([, x]) => x > 0)
      .sort((a, b) => b[1] - a[1])
      .map(([hole, x]) => `hole ${hole} ${pct(x)}`)
      .join(', ');
  lines.push(
    '',
    `value of the game to player 1: ${e.value.toFixed(4)} (95% of resampled matrices: ${f.stability.valueLow.toFixed(3)}..` +
      `${f.stability.valueHigh.toFixed(3)})`,
    `player 1 starts from: ${mix(f.rows, e.row)}`,
    `player 2 starts from: ${mix(f.cols, e.col)}`,
    `(player 1's mix scores at least ${e.rowGuarantee.toFixed(4)} against every hole of player 2; player 2's mix lets ` +
      `player 1 score at most ${e.colGuarantee.toFixed(4)})`,
  );
  return lines.join('\n');
}

function check(rulesetId: string, file: string | undefined): number {
  const path = file ?? committedRacePath(rulesetId);
  if (!existsSync(path))
    return fail(
      'race',
      new GabataError('ERR_NOT_FOUND', `no race result at ${path}; compute one with gabata race ${rulesetId} --out FILE`),
    );
  let data: unknown;
  try {
    data = JSON.parse(readFileSync(path, 'utf8'));
  } catch (e) {
    return fail('race', new GabataError('ERR_RECORD', `${path} is not JSON: ${(e as Error).message}`));
  }
  const rs = findRuleset(rulesetId);
  if (!rs.ok) return fail('race', rs.error);
  const opts = (data as { options?: unknown }).options;
  const g = rs.value.create(typeof opts === 'object' && opts !== null ? (opts as Record<string, unknown>) : {});
  if (!g.ok) return fail('race', new GabataError('ERR_RECORD', `${path}: its options do not make a game: ${g.error.message}`));
  const problems = raceFileProblems(data, g.value);
  if (problems.length) {
    process.stderr.write(`gabata race: ERR_RECORD: ${path} is not a well-formed race result:\n  ${problems.join('\n  ')}\n`);
    return EXIT_INPUT;
  }
  const f = data as RaceResultFile;
  process.stdout.write(
    `${path}: well-formed; ${f.rows.length} x ${f.cols.length} cells, value ${f.equilibrium.value.toFixed(4)} (${f.date})\n`,
  );
  return EXIT_OK;
}

/** Writes beside the target and renames, so a reader never sees half a file. */
function writeAtomic(path: string, text: string): void {
  const tmp = `${path}.tmp-${process.pid}`;
  writeFileSync(tmp, text);
  renameSync(tmp, path);
}

function parseGames(text: string | undefined): number | GabataError {
  if (text === undefined) return DEFAULT_RACE_BUDGET.games;
  if (!/^\d{1,9}$/.test(text) || Number(text) < MIN_RACE_GAMES || Number(text) > MAX_RACE_GAMES) {
    return new GabataError(
      'ERR_ARGUMENT',
      `--games takes a whole number from ${MIN_RACE_GAMES} to ${MAX_RACE_GAMES}, not '${text}'`,
      '--games',
    );
  }
  return Number(text);
}

export async function run(args: string[]): Promise<number> {
  const flags = new Set(['--check', '--quiet']);
  const a = parseCommon(
    args.filter((x) => !flags.has(x)),
    ['agent', 'games', 'out', 'file'],
  );
  if (!a.ok) return fail('race', a.error, HELP);
  const c = a.value;
  if (c.help) {
    process.stdout.write(HELP + '\n');
    return EXIT_OK;
  }
  const [name, ...rest] = c.positionals;
  if (rest.length > 0) return fail('race', new GabataError('ERR_ARGUMENT', `unexpected argument '${rest[0]}'`), HELP);
  const rs = findRuleset(name);
  if (!rs.ok) return fail('race', rs.error, HELP);
  const checking = args.includes('--check');
  const computeOnly = ['agent', 'games', 'out'].filter((k) => c.extra[k] !== undefined);
  if (checking) {
    if (computeOnly.length || hasGameFlags(c) || c.seed !== undefined) {
      return fail(
        'race',
        new GabataError('ERR_ARGUMENT', '--check reads the options, seed and budget from the file; give only --file'),
        HELP,
      );
    }
    return check(rs.value.info.id, c.extra['file']);
  }
  if (c.extra['file'] !== undefined) return fail('race', new GabataError('ERR_ARGUMENT', '--file goes with --check'), HELP);
  const g = makeGame(rs.value, c);
  if (!g.ok) return fail('race', g.error);
  const game = g.value;
  const games = parseGames(c.extra['games']);
  if (games instanceof GabataError) return fail('race', games, HELP);
  const budget: RaceBudget = { agent: c.extra['agent'] ?? DEFAULT_RACE_BUDGET.agent, games };
  const seed = c.seed ?? 1;
  const quiet = args.includes('--quiet');

  let interrupted = false;
  const onSigint = (): void => {
    interrupted = true;
  };
  process.on('SIGINT', onSigint);
  const start = performance.now();
  let progress: Progress | null = null;
  const result = await computeRaceMatrix(game, budget, seed, {
    pause: () => new Promise((r) => setImmediate(r)),
    shouldStop: () => interrupted,
    onCell: (p) => {
      progress ??= new Progress(p.total, 'cells', quiet);
      progress.tick(p.done);
    },
  }).finally(() => process.off('SIGINT', onSigint));
  (progress as Progress | null)?.end();
  if (!result.ok) return fail('race', result.error);
  const matrix = result.value;
  if (matrix === null) {
    process.stderr.write('gabata race: interrupted; nothing written (a matrix needs every cell)\n');
    return 130;
  }
  const solved = solveRace(matrix);
  if (!solved.ok) return fail('race', solved.error);
  const seconds = (performance.now() - start) / 1000;
  const file = raceResultFile(game, matrix, solved.value, { seed, budget, date: new Date().toISOString().slice(0, 10), seconds });
  const out = c.extra['out'];
  if (out !== undefined) {
    try {
      writeAtomic(out, JSON.stringify(file, null, 2) + '\n');
    } catch (e) {
      return fail('race', new GabataError('ERR_ARGUMENT', `cannot write ${out}: ${(e as Error).message}`, '--out'));
    }
    if (!quiet) process.stderr.write(`race matrix written to ${out}\n`);
  }
  if (c.json) printJSON(file);
  else process.stdout.write(raceText(file) + '\n');
  return EXIT_OK;
}

export { EXIT_USAGE };

/**
 * `gabata sweep <ruleset> --grid NAME=V1,V2... [--grid ...] [--option NAME=V]... [--preset P]
 * --agents A,B --games N [--seed S] [--workers K] [--queue URL] [--out DIR] [--resume] [--json]`,
 * or `gabata sweep --file sweep.json`: N matches in every cell of a grid of rule options, each
 * cell's figures with 95% intervals, and with --out a folder of results and a report (docs/sweep.md).
 */
import { appendFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { asGabataError, err, type GabataError, ok, type Result } from '@gabata/engine/core';
import { makeAgent } from '@gabata/engine/ai';
import { compilationConcepts } from '../catalogue/ludii-concepts.js';
import { getRuleset } from '@gabata/engine/games';
import type { MeanInterval } from '../stats/intervals.js';
import { DEFAULT_MAX_CELLS, parseGrid, splitAgents, type Grid } from '../sim/grid.js';
import { sweepDocument, type SweepDocument } from '../sim/report/document.js';
import { cellLabel } from '../sim/report/specs.js';
import type { BatchRunner } from '../sim/runner.js';
import { openRunner } from '../sim/runners.js';
import {
  batchSizeFor,
  cellReports,
  countDone,
  emptyDone,
  lineOf,
  pendingBatches,
  planSweep,
  readResults,
  sweepCollector,
  type CellReport,
  type Done,
  type SweepPlan,
  type SweepSpec,
} from '../sim/sweep.js';
import { DEFAULT_WORKERS, EXIT_OK, parseWorkers, printJSON } from './args.js';
import { Progress, runBatches } from './progress.js';

const HELP = `usage: gabata sweep <ruleset> --grid NAME=V1,V2... [--grid NAME=...]... [--option NAME=V]... [--preset P]
                    --agents A[,B] --games N [--seed S] [--workers K] [--queue URL] [--max-cells N]
                    [--out DIR [--resume]] [--ludii-metrics] [--baseline NAME=V[,NAME=V]...] [--json]
       gabata sweep --file SWEEP.json [--games N] [--seed S] [--workers K] [--queue URL] [--out DIR [--resume]]
                    [--ludii-metrics] [--baseline NAME=V[,NAME=V]...] [--json]

Plays N matches (default 100) in every cell of the grid: every combination of the grids' values,
on top of the fixed options and preset. For each cell it prints the wins by seat and the draws,
the first player's advantage, how matches ended (the rules or a guard), their length (decisions,
turns, rounds), the branching factor and the dynamics metrics, each with its 95% interval.
  --workers K    worker threads (default ${DEFAULT_WORKERS}; 0 = this thread)
  --queue URL    play the batches through a Redis queue served by gabata worker processes
  --max-cells N  allow more than ${DEFAULT_MAX_CELLS} cells
  --out DIR      write matches.jsonl (as matches finish), cells.csv, sweep.json and a report
                 (index.html with SVG plots); Ctrl-C keeps every finished match
  --resume       carry on the sweep in --out DIR: play only the matches it lacks
  --ludii-metrics  also compute Ludii's metrics in every cell, as Ludii's Evaluation module does
                 (slow: every legal move of every position is evaluated; docs/metrics.md)
  --baseline NAME=V,...  the cell every other cell is contrasted with (default: the cell of the
                 ruleset's defaults, else the first): each figure's difference with its 95%
                 interval and Holm-adjusted p-value (contrasts.csv, the JSON, the report)
  --json         print the cells and their figures as JSON
A sweep file is JSON: {"ruleset": "gifia", "grid": {"gifiaAdjacency": ["ring", "row"]},
"options": {...}, "preset": "...", "agents": ["random"], "games": 100, "seed": 1, "maxCells": 64}.
See docs/sweep.md.`;

const FLAGS = {
  grid: { type: 'string', multiple: true },
  option: { type: 'string', multiple: true, short: 'o' },
  preset: { type: 'string' },
  agents: { type: 'string' },
  games: { type: 'string' },
  seed: { type: 'string' },
  workers: { type: 'string' },
  queue: { type: 'string' },
  out: { type: 'string' },
  file: { type: 'string' },
  'max-cells': { type: 'string' },
  resume: { type: 'boolean' },
  'ludii-metrics': { type: 'boolean' },
  baseline: { type: 'string' },
  json: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

type Flags = ReturnType<typeof parseArgs<{ options: typeof FLAGS; allowPositionals: true }>>['values'];

export interface SweepRunArgs {
  spec: SweepSpec;
  workers: number;
  queue?: string;
  out?: string;
  resume: boolean;
  json: boolean;
}

/** Prints `gabata sweep: CODE: message`; every problem with the arguments or the spec exits 2, a results file's 1. */
function fail(e: GabataError, hint = false): number {
  process.stderr.write(`gabata sweep: ${e.code}: ${e.message}\n${hint ? 'run gabata sweep --help for the arguments\n' : ''}`);
  return e.code === 'ERR_RECORD' || e.code === 'ERR_CONFLICT' || e.code === 'ERR_INTERNAL' ? 1 : 2;
}

function whole(text: string | undefined, flag: string, min: number): Result<number | undefined> {
  if (text === undefined) return ok(undefined);
  if (!/^\d{1,15}$/.test(text) || Number(text) < min)
    return err('ERR_ARGUMENT', `${flag} takes a whole number of at least ${min}, not '${text}'`, flag);
  return ok(Number(text));
}

/** The format of a sweep file (a sweep's spec). */
export const SPEC_FORMAT = 'gabata-sweep-spec/1';

const FILE_KEYS = ['format', 'ruleset', 'preset', 'options', 'grid', 'agents', 'games', 'seed', 'maxCells', 'baseline'];

/** Parses `NAME=V[,NAME=V]...` (a cell by its grid values). */
export function parseBaseline(text: string): Result<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const part of text.split(',')) {
    const m = /^([^=\s]+)=(.+)$/.exec(part.trim());
    if (!m) return err('ERR_ARGUMENT', `--baseline takes NAME=V[,NAME=V]..., not '${text}'`, '--baseline');
    if (Object.hasOwn(out, m[1]!)) return err('ERR_ARGUMENT', `--baseline gives ${m[1]} twice`, '--baseline');
    out[m[1]!] = m[2]!;
  }
  return ok(out);
}

/** Reads a sweep file (format in docs/sweep.md). */
export function parseSweepFile(text: string, where: string): Result<SweepSpec> {
  let x: unknown;
  try {
    x = JSON.parse(text);
  } catch (e) {
    return err('ERR_ARGUMENT', `${where} is not JSON: ${(e as Error).message}`, where);
  }
  if (x === null || typeof x !== 'object' || Array.isArray(x)) return err('ERR_ARGUMENT', `${where} must hold a JSON object`, where);
  const o = x as Record<string, unknown>;
  const unknown = Object.keys(o).filter((k) => !FILE_KEYS.includes(k));
  if (unknown.length) return err('ERR_ARGUMENT', `${where}: unknown field ${unknown[0]}; a sweep file has ${FILE_KEYS.join(', ')}`, where);
  const bad = (field: string, what: string): Result<never> =>
    err('ERR_ARGUMENT', `${where}: ${field} must be ${what}`, `${where} ${field}`);
  if (o['format'] !== undefined && o['format'] !== SPEC_FORMAT) return bad('format', `${SPEC_FORMAT} (or left out)`);
  if (typeof o['ruleset'] !== 'string') return bad('ruleset', 'a ruleset id');
  if (o['preset'] !== undefined && typeof o['preset'] !== 'string') return bad('preset', 'a preset name');
  const scalar = (v: unknown): v is string | number | boolean => ['string', 'number', 'boolean'].includes(typeof v);
  const options = o['options'] ?? {};
  if (typeof options !== 'object' || options === null || Array.isArray(options) || !Object.values(options).every(scalar)) {
    return bad('options', 'an object of option values');
  }
  const grid = o['grid'];
  if (typeof grid !== 'object' || grid === null || Array.isArray(grid)) return bad('grid', 'an object {"NAME": [V1, V2, ...]}');
  const grids: Grid[] = [];
  for (const [name, values] of Object.entries(grid)) {
    if (!Array.isArray(values) || !values.every(scalar)) return bad(`grid.${name}`, 'a list of option values');
    grids.push({ name, values });
  }
  const agents = o['agents'] ?? ['random'];
  if (!Array.isArray(agents) || !agents.every((a) => typeof a === 'string')) return bad('agents', 'a list of agent specs');
  for (const k of ['games', 'seed', 'maxCells']) {
    if (o[k] !== undefined && !(Number.isInteger(o[k]) && (o[k] as number) >= 0)) return bad(k, 'a whole number');
  }
  const spec: SweepSpec = {
    ruleset: o['ruleset'],
    options: options as Record<string, string | number | boolean>,
    grids,
    agents: agents as string[],
    games: (o['games'] as number | undefined) ?? 100,
    seed: (o['seed'] as number | undefined) ?? 1,
    maxCells: (o['maxCells'] as number | undefined) ?? DEFAULT_MAX_CELLS,
  };
  if (o['preset'] !== undefined) spec.preset = o['preset'] as string;
  const baseline = o['baseline'];
  if (baseline !== undefined) {
    if (typeof baseline !== 'object' || baseline === null || Array.isArray(baseline) || !Object.values(baseline).every(scalar))
      return bad('baseline', 'an object of grid values {"NAME": V}');
    spec.baseline = Object.fromEntries(Object.entries(baseline).map(([k, v]) => [k, String(v)]));
  }
  return ok(spec);
}

function specFromFlags(v: Flags, positionals: string[]): Result<SweepSpec> {
  const [ruleset, ...rest] = positionals;
  if (ruleset === undefined) return err('ERR_ARGUMENT', 'a ruleset is required (see gabata rulesets), or --file SWEEP.json', '<ruleset>');
  if (rest.length > 0) return err('ERR_ARGUMENT', `unexpected argument '${rest[0]}'`);
  const grids: Grid[] = [];
  for (const g of v.grid ?? []) {
    const p = parseGrid(g);
    if (!p.ok) return p;
    grids.push(p.value);
  }
  const options: Record<string, string> = Object.create(null) as Record<string, string>;
  for (const kv of v.option ?? []) {
    const m = /^([^=\s]+)=(.*)$/.exec(kv);
    if (!m) return err('ERR_ARGUMENT', `--option takes name=value, not '${kv}'`, '--option');
    if (Object.hasOwn(options, m[1]!)) return err('ERR_ARGUMENT', `option ${m[1]} is given twice`, '--option');
    options[m[1]!] = m[2]!;
  }
  const maxCells = whole(v['max-cells'], '--max-cells', 1);
  if (!maxCells.ok) return maxCells;
  const spec: SweepSpec = {
    ruleset,
    options: { ...options },
    grids,
    agents: splitAgents(v.agents ?? 'random'),
    games: 100,
    seed: 1,
    maxCells: maxCells.value ?? DEFAULT_MAX_CELLS,
  };
  if (v.preset !== undefined) spec.preset = v.preset;
  return ok(spec);
}

/** The sweep's spec and run settings from the command line. */
export function parseSweepArgs(args: string[]): Result<SweepRunArgs | 'help'> {
  let parsed: { values: Flags; positionals: string[] };
  try {
    parsed = parseArgs({ args, options: FLAGS, allowPositionals: true, strict: true });
  } catch (e) {
    return err('ERR_ARGUMENT', (e as Error).message);
  }
  const v = parsed.values;
  if (v.help) return ok('help');
  let spec: Result<SweepSpec>;
  if (v.file !== undefined) {
    const clash = (['grid', 'option', 'preset', 'agents', 'max-cells'] as const).find((k) => v[k] !== undefined);
    if (clash || parsed.positionals.length > 0) {
      return err('ERR_ARGUMENT', `--file gives the whole sweep; ${clash ? `--${clash}` : 'a ruleset'} cannot go with it`, '--file');
    }
    let text: string;
    try {
      text = readFileSync(v.file, 'utf8');
    } catch (e) {
      return err('ERR_ARGUMENT', `cannot read ${v.file}: ${(e as Error).message}`, '--file');
    }
    spec = parseSweepFile(text, v.file);
  } else spec = specFromFlags(v, parsed.positionals);
  if (!spec.ok) return spec;
  const games = whole(v.games, '--games', 1);
  const seed = whole(v.seed, '--seed', 0);
  const workers = parseWorkers(v.workers);
  for (const r of [games, seed, workers]) if (!r.ok) return r;
  if (games.ok && games.value !== undefined) spec.value.games = games.value;
  if (v['ludii-metrics'] === true) spec.value.ludii = true;
  if (v.baseline !== undefined) {
    const b = parseBaseline(v.baseline);
    if (!b.ok) return b;
    spec.value.baseline = b.value;
  }
  if (seed.ok && seed.value !== undefined) spec.value.seed = seed.value;
  for (const a of spec.value.agents) {
    const made = makeAgent(a, 1);
    if (!made.ok) return err('ERR_ARGUMENT', made.error.message, '--agents');
  }
  if (v.resume && v.out === undefined) return err('ERR_ARGUMENT', '--resume carries on the sweep in --out DIR; give --out', '--resume');
  const out: SweepRunArgs = { spec: spec.value, workers: workers.ok ? workers.value : 0, resume: v.resume === true, json: v.json === true };
  if (v.queue !== undefined) out.queue = v.queue;
  if (v.out !== undefined) out.out = v.out;
  return ok(out);
}

export async function run(args: string[]): Promise<number> {
  const a = parseSweepArgs(args);
  if (!a.ok) return fail(a.error, true);
  if (a.value === 'help') {
    process.stdout.write(HELP + '\n');
    return EXIT_OK;
  }
  return sweep(a.value);
}

/** Reads back what --out DIR holds (with --resume), or checks that it holds no other sweep. */
function prepareOut(plan: SweepPlan, dir: string, resume: boolean): Result<Done> {
  const results = join(dir, 'matches.jsonl');
  try {
    mkdirSync(dir, { recursive: true });
  } catch (e) {
    return err('ERR_ARGUMENT', `cannot make the folder ${dir}: ${(e as Error).message}`, '--out');
  }
  if (!resume) {
    if (existsSync(results) || existsSync(join(dir, 'sweep.json'))) {
      return err('ERR_CONFLICT', `${dir} already holds a sweep; --resume carries it on, or choose another --out folder`, '--out');
    }
    writeFileSync(results, '');
    return ok(emptyDone(plan));
  }
  const docPath = join(dir, 'sweep.json');
  if (existsSync(docPath)) {
    let id: unknown;
    try {
      id = (JSON.parse(readFileSync(docPath, 'utf8')) as { id?: unknown }).id;
    } catch (e) {
      return err('ERR_RECORD', `${docPath} is not JSON (${(e as Error).message}); it is not a sweep's file`, '--resume');
    }
    if (id !== plan.id) {
      return err(
        'ERR_CONFLICT',
        `${dir} holds sweep ${String(id)}, not this one (${plan.id}); give the arguments of that sweep`,
        '--resume',
      );
    }
  }
  const read = readResults(results, plan);
  if (!read.ok) return read;
  const r = read.value;
  if (r.truncated) process.stderr.write(`gabata sweep: an incomplete last line of ${results} (a write cut short) was dropped\n`);
  if (r.otherCells)
    process.stderr.write(`gabata sweep: ${r.otherCells} matches of cells outside this grid are kept in the file and left out\n`);
  return ok(r.done);
}

const pct = (x: number): string => `${(100 * x).toFixed(1)}%`;
const num = (x: number): string => x.toFixed(Math.abs(x) >= 100 ? 0 : Math.abs(x) >= 10 ? 1 : 2);
const mi = (m: MeanInterval): string => `${num(m.mean)} (${num(m.lo)}..${num(m.hi)})`;

/** The cells as text for a terminal. */
export function sweepText(doc: SweepDocument): string {
  const lines = [
    `${doc.ruleset}: sweep ${doc.id}, ${doc.cells.length} cells, ${doc.played} of ${doc.planned} matches (95% intervals in brackets)`,
  ];
  for (const c of doc.cells) {
    const f = c.figures;
    const seats = f.seats.map((s) => `P${s.seat} ${pct(s.wins.rate)} (${pct(s.wins.lo)}..${pct(s.wins.hi)})`).join(', ');
    const a = f.firstPlayerAdvantage;
    const guards = Object.entries(f.completion.guards).map(([k, n]) => `${k} ${n}`);
    lines.push(`  ${cellLabel(c)}: ${f.games} matches`);
    lines.push(
      `    wins ${seats}; draws ${pct(f.draws.rate)}; ` +
        `first player's advantage ${a.advantage >= 0 ? '+' : ''}${pct(a.advantage)} (${pct(a.lo)}..${pct(a.hi)})`,
    );
    lines.push(`    ended by the rules ${pct(f.completion.byRules.rate)}${guards.length ? `; by guards: ${guards.join(', ')}` : ''}`);
    lines.push(
      `    decisions ${mi(f.duration.decisions)}, turns ${mi(f.duration.turns)}, rounds ${mi(f.duration.rounds)}, ` +
        `branching ${f.duration.branching.mean.toFixed(2)}`,
    );
    if (f.agents.length)
      lines.push(
        `    by agent: ${f.agents.map((g) => `${g.agent} wins ${pct(g.wins.rate)} (${pct(g.wins.lo)}..${pct(g.wins.hi)})`).join(', ')}`,
      );
    const ms = Object.entries(f.metrics).map(([k, m]) => `${k} ${mi(m)}`);
    for (let i = 0; i < ms.length; i += 4) lines.push(`    ${ms.slice(i, i + 4).join(', ')}`);
    if (c.ludii !== undefined) {
      const ls = Object.entries(c.ludii).map(([k, m]) => `${k} ${m.value === null ? 'n/a' : num(m.value)}`);
      lines.push("    Ludii's metrics (docs/metrics.md):");
      for (let i = 0; i < ls.length; i += 4) lines.push(`      ${ls.slice(i, i + 4).join(', ')}`);
    }
  }
  if (doc.contrasts !== undefined) lines.push(...contrastsText(doc));
  return lines.join('\n');
}

const signed = (x: number, f: (x: number) => string): string => `${x >= 0 ? '+' : ''}${f(x)}`;

/** The contrasts as text: per cell, the figures whose Holm-adjusted p-value is below 0.05. */
export function contrastsText(doc: SweepDocument): string[] {
  const c = doc.contrasts!;
  const rates = (name: string): boolean => /wins$|^draws$|^first_player_advantage$|^ended_by_rules$/.test(name);
  const lines = [`  contrasts against ${c.baseline || '(the only cell)'} (${c.basis}); differences with Holm-adjusted p < 0.05:`];
  for (const cell of doc.cells) {
    const row = c.cells[cell.key];
    if (row === undefined) continue;
    const sig = Object.entries(row)
      .filter(([, x]) => x.pAdjusted < 0.05)
      .map(([k, x]) => {
        const f = rates(k) ? (v: number): string => `${(100 * v).toFixed(1)} pts` : num;
        const p = x.pAdjusted < 0.001 ? '< 0.001' : x.pAdjusted.toFixed(3);
        return `${k} ${signed(x.diff, f)} (${signed(x.lo, f)}..${signed(x.hi, f)}, p ${p})`;
      });
    lines.push(`    ${cellLabel(cell)}:${sig.length ? '' : ' none'}`);
    for (let i = 0; i < sig.length; i += 3) lines.push(`      ${sig.slice(i, i + 3).join('; ')}`);
  }
  return lines;
}

/** Puts each cell's compilation concepts (catalogue/ludii-concepts.ts) before its playout ones. */
export function withCompilationConcepts(plan: SweepPlan, cells: CellReport[]): CellReport[] {
  const rs = getRuleset(plan.ruleset);
  if (!rs.ok) return cells;
  for (const c of cells) {
    const compiled = compilationConcepts(rs.value, c.options).map((x) => ({ id: x.concept.id, name: x.concept.name, value: x.value }));
    c.concepts = [...compiled, ...(c.concepts ?? [])];
  }
  return cells;
}

export async function sweep(o: SweepRunArgs): Promise<number> {
  const planned = planSweep(o.spec);
  if (!planned.ok) return fail(planned.error, true);
  const plan = planned.value;
  let done = emptyDone(plan);
  if (o.out !== undefined) {
    const prepared = prepareOut(plan, o.out, o.resume);
    if (!prepared.ok) return fail(prepared.error);
    done = prepared.value;
    writeFileSync(
      join(o.out, 'sweep.json'),
      JSON.stringify(sweepDocument(plan, cellReports(plan, done), new Date().toISOString()), null, 2) + '\n',
    );
  }
  const total = plan.cells.length * plan.spec.games;
  const before = countDone(plan, done);
  const progress = new Progress(total - before, 'matches');
  let played = 0;
  const collect = sweepCollector(plan, done, (cell, matches) => {
    if (o.out !== undefined)
      appendFileSync(join(o.out, 'matches.jsonl'), matches.map((m) => JSON.stringify(lineOf(plan, cell, m)) + '\n').join(''));
    played += matches.length;
    progress.tick(played);
  });
  let runner: BatchRunner;
  try {
    runner = await openRunner(
      o.queue === undefined ? { workers: o.workers, onMatches: collect } : { workers: o.workers, queue: o.queue, onMatches: collect },
    );
  } catch (e) {
    return fail(asGabataError(e));
  }
  const { interrupted, failure } = await runBatches(
    runner,
    pendingBatches(plan, done, batchSizeFor(o.workers, total - before)),
    collect,
    progress,
  );
  const doc = sweepDocument(plan, withCompilationConcepts(plan, cellReports(plan, done)), new Date().toISOString());
  // The report's renderer (vega) loads only when a report is written.
  if (o.out !== undefined) await (await import('../sim/report/files.js')).writeReport(o.out, doc);
  if (failure) return fail(failure);
  if (interrupted) {
    process.stderr.write(
      `gabata sweep: interrupted; ${doc.played} of ${doc.planned} matches kept${o.out ? ` (--resume --out ${o.out} carries on)` : ''}\n`,
    );
  }
  if (o.json) printJSON(doc);
  else process.stdout.write(sweepText(doc) + '\n');
  if (o.out !== undefined && !o.json) process.stderr.write(`report written to ${join(o.out, 'index.html')}\n`);
  return interrupted ? 130 : EXIT_OK;
}

/**
 * `gabata sweep`: grid parsing and its errors, the cells and seeds of a plan, the figures and
 * their intervals, and real sweeps through the built CLI (dist/, built by npm test): files,
 * reproducibility, resuming after Ctrl-C, the report's CSV, HTML and SVG.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { unwrap } from '../packages/engine/src/core/errors.js';
import { getRuleset } from '../packages/engine/src/games/index.js';
import { aggregateCell, aggregateMatches } from '../src/sim/aggregate.js';
import { meanInterval, ratioInterval, t975 } from '../src/stats/intervals.js';
import { expandGrid, parseGrid, splitAgents } from '../src/sim/grid.js';
import { cellsCsv } from '../src/sim/report/csv.js';
import { sweepDocument } from '../src/sim/report/document.js';
import { sweepPlots } from '../src/sim/report/specs.js';
import { cellReports, emptyDone, pendingBatches, planSweep, readResults, type SweepSpec } from '../src/sim/sweep.js';
import { playBatch } from '../src/sim/batch.js';

const CLI = join(process.cwd(), 'dist', 'cli', 'main.js');
const dirs: string[] = [];
const tmp = (): string => {
  const d = mkdtempSync(join(tmpdir(), 'gabata-sweep-'));
  dirs.push(d);
  return d;
};
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

const gifia = unwrap(getRuleset('gifia'));
const base = { options: {}, agents: ['random'], seed: 1, maxCells: 64 };
const spec = (over: Partial<SweepSpec> = {}): SweepSpec => ({
  ruleset: 'gifia',
  options: { rounds: '1' },
  grids: [
    { name: 'gifiaAdjacency', values: ['ring', 'row'] },
    { name: 'gifiaPassMaxBeans', values: ['0', '3'] },
  ],
  agents: ['random'],
  games: 5,
  seed: 7,
  maxCells: 64,
  ...over,
});

function sweepCli(args: string[]): { status: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, [CLI, 'sweep', ...args], { encoding: 'utf8', timeout: 60_000 });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

const lines = (file: string): string[] =>
  readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l !== '');

/** A strict check that a text is well-formed XML: every tag closed in order, attributes quoted, entities known. */
function xmlProblems(text: string): string[] {
  const problems: string[] = [];
  const stack: string[] = [];
  const body = text.replace(/^<\?xml[^>]*\?>/, '');
  const element = /<(\/?)([A-Za-z_][\w:.-]*)((?:\s+[\w:.-]+\s*=\s*(?:"[^"<]*"|'[^'<]*'))*)\s*(\/?)>/.source;
  const other = /<!--[\s\S]*?-->|<!\[CDATA\[[\s\S]*?\]\]>|<|&(?!(?:amp|lt|gt|quot|apos|#\d+|#x[0-9a-fA-F]+);)/.source;
  const tag = new RegExp(`${element}|${other}`, 'g');
  for (const m of body.matchAll(tag)) {
    if (m[0] === '<') problems.push(`a stray < at ${m.index}`);
    else if (m[0] === '&') problems.push(`an unknown entity at ${m.index}`);
    else if (m[2] === undefined) continue;
    else if (m[1] === '/') {
      const open = stack.pop();
      if (open !== m[2]) problems.push(`</${m[2]}> closes <${open ?? 'nothing'}>`);
    } else if (m[4] !== '/') stack.push(m[2]);
  }
  if (stack.length) problems.push(`unclosed: ${stack.join(' ')}`);
  return problems;
}

describe('grids', () => {
  it('parses NAME=V1,V2 and refuses other forms', () => {
    expect(unwrap(parseGrid('rounds=1, 2,3'))).toEqual({ name: 'rounds', values: ['1', '2', '3'] });
    for (const bad of ['rounds', '=1,2', 'rounds=', 'rounds=,,']) {
      const r = parseGrid(bad);
      expect(r.ok, bad).toBe(false);
      if (!r.ok) expect(r.error.code).toBe('ERR_ARGUMENT');
    }
  });

  it('keeps the parameters of an agent spec together', () => {
    expect(splitAgents('mcts:iterations=50,c=1.4,random')).toEqual(['mcts:iterations=50,c=1.4', 'random']);
    expect(splitAgents('greedy, random')).toEqual(['greedy', 'random']);
  });

  it('makes the product of the grids, each cell with every option resolved', () => {
    const cells = unwrap(
      expandGrid(gifia, {
        ...base,
        options: { rounds: '1' },
        grids: [
          { name: 'gifiaAdjacency', values: ['ring', 'row'] },
          { name: 'gifiaPassMaxBeans', values: ['0', '2', '3'] },
        ],
      }),
    );
    expect(cells.length).toBe(6);
    expect(cells.map((c) => c.key)).toContain('gifiaAdjacency=row,gifiaPassMaxBeans=2');
    expect(new Set(cells.map((c) => c.seed)).size).toBe(6);
    for (const c of cells) {
      expect(c.options['rounds']).toBe(1);
      expect(Object.keys(c.options).sort()).toEqual(gifia.options.map((o) => o.name).sort());
    }
  });

  it("derives a cell's seed from the sweep's seed and its options, not from the grid's order", () => {
    const a = unwrap(
      expandGrid(gifia, {
        ...base,
        grids: [
          { name: 'gifiaPassMaxBeans', values: ['0', '3'] },
          { name: 'gifiaAdjacency', values: ['ring', 'row'] },
        ],
      }),
    );
    const b = unwrap(
      expandGrid(gifia, {
        ...base,
        grids: [
          { name: 'gifiaAdjacency', values: ['row', 'ring'] },
          { name: 'gifiaPassMaxBeans', values: ['3', '0'] },
        ],
      }),
    );
    const seeds = (cs: typeof a): Record<string, number> => Object.fromEntries(cs.map((c) => [c.key, c.seed]));
    expect(seeds(a)).toEqual(seeds(b));
    const other = unwrap(expandGrid(gifia, { ...base, seed: 2, grids: [{ name: 'gifiaAdjacency', values: ['ring', 'row'] }] }));
    expect(other.find((c) => c.key === 'gifiaAdjacency=ring')!.seed).not.toBe(a.find((c) => c.key.startsWith('gifiaAdjacency=ring'))!.seed);
  });

  it('refuses bad grids with a code and a message naming the problem', () => {
    const cases: [Parameters<typeof expandGrid>[1], string, RegExp][] = [
      [{ ...base, grids: [] }, 'ERR_ARGUMENT', /at least one grid/],
      [{ ...base, grids: [{ name: 'colour', values: ['red'] }] }, 'ERR_OPTION', /no option 'colour'.*gifiaAdjacency/],
      [{ ...base, grids: [{ name: 'gifiaAdjacency', values: ['ring', 'spiral'] }] }, 'ERR_OPTION', /cannot be 'spiral'.*ring, row/],
      [{ ...base, grids: [{ name: 'gifiaPassMaxBeans', values: ['9'] }] }, 'ERR_OPTION', /between 0 and 6/],
      [{ ...base, grids: [{ name: 'gifiaAdjacency', values: [] }] }, 'ERR_ARGUMENT', /no values/],
      [
        {
          ...base,
          grids: [
            { name: 'rounds', values: ['1'] },
            { name: 'rounds', values: ['2'] },
          ],
        },
        'ERR_ARGUMENT',
        /given twice/,
      ],
      [{ ...base, grids: [{ name: 'gifiaChainCapture', values: ['true', 'yes'] }] }, 'ERR_ARGUMENT', /value true twice/],
      [{ ...base, options: { rounds: '1' }, grids: [{ name: 'rounds', values: ['1', '2'] }] }, 'ERR_ARGUMENT', /both fixed.*and a grid/],
      [
        {
          ...base,
          maxCells: 10,
          grids: [
            { name: 'rounds', values: ['1', '2', '3', '4'] },
            { name: 'gifiaPassMaxBeans', values: ['0', '1', '2'] },
          ],
        },
        'ERR_TOO_LARGE',
        /12 cells, more than the 10.*--max-cells/,
      ],
      [{ ...base, agents: ['random', 'random', 'random'], grids: [{ name: 'rounds', values: ['1'] }] }, 'ERR_ARGUMENT', /2 players/],
    ];
    for (const [s, code, message] of cases) {
      const r = expandGrid(gifia, s);
      expect(r.ok, JSON.stringify(s.grids)).toBe(false);
      if (r.ok) continue;
      expect(r.error.code).toBe(code);
      expect(r.error.message).toMatch(message);
    }
  });

  it('the CLI exits 2 on bad input, with the code and message on stderr', () => {
    const cases: [string[], RegExp][] = [
      [['gifia', '--grid', 'colour=red'], /ERR_OPTION: .*no option 'colour'/],
      [['gifia', '--grid', 'gifiaAdjacency='], /ERR_ARGUMENT: the grid of gifiaAdjacency has no values/],
      [['gifia', '--grid', 'rounds=1,2', '--grid', 'rounds=3'], /ERR_ARGUMENT: .*given twice/],
      [['gifia', '--grid', 'rounds=1,2', '--option', 'rounds=3'], /ERR_ARGUMENT: option rounds is both fixed/],
      [['gifia', '--grid', 'rounds=1,2,3', '--grid', 'gifiaPassMaxBeans=0,1', '--max-cells', '5'], /ERR_TOO_LARGE: the grids make 6 cells/],
      [['gifia', '--grid', 'gifiaAdjacency=ring,triangle'], /ERR_OPTION: grid gifiaAdjacency: .*'triangle'/],
      [['nosuchgame', '--grid', 'rounds=1'], /ERR_UNKNOWN_RULESET/],
      [['gifia'], /ERR_ARGUMENT: a sweep needs at least one grid/],
      [['gifia', '--grid', 'rounds=1', '--resume'], /ERR_ARGUMENT: --resume .* give --out/],
      [['gifia', '--grid', 'rounds=1', '--agents', 'nobody'], /ERR_ARGUMENT/],
    ];
    for (const [args, message] of cases) {
      const r = sweepCli(args);
      expect(r.status, args.join(' ')).toBe(2);
      expect(r.stderr).toMatch(message);
      expect(r.stdout).toBe('');
    }
  });
});

describe('figures and intervals', () => {
  it('t quantiles and mean intervals', () => {
    expect(t975(1)).toBeCloseTo(12.706, 3);
    expect(t975(1000)).toBeCloseTo(1.962, 3);
    const m = meanInterval([1, 2, 3, 4, 5]);
    expect(m.mean).toBe(3);
    expect(m.sd).toBeCloseTo(Math.sqrt(2.5), 10);
    expect(m.hi - m.mean).toBeCloseTo((2.776 * Math.sqrt(2.5)) / Math.sqrt(5), 3);
    const r = ratioInterval([10, 20, 30], [5, 10, 15]);
    expect([r.mean, r.lo, r.hi]).toEqual([2, 2, 2]);
  });

  it("a cell's figures: counts add up, and every interval holds its estimate", () => {
    const plan = unwrap(planSweep(spec({ games: 30 })));
    const cell = plan.cells[0]!;
    const batch = pendingBatches(plan, emptyDone(plan), 1000).find((b) => b.id.includes(`/${cell.id}/`))!;
    const outs = playBatch(batch, cell.players);
    const f = aggregateMatches(
      outs.map((o) => o.result),
      cell.players,
      cell.options,
    );
    expect(f.games).toBe(30);
    const wins = f.seats.reduce((n, s) => n + s.wins.count, 0);
    expect(wins + f.draws.count + f.unfinished).toBe(30);
    const ivs = [...f.seats.map((s) => s.wins), f.draws, f.completion.byRules];
    for (const i of ivs) expect(i.lo <= i.rate && i.rate <= i.hi).toBe(true);
    for (const m of [f.duration.decisions, f.duration.turns, f.duration.rounds, f.duration.branching, ...Object.values(f.metrics)]) {
      expect(m.lo <= m.mean && m.mean <= m.hi).toBe(true);
    }
    const a = f.firstPlayerAdvantage;
    expect(a.lo <= a.advantage && a.advantage <= a.hi).toBe(true);
    // rounds=1: every match ends after its one round, by the rules (the rounds asked for).
    expect(f.completion.byRules.rate).toBe(1);
    expect(Object.keys(f.metrics).length).toBeGreaterThan(0);
    expect(f.duration.realChoices).not.toBeNull();
  });

  it('results by agent when the seats hold different agents, each agent playing both seats', () => {
    const plan = unwrap(planSweep(spec({ games: 8, agents: ['greedy', 'random'], grids: [{ name: 'gifiaAdjacency', values: ['ring'] }] })));
    const cell = plan.cells[0]!;
    const outs = pendingBatches(plan, emptyDone(plan), 1000).flatMap((b) => playBatch(b, cell.players));
    expect(outs.map((o) => o.agents[0])).toEqual(['greedy', 'random', 'greedy', 'random', 'greedy', 'random', 'greedy', 'random']);
    const f = aggregateCell(outs, cell.players, cell.options);
    expect(f.agents.map((a) => a.agent)).toEqual(['greedy', 'random']);
    const finished = outs.filter((o) => o.result.winner >= 0);
    for (const a of f.agents) {
      expect(a.games).toBe(finished.length);
      const won = finished.filter((o) => o.result.winner > 0 && o.agents[o.result.winner - 1] === a.agent).length;
      expect(a.wins.count).toBe(won);
    }
    const draws = finished.filter((o) => o.result.winner === 0).length;
    expect(f.agents[0]!.wins.count + f.agents[1]!.wins.count + draws).toBe(finished.length);
    // One agent in every seat: no breakdown.
    expect(
      aggregateCell(playBatch({ ...pendingBatches(plan, emptyDone(plan), 2)[0]!, agents: ['random'] }, 2), 2, cell.options).agents,
    ).toEqual([]);
  });

  it('the plots: a heat map only for a grid of two options', () => {
    const plan = unwrap(planSweep(spec({ games: 2 })));
    const cells = cellReports(plan, emptyDone(plan));
    expect(sweepPlots(cells).map((p) => p.name)).toEqual(
      expect.arrayContaining(['balance', 'length', 'heatmap-advantage', 'heatmap-length']),
    );
    const one = unwrap(planSweep(spec({ games: 2, grids: [{ name: 'gifiaAdjacency', values: ['ring', 'row'] }] })));
    expect(sweepPlots(cellReports(one, emptyDone(one))).some((p) => p.name.startsWith('heatmap'))).toBe(false);
    const csv = cellsCsv(sweepDocument(plan, cells, 'now').cells);
    expect(csv.trim().split('\n').length).toBe(5);
  });
});

describe('gabata sweep (built CLI)', () => {
  const args = (out: string, extra: string[] = []): string[] => [
    'gifia',
    '--grid',
    'gifiaAdjacency=ring,row',
    '--grid',
    'gifiaPassMaxBeans=0,3',
    '--option',
    'rounds=1',
    '--agents',
    'random',
    '--games',
    '6',
    '--seed',
    '11',
    '--out',
    out,
    ...extra,
  ];

  it('built CLI is present (npm test builds first)', () => {
    expect(existsSync(CLI)).toBe(true);
  });

  it('plays every cell, writes its files, and the same seed gives the same matches', () => {
    const a = tmp();
    const r = sweepCli([...args(join(a, 'x')), '--workers', '0', '--json']);
    expect(r.status, r.stderr).toBe(0);
    const doc = JSON.parse(r.stdout) as ReturnType<typeof sweepDocument>;
    expect(doc.cells.length).toBe(4);
    expect(doc.complete).toBe(true);
    for (const c of doc.cells) {
      expect(c.figures.games).toBe(6);
      expect(c.figures.seats.map((s) => s.seat)).toEqual([1, 2]);
      for (const s of c.figures.seats) expect(s.wins.lo <= s.wins.rate && s.wins.rate <= s.wins.hi).toBe(true);
    }
    const dir = join(a, 'x');
    const ls = lines(join(dir, 'matches.jsonl')).map((l) => JSON.parse(l) as { cell: string; index: number; seed: number; sweep: string });
    expect(ls.length).toBe(24);
    for (const c of doc.cells)
      expect(
        ls
          .filter((l) => l.cell === c.key)
          .map((l) => l.index)
          .sort(),
      ).toEqual([0, 1, 2, 3, 4, 5]);
    expect(new Set(ls.map((l) => l.sweep))).toEqual(new Set([doc.id]));
    // Same sweep, other grid order and worker threads: the same matches.
    const b = join(tmp(), 'y');
    const r2 = sweepCli([
      'gifia',
      '--grid',
      'gifiaPassMaxBeans=3,0',
      '--grid',
      'gifiaAdjacency=row,ring',
      '--option',
      'rounds=1',
      '--games',
      '6',
      '--seed',
      '11',
      '--out',
      b,
      '--workers',
      '2',
    ]);
    expect(r2.status, r2.stderr).toBe(0);
    const sorted = (d: string): string[] => lines(join(d, 'matches.jsonl')).sort();
    expect(sorted(b)).toEqual(sorted(dir));
    // Another seed: other matches.
    const c = join(tmp(), 'z');
    expect(sweepCli(args(c).map((x) => (x === '11' ? '12' : x))).status).toBe(0);
    expect(sorted(c)).not.toEqual(sorted(dir));
  });

  it('writes cells.csv, sweep.json and a script-free report whose SVG plots are well-formed', () => {
    const dir = join(tmp(), 'r');
    const r = sweepCli([...args(dir), '--workers', '0']);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/gifiaAdjacency=ring, gifiaPassMaxBeans=0: 6 matches/);
    const csv = lines(join(dir, 'cells.csv'));
    expect(csv.length).toBe(5);
    const header = csv[0]!.split(',');
    expect(header).toEqual(
      expect.arrayContaining(['cell', 'gifiaAdjacency', 'gifiaPassMaxBeans', 'p1_wins', 'p1_wins_lo', 'p1_wins_hi', 'decisions']),
    );
    for (const row of csv.slice(1)) expect(row.match(/("[^"]*"|[^,]*)(,|$)/g)!.length - 1).toBe(header.length);
    const doc = JSON.parse(readFileSync(join(dir, 'sweep.json'), 'utf8')) as { format: string; cells: unknown[] };
    expect(doc.format).toBe('gabata-sweep/1');
    expect(doc.cells.length).toBe(4);
    const marks: Record<string, string[]> = {
      balance: ['mark-rule', 'mark-symbol'],
      length: ['mark-rule', 'mark-symbol'],
      completion: ['mark-rect'],
      'heatmap-advantage': ['mark-rect', 'mark-text'],
      'heatmap-length': ['mark-rect', 'mark-text'],
    };
    for (const [name, want] of Object.entries(marks)) {
      const svg = readFileSync(join(dir, `${name}.svg`), 'utf8');
      expect(svg.startsWith('<svg'), name).toBe(true);
      expect(xmlProblems(svg), name).toEqual([]);
      for (const m of want) expect(svg, `${name} has ${m}`).toMatch(new RegExp(`class="${m} role-mark`));
    }
    // The heat map has one rect per cell.
    const heat = readFileSync(join(dir, 'heatmap-advantage.svg'), 'utf8');
    const rects = /class="mark-rect role-mark[^"]*"[^>]*>([\s\S]*?)<\/g>/.exec(heat)![1]!;
    expect(rects.match(/<path/g)!.length).toBe(4);
    const html = readFileSync(join(dir, 'index.html'), 'utf8');
    expect(html).not.toMatch(/<script|\son\w+=|style=/i);
    expect(html.match(/<svg/g)!.length).toBe(Object.keys(marks).length + 1);
    expect(xmlProblems(html.replace(/^<!doctype html>/, '').replace(/<(meta|link)\b[^>]*>/g, ''))).toEqual([]);
    expect(existsSync(join(dir, 'report.css'))).toBe(true);
    // A heat map only for two options.
    const one = join(tmp(), 'one');
    expect(sweepCli(['gifia', '--grid', 'gifiaAdjacency=ring,row', '--option', 'rounds=1', '--games', '2', '--out', one]).status).toBe(0);
    expect(existsSync(join(one, 'heatmap-advantage.svg'))).toBe(false);
    expect(existsSync(join(one, 'balance.svg'))).toBe(true);
  });

  it('a sweep file gives the same sweep as the flags', () => {
    const dir = tmp();
    const file = join(dir, 'sweep.json');
    writeFileSync(
      file,
      JSON.stringify({
        ruleset: 'gifia',
        options: { rounds: 1 },
        grid: { gifiaAdjacency: ['ring', 'row'], gifiaPassMaxBeans: [0, 3] },
        agents: ['random'],
        games: 6,
        seed: 11,
      }),
    );
    const a = sweepCli(['--file', file, '--json', '--workers', '0']);
    const b = sweepCli([...args(join(dir, 'flags')), '--json', '--workers', '0']);
    expect(a.status, a.stderr).toBe(0);
    const strip = (t: string): unknown => (JSON.parse(t) as { cells: unknown }).cells;
    expect(strip(a.stdout)).toEqual(strip(b.stdout));
    writeFileSync(file, JSON.stringify({ ruleset: 'gifia', grid: { gifiaAdjacency: ['ring'] }, colour: 'red' }));
    const bad = sweepCli(['--file', file]);
    expect(bad.status).toBe(2);
    expect(bad.stderr).toMatch(/ERR_ARGUMENT: .*unknown field colour/);
  });

  it('Ctrl-C keeps the finished matches; --resume plays only the rest and ends where an uninterrupted run does', async () => {
    const root = tmp();
    // Whole Gifia matches (not one round): long enough that the run is still going when it is interrupted.
    const big = (out: string): string[] => [
      ...args(out)
        .filter((x) => x !== '--option' && x !== 'rounds=1')
        .map((x) => (x === '6' ? '15' : x)),
      '--workers',
      '1',
    ];
    const whole = join(root, 'whole');
    expect(sweepCli(big(whole)).status).toBe(0);
    const cut = join(root, 'cut');
    const child = spawn(process.execPath, [CLI, 'sweep', ...big(cut)], { stdio: ['ignore', 'pipe', 'pipe'] });
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    // Interrupt once some matches are on disk.
    for (let i = 0; i < 600; i++) {
      if (existsSync(join(cut, 'matches.jsonl')) && lines(join(cut, 'matches.jsonl')).length >= 3) break;
      await new Promise((r) => setTimeout(r, 25));
    }
    child.kill('SIGINT');
    const code = await exited;
    const kept = lines(join(cut, 'matches.jsonl'));
    expect(code).toBe(130);
    expect(kept.length).toBeGreaterThanOrEqual(3);
    expect(kept.length).toBeLessThan(60);
    const firstRun = kept.slice();
    const again = sweepCli([...big(cut), '--resume']);
    expect(again.status, again.stderr).toBe(0);
    const after = lines(join(cut, 'matches.jsonl'));
    expect(after.slice(0, firstRun.length)).toEqual(firstRun);
    expect(after.length).toBe(60);
    expect([...after].sort()).toEqual(lines(join(whole, 'matches.jsonl')).sort());
    const cells = (d: string): unknown => (JSON.parse(readFileSync(join(d, 'sweep.json'), 'utf8')) as { cells: unknown }).cells;
    expect(cells(cut)).toEqual(cells(whole));
    // Nothing left to play: a second resume plays nothing and changes no match.
    expect(sweepCli([...big(cut), '--resume']).status).toBe(0);
    expect(lines(join(cut, 'matches.jsonl')).length).toBe(60);
  });

  it('resumes from a file cut anywhere (an incomplete last line included) to the same results', () => {
    const root = tmp();
    const whole = join(root, 'whole');
    expect(sweepCli(args(whole)).status).toBe(0);
    const all = lines(join(whole, 'matches.jsonl'));
    const cut = join(root, 'cut');
    expect(sweepCli(args(cut)).status).toBe(0);
    writeFileSync(join(cut, 'matches.jsonl'), all.slice(0, 9).join('\n') + '\n' + all[9]!.slice(0, 30));
    const r = sweepCli([...args(cut), '--resume']);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/incomplete last line/);
    expect(lines(join(cut, 'matches.jsonl')).sort()).toEqual([...all].sort());
  });

  it('a resumed sweep may raise --games or add a grid value: only the new matches are played', () => {
    const dir = join(tmp(), 'grow');
    expect(sweepCli(args(dir)).status).toBe(0);
    const first = lines(join(dir, 'matches.jsonl'));
    const more = args(dir).map((x) => (x === '6' ? '9' : x === 'gifiaPassMaxBeans=0,3' ? 'gifiaPassMaxBeans=0,3,6' : x));
    const r = sweepCli([...more, '--resume', '--json']);
    expect(r.status, r.stderr).toBe(0);
    const after = lines(join(dir, 'matches.jsonl'));
    expect(after.slice(0, first.length)).toEqual(first);
    expect(after.length).toBe(6 * 9);
    const doc = JSON.parse(r.stdout) as { cells: { figures: { games: number } }[] };
    expect(doc.cells.map((c) => c.figures.games)).toEqual([9, 9, 9, 9, 9, 9]);
    const fresh = join(tmp(), 'fresh');
    expect(sweepCli([...more.map((x) => (x === dir ? fresh : x))]).status).toBe(0);
    expect(lines(join(fresh, 'matches.jsonl')).sort()).toEqual([...after].sort());
  });

  it('refuses a corrupt or foreign results file with a code, and changes nothing', () => {
    const root = tmp();
    const dir = join(root, 'd');
    expect(sweepCli(args(dir)).status).toBe(0);
    const results = join(dir, 'matches.jsonl');
    // Without --resume, an existing sweep is never overwritten.
    const before = readFileSync(results, 'utf8');
    const again = sweepCli(args(dir));
    expect(again.status).toBe(1);
    expect(again.stderr).toMatch(/ERR_CONFLICT: .*already holds a sweep; --resume/);
    expect(readFileSync(results, 'utf8')).toBe(before);
    // Another seed is another sweep.
    const other = sweepCli([...args(dir).map((x) => (x === '11' ? '12' : x)), '--resume']);
    expect(other.status).toBe(1);
    expect(other.stderr).toMatch(/ERR_CONFLICT: .*holds sweep \w+, not this one/);
    // A corrupt line.
    const broken = before.split('\n');
    broken[3] = '{"not": "a match"}';
    writeFileSync(results, broken.join('\n'));
    const corrupt = sweepCli([...args(dir), '--resume']);
    expect(corrupt.status).toBe(1);
    expect(corrupt.stderr).toMatch(/ERR_RECORD: .*line 4 is not a sweep's match line/);
    expect(readFileSync(results, 'utf8')).toBe(broken.join('\n'));
    // A line of another sweep (its seed rewritten).
    const plan = unwrap(planSweep(spec()));
    const l = JSON.parse(before.split('\n')[0]!) as { seed: number };
    const foreign = [JSON.stringify({ ...l, seed: l.seed + 1 }), ...before.split('\n').slice(1)].join('\n');
    writeFileSync(results, foreign);
    const bad = sweepCli([...args(dir), '--resume']);
    expect(bad.status).toBe(1);
    expect(bad.stderr).toMatch(/ERR_CONFLICT: .*not played with this sweep's seeds/);
    expect(readFileSync(results, 'utf8')).toBe(foreign);
    // The library reads the same verdicts.
    writeFileSync(join(root, 'junk.jsonl'), 'hello\n');
    const read = readResults(join(root, 'junk.jsonl'), plan);
    expect(read.ok).toBe(false);
    if (!read.ok) expect(read.error.code).toBe('ERR_RECORD');
  });
});

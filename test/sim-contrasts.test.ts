/**
 * sim/contrasts.ts: a sweep's cells against a baseline (the defaults' cell, or one chosen), the
 * figures compared, Holm's adjustment per figure, contrasts.csv; and the report's fixes: a
 * diverging heat map symmetric around 0, a balance plot of fixed width, labels never cut.
 */
import { describe, expect, it } from 'vitest';
import { unwrap } from '../packages/engine/src/core/errors.js';
import { getRuleset } from '../packages/engine/src/games/index.js';
import { baselineCell, cellContrasts, contrastsCsv, seOf } from '../src/sim/contrasts.js';
import { rateInterval } from '../src/sim/aggregate.js';
import { sweepDocument } from '../src/sim/report/document.js';
import { sweepPlots } from '../src/sim/report/specs.js';
import { cellReports, emptyDone, planSweep, type CellReport, type SweepSpec } from '../src/sim/sweep.js';
import { holm, proportionDiff, welch } from '../src/stats/contrasts.js';
import { meanInterval } from '../src/stats/intervals.js';

const adowa = unwrap(getRuleset('gabata-adowa'));
const spec = (over: Partial<SweepSpec> = {}): SweepSpec => ({
  ruleset: 'gabata-adowa',
  options: { rounds: '1' },
  grids: [
    { name: 'captureGate', values: ['none', 'firstTurnOfRound', 'eachPlayersFirstTurn'] },
    { name: 'wegueContinuation', values: ['none', 'mandatory'] },
  ],
  agents: ['random'],
  games: 100,
  seed: 1,
  maxCells: 64,
  ...over,
});

/** The cells of a plan with figures set by hand: `wins1` wins of 100 for player 1, decisions from `xs`. */
function cellsWith(s: SweepSpec, fill: (c: CellReport, i: number) => { wins1: number; xs: number[] }): CellReport[] {
  const plan = unwrap(planSweep(s));
  const cells = cellReports(plan, emptyDone(plan));
  cells.forEach((c, i) => {
    const { wins1, xs } = fill(c, i);
    const f = c.figures;
    f.games = 100;
    f.unfinished = 0;
    f.seats = [
      { seat: 1, wins: rateInterval(wins1, 100) },
      { seat: 2, wins: rateInterval(100 - wins1, 100) },
    ];
    f.draws = rateInterval(0, 100);
    f.firstPlayerAdvantage = { score: wins1 / 100, advantage: wins1 / 100 - 0.5, lo: 0, hi: 0 };
    f.completion.byRules = rateInterval(100, 100);
    f.duration.decisions = meanInterval(xs);
  });
  return cells;
}

describe('contrasts between cells', () => {
  it("the baseline is the cell of the ruleset's defaults, or the one --baseline names, else the first", () => {
    const cells = cellsWith(spec(), () => ({ wins1: 50, xs: [1, 2] }));
    const d = baselineCell(cells, adowa);
    expect('cell' in d && d.cell.key).toBe('captureGate=firstTurnOfRound,wegueContinuation=mandatory');
    expect('basis' in d && d.basis).toBe('defaults');
    const chosen = baselineCell(cells, adowa, { captureGate: 'none', wegueContinuation: 'none' });
    expect('cell' in chosen && chosen.cell.key).toBe('captureGate=none,wegueContinuation=none');
    expect(baselineCell(cells, adowa, { nothing: 'x' })).toEqual({ error: expect.stringMatching(/not a grid option/) });
    const noDefault = cellsWith(spec({ grids: [{ name: 'captureGate', values: ['none', 'eachPlayersFirstTurn'] }] }), () => ({
      wins1: 50,
      xs: [1, 2],
    }));
    const first = baselineCell(noDefault, adowa);
    expect('basis' in first && first.basis).toBe('first cell');
    expect('cell' in first && first.cell.key).toBe(noDefault[0]!.key);
    // A --baseline that names no cell of the grid is refused when the sweep is planned.
    expect(planSweep(spec({ baseline: { captureGate: 'perHoleUntilEmptied' } })).ok).toBe(false);
  });

  it('each cell minus the baseline: rates by Newcombe, means by Welch, p-values Holm-adjusted per figure', () => {
    const wins = [50, 55, 60, 65, 70, 75];
    const cells = cellsWith(spec(), (_c, i) => ({ wins1: wins[i]!, xs: Array.from({ length: 30 }, (_, k) => (k % 5) + i) }));
    const base = cells.find((c) => c.key === 'captureGate=firstTurnOfRound,wegueContinuation=mandatory')!;
    const con = cellContrasts(cells, base, 'defaults');
    expect(con.baseline).toBe(base.key);
    expect(Object.keys(con.cells).sort()).toEqual(
      cells
        .filter((c) => c !== base)
        .map((c) => c.key)
        .sort(),
    );
    expect(con.figures).toEqual(expect.arrayContaining(['p1_wins', 'p2_wins', 'draws', 'first_player_advantage', 'decisions', 'turns']));
    const others = cells.filter((c) => c !== base);
    const raw = others.map((c) => proportionDiff(c.figures.seats[0]!.wins.count, 100, base.figures.seats[0]!.wins.count, 100));
    const adjusted = holm(raw.map((r) => r.p));
    others.forEach((c, i) => {
      const x = con.cells[c.key]!['p1_wins']!;
      expect(x.diff).toBeCloseTo(raw[i]!.diff, 12);
      expect([x.lo, x.hi, x.p]).toEqual([raw[i]!.lo, raw[i]!.hi, raw[i]!.p]);
      expect(x.pAdjusted).toBe(adjusted[i]);
      expect(x.pAdjusted).toBeGreaterThanOrEqual(x.p);
      const w = welch(seOf(c.figures.duration.decisions), seOf(base.figures.duration.decisions));
      expect(con.cells[c.key]!['decisions']!.diff).toBeCloseTo(w.diff, 12);
      expect(con.cells[c.key]!['decisions']!.p).toBeCloseTo(w.p, 12);
    });
    // The standard error comes back from the t interval: sd / √n.
    const m = meanInterval([1, 2, 3, 4, 10]);
    expect(seOf(m).se).toBeCloseTo(m.sd / Math.sqrt(5), 12);
    // The same cell against itself differs by nothing.
    expect(cellContrasts([base, base], base, 'defaults').cells).toEqual({});
  });

  it('contrasts.csv: a row per cell and figure, with the grid values', () => {
    const cells = cellsWith(spec(), (_c, i) => ({ wins1: 50 + i, xs: [1, 2, 3 + i] }));
    const base = cells[1]!;
    const con = cellContrasts(cells, base, 'chosen');
    const lines = contrastsCsv(con, cells).trim().split('\n');
    expect(lines[0]).toBe('cell,captureGate,wegueContinuation,baseline,figure,diff,lo,hi,p,p_holm');
    const perCell = Object.keys(con.cells[cells[0]!.key]!).length;
    expect(lines.length).toBe(1 + 5 * perCell);
    expect(lines.some((l) => l.startsWith(`"${base.key}"`))).toBe(false);
  });

  it('the sweep document carries the contrasts against the defaults, or the chosen baseline', () => {
    const plan = unwrap(planSweep(spec({ baseline: { captureGate: 'none', wegueContinuation: 'none' } })));
    const doc = sweepDocument(plan, cellReports(plan, emptyDone(plan)), 'now');
    expect(doc.contrasts?.baseline).toBe('captureGate=none,wegueContinuation=none');
    expect(doc.contrasts?.basis).toBe('chosen');
  });
});

describe('report fixes', () => {
  it("the advantage heat map's colours are symmetric around 0; the balance plot has a fixed width; no label is cut", () => {
    const cells = cellsWith(spec(), (_c, i) => ({ wins1: [49, 50, 51, 60, 80, 90][i]!, xs: [1, 2] }));
    const plots = sweepPlots(cells);
    const heat = plots.find((p) => p.name === 'heatmap-advantage')!.spec as { layer: { encoding: { color?: { scale: unknown } } }[] };
    const scale = heat.layer[0]!.encoding.color!.scale as { domain: number[]; domainMid?: number };
    // Advantages from -1 to +40 points: the domain is -40..+40, so -1 is pale, not as dark as +40.
    expect(scale.domain).toEqual([-40, 40]);
    expect(scale.domainMid).toBeUndefined();
    const balance = plots.find((p) => p.name === 'balance')!.spec as { width: unknown; height: unknown };
    expect(balance.width).toBe(420);
    expect(balance.height).toEqual({ step: 24 });
    const text = JSON.stringify(plots.map((p) => p.spec));
    expect(text).not.toMatch(/"labelLimit":(?!0[,}])/);
    expect(text).toMatch(/"legend":\{"orient":"top"/);
  });
});

/**
 * The Vega-Lite specs of a sweep's plots, from its cells: balance (each seat's wins and the
 * draws per cell, with Wilson intervals), length (decisions per match, with t intervals),
 * completion (how matches ended), the dynamics metrics, and, for a grid of two options, heat
 * maps of the first player's advantage and of the length. Specs are plain data (JSON), so the
 * same spec can be compiled in Node (report/render.ts) or anywhere else Vega-Lite runs.
 */
import type { CellReport } from '../sweep.js';

export type VegaLiteSpec = Record<string, unknown>;

export interface Plot {
  /** File name without `.svg`. */
  name: string;
  title: string;
  spec: VegaLiteSpec;
}

const SCHEMA = 'https://vega.github.io/schema/vega-lite/v6.json';
const pct = (x: number): number => Math.round(x * 10000) / 100;
const base = (title: string, values: unknown[]): VegaLiteSpec => ({
  $schema: SCHEMA,
  title,
  data: { values },
  config: { font: 'sans-serif', view: { stroke: null } },
});

/** The label of a cell: its grid values (`rounds=1, captureGate=none`). */
export function cellLabel(c: CellReport): string {
  return Object.entries(c.values)
    .map(([k, v]) => `${k}=${String(v)}`)
    .join(', ');
}

/** The short label of a cell in a plot: its values (`none · 1`); the axis title names the options. */
export function plotLabel(c: CellReport): string {
  return Object.values(c.values).map(String).join(' · ');
}

const axisTitle = (cells: readonly CellReport[]): string => Object.keys(cells[0]?.values ?? {}).join(' · ');

// Labels and titles are never cut short (a limit of 0 is none): a cell's label names every grid value.
function cellAxis(cells: readonly CellReport[]): Record<string, unknown> {
  return { field: 'cell', type: 'nominal', title: axisTitle(cells), sort: null, axis: { labelAngle: -30, labelLimit: 0, titleLimit: 0 } };
}

/** The cells down the side (for plots whose cells would be too wide across): horizontal labels, never cut. */
function cellSideAxis(cells: readonly CellReport[]): Record<string, unknown> {
  return { field: 'cell', type: 'nominal', title: axisTitle(cells), sort: null, axis: { labelLimit: 0, titleLimit: 0 } };
}

/**
 * An interval (rule) and its point per cell; `across` puts the cells across (x) and the values
 * up (y), otherwise the cells go down (y) and the values across (x).
 */
function intervalLayers(
  cellEnc: Record<string, unknown>,
  y: string,
  lo: string,
  hi: string,
  yTitle: string,
  color?: string,
  across = true,
): unknown[] {
  const [c, v, offset] = across ? (['x', 'y', 'xOffset'] as const) : (['y', 'x', 'yOffset'] as const);
  const colour = color
    ? {
        color: { field: color, type: 'nominal', title: null, legend: { orient: 'top', direction: 'horizontal' } },
        [offset]: { field: color, type: 'nominal' },
      }
    : {};
  return [
    {
      mark: { type: 'rule', strokeWidth: 2 },
      encoding: { [c]: cellEnc, ...colour, [v]: { field: lo, type: 'quantitative', title: yTitle }, [`${v}2`]: { field: hi } },
    },
    {
      mark: { type: 'point', filled: true, size: 60 },
      encoding: {
        [c]: cellEnc,
        ...colour,
        [v]: { field: y, type: 'quantitative' },
        tooltip: [
          { field: 'cell', type: 'nominal' },
          { field: y, type: 'quantitative', format: '.2f' },
          { field: lo, type: 'quantitative', format: '.2f' },
          { field: hi, type: 'quantitative', format: '.2f' },
        ],
      },
    },
  ];
}

/** Wins per seat and draws, in percent, with 95% Wilson intervals. */
export function balanceSpec(cells: readonly CellReport[]): VegaLiteSpec {
  const rows = [];
  for (const c of cells) {
    const cell = plotLabel(c);
    for (const s of c.figures.seats)
      rows.push({ cell, series: `player ${s.seat} wins`, rate: pct(s.wins.rate), lo: pct(s.wins.lo), hi: pct(s.wins.hi) });
    const d = c.figures.draws;
    rows.push({ cell, series: 'draws', rate: pct(d.rate), lo: pct(d.lo), hi: pct(d.hi) });
  }
  // The cells go down the side: across, 3 series a cell made a plot thousands of pixels wide, its legend off-screen.
  return {
    ...base('Balance: wins by seat and draws (%, 95% Wilson intervals)', rows),
    width: 420,
    height: { step: 8 * ((cells[0]?.figures.seats.length ?? 2) + 1) },
    layer: intervalLayers(cellSideAxis(cells), 'rate', 'lo', 'hi', '% of finished matches', 'series', false),
  };
}

/** Decisions per match, with 95% t intervals. */
export function lengthSpec(cells: readonly CellReport[]): VegaLiteSpec {
  const rows = cells.map((c) => {
    const d = c.figures.duration.decisions;
    return { cell: plotLabel(c), mean: round(d.mean), lo: round(d.lo), hi: round(d.hi) };
  });
  return {
    ...base('Length: decisions per match (mean, 95% t interval)', rows),
    width: { step: 40 },
    height: 220,
    layer: intervalLayers(cellAxis(cells), 'mean', 'lo', 'hi', 'decisions per match'),
  };
}

/** How matches ended: by the rules, or by which guard (share of matches, stacked). */
export function completionSpec(cells: readonly CellReport[]): VegaLiteSpec {
  const rows = [];
  for (const c of cells) {
    const cell = plotLabel(c);
    const g = c.figures.games || 1;
    rows.push({ cell, end: 'rules', share: pct(c.figures.completion.byRules.count / g) });
    for (const [end, n] of Object.entries(c.figures.completion.guards)) rows.push({ cell, end: `guard: ${end}`, share: pct(n / g) });
  }
  return {
    ...base('Completion: how matches ended (% of matches)', rows),
    width: { step: 40 },
    height: 160,
    mark: 'bar',
    encoding: {
      x: cellAxis(cells),
      y: { field: 'share', type: 'quantitative', stack: 'zero', title: '% of matches', scale: { domain: [0, 100] } },
      color: { field: 'end', type: 'nominal', title: null },
    },
  };
}

/** Every dynamics metric's mean per cell with its t interval, one panel per metric. */
export function metricsSpec(cells: readonly CellReport[]): VegaLiteSpec | null {
  const rows = [];
  for (const c of cells) {
    for (const [metric, m] of Object.entries(c.figures.metrics))
      rows.push({ cell: plotLabel(c), metric, mean: round(m.mean), lo: round(m.lo), hi: round(m.hi) });
  }
  if (rows.length === 0) return null;
  return {
    ...base('Dynamics: mean per match (95% t intervals)', rows),
    facet: { row: { field: 'metric', type: 'nominal', title: null } },
    spec: { width: { step: 40 }, height: 90, layer: intervalLayers(cellAxis(cells), 'mean', 'lo', 'hi', 'per match') },
    resolve: { scale: { y: 'independent' } },
  };
}

const round = (x: number): number => Math.round(x * 1000) / 1000;

function heatSpec(
  cells: readonly CellReport[],
  title: string,
  field: string,
  value: (c: CellReport) => number,
  scheme: unknown,
): VegaLiteSpec {
  const names = Object.keys(cells[0]!.values);
  const [a, b] = [names[0]!, names[1]!];
  const rows = cells.map((c) => ({ [a]: String(c.values[a]), [b]: String(c.values[b]), [field]: round(value(c)) }));
  const sortOf = (n: string): string[] => [...new Set(cells.map((c) => String(c.values[n])))];
  // A diverging scheme gets a domain symmetric around 0, so -x and +x are equally dark.
  const colourScale =
    typeof scheme === 'object' && scheme !== null && (scheme as { domainMid?: number }).domainMid === 0
      ? (() => {
          const { domainMid: _mid, ...rest } = scheme as Record<string, unknown>;
          const m = Math.max(1e-9, ...rows.map((r) => Math.abs(Number(r[field]))));
          return { ...rest, domain: [-m, m] };
        })()
      : scheme;
  return {
    ...base(title, rows),
    width: { step: 70 },
    height: { step: 40 },
    encoding: {
      x: { field: a, type: 'ordinal', sort: sortOf(a), axis: { labelLimit: 0, titleLimit: 0, labelAngle: -30 } },
      y: { field: b, type: 'ordinal', sort: sortOf(b), axis: { labelLimit: 0, titleLimit: 0 } },
    },
    layer: [
      { mark: 'rect', encoding: { color: { field, type: 'quantitative', scale: colourScale } } },
      { mark: { type: 'text', fontSize: 11 }, encoding: { text: { field, type: 'quantitative', format: '.1f' } } },
    ],
  };
}

/** The plots of a sweep: heat maps only when the grid has exactly two options. */
export function sweepPlots(cells: readonly CellReport[]): Plot[] {
  const plots: Plot[] = [
    { name: 'balance', title: 'Balance', spec: balanceSpec(cells) },
    { name: 'length', title: 'Length', spec: lengthSpec(cells) },
    { name: 'completion', title: 'Completion', spec: completionSpec(cells) },
  ];
  const m = metricsSpec(cells);
  if (m) plots.push({ name: 'metrics', title: 'Dynamics', spec: m });
  if (cells.length > 0 && Object.keys(cells[0]!.values).length === 2) {
    plots.push({
      name: 'heatmap-advantage',
      title: "Heat map: first player's advantage",
      spec: heatSpec(
        cells,
        "First player's advantage (percentage points)",
        'advantage',
        (c) => 100 * c.figures.firstPlayerAdvantage.advantage,
        { scheme: 'redblue', domainMid: 0, reverse: true },
      ),
    });
    plots.push({
      name: 'heatmap-length',
      title: 'Heat map: length',
      spec: heatSpec(cells, 'Mean decisions per match', 'decisions', (c) => c.figures.duration.decisions.mean, { scheme: 'blues' }),
    });
  }
  return plots;
}

/**
 * index.html of a sweep's report: what was swept, the plots (their SVG inlined) and a table of
 * every cell's figures. No script and no inline style (report.css beside it), so it works opened
 * from disk and under a strict Content-Security-Policy.
 */
import type { MeanInterval } from '../../stats/intervals.js';
import type { Interval } from '../summary.js';
import type { SweepDocument } from './document.js';
import { cellLabel } from './specs.js';

export const REPORT_CSS = `body { font: 15px/1.45 system-ui, sans-serif; margin: 1.5rem auto; max-width: 72rem; padding: 0 1rem;
  color: #222; }
h1 { font-size: 1.4rem; } h2 { font-size: 1.15rem; margin-top: 2rem; }
dl.spec { display: grid; grid-template-columns: max-content 1fr; gap: .2rem 1rem; } dl.spec dt { font-weight: 600; }
figure { margin: 1.5rem 0; overflow-x: auto; } figcaption { font-size: .9rem; color: #555; }
table { border-collapse: collapse; font-size: .85rem; } th, td { border: 1px solid #ccc; padding: .25rem .45rem; text-align: right; }
th:first-child, td:first-child { text-align: left; } .iv { color: #666; font-size: .8em; }
.note { color: #555; font-size: .9rem; } .table { overflow-x: auto; }
td.sig { font-weight: 600; } td.base { color: #666; font-style: italic; }
`;

const esc = (t: string): string => t.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const pct = (x: number): string => `${(100 * x).toFixed(1)}`;
const rate = (i: Interval): string => `${pct(i.rate)}% <span class="iv">${pct(i.lo)}–${pct(i.hi)}</span>`;
const num = (x: number): string => (Math.abs(x) >= 100 ? x.toFixed(0) : x.toFixed(2));
const mean = (m: MeanInterval | null): string => (m ? `${num(m.mean)} <span class="iv">${num(m.lo)}–${num(m.hi)}</span>` : '–');

function cellTable(doc: SweepDocument): string {
  const seats = Math.max(0, ...doc.cells.map((c) => c.figures.seats.length));
  const metrics = [...new Set(doc.cells.flatMap((c) => Object.keys(c.figures.metrics)))].sort();
  const head = [
    'cell',
    'games',
    ...Array.from({ length: seats }, (_, i) => `player ${i + 1} wins`),
    'draws',
    "first player's advantage",
    'ended by the rules',
    'decisions',
    'turns',
    'rounds',
    'branching',
    'real choices',
    ...metrics,
  ];
  const rows = doc.cells.map((c) => {
    const f = c.figures;
    const a = f.firstPlayerAdvantage;
    const cells = [
      esc(cellLabel(c)),
      String(f.games) + (f.unfinished ? ` (${f.unfinished} unfinished)` : ''),
      ...Array.from({ length: seats }, (_, i) => (f.seats[i] ? rate(f.seats[i]!.wins) : '–')),
      rate(f.draws),
      `${a.advantage >= 0 ? '+' : ''}${pct(a.advantage)} <span class="iv">${pct(a.lo)}–${pct(a.hi)}</span>`,
      rate(f.completion.byRules),
      mean(f.duration.decisions),
      mean(f.duration.turns),
      mean(f.duration.rounds),
      mean(f.duration.branching),
      mean(f.duration.realChoices),
      ...metrics.map((m) => mean(f.metrics[m] ?? null)),
    ];
    return `<tr>${cells.map((x) => `<td>${x}</td>`).join('')}</tr>`;
  });
  return `<table><thead><tr>${head.map((h) => `<th>${esc(h)}</th>`).join('')}</tr></thead><tbody>\n${rows.join('\n')}\n</tbody></table>`;
}

/** Ludii's metrics (a sweep with --ludii-metrics): a row per metric, a column per cell, under Ludii's names. */
function ludiiTable(doc: SweepDocument): string {
  const names = [...new Set(doc.cells.flatMap((c) => Object.keys(c.ludii ?? {})))];
  if (names.length === 0) return '';
  const head = `<tr><th>Ludii's metric</th>${doc.cells.map((c) => `<th>${esc(cellLabel(c))}</th>`).join('')}</tr>`;
  const rows = names.map((n) => {
    const tds = doc.cells.map((c) => {
      const v = c.ludii?.[n];
      return `<td>${v === undefined || v.value === null ? '–' : Number.isFinite(v.value) ? v.value.toFixed(4) : String(v.value)}</td>`;
    });
    return `<tr><td>${esc(n)}</td>${tds.join('')}</tr>`;
  });
  return `<h2>Ludii's metrics</h2>
<p class="note">As Ludii's Evaluation module computes them, per cell (mean over the cell's trials where Ludii averages per trial;
– where Ludii gives none). docs/metrics.md says what a move, a turn and a state evaluation are here.</p>
<div class="table"><table><thead>${head}</thead><tbody>
${rows.join('\n')}
</tbody></table></div>`;
}

/** The concept vectors of the cells in Ludii's vocabulary: a row per concept (id, name), a column per cell. */
function conceptTable(doc: SweepDocument): string {
  const seen = new Map<string, number>();
  for (const c of doc.cells) for (const x of c.concepts ?? []) if (!seen.has(x.name)) seen.set(x.name, x.id);
  if (seen.size === 0) return '';
  const head = `<tr><th>id</th><th>Ludii's concept</th>${doc.cells.map((c) => `<th>${esc(cellLabel(c))}</th>`).join('')}</tr>`;
  const rows = [...seen].map(([name, id]) => {
    const tds = doc.cells.map((c) => {
      const v = c.concepts?.find((x) => x.name === name)?.value;
      return `<td>${v === undefined || v === null ? '–' : Number.isInteger(v) ? String(v) : v.toFixed(4)}</td>`;
    });
    return `<tr><td>${id}</td><td>${esc(name)}</td>${tds.join('')}</tr>`;
  });
  return `<h2>Concepts</h2>
<p class="note">Each cell's concepts in Ludii's vocabulary (its ids and names, Concept.java): the compilation concepts from the
ruleset's description under the cell's options; with --ludii-metrics also the playout concepts, measured from the cell's matches.</p>
<div class="table"><table><thead>${head}</thead><tbody>
${rows.join('\n')}
</tbody></table></div>`;
}

const RATES = /wins$|^draws$|^first_player_advantage$|^ended_by_rules$/;

/** The contrasts: a row per cell, a column per figure: the difference, its interval and the Holm-adjusted p-value. */
function contrastTable(doc: SweepDocument): string {
  const c = doc.contrasts;
  if (c === undefined) return '';
  const f = (name: string, x: number): string => (RATES.test(name) ? `${x >= 0 ? '+' : ''}${pct(x)}` : `${x >= 0 ? '+' : ''}${num(x)}`);
  const p = (x: number): string => (x < 0.001 ? '&lt;0.001' : x.toFixed(3));
  const rows = doc.cells.map((cell) => {
    const row = c.cells[cell.key];
    const tds = c.figures.map((name) => {
      const x = row?.[name];
      if (row === undefined) return '<td class="base">baseline</td>';
      if (x === undefined) return '<td>–</td>';
      return (
        `<td${x.pAdjusted < 0.05 ? ' class="sig"' : ''}>${f(name, x.diff)} <span class="iv">${f(name, x.lo)}–${f(name, x.hi)}` +
        ` p ${p(x.pAdjusted)}</span></td>`
      );
    });
    return `<tr><td>${esc(cellLabel(cell))}</td>${tds.join('')}</tr>`;
  });
  const head = ['cell', ...c.figures].map((h) => `<th>${esc(h.replace(/^metric_/, ''))}</th>`).join('');
  const basis = {
    defaults: "the ruleset's defaults",
    chosen: 'chosen with --baseline',
    'first cell': 'the first cell (no cell has the defaults)',
  }[c.basis];
  return `<h2>Contrasts</h2>
<p class="note">Each cell minus the baseline <strong>${esc(c.baseline)}</strong> (${esc(basis)}): the difference (rates in
percentage points), its 95% interval (Newcombe's for rates, Welch's for means) and the p-value adjusted by Holm's method over
the cells compared on that figure. Bold: adjusted p below 0.05. Also in <a href="contrasts.csv">contrasts.csv</a>.</p>
<div class="table"><table><thead><tr>${head}</tr></thead><tbody>
${rows.join('\n')}
</tbody></table></div>`;
}

/** The report page; `svgs` are the rendered plots by name, in order. */
export function reportHtml(doc: SweepDocument, svgs: readonly { name: string; title: string; svg: string }[]): string {
  const s = doc.spec;
  const fixed = Object.entries(s.options).map(([k, v]) => `${k}=${String(v)}`);
  const grids = s.grids.map((g) => `${g.name} = ${g.values.map(String).join(', ')}`);
  const spec = [
    ['ruleset', doc.ruleset],
    ['grids', grids.join('; ')],
    ['fixed options', [s.preset ? `preset ${s.preset}` : '', ...fixed].filter((x) => x).join(', ') || 'none (defaults)'],
    ['agents', `${s.agents.join(', ')} (seats rotate from match to match)`],
    ['matches per cell', `${s.games}${doc.complete ? '' : ` (${doc.played} of ${doc.planned} played so far: the sweep was interrupted)`}`],
    ['seed', String(s.seed)],
    ['sweep id', doc.id],
  ];
  const figures = svgs.map(
    (p) =>
      `<figure id="${esc(p.name)}">${p.svg.replace(/^<\?xml[^>]*>\s*/, '')}` +
      `<figcaption>${esc(p.title)} (<a href="${esc(p.name)}.svg">${esc(p.name)}.svg</a>)</figcaption></figure>`,
  );
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sweep ${esc(doc.id)}: ${esc(doc.ruleset)}</title>
<link rel="stylesheet" href="report.css">
<link rel="icon" href="data:,">
</head>
<body>
<h1>Sweep of ${esc(doc.ruleset)}: ${doc.cells.length} cells</h1>
<dl class="spec">${spec.map(([k, v]) => `<dt>${esc(k!)}</dt><dd>${esc(v!)}</dd>`).join('')}</dl>
<p class="note">Rates are shares of the finished matches with 95% Wilson intervals; means have 95% Student t intervals;
the branching factor (legal moves per decision, pooled) has the t interval of a ratio estimator. The first player's advantage
is player 1's score (wins plus shared draws) minus the fair share.</p>
${figures.join('\n')}
<h2>Cells</h2>
<div class="table">${cellTable(doc)}</div>
${contrastTable(doc)}
${ludiiTable(doc)}
${conceptTable(doc)}
<p class="note">Files: <a href="cells.csv">cells.csv</a>, <a href="sweep.json">sweep.json</a>,
<a href="matches.jsonl">matches.jsonl</a>.</p>
</body>
</html>
`;
}

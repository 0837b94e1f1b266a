/** cells.csv: one row per cell, a column per grid option and per figure (rates as fractions). */
import type { CellReport } from '../sweep.js';

const quote = (v: unknown): string => {
  const t = v === null || v === undefined ? '' : typeof v === 'number' ? String(Math.round(v * 1e6) / 1e6) : String(v);
  return /[",\n\r]/.test(t) ? `"${t.replace(/"/g, '""')}"` : t;
};

export function cellsCsv(cells: readonly CellReport[]): string {
  const grid = Object.keys(cells[0]?.values ?? {});
  const seats = Math.max(0, ...cells.map((c) => c.figures.seats.length));
  const guards = [...new Set(cells.flatMap((c) => Object.keys(c.figures.completion.guards)))].sort();
  const metrics = [...new Set(cells.flatMap((c) => Object.keys(c.figures.metrics)))].sort();
  const agents = [...new Set(cells.flatMap((c) => c.figures.agents.map((a) => a.agent)))];
  // Ludii's metrics (a sweep with --ludii-metrics): one column each, named `ludii_<Ludii's name>`, empty where Ludii gives none.
  const ludii = [...new Set(cells.flatMap((c) => Object.keys(c.ludii ?? {})))];
  // The concept vector (Ludii's names): one column each, `concept_<name>`.
  const concepts = [...new Set(cells.flatMap((c) => (c.concepts ?? []).map((x) => x.name)))];
  const iv = (name: string): string[] => [name, `${name}_lo`, `${name}_hi`];
  const header = [
    'cell',
    ...grid,
    'games',
    'unfinished',
    ...Array.from({ length: seats }, (_, i) => iv(`p${i + 1}_wins`)).flat(),
    ...iv('draws'),
    ...iv('first_player_advantage'),
    ...iv('ended_by_rules'),
    ...guards.map((g) => `guard_${g}`),
    ...iv('decisions'),
    ...iv('turns'),
    ...iv('rounds'),
    ...iv('branching'),
    ...iv('real_choices'),
    ...metrics.flatMap((m) => iv(`metric_${m}`)),
    ...agents.flatMap((a) => iv(`agent_${a}_wins`)),
    ...ludii.map((k) => `ludii_${k}`),
    ...concepts.map((k) => `concept_${k}`),
  ];
  const rows = cells.map((c) => {
    const f = c.figures;
    const d = f.duration;
    const mi = (m: { mean: number; lo: number; hi: number } | null | undefined): unknown[] => (m ? [m.mean, m.lo, m.hi] : ['', '', '']);
    const a = f.firstPlayerAdvantage;
    return [
      c.key,
      ...grid.map((g) => c.values[g]),
      f.games,
      f.unfinished,
      ...Array.from({ length: seats }, (_, i) => {
        const w = f.seats[i]?.wins;
        return w ? [w.rate, w.lo, w.hi] : ['', '', ''];
      }).flat(),
      f.draws.rate,
      f.draws.lo,
      f.draws.hi,
      a.advantage,
      a.lo,
      a.hi,
      f.completion.byRules.rate,
      f.completion.byRules.lo,
      f.completion.byRules.hi,
      ...guards.map((g) => f.completion.guards[g] ?? 0),
      ...mi(d.decisions),
      ...mi(d.turns),
      ...mi(d.rounds),
      ...mi(d.branching),
      ...mi(d.realChoices),
      ...metrics.flatMap((m) => mi(f.metrics[m])),
      ...agents.flatMap((a): unknown[] => {
        const w = f.agents.find((x) => x.agent === a)?.wins;
        return w ? [w.rate, w.lo, w.hi] : ['', '', ''];
      }),
      ...ludii.map((k) => c.ludii?.[k]?.value ?? ''),
      ...concepts.map((k) => c.concepts?.find((x) => x.name === k)?.value ?? ''),
    ];
  });
  return [header, ...rows].map((r) => r.map(quote).join(',')).join('\n') + '\n';
}

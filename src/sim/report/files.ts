/**
 * Writes a sweep's files into its folder: sweep.json, cells.csv, contrasts.csv (two cells or more), and the report (index.html,
 * report.css, one SVG per plot). Each file is written beside its place and renamed in, so a
 * reader (the server's Explore page) never sees half a file. matches.jsonl is the CLI's.
 */
import { renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { contrastsCsv } from '../contrasts.js';
import { cellsCsv } from './csv.js';
import type { SweepDocument } from './document.js';
import { REPORT_CSS, reportHtml } from './html.js';
import { renderSvg } from './render.js';
import { sweepPlots } from './specs.js';

function put(dir: string, name: string, text: string): void {
  const tmp = join(dir, `.${name}.${process.pid}.tmp`);
  writeFileSync(tmp, text);
  renameSync(tmp, join(dir, name));
}

/** Writes every file but matches.jsonl; returns the names written. */
export async function writeReport(dir: string, doc: SweepDocument): Promise<string[]> {
  const plots = sweepPlots(doc.cells);
  const svgs = [];
  for (const p of plots) svgs.push({ name: p.name, title: p.title, svg: await renderSvg(p.spec) });
  put(dir, 'sweep.json', JSON.stringify(doc, null, 2) + '\n');
  put(dir, 'cells.csv', cellsCsv(doc.cells));
  if (doc.contrasts) put(dir, 'contrasts.csv', contrastsCsv(doc.contrasts, doc.cells));
  for (const s of svgs) put(dir, `${s.name}.svg`, s.svg);
  put(dir, 'report.css', REPORT_CSS);
  put(dir, 'index.html', reportHtml(doc, svgs));
  return [
    'sweep.json',
    'cells.csv',
    ...(doc.contrasts ? ['contrasts.csv'] : []),
    ...svgs.map((s) => `${s.name}.svg`),
    'report.css',
    'index.html',
  ];
}

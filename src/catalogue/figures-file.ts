/**
 * The cached figures (src/catalogue/figures.json) on disk, for Node: the CLI and tests read and
 * write it here; the browser bundle imports the same JSON file directly.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { FiguresFile } from './figures.js';

/** The JSON file in the source tree, whether this module runs from src/ (tests) or dist/ (CLI). */
export function figuresPath(): string {
  const candidates = [new URL('./figures.json', import.meta.url), new URL('../../src/catalogue/figures.json', import.meta.url)];
  for (const u of candidates) {
    const p = fileURLToPath(u);
    if (existsSync(p)) return p;
  }
  return fileURLToPath(candidates[candidates.length - 1]!);
}

export function loadFigures(path = figuresPath()): FiguresFile {
  if (!existsSync(path)) return { format: 'gabata-figures/1', figures: [], concepts: {} };
  return JSON.parse(readFileSync(path, 'utf8')) as FiguresFile;
}

export function saveFigures(file: FiguresFile, path = figuresPath()): void {
  writeFileSync(path, JSON.stringify(file, null, 2) + '\n');
}

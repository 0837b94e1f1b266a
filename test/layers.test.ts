/**
 * The project's one-way layering, stated here (this test is its definition): each folder of src/
 * is a layer, lowest first
 *   core / stats / formats -> i18n -> games -> notation -> testing -> ai -> sim / protocol / catalogue
 *     -> server / web -> cli
 * (core: boards, tracks, state, the sowing kernel, events; stats: the numbers of many matches;
 * formats: the shapes of documents that one program writes and another reads; games: one module
 * per ruleset; notation: positions, moves, records; ai: agents; sim, protocol, catalogue: tools
 * built on them; server, web: the programs; cli: the command line, which starts the server too).
 * A module may import only from its own layer or a lower one, never from a sibling on the same
 * level (the server not from the web app, the catalogue not from the simulations: what both need
 * goes a level down), so data flows one way: a rule lives in its game module and never learns
 * about a screen or a socket. The browser app
 * never imports the server, the CLI, test scaffolding, or Node-only tools. (The project's
 * docs/architecture.md describes the layers.)
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const src = join(dirname(fileURLToPath(import.meta.url)), '..', 'src');
const LEVEL: Record<string, number> = {
  core: 0,
  /** Means, intervals, quartiles and tallies over many matches (the simulations' and the catalogue's figures); imports nothing. */
  stats: 0,
  /** Shapes of documents written by one program and read by another (a sweep's, for the server and the web app); imports nothing. */
  formats: 0,
  /** The message catalogue (`src/i18n`): words for notation, the CLI and the web app; it knows only core's types. */
  i18n: 0.5,
  games: 1,
  notation: 2,
  /** Test scaffolding (`gabata/testing`): perft, transcripts, random matches over any ruleset. */
  testing: 3,
  ai: 4,
  sim: 5,
  protocol: 5,
  catalogue: 5,
  server: 6,
  web: 6,
  /** The command line runs everything, the server too (`gabata serve`). */
  cli: 7,
};
/** Folders the browser bundle must never reach. */
const NOT_FOR_BROWSER = new Set(['server', 'cli', 'sim', 'protocol', 'testing']);

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((n) => {
    const p = join(dir, n);
    return statSync(p).isDirectory() ? files(p) : p.endsWith('.ts') && !p.endsWith('.test.ts') ? [p] : [];
  });
}

const layerOf = (file: string): string => relative(src, file).split(/[\\/]/)[0]!;

function imports(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const out: string[] = [];
  for (const m of text.matchAll(/(?:^|\n)\s*(?:import|export)\s[^;]*?from\s+['"]([^'"]+)['"]/g)) out.push(m[1]!);
  for (const m of text.matchAll(/import\(\s*['"]([^'"]+)['"]\s*\)/g)) out.push(m[1]!);
  return out.filter((s) => s.startsWith('.'));
}

describe('layers', () => {
  const all = files(src);
  it('finds the source files of every layer', () => {
    const layers = new Set(all.map(layerOf));
    for (const l of [
      'core',
      'stats',
      'formats',
      'i18n',
      'games',
      'notation',
      'testing',
      'ai',
      'sim',
      'protocol',
      'catalogue',
      'cli',
      'server',
      'web',
    ])
      expect(layers).toContain(l);
  });

  it('every folder of src/ is a layer', () => {
    expect([...new Set(all.map(layerOf))].filter((l) => !(l in LEVEL))).toEqual([]);
  });

  it('every import points to the same layer or a lower one, never to a sibling on the same level', () => {
    const bad: string[] = [];
    for (const f of all) {
      const from = layerOf(f);
      for (const spec of imports(f)) {
        const to = layerOf(resolve(dirname(f), spec));
        if (!(to in LEVEL) || to === from) continue;
        if (LEVEL[to]! >= LEVEL[from]!) bad.push(`${relative(src, f)} -> ${spec}`);
      }
    }
    expect(bad).toEqual([]);
  });

  it('the message catalogue imports nothing of ours but core', () => {
    const bad = all
      .filter((f) => layerOf(f) === 'i18n')
      .flatMap((f) => imports(f).map((spec) => ({ f, to: layerOf(resolve(dirname(f), spec)) })))
      .filter(({ to }) => to !== 'i18n' && to !== 'core')
      .map(({ f, to }) => `${relative(src, f)} -> ${to}`);
    expect(bad).toEqual([]);
  });

  it('the browser app never imports the server, the CLI, test scaffolding, or Node-only tools', () => {
    const bad: string[] = [];
    const seen = new Set<string>();
    const visit = (f: string): void => {
      if (seen.has(f)) return;
      seen.add(f);
      const text = readFileSync(f, 'utf8');
      if (/from\s+['"](node:|better-sqlite3|worker_threads|fs['"])/.test(text)) bad.push(`${relative(src, f)} uses a Node module`);
      for (const spec of imports(f)) {
        const target = resolve(dirname(f), spec).replace(/\.js$/, '.ts');
        if (NOT_FOR_BROWSER.has(layerOf(target))) bad.push(`${relative(src, f)} -> ${spec}`);
        else if (target.startsWith(src)) visit(target);
      }
    };
    for (const f of all.filter((x) => layerOf(x) === 'web')) visit(f);
    expect(bad).toEqual([]);
  });
});

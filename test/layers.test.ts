/**
 * The project's one-way layering, stated here (this test is its definition): each folder of src/
 * (the app) and of packages/engine/src/ (the engine package: core, games, notation, testing, ai,
 * protocol) is a layer, lowest first
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
 * never imports the server, the CLI, test scaffolding, or Node-only tools. The engine package
 * imports nothing but itself and Node's built-ins, and the app reaches it only by its name
 * (`@gabata/engine/<layer>`), never by a path into it. (The project's docs/architecture.md
 * describes the layers and the packages.)
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
/** The app's sources. */
const src = join(root, 'src');
/** The engine package's sources. */
const engineSrc = join(root, 'packages', 'engine', 'src');
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
  /** Test scaffolding (`@gabata/engine/testing`): perft, transcripts, random matches over any ruleset. */
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
/** The engine package's layers (packages/engine/src/<layer>); every other layer is the app's (src/<layer>). */
const ENGINE = new Set(['core', 'games', 'notation', 'testing', 'ai', 'protocol']);
/** What `@gabata/engine` alone (its main entry: core, games, notation and ai together) counts as. */
const ENGINE_MAIN = 'ai';
/** Folders the browser bundle must never reach. */
const NOT_FOR_BROWSER = new Set(['server', 'cli', 'sim', 'protocol', 'testing']);
/** Engine layers that may use Node's built-ins (the protocol's streams and processes); the others run in the browser too. */
const ENGINE_NODE = new Set(['protocol', 'testing']);

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((n) => {
    const p = join(dir, n);
    return statSync(p).isDirectory() ? files(p) : p.endsWith('.ts') && !p.endsWith('.test.ts') ? [p] : [];
  });
}

const inEngine = (file: string): boolean => file.startsWith(engineSrc + '/');
const layerOf = (file: string): string => relative(inEngine(file) ? engineSrc : src, file).split(/[\\/]/)[0]!;

/** Every module a file imports: relative paths and bare names (packages, `node:` built-ins). */
function specifiers(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const out: string[] = [];
  for (const m of text.matchAll(/(?:^|\n)\s*(?:import|export)\s[^;]*?from\s+['"]([^'"]+)['"]/g)) out.push(m[1]!);
  for (const m of text.matchAll(/import\(\s*['"]([^'"]+)['"]\s*\)/g)) out.push(m[1]!);
  return out;
}

/** The file an import of ours points to (a relative path, or the engine by name), or null for a package or built-in. */
function target(file: string, spec: string): string | null {
  if (spec.startsWith('.')) return resolve(dirname(file), spec).replace(/\.js$/, '.ts');
  const m = /^@gabata\/engine(?:\/([a-z]+))?$/.exec(spec);
  if (!m) return null;
  return m[1] ? join(engineSrc, m[1], 'index.ts') : join(engineSrc, 'index.ts');
}

/** The layer a target file belongs to (the engine's main entry counts as its highest layer). */
const targetLayer = (t: string): string => (t === join(engineSrc, 'index.ts') ? ENGINE_MAIN : layerOf(t));

describe('layers', () => {
  const app = files(src);
  const engine = files(engineSrc);
  const all = [...engine, ...app];
  it('finds the source files of every layer', () => {
    const layers = new Set(all.map(layerOf));
    for (const l of Object.keys(LEVEL)) expect(layers).toContain(l);
  });

  it('every folder of src/ and packages/engine/src/ is a layer, each in its own package', () => {
    expect([...new Set(app.map(layerOf))].filter((l) => !(l in LEVEL) || ENGINE.has(l))).toEqual([]);
    expect([...new Set(engine.filter((f) => dirname(f) !== engineSrc).map(layerOf))].filter((l) => !ENGINE.has(l))).toEqual([]);
  });

  it('every import points to the same layer or a lower one, never to a sibling on the same level', () => {
    const bad: string[] = [];
    for (const f of all) {
      if (dirname(f) === engineSrc) continue; // the engine's main entry gathers its layers
      const from = layerOf(f);
      for (const spec of specifiers(f)) {
        const t = target(f, spec);
        if (t === null) continue;
        const to = targetLayer(t);
        if (!(to in LEVEL) || to === from) continue;
        if (LEVEL[to]! >= LEVEL[from]!) bad.push(`${relative(root, f)} -> ${spec}`);
      }
    }
    expect(bad).toEqual([]);
  });

  it('the engine imports nothing but itself and Node built-ins (in its Node-only layers): zero runtime dependencies', () => {
    const bad: string[] = [];
    for (const f of engine) {
      for (const spec of specifiers(f)) {
        if (spec.startsWith('.')) {
          if (!resolve(dirname(f), spec).startsWith(engineSrc + '/')) bad.push(`${relative(root, f)} -> ${spec} (outside the package)`);
        } else if (!spec.startsWith('node:') || !ENGINE_NODE.has(layerOf(f))) bad.push(`${relative(root, f)} -> ${spec}`);
      }
    }
    expect(bad).toEqual([]);
    const pkg = JSON.parse(readFileSync(join(root, 'packages', 'engine', 'package.json'), 'utf8')) as Record<string, unknown>;
    for (const field of ['dependencies', 'peerDependencies', 'optionalDependencies', 'bundleDependencies', 'scripts']) {
      expect(pkg[field], field).toBeUndefined();
    }
  });

  it('the app reaches the engine by its name only, never by a path into packages/', () => {
    const bad = app.flatMap((f) =>
      specifiers(f)
        .filter((spec) => spec.startsWith('.') && !resolve(dirname(f), spec).startsWith(src + '/'))
        .map((spec) => `${relative(root, f)} -> ${spec}`),
    );
    expect(bad).toEqual([]);
  });

  it('the message catalogue imports nothing of ours but core', () => {
    const bad = app
      .filter((f) => layerOf(f) === 'i18n')
      .flatMap((f) => specifiers(f).map((spec) => ({ f, t: target(f, spec) })))
      .filter(({ t }) => t !== null && layerOf(t) !== 'i18n' && layerOf(t) !== 'core')
      .map(({ f, t }) => `${relative(root, f)} -> ${layerOf(t!)}`);
    expect(bad).toEqual([]);
  });

  it('the browser app never imports the server, the CLI, test scaffolding, or Node-only tools', () => {
    const bad: string[] = [];
    const seen = new Set<string>();
    const visit = (f: string): void => {
      if (seen.has(f)) return;
      seen.add(f);
      const text = readFileSync(f, 'utf8');
      if (/from\s+['"](node:|better-sqlite3|worker_threads|fs['"])/.test(text)) bad.push(`${relative(root, f)} uses a Node module`);
      for (const spec of specifiers(f)) {
        const t = target(f, spec);
        if (t === null) continue;
        if (NOT_FOR_BROWSER.has(targetLayer(t))) bad.push(`${relative(root, f)} -> ${spec}`);
        else visit(t);
      }
    };
    for (const f of app.filter((x) => layerOf(x) === 'web')) visit(f);
    expect(seen.size).toBeGreaterThan(app.filter((x) => layerOf(x) === 'web').length);
    expect(bad).toEqual([]);
  });
});

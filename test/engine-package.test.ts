/**
 * The engine as a package of its own (packages/engine, `@gabata/engine`), as a user gets it: its
 * build, packed by npm, installed into an empty project with nothing else, running its README's
 * example. It has no runtime dependency, its exports each name built code and types, and the test
 * scaffolding sits behind `@gabata/engine/testing`, not in the rules kernel's entry. The app
 * package, for its part, ships the JSON files its commands read beside dist/.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { perft as sourcePerft, randomPlaythrough as sourcePlaythrough } from '../packages/engine/src/core/debug.js';
import { unwrap } from '../packages/engine/src/core/errors.js';
import { PHASE_OVER } from '../packages/engine/src/core/state.js';
import { getRuleset } from '../packages/engine/src/games/index.js';
import { parsePosition } from '../packages/engine/src/notation/position.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const engineDir = join(root, 'packages', 'engine');
const dist = join(engineDir, 'dist');
const SCAFFOLDING = ['perft', 'randomPlaythrough', 'describeState'] as const;

interface PackFile {
  path: string;
}
/** `npm pack` of a package folder: its tarball's name and the files in it. */
function pack(dir: string, dest: string | null): { filename: string; files: PackFile[] } {
  const args = ['pack', '--json', '--ignore-scripts', ...(dest ? ['--pack-destination', dest] : ['--dry-run'])];
  const out = execFileSync('npm', args, { cwd: dir, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  return (JSON.parse(out) as { filename: string; files: PackFile[] }[])[0]!;
}

/** The JavaScript example of the engine's README. */
function readmeExample(): string {
  const readme = readFileSync(join(engineDir, 'README.md'), 'utf8');
  const m = /```js\n([\s\S]*?)```/.exec(readme);
  if (!m) throw new Error('packages/engine/README.md has no js example');
  return m[1]!;
}

beforeAll(() => {
  for (const f of ['index.js', 'core/index.js', 'testing/index.js']) {
    if (!existsSync(join(dist, f))) throw new Error(`${join(dist, f)} is missing: build first (npm run build)`);
  }
});

describe('@gabata/engine: its package.json', () => {
  const pkg = JSON.parse(readFileSync(join(engineDir, 'package.json'), 'utf8')) as {
    name: string;
    exports: Record<string, string | Record<string, string>>;
    files: string[];
    [k: string]: unknown;
  };

  it('has no runtime dependency and no install script', () => {
    expect(pkg.name).toBe('@gabata/engine');
    for (const field of ['dependencies', 'peerDependencies', 'optionalDependencies', 'scripts', 'gypfile'])
      expect(pkg[field], field).toBeUndefined();
  });

  it('maps each entry to built code and types that exist, and (for the repository only) to its source', () => {
    const entries = Object.entries(pkg.exports).filter(([k]) => k !== './package.json');
    expect(entries.map(([k]) => k).sort()).toEqual(['.', './ai', './core', './games', './notation', './protocol', './testing']);
    for (const [key, target] of entries) {
      if (typeof target === 'string') throw new Error(`${key}: a bare path, without types`);
      expect(Object.keys(target), key).toEqual(['@gabata/source', 'types', 'default']);
      for (const file of Object.values(target)) expect(existsSync(join(engineDir, file)), `${key}: ${file}`).toBe(true);
      expect(target.default, key).toMatch(/^\.\/dist\/.*\.js$/);
      expect(target.types, key).toBe(target.default!.replace(/\.js$/, '.d.ts'));
    }
  });
});

describe('@gabata/engine/testing holds the test scaffolding, @gabata/engine/core does not', () => {
  let core: Record<string, unknown>;
  let testing: Record<string, unknown>;
  beforeAll(async () => {
    core = (await import(pathToFileURL(join(dist, 'core/index.js')).href)) as Record<string, unknown>;
    testing = (await import(pathToFileURL(join(dist, 'testing/index.js')).href)) as Record<string, unknown>;
  });

  it('core does not export perft, randomPlaythrough or describeState', () => {
    for (const name of SCAFFOLDING) expect(core, name).not.toHaveProperty(name);
    // Still the rules kernel: the entry did not lose what programs use.
    for (const name of ['MAX_MOVES', 'unwrap', 'State', 'Rng', 'playRandomMatch']) expect(core, name).toHaveProperty(name);
  });

  it('testing exports them, and the built ones count and play as the source does', async () => {
    for (const name of [...SCAFFOLDING, 'playRandomMatch']) expect(typeof testing[name], name).toBe('function');
    const games = (await import(
      pathToFileURL(join(dist, 'games/index.js')).href
    )) as typeof import('../packages/engine/src/games/index.js');
    const { perft, randomPlaythrough } = testing as typeof import('../packages/engine/src/testing/index.js');
    const game = unwrap(unwrap(games.getRuleset('gabata-adowa')).create({}));
    const source = unwrap(unwrap(getRuleset('gabata-adowa')).create({}));
    expect(perft(game, game.newState(1), 2)).toBe(sourcePerft(source, source.newState(1), 2));
    expect(randomPlaythrough(game, 7, 3)).toBe(sourcePlaythrough(source, 7, 3));
  });
});

describe('@gabata/engine packed and installed alone, as a game-AI developer gets it', () => {
  let tmp: string;
  let packed: { filename: string; files: PackFile[] };
  beforeAll(() => {
    tmp = mkdtempSync(join(tmpdir(), 'gabata-engine-'));
    packed = pack(engineDir, tmp);
    const project = join(tmp, 'project');
    execFileSync('mkdir', ['-p', project]);
    writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'uses-engine', private: true, type: 'module' }));
    // Offline: a package with no dependency needs nothing from a registry.
    execFileSync('npm', ['install', '--offline', '--no-audit', '--no-fund', join(tmp, packed.filename)], { cwd: project, stdio: 'pipe' });
    writeFileSync(join(project, 'example.mjs'), readmeExample());
  });
  afterAll(() => {
    if (tmp) rmSync(tmp, { recursive: true, force: true });
  });

  it('ships its build, types and README, not its sources or tests', () => {
    const paths = packed.files.map((f) => f.path);
    expect(paths).toContain('dist/index.js');
    expect(paths).toContain('dist/index.d.ts');
    expect(paths).toContain('dist/protocol/search-worker.js');
    expect(paths).toContain('README.md');
    expect(paths.filter((p) => !/^dist\/|^README\.md$|^package\.json$/.test(p))).toEqual([]);
    expect(paths.filter((p) => /\.test\./.test(p))).toEqual([]);
  });

  it('installs nothing but itself', () => {
    const lock = JSON.parse(readFileSync(join(tmp, 'project', 'package-lock.json'), 'utf8')) as { packages: Record<string, unknown> };
    expect(Object.keys(lock.packages).filter((k) => k !== '')).toEqual(['node_modules/@gabata/engine']);
  });

  it("runs its README's example, the same game each time", () => {
    const run = (): string => execFileSync(process.execPath, ['example.mjs'], { cwd: join(tmp, 'project'), encoding: 'utf8' });
    const out = run();
    const lines = out.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^player 1 to move: \d+( \d+)*$/);
    expect(lines[1]).toMatch(/^over after \d+ plies; player 1 gets (0|0\.5|1), player 2 gets (0|0\.5|1)$/);
    // The last line is the final position, which the notation reads back as a finished game.
    const end = parsePosition(lines[2]!);
    if (!end.ok) throw new Error(end.error.message);
    expect(end.value.game.ruleset.info.id).toBe('gabata-adowa');
    expect(end.value.state.phase).toBe(PHASE_OVER);
    expect(run()).toBe(out);
  });
});

describe('the app package ships what its commands read beside dist/', () => {
  it('the catalogue JSON files (`race --check` reads race-selus.json)', () => {
    const paths = pack(root, null).files.map((f) => f.path);
    expect(paths).toContain('src/catalogue/race-selus.json');
    expect(paths).toContain('src/catalogue/figures.json');
    expect(paths).toContain('dist/cli/main.js');
    expect(paths.filter((p) => p.startsWith('packages/'))).toEqual([]);
  });
});

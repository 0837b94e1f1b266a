/**
 * Test scaffolding lives behind `gabata/testing`, not the public `gabata/core` entry: the built
 * entry points (what `package.json` "exports" names) are imported as a user would get them.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { perft as sourcePerft, randomPlaythrough as sourcePlaythrough } from '../packages/engine/src/core/debug.js';
import { unwrap } from '../packages/engine/src/core/errors.js';
import { getRuleset } from '../packages/engine/src/games/index.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const SCAFFOLDING = ['perft', 'randomPlaythrough', 'describeState'] as const;

describe('gabata/testing holds the test scaffolding, gabata/core does not', () => {
  let core: Record<string, unknown>;
  let testing: Record<string, unknown>;
  beforeAll(async () => {
    for (const entry of ['core', 'testing']) {
      const file = join(root, 'dist', entry, 'index.js');
      if (!existsSync(file)) throw new Error(`${file} is missing: build first with npx tsc -p tsconfig.json`);
    }
    core = (await import(pathToFileURL(join(root, 'dist/core/index.js')).href)) as Record<string, unknown>;
    testing = (await import(pathToFileURL(join(root, 'dist/testing/index.js')).href)) as Record<string, unknown>;
  });

  it('gabata/core does not export perft, randomPlaythrough or describeState', () => {
    for (const name of SCAFFOLDING) expect(core, name).not.toHaveProperty(name);
    // Still the rules kernel: the entry did not lose what programs use.
    for (const name of ['MAX_MOVES', 'unwrap', 'State', 'Rng', 'playRandomMatch']) expect(core, name).toHaveProperty(name);
  });

  it('gabata/testing exports them, and they work on a ruleset', async () => {
    for (const name of [...SCAFFOLDING, 'playRandomMatch']) expect(typeof testing[name], name).toBe('function');
    const games = (await import(pathToFileURL(join(root, 'dist/games/index.js')).href)) as typeof import('../packages/engine/src/games/index.js');
    const { perft, randomPlaythrough } = testing as typeof import('../packages/engine/src/testing/index.js');
    const ruleset = games.getRuleset('gabata-adowa');
    if (!ruleset.ok) throw new Error(ruleset.error.message);
    const game = ruleset.value.create({});
    if (!game.ok) throw new Error(game.error.message);
    // The same functions as the source's: the built entry gives the source's counts and transcripts.
    const source = unwrap(unwrap(getRuleset('gabata-adowa')).create({}));
    expect(perft(game.value, game.value.newState(1), 2)).toBe(sourcePerft(source, source.newState(1), 2));
    expect(randomPlaythrough(game.value, 7, 3)).toBe(sourcePlaythrough(source, 7, 3));
  });

  it('package.json maps gabata/testing to the built entry, types and code, like the others', () => {
    const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { exports: Record<string, unknown> };
    expect(pkg.exports['./testing']).toEqual({ types: './dist/testing/index.d.ts', default: './dist/testing/index.js' });
  });
});

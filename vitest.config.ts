import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig } from 'vitest/config';

const ENGINE_SRC = join(dirname(fileURLToPath(import.meta.url)), 'packages', 'engine', 'src');

/** The test files that drive the browser (they import playwright-core): left out by `npm run test:unit`. */
function browserTests(): string[] {
  return readdirSync('test')
    .filter((f) => f.endsWith('.test.ts'))
    .map((f) => join('test', f))
    .filter((f) => readFileSync(f, 'utf8').includes("from 'playwright-core'"));
}

// `vitest run --mode unit` (npm run test:unit): the Node tests only, for the inner loop.
export default defineConfig(({ mode }) => ({
  // The engine package (packages/engine) is imported by name; tests run its TypeScript sources
  // (what the "@gabata/source" condition of its exports names), not its build. An alias, not a
  // resolve condition: a condition would reach the Node processes and worker threads the tests
  // start, which run the builds and cannot load TypeScript.
  resolve: {
    alias: [
      { find: /^@gabata\/engine$/, replacement: join(ENGINE_SRC, 'index.ts') },
      { find: /^@gabata\/engine\/([a-z]+)$/, replacement: join(ENGINE_SRC, '$1', 'index.ts') },
    ],
  },
  test: {
    include: ['src/**/*.test.ts', 'packages/*/src/**/*.test.ts', 'test/**/*.test.ts'],
    exclude: mode === 'unit' ? [...configDefaults.exclude, ...browserTests()] : configDefaults.exclude,
    // Registers the fixture rulesets GABATA_EXTRA_RULESETS names (nothing when it is unset).
    setupFiles: ['test/setup-rulesets.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
}));

/**
 * Selus golden playthroughs: seeded random games written as transcripts (one line per decision,
 * the race as a joint move `p1|p2`). Any change to the rules shows up as a diff of these files.
 * To (re)create them after a reviewed rules change:
 *   UPDATE_GOLDEN=1 npx vitest run test/selus-golden.test.ts
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { randomPlaythrough } from '../packages/engine/src/core/debug.js';
import { unwrap } from '../packages/engine/src/core/errors.js';
import { selus } from '../packages/engine/src/games/selus.js';

const here = dirname(fileURLToPath(import.meta.url));

describe('Selus golden playthroughs', () => {
  const cases: [number, Record<string, unknown>][] = [
    // Random players concede often, so most transcripts switch the concession off to play on.
    [1, { concession: 'off' }],
    [2, { concession: 'off', nedfFirstScope: 'global', guardianScope: 'latestNedf', selusRaceStart: 'closestToOpponent' }],
    [3, { preset: 'ludii' }],
    [4, {}],
  ];
  for (const [seed, options] of cases) {
    it(`transcript selus-${seed} (${JSON.stringify(options)}) is unchanged`, () => {
      const path = join(here, 'golden', `selus-${seed}.txt`);
      const text = randomPlaythrough(unwrap(selus.create(options)), seed);
      expect(text).toMatch(/winner=[012]\n$/);
      if (process.env['UPDATE_GOLDEN'] === '1') {
        mkdirSync(dirname(path), { recursive: true });
        writeFileSync(path, text);
      }
      if (!existsSync(path)) {
        throw new Error(`missing ${path}: run UPDATE_GOLDEN=1 npx vitest run test/selus-golden.test.ts and review the new file`);
      }
      expect(text).toBe(readFileSync(path, 'utf8'));
    });
  }
});

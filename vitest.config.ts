import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // Registers the fixture rulesets GABATA_EXTRA_RULESETS names (nothing when it is unset).
    setupFiles: ['test/setup-rulesets.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});

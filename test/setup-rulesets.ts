/**
 * Test setup (vitest.config.ts `setupFiles`): registers the fixture rulesets that
 * GABATA_EXTRA_RULESETS names (comma-separated, e.g. `kalah`), so that every RULESETS-wide suite
 * runs with them too (.ci/run does so for the conformance suites). Only the tests read the
 * variable; the shipped CLI, server and web never do. Unset, this file imports nothing.
 */

/** The fixtures a test run may register, by the name GABATA_EXTRA_RULESETS gives, and their modules. */
const FIXTURES: Readonly<Record<string, () => Promise<{ readonly ruleset: import('../packages/engine/src/core/game.js').Ruleset }>>> = {
  kalah: async () => ({ ruleset: (await import('./fixtures/kalah/kalah.js')).kalah }),
};

const wanted = (process.env['GABATA_EXTRA_RULESETS'] ?? '')
  .split(',')
  .map((x) => x.trim())
  .filter((x) => x !== '');
if (wanted.length > 0) {
  const { RULESETS, registerRuleset } = await import('../packages/engine/src/games/index.js');
  for (const name of wanted) {
    const load = FIXTURES[name];
    if (load === undefined)
      throw new Error(`GABATA_EXTRA_RULESETS: no fixture ruleset '${name}'; known: ${Object.keys(FIXTURES).join(', ')}`);
    const { ruleset } = await load();
    if (!RULESETS.includes(ruleset)) registerRuleset(ruleset);
  }
}

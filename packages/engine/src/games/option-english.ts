/**
 * The English words of the rule options for the app's message catalogue, made from the options'
 * own declarations (`question` and `explain`, ../core/options.ts): `options.opt.<name>.label` and
 * `.values.<value>` are the general words of an option name, `options.in.<ruleset>.<name>...` a
 * ruleset's own words where they differ (what a stuck round does in Selus, what ends a Gifia
 * match). The translations write theirs by the same keys; the web app looks in `in` first.
 *
 * The general words of an option shared by several rulesets are its builder's, called with no
 * words of a ruleset's own (GENERAL below); an option of one game has its first declaration's.
 * So a translation keeps one text per meaning, and a ruleset that words a shared option its own
 * way gets keys of its own rather than changing the words of the others.
 */
import {
  firstPlayerOption,
  maxLapsPerTurnOption,
  maxTurnsPerRoundOption,
  type OptionSpec,
  perpetualMoveOption,
  roundStalemateOption,
  roundStarterOption,
  roundsOption,
  skipOriginOption,
} from '../core/options.js';
import { openingModeOption, raceOptions } from '../core/race.js';
import type { Ruleset } from '../core/game.js';

const NO_REFS = { tickOrder: [], tie: [], loserCompletion: [], loopResolution: [] };

/** The shared options in their general words, by name. */
const GENERAL: ReadonlyMap<string, OptionSpec> = new Map(
  [
    perpetualMoveOption({}),
    maxLapsPerTurnOption({ min: 0 }),
    maxTurnsPerRoundOption({ min: 0 }),
    roundStalemateOption({}),
    skipOriginOption({}),
    roundsOption({}),
    firstPlayerOption({ players: 3 }),
    roundStarterOption({}),
    openingModeOption({ scope: 'game', refs: [] }),
    ...raceOptions(NO_REFS),
  ].map((o) => [o.name, o]),
);

/** An option's words as message keys under its base: `label`, `values.<value>`. */
function wordsOf(o: OptionSpec): Record<string, string> {
  const out: Record<string, string> = { label: o.question };
  for (const [value, text] of Object.entries(o.explain)) if (text !== undefined) out[`values.${value}`] = text;
  return out;
}

/**
 * The English option messages of a ruleset (dotted keys under `options.`). `general` gives the
 * general declaration of an option name that no shared builder has: the first ruleset's that
 * declared it (../games/index.ts keeps them as rulesets register).
 */
export function optionEnglishOf(ruleset: Ruleset, general: Map<string, OptionSpec>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const o of ruleset.options) {
    const base = GENERAL.get(o.name) ?? general.get(o.name) ?? o;
    if (!general.has(o.name)) general.set(o.name, base);
    const shared = wordsOf(base);
    for (const [key, text] of Object.entries(shared)) out[`options.opt.${o.name}.${key}`] = text;
    for (const [key, text] of Object.entries(wordsOf(o))) {
      if (shared[key] !== text) out[`options.in.${ruleset.info.id}.${o.name}.${key}`] = text;
    }
  }
  return out;
}

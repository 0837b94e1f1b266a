/**
 * The registry of rulesets. Tools find a ruleset here by id or alias; nothing else in Gabata
 * names a particular game.
 */
import { err, ok, type Result } from '../core/errors.js';
import type { Ruleset } from '../core/game.js';
import { addEnglishMessages } from '../core/derived-texts.js';
import { gabataAdowa, gabataAksum } from './gabata.js';
import { gifia } from './gifia.js';
import { selus } from './selus.js';
import { abalalae } from './abalalae.js';
import { englishOf } from './info/english.js';
import { optionEnglishOf } from './option-english.js';
import type { OptionSpec } from '../core/options.js';
// registry-imports (each ruleset module adds its import line above this comment)

const REGISTRY: Ruleset[] = [
  gabataAdowa,
  gabataAksum,
  gifia,
  selus,
  abalalae,
  // registry-entries (each ruleset module adds its entry above this comment)
];

/** The general declaration of each option name that no shared builder has: the first registered ruleset's. */
const GENERAL_OPTIONS = new Map<string, OptionSpec>();

/** A ruleset's English texts (clauses, name, readings, option words), written only in its description and options. */
function addEnglishOf(r: Ruleset): void {
  addEnglishMessages({ ...englishOf(r.info), ...optionEnglishOf(r, GENERAL_OPTIONS) }, r.info.shipped, r.info.id);
}

for (const r of REGISTRY) addEnglishOf(r);

/** Every registered ruleset, in registration order. */
export const RULESETS: readonly Ruleset[] = REGISTRY;

/**
 * Adds a ruleset that is not shipped (a test fixture such as test/fixtures/kalah, a plug-in) to
 * the registry: `RULESETS` and `getRuleset` know it from then on. No shipped code path calls it.
 * A ruleset whose id, name or alias a registered one already answers to is refused.
 */
export function registerRuleset(ruleset: Ruleset): void {
  const names = [ruleset.info.id, ruleset.info.name, ...ruleset.info.aliases];
  for (const name of names) {
    const taken = getRuleset(name);
    if (taken.ok) throw new Error(`ruleset '${ruleset.info.id}': the name '${name}' is taken by '${taken.value.info.id}'`);
  }
  REGISTRY.push(ruleset);
  // Its English texts (clauses, name, option words), written only in its description, join the message catalogue.
  addEnglishOf(ruleset);
}

/**
 * The one normalisation of a ruleset name: Unicode NFC (so a decomposed `é` matches), lower case,
 * and the typographic apostrophes (’ ‘ ʼ) read as `'`, so that `ABALALA’E` finds `Abalala'e`.
 * Nothing else is ignored: spaces, other punctuation and trailing text make a name unknown.
 */
export function normaliseRulesetName(name: string): string {
  return name
    .normalize('NFC')
    .toLowerCase()
    .replace(/[\u2018\u2019\u02bc]/g, "'");
}

/** Finds a ruleset by id, listed alias or display name, ignoring only case and apostrophe style. */
export function getRuleset(name: string): Result<Ruleset> {
  const key = normaliseRulesetName(String(name));
  const found = RULESETS.find((r) => [r.info.id, r.info.name, ...r.info.aliases].some((n) => normaliseRulesetName(n) === key));
  if (found) return ok(found);
  const shown = String(name).length > 60 ? `${String(name).slice(0, 60)}...` : String(name);
  return err('ERR_UNKNOWN_RULESET', `unknown ruleset '${shown}'; known: ${RULESETS.map((r) => r.info.id).join(', ')}`, shown);
}

// Each shipped ruleset's description (the catalogue builds its entries on them).
export { ABALALAE_INFO } from './info/abalalae.js';
export { ADOWA_INFO } from './info/gabata-adowa.js';
export { AKSUM_INFO } from './info/gabata-aksum.js';
export { GIFIA_INFO } from './info/gifia.js';
export { SELUS_INFO } from './info/selus.js';

/**
 * The registry of rulesets. Tools find a ruleset here by id or alias; nothing else in Gabata
 * names a particular game.
 */
import { err, ok, type Result } from '../core/errors.js';
import type { Ruleset } from '../core/game.js';
import { gabataAdowa, gabataAksum } from './gabata.js';
import { gifia } from './gifia.js';
import { selus } from './selus.js';
import { abalalae } from './abalalae.js';
// registry-imports (each ruleset module adds its import line above this comment)

export const RULESETS: readonly Ruleset[] = [
  gabataAdowa,
  gabataAksum,
  gifia,
  selus,
  abalalae,
  // registry-entries (each ruleset module adds its entry above this comment)
];

const norm = (s: string): string => s.toLowerCase().replace(/[^a-z0-9]+/g, '');

/** Finds a ruleset by id or alias (case and punctuation ignored: `Abalala'e` = `abalalae`). */
export function getRuleset(name: string): Result<Ruleset> {
  const key = norm(name);
  for (const r of RULESETS) {
    if (norm(r.info.id) === key || r.info.aliases.some((a) => norm(a) === key) || norm(r.info.name) === key) return ok(r);
  }
  return err('ERR_UNKNOWN_RULESET', `unknown ruleset '${name}'; known: ${RULESETS.map((r) => r.info.id).join(', ')}`, name);
}

/**
 * The English messages a ruleset's description makes (src/i18n/derived.ts): its clauses in one
 * short sentence (`clause.<id>`) and its name (`game.<id>.name`). They are written only in the
 * description; every language falls back to them where it has no translation.
 */
import type { RulesetInfo } from '../../core/game.js';

export function englishOf(info: RulesetInfo): Record<string, string> {
  const out: Record<string, string> = { [`game.${info.id}.name`]: info.name };
  for (const c of info.clauses) out[`clause.${c.id}`] = c.short;
  return out;
}

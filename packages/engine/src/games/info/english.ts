/**
 * The English messages a ruleset's description makes (../../core/derived-texts.ts): its clauses in one
 * short sentence (`clause.<id>`), its name (`game.<id>.name`) and its reconstructed readings
 * (`prose.<id>.reading<n>`, as the catalogue page shows them). They are written only in the
 * description; every language falls back to them where it has no translation.
 */
import { asMessage, keySlug as slug } from '../../core/derived-texts.js';
import type { RulesetInfo } from '../../core/game.js';

export { asMessage };

export function englishOf(info: RulesetInfo): Record<string, string> {
  const out: Record<string, string> = { [`game.${info.id}.name`]: info.name };
  for (const c of info.clauses) out[`clause.${c.id}`] = c.short;
  for (const [i, r] of info.reconstructions.entries()) out[`prose.${slug(info.id)}.reading${i + 1}`] = asMessage(r.text);
  return out;
}

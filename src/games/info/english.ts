/**
 * The English messages a ruleset's description makes (src/i18n/derived.ts): its clauses in one
 * short sentence (`clause.<id>`), its name (`game.<id>.name`) and its reconstructed readings
 * (`prose.<id>.reading<n>`, as the catalogue page shows them). They are written only in the
 * description; every language falls back to them where it has no translation.
 */
import type { RulesetInfo } from '../../core/game.js';

/**
 * A text as a message: the identifiers it names (a clause `SEL-08`, a record `DLP.Evidence.664`)
 * become variables (`{{sel08}}`, `{{dlp664}}`), which keep their Latin letters in every language
 * (the catalogue page passes them: PROSE_TERMS in src/web/catalogue/text.ts).
 */
export const asMessage = (text: string): string =>
  text
    .replace(/\b([A-Z]{3})-(\d{2})\b/g, (_, family: string, n: string) => `{{${family.toLowerCase()}${n}}}`)
    .replace(/\bDLP\.Evidence\.(\d+)\b/g, '{{dlp$1}}');

/** The key part of a ruleset id (as the catalogue page's `slug`). */
const slug = (id: string): string => id.replace(/[^\w-]+/g, '-');

export function englishOf(info: RulesetInfo): Record<string, string> {
  const out: Record<string, string> = { [`game.${info.id}.name`]: info.name };
  for (const c of info.clauses) out[`clause.${c.id}`] = c.short;
  for (const [i, r] of info.reconstructions.entries()) out[`prose.${slug(info.id)}.reading${i + 1}`] = asMessage(r.text);
  return out;
}

/**
 * The English `prose.*` messages of the catalogue (the engine's core/derived-texts.ts): our own words about each
 * game (description, history, notes, evidence summaries), written only in its entry
 * (./entries.ts). Translations write theirs in src/i18n/locales/areas/prose.ts by the same keys.
 */
import { asMessage, keySlug as slug } from '@gabata/engine/core';
import type { CatalogueEntry } from './types.js';

/** The key part of an id (as the catalogue page's `slug`). */

export function catalogueEnglish(entries: readonly CatalogueEntry[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const e of entries) {
    const at = `prose.${slug(e.rulesetId)}`;
    for (const [i, p] of e.description.entries()) out[`${at}.description${i + 1}`] = asMessage(p);
    for (const [i, p] of e.history.entries()) out[`${at}.history${i + 1}`] = asMessage(p);
    for (const [i, src] of e.sources.entries()) if (src.note) out[`${at}.sourceNote${i + 1}`] = asMessage(src.note);
    for (const note of ['identifiersNote', 'similarNote', 'evidenceNote'] as const) {
      const text = e[note];
      if (text) out[`${at}.${note}`] = asMessage(text);
    }
    for (const r of e.evidence) {
      const rec = `${at}.${slug(r.id)}`;
      out[`${rec}.rules`] = asMessage(r.rulesParaphrase);
      out[`${rec}.content`] = asMessage(r.contentSummary);
      if (r.note) out[`${rec}.note`] = asMessage(r.note);
      if (r.place.basis === 'approximate' && r.place.note) out[`${rec}.placeNote`] = asMessage(r.place.note);
    }
  }
  return out;
}

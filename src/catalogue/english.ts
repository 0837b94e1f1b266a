/**
 * The English messages of the catalogue (the engine's core/derived-texts.ts): each game's first
 * lines (`game.<id>.oneLine`, `.origin`; its name, `game.<id>.name`, comes from its ruleset's
 * description) and our own words about it (`prose.*`: description, history, notes, evidence
 * summaries), written only in its entry (./entries.ts). Translations write theirs in
 * src/i18n/locales/ (am.ts, ti.ts `game`; areas/prose.ts) by the same keys.
 */
import { asMessage, keySlug as slug } from '@gabata/engine/core';
import type { CatalogueEntry } from './types.js';

export function catalogueEnglish(entries: readonly CatalogueEntry[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const e of entries) {
    out[`game.${e.rulesetId}.oneLine`] = e.oneLine;
    out[`game.${e.rulesetId}.origin`] = e.origin;
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

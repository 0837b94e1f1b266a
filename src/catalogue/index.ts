/**
 * The catalogue of games: the typed entries (entries.ts), their validation, the concepts computed
 * from each ruleset and the measured figures. Browser-safe (no Node modules); the figures file
 * on disk is handled by figures-file.ts, and figures are measured by figures-measure.ts (which plays
 * matches through the simulation layer).
 */
import type { Ruleset } from '@gabata/engine/core';
import { CATALOGUE } from './entries.js';
import type { CatalogueEntry } from './types.js';

export { CATALOGUE } from './entries.js';
export { catalogueProblems, entryProblems, validateCatalogue } from './validate.js';
export { computeConcepts, type Concepts } from './concepts.js';
export { figuresProblems, POLICY, type Figures, type FiguresFile } from './figures.js';
export { parseDms, dmsToDecimal } from './dms.js';
export type * from './types.js';

/** The entry of a ruleset id, if it has one. */
export function entryFor(rulesetId: string): CatalogueEntry | undefined {
  return CATALOGUE.find((e) => e.rulesetId === rulesetId);
}

/** The registered rulesets, each with its entry (rulesets without an entry are left out). */
export function catalogueOf(rulesets: readonly Ruleset[]): { ruleset: Ruleset; entry: CatalogueEntry }[] {
  const out: { ruleset: Ruleset; entry: CatalogueEntry }[] = [];
  for (const r of rulesets) {
    const entry = entryFor(r.info.id);
    if (entry) out.push({ ruleset: r, entry });
  }
  return out;
}

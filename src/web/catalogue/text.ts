/**
 * Every word the catalogue pages show, in the page's language (the message catalogue's `cat.*`,
 * `game.*`, `region.*` and `country.*` keys; src/i18n/locales/).
 */
import type { CatalogueEntry, Place } from '../../catalogue/types.js';
import { captureWords, catalogueWords } from '../../i18n/web-words.js';
import { I18N } from '../text.js';

/** The catalogue pages' labels. */
export const CT = catalogueWords(I18N);

/** Words for capture kinds and clause-named captures. */
export const CAPTURE_WORDS: Record<string, string> = captureWords(I18N);

/** A place named in the page's language (its country too); where it is stays as it was. */
function localPlace(p: Place): Place {
  return { ...p, name: I18N.lookup(`place.${p.name}`) ?? p.name, country: I18N.lookup(`country.${p.country}`) ?? p.country };
}

/**
 * A catalogue entry with its first lines in the page's language: the game's name, one-line text,
 * origin, region, period, kind of board, places and rule clauses (the rest of the entry, quoted from the sources, stays as they word it).
 */
export function localEntry(e: CatalogueEntry): CatalogueEntry {
  const game = (field: string): string | undefined => I18N.lookup(`game.${e.rulesetId}.${field}`);
  return {
    ...e,
    name: game('name') ?? e.name,
    oneLine: game('oneLine') ?? e.oneLine,
    origin: game('origin') ?? e.origin,
    region: I18N.lookup(`region.${e.region}`) ?? e.region,
    period: I18N.lookup(`cat.periodName.${e.period}`) ?? e.period,
    // 'Board' and 'Sow' (every game's) stay: the pages leave them out by those names.
    category: e.category.map((c) => I18N.lookup(`cat.categoryName.${c}`) ?? c),
    // The rules clause by clause: in English the entry's own paraphrase, in a translation the catalogue's.
    clauses: I18N.lang === 'en' ? e.clauses : e.clauses.map((c) => ({ ...c, text: I18N.lookup(`clause.${c.id}`) ?? c.text })),
    places: e.places.map(localPlace),
    evidence: e.evidence.map((r) => ({ ...r, place: localPlace(r.place) })),
  };
}

/**
 * Every word the catalogue pages show, in the page's language (the message catalogue's `cat.*`,
 * `game.*`, `region.*` and `country.*` keys; src/i18n/locales/).
 */
import { keySlug } from '@gabata/engine/core';
import type { CatalogueEntry, EvidenceRecord, Place } from '../../catalogue/types.js';
import { captureWords, catalogueWords } from '../../i18n/web-words.js';
import { I18N } from '../text.js';

/** The catalogue pages' labels. */
export const CT = catalogueWords(I18N);

/** Words for capture kinds and clause-named captures. */
export const CAPTURE_WORDS: Record<string, string> = captureWords(I18N);

/** A key's part made of an id with dots or spaces in it (`DLP.Evidence.665` -> `DLP-Evidence-665`). */
export const slug = keySlug;

/**
 * Words of ours about a game (a paragraph, a note) in the page's language: in English the
 * entry's own text, in a translation the message `prose.<key>`, the English text where the
 * translation has none.
 */
export function proseOf(key: string, english: string): string {
  return I18N.lang === 'en' ? english : (I18N.lookup(`prose.${key}`, PROSE_TERMS) ?? english);
}

/**
 * What the `prose.*` messages name in Latin letters in every language, as variables: identifiers
 * of other catalogues and clause IDs (the page sets the identifiers as code).
 */
export const PROSE_TERMS: Readonly<Record<string, string>> = {
  dlp664: 'DLP.Evidence.664',
  dlp665: 'DLP.Evidence.665',
  dlp673: 'DLP.Evidence.673',
  sel08: 'SEL-08',
  sel15: 'SEL-15',
};

/** A reconstructed reading of a ruleset (its `info.reconstructions[index]`) in the page's language. */
export function readingText(rulesetId: string, index: number, english: string): string {
  return proseOf(`${slug(rulesetId)}.reading${index + 1}`, english);
}

/** A country named in the page's language (the map's names included: 'Dem. Rep. Congo'). */
export const countryName = (name: string): string => I18N.lookup(`country.${name.replace(/\./g, '')}`) ?? name;

/** A place named in the page's language (its country too); where it is stays as it was. */
function localPlace(p: Place): Place {
  return { ...p, name: I18N.lookup(`place.${p.name}`) ?? p.name, country: countryName(p.country) };
}

/** An evidence record with our words about it (the rules, the account, the notes) in the page's language. */
function localEvidence(rulesetId: string, r: EvidenceRecord): EvidenceRecord {
  const key = `${slug(rulesetId)}.${slug(r.id)}`;
  const place = localPlace(r.place);
  return {
    ...r,
    rulesParaphrase: proseOf(`${key}.rules`, r.rulesParaphrase),
    contentSummary: proseOf(`${key}.content`, r.contentSummary),
    note: r.note && proseOf(`${key}.note`, r.note),
    place: { ...place, note: place.note && proseOf(`${key}.placeNote`, place.note) },
  };
}

/**
 * A catalogue entry with its first lines in the page's language: the game's name, one-line text,
 * origin, region, period, kind of board, places and rule clauses (the rest of the entry, quoted from the sources, stays as they word it).
 */
export function localEntry(e: CatalogueEntry): CatalogueEntry {
  const game = (field: string): string | undefined => I18N.lookup(`game.${e.rulesetId}.${field}`);
  const id = slug(e.rulesetId);
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
    evidence: e.evidence.map((r) => localEvidence(e.rulesetId, r)),
    description: e.description.map((p, i) => proseOf(`${id}.description${i + 1}`, p)),
    history: e.history.map((p, i) => proseOf(`${id}.history${i + 1}`, p)),
    identifiersNote: e.identifiersNote && proseOf(`${id}.identifiersNote`, e.identifiersNote),
    similarNote: e.similarNote && proseOf(`${id}.similarNote`, e.similarNote),
    evidenceNote: e.evidenceNote && proseOf(`${id}.evidenceNote`, e.evidenceNote),
  };
}

/**
 * English messages made from data, kept apart from i18next so that the rulesets (../games) can
 * add their texts with no dependency: see `addEnglishMessages`. The app's message catalogue
 * (`createI18n` in the app's src/i18n/base.ts) reads them.
 */

/**
 * English messages made from data rather than written in en.ts: a ruleset's clauses come from its
 * description (../games/index.ts adds them as it registers the ruleset), so that each text is
 * written once. Every language falls back to them where it has no translation of its own. A
 * `shipped` message is one every translation must have (test/i18n.test.ts); the others (a ruleset
 * under test, a plug-in) may land in English only, and the app's `untranslatedKeys` names them
 * for the About page.
 */
export const DERIVED = new Map<string, { readonly text: string; readonly shipped: boolean; readonly source: string }>();
/** The live instances and tables that take derived messages added after they were made. */
export const LISTENERS = new Set<(key: string, text: string) => void>();

/**
 * Adds English messages made from data (dotted keys: `clause.ADW-07`); a key already given keeps its
 * first text. `source` names where they come from: the ruleset's id for a ruleset's texts (the About
 * page lists the rulesets whose texts a language lacks), else what made them (`catalogue`).
 */
export function addEnglishMessages(messages: Readonly<Record<string, string>>, shipped: boolean, source = ''): void {
  for (const [key, text] of Object.entries(messages)) {
    if (DERIVED.has(key)) continue;
    DERIVED.set(key, { text, shipped, source });
    for (const listen of LISTENERS) listen(key, text);
  }
}

/** The English messages made from data, by dotted key (`shipped`: only those every translation must have). */
export function derivedEnglish(which: 'all' | 'shipped' = 'all'): ReadonlyMap<string, string> {
  return new Map([...DERIVED].filter(([, m]) => which === 'all' || m.shipped).map(([k, m]) => [k, m.text]));
}

/** Where each English message made from data comes from (`addEnglishMessages`'s `source`), by dotted key. */
export function derivedSources(): ReadonlyMap<string, string> {
  return new Map([...DERIVED].map(([k, m]) => [k, m.source]));
}

/**
 * Calls `each` for every English message under `prefix` (`clause.`) made from data, now and as
 * more are added (a ruleset registered later): how a table of such messages stays whole.
 */
export function eachDerived(prefix: string, each: (key: string, text: string) => void): void {
  for (const [key, m] of DERIVED) if (key.startsWith(prefix)) each(key, m.text);
  LISTENERS.add((key, text) => {
    if (key.startsWith(prefix)) each(key, text);
  });
}

/** The key part of an id in message keys (`prose.<slug>.reading1`): what is not a word character or '-' becomes '-'. */
export const keySlug = (id: string): string => id.replace(/[^\w-]+/g, '-');

/**
 * A text as a message: the identifiers it names (a clause `SEL-08`, a record `DLP.Evidence.664`)
 * become variables (`{{sel08}}`, `{{dlp664}}`), which keep their Latin letters in every language
 * (the catalogue page passes them: PROSE_TERMS in the app's src/web/catalogue/text.ts).
 */
export const asMessage = (text: string): string =>
  text
    .replace(/\b([A-Z]{3})-(\d{2})\b/g, (_, family: string, n: string) => `{{${family.toLowerCase()}${n}}}`)
    .replace(/\bDLP\.Evidence\.(\d+)\b/g, '{{dlp$1}}');

/**
 * The app's languages and the message catalogues: a small typed wrapper over i18next. Plural
 * forms are chosen by `Intl.PluralRules` of the language (i18next appends the category to the
 * key: `movesCount_one`, `movesCount_other`), numbers are written by `Intl.NumberFormat`
 * (`{{count, number}}`). This module holds English only; ./index.ts adds every other catalogue
 * (Node: the CLI, the tests), ./load.ts loads one when a page needs it (the web app: each
 * translation is a chunk of its own). The Amharic and Tigrinya catalogues are drafts until native
 * speakers review them (`_meta`, and docs/translating.md).
 *
 * ```ts
 * const lang = chooseLanguage({ query: params.get('lang'), stored: localStorage.getItem(LANGUAGE_STORAGE_KEY),
 *   navigatorLanguages: navigator.languages });
 * await loadCatalogue(lang);
 * const i18n = createI18n(lang);
 * i18n.t('web.movesCount', { count: 3 }); // '3 moves'
 * ```
 */
import { derivedEnglish, derivedSources, eachDerived } from '@gabata/engine/core';
import { directMessages, pluralCategoryIn } from './direct.js';
import { createInstance } from 'i18next';
import type { Catalogue, CatalogueMeta, MessageKey, VarsArg } from './catalogue.js';
import { en } from './locales/en.js';

export type { Catalogue, CatalogueMeta, MessageKey, VarsArg, VarsOf } from './catalogue.js';
export { PLURAL_CATEGORIES, type PluralCategory } from './catalogue.js';
export { addEnglishMessages, derivedEnglish, eachDerived } from '@gabata/engine/core';

/** The languages of the app, each named in its own language and script (for the language switch). */
export const LANGUAGES = [
  { code: 'en', name: 'English' },
  { code: 'am', name: 'አማርኛ' },
  { code: 'ti', name: 'ትግርኛ' },
] as const;

export type Lang = (typeof LANGUAGES)[number]['code'];
export const DEFAULT_LANG: Lang = 'en';

/** Where the web app remembers the chosen language (localStorage key). */
export const LANGUAGE_STORAGE_KEY = 'gabata.lang';
/** The URL query parameter that picks a language for one link: `?lang=am`. */
export const LANGUAGE_QUERY_PARAM = 'lang';

/**
 * The catalogues at hand, by language: English always (every other language falls back to it);
 * another once registered. The web app loads only the page's language (./load.ts: a chunk of its
 * own), Node registers them all (./index.ts).
 */
const LOADED: Partial<Record<Lang, Catalogue>> = { en };

/** Makes a language's catalogue available to `createI18n`. */
export function registerCatalogue(lang: Lang, catalogue: Catalogue): void {
  LOADED[lang] = catalogue;
}

/** Whether a language's catalogue is at hand. */
export function hasCatalogue(lang: Lang): boolean {
  return LOADED[lang] !== undefined;
}

/** A language's catalogue; an error if it was not registered (or loaded) first. */
export function catalogueOf(lang: Lang): Catalogue {
  const c = LOADED[lang];
  if (c === undefined) throw new Error(`the ${lang} catalogue is not loaded (loadCatalogue or src/i18n/index.ts first)`);
  return c;
}

/**
 * Terms kept as the sources write them (Latin letters) in every language, because no source gives
 * them in Ge'ez script: game names, the names of captured holes, and the option names of the rules.
 * Replace a term here and in the catalogues when a source gives its Ge'ez spelling.
 */
export const KEPT_TERMS = [
  'Gabata',
  'gabata',
  "Abalala'e",
  'Selus',
  'Gifia',
  'wegue',
  'nedf',
  'chafa enda',
  'skipOriginOnLongLaps',
  'chafaAppliesToRelay',
  'JSON',
  'Ludii',
  // The font and its licence, named as their makers name them.
  'Noto Sans Ethiopic',
  'SIL Open Font License',
  // A command the player may type, quoted as it must be typed.
  'gabata catalogue --refresh',
  // Keys of the keyboard, named as they are printed on it.
  'Tab',
  'Enter',
  'Home',
  'End',
  // A file name, not a word: the translators' guide that the draft notice points to.
  'docs/translating.md',
] as const;

/**
 * Keys whose value may be the same in every language: the app's name, the game names kept as the
 * sources write them (KEPT_TERMS), and patterns made of variables alone. Every other message of
 * a translation must differ from the English one (test/i18n.test.ts).
 */
export const SAME_IN_EVERY_LANGUAGE: readonly string[] = [
  'web.appTitle',
  'story.tallyEntry',
  'story.markName.wegue',
  'story.markName.nedf',
  'game.abalalae.name',
  'game.selus.name',
  'game.gifia.name',
];

const CODES: ReadonlySet<string> = new Set(LANGUAGES.map((l) => l.code));

/** The language a tag names ('am-ET' -> 'am', 'TI' -> 'ti'), if we have it. */
export function supportedLanguage(tag: string | null | undefined): Lang | undefined {
  if (typeof tag !== 'string') return undefined;
  const primary = tag.trim().toLowerCase().split(/[-_]/)[0] ?? '';
  return CODES.has(primary) ? (primary as Lang) : undefined;
}

export interface LanguageInputs {
  /** The value of `?lang=` in the page's URL (`URLSearchParams.get('lang')`), if any. */
  readonly query?: string | null;
  /** The language the player chose before (from localStorage), if any. */
  readonly stored?: string | null;
  /** The browser's languages in order of preference (`navigator.languages`). */
  readonly navigatorLanguages?: readonly string[] | null;
}

/**
 * Which language to show: `?lang=` wins, then the remembered choice, then the first of the
 * browser's languages that we have, else English. Unknown or malformed values are passed over.
 */
export function chooseLanguage({ query, stored, navigatorLanguages }: LanguageInputs): Lang {
  return (
    supportedLanguage(query) ??
    supportedLanguage(stored) ??
    (navigatorLanguages ?? []).map(supportedLanguage).find((l) => l !== undefined) ??
    DEFAULT_LANG
  );
}

/** The parts of a page's globals that choosing a language reads (all optional: a worker or Node has fewer). */
export interface LanguageEnvironment {
  readonly location?: { readonly search: string };
  readonly localStorage?: Pick<Storage, 'getItem' | 'setItem'>;
  readonly navigator?: { readonly languages?: readonly string[]; readonly language?: string };
}

/** The remembered choice; storage that refuses access (private modes, sandboxed frames) remembers nothing. */
function storedLanguage(env: LanguageEnvironment): string | null {
  try {
    return env.localStorage?.getItem(LANGUAGE_STORAGE_KEY) ?? null;
  } catch {
    return null;
  }
}

/**
 * The globals of a page, or nothing where there is no page: Node (whose `navigator.language`
 * follows the machine's locale from Node 21 on) must not turn tests and tools into Amharic.
 */
export function pageEnvironment(): LanguageEnvironment {
  return typeof (globalThis as { document?: unknown }).document === 'undefined' ? {} : (globalThis as LanguageEnvironment);
}

/**
 * The language of this page: `chooseLanguage` over the page's `?lang=`, the remembered choice
 * and the browser's languages. Where there is no page (Node, a worker) the answer is English.
 */
export function languageOfEnvironment(env: LanguageEnvironment = pageEnvironment()): Lang {
  const search = env.location?.search ?? '';
  const nav = env.navigator;
  return chooseLanguage({
    query: new URLSearchParams(search).get(LANGUAGE_QUERY_PARAM),
    stored: storedLanguage(env),
    navigatorLanguages: nav?.languages ?? (nav?.language ? [nav.language] : []),
  });
}

/** Remembers the player's choice of language; returns false when the storage refuses it. */
export function rememberLanguage(lang: Lang, env: LanguageEnvironment = pageEnvironment()): boolean {
  try {
    if (!env.localStorage) return false;
    env.localStorage.setItem(LANGUAGE_STORAGE_KEY, lang);
    return true;
  } catch {
    return false;
  }
}

/** A language's messages, bound: what the app calls. */
export interface I18n {
  readonly lang: Lang;
  /** The message for a key, with its variables interpolated (and its plural form chosen by `count`). */
  t<K extends MessageKey>(key: K, ...vars: VarsArg<K>): string;
  /** A key known only at run time (a clause id, an engine reason code): its message, or undefined. */
  lookup(key: string, vars?: Readonly<Record<string, string | number>>): string | undefined;
  /** A number written the language's way. */
  formatNumber(value: number, options?: Intl.NumberFormatOptions): string;
  /** The plural category `Intl.PluralRules` gives a count in this language. */
  pluralCategory(count: number): Intl.LDMLPluralRule;
  /** The catalogue's review status. */
  readonly meta: CatalogueMeta;
}

/** A message of a catalogue by dotted key, if that catalogue writes it. */
function messageIn(catalogue: unknown, key: string): string | undefined {
  let at: unknown = catalogue;
  for (const part of key.split('.')) at = typeof at === 'object' && at !== null ? (at as Record<string, unknown>)[part] : undefined;
  return typeof at === 'string' ? at : undefined;
}

/**
 * The English messages made from data that a language has no translation of (the About page
 * marks them untranslated); the language's catalogue must be at hand (registered or loaded).
 */
export function untranslatedKeys(lang: Lang): string[] {
  if (lang === DEFAULT_LANG) return [];
  const catalogue = catalogueOf(lang);
  return [...derivedEnglish('all').keys()].filter((key) => messageIn(catalogue, key) === undefined);
}

/**
 * The rulesets whose texts a language shows in English because it has no translation of them yet
 * (`untranslatedKeys`, grouped by the ruleset that made them), each with how many texts, in the
 * order the rulesets were registered; none for English, none while only shipped rulesets are.
 */
export function untranslatedRulesets(lang: Lang): { readonly id: string; readonly count: number }[] {
  const sources = derivedSources();
  const counts = new Map<string, number>();
  for (const key of untranslatedKeys(lang)) {
    const id = sources.get(key) ?? '';
    counts.set(id, (counts.get(id) ?? 0) + 1);
  }
  return [...counts].map(([id, count]) => ({ id, count }));
}

/**
 * The About page's list of what `i18n`'s language shows in English, one line a ruleset in that
 * language (`Kalah: 12 texts in English`); empty when everything is translated.
 */
export function untranslatedLines(i18n: I18n): string[] {
  return untranslatedRulesets(i18n.lang).map(({ id, count }) =>
    i18n.t('pages.untranslatedRuleset', { name: i18n.lookup(`game.${id}.name`) ?? id, count }),
  );
}

type Tree = Record<string, unknown>;

/**
 * Puts `text` at the dotted `key` of `root` unless a message or group is there already, copying
 * each group on the way the first time it is written (`copied`), so the catalogue `root` was
 * copied from (en.ts's object) is never changed: far cheaper than copying the whole catalogue.
 */
function setMissing(root: Tree, key: string, text: string, copied: Set<Tree>): void {
  const parts = key.split('.');
  let at = root;
  for (const part of parts.slice(0, -1)) {
    const next = at[part];
    if (typeof next === 'string') return;
    const group: Tree = next === undefined ? {} : copied.has(next as Tree) ? (next as Tree) : { ...(next as Tree) };
    copied.add(group);
    at[part] = group;
    at = group;
  }
  const last = parts[parts.length - 1]!;
  if (at[last] === undefined) at[last] = text;
}

/** Marks a message missing in `lookup` (no message of a catalogue is this). */
const MISSING = '\u0000missing';

/** The messages of one language (falling back to English for a key a draft lacks). */
export function createI18n(lang: Lang, how: { direct?: boolean } = {}): I18n {
  const instance = createInstance();
  // The English made from data (the engine's rulesets, the catalogue), under what en.ts writes, in
  // a copy of en.ts's tree that i18next keeps as its English resources (its store holds the object
  // it is given, not a copy): those registered later go into the same tree as they come, a plain
  // write each (i18next's addResource, with its events and lookups, cost a phone's first screen
  // tens of milliseconds for the few hundred texts of the rulesets registered after this).
  const english: Tree = { ...catalogueOf(DEFAULT_LANG) };
  const copied = new Set<Tree>([english]);
  eachDerived('', (key, text) => setMissing(english, key, text, copied));
  void instance.init({
    lng: lang,
    fallbackLng: DEFAULT_LANG,
    supportedLngs: LANGUAGES.map((l) => l.code),
    resources: Object.fromEntries(
      [...new Set<Lang>([DEFAULT_LANG, lang])].map((code) => [code, { translation: code === DEFAULT_LANG ? english : catalogueOf(code) }]),
    ),
    initAsync: false,
    nsSeparator: false,
    keySeparator: '.',
    returnNull: false,
    returnObjects: false,
    // The app puts text into the page as text (textContent), never as HTML: nothing to escape.
    interpolation: { escapeValue: false },
  });
  if (instance.store.data[DEFAULT_LANG]?.translation !== english)
    throw new Error('i18next copied its resources: derived English would be lost');
  const numbers = new Map<string, Intl.NumberFormat>();
  const formatNumber = (value: number, options?: Intl.NumberFormatOptions): string => {
    // A whole number under 1,000 is its digits in all three languages (Latin digits, no grouping):
    // written without Intl, whose number data a phone would load for the first count on a page.
    if (options === undefined && Number.isInteger(value) && value >= 0 && value < 1000) return String(value);
    const id = JSON.stringify(options ?? {});
    const f = numbers.get(id) ?? new Intl.NumberFormat(lang, options);
    numbers.set(id, f);
    return f.format(value);
  };
  // `{{count, number}}` (the catalogues use the plain form only) through the same.
  instance.services.formatter?.add('number', (value: unknown) => (typeof value === 'number' ? formatNumber(value) : String(value)));
  // Messages without i18next where it would write the same (`direct: false` only for the test that holds the two equal).
  const direct =
    how.direct === false
      ? () => undefined
      : directMessages(
          lang === DEFAULT_LANG
            ? [{ tree: english, lang }]
            : [
                { tree: catalogueOf(lang) as Tree, lang },
                { tree: english, lang: DEFAULT_LANG },
              ],
          (n) => formatNumber(n),
        );
  const translate = (key: string, vars?: Readonly<Record<string, string | number>>): string =>
    direct(key, vars) ?? (instance.t(key, { ...vars, lng: lang }) as string);
  return {
    lang,
    t: (key, ...vars) => translate(key, vars[0]),
    lookup(key, vars) {
      // One lookup (not `exists`, then `t`); a key that names a group of messages (`story.count`)
      // is not a message.
      const text: unknown = direct(key, vars) ?? instance.t(key, { ...vars, lng: lang, returnObjects: true, defaultValue: MISSING });
      return typeof text === 'string' && text !== MISSING ? text : undefined;
    },
    formatNumber,
    pluralCategory: (count) => pluralCategoryIn(lang, count),
    meta: catalogueOf(lang)._meta,
  };
}

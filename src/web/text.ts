/**
 * Every word the web app shows, in the player's language: interface labels, the paraphrased rule
 * clauses (SPEC clause IDs, in our own words), and the running commentary that turns each engine
 * event into a sentence naming the clause behind it. The words themselves live in the message
 * catalogue (src/i18n/locales/); the language is chosen once, when the page loads (`?lang=`, the
 * remembered choice, the browser's languages; its catalogue alone is loaded), and is English in Node
 * and in the Web Worker.
 * Nothing here decides anything about the rules; it only says in words what the engine reports.
 */
import { createI18n, languageOfEnvironment } from '../i18n/base.js';
import { loadCatalogue } from '../i18n/load.js';
import { clauseTexts, levelNames, webWords } from '../i18n/web-words.js';

const LANG = languageOfEnvironment();
// Only the page's language is loaded (a translation is a chunk of its own; English is built in):
// every module that shows words waits for it here.
await loadCatalogue(LANG);

/** The page's language and its messages. */
export const I18N = createI18n(LANG);

/** A ruleset as the app names it. */
interface RulesetNames {
  readonly id: string;
  readonly name: string;
  readonly region: string;
}

/** The games' names and places in the page's language. */
const rulesetWords = {
  /** A ruleset's name ('Gabata (Adowa)'), from the catalogue's `game.<id>.name`. */
  rulesetName: (info: RulesetNames): string => I18N.lookup(`game.${info.id}.name`) ?? info.name,
  /** Where a ruleset is played: the ruleset's own words in English, the catalogue's origin of the game in a translation. */
  rulesetRegion: (info: RulesetNames): string =>
    I18N.lang === 'en' ? info.region : (I18N.lookup(`game.${info.id}.origin`) ?? info.region),
  /** What a ruleset is: its own summary in English, the catalogue's one line about the game in a translation. */
  rulesetSummary: (info: RulesetNames & { readonly summary: string }): string =>
    I18N.lang === 'en' ? info.summary : (I18N.lookup(`game.${info.id}.oneLine`) ?? info.summary),
};

/**
 * Interface labels, and the games' names and places in the page's language. Added to the words'
 * object as they are, not spread into a new one: a spread would read every message at once, which
 * `webWords` leaves until each is first read.
 */
export const T: ReturnType<typeof webWords> & typeof rulesetWords = Object.defineProperties(
  webWords(I18N),
  Object.getOwnPropertyDescriptors(rulesetWords),
) as ReturnType<typeof webWords> & typeof rulesetWords;

/** The computer's strengths by level. */
export const LEVEL_NAMES: Record<number, string> = levelNames(I18N);

/**
 * The words of the commentary live beside the catalogue (src/i18n/story-lines.ts: the terminal
 * tells the same story, in English); the web app passes `I18N` to them to tell it in the page's
 * language.
 */
export {
  endReasonText,
  eventText,
  storyContexts,
  storyLines,
  wordsFor,
  type StoryContext,
  type StoryLine,
  type Words,
} from '../i18n/story-lines.js';

/** The rule clauses in plain words (our paraphrase of docs/rules.md), by clause id; made when first read. */
export const clauses: () => Readonly<Record<string, string>> = clauseTexts(I18N);

/** Clause IDs of a family, in order. */
export function clausesOf(family: string): string[] {
  return Object.keys(clauses()).filter((id) => id === family || id.startsWith(family + '-'));
}

/** The clause text for a rule reference ('ADW-08', '§8.3' -> '§8'), or ''. */
export function clauseText(rule: string | undefined): string {
  if (!rule) return '';
  const table = clauses();
  return table[rule] ?? table[rule.replace(/\.\d+$/, '')] ?? '';
}

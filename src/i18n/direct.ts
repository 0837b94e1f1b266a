/**
 * The common case of a message, answered without i18next: a key whose text is a string, its plural
 * form chosen by `count` as i18next chooses it, its `{{name}}` and `{{name, number}}` variables
 * filled in. i18next's `t` walks its options, resolvers and post-processors for each call, which on
 * a phone's first screen costs tens of milliseconds for the few hundred words a game page shows.
 * Anything else (a context, an ordinal, another format, a missing variable, a group of messages,
 * nesting) returns undefined, and i18next answers.
 */

type Tree = Readonly<Record<string, unknown>>;
type Vars = Readonly<Record<string, string | number>>;

/** One language's messages, with that language's plural rule (i18next's suffix: `_one`, `_other`...). */
export interface DirectSource {
  readonly tree: Tree;
  readonly lang: string;
}

/** Variables i18next reads as options rather than as values to fill in (`count` is handled here). */
const OPTION_VARS = ['context', 'ordinal', 'defaultValue', 'replace', 'lng', 'lngs', 'ns'];
const PLACEHOLDER = /\{\{(\w+)(, number)?\}\}/g;

const RULES = new Map<string, Intl.PluralRules>();

/**
 * The plural category of `n` in `lang` (`one`, `other`...), as i18next's suffixes name them; each
 * language's rules made at its first plural (Intl's data is not loaded for a page that shows none).
 */
export function pluralCategoryIn(lang: string, n: number): Intl.LDMLPluralRule {
  let rule = RULES.get(lang);
  if (rule === undefined) {
    rule = new Intl.PluralRules(lang);
    RULES.set(lang, rule);
  }
  return rule.select(n);
}

/** The value at dotted `key` in `tree`, or undefined. */
function at(tree: Tree, key: string): unknown {
  let node: unknown = tree;
  let start = 0;
  for (;;) {
    if (typeof node !== 'object' || node === null) return undefined;
    const dot = key.indexOf('.', start);
    node = (node as Tree)[dot < 0 ? key.slice(start) : key.slice(start, dot)];
    if (dot < 0) return node;
    start = dot + 1;
  }
}

/**
 * A direct lookup over `sources`, the page's language first, then its fallback: the first language
 * holding the key gives its text, as i18next's fallback does. With a numeric `count`, within a
 * language, `key_zero` (for 0), then the key's plural form in that language, then the key itself.
 * `formatNumber` writes `{{name, number}}` (the app's i18next formatter does the same).
 */
export function directMessages(
  sources: readonly DirectSource[],
  formatNumber: (n: number) => string = String,
): (key: string, vars?: Vars) => string | undefined {
  const find = (key: string, count: number | undefined): unknown => {
    for (const { tree, lang } of sources) {
      if (count !== undefined) {
        const zero = count === 0 ? at(tree, `${key}_zero`) : undefined;
        if (zero !== undefined) return zero;
        const form = at(tree, `${key}_${pluralCategoryIn(lang, count)}`);
        if (form !== undefined) return form;
      }
      const text = at(tree, key);
      if (text !== undefined) return text;
    }
    return undefined;
  };
  return (key, vars) => {
    if (vars !== undefined) for (const v of OPTION_VARS) if (v in vars) return undefined;
    const count = vars?.['count'];
    if (count !== undefined && typeof count !== 'number') return undefined;
    const text = find(key, count);
    if (typeof text !== 'string' || text.includes('$t(')) return undefined;
    if (!text.includes('{{')) return text;
    let missing = false;
    const out = text.replace(PLACEHOLDER, (whole, name: string, number?: string) => {
      const value = vars?.[name];
      if (value === undefined) {
        missing = true;
        return whole;
      }
      return number !== undefined && typeof value === 'number' ? formatNumber(value) : String(value);
    });
    return missing || out.includes('{{') ? undefined : out;
  };
}

/**
 * The common case of a message, answered without i18next: a key whose text is a plain string
 * (no plural forms, no nesting, no formatting), with `{{name}}` variables filled in. i18next's `t`
 * walks its options, resolvers and post-processors for each call, which on a phone's first screen
 * costs tens of milliseconds for the few hundred words a game page shows. Anything else (a `count`,
 * a format, a missing variable, a group of messages) returns undefined, and i18next answers.
 */

type Tree = Readonly<Record<string, unknown>>;
type Vars = Readonly<Record<string, string | number>>;

/** Variables i18next reads as options rather than as values to fill in. */
const OPTION_VARS = ['count', 'context', 'ordinal', 'defaultValue', 'replace', 'lng', 'lngs', 'ns'];
const PLACEHOLDER = /\{\{(\w+)\}\}/g;

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
 * A direct lookup over `trees`, the page's language first, then its fallback: the first tree
 * holding `key` gives its text, as i18next's fallback does.
 */
export function directMessages(trees: readonly Tree[]): (key: string, vars?: Vars) => string | undefined {
  return (key, vars) => {
    if (vars !== undefined) for (const v of OPTION_VARS) if (v in vars) return undefined;
    let text: unknown;
    for (const tree of trees) {
      text = at(tree, key);
      if (text !== undefined) break;
    }
    if (typeof text !== 'string' || text.includes('$t(')) return undefined;
    if (!text.includes('{{')) return text;
    let missing = false;
    const out = text.replace(PLACEHOLDER, (whole, name: string) => {
      const value = vars?.[name];
      if (value === undefined) missing = true;
      return value === undefined ? whole : String(value);
    });
    return missing || out.includes('{{') ? undefined : out;
  };
}

/**
 * The glossary of the Amharic and Tigrinya catalogues (docs/glossary.md says the same in prose):
 * each term of the games and of the interface has one rendering per language, and the other
 * renderings the drafts once used are listed so that they stay out. Beside it, the forms of one
 * language that must never appear in the other (Amharic words inside the Tigrinya catalogue, and
 * the reverse). Read by test/i18n-glossary.test.ts (in `npm test`) and by `npm run i18n:check`
 * (scripts/i18n-check.mjs); nothing in the app imports it.
 *
 * A form is matched against the Ge'ez words of a message (a run of Ethiopic letters, split at
 * spaces, Ethiopic punctuation and everything else): `ግጥም` is that word alone, `*ግጥም*` any word
 * that contains it (with a prefix such as ብ- or a suffix such as -ታት), `ዙር*` a word that starts
 * with it, `*ዙር` one that ends with it; `a|b` is either form; a form with a space is a phrase,
 * matched in the text as it is.
 */

/** One term with its rendering in each language. */
export interface GlossaryTerm {
  /** The English term (as docs/glossary.md names it). */
  readonly en: string;
  /** The Amharic rendering: the form (see the header) that messages using the term contain. */
  readonly am: string;
  /** The Tigrinya rendering. */
  readonly ti: string;
  /** Other Amharic renderings of this term, never to appear in the Amharic catalogue. */
  readonly notAm?: readonly string[];
  /** Other Tigrinya renderings of this term, never to appear in the Tigrinya catalogue. */
  readonly notTi?: readonly string[];
  /**
   * Where the English message says the term (a pattern over the English text), the translation
   * must contain the rendering; the keys listed in `except` say it another way on purpose.
   */
  readonly where?: { readonly en: RegExp; readonly except?: { readonly am?: readonly string[]; readonly ti?: readonly string[] } };
}

/** The Ge'ez words of a text: runs of Ethiopic letters (U+1200-U+135F, U+1380-U+139F, U+2D80-U+2DDF, U+AB00-U+AB2F). */
export function geezWords(text: string): string[] {
  return text.replace(/\{\{[^}]*\}\}/g, ' ').match(/[\u1200-\u135f\u1380-\u139f\u2d80-\u2ddf\uab00-\uab2f]+/gu) ?? [];
}

/** Whether a Ge'ez word is a form (`ግጥም`), contains it (`*ግጥም*`), starts (`ዙር*`) or ends (`*ዙር`) with it. */
export function formMatches(word: string, form: string): boolean {
  if (form.includes('|')) return form.split('|').some((f) => formMatches(word, f));
  const head = form.startsWith('*');
  const tail = form.endsWith('*');
  const core = form.slice(head ? 1 : 0, tail ? -1 : undefined);
  if (head && tail) return word.includes(core);
  if (head) return word.endsWith(core);
  if (tail) return word.startsWith(core);
  return word === core;
}

/** Whether a text has a word that matches the form. */
export function textHas(text: string, form: string): boolean {
  if (form.includes('|')) return form.split('|').some((f) => textHas(text, f));
  if (form.includes(' ')) return text.includes(form);
  return geezWords(text).some((w) => formMatches(w, form));
}

export const GLOSSARY: readonly GlossaryTerm[] = [
  { en: 'player', am: '*ተጫዋች*|*ተጫዋቾ*', ti: '*ተጻዋቲ*|*ተጻወትቲ*', notTi: ['*ተጻዋታይ*', '*ተጻወቲ*'] },
  { en: 'hole', am: '*ጉድጓድ*|*ጉድጓዶ*', ti: '*ጉድጓድ*|*ጉድጓዳ*' },
  { en: 'counter', am: '*ጠጠር*|*ጠጠሮ*', ti: '*እምኒ*|*ኣእማን*' },
  { en: 'lap', am: '*ዙረት*|*ዙረቱ*|*ዙረቶ*', ti: '*ዙረት*|*ዙረቱ*|*ዙረታ*', where: { en: /\blaps?\b/i } },
  { en: 'round', am: '*ዙር*|*ዙሮ*|*ዙሩ*', ti: '*ዙር*|*ዙራ*|*ዙሩ*' },
  { en: 'move', am: '*እንቅስቃሴ*', ti: '*ምንቅስቓስ*|*ምንቅስቓሳ*' },
  { en: 'turn', am: '*ተራ*', ti: '*ተራ*' },
  {
    en: 'step',
    am: '*እርምጃ*',
    ti: '*ስጉምቲ*|*ስጉምት*',
    where: {
      en: /(?<!lock-)\b[Ss]teps?\b(?! on)/,
      // Its English says 'step' for the race's tick, which the translations render as the tick.
      except: { am: ['options.opt.raceTie.label'], ti: ['options.opt.raceTie.label'] },
    },
  },
  { en: 'tick', am: '*ምት*|*ምቶች*', ti: '*ህርመት*|*ህርመታት*', where: { en: /\bticks?\b/ } },
  { en: 'race', am: '*ሩጫ*', ti: '*ቅድድም*' },
  { en: 'capture', am: '*ማረክ*|*ማርክ*', ti: '*ምራኽ*|*ማረኽ*|*ማርኽ*' },
  { en: 'pass', am: '*ማለፍ*|*አለፈ*', ti: '*ምሕላፍ*|*ሕለፍ*|*ሓለፈ*', notAm: ['*አሳለፈ*', '*ማለፎች*'] },
  { en: 'sowing', am: '*መዝራት*|*መዝራቱ*', ti: '*ምዝራእ*|*ምዝራኡ*', notAm: ['*መዝራቶች*'] },
  { en: 'store', am: '*ጎተራ*', ti: '*ቆፎ*' },
  { en: 'board', am: '*ሰሌዳ*', ti: '*ሰሌዳ*' },
  { en: 'table', am: '*ሰንጠረዥ*|*ሰንጠረዡ*', ti: '*ሰንጠረዥ*', where: { en: /\btables?\b/i } },
  { en: 'seat', am: '*ቦታ*', ti: '*ቦታ*' },
  { en: 'level', am: '*ደረጃ*', ti: '*ደረጃ*' },
  { en: 'computer', am: '*ኮምፒውተር*', ti: '*ኮምፒተር*', notAm: ['*ኮምፒተር*'], notTi: ['*ኮምፒውተር*'] },
  { en: 'opponent', am: '*ተቃዋሚ*', ti: '*ተቓዋሚ*', notAm: ['*ተቓዋሚ*'], notTi: ['*ተጻባኢ*', 'ተጻራሪ', 'ንተጻራሪ', '*ተቃዋሚ*'] },
  { en: 'match', am: '*ግጥሚያ*', ti: '*ግጥሚ*|*ግጥማት*', notTi: ['*ግጥም*'] },
  { en: 'option', am: '*አማራጭ*|*አማራጮ*|*አማራጩ*', ti: '*ኣማራጺ*', where: { en: /\boptions?\b/i } },
  { en: 'decision', am: '*ውሳኔ*', ti: '*ውሳነ*', notTi: ['*ውሳኔ*'] },
  { en: 'tally', am: '*ቆጠራ*', ti: '*ድምር*', notTi: ['*ቆጸራ*'] },
  { en: 'mean', am: '*አማካይ*', ti: '*ማእከላይ*' },
  { en: 'median', am: '*መካከለኛ*', ti: '*መንጎኛ*', where: { en: /\bmedian\b/i } },
  { en: 'owner', am: '*ባለቤት*', ti: '*ወናኒ*|*ወነንቲ*|*ወናኒኡ*|*ወናኒኦም*', notTi: ['ዋና*', 'ናይዋና*'] },
  { en: 'highlighted', am: '*ደመቀ*', ti: '*ጎሊሑ*', notAm: ['ጎላ'], notTi: ['*ብሩህ*'] },
  { en: 'concede', am: 'እጅ ይስጡ', ti: 'ኢድካ ሃብ', notAm: ['እጅ ስጥ'], notTi: ['*ኣሚንካ*'] },
  { en: 'undo', am: 'ይቀልብሱ', ti: 'መልስ', notAm: ['ቀልብስ'], notTi: ['ምለስ'] },
  { en: 'cancel', am: 'ይቅር', ti: 'ሰርዝ', notAm: ['ተው'] },
  { en: 'delete', am: 'ይሰርዙ|*ይሰረዝ*', ti: '*ደምስስ*|*ይደምሰስ*', notAm: ['ሰርዝ'], notTi: ['ይሰረዝ'] },
  { en: 'again', am: '*እንደገና*', ti: '*ደጊሙ*|*ደጊምካ*|*ብሓድሽ*', notTi: ['*እንደገና*'] },
  { en: 'ends (a turn, a round)', am: '*ያበቃ*|*አበቃ*', ti: '*ይውዳእ*|*ይውድኦ*|*ተወዲኡ*', notTi: ['*የብቅ*', '*የብቕ*'] },
  { en: 'Pankhurst', am: '*ፓንክረስት*', ti: '*ፓንክረስት*', notAm: ['*ፓንክኸርስት*'], notTi: ['*ፓንክኸርስት*'] },
];

/**
 * Forms of one language that must not appear in the other's catalogue: `ti` lists Amharic-only
 * forms (never in the Tigrinya catalogue), `am` Tigrinya-only forms (never in the Amharic one).
 */
export const WRONG_LANGUAGE: { readonly am: readonly string[]; readonly ti: readonly string[] } = {
  // Tigrinya-only: the copula, pronouns, prepositions and the game's own words in Tigrinya.
  am: [
    'እዩ',
    'እዮም',
    'ኣይኮነን',
    'የለን',
    'ኣብ',
    'ከም',
    'ምስ',
    'ካብ',
    'ናብ',
    'እዚ',
    'እቲ',
    'እቶም',
    'ሓደ',
    'ክልተ',
    'ጥራይ',
    'ድማ',
    'እውን',
    '*ጸወታ*',
    '*ተጻዋቲ*',
    '*ተጻወትቲ*',
    '*እምኒ*',
    '*ኣእማን*',
    '*ቆፎ*',
    '*ቅድድም*',
    '*ምንቅስቓስ*',
    '*ኮምፒተር*',
    '*ተቓዋሚ*',
  ],
  // Amharic-only: the same, and the Amharic words the Tigrinya drafts once borrowed.
  ti: [
    'ነው',
    'ናቸው',
    'ይህ',
    'እና',
    'ወይም',
    'ውስጥ',
    'ጋር',
    'ላይ',
    'ብቻ',
    'ሁሉም',
    'አይደለም',
    'የለም',
    'እንደገና',
    '*ውሳኔ*',
    '*ጨዋታ*',
    '*ተጫዋች*',
    '*ተጫዋቾ*',
    '*ጠጠር*',
    '*ጎተራ*',
    '*ኮምፒውተር*',
    '*ተቃዋሚ*',
  ],
};

/**
 * The glossary of the Amharic and Tigrinya catalogues (src/i18n/glossary.ts, docs/glossary.md):
 * each term is rendered one way in each language (the renderings the drafts once mixed in stay
 * out, and where the English says the term the translation has its rendering), and no word of
 * one language is left in the other (WRONG_LANGUAGE). docs/glossary.md lists every term with the
 * renderings the code holds. The word lists behind the glossary are `npm run i18n:check`.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { formMatches, GLOSSARY, geezWords, textHas, WRONG_LANGUAGE } from '../src/i18n/glossary.js';
import { CATALOGUES, derivedEnglish } from '../src/i18n/index.js';

type Tr = 'am' | 'ti';
const TRANSLATIONS: readonly Tr[] = ['am', 'ti'];

/** Every message of a catalogue by dotted key (without `_meta`). */
function flatten(obj: unknown, prefix = '', out = new Map<string, string>()): Map<string, string> {
  for (const [k, v] of Object.entries(obj as Record<string, unknown>)) {
    if (prefix === '' && k === '_meta') continue;
    if (typeof v === 'string') out.set(prefix + k, v);
    else flatten(v, `${prefix}${k}.`, out);
  }
  return out;
}

/** The English: the catalogue's, and the rule options' words, which are made from their declarations (not written in en). */
const EN = new Map([...flatten(CATALOGUES.en), ...[...derivedEnglish('shipped')].filter(([k]) => k.startsWith('options.'))]);
const FLAT: Record<Tr, Map<string, string>> = { am: flatten(CATALOGUES.am), ti: flatten(CATALOGUES.ti) };

/** The keys whose message has a word matching the form. */
function keysWith(lang: Tr, form: string): string[] {
  return [...FLAT[lang]].filter(([, text]) => textHas(text, form)).map(([k]) => k);
}

describe('glossary: one rendering of each term in each language', () => {
  it('the matching of forms: a word, a word containing, starting or ending with a form, either of two, a phrase', () => {
    expect(geezWords('{{who}}፦ ነቲ ግጥሚ ተዓዊቱ። (ok)')).toEqual(['ነቲ', 'ግጥሚ', 'ተዓዊቱ']);
    expect(formMatches('ግጥም', 'ግጥም')).toBe(true);
    expect(formMatches('ብግጥም', 'ግጥም')).toBe(false);
    expect(formMatches('ብግጥምታት', '*ግጥም*')).toBe(true);
    expect(formMatches('ግጥሚ', '*ግጥም*')).toBe(false);
    expect(formMatches('ዙሩ', 'ዙር*')).toBe(false);
    expect(formMatches('ዙሮች', 'ዙሮ*')).toBe(true);
    expect(formMatches('የዙር', '*ዙር')).toBe(true);
    expect(formMatches('ዙረት', '*ዙር*|*ዙረት*')).toBe(true);
    expect(textHas('ኢድካ ሃብ', 'ኢድካ ሃብ')).toBe(true);
    expect(textHas('ኢድካ ኣይትሃብ', 'ኢድካ ሃብ')).toBe(false);
  });

  for (const lang of TRANSLATIONS) {
    it(`${lang}: each glossary term is used in its rendering`, () => {
      const unused = GLOSSARY.filter((term) => keysWith(lang, term[lang]).length === 0).map((t) => `${t.en}: ${t[lang]}`);
      expect(unused).toEqual([]);
    });

    it(`${lang}: no other rendering of a glossary term`, () => {
      const found: string[] = [];
      for (const term of GLOSSARY) {
        for (const form of (lang === 'am' ? term.notAm : term.notTi) ?? []) {
          for (const key of keysWith(lang, form)) found.push(`${term.en}: ${form} in ${key}`);
        }
      }
      expect(found).toEqual([]);
    });

    it(`${lang}: where the English says a term, the translation has its rendering`, () => {
      const missing: string[] = [];
      let checked = 0;
      for (const term of GLOSSARY.filter((t) => t.where)) {
        const except = term.where!.except?.[lang] ?? [];
        for (const [key, english] of EN) {
          // The English words only: `{{option}}` is a variable, not the word.
          if (!term.where!.en.test(english.replace(/\{\{[^}]*\}\}/g, '')) || except.includes(key)) continue;
          checked++;
          if (!textHas(FLAT[lang].get(key) ?? '', term[lang]))
            missing.push(`${term.en} (${term[lang]}) missing in ${key}: ${FLAT[lang].get(key)}`);
        }
      }
      expect(missing).toEqual([]);
      expect(checked).toBeGreaterThan(20);
    });

    it(`${lang}: no word of the other language (WRONG_LANGUAGE)`, () => {
      const forms = WRONG_LANGUAGE[lang];
      expect(forms.length).toBeGreaterThan(10);
      const found = forms.flatMap((form) => keysWith(lang, form).map((key) => `${form} in ${key}`));
      expect(found).toEqual([]);
    });
  }

  it('each wrong-language form is a word of the language it belongs to (the lists cannot pass by being nonsense)', () => {
    // An Amharic-only form listed for ti must be found in the Amharic catalogue, and the reverse.
    const absent = [
      ...WRONG_LANGUAGE.ti.filter((f) => keysWith('am', f).length === 0).map((f) => `am lacks ${f}`),
      ...WRONG_LANGUAGE.am.filter((f) => keysWith('ti', f).length === 0).map((f) => `ti lacks ${f}`),
    ];
    expect(absent).toEqual([]);
  });

  it('docs/glossary.md lists every term with the renderings the code holds', () => {
    const doc = readFileSync(join(dirname(fileURLToPath(import.meta.url)), '..', 'docs', 'glossary.md'), 'utf8');
    const rows = new Map<string, string[]>();
    for (const line of doc.split('\n')) {
      const cells = line.split('|').map((c) => c.trim());
      if (cells.length >= 5 && cells[0] === '') rows.set(cells[1]!, cells.slice(2));
    }
    const wrong: string[] = [];
    for (const term of GLOSSARY) {
      const row = rows.get(term.en);
      if (!row) wrong.push(`${term.en}: no row`);
      else {
        // The doc names each rendering by its headword: the first form of the code, without its stars.
        const plain = (f: string) => f.split('|')[0]!.replace(/\*/g, '');
        if (!row[0]!.includes(plain(term.am))) wrong.push(`${term.en}: am ${row[0]} should show ${plain(term.am)}`);
        if (!row[1]!.includes(plain(term.ti))) wrong.push(`${term.en}: ti ${row[1]} should show ${plain(term.ti)}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});

/**
 * The app answers plain messages without i18next (src/i18n/direct.ts): for every message of every
 * language, with its variables given, with them missing and with a count, the app's words are
 * exactly i18next's.
 */
import { derivedEnglish } from '@gabata/engine/core';
import { describe, expect, it } from 'vitest';
import { CATALOGUES, createI18n, type I18n, LANGUAGES } from '../src/i18n/index.js';
import { directMessages } from '../src/i18n/direct.js';

type Tree = Readonly<Record<string, unknown>>;

/** Every message key of a tree (`a.b.c`), plural forms under their base key too (`x_one` -> `x`). */
function keysOf(tree: Tree, prefix = '', out = new Set<string>()): Set<string> {
  for (const [k, v] of Object.entries(tree)) {
    if (typeof v === 'string') {
      out.add(prefix + k);
      out.add(prefix + k.replace(/_(zero|one|two|few|many|other)$/, ''));
    } else if (typeof v === 'object' && v !== null) keysOf(v as Tree, `${prefix}${k}.`, out);
  }
  return out;
}

/** The variables a message names, each given a value (numbers for every other one). */
function varsFor(text: string): Record<string, string | number> {
  const vars: Record<string, string | number> = {};
  [...text.matchAll(/\{\{-?\s*(\w+)/g)].forEach((m, i) => {
    vars[m[1]!] = i % 2 === 0 ? `«${m[1]}»` : 1234 + i;
  });
  return vars;
}

/** `t` for any key (the catalogue's types tie each key to its variables). */
const loose = (i18n: I18n) => i18n.t as unknown as (key: string, vars: object) => string;

describe('plain messages answered without i18next', () => {
  it.each(LANGUAGES.map((l) => l.code))('%s: every message reads as i18next writes it', (lang) => {
    const fast = createI18n(lang);
    const slow = createI18n(lang, { direct: false });
    const keys = keysOf(CATALOGUES.en as Tree);
    keysOf(CATALOGUES[lang] as Tree, '', keys);
    for (const key of derivedEnglish('all').keys()) keys.add(key);
    let direct = 0;
    for (const key of keys) {
      const text = slow.lookup(key) ?? '';
      const given = varsFor(text);
      const counts = [0, 1, 2, 7, 21, 1.5, 1234, 1_000_000].map((count) => ({ ...given, count }));
      for (const vars of [given, {}, ...counts, { ...given, count: '3' }]) {
        expect(fast.lookup(key, vars), `${lang} ${key} ${JSON.stringify(vars)}`).toBe(slow.lookup(key, vars));
        expect(loose(fast)(key, vars), `${lang} ${key}`).toBe(loose(slow)(key, vars));
      }
      const sources = [
        { tree: CATALOGUES[lang] as Tree, lang },
        { tree: CATALOGUES.en as Tree, lang: 'en' },
      ];
      if (directMessages(sources)(key, { ...given, count: 2 }) !== undefined) direct++;
    }
    // Most messages are answered directly, with a count too (and so were compared above).
    expect(direct).toBeGreaterThan(keys.size / 2);
  });

  it('leaves to i18next what it does not answer exactly: contexts, other formats, missing variables, groups, nesting', () => {
    const tree = {
      a: {
        plain: 'Sow',
        named: 'Sow {{n}}',
        formatted: '{{n, number}} seeds',
        dated: '{{d, datetime}}',
        nested: '$t(a.plain)',
        seeds_one: 'one seed',
        seeds_other: '{{count, number}} seeds',
        seeds_zero: 'no seed',
      },
    };
    const direct = directMessages([{ tree, lang: 'en' }], (n) => `#${n}`);
    expect(direct('a.plain')).toBe('Sow');
    expect(direct('a.named', { n: 3 })).toBe('Sow 3');
    expect(direct('a.named', {})).toBeUndefined();
    expect(direct('a.formatted', { n: 1200 })).toBe('#1200 seeds');
    expect(direct('a.dated', { d: 1 })).toBeUndefined();
    expect(direct('a.plain', { count: 2 })).toBe('Sow');
    expect([0, 1, 2].map((count) => direct('a.seeds', { count }))).toEqual(['no seed', 'one seed', '#2 seeds']);
    expect(direct('a.seeds', { count: '2' })).toBeUndefined();
    expect(direct('a.plain', { context: 'male' })).toBeUndefined();
    expect(direct('a.nested')).toBeUndefined();
    expect(direct('a')).toBeUndefined();
    expect(direct('a.none')).toBeUndefined();
  });

  it('takes the first language holding the key, as i18next falls back, each with its own plural forms', () => {
    const direct = directMessages([
      { tree: { x: { y: 'ሀ', n_other: 'ብዙ' } }, lang: 'am' },
      { tree: { x: { y: 'A', z: 'B', m_one: 'one', m_other: 'many' } }, lang: 'en' },
    ]);
    expect(direct('x.y')).toBe('ሀ');
    expect(direct('x.z')).toBe('B');
    expect(direct('x.n', { count: 5 })).toBe('ብዙ');
    // Amharic counts 0 as "one": the English fallback counts it as "other".
    expect(direct('x.m', { count: 0 })).toBe('many');
  });
});

/**
 * Every rule option of every ruleset has plain words in every language (catalogue area
 * `options`): the question it settles and an answer for each of its values, so a new option or
 * value without words fails here. The English words are the option's own (its declaration's
 * `question` and `explain`), made into messages, never written in the English catalogue. They
 * are plain: no option or value names, no clause ids, no "SPEC §". A ruleset's own words
 * override the general ones only for options that ruleset has, and no words are left for an
 * option that no longer exists.
 */
import { describe, expect, it } from 'vitest';
import { type OptionSpec, optionValueWords } from '../packages/engine/src/core/options.js';
import { RULESETS } from '../packages/engine/src/games/index.js';
import { CATALOGUES, createI18n, derivedEnglish, KEPT_TERMS, LANGUAGES } from '../src/i18n/index.js';
import { optionLabel, pickValues, valueWords } from '../src/web/option-words.js';

const LANGS = LANGUAGES.map((l) => l.code);
const ALL_NAMES = new Set(RULESETS.flatMap((r) => r.options.map((o) => o.name)));

/** The values whose words a player may see: every value of a choice or boolean; an integer's bounds, default and special 0. */
function shownValues(spec: OptionSpec): (string | number | boolean)[] {
  if (spec.kind !== 'integer') return pickValues(spec);
  const some = new Set([spec.min, spec.max, spec.default, Math.min(spec.max, spec.min + 1)]);
  if (spec.max - spec.min <= 3) for (let v = spec.min; v <= spec.max; v++) some.add(v);
  return [...some];
}

/** Latin words left once the kept terms (game names, wegue, nedf, chafa enda, Ludii) are taken out. */
function latinLeft(text: string): string[] {
  let rest = text;
  for (const k of [...KEPT_TERMS].sort((a, b) => b.length - a.length)) rest = rest.split(k).join(' ');
  return rest.match(/[A-Za-z]+/g) ?? [];
}

describe('rule options in plain words', () => {
  for (const lang of LANGS) {
    const i18n = createI18n(lang);
    it(`${lang}: every option of every ruleset has a question and an answer for each value`, () => {
      const missing: string[] = [];
      // A ruleset that is not shipped may word an option its own way in English only (its words fall back to English).
      const translated = (r: (typeof RULESETS)[number]): boolean => lang !== 'en' && r.info.shipped;
      for (const r of RULESETS) {
        for (const spec of r.options) {
          const where = `${r.info.id} ${spec.name}`;
          const label = optionLabel(i18n, r.info.id, spec);
          if (!label) missing.push(`${where}: label`);
          for (const v of shownValues(spec)) {
            const words = valueWords(i18n, r.info.id, spec, v);
            if (!words) missing.push(`${where}=${String(v)}`);
            else if (translated(r) && (!/[\u1200-\u137f]/.test(words) || latinLeft(words).length)) missing.push(`${where}=${v}: ${words}`);
            // A number from a wide range is said with its value, written the language's way.
            else if (spec.kind === 'integer' && spec.max - spec.min > 3 && v !== 0 && !words.includes(i18n.formatNumber(Number(v)))) {
              missing.push(`${where}=${v}: ${words}`);
            }
          }
          if (translated(r) && label && (!/[\u1200-\u137f]/.test(label) || latinLeft(label).length)) missing.push(`${where}: ${label}`);
        }
      }
      expect(missing).toEqual([]);
    });
  }

  it('an integer whose 0 means something else ("0 = until ...") says so in its own words', () => {
    const en = createI18n('en');
    for (const r of RULESETS) {
      for (const spec of r.options.filter((o) => o.kind === 'integer' && o.min === 0 && o.explain['0'] !== undefined)) {
        const zero = valueWords(en, r.info.id, spec, 0)!;
        expect(zero, `${r.info.id} ${spec.name}`).toBeDefined();
        expect(zero, `${r.info.id} ${spec.name}`).not.toMatch(/\b0\b/);
      }
    }
  });

  it('the English words are plain: no option or value names, clause ids or SPEC references', () => {
    const en = createI18n('en');
    const bad: string[] = [];
    for (const r of RULESETS) {
      for (const spec of r.options) {
        const texts = [optionLabel(en, r.info.id, spec)!, ...shownValues(spec).map((v) => valueWords(en, r.info.id, spec, v)!)];
        for (const t of texts) {
          // A camelCase word is an option or value name (`captureGate`); a single-word name is an English word.
          if (/§|SPEC|`|[A-Z]{3}-\d|\b[A-Z]\d+\b|[a-z][A-Z]/.test(t)) bad.push(`${r.info.id} ${spec.name}: ${t}`);
        }
      }
    }
    expect(bad).toEqual([]);
  });

  it('each ruleset’s own words name that ruleset and its options; no words are kept for options that do not exist', () => {
    for (const lang of LANGS) {
      const area = CATALOGUES[lang].options;
      for (const [id, words] of Object.entries(area.in)) {
        const r = RULESETS.find((x) => x.info.id === id);
        expect(r, `${lang} options.in.${id}`).toBeDefined();
        for (const name of Object.keys(words))
          expect(
            r!.options.map((o) => o.name),
            `${lang} ${id}`,
          ).toContain(name);
      }
      for (const name of Object.keys(area.opt)) expect(ALL_NAMES, `${lang} options.opt.${name}`).toContain(name);
    }
  });

  it('a ruleset’s own words win over the general ones', () => {
    const en = createI18n('en');
    const rounds = (id: string): string => {
      const spec = RULESETS.find((r) => r.info.id === id)!.options.find((o) => o.name === 'rounds')!;
      return valueWords(en, id, spec, 0)!;
    };
    expect(rounds('gabata-adowa')).toBe(derivedEnglish().get('options.in.gabata-adowa.rounds.values.0'));
    expect(rounds('gifia')).toBe(derivedEnglish().get('options.in.gifia.rounds.values.0'));
    expect(rounds('gifia')).not.toBe(derivedEnglish().get('options.opt.rounds.values.0'));
    expect(new Set(['gabata-adowa', 'gifia', 'abalalae'].map(rounds)).size).toBe(3);
    const spec = RULESETS.find((r) => r.info.id === 'gifia')!.options.find((o) => o.name === 'rounds')!;
    expect(valueWords(en, 'gifia', spec, 1)).toBe('Play 1 round; the larger total then wins.');
    expect(valueWords(en, 'gifia', spec, 12)).toBe('Play 12 rounds; the larger total then wins.');
  });

  it('the English words are the declarations’ own: each option’s question and the answer of each value', () => {
    const en = createI18n('en');
    const wrong: string[] = [];
    for (const r of RULESETS) {
      for (const spec of r.options) {
        const where = `${r.info.id} ${spec.name}`;
        if (optionLabel(en, r.info.id, spec) !== spec.question) wrong.push(`${where}: ${optionLabel(en, r.info.id, spec)}`);
        for (const v of shownValues(spec)) {
          const own = optionValueWords(spec, v);
          if (own === undefined || valueWords(en, r.info.id, spec, v) !== own) wrong.push(`${where}=${String(v)}: ${own}`);
        }
      }
    }
    expect(wrong).toEqual([]);
    // The plural forms are chosen by the count, in the messages as in the declarations.
    const gifia = RULESETS.find((r) => r.info.id === 'gifia')!;
    const rounds = gifia.options.find((o) => o.name === 'rounds')!;
    expect(optionValueWords(rounds, 1)).toBe('Play 1 round; the larger total then wins.');
    expect(optionValueWords(rounds, 1000)).toBe('Play 1,000 rounds; the larger total then wins.');
    expect(valueWords(en, 'gifia', rounds, 1000)).toBe('Play 1,000 rounds; the larger total then wins.');
  });

  it('no English option words are written in the catalogue: they are made from the declarations alone', () => {
    expect(CATALOGUES.en.options.opt).toEqual({});
    expect(CATALOGUES.en.options.in).toEqual({});
    const made = [...derivedEnglish('shipped').keys()].filter((k) => k.startsWith('options.'));
    // Every option name of every ruleset has its general words; a ruleset's own words only where they differ.
    for (const name of ALL_NAMES) expect(made, name).toContain(`options.opt.${name}.label`);
    for (const key of made.filter((k) => k.startsWith('options.in.'))) {
      const [, , id, name, ...rest] = key.split('.');
      expect(derivedEnglish().get(key), key).not.toBe(derivedEnglish().get(`options.opt.${name}.${rest.join('.')}`));
      expect(
        RULESETS.find((r) => r.info.id === id)?.options.map((o) => o.name),
        key,
      ).toContain(name);
    }
  });
});

/**
 * The About page's list of what a language shows in English: the rulesets registered untranslated
 * (`shipped: false`, English only), each with how many of its texts, in the page's language.
 * With the shipped rulesets alone there is nothing to list; the Kalah fixture is registered here
 * (as GABATA_EXTRA_RULESETS=kalah would) to give the list something to say.
 */
import { derivedEnglish } from '@gabata/engine/core';
import { RULESETS, registerRuleset } from '@gabata/engine/games';
import { beforeAll, describe, expect, it } from 'vitest';
import { createI18n, untranslatedKeys, untranslatedLines, untranslatedRulesets } from '../src/i18n/index.js';
import { kalah } from './fixtures/kalah/kalah.js';

const TRANSLATIONS = ['am', 'ti'] as const;
const extra = (process.env['GABATA_EXTRA_RULESETS'] ?? '').trim() !== '';

describe('untranslated texts (the About page)', () => {
  it.skipIf(extra).each(['en', ...TRANSLATIONS] as const)('%s: nothing is listed while only shipped rulesets are registered', (lang) => {
    expect(RULESETS.every((r) => r.info.shipped)).toBe(true);
    expect(untranslatedRulesets(lang)).toEqual([]);
    expect(untranslatedLines(createI18n(lang))).toEqual([]);
  });

  describe('with the Kalah fixture registered', () => {
    // Registered as the block begins (the tests above run first, with the shipped rulesets alone).
    beforeAll(() => {
      if (!RULESETS.includes(kalah)) registerRuleset(kalah);
    });
    const kalahKeys = (): string[] => [...derivedEnglish('all').keys()].filter((k) => !derivedEnglish('shipped').has(k));

    it('English lists nothing: it is the language the texts are written in', () => {
      expect(untranslatedRulesets('en')).toEqual([]);
      expect(untranslatedLines(createI18n('en'))).toEqual([]);
    });

    it.each(TRANSLATIONS)('%s: Kalah is listed once, with the count of its texts that fall back to English', (lang) => {
      expect(kalahKeys().length).toBeGreaterThan(1);
      expect(untranslatedRulesets(lang)).toEqual([{ id: kalah.info.id, count: untranslatedKeys(lang).length }]);
      expect(untranslatedKeys(lang).sort()).toEqual(kalahKeys().sort());
    });

    it.each(TRANSLATIONS)('%s: the line names the game and the count in the language, plural form included', (lang) => {
      const i18n = createI18n(lang);
      const count = untranslatedKeys(lang).length;
      const lines = untranslatedLines(i18n);
      expect(lines).toEqual([i18n.t('pages.untranslatedRuleset', { name: kalah.info.name, count })]);
      expect(lines[0]).toContain(kalah.info.name);
      expect(lines[0]).toContain(i18n.formatNumber(count));
      // The line is the language's own words, not the English fallback.
      expect(lines[0]).not.toMatch(/texts? in English/);
      expect(lines[0]).toMatch(/[\u1200-\u137f]/);
      expect(i18n.t('pages.untranslatedIntro')).toMatch(/[\u1200-\u137f]/);
    });

    it('the English line chooses its plural form by the count', () => {
      const en = createI18n('en');
      expect(en.t('pages.untranslatedRuleset', { name: 'Kalah', count: 1 })).toBe('Kalah: 1 text in English');
      expect(en.t('pages.untranslatedRuleset', { name: 'Kalah', count: 12 })).toBe('Kalah: 12 texts in English');
    });
  });
});

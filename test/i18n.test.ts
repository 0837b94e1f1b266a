/**
 * The message catalogue (src/i18n): every language has every key and the same interpolation
 * variables as English, exactly the plural forms its `Intl.PluralRules` uses, no English left
 * in a translation, and no Latin letters in Amharic or Tigrinya beyond the terms kept as the
 * sources write them. `t()` picks plural forms and writes numbers through Intl; the language is
 * chosen from the link, the remembered choice and the browser. The web app's tables (src/web/text.ts,
 * src/web/catalogue/text.ts) and the story of a move (src/i18n/story-lines.ts) are built from the
 * catalogue: in Node they speak English, each function hands its arguments to the right variables,
 * and the games catalogue's first lines are the catalogue's English messages.
 */
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATALOGUE } from '../src/catalogue/entries.js';
import type { GameEvent } from '../packages/engine/src/core/events.js';
import { Rng } from '../packages/engine/src/core/rng.js';
import { PHASE_OVER } from '../packages/engine/src/core/state.js';
import { RULESETS } from '../packages/engine/src/games/index.js';
import {
  CATALOGUES,
  chooseLanguage,
  createI18n,
  derivedEnglish,
  KEPT_TERMS,
  LANGUAGE_STORAGE_KEY,
  LANGUAGES,
  languageOfEnvironment,
  pageEnvironment,
  PLURAL_CATEGORIES,
  rememberLanguage,
  SAME_IN_EVERY_LANGUAGE,
  supportedLanguage,
  untranslatedKeys,
  type Lang,
} from '../src/i18n/index.js';
import { en } from '../src/i18n/locales/en.js';
import { tellStory, unitFor } from '../src/i18n/story.js';
import { captureWords, catalogueWords, clauseTexts, levelNames, webWords } from '../src/i18n/web-words.js';
import { isSimultaneous, legalMoveList, legalMoveListFor } from '../packages/engine/src/notation/move.js';
import { storyLines, wordsFor } from '../src/i18n/story-lines.js';
import { CAPTURE_WORDS, CT, PROSE_TERMS, slug } from '../src/web/catalogue/text.js';
import { LEVEL_NAMES, T, clauses } from '../src/web/text.js';
import { launchChromium } from './web-harness.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const CODES = LANGUAGES.map((l) => l.code);
const TRANSLATIONS = CODES.filter((c) => c !== 'en');

/** Every message of a catalogue by dotted key (without `_meta`). */
function flatten(obj: unknown, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [k, v] of Object.entries(obj as Record<string, unknown>)) {
    if (prefix === '' && k === '_meta') continue;
    if (typeof v === 'string') out.set(prefix + k, v);
    else for (const [kk, vv] of flatten(v, `${prefix}${k}.`)) out.set(kk, vv);
  }
  return out;
}

const PLURAL_SUFFIX = new RegExp(`_(${PLURAL_CATEGORIES.join('|')})$`);
const baseKey = (k: string): string => k.replace(PLURAL_SUFFIX, '');
const isPlural = (k: string): boolean => PLURAL_SUFFIX.test(k);

/** The keys of a catalogue: plain keys, and plural keys with the forms each has. */
function shape(messages: Map<string, string>): { plain: string[]; plural: Map<string, string[]> } {
  const plain: string[] = [];
  const plural = new Map<string, string[]>();
  for (const k of messages.keys()) {
    if (!isPlural(k)) plain.push(k);
    else plural.set(baseKey(k), [...(plural.get(baseKey(k)) ?? []), k.slice(baseKey(k).length + 1)]);
  }
  return { plain: plain.sort(), plural };
}

/** The interpolation variables of a message: `{{count, number}}` -> count. */
const varsOf = (text: string): string[] => [...text.matchAll(/\{\{\s*([^,}\s]+)[^}]*\}\}/g)].map((m) => m[1]!);

/** The variables of a key in a language (over all plural forms). */
function varsByKey(messages: Map<string, string>): Map<string, string[]> {
  const out = new Map<string, Set<string>>();
  for (const [k, v] of messages) {
    const set = out.get(baseKey(k)) ?? new Set<string>();
    for (const name of varsOf(v)) set.add(name);
    out.set(baseKey(k), set);
  }
  return new Map([...out].map(([k, s]) => [k, [...s].sort()]));
}

/**
 * Every message of each language by dotted key. English is en.ts and the English made from data
 * that every translation must have (the shipped rulesets' clauses and names, written in their
 * descriptions); a ruleset that is not shipped may land in English only (see below).
 */
const FLAT: Record<Lang, Map<string, string>> = Object.fromEntries(
  CODES.map((c) => [c, c === 'en' ? new Map([...derivedEnglish('shipped'), ...flatten(CATALOGUES.en)]) : flatten(CATALOGUES[c])]),
) as Record<Lang, Map<string, string>>;

describe('i18n: every language has every message', () => {
  it.each(TRANSLATIONS)('%s has every key of en, and no key en lacks', (lang) => {
    const mine = shape(FLAT[lang]);
    const english = shape(FLAT.en);
    expect(mine.plain).toEqual(english.plain);
    expect([...mine.plural.keys()].sort()).toEqual([...english.plural.keys()].sort());
  });

  it.each(CODES)('%s: each plural message has exactly the forms of its Intl plural categories', (lang) => {
    const categories = [...new Intl.PluralRules(lang).resolvedOptions().pluralCategories].sort();
    const { plural } = shape(FLAT[lang]);
    expect(plural.size).toBeGreaterThan(0);
    for (const [key, forms] of plural) expect([...forms].sort(), key).toEqual(categories);
  });

  it.each(TRANSLATIONS)('%s: every message has the interpolation variables of the English one', (lang) => {
    const english = varsByKey(FLAT.en);
    const mine = varsByKey(FLAT[lang]);
    const wrong = [...english].filter(([k, vars]) => JSON.stringify(mine.get(k)) !== JSON.stringify(vars));
    expect(wrong.map(([k, vars]) => `${k}: en ${vars.join(',')} / ${lang} ${mine.get(k)?.join(',')}`)).toEqual([]);
  });

  it.each(TRANSLATIONS)('%s: no message is left in English (beyond the names kept in every language)', (lang) => {
    const same = [...FLAT[lang]].filter(([k, v]) => v === FLAT.en.get(k) && !SAME_IN_EVERY_LANGUAGE.includes(k)).map(([k]) => k);
    expect(same).toEqual([]);
  });

  it.each(TRANSLATIONS)('%s: no Latin letters outside the interpolations and the kept terms', (lang) => {
    const bad: string[] = [];
    for (const [k, v] of FLAT[lang]) {
      let text = v.replace(/\{\{[^}]*\}\}/g, '');
      for (const term of [...KEPT_TERMS].sort((a, b) => b.length - a.length)) text = text.split(term).join('');
      if (/[A-Za-z]/.test(text)) bad.push(`${k}: ${text}`);
    }
    expect(bad).toEqual([]);
  });

  it.each(TRANSLATIONS)('%s: the text is in Ge’ez script', (lang) => {
    const ethiopic = [...FLAT[lang]].filter(([k]) => !SAME_IN_EVERY_LANGUAGE.includes(k)).filter(([, v]) => /[\u1200-\u139f]/.test(v));
    expect(ethiopic.length).toBe(FLAT[lang].size - SAME_IN_EVERY_LANGUAGE.length);
  });

  it.each(TRANSLATIONS)('%s: only the texts of rulesets that are not shipped are untranslated, and they fall back to English', (lang) => {
    const notShipped = [...derivedEnglish('all').keys()].filter((k) => !derivedEnglish('shipped').has(k));
    expect(untranslatedKeys(lang).sort()).toEqual(notShipped.filter((k) => !FLAT[lang].has(k)).sort());
    expect(untranslatedKeys(lang).filter((k) => derivedEnglish('shipped').has(k))).toEqual([]);
    const i18n = createI18n(lang);
    for (const k of untranslatedKeys(lang)) expect(i18n.lookup(k), k).toBe(derivedEnglish('all').get(k));
    expect(untranslatedKeys('en')).toEqual([]);
  });

  it('each translation says whether native speakers have reviewed it', () => {
    expect(CATALOGUES.en._meta.status).toBe('source');
    for (const lang of TRANSLATIONS) {
      const meta = CATALOGUES[lang]._meta;
      expect(['draft', 'reviewed']).toContain(meta.status);
      // A reviewed translation names its reviewers; these two are drafts until someone does.
      if (meta.status === 'reviewed') expect(meta.reviewedBy.length).toBeGreaterThan(0);
      else expect(meta.status).toBe('draft');
    }
  });

  it('the language list names each language in its own language', () => {
    for (const { code, name } of LANGUAGES) expect(name).toBe(new Intl.DisplayNames([code], { type: 'language' }).of(code));
  });
});

describe('i18n: t() writes plurals and numbers the language’s way', () => {
  it('Intl gives Amharic and Tigrinya the categories one and other, with 0 in one (CLDR: i = 0 or n = 1)', () => {
    for (const lang of ['am', 'ti']) {
      expect(new Intl.PluralRules(lang).resolvedOptions().pluralCategories).toEqual(['one', 'other']);
      expect(new Intl.PluralRules(lang).select(0)).toBe('one');
    }
    expect(new Intl.PluralRules('en').select(0)).toBe('other');
  });

  it.each(CODES)('%s: the form of each count, its number written by Intl.NumberFormat', (lang) => {
    const i18n = createI18n(lang);
    const rules = new Intl.PluralRules(lang);
    const numbers = new Intl.NumberFormat(lang);
    for (const count of [0, 1, 2, 5, 21, 1234567]) {
      for (const key of ['web.movesCount', 'web.spectators', 'story.count.counter', 'story.count.bean'] as const) {
        const form = FLAT[lang].get(`${key}_${rules.select(count)}`)!;
        expect(i18n.t(key, { count }), `${key} ${count}`).toBe(form.replace('{{count, number}}', numbers.format(count)));
      }
      expect(i18n.formatNumber(count)).toBe(numbers.format(count));
      expect(i18n.pluralCategory(count)).toBe(rules.select(count));
    }
  });

  it.each(CODES)('%s: whole numbers under 1,000, written without Intl, are what Intl writes; others go through Intl', (lang) => {
    const i18n = createI18n(lang);
    const numbers = new Intl.NumberFormat(lang);
    for (let n = 0; n < 1000; n++) expect(i18n.formatNumber(n)).toBe(numbers.format(n));
    for (const n of [-1, 1.5, 1000, 98765.4321]) expect(i18n.formatNumber(n)).toBe(numbers.format(n));
    const percent = { style: 'percent', maximumFractionDigits: 0 } as const;
    expect(i18n.formatNumber(0.5, percent)).toBe(new Intl.NumberFormat(lang, percent).format(0.5));
    expect(i18n.t('web.movesCount', { count: 1000 })).toContain(numbers.format(1000));
  });

  it.each(CODES)('%s: interpolation puts every variable in its place, unescaped', (lang) => {
    const i18n = createI18n(lang);
    const template = FLAT[lang].get('web.computerN')!;
    expect(i18n.t('web.computerN', { player: 2, level: 5 })).toBe(template.replace('{{player}}', '2').replace('{{level}}', '5'));
    const who = 'Ato <b>&</b> ’s';
    expect(i18n.t('web.you', { who })).toBe(FLAT[lang].get('web.you')!.replace('{{who}}', who));
  });

  it('lookup finds run-time keys (clause ids) and refuses unknown keys and groups', () => {
    const am = createI18n('am');
    expect(am.lookup('clause.ADW-08')).toBe(FLAT.am.get('clause.ADW-08'));
    expect(am.lookup('clause.§1')).toBe(FLAT.am.get('clause.§1'));
    expect(am.lookup('clause.XYZ-99')).toBeUndefined();
    expect(am.lookup('story.count')).toBeUndefined();
    expect(am.meta.status).toBe('draft');
  });
});

describe('i18n: chooseLanguage', () => {
  const nav = (...l: string[]) => ({ navigatorLanguages: l });
  it.each([
    ['?lang= wins over everything', { query: 'ti', stored: 'am', navigatorLanguages: ['am'] }, 'ti'],
    ['?lang= with a region and capitals', { query: 'AM-et', stored: 'ti' }, 'am'],
    ['an unknown ?lang= is passed over for the remembered choice', { query: 'fr', stored: 'ti', ...nav('am') }, 'ti'],
    ['an empty ?lang= is passed over', { query: '', ...nav('am-ET') }, 'am'],
    ['the remembered choice wins over the browser', { query: null, stored: 'am', ...nav('ti-ER', 'en') }, 'am'],
    ['a garbled remembered choice is passed over', { stored: '"><script>', ...nav('ti') }, 'ti'],
    ['the first browser language we have', nav('fr-FR', 'ti-ER', 'am'), 'ti'],
    ['underscores and regions in browser tags', nav('de', 'am_ET'), 'am'],
    ['English when the browser has only languages we lack', nav('fr', 'de'), 'en'],
    ['English when nothing is known', {}, 'en'],
    ['English when the browser gives no list', { navigatorLanguages: null }, 'en'],
  ])('%s', (_name, inputs, expected) => {
    expect(chooseLanguage(inputs)).toBe(expected);
  });

  /** A page's globals: a storage that works, or one that throws as private modes do. */
  function page(search: string, languages: string[] | undefined, storage: 'ok' | 'throws' | 'none', stored?: string) {
    const items = new Map<string, string>(stored === undefined ? [] : [[LANGUAGE_STORAGE_KEY, stored]]);
    const refuse = (): never => {
      throw new Error('SecurityError: storage is disabled');
    };
    const localStorage =
      storage === 'none'
        ? undefined
        : storage === 'throws'
          ? { getItem: refuse, setItem: refuse }
          : { getItem: (k: string) => items.get(k) ?? null, setItem: (k: string, v: string) => void items.set(k, v) };
    return { env: { location: { search }, localStorage, navigator: { languages, language: 'ti-ER' } }, items };
  }

  it('reads the page: ?lang=, then the remembered choice, then navigator.languages, then navigator.language', () => {
    expect(languageOfEnvironment(page('?x=1&lang=am', ['ti'], 'ok', 'ti').env)).toBe('am');
    expect(languageOfEnvironment(page('?lang=xx', ['en'], 'ok', 'ti').env)).toBe('ti');
    expect(languageOfEnvironment(page('', ['fr', 'am'], 'ok').env)).toBe('am');
    expect(languageOfEnvironment(page('', undefined, 'none').env)).toBe('ti');
    expect(languageOfEnvironment({})).toBe('en');
  });

  it('outside a page (Node, here) the environment is empty and the language English', () => {
    expect(pageEnvironment()).toEqual({});
    expect(languageOfEnvironment()).toBe('en');
  });

  it('a storage that refuses access neither remembers nor breaks the choice', () => {
    const refusing = page('', ['am'], 'throws');
    expect(languageOfEnvironment(refusing.env)).toBe('am');
    expect(rememberLanguage('ti', refusing.env)).toBe(false);
    expect(rememberLanguage('ti', page('', [], 'none').env)).toBe(false);
  });

  it('the remembered choice is the one read back', () => {
    const p = page('', ['en'], 'ok');
    expect(rememberLanguage('ti', p.env)).toBe(true);
    expect(p.items.get(LANGUAGE_STORAGE_KEY)).toBe('ti');
    expect(languageOfEnvironment(p.env)).toBe('ti');
  });

  it('supportedLanguage names only our languages', () => {
    expect(CODES.map((c) => supportedLanguage(c.toUpperCase()))).toEqual(CODES);
    for (const tag of ['amh', 'tig', 'e', '-am', undefined, null]) expect(supportedLanguage(tag)).toBeUndefined();
  });
});

/** For each function of text.ts's T: sample arguments, and the variables its message takes. */
const T_CALLS: Record<string, { args: unknown[]; key: string; vars: Record<string, string | number> }[]> = {
  movesCount: [1, 7].map((n) => ({ args: [n], key: 'web.movesCount', vars: { count: n } })),
  seat: [{ args: [2], key: 'web.seat', vars: { player: 2 } }],
  seatComputer: [{ args: [3], key: 'web.seatComputer', vars: { level: 3, levelName: LEVEL_NAMES[3]! } }],
  integerRange: [{ args: [2, 9], key: 'web.integerRange', vars: { min: 2, max: 9 } }],
  round: [{ args: [4], key: 'web.round', vars: { round: 4 } }],
  roundSummary: [{ args: [4], key: 'web.roundSummary', vars: { round: 4 } }],
  viewingPly: [{ args: [3, 10], key: 'web.viewingPly', vars: { ply: 3, plies: 10 } }],
  holeLabel: [
    {
      args: [5, '1 counter', 'Ann’s', ', can be played'],
      key: 'web.holeLabel',
      vars: { hole: 5, letters: '', counters: '1 counter', owner: 'Ann’s', extra: ', can be played' },
    },
    {
      args: [5, '4 beans', 'Ann’s', ''],
      key: 'web.holeLabel',
      vars: { hole: 5, letters: '', counters: '4 beans', owner: 'Ann’s', extra: '' },
    },
    {
      args: [5, '2 counters', 'Ann’s', ', Ann’s wegue', ' W'],
      key: 'web.holeLabel',
      vars: { hole: 5, letters: ' W', counters: '2 counters', owner: 'Ann’s', extra: ', Ann’s wegue' },
    },
  ],
  chooseHow: [{ args: [6], key: 'web.chooseHow', vars: { hole: 6 } }],
  firstDropInto: [{ args: [6], key: 'web.firstDropInto', vars: { hole: 6 } }],
  takes: [{ args: [6, 2], key: 'web.takes', vars: { hole: 6, count: 2 } }],
  illegalGeneric: [{ args: [6, '1, 2'], key: 'web.illegalGeneric', vars: { hole: 6, legal: '1, 2' } }],
  playable: [{ args: ['1, 2'], key: 'web.playable', vars: { legal: '1, 2' } }],
  notOwnHole: [{ args: [6, 'Ann’s'], key: 'web.notOwnHole', vars: { hole: 6, owner: 'Ann’s' } }],
  emptyHole: [{ args: [6], key: 'web.emptyHole', vars: { hole: 6 } }],
  markedHole: [{ args: [6, 'Ann’s', 'wegue'], key: 'web.markedHole', vars: { hole: 6, owner: 'Ann’s', mark: 'wegue' } }],
  holeMoves: [{ args: [6, 'Ann', 'Bo'], key: 'web.holeMoves', vars: { hole: 6, from: 'Ann', to: 'Bo' } }],
  serverError: [{ args: ['ERR_X', 'bad'], key: 'web.serverError', vars: { code: 'ERR_X', message: 'bad' } }],
  computer: [{ args: [4], key: 'web.computer', vars: { level: 4 } }],
  computerN: [{ args: [2, 4], key: 'web.computerN', vars: { player: 2, level: 4 } }],
  person: [{ args: [2], key: 'web.person', vars: { player: 2 } }],
  clockPreset: [{ args: [5, 3], key: 'web.clockPreset', vars: { base: 5, increment: 3 } }],
  spectators: [1, 3].map((n) => ({ args: [n], key: 'web.spectators', vars: { count: n } })),
  takenBack: [{ args: [7], key: 'web.takenBack', vars: { ply: 7 } }],
  offerDeclined: [
    { args: ['takeback'], key: 'web.offerDeclinedTakeback', vars: {} },
    { args: ['draw'], key: 'web.offerDeclinedDraw', vars: {} },
    { args: ['rematch'], key: 'web.offerDeclinedRematch', vars: {} },
  ],
  hintIs: [{ args: ['4a'], key: 'web.hintIs', vars: { move: '4a' } }],
  // In English a ruleset's place and summary are its own words; its name is the catalogue's.
  rulesetName: RULESETS.map((r) => ({ args: [r.info], key: `game.${r.info.id}.name`, vars: {} })),
};
/** Functions of T whose only argument is a player's name, `who` in the catalogue. */
const WHO_FUNCTIONS = [
  'toMove',
  'chooseFor',
  'thinking',
  'begins',
  'yourTurn',
  'notYourTurn',
  'resultWin',
  'inviteFor',
  'waitingForJoin',
  'waitingFor',
  'hasChosen',
  'asksTakeback',
  'offersDraw',
  'offersRematch',
  'wonByResignation',
  'wonOnTime',
  'you',
  'ownerOf',
];

describe('i18n: the app’s words in Node are the English catalogue’s, every variable in its place', () => {
  const english = createI18n('en');
  const tr = (key: string, vars: Record<string, string | number>): string => english.lookup(key, vars) ?? `missing ${key}`;

  it('every label of src/web/text.ts has its message, word for word', () => {
    const diffs: string[] = [];
    for (const [name, value] of Object.entries(T)) {
      if (name === 'rulesetRegion' || name === 'rulesetSummary') {
        for (const r of RULESETS) {
          const said = (value as (info: typeof r.info) => string)(r.info);
          if (said !== r.info[name === 'rulesetRegion' ? 'region' : 'summary']) diffs.push(`${name}(${r.info.id}): ${said}`);
        }
        continue;
      }
      if (typeof value === 'string') {
        if (tr(`web.${name}`, {}) !== value) diffs.push(`${name}: ${value}`);
        continue;
      }
      const calls = WHO_FUNCTIONS.includes(name)
        ? [{ args: ['Ann'], key: `web.${name}`, vars: { who: 'Ann' } }]
        : name === 'seatsShort'
          ? []
          : (T_CALLS[name] ?? [{ args: [], key: `(no sample call for T.${name} in this test)`, vars: {} }]);
      for (const c of calls) {
        const said = (value as (...a: unknown[]) => string)(...c.args);
        if (tr(c.key, c.vars) !== said) diffs.push(`${name}(${c.args.join(', ')}): ${said} / ${tr(c.key, c.vars)}`);
      }
    }
    expect(diffs).toEqual([]);
  });

  it('every word of the catalogue pages (src/web/catalogue/text.ts) has its message, word for word', () => {
    const calls: Record<string, { args: unknown[]; key: string; vars: Record<string, string | number> }[]> = {
      playersN: [2, 3].map((n) => ({ args: [n], key: 'cat.playersN', vars: { count: n } })),
      shown: [
        { args: [5, 5], key: 'cat.shownAll', vars: { count: 5 } },
        { args: [2, 5], key: 'cat.shownSome', vars: { shown: 2, count: 5 } },
      ],
      playThis: [{ args: ['Selus'], key: 'cat.playThis', vars: { name: 'Selus' } }],
      pages: [{ args: ['164-165'], key: 'cat.pages', vars: { pages: '164-165' } }],
      // Below 1000: the catalogue writes numbers through Intl ('2,000'), the app today as they come ('2000').
      figuresBasis: [{ args: [500, '2026-11-30'], key: 'cat.figuresBasis', vars: { count: 500, date: '2026-11-30' } }],
      player: [{ args: [2], key: 'cat.player', vars: { player: 2 } }],
      notFound: [{ args: ['x'], key: 'cat.notFound', vars: { id: 'x' } }],
    };
    const diffs: string[] = [];
    const walk = (obj: Record<string, unknown>, prefix: string): void => {
      for (const [name, value] of Object.entries(obj)) {
        if (typeof value === 'string') {
          if (tr(`${prefix}${name}`, {}) !== value) diffs.push(`${prefix}${name}: ${value}`);
        } else if (typeof value === 'function') {
          for (const c of calls[name] ?? [{ args: [], key: `(no sample call for CT.${name} in this test)`, vars: {} }]) {
            const said = (value as (...a: unknown[]) => string)(...c.args);
            if (tr(c.key, c.vars) !== said) diffs.push(`${name}(${c.args.join(', ')}): ${said} / ${tr(c.key, c.vars)}`);
          }
        } else walk(value as Record<string, unknown>, `${prefix}${name}.`);
      }
    };
    walk(CT, 'cat.');
    walk(CAPTURE_WORDS, 'cat.capture.');
    expect(diffs).toEqual([]);
  });

  it('the short list of seats', () => {
    const seats = ['human', 'invite', 'level:3'];
    const words = [tr('web.seatsShortPerson', {}), tr('web.seatsShortFriend', {}), tr('web.seatsShortComputer', { level: 3 })];
    expect(words.join(tr('web.seatsShortSeparator', {}))).toBe(T.seatsShort(seats));
  });

  it('the names of the levels and every rule clause', () => {
    for (const [level, text] of Object.entries(LEVEL_NAMES)) expect(tr(`level.${level}`, {})).toBe(text);
    const ids = [
      ...Object.keys(en.clause),
      ...[...derivedEnglish('all').keys()].filter((k) => k.startsWith('clause.')).map((k) => k.slice(7)),
    ];
    expect(ids.sort()).toEqual(Object.keys(clauses()).sort());
    expect(RULESETS.flatMap((r) => r.info.clauses.map((c) => c.id)).filter((id) => clauses()[id] === undefined)).toEqual([]);
    for (const [id, text] of Object.entries(clauses())) expect(tr(`clause.${id}`, {}), id).toBe(text);
  });

  it('the first lines of the games catalogue: names, one-line descriptions, origins, regions, countries, places', () => {
    // Written once: the name in the ruleset's description, the one line and origin in the catalogue entry; none in en.
    expect(en.game).toEqual({});
    const made = [...derivedEnglish('shipped').keys()].filter((k) => k.startsWith('game.'));
    const fields = (field: string): string[] => made.filter((k) => k.endsWith(`.${field}`)).map((k) => k.split('.')[1]!);
    for (const field of ['name', 'oneLine', 'origin'])
      expect(fields(field).sort(), field).toEqual(CATALOGUE.map((e) => e.rulesetId).sort());
    for (const e of CATALOGUE) {
      expect(e.name).toBe(RULESETS.find((r) => r.info.id === e.rulesetId)!.info.name);
      expect(tr(`game.${e.rulesetId}.name`, {})).toBe(e.name);
      expect(tr(`game.${e.rulesetId}.oneLine`, {})).toBe(e.oneLine);
      expect(tr(`game.${e.rulesetId}.origin`, {})).toBe(e.origin);
      expect(tr(`region.${e.region}`, {})).toBe(e.region);
      for (const c of e.countries) expect(tr(`country.${c}`, {})).toBe(c);
      expect(tr(`cat.periodName.${e.period}`, {})).toBe(e.period);
      for (const place of [...e.places, ...e.evidence.map((r) => r.place)]) {
        expect(tr(`place.${place.name}`, {})).toBe(place.name);
        expect(tr(`country.${place.country}`, {})).toBe(place.country);
      }
      for (const c of e.category.filter((k) => k !== 'Board' && k !== 'Sow')) expect(tr(`cat.categoryName.${c}`, {})).toBe(c);
    }
  });
});

describe('i18n: our own words about each game (prose.*) follow the catalogue and the rulesets', () => {
  const english = createI18n('en');
  /** Every text of ours on the game pages, by its key under `prose.`. */
  const texts = new Map<string, string>();
  for (const e of CATALOGUE) {
    const id = slug(e.rulesetId);
    for (const [i, p] of e.description.entries()) texts.set(`${id}.description${i + 1}`, p);
    for (const [i, p] of e.history.entries()) texts.set(`${id}.history${i + 1}`, p);
    for (const note of ['identifiersNote', 'similarNote', 'evidenceNote'] as const) if (e[note]) texts.set(`${id}.${note}`, e[note]);
    for (const [i, src] of e.sources.entries()) if (src.note) texts.set(`${id}.sourceNote${i + 1}`, src.note);
    for (const r of e.evidence) {
      const at = `${id}.${slug(r.id)}`;
      texts.set(`${at}.rules`, r.rulesParaphrase);
      texts.set(`${at}.content`, r.contentSummary);
      if (r.note) texts.set(`${at}.note`, r.note);
      if (r.place.basis === 'approximate' && r.place.note) texts.set(`${at}.placeNote`, r.place.note);
    }
    const ruleset = RULESETS.find((r) => r.info.id === e.rulesetId)!;
    for (const [i, r] of ruleset.info.reconstructions.entries()) texts.set(`${id}.reading${i + 1}`, r.text);
  }

  it('the English message of every paragraph, note, reading and record says word for word what its source says', () => {
    const wrong = [...texts].filter(([key, text]) => english.lookup(`prose.${key}`, PROSE_TERMS) !== text).map(([key]) => key);
    expect(texts.size).toBeGreaterThan(50);
    expect(wrong).toEqual([]);
  });

  it('no message is left for a text that is gone: every English prose message is made from a text, none written in en.ts', () => {
    expect([...flatten(en.prose).keys()]).toEqual([]);
    const keys = [...derivedEnglish('all').keys()].filter((k) => k.startsWith('prose.')).map((k) => k.slice('prose.'.length));
    expect(keys.filter((k) => !texts.has(k)).sort()).toEqual([]);
    expect([...texts.keys()].filter((k) => !keys.includes(k)).sort()).toEqual([]);
  });
});

/** A table's type with its literal strings widened: what a translated table must match. */
type Widen<X> = X extends string ? string : X extends (...a: infer A) => infer R ? (...a: A) => R : { [K in keyof X]: Widen<X[K]> };

/** Sample arguments for every function of a word table, by name. */
function samples(name: string): unknown[][] {
  if (WHO_FUNCTIONS.includes(name)) return [['Ann']];
  if (name === 'seatsShort') return [[['human', 'invite', 'level:3']], [['level:5', 'human']]];
  const catalogue: Record<string, unknown[][]> = {
    playersN: [[2], [3]],
    // Not (1, 1): CT says '1 games', the catalogue '1 game'.
    shown: [
      [5, 5],
      [2, 5],
    ],
    playThis: [['Selus']],
    pages: [['164-165']],
    figuresBasis: [[500, '2026-11-30']],
    player: [[2]],
    notFound: [['x']],
  };
  return T_CALLS[name]?.map((c) => c.args) ?? catalogue[name] ?? [];
}

/** Where two word tables differ, called with the same sample arguments. */
function tableDiffs(ours: unknown, theirs: unknown, path = ''): string[] {
  if (typeof theirs === 'string') return ours === theirs ? [] : [`${path}: ${String(ours)} / ${theirs}`];
  if (typeof theirs === 'function') {
    if (typeof ours !== 'function') return [`${path}: not a function`];
    const calls = samples(path.split('.').pop()!);
    if (calls.length === 0) return [`${path}: no sample arguments in this test`];
    return calls.flatMap((args) =>
      tableDiffs((ours as (...a: unknown[]) => string)(...args), (theirs as (...a: unknown[]) => string)(...args), `${path}(${args})`),
    );
  }
  return Object.entries(theirs as Record<string, unknown>).flatMap(([k, v]) =>
    tableDiffs((ours as Record<string, unknown> | undefined)?.[k], v, path ? `${path}.${k}` : k),
  );
}

describe('i18n: the word tables of the app (src/i18n/web-words.ts)', () => {
  const english = createI18n('en');

  it('in Node the app’s T, LEVEL_NAMES, CLAUSES, CT and CAPTURE_WORDS are the English tables', () => {
    const words: Widen<ReturnType<typeof webWords>> = T;
    const pages: Widen<typeof CT> = catalogueWords(english);
    expect(tableDiffs(words, webWords(english))).toEqual([]);
    expect(tableDiffs(pages, CT)).toEqual([]);
    expect(levelNames(english)).toEqual(LEVEL_NAMES);
    expect(clauseTexts(english)()).toEqual(clauses());
    expect(captureWords(english)).toEqual(CAPTURE_WORDS);
  });

  it.each(TRANSLATIONS)('%s: every entry is a finished sentence of the language, no key or variable left over', (lang) => {
    const i18n = createI18n(lang);
    const bad: string[] = [];
    const visit = (value: unknown, path: string): void => {
      if (typeof value === 'string') {
        if (/\{\{|\b(web|cat|level|clause)\.|^$/.test(value) || !/[\u1200-\u139f]/.test(value)) bad.push(`${path}: ${value}`);
      } else if (typeof value === 'function') {
        for (const args of samples(path.split('.').pop()!)) visit((value as (...a: unknown[]) => string)(...args), `${path}(${args})`);
      } else for (const [k, v] of Object.entries(value as Record<string, unknown>)) visit(v, path ? `${path}.${k}` : k);
    };
    visit(webWords(i18n), 'T');
    visit(catalogueWords(i18n), 'CT');
    visit(levelNames(i18n), 'LEVEL_NAMES');
    // A ruleset that is not shipped speaks English here (its clauses are untranslated, marked so on the About page).
    const untranslated = new Set(untranslatedKeys(lang));
    visit(Object.fromEntries(Object.entries(clauseTexts(i18n)()).filter(([id]) => !untranslated.has(`clause.${id}`))), 'CLAUSES');
    visit(captureWords(i18n), 'CAPTURE_WORDS');
    // The app's name is Gabata in every language.
    expect(bad).toEqual(['T.appTitle: Gabata']);
  });
});

/** The traces of a few seeded random matches of a ruleset, move by move. */
function traces(rulesetIndex: number, seed: number, plies: number): GameEvent[][] {
  const rs = RULESETS[rulesetIndex]!;
  const made = rs.create({});
  if (!made.ok) throw made.error;
  const game = made.value;
  const rng = new Rng(seed);
  const first: GameEvent[] = [];
  const s = game.newState(seed, first);
  const out: GameEvent[][] = [first];
  for (let ply = 0; ply < plies && s.phase !== PHASE_OVER; ply++) {
    const trace: GameEvent[] = [];
    if (isSimultaneous(s)) {
      const joint = new Int32Array(s.players + 1);
      for (let p = 1; p <= s.players; p++) {
        const legal = legalMoveListFor(game, s, p);
        joint[p] = legal[rng.int(legal.length)]!;
      }
      game.applyJoint(s, joint, trace);
    } else {
      const legal = legalMoveList(game, s);
      if (legal.length === 0) break;
      game.apply(s, legal[rng.int(legal.length)]!, trace);
    }
    out.push(trace);
  }
  return out;
}

describe('i18n: the story of a move', () => {
  const name = (p: number): string => `Player ${p}`;

  it.each(RULESETS.map((r, i) => [r.info.id, i] as const))(
    '%s: src/i18n/story-lines.ts tells it in English by default, in the language of its words or the one it is given',
    (_id, index) => {
      const info = RULESETS[index]!.info;
      const types = new Set<string>();
      for (const lang of CODES) {
        const i18n = createI18n(lang);
        for (const seed of [1, 2]) {
          for (const trace of traces(index, seed, 300)) {
            const told = tellStory(trace, name, unitFor(info), i18n);
            // Words made in a language tell the story in it (the web controller's way); without one, English.
            const words = lang === 'en' ? wordsFor(info) : wordsFor(info, i18n);
            expect(storyLines(trace, name, words)).toEqual(told);
            expect(storyLines(trace, name, wordsFor(info), i18n)).toEqual(told);
            // The description names the marks the engine makes (and a game that marks says so).
            for (const ev of trace) if (ev.type === 'mark') expect(ev.kind).toBe(info.words.mark);
            if (trace.some((ev) => ev.type === 'mark')) expect(info.captureEvent).toBe('mark');
            for (const l of told) types.add(l.type);
          }
        }
        // The captured holes' name (the rules panel, the refusal of a tap) in the language too.
        expect(wordsFor(info, i18n).mark).toBe(i18n.t(`story.markName.${info.words.mark}`));
      }
      expect(types.size).toBeGreaterThan(3);
    },
  );

  it('ABA-06 §7.4 in a dead heat nobody is told "first to finish"; a race won outright names its first finisher', () => {
    const i18n = createI18n('en');
    const race = (deadHeat: boolean): GameEvent[] => [
      { type: 'raceStart', player: 1, hole: 0, count: 3 },
      { type: 'raceStart', player: 2, hole: 17, count: 3 },
      { type: 'raceFinish', player: 1, hole: 15, place: 1 },
      { type: 'raceFinish', player: 2, hole: 2, place: 2 },
      { type: 'raceEnd', winner: 2, loop: false, deadHeat },
    ];
    const text = (events: GameEvent[]): string =>
      tellStory(events, name, 'counter', i18n)
        .map((l) => l.text)
        .join('\n');
    expect(text(race(false))).toContain('Player 1’s last counter reaches empty hole 15: first to finish the race.');
    const tie = text(race(true));
    expect(tie).not.toContain('first to finish');
    expect(tie).toContain('Player 1 finishes the race at hole 15.');
    expect(tie).toContain(i18n.t('story.raceDeadHeat', { name: 'Player 2' }));
    // The real opening race of Abalala'e from the standard start is always a dead heat (SPEC §7.4).
    const opening: GameEvent[] = [];
    const aba = RULESETS.find((r) => r.info.id === 'abalalae')!.create({});
    if (!aba.ok) throw aba.error;
    aba.value.newState(3, opening);
    expect(opening.some((e) => e.type === 'raceEnd' && e.deadHeat === true)).toBe(true);
    expect(text(opening)).not.toContain('first to finish');
  });

  it.each(TRANSLATIONS)('%s: every event has a sentence in the language, without English words', (lang) => {
    const i18n = createI18n(lang);
    const events: GameEvent[] = [
      { type: 'lift', player: 1, hole: 4, count: 3 },
      { type: 'skip', player: 2, hole: 5 },
      { type: 'relay', player: 1, hole: 6, count: 1 },
      { type: 'mark', player: 2, hole: 7, kind: 'wegue' },
      { type: 'capture', player: 1, hole: 8, count: 2 },
      { type: 'await', player: 1, reason: 'continue' },
      { type: 'await', player: 1, reason: 'choose' },
      ...Object.keys(en.story.turnEndReason).map((reason): GameEvent => ({ type: 'turnEnd', player: 1, reason })),
      { type: 'pass', player: 2 },
      { type: 'concede', player: 2 },
      { type: 'raceStart', player: 1, hole: 0, count: 3 },
      { type: 'raceFinish', player: 1, hole: 3, place: 1 },
      { type: 'raceFinish', player: 2, hole: 9, place: 2 },
      { type: 'raceAbandon', player: 2, hole: 9, count: 2 },
      { type: 'raceEnd', winner: 1, loop: false, deadHeat: true },
      { type: 'raceEnd', winner: 1, loop: true },
      // A race won outright: its winner is told as the first to finish.
      { type: 'raceStart', player: 2, hole: 17, count: 3 },
      { type: 'raceFinish', player: 2, hole: 5, place: 1 },
      { type: 'raceEnd', winner: 2, loop: false },
      ...Object.keys(en.story.endReason).map((reason): GameEvent => ({ type: 'roundEnd', round: 2, totals: [0, 30, 24], reason })),
      { type: 'redistribute', round: 3, owners: [], counts: [], captured: [], reserve: [], changes: [] },
      { type: 'redistribute', round: 3, owners: [], counts: [], captured: [], reserve: [], changes: [{ hole: 1, from: 1, to: 2 }] },
      { type: 'eliminated', player: 3 },
      ...Object.keys(en.story.endReason).map((reason): GameEvent => ({ type: 'matchEnd', winner: 1, scores: [], reason })),
      { type: 'matchEnd', winner: 0, scores: [], reason: 'stalemate' },
    ];
    const who = (p: number): string => i18n.t('web.person', { player: p });
    for (const unit of ['counter', 'bean'] as const) {
      for (const line of tellStory(events, who, unit, i18n)) {
        const latin = KEPT_TERMS.reduce((text, term) => text.split(term).join(''), line.text);
        expect(latin, line.text).not.toMatch(/[A-Za-z]/);
        expect(line.text, line.type).toMatch(/[\u1200-\u139f]/);
      }
    }
  });
});

describe('i18n: the Ethiopic font ships with the app', () => {
  const css = readFileSync(join(root, 'src/i18n/ethiopic.css'), 'utf8');
  const faces = [...css.matchAll(/@font-face\s*\{([^}]*)\}/g)].map((m) => m[1]!);

  it('one face per weight, 400 and 700, woff2, limited to the Ethiopic blocks', () => {
    expect(faces.map((f) => /font-weight:\s*(\d+)/.exec(f)?.[1]).sort()).toEqual(['400', '700']);
    for (const f of faces) {
      expect(f).toMatch(/font-family:\s*"Noto Sans Ethiopic"/);
      expect(f).toMatch(/format\("woff2"\)/);
      expect(f).toMatch(/unicode-range:[^;]*U\+1200-1399/);
    }
  });

  it('each file it names is in @fontsource/noto-sans-ethiopic, where the build copies it from', () => {
    const files = faces.map((f) => /url\("fonts\/([^"]+)"\)/.exec(f)?.[1]);
    expect(files.every((f) => f !== undefined)).toBe(true);
    for (const f of files) expect(existsSync(join(root, 'node_modules/@fontsource/noto-sans-ethiopic/files', f!)), f).toBe(true);
  });
});

describe('i18n: keys and variables are typed from the English catalogue', () => {
  it('t() accepts the keys and variables of en; tsc -p tsconfig.test.json refuses the others', () => {
    const i18n = createI18n('en');
    expect(i18n.t('web.seat', { player: 1 })).toBe('Player 1');
    expect(i18n.t('web.undo')).toBe(en.web.undo);
    expect(i18n.t('web.movesCount', { count: 2 })).toBe('2 moves');
    // Each line below is a type error; at run time i18next answers a missing key with the key itself.
    // @ts-expect-error: no such key
    expect(i18n.t('web.noSuchKey')).toBe('web.noSuchKey');
    // @ts-expect-error: the message needs {{player}}
    i18n.t('web.seat');
    // @ts-expect-error: wrong variable name
    i18n.t('web.seat', { seat: 1 });
    // @ts-expect-error: a plural form is not a key of its own
    i18n.t('web.movesCount_one', { count: 1 });
  });
});

/** What the browser says: its plural rules, t() through the bundled catalogue, and the fonts it loaded. */
interface BrowserAnswers {
  categories: Record<string, string[]>;
  selected: Record<string, string[]>;
  told: Record<string, string[]>;
  fonts: string[];
}

const COUNTS = [0, 1, 2, 11, 1234567];

describe('i18n in the browser (chromium): the same plural rules, the same words, the Ethiopic font loaded', () => {
  let dir = '';
  let server: Server | undefined;
  let browser: Browser | undefined;
  let answers: BrowserAnswers;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'gabata-i18n-'));
    mkdirSync(join(dir, 'fonts'));
    // The page as the build will lay it out: the bundle, ethiopic.css beside it, the fonts in fonts/.
    await build({
      entryPoints: [join(root, 'src/i18n/index.ts')],
      bundle: true,
      format: 'esm',
      outfile: join(dir, 'i18n.js'),
      logLevel: 'warning',
    });
    copyFileSync(join(root, 'src/i18n/ethiopic.css'), join(dir, 'ethiopic.css'));
    for (const w of ['400', '700']) {
      const f = `noto-sans-ethiopic-ethiopic-${w}-normal.woff2`;
      copyFileSync(join(root, 'node_modules/@fontsource/noto-sans-ethiopic/files', f), join(dir, 'fonts', f));
    }
    writeFileSync(
      join(dir, 'index.html'),
      '<!doctype html><html lang="am"><head><meta charset="utf-8"><link rel="stylesheet" href="ethiopic.css"></head>' +
        '<body><p>ጠጠር</p><b>ጠጠር</b></body></html>',
    );
    const types: Record<string, string> = { html: 'text/html', js: 'text/javascript', css: 'text/css', woff2: 'font/woff2' };
    server = createServer((req, res) => {
      const file = join(dir, (req.url ?? '/').replace(/[?#].*$/, '').replace(/\.\.+/g, ''));
      if (!existsSync(file)) return void res.writeHead(404).end();
      res.writeHead(200, { 'content-type': types[file.split('.').pop() ?? ''] ?? 'application/octet-stream' }).end(readFileSync(file));
    });
    await new Promise<void>((ok) => server!.listen(0, '127.0.0.1', ok));
    const port = (server.address() as AddressInfo).port;
    browser = await launchChromium();
    const page = await browser.newPage();
    await page.goto(`http://127.0.0.1:${port}/index.html`);
    // A string, not a function: vitest would rewrite the function's import() for Node.
    answers = (await page.evaluate(`(async () => {
      const m = await import('/i18n.js');
      await document.fonts.ready;
      const out = { categories: {}, selected: {}, told: {}, fonts: [] };
      for (const lang of ${JSON.stringify(CODES)}) {
        const rules = new Intl.PluralRules(lang);
        out.categories[lang] = [...rules.resolvedOptions().pluralCategories];
        out.selected[lang] = ${JSON.stringify(COUNTS)}.map((n) => rules.select(n));
        const i18n = m.createI18n(lang);
        out.told[lang] = ${JSON.stringify(COUNTS)}.map((count) => i18n.t('web.movesCount', { count }));
      }
      out.fonts = [...document.fonts].map((f) => f.family + ' ' + f.weight + ' ' + f.status);
      return out;
    })()`)) as BrowserAnswers;
  });

  afterAll(async () => {
    await browser?.close();
    await new Promise<void>((ok) => (server ? server.close(() => ok()) : ok()));
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it.each(CODES)('%s: the browser’s Intl.PluralRules agrees with Node’s', (lang) => {
    const rules = new Intl.PluralRules(lang);
    expect(answers.categories[lang]).toEqual(rules.resolvedOptions().pluralCategories);
    expect(answers.selected[lang]).toEqual(COUNTS.map((n) => rules.select(n)));
  });

  it.each(CODES)('%s: t() in the browser says what it says in Node', (lang) => {
    const i18n = createI18n(lang);
    expect(answers.told[lang]).toEqual(COUNTS.map((count) => i18n.t('web.movesCount', { count })));
  });

  it('both weights of Noto Sans Ethiopic load for a page of Ge’ez text', () => {
    expect(answers.fonts.sort()).toEqual(['Noto Sans Ethiopic 400 loaded', 'Noto Sans Ethiopic 700 loaded']);
  });
});

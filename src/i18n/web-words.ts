/**
 * The web app's word tables, built from the catalogue in one language: `webWords(i18n)` has the
 * shape of `T` in src/web/text.ts, `catalogueWords(i18n)` that of `CT` in
 * src/web/catalogue/text.ts, so that wiring the app to the catalogue is a swap of those objects
 * (test/i18n.test.ts checks that the English tables say exactly what they say today).
 *
 * ```ts
 * const i18n = createI18n(chooseLanguage({ ... }));
 * export const T = webWords(i18n);
 * ```
 */
import { eachDerived } from '@gabata/engine/core';
import type { I18n } from './index.js';
import { en } from './locales/en.js';

type Vars = Readonly<Record<string, string | number>>;

/** The keys of a group whose English message has no variable and no plural forms. */
type PlainKeys<G> = {
  [K in keyof G & string]: G[K] extends string
    ? K extends `${string}_${string}`
      ? never
      : G[K] extends `${string}{{${string}`
        ? never
        : K
    : never;
}[keyof G & string];

/** Every plain message of a group, looked up in the language (nested groups are left to the caller). */
function plainMessages<G extends object>(group: G, prefix: string, i18n: I18n): { readonly [K in PlainKeys<G>]: string } {
  return withPlain(group, prefix, i18n, {});
}

/**
 * `rest` with the plain messages of `group` beside it (`rest` wins a name both have). Each message
 * is looked up when first read, then kept: a page reads a few dozen of several hundred, and looking
 * them all up cost a phone a noticeable part of its first screen.
 */
function withPlain<G extends object, R extends object>(
  group: G,
  prefix: string,
  i18n: I18n,
  rest: R,
): { readonly [K in PlainKeys<G>]: string } & R {
  const out = {} as Record<string, unknown>;
  for (const [k, v] of Object.entries(group)) {
    if (typeof v !== 'string' || k.includes('_') || v.includes('{{')) continue;
    Object.defineProperty(out, k, {
      enumerable: true,
      configurable: true,
      get() {
        const text = i18n.lookup(`${prefix}${k}`) ?? v;
        Object.defineProperty(out, k, { value: text, enumerable: true, configurable: true, writable: false });
        return text;
      },
    });
  }
  for (const [k, v] of Object.entries(rest))
    Object.defineProperty(out, k, { value: v, enumerable: true, configurable: true, writable: false });
  return out as { readonly [K in PlainKeys<G>]: string } & R;
}

/** A message by run-time key, with its variables. */
const say = (i18n: I18n, key: string, vars: Vars = {}): string => i18n.lookup(key, vars) ?? key;

/** The words of the web app (`T`) in the language of `i18n`. */
export function webWords(i18n: I18n) {
  const w = (key: string, vars: Vars = {}): string => say(i18n, `web.${key}`, vars);
  const who = (key: string) => (name: string) => w(key, { who: name });
  const levelName = (level: number): string => say(i18n, `level.${level}`, {});
  return withPlain(en.web, 'web.', i18n, {
    movesCount: (n: number) => w('movesCount', { count: n }),
    seatsShort: (seats: string[]) =>
      seats
        .map((s) =>
          s === 'human'
            ? w('seatsShortPerson')
            : s === 'invite'
              ? w('seatsShortFriend')
              : w('seatsShortComputer', { level: s.split(':')[1] ?? '' }),
        )
        .join(w('seatsShortSeparator')),
    seat: (p: number) => w('seat', { player: p }),
    seatComputer: (level: number) => w('seatComputer', { level, levelName: levelName(level) }),
    integerRange: (min: number, max: number) => w('integerRange', { min, max }),
    round: (r: number) => w('round', { round: r }),
    toMove: who('toMove'),
    chooseFor: who('chooseFor'),
    thinking: who('thinking'),
    begins: who('begins'),
    yourTurn: who('yourTurn'),
    hintIs: (text: string) => w('hintIs', { move: text }),
    viewingPly: (k: number, n: number) => w('viewingPly', { ply: k, plies: n }),
    /** `letters`: the mark and landmark letters the hole shows (' W', ' W G'), so that its name holds what it shows. */
    holeLabel: (hole: number, counters: string, owner: string, extra: string, letters = '') =>
      w('holeLabel', { hole, letters, counters, owner, extra }),
    ownerOf: who('ownerOf'),
    chooseHow: (hole: number) => w('chooseHow', { hole }),
    firstDropInto: (h: number) => w('firstDropInto', { hole: h }),
    takes: (h: number, n: number) => w('takes', { hole: h, count: n }),
    notYourTurn: who('notYourTurn'),
    illegalGeneric: (hole: number, legal: string) => w('illegalGeneric', { hole, legal }),
    playable: (legal: string) => w('playable', { legal }),
    notOwnHole: (hole: number, owner: string) => w('notOwnHole', { hole, owner }),
    emptyHole: (hole: number) => w('emptyHole', { hole }),
    markedHole: (hole: number, owner: string, mark: string) => w('markedHole', { hole, owner, mark }),
    roundSummary: (r: number) => w('roundSummary', { round: r }),
    holeMoves: (h: number, from: string, to: string) => w('holeMoves', { hole: h, from, to }),
    resultWin: who('resultWin'),
    serverError: (code: string, msg: string) => w('serverError', { code, message: msg }),
    computer: (level: number) => w('computer', { level }),
    computerN: (p: number, level: number) => w('computerN', { player: p, level }),
    person: (p: number) => w('person', { player: p }),
    clockPreset: (base: number, inc: number) => w('clockPreset', { base, increment: inc }),
    inviteFor: who('inviteFor'),
    waitingForJoin: who('waitingForJoin'),
    waitingFor: who('waitingFor'),
    hasChosen: who('hasChosen'),
    spectators: (n: number) => w('spectators', { count: n }),
    asksTakeback: who('asksTakeback'),
    offersDraw: who('offersDraw'),
    offersRematch: who('offersRematch'),
    offerDeclined: (offer: string) =>
      w(offer === 'takeback' ? 'offerDeclinedTakeback' : offer === 'draw' ? 'offerDeclinedDraw' : 'offerDeclinedRematch'),
    takenBack: (ply: number) => w('takenBack', { ply }),
    wonByResignation: who('wonByResignation'),
    wonOnTime: who('wonOnTime'),
    you: who('you'),
  });
}

/** The computer's strengths by level (`LEVEL_NAMES`). */
export function levelNames(i18n: I18n): Record<number, string> {
  return Object.fromEntries(Object.keys(en.level).map((k) => [Number(k), say(i18n, `level.${k}`)]));
}

/**
 * The rule clauses in plain words by clause id: the games' own clauses (made from their rulesets'
 * descriptions, in id order, so that a family's clauses come in order), then the sections and
 * readings of en.ts. The table is made when first read (not on the first screen), and made again
 * when a ruleset registered later has added clauses.
 */
export function clauseTexts(i18n: I18n): () => Readonly<Record<string, string>> {
  let table: Record<string, string> | undefined;
  const derived = new Set<string>();
  eachDerived('clause.', (key) => {
    derived.add(key.slice('clause.'.length));
    table = undefined;
  });
  return () => {
    if (table !== undefined) return table;
    const out: Record<string, string> = {};
    for (const id of [...derived].sort()) out[id] = say(i18n, `clause.${id}`);
    for (const id of Object.keys(en.clause)) out[id] = say(i18n, `clause.${id}`);
    table = out;
    return out;
  };
}

/** The words of the catalogue pages (`CT`) in the language of `i18n`. */
export function catalogueWords(i18n: I18n) {
  const c = (key: string, vars: Vars = {}): string => say(i18n, `cat.${key}`, vars);
  return withPlain(en.cat, 'cat.', i18n, {
    playersN: (n: number) => c('playersN', { count: n }),
    shown: (n: number, of: number) => (n === of ? c('shownAll', { count: n }) : c('shownSome', { shown: n, count: of })),
    playThis: (name: string) => c('playThis', { name }),
    pages: (p: string) => c('pages', { pages: p }),
    field: plainMessages(en.cat.field, 'cat.field.', i18n),
    figuresBasis: (games: number, date: string) => c('figuresBasis', { count: games, date }),
    c: plainMessages(en.cat.c, 'cat.c.', i18n),
    player: (p: number) => c('player', { player: p }),
    notFound: (id: string) => c('notFound', { id }),
  });
}

/** Words for capture kinds (`CAPTURE_WORDS`). */
export function captureWords(i18n: I18n): Record<string, string> {
  return Object.fromEntries(Object.keys(en.cat.capture).map((k) => [k, say(i18n, `cat.capture.${k}`)]));
}

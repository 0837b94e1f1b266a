/**
 * The clause IDs the engine and the texts cite must be the right ones. Every event a ruleset
 * emits may name the clause behind it, and the web app shows that clause beside the commentary
 * and the between-rounds summary; a wrong number there tells a player the wrong rule.
 *
 * The clauses, ambiguities and sections are those of docs/rules.md, the project's own rules
 * reference (generated from the catalogue's clause data and the rulesets' options, and kept in
 * step with them by test/rules-doc.test.ts). Three checks:
 * 1. Seeded random play in every ruleset (defaults and the options that make rarer events),
 *    with event traces: every cited ID exists in the reference and is one of the clauses allowed
 *    for that (ruleset, event) in the table below, which was written by reading each clause's text.
 * 2. Every option ref and reconstruction ref names something that exists in the reference.
 * 3. The web's clause sentences (src/web/text.ts) and the catalogue's (src/catalogue/entries.ts)
 *    name clauses that exist and say what the clause says: per ID a few keywords that must be
 *    found in both paraphrases.
 * When the external rules specification (../shared/rules/SPEC.md) sits beside the repository, a
 * cross-check compares the reference with it: the same clause, ambiguity and example IDs, and the
 * keywords found in its clause texts too. A fresh clone has no such folder and skips it.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { GameEvent } from '../packages/engine/src/core/events.js';
import type { Game } from '../packages/engine/src/core/game.js';
import { Rng } from '../packages/engine/src/core/rng.js';
import { PHASE_OVER } from '../packages/engine/src/core/state.js';
import { CATALOGUE } from '../src/catalogue/index.js';
import { RULESETS, getRuleset } from '../packages/engine/src/games/index.js';
import { isSimultaneous, legalMoveList, legalMoveListFor } from '../packages/engine/src/notation/move.js';
import { CLAUSES, clauseText } from '../src/web/text.js';
import { readRulesDoc } from './helpers/rules-doc.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const RULES = readRulesDoc(root);

// ---------------------------------------------------------------------------------------------
// docs/rules.md, read as data.

/** Clause ID -> clause text, from the reference's clause tables. */
const CLAUSE_TEXT = RULES.clauses;

/** Ambiguity IDs (A2, K1, B4, S8, G1...) of the reference's ambiguity tables. */
const AMBIGUITY_IDS = RULES.ambiguities;

/** Does a `§N` or `§N.k` reference name a section of the reference (or item k of section N)? */
const sectionExists = RULES.sectionExists;

/** Does a cited ID exist in the reference (a clause, an ambiguity or a section)? */
function existsInRules(id: string): boolean {
  if (CLAUSE_TEXT.has(id)) return true;
  if (AMBIGUITY_IDS.has(id)) return true;
  return sectionExists(id);
}

describe('docs/rules.md as read by this test', () => {
  it('finds the clause tables, the ambiguity tables and the sections', () => {
    expect(CLAUSE_TEXT.size).toBeGreaterThanOrEqual(90);
    expect(CLAUSE_TEXT.get('ADW-18')).toMatch(/counts his hand and his wegues/);
    expect(CLAUSE_TEXT.get('ADW-13')).toMatch(/sow again/);
    expect(AMBIGUITY_IDS.has('K1')).toBe(true);
    expect(AMBIGUITY_IDS.has('A15')).toBe(false);
    expect(sectionExists('§7.4')).toBe(true);
    expect(sectionExists('§8.3')).toBe(true);
    expect(sectionExists('§1')).toBe(true);
    expect(sectionExists('§8.9')).toBe(false);
    expect(existsInRules('ADW-24')).toBe(false);
  });
});

// ---------------------------------------------------------------------------------------------
// 1. Citations on events.

/**
 * (event key) -> the clause IDs an event may cite; '' = the event may carry no citation.
 * Keys are the event type, `type:reason` for turnEnd, roundEnd and matchEnd, and a `race.`
 * prefix for events inside an opening race. Every entry was checked against the clause text:
 * e.g. Gabata's roundEnd reports the totals (ADW-18, the tally; ADW-17 is only the condition),
 * its redistribute reports the holes that change hands (ADW-20; ADW-21 is the refill).
 */
type Table = Record<string, readonly string[]>;

const GABATA: Table = {
  lift: ['ADW-07'],
  drop: ['ADW-05'],
  relay: ['ADW-08'],
  skip: ['§1'],
  mark: ['ADW-10'],
  capture: ['ADW-14', 'ADW-23'],
  'await:continue': ['ADW-13'],
  'await:choose': ['ADW-20', 'AKS-3P-05'],
  'turnEnd:empty': ['ADW-09'],
  'turnEnd:ownWegue': ['ADW-15'],
  'turnEnd:opponentWegue': ['ADW-14'],
  'turnEnd:lastHole': ['ADW-23'],
  'turnEnd:wegue': ['ADW-13'],
  'turnEnd:stop': ['ADW-13'],
  'turnEnd:perpetual': ['§8', '§8.1'],
  'turnEnd:chafaEnda': ['K1'],
  pass: ['ADW-16'],
  'roundEnd:rules': ['ADW-18'],
  'roundEnd:stalemate': ['ADW-18', '§8.3'],
  'roundEnd:turnCap': ['ADW-18', '§8.3'],
  'roundEnd:perpetual': ['ADW-18', '§8.1'],
  redistribute: ['ADW-20', 'AKS-3P-05'],
  eliminated: ['AKS-3P-07'],
  'matchEnd:rules': ['ADW-22', ''],
  'matchEnd:roundCap': [''],
  'matchEnd:stalemate': [''],
  'matchEnd:turnCap': [''],
  'matchEnd:perpetual': [''],
};

const ABALALAE: Table = {
  'race.raceStart': ['ABA-04'],
  'race.raceTick': ['ABA-06'],
  'race.drop': ['ABA-06'],
  'race.relay': ['ABA-05', 'ABA-06'],
  'race.skip': ['§1'],
  'race.capture': ['ABA-12'],
  'race.raceFinish': ['ABA-05'],
  'race.raceAbandon': ['§7.5', '§7.7'],
  'race.raceEnd': ['ABA-05', 'ABA-06', '§7.4', '§7.7'],
  lift: ['ABA-09'],
  drop: ['ABA-03'],
  relay: ['ABA-10', 'ABA-13'],
  skip: ['§1'],
  capture: ['ABA-12', 'ABA-15', '§8.3'],
  'turnEnd:emptyOpponentHole': ['ABA-11'],
  'turnEnd:nothingFacing': ['ABA-14'],
  'turnEnd:perpetual': ['§8.1'],
  pass: ['§8.1'],
  'roundEnd:sideEmpty': ['ABA-15'],
  'roundEnd:stalemate': ['§8.3'],
  'roundEnd:turnCap': ['§8.3'],
  'roundEnd:perpetual': ['§8.1', '§8.3'],
  redistribute: ['ABA-16', 'ABA-17'],
  'matchEnd:rules': ['ABA-20'],
  'matchEnd:roundCap': ['', '§8'],
  'matchEnd:stalemate': ['§8', '§8.3'],
  'matchEnd:turnCap': ['§8', '§8.3'],
  'matchEnd:perpetual': ['§8', '§8.1'],
};

const SELUS: Table = {
  'race.raceStart': ['SEL-05'],
  'race.raceTick': ['SEL-04', 'SEL-05'],
  'race.drop': ['SEL-04'],
  'race.relay': ['SEL-04'],
  'race.skip': ['SEL-06', '§1'],
  'race.raceFinish': ['SEL-04'],
  'race.raceAbandon': ['§7.5', '§7.7'],
  'race.raceEnd': ['SEL-04', 'SEL-05', '§7.4', '§7.7'],
  lift: ['SEL-08'],
  drop: ['SEL-10'],
  relay: ['SEL-07'],
  skip: ['SEL-11', '§1'],
  mark: ['SEL-12', 'SEL-14'],
  'turnEnd:newNedf': ['SEL-12'],
  'turnEnd:nedf': ['SEL-13'],
  'turnEnd:empty': ['SEL-07'],
  'turnEnd:perpetual': ['§8', '§8.1'],
  pass: ['§8.1'],
  concede: ['SEL-18'],
  'matchEnd:rules': ['SEL-19'],
  'matchEnd:concession': ['SEL-18'],
  'matchEnd:stalemate': [''],
  'matchEnd:turnCap': [''],
  'matchEnd:perpetual': [''],
};

const GIFIA: Table = {
  lift: ['GIF-04'],
  drop: ['GIF-04'],
  skip: ['§1', 'GIF-05'],
  capture: ['GIF-06', 'GIF-07'],
  'turnEnd:capture': ['GIF-08'],
  'turnEnd:sown': ['GIF-08'],
  pass: ['GIF-09'],
  'roundEnd:rules': ['GIF-10'],
  'roundEnd:passes': ['GIF-10'],
  'roundEnd:stalemate': ['§8', '§8.3'],
  'roundEnd:turnCap': ['§8', '§8.3'],
  redistribute: ['GIF-11'],
  'matchEnd:rules': ['GIF-12'],
  'matchEnd:roundCap': ['', '§8'],
  'matchEnd:stalemate': ['§8', '§8.3'],
  'matchEnd:turnCap': ['§8', '§8.3'],
};

const TABLES: Record<string, Table> = {
  'gabata-adowa': GABATA,
  'gabata-aksum': GABATA,
  abalalae: ABALALAE,
  selus: SELUS,
  gifia: GIFIA,
};

/**
 * Keys that random play must reach with these option sets, so that the check cannot pass by
 * seeing nothing. (Rare ones, such as the last-hole rule, are checked when they occur.)
 */
const MUST_SEE: Record<string, readonly string[]> = {
  'gabata-adowa': [
    'lift',
    'drop',
    'relay',
    'mark',
    'capture',
    'await:continue',
    'turnEnd:empty',
    'turnEnd:ownWegue',
    'turnEnd:opponentWegue',
    'roundEnd:rules',
    'redistribute',
    'turnEnd:stop',
    'await:choose',
  ],
  'gabata-aksum': ['lift', 'mark', 'capture', 'roundEnd:rules', 'redistribute', 'turnEnd:chafaEnda'],
  abalalae: [
    'race.raceStart',
    'race.drop',
    'race.relay',
    'race.raceFinish',
    'race.raceEnd',
    'lift',
    'relay',
    'capture',
    'turnEnd:emptyOpponentHole',
    'turnEnd:nothingFacing',
    'roundEnd:sideEmpty',
    'redistribute',
    'race.capture',
    'race.raceAbandon',
  ],
  selus: [
    'race.raceStart',
    'race.drop',
    'race.skip',
    'race.raceFinish',
    'race.raceEnd',
    'lift',
    'skip',
    'mark',
    'turnEnd:newNedf',
    'turnEnd:empty',
    'concede',
    'matchEnd:rules',
    'matchEnd:concession',
  ],
  gifia: ['lift', 'drop', 'capture', 'turnEnd:capture', 'turnEnd:sown', 'pass', 'roundEnd:rules', 'redistribute', 'skip'],
};

/** The option sets played per ruleset: the defaults, then options that bring out other events. */
const OPTION_SETS: Record<string, readonly Record<string, unknown>[]> = {
  'gabata-adowa': [
    {},
    { captureGate: 'none', rounds: 3 },
    { wegueContinuation: 'optional', surplusHoleOrder: 'winnerChooses', skipOriginOnLongLaps: true, captureGate: 'none' },
    { players: 3, captureGate: 'none', lastHoleRule: 'on' },
    { wegueContinuation: 'none', lastHoleRule: 'on', maxTurnsPerRound: 40 },
  ],
  'gabata-aksum': [{}, { chafaAppliesToRelay: true, captureGate: 'none' }, { players: 3, chafaLocation: 'currentLeftmost' }],
  abalalae: [
    {},
    { raceCaptures: true, raceLoserCompletion: 'abandon', skipOriginOnLongLaps: true },
    { raceTie: 'tickOrder', raceTickOrder: 'p1First', maxTurnsPerRound: 30 },
  ],
  selus: [
    {},
    { concession: 'off' },
    { concession: 'scored', raceLoserCompletion: 'abandon', selusRaceStart: 'leftmost' },
    { concession: 'off', nedfFirstScope: 'global', skipOriginOnLongLaps: true, selusRaceStart: 'closestToOpponent' },
  ],
  gifia: [{}, { skipOriginOnLongLaps: true, gifiaAdjacency: 'row' }, { gifiaPassMaxBeans: 6, maxTurnsPerRound: 20 }],
};

function keyOf(e: GameEvent, inRace: boolean): string {
  const base =
    e.type === 'turnEnd' || e.type === 'roundEnd' || e.type === 'matchEnd' || e.type === 'await' ? `${e.type}:${e.reason}` : e.type;
  return inRace ? `race.${base}` : base;
}

interface Seen {
  keys: Set<string>;
  problems: string[];
  moves: number;
}

/** Checks one trace against the table; `race` carries the in-race flag across calls. */
function checkTrace(id: string, table: Table, trace: GameEvent[], seen: Seen, race: { on: boolean }): void {
  for (const e of trace) {
    if (e.type === 'raceStart') race.on = true;
    const key = keyOf(e, race.on);
    if (e.type === 'raceEnd') race.on = false;
    seen.keys.add(key);
    const rule = e.rule ?? '';
    if (rule !== '' && !existsInRules(rule)) seen.problems.push(`${id} ${key}: cites ${rule}, which is not in docs/rules.md`);
    const allowed = table[key];
    if (allowed === undefined) seen.problems.push(`${id} ${key}: no entry in the table (cites ${rule || 'nothing'})`);
    else if (!allowed.includes(rule))
      seen.problems.push(`${id} ${key}: cites ${rule || 'nothing'}, expected ${allowed.map((a) => a || 'nothing').join(' or ')}`);
  }
}

/** A seeded random match (or its first `maxPlies` decisions), every event checked. */
function playChecked(id: string, game: Game, seed: number, maxPlies: number, seen: Seen): void {
  const table = TABLES[id]!;
  const rng = new Rng(seed * 7919 + 1);
  const race = { on: false };
  const trace: GameEvent[] = [];
  const s = game.newState(seed, trace);
  checkTrace(id, table, trace, seen, race);
  for (let ply = 0; ply < maxPlies && s.phase !== PHASE_OVER; ply++) {
    trace.length = 0;
    if (isSimultaneous(s)) {
      const joint = new Int32Array(s.players + 1);
      for (let p = 1; p <= s.players; p++) {
        const l = legalMoveListFor(game, s, p);
        joint[p] = l[rng.int(l.length)]!;
      }
      game.applyJoint(s, joint, trace);
    } else {
      const l = legalMoveList(game, s);
      if (l.length === 0) break;
      game.apply(s, l[rng.int(l.length)]!, trace);
    }
    seen.moves++;
    checkTrace(id, table, trace, seen, race);
  }
}

describe('every clause an event cites exists in docs/rules.md and is the clause for that event', () => {
  it('covers every registered ruleset', () => {
    expect(RULESETS.map((r) => r.info.id).sort()).toEqual(Object.keys(TABLES).sort());
  });

  for (const id of Object.keys(TABLES)) {
    it(`${id}: seeded random play with event traces`, () => {
      const rs = getRuleset(id);
      if (!rs.ok) throw new Error(rs.error.message);
      const seen: Seen = { keys: new Set(), problems: [], moves: 0 };
      OPTION_SETS[id]!.forEach((options, k) => {
        const g = rs.value.create(options);
        if (!g.ok) throw new Error(`${id} ${JSON.stringify(options)}: ${g.error.message}`);
        for (let seed = 1; seed <= (id === 'selus' ? 20 : 6); seed++) playChecked(id, g.value, 1000 * k + seed, 1500, seen);
      });
      expect(seen.moves).toBeGreaterThan(1000);
      expect([...new Set(seen.problems)]).toEqual([]);
      expect(MUST_SEE[id]!.filter((k) => !seen.keys.has(k))).toEqual([]);
    });
  }

  it('the table itself cites only IDs that exist in docs/rules.md', () => {
    const missing = Object.values(TABLES)
      .flatMap((t) => Object.values(t).flat())
      .filter((r) => r !== '' && !existsInRules(r));
    expect(missing).toEqual([]);
  });

  it('every cited clause has a sentence for the web chip', () => {
    const cited = new Set(
      Object.values(TABLES)
        .flatMap((t) => Object.values(t).flat())
        .filter((r) => r !== ''),
    );
    expect([...cited].filter((r) => clauseText(r) === '')).toEqual([]);
  });
});

describe('the table catches a wrong citation', () => {
  it('flags an event citing a clause about something else, and an ID that docs/rules.md lacks', () => {
    const seen: Seen = { keys: new Set(), problems: [], moves: 0 };
    const race = { on: false };
    checkTrace('gabata-adowa', GABATA, [{ type: 'roundEnd', round: 1, totals: [0, 30, 24], reason: 'rules', rule: 'ADW-17' }], seen, race);
    checkTrace('gabata-adowa', GABATA, [{ type: 'pass', player: 1, rule: 'ADW-99' }], seen, race);
    expect(seen.problems).toHaveLength(3);
    expect(seen.problems[0]).toMatch(/roundEnd:rules: cites ADW-17, expected ADW-18/);
    expect(seen.problems[1]).toMatch(/ADW-99, which is not in docs\/rules.md/);
  });
});

// ---------------------------------------------------------------------------------------------
// 2. Refs of options, reconstructions and landmarks.

describe('option and reconstruction refs name things in docs/rules.md', () => {
  it('every option ref exists', () => {
    const bad: string[] = [];
    for (const rs of RULESETS) {
      for (const o of rs.options) for (const r of o.refs ?? []) if (!existsInRules(r)) bad.push(`${rs.info.id} ${o.name}: ${r}`);
    }
    expect(bad).toEqual([]);
  });

  it('every reconstruction ref exists (a ref may name a clause and an ambiguity, or "SPEC §8")', () => {
    const bad: string[] = [];
    for (const rs of RULESETS) {
      for (const rc of rs.info.reconstructions) {
        for (const part of rc.ref.replace(/^SPEC\s+/, '').split(/\s*\/\s*/)) if (!existsInRules(part)) bad.push(`${rs.info.id}: ${rc.ref}`);
      }
    }
    expect(bad).toEqual([]);
  });

  it('the race options cite the race clauses (the Selus race start and §7, not the race itself, for the tick order and loop)', () => {
    const sel = getRuleset('selus');
    if (!sel.ok) throw new Error('selus');
    const refs = (name: string): readonly string[] => sel.value.options.find((o) => o.name === name)?.refs ?? [];
    expect(refs('raceLoopResolution').every((r) => r.startsWith('§7'))).toBe(true);
    expect(refs('raceTickOrder')).toContain('SEL-05');
  });

  it('the clause that refuses a start names a starting-hole rule', () => {
    for (const { info } of RULESETS) {
      const [prefix, rule] = [info.id, info.startRule];
      expect(existsInRules(rule), `${prefix}: ${rule}`).toBe(true);
      // Our paraphrase of GIF-04 says which hole a move lifts ("lifts one of your holes").
      expect(CLAUSE_TEXT.get(rule)!, `${prefix}: ${rule}`).toMatch(/start|choos|lifts one of your holes/i);
    }
  });
});

// ---------------------------------------------------------------------------------------------
// 3. The web's and the catalogue's clause sentences.

/**
 * Per clause, keywords that its text in docs/rules.md, every paraphrase of it and (in the
 * cross-check) its text in the external specification must contain.
 */
const KEYWORDS: Record<string, readonly RegExp[]> = {
  'ADW-01': [/three rows of six/i],
  'ADW-02': [/three counters/i, /54/],
  'ADW-03': [/own/i, /ordinary/i],
  'ADW-04': [/circuit|track|cycle/i, /same/i],
  'ADW-05': [/one counter/i, /each/i],
  'ADW-06': [/P1|player 1/i, /start|first/i],
  'ADW-07': [/lift/i, /ordinary hole/i],
  'ADW-08': [/occupied/i, /relay|lift/i],
  'ADW-09': [/empty/i, /turn (ends|is over)/i],
  'ADW-10': [/wegue/i, /\b(3|three)\b/i, /\b(4|four)\b/i],
  'ADW-11': [/wegue/i, /first turn/i],
  'ADW-12': [/wegue/i, /sow/i],
  'ADW-13': [/wegue/i, /again|continues/i],
  'ADW-14': [/opponent/i, /wegue/i, /one more/i, /turn/i],
  'ADW-15': [/own(ed by the \W*mover| wegue)/i, /turn ends|ends the turn/i],
  'ADW-16': [/pass/i],
  'ADW-17': [/round ends/i, /ordinary hole|wegue/i],
  'ADW-18': [/tally|total/i, /hand/i, /wegue/i],
  'ADW-19': [/hole/i, /three|\/3/i, /two|= 2/i],
  'ADW-20': [/opponent/i, /left/i, /sowing order/i],
  'ADW-21': [/three counters/i, /wegue/i, /alternat/i],
  'ADW-22': [/all 18 holes/i, /match/i],
  'ADW-23': [/one hole/i, /one is left|keeps one counter/i, /ludii|option/i],
  'AKS-01': [/ADW|adowa/i],
  'AKS-02': [/chafa enda/i, /\b0\b/, /\b17\b/],
  'AKS-03': [/chafa enda/i, /three/i, /start/i],
  'AKS-04': [/only/i],
  'AKS-05': [/relay/i, /starting hole/i],
  'AKS-06': [/nobody is restricted/i],
  'AKS-07': [/purpose|point/i, /opponent/i],
  'AKS-3P-01': [/three players/i, /row/i, /2x3|two rows (of|by) three/i],
  'AKS-3P-02': [/track|circuit/i, /unchanged|same/i],
  'AKS-3P-03': [/turn/i, /order/i, /track|circuit/i],
  'AKS-3P-04': [/either other player/i],
  'AKS-3P-05': [/pool/i, /extra holes/i],
  'AKS-3P-06': [/chafa enda/i, /first hole/i],
  'AKS-3P-07': [/\b(0|no) holes?\b/i, /eliminated|\bout\b/i],
  'ABA-01': [/three rows|3x6/i, /no stores/i],
  'ABA-02': [/three counters/i, /every hole/i],
  'ABA-03': [/track/i],
  'ABA-04': [/race/i, /leftmost/i],
  'ABA-05': [/race/i, /occupied/i, /empty/i, /first/i],
  'ABA-06': [/lock-step|in step/i, /loser/i],
  'ABA-07': [/captur/i, /race/i],
  'ABA-08': [/race winner/i, /turn/i],
  'ABA-09': [/any/i, /hole/i],
  'ABA-10': [/occupied/i, /lift/i],
  'ABA-11': [/opponent/i, /empty/i, /ends the turn/i],
  'ABA-12': [/captur/i, /facing/i],
  'ABA-13': [/after a capture/i, /next hole|one hole on|on one hole/i],
  'ABA-14': [/empty/i, /fac/i, /turn ends|ends the turn/i],
  'ABA-15': [/round ends/i, /no counters/i],
  'ABA-16': [/fewer|poorer/i, /three (per|to a) hole/i],
  'ABA-17': [/more counters|richer/i, /winnings/i],
  'ABA-18': [/winnings/i, /next/i],
  'ABA-19': [/race/i, /round/i],
  'ABA-20': [/all 54/i, /match/i],
  'SEL-01': [/3x6|three rows/i, /three counters/i, /no stores/i],
  'SEL-02': [/ordinary/i, /nedf/i],
  'SEL-03': [/track|circuit/i, /both players/i],
  'SEL-04': [/race/i, /same time|at once/i, /empty/i],
  'SEL-05': [/starting hole/i, /choos|pick/i, /race/i],
  'SEL-06': [/race/i, /skip/i, /nedf/i],
  'SEL-07': [/relay/i, /empty/i, /ends the turn|turn ends/i],
  'SEL-08': [/more than (3|three)/i, /closest|nearest/i, /leftmost/i, /2-hole|two-hole|hole of two|hole with two/i],
  'SEL-09': [/nedf/i, /never|nobody|cannot/i, /sow|start/i],
  'SEL-10': [/one per hole/i, /nedf/i],
  'SEL-11': [/skip|passed over|never dropped/i, /exactly (3|three)/i],
  'SEL-12': [/first nedf|simple nedf/i, /last\W+counter/i, /turn ends/i],
  'SEL-13': [/nedf/i, /ends the turn|turn ends/i],
  'SEL-14': [/later nedfs/i, /two/i],
  'SEL-15': [/one nedf/i, /lap/i],
  'SEL-16': [/nedf/i, /three|exactly 3/i, /opponent cannot/i],
  'SEL-17': [/nedf/i, /owner/i],
  'SEL-18': [/conced/i, /start/i, /los/i],
  'SEL-19': [/scor/i, /nedf/i],
  'SEL-20': [/single round/i],
  'GIF-01': [/two rows of four|2x4/i, /store/i],
  'GIF-02': [/six beans/i, /stores (start )?empty/i],
  'GIF-03': [/P1|player 1/i, /first|start/i],
  'GIF-04': [/single lap|one lap/i, /clockwise|either way/i],
  'GIF-05': [/8\+|eight or more/i, /origin|starting hole/i, /sown into|sows into/i],
  'GIF-06': [/2 or 4|two or four/i, /neighbour/i],
  'GIF-07': [/exactly one/i, /neighbour/i],
  'GIF-08': [/store/i, /turn passes/i],
  'GIF-09': [/may pass/i, /few|three/i],
  'GIF-10': [/at most one bean/i, /round ends/i],
  'GIF-11': [/next round/i, /six/i],
  'GIF-12': [/los/i, /fill/i],
  'GIF-13': [/later rounds/i, /alternat/i],
};

/** Keywords for the web's sentences about sections of the reference (no clause text to check them against). */
const SECTION_KEYWORDS: Record<string, readonly RegExp[]> = {
  '§1': [/starting hole|origin/i, /sown into|sows into/i, /skipOriginOnLongLaps/],
  '§7': [/lock-step/i, /tick/i],
  '§8': [/never end|perpetual/i, /repeti/i],
};

describe('clause sentences of the web app and the catalogue say what the rules reference says', () => {
  it('every clause of docs/rules.md has keywords here, and the keywords are in its text there', () => {
    expect([...CLAUSE_TEXT.keys()].filter((id) => KEYWORDS[id] === undefined)).toEqual([]);
    const bad: string[] = [];
    for (const [id, res] of Object.entries(KEYWORDS)) {
      const text = CLAUSE_TEXT.get(id);
      if (text === undefined) bad.push(`${id}: not in docs/rules.md`);
      else for (const re of res) if (!re.test(text)) bad.push(`${id}: its text lacks ${re}`);
    }
    expect(bad).toEqual([]);
  });

  it('the web CLAUSES table names only clauses of docs/rules.md and covers all of them', () => {
    expect(Object.keys(CLAUSES).filter((id) => !existsInRules(id))).toEqual([]);
    expect([...CLAUSE_TEXT.keys()].filter((id) => CLAUSES[id] === undefined)).toEqual([]);
  });

  it('each web sentence says what its clause says', () => {
    const bad: string[] = [];
    for (const [id, text] of Object.entries(CLAUSES)) {
      const res = KEYWORDS[id] ?? SECTION_KEYWORDS[id];
      if (res === undefined) {
        if (!AMBIGUITY_IDS.has(id)) bad.push(`${id}: no keywords`);
        continue;
      }
      for (const re of res) if (!re.test(text)) bad.push(`${id}: "${text}" lacks ${re}`);
    }
    expect(bad).toEqual([]);
  });

  it('each catalogue clause exists, belongs to its ruleset and says what its clause says', () => {
    const bad: string[] = [];
    for (const entry of CATALOGUE) {
      const rs = getRuleset(entry.rulesetId);
      if (!rs.ok) {
        bad.push(`${entry.rulesetId}: no such ruleset`);
        continue;
      }
      const prefix = rs.value.info.clausePrefix;
      for (const c of entry.clauses) {
        if (!CLAUSE_TEXT.has(c.id)) bad.push(`${entry.rulesetId} ${c.id}: not in docs/rules.md`);
        const family = c.id.split('-')[0]!;
        if (family !== prefix && !(prefix === 'AKS' && family === 'ADW') && !(prefix === 'ADW' && c.id.startsWith('AKS-3P-'))) {
          bad.push(`${entry.rulesetId} ${c.id}: another ruleset's clause`);
        }
        for (const re of KEYWORDS[c.id] ?? []) if (!re.test(c.text)) bad.push(`${entry.rulesetId} ${c.id}: "${c.text}" lacks ${re}`);
      }
    }
    expect(bad).toEqual([]);
  });

  it('the keyword check catches a sentence about another clause', () => {
    // ADW-17's sentence put under ADW-18 (the mistake this file guards against).
    const wrong = CLAUSES['ADW-17']!;
    expect(KEYWORDS['ADW-18']!.every((re) => re.test(wrong))).toBe(false);
  });
});

// ---------------------------------------------------------------------------------------------
// 4. Cross-check with the external rules specification, when it sits beside the repository.

const SPEC_PATH = join(root, '..', 'shared', 'rules', 'SPEC.md');
const SPEC = existsSync(SPEC_PATH) ? readFileSync(SPEC_PATH, 'utf8') : '';

/** SPEC.md's clause ID -> clause text, from its rule tables (`| ID | text | source |`). */
function specClauses(text: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const line of text.split('\n')) {
    const m = /^\|\s*((?:ADW|AKS|ABA|SEL|GIF)-(?:3P-)?\d{2})\s*\|(.*)\|\s*$/.exec(line);
    if (!m) continue;
    // The text may itself hold '|' (option values): the source is the last cell.
    const body = m[2]!;
    out.set(m[1]!, body.slice(0, body.lastIndexOf('|')).trim());
  }
  return out;
}

describe.skipIf(SPEC === '')('cross-check with ../shared/rules/SPEC.md (skipped when that file is absent, as in a fresh clone)', () => {
  const specText = specClauses(SPEC);
  const specAmbiguities = new Set([...SPEC.matchAll(/^\|\s*([AKBSG]\d{1,2})\s*\|/gm)].map((m) => m[1]!));
  const specExamples = new Set(SPEC.match(/\b(?:ADW|AKS|ABA|SEL|GIF)-E\d\b/g) ?? []);
  const specSection = (ref: string): boolean => {
    const m = /^§(\d+)(?:\.(\d+))?$/.exec(ref);
    if (!m) return false;
    const start = SPEC.search(new RegExp(`^## ${m[1]}\\. `, 'm'));
    if (start < 0) return false;
    if (m[2] === undefined) return true;
    const rest = SPEC.slice(start + 3);
    const end = rest.search(/^## \d+\. /m);
    const body = end < 0 ? rest : rest.slice(0, end);
    return new RegExp(`^(### ${m[1]}\\.${m[2]}\\b|${m[2]}\\. )`, 'm').test(body);
  };

  it('reads SPEC.md as before (its clause tables, ambiguity tables and sections)', () => {
    expect(specText.size).toBeGreaterThanOrEqual(90);
    expect(specText.get('ADW-18')).toMatch(/^Tally/);
    expect(specText.get('ADW-13')).toMatch(/wegueContinuation = mandatory \| optional \| none/);
    expect(specSection('§8.3')).toBe(true);
    expect(specSection('§8.9')).toBe(false);
  });

  it('the repository has the same clause IDs, ambiguity IDs and worked examples as SPEC.md', () => {
    expect([...CLAUSE_TEXT.keys()].sort()).toEqual([...specText.keys()].sort());
    expect([...AMBIGUITY_IDS].sort()).toEqual([...specAmbiguities].sort());
    expect([...RULES.examples].sort()).toEqual([...specExamples].sort());
  });

  it("every section the engine and the reference cite exists in SPEC.md with the reference's numbering", () => {
    const refs = new Set([
      ...Object.values(TABLES).flatMap((t) => Object.values(t).flat()),
      ...RULESETS.flatMap((rs) => rs.options.flatMap((o) => o.refs ?? [])),
    ]);
    const sections = [...refs].filter((r) => r.startsWith('§'));
    expect(sections.length).toBeGreaterThan(5);
    expect(sections.filter((r) => !specSection(r) || !sectionExists(r))).toEqual([]);
  });

  it('the clause that refuses a start speaks of starting or choosing in SPEC.md too', () => {
    for (const { info } of RULESETS) expect(specText.get(info.startRule), `${info.id}: ${info.startRule}`).toMatch(/start|choos/i);
  });

  it('the keywords of every clause are in its SPEC.md text too', () => {
    const bad: string[] = [];
    for (const [id, res] of Object.entries(KEYWORDS)) {
      const text = specText.get(id);
      if (text === undefined) bad.push(`${id}: not in SPEC.md`);
      else for (const re of res) if (!re.test(text)) bad.push(`${id}: SPEC text lacks ${re}`);
    }
    expect(bad).toEqual([]);
  });
});

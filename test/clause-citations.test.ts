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
 *    for that (ruleset, event) by the ruleset's own table (`info.citations`, written by reading
 *    each clause's text).
 * 2. Every option ref and reconstruction ref names something that exists in the reference.
 * 3. The web's clause sentences (src/web/text.ts) and the catalogue's (src/catalogue/entries.ts)
 *    name clauses that exist and say what the clause says: per ID the keywords of the clause in
 *    its ruleset's description (`info.clauses`), which must be found in every paraphrase.
 * A ruleset that is not shipped (`info.shipped`, e.g. the Kalah fixture) has no section in the
 * reference: its clauses are those of its description, and the reference's checks pass it over.
 * When the external rules specification (../shared/rules/SPEC.md) sits beside the repository, a
 * cross-check compares the reference with it: the same clause, ambiguity and example IDs, and the
 * keywords found in its clause texts too. A fresh clone has no such folder and skips it.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { GameEvent } from '../packages/engine/src/core/events.js';
import type { Game, RuleClause } from '../packages/engine/src/core/game.js';
import { Rng } from '../packages/engine/src/core/rng.js';
import { PHASE_OVER } from '../packages/engine/src/core/state.js';
import { CATALOGUE } from '../src/catalogue/index.js';
import { unwrap } from '../packages/engine/src/core/errors.js';
import { RULESETS, getRuleset } from '../packages/engine/src/games/index.js';
import { isSimultaneous, legalMoveList, legalMoveListFor } from '../packages/engine/src/notation/move.js';
import { clauses, clauseText } from '../src/web/text.js';

import { readRulesDoc } from './helpers/rules-doc.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const RULES = readRulesDoc(root);

// ---------------------------------------------------------------------------------------------
// docs/rules.md, read as data.

/** Clause ID -> clause text, from the reference's clause tables. */
const DOC_CLAUSES = RULES.clauses;

/** Every clause of a registered ruleset's description, by ID (a shared clause is one object). */
const DESCRIBED = new Map<string, RuleClause>(RULESETS.flatMap((r) => r.info.clauses.map((c) => [c.id, c] as const)));

/** Clause ID -> clause text: the reference's, and the descriptions' of rulesets that are not shipped (no section there). */
const CLAUSE_TEXT: ReadonlyMap<string, string> = new Map([
  ...RULESETS.filter((r) => !r.info.shipped).flatMap((r) => r.info.clauses.map((c) => [c.id, c.text] as const)),
  ...DOC_CLAUSES,
]);

/** Per clause, the keywords its text in docs/rules.md and every paraphrase of it must contain (from its description). */
const KEYWORDS: Readonly<Record<string, readonly RegExp[]>> = Object.fromEntries([...DESCRIBED].map(([id, c]) => [id, c.keywords]));

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

/** (event key) -> the clause IDs an event may cite ('' = no citation): the ruleset's own table (`info.citations.events`). */
type Table = Readonly<Record<string, readonly string[]>>;

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
function playChecked(id: string, table: Table, game: Game, seed: number, maxPlies: number, seen: Seen): void {
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
  it('every registered ruleset has a table, the defaults first among its option sets, and must see only events of its table', () => {
    for (const { info } of RULESETS) {
      const c = info.citations;
      expect(Object.keys(c.events).length, info.id).toBeGreaterThan(3);
      expect(c.optionSets[0], info.id).toEqual({});
      expect(c.seeds, info.id).toBeGreaterThan(0);
      expect(c.mustSee.length, info.id).toBeGreaterThan(2);
      expect(c.mustSee.filter((k) => c.events[k] === undefined)).toEqual([]);
    }
  });

  for (const rs of RULESETS) {
    const { id, citations } = rs.info;
    it(`${id}: seeded random play with event traces`, () => {
      const seen: Seen = { keys: new Set(), problems: [], moves: 0 };
      citations.optionSets.forEach((options, k) => {
        const g = rs.create(options);
        if (!g.ok) throw new Error(`${id} ${JSON.stringify(options)}: ${g.error.message}`);
        for (let seed = 1; seed <= citations.seeds; seed++) playChecked(id, citations.events, g.value, 1000 * k + seed, 1500, seen);
      });
      expect(seen.moves).toBeGreaterThan(1000);
      expect([...new Set(seen.problems)]).toEqual([]);
      expect(citations.mustSee.filter((k) => !seen.keys.has(k))).toEqual([]);
    });
  }

  it('the tables themselves cite only IDs that exist in docs/rules.md', () => {
    const missing = RULESETS.flatMap((r) => Object.values(r.info.citations.events).flat()).filter((r) => r !== '' && !existsInRules(r));
    expect(missing).toEqual([]);
  });

  it('every cited clause has a sentence for the web chip', () => {
    const cited = new Set(RULESETS.flatMap((r) => Object.values(r.info.citations.events).flat()).filter((r) => r !== ''));
    expect([...cited].filter((r) => clauseText(r) === '')).toEqual([]);
  });
});

describe('the table catches a wrong citation', () => {
  it('flags an event citing a clause about something else, and an ID that docs/rules.md lacks', () => {
    const seen: Seen = { keys: new Set(), problems: [], moves: 0 };
    const race = { on: false };
    const GABATA = unwrap(getRuleset('gabata-adowa')).info.citations.events;
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

/** Keywords for the web's sentences about sections of the reference (no clause text to check them against). */
const SECTION_KEYWORDS: Record<string, readonly RegExp[]> = {
  '§1': [/starting hole|origin/i, /sown into|sows into/i, /skipOriginOnLongLaps/],
  '§7': [/lock-step/i, /tick/i],
  '§8': [/never end|perpetual/i, /repeti/i],
};

describe('clause sentences of the web app and the catalogue say what the rules reference says', () => {
  it('every clause of docs/rules.md is a clause of a shipped ruleset, and its keywords are in its text there', () => {
    const shipped = new Set(RULESETS.filter((r) => r.info.shipped).flatMap((r) => r.info.clauses.map((c) => c.id)));
    expect([...DOC_CLAUSES.keys()].filter((id) => !shipped.has(id))).toEqual([]);
    expect([...shipped].filter((id) => !DOC_CLAUSES.has(id))).toEqual([]);
    expect([...CLAUSE_TEXT.keys()].filter((id) => KEYWORDS[id] === undefined)).toEqual([]);
    const bad: string[] = [];
    for (const [id, res] of Object.entries(KEYWORDS)) {
      const text = CLAUSE_TEXT.get(id);
      if (text === undefined) bad.push(`${id}: not in docs/rules.md`);
      else for (const re of res) if (!re.test(text)) bad.push(`${id}: its text lacks ${re}`);
    }
    expect(bad).toEqual([]);
  });

  it('the web clauses() table names only clauses of docs/rules.md and covers all of them', () => {
    expect(Object.keys(clauses()).filter((id) => !existsInRules(id))).toEqual([]);
    expect([...CLAUSE_TEXT.keys()].filter((id) => clauses()[id] === undefined)).toEqual([]);
  });

  it('each web sentence says what its clause says', () => {
    const bad: string[] = [];
    for (const [id, text] of Object.entries(clauses())) {
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
        if (!DOC_CLAUSES.has(c.id)) bad.push(`${entry.rulesetId} ${c.id}: not in docs/rules.md`);
        // A clause of another family is one that ruleset's own description holds too (Gabata's three-player clauses).
        const family = c.id.split('-')[0]!;
        const owner = RULESETS.find((r) => r.info.clausePrefix === family);
        if (family !== prefix && !owner?.info.clauses.some((o) => o === DESCRIBED.get(c.id))) {
          bad.push(`${entry.rulesetId} ${c.id}: another ruleset's clause`);
        }
        for (const re of KEYWORDS[c.id] ?? []) if (!re.test(c.text)) bad.push(`${entry.rulesetId} ${c.id}: "${c.text}" lacks ${re}`);
      }
    }
    expect(bad).toEqual([]);
  });

  it('the keyword check catches a sentence about another clause', () => {
    // ADW-17's sentence put under ADW-18 (the mistake this file guards against).
    const wrong = clauses()['ADW-17']!;
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
    expect([...DOC_CLAUSES.keys()].sort()).toEqual([...specText.keys()].sort());
    expect([...AMBIGUITY_IDS].sort()).toEqual([...specAmbiguities].sort());
    expect([...RULES.examples].sort()).toEqual([...specExamples].sort());
  });

  it("every section the engine and the reference cite exists in SPEC.md with the reference's numbering", () => {
    const refs = new Set([
      ...RULESETS.flatMap((r) => Object.values(r.info.citations.events).flat()),
      ...RULESETS.flatMap((rs) => rs.options.flatMap((o) => o.refs ?? [])),
    ]);
    const sections = [...refs].filter((r) => r.startsWith('§'));
    expect(sections.length).toBeGreaterThan(5);
    expect(sections.filter((r) => !specSection(r) || !sectionExists(r))).toEqual([]);
  });

  it('the clause that refuses a start speaks of starting or choosing in SPEC.md too', () => {
    for (const { info } of RULESETS.filter((r) => r.info.shipped))
      expect(specText.get(info.startRule), `${info.id}: ${info.startRule}`).toMatch(/start|choos/i);
  });

  it('the keywords of every clause of a shipped ruleset are in its SPEC.md text too', () => {
    const bad: string[] = [];
    for (const [id, res] of RULESETS.filter((r) => r.info.shipped).flatMap((r) => r.info.clauses.map((c) => [c.id, c.keywords] as const))) {
      const text = specText.get(id);
      if (text === undefined) bad.push(`${id}: not in SPEC.md`);
      else for (const re of res) if (!re.test(text)) bad.push(`${id}: SPEC text lacks ${re}`);
    }
    expect(bad).toEqual([]);
  });
});

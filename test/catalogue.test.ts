/**
 * The catalogue: every registered ruleset has a complete entry, facts agree with the seed pages,
 * our texts are our own words, and the concepts computed from each ruleset agree with its
 * definition in SPEC.md.
 */
import { describe, expect, it } from 'vitest';
import {
  CATALOGUE,
  catalogueProblems,
  computeConcepts,
  entryProblems,
  figuresProblems,
  parseDms,
  validateCatalogue,
  type CatalogueEntry,
  type Concepts,
} from '../src/catalogue/index.js';
import { loadFigures } from '../src/catalogue/figures-file.js';
import { measureFigures } from '../src/catalogue/figures-measure.js';
import { run } from '../src/cli/catalogue.js';
import { RULESETS } from '../packages/engine/src/games/index.js';
import { extractFacts, fixtureFacts, seedFacts, seedTexts, seedsDir } from './helpers/seed-facts.js';

/** The rulesets the catalogue covers: the shipped ones (a fixture such as Kalah has no entry, source or figures). */
const SHIPPED = RULESETS.filter((r) => r.info.shipped);

const FACTS = seedFacts();
const facts = (prefix: string) => {
  const f = FACTS[prefix];
  if (!f) throw new Error(`seed ${prefix} missing`);
  return f;
};
const TEXTS = seedTexts();
const entry = (id: string): CatalogueEntry => {
  const e = CATALOGUE.find((x) => x.rulesetId === id);
  if (!e) throw new Error(`no entry ${id}`);
  return e;
};

describe('completeness', () => {
  it('every shipped ruleset has a complete catalogue entry', () => {
    expect(SHIPPED.length).toBeGreaterThanOrEqual(5);
    expect(catalogueProblems(CATALOGUE, RULESETS)).toEqual([]);
    expect(validateCatalogue(CATALOGUE, RULESETS).ok).toBe(true);
  });

  it('a registered ruleset without an entry fails', () => {
    const fewer = CATALOGUE.filter((e) => e.rulesetId !== 'selus');
    expect(catalogueProblems(fewer, RULESETS)).toContain('selus: registered ruleset has no catalogue entry');
    const v = validateCatalogue(fewer, RULESETS);
    expect(v.ok).toBe(false);
    if (!v.ok) expect(v.error.code).toBe('ERR_INTERNAL');
  });

  it('a missing field fails', () => {
    const base = entry('abalalae');
    const ruleset = RULESETS.find((r) => r.info.id === 'abalalae');
    for (const f of ['name', 'period', 'region', 'oneLine', 'origin'] as const) {
      const broken = { ...base, [f]: '' } as CatalogueEntry;
      expect(
        entryProblems(broken, ruleset).some((p) => p.includes(`no ${f}`)),
        f,
      ).toBe(true);
    }
    for (const f of ['description', 'history', 'category', 'sources', 'similar', 'clauses'] as const) {
      const broken = { ...base, [f]: [] } as unknown as CatalogueEntry;
      expect(entryProblems(broken, ruleset).length, f).toBeGreaterThan(0);
    }
    expect(entryProblems({ ...base, identifiers: [] }, ruleset)).toContain('abalalae: no identifiers and no note saying why');
    expect(entryProblems({ ...base, evidence: [], evidenceNote: undefined }, ruleset)).toContain(
      'abalalae: no evidence and no note saying why',
    );
  });

  it('a source without pages fails', () => {
    const base = entry('selus');
    const broken = { ...base, sources: [{ ...base.sources[0]!, pages: '' }] };
    expect(entryProblems(broken).some((p) => p.includes('source has no pages'))).toBe(true);
    const noPage = { ...base, sources: [{ ...base.sources[0]!, pages: 'passim' }] };
    expect(entryProblems(noPage).some((p) => p.includes('name no page'))).toBe(true);
    const ev = entry('gifia').evidence[0]!;
    const brokenEv = { ...entry('gifia'), evidence: [{ ...ev, source: { ...ev.source, pages: '' } }] };
    expect(entryProblems(brokenEv).some((p) => p.includes('DLP.Evidence.673') && p.includes('pages'))).toBe(true);
  });

  it('an evidence record missing a field fails', () => {
    const base = entry('gabata-aksum');
    const ev = base.evidence[0]!;
    const cases: Partial<typeof ev>[] = [
      { type: '' },
      { id: 'Evidence 665' },
      { confidence: 140 },
      { date: { from: '1977-12-31', to: '1977-01-01' } },
      { citation: '' },
      { place: { ...ev.place, coords: { lat: 14.13, lon: 38.72 } } },
      { place: { ...ev.place, dms: undefined } },
    ];
    for (const c of cases) expect(entryProblems({ ...base, evidence: [{ ...ev, ...c }] }).length, JSON.stringify(c)).toBeGreaterThan(0);
    const approx = entry('gifia').evidence[0]!;
    expect(
      entryProblems({ ...entry('gifia'), evidence: [{ ...approx, place: { ...approx.place, note: undefined } }] }).length,
    ).toBeGreaterThan(0);
  });
});

describe('facts agree with the seed pages', () => {
  it('Aksum coordinates are converted exactly from the DMS of DLP.Evidence.665', () => {
    const loc = facts('000_').fields['Location']!;
    const fromSeed = parseDms(loc);
    expect(fromSeed.ok).toBe(true);
    if (!fromSeed.ok) return;
    expect(fromSeed.value.lat).toBeCloseTo(14 + 7 / 60 + 55.67 / 3600, 12);
    expect(fromSeed.value.lon).toBeCloseTo(38 + 43 / 60 + 8.99 / 3600, 12);
    const place = entry('gabata-aksum').evidence[0]!.place;
    expect(place.basis).toBe('seed');
    expect(place.dms!.replace(/\s/g, '')).toBe(loc.replace(/\s/g, ''));
    expect(Math.abs(place.coords.lat - fromSeed.value.lat)).toBeLessThan(1e-7);
    expect(Math.abs(place.coords.lon - fromSeed.value.lon)).toBeLessThan(1e-7);
  });

  it('DMS parsing rejects bad text with a code and handles south/west', () => {
    const bad = parseDms('14 degrees north');
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.error.code).toBe('ERR_ARGUMENT');
    expect(parseDms('38°43\'8.99"E, 14° 7\'55.67"N').ok).toBe(false);
    const sw = parseDms('1°30\'0"S, 2°15\'0"W');
    expect(sw.ok && sw.value).toEqual({ lat: -1.5, lon: -2.25 });
  });

  it('evidence records carry the id, type, date, confidence and source of the seeds', () => {
    for (const [prefix, id] of [
      ['000_', 'gabata-aksum'],
      ['002_', 'gifia'],
    ] as const) {
      const f = facts(prefix);
      const ev = entry(id).evidence[0]!;
      expect(ev.id).toBe(f.fields['Id']);
      expect(ev.type).toBe(f.fields['Type']);
      expect(`${ev.date.from} - ${ev.date.to}`).toBe(f.fields['Date']);
      expect(ev.confidence).toBe(Number(f.fields['Confidence']));
      const src = f.fields['Source']!;
      expect(src).toContain(ev.source.author.split(',')[0]!);
      expect(src).toContain(String(ev.source.year));
      expect(src).toContain(ev.source.title);
      expect(f.citations).toContain(ev.citation);
    }
    expect(facts('002_').evidenceIn).toBe(entry('gifia').evidence[0]!.place.name);
  });

  it('identifiers, period, region, category and similar games are those of the portal pages', () => {
    for (const [prefix, id] of [
      ['001_', 'abalalae'],
      ['004_', 'selus'],
    ] as const) {
      const f = facts(prefix);
      const e = entry(id);
      expect(e.identifiers.map((i) => i.id)).toEqual(f.identifiers);
      expect(e.period).toBe(f.fields['Period']);
      expect(e.region).toBe(f.fields['Region']);
      expect(e.category.join(', ')).toBe(f.fields['Category']);
      // Every complete name of the portal's list, and nothing else (the tenth is cut off in our copy).
      expect(e.similar.map((g) => g.name)).toEqual(f.similar.filter((n) => n.length > 1));
      for (const s of e.sources) {
        expect(f.citations.some((c) => c.startsWith(`Pankhurst ${s.year}: `) && s.pages.includes(c.split(': ')[1]!))).toBe(true);
      }
    }
    expect(entry('abalalae').identifiers.map((i) => i.id)).toEqual(['DLP.Games.319', 'BGG.60709']);
    expect(entry('selus').identifiers.map((i) => i.id)).toEqual(['DLP.Games.321', 'BGG.39615']);
  });

  it.skipIf(!seedsDir())('the shipped fixture of seed facts is what the seed pages say', () => {
    const dir = seedsDir()!;
    expect(dir).toBeTruthy();
    expect(fixtureFacts()).toEqual(FACTS);
    expect(extractFacts(TEXTS![0]!).fields['Id']).toBe('DLP.Evidence.665');
  });

  it.skipIf(!TEXTS)('descriptions, history, clauses and paraphrases are in our own words (no eight-word run of a seed)', () => {
    const words = (t: string): string[] =>
      t
        .toLowerCase()
        .replace(/[^a-z0-9' ]+/g, ' ')
        .split(/\s+/)
        .filter(Boolean);
    const seedRuns = new Set<string>();
    for (const text of TEXTS!) {
      const w = words(text);
      for (let i = 0; i + 8 <= w.length; i++) seedRuns.add(w.slice(i, i + 8).join(' '));
    }
    const copied: string[] = [];
    for (const e of CATALOGUE) {
      const texts = [
        e.oneLine,
        ...e.description,
        ...e.history,
        ...e.clauses.map((c) => c.text),
        ...e.evidence.flatMap((v) => [v.rulesParaphrase, v.contentSummary]),
      ];
      for (const t of texts) {
        const w = words(t);
        for (let i = 0; i + 8 <= w.length; i++)
          if (seedRuns.has(w.slice(i, i + 8).join(' '))) copied.push(`${e.rulesetId}: ${w.slice(i, i + 8).join(' ')}`);
      }
    }
    expect(copied).toEqual([]);
  });
});

describe('concepts computed from the definitions', () => {
  for (const r of RULESETS) {
    it(`${r.info.id}: computed concepts agree with its definition`, () => {
      // The description's shape, as its rules give it (packages/engine/src/games/info), against what play shows.
      const c = computeConcepts(r, { games: 4, seed: 7 });
      const { captures, ...described } = r.info.shape;
      const shape: Omit<Concepts, 'basis' | 'captureKinds' | 'skips' | 'passes'> = { ...described, players: r.info.players };
      expect({
        rows: c.rows,
        holes: c.holes,
        stores: c.stores,
        tracks: c.tracks,
        players: c.players,
        sowing: c.sowing,
        race: c.race,
        ownershipChanges: c.ownershipChanges,
        rounds: c.rounds,
      }).toEqual(shape);
      for (const k of captures) expect(c.captureKinds).toContain(k);
      expect(c.basis.decisions).toBeGreaterThan(0);
    });
  }

  it('the shipped concepts and figures cover every shipped ruleset and agree with a fresh computation', () => {
    const file = loadFigures();
    expect(
      figuresProblems(
        file,
        SHIPPED.map((r) => r.info.id),
      ),
    ).toEqual([]);
    for (const r of SHIPPED) {
      const shipped = file.concepts[r.info.id]!;
      const fresh = computeConcepts(r, { games: shipped.basis.games, seed: shipped.basis.seed });
      const { basis: _a, ...s } = shipped;
      const { basis: _b, ...f } = fresh;
      expect(f, r.info.id).toEqual(s);
    }
  });
});

describe('measured figures', () => {
  it('are reproducible from their seed and add up', () => {
    const r = RULESETS.find((x) => x.info.id === 'gifia')!;
    const a = measureFigures(r, { games: 6, seed: 3, date: '2026-01-01' });
    const b = measureFigures(r, { games: 6, seed: 3, date: '2026-01-01' });
    expect(a).toEqual(b);
    expect(a.firstMoverWins + a.secondMoverWins + a.draws + a.unfinished).toBe(6);
    expect(a.meanLength).toBeGreaterThan(0);
    expect(a.branchingFactor).toBeGreaterThan(1);
    expect(a.options).toEqual(r.create({}).ok ? (r.create({}) as { value: { options: object } }).value.options : {});
    const q = a.lengthQuartiles;
    expect(q[0] <= q[2] && q[2] <= q[4] && q[0] <= a.meanLength && a.meanLength <= q[4]).toBe(true);
  });

  it('a figures file missing a ruleset, its date or its options fails the check', () => {
    const file = loadFigures();
    const ids = SHIPPED.map((r) => r.info.id);
    expect(figuresProblems({ ...file, figures: file.figures.slice(1) }, ids).length).toBeGreaterThan(0);
    const f0 = file.figures[0]!;
    expect(figuresProblems({ ...file, figures: [{ ...f0, date: '' }, ...file.figures.slice(1)] }, ids)).toContain(
      `${f0.rulesetId}: figures have no date`,
    );
    expect(figuresProblems({ ...file, figures: [{ ...f0, options: {} }, ...file.figures.slice(1)] }, ids)).toContain(
      `${f0.rulesetId}: figures do not name their options`,
    );
  });
});

describe('gabata catalogue', () => {
  it('--check passes on the shipped catalogue; bad arguments are usage errors', async () => {
    const out: string[] = [];
    const write = process.stdout.write.bind(process.stdout);
    const ewrite = process.stderr.write.bind(process.stderr);
    const capture = (s: string): boolean => {
      out.push(String(s));
      return true;
    };
    process.stdout.write = capture as typeof process.stdout.write;
    process.stderr.write = capture as typeof process.stderr.write;
    try {
      expect(await run(['--check'])).toBe(0);
      expect(await run(['--games', '5'])).toBe(2);
      expect(await run(['--refresh', '--games', 'many'])).toBe(2);
      expect(await run(['--bogus'])).toBe(2);
      expect(await run(['--json'])).toBe(0);
    } finally {
      process.stdout.write = write;
      process.stderr.write = ewrite;
    }
    const json = JSON.parse(out.find((s) => s.trimStart().startsWith('['))!) as { id: string; entry: unknown; figures: unknown }[];
    expect(json.map((x) => x.id)).toEqual(SHIPPED.map((r) => r.info.id));
    expect(json.every((x) => x.entry && x.figures)).toBe(true);
  });
});

/**
 * docs/rules.md is generated from the source (scripts/gen-rules-doc.mjs): the catalogue's clause
 * texts, the rulesets' boards, tracks, options and reconstructions, and the tests that play the
 * worked examples. Here it is rendered again from src/ and compared with the committed file, so a
 * clause, an option or an example test cannot change without the reference changing with it.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CATALOGUE } from '../src/catalogue/index.js';
import type { CatalogueEntry } from '../src/catalogue/types.js';
import type { Ruleset } from '../packages/engine/src/core/game.js';
import { optionValueWords } from '../packages/engine/src/core/options.js';
import { RULESETS } from '../packages/engine/src/games/index.js';
import { parseRulesDoc } from './helpers/rules-doc.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

interface Generator {
  DOC_PATH: string;
  renderRulesDoc(
    data: { rulesets: readonly Ruleset[]; catalogue: readonly CatalogueEntry[]; optionValueWords: typeof optionValueWords },
    root: string,
  ): string;
  testTitles(root: string): { file: string; title: string }[];
}

const gen = (await import(pathToFileURL(join(root, 'scripts', 'gen-rules-doc.mjs')).href)) as Generator;
// The reference is that of the shipped rulesets (a fixture such as Kalah has its clauses in its description only).
const rendered = gen.renderRulesDoc({ rulesets: RULESETS.filter((r) => r.info.shipped), catalogue: CATALOGUE, optionValueWords }, root);
const committed = readFileSync(join(root, gen.DOC_PATH), 'utf8');

describe('docs/rules.md, the rules reference', () => {
  it('is what scripts/gen-rules-doc.mjs makes of the source (else: npm run build && node scripts/gen-rules-doc.mjs)', () => {
    // Compared line by line first, so that a failure shows the lines that differ.
    const a = committed.split('\n');
    const b = rendered.split('\n');
    const diff: string[] = [];
    for (let i = 0; i < Math.max(a.length, b.length) && diff.length < 10; i++) {
      if (a[i] !== b[i]) diff.push(`line ${i + 1}:\n  committed: ${a[i] ?? '(none)'}\n  generated: ${b[i] ?? '(none)'}`);
    }
    expect(diff).toEqual([]);
    expect(committed).toBe(rendered);
  });

  it('lists every clause of the catalogue once, with the catalogue text', () => {
    const doc = parseRulesDoc(rendered);
    const texts = new Map(CATALOGUE.flatMap((e) => e.clauses.map((c) => [c.id, c.text] as const)));
    expect([...doc.clauses.keys()].sort()).toEqual([...texts.keys()].sort());
    expect(doc.clauseRows).toBe(texts.size);
    for (const [id, text] of doc.clauses) expect(text, id).toBe(texts.get(id));
  });

  it('lists the ambiguities of every ruleset and names, for every worked example, a test that plays it', () => {
    const doc = parseRulesDoc(rendered);
    expect(doc.ambiguities.size).toBeGreaterThan(50);
    for (const id of ['A1', 'A14', 'K1', 'K6', 'B12', 'S13', 'G10']) expect(doc.ambiguities.has(id), id).toBe(true);
    expect(doc.examples.length).toBeGreaterThan(20);
    expect(doc.text).not.toMatch(/Played by: no test yet/);
  });

  it('finds test titles, including ones on the line after the call', () => {
    const titles = gen.testTitles(root).map((t) => t.title);
    expect(titles).toContain('ADW-11 capture gate on the opening turn: ADW-E5 (a long relay, no wegue)');
    expect(titles.some((t) => t.startsWith('ABA-06 / §7.4 from the standard start the race is a dead heat'))).toBe(true);
    expect(titles.length).toBeGreaterThan(400);
  });

  it('numbers the sections the engine cites (§1, §7.3-§7.7, §8.1-§8.3) and no others', () => {
    const doc = parseRulesDoc(rendered);
    for (const ref of ['§1', '§7', '§7.3', '§7.4', '§7.5', '§7.7', '§8', '§8.1', '§8.2', '§8.3'])
      expect(doc.sectionExists(ref), ref).toBe(true);
    expect(doc.sectionExists('§8.9')).toBe(false);
    expect(doc.sectionExists('§13')).toBe(false);
  });
});

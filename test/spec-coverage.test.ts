/**
 * The rules reference's promise, checked: every rule clause ID of docs/rules.md (the project's
 * own rules reference, generated from the catalogue's clause data and kept in step with it by
 * test/rules-doc.test.ts) is cited by a test that runs and asserts, and every worked example
 * (and the loop vector of §8) is a test. Nothing here reads outside the repository; the
 * comparison with the external specification, when it sits beside the repository, is in
 * test/clause-citations.test.ts.
 *
 * A clause counts as tested only through an `it`/`test` whose title cites it and which
 * - runs unconditionally: no `.skip`, `.todo`, `.only`, `.runIf`, `.skipIf`, not under an `if`,
 *   not inside a skipped or conditional `describe`;
 * - asserts: its callback calls `expect`, directly or through a function of the same file that
 *   does (test/helpers/clause-coverage.ts reads the files with the TypeScript compiler API).
 * A `describe` title citing a clause does not count for it.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CATALOGUE } from '../src/catalogue/index.js';
import { type FoundTest, citedIds, findTests, uncoveredClauses } from './helpers/clause-coverage.js';
import { readRulesDoc } from './helpers/rules-doc.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const rules = readRulesDoc(root);

function testFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (name === 'node_modules' || name.startsWith('.')) continue;
    if (statSync(p).isDirectory()) out.push(...testFiles(p));
    else if (name.endsWith('.test.ts')) out.push(p);
  }
  return out;
}

const clauseIds = [...rules.clauses.keys()].sort();
const exampleIds = [...new Set(rules.examples)].sort();

const tests: FoundTest[] = [
  ...testFiles(join(root, 'src')),
  ...testFiles(join(root, 'packages')),
  ...testFiles(join(root, 'test')),
].flatMap((f) => findTests(relative(root, f), readFileSync(f, 'utf8')));
const running = tests.filter((t) => t.excluded === '');

describe('rules reference coverage', () => {
  it('finds the clause and example IDs in docs/rules.md, and the tests', () => {
    expect(clauseIds.length).toBeGreaterThan(80);
    expect(exampleIds.length).toBeGreaterThan(20);
    expect(running.length).toBeGreaterThan(400);
  });
  it("docs/rules.md lists every clause of the catalogue's clause data, and only those", () => {
    const data = [...new Set(CATALOGUE.flatMap((e) => e.clauses.map((c) => c.id)))].sort();
    expect(clauseIds).toEqual(data);
  });
  it('every rule clause ID is cited by at least one test that runs and asserts', () => {
    expect(uncoveredClauses(clauseIds, tests)).toEqual([]);
  });
  it('every worked example is a test that runs and asserts', () => {
    const titles = running.map((t) => t.title).join('\n');
    expect(exampleIds.filter((id) => !new RegExp(`\\b${id}\\b`).test(titles))).toEqual([]);
  });
  it('the loop vector of §8 is a test that runs and asserts', () => {
    expect(running.some((t) => /loop vector/.test(t.title))).toBe(true);
  });
});

describe('the coverage check itself', () => {
  it('reads runs of IDs in a title', () => {
    expect(citedIds('GIF-04/06/07 perft; ADW-10 and AKS-3P-05/06')).toEqual([
      'GIF-04',
      'GIF-06',
      'GIF-07',
      'ADW-10',
      'AKS-3P-05',
      'AKS-3P-06',
    ]);
  });

  it('a clause cited only by skipped, conditional or non-asserting tests is reported', () => {
    const fake = `
import { describe, expect, it, test } from 'vitest';
const flag = process.env.X !== undefined;
function check(n: number) { expect(n).toBe(1); }
function indirect() { check(1); }
function quiet() { return 1; }
describe('ADW-01 a describe title does not count', () => {
  it('no expect at all', () => { quiet(); });
});
describe('a suite', () => {
  it.skip('ADW-02 skipped', () => { expect(1).toBe(1); });
  it.todo('ADW-03 todo');
  it.runIf(flag)('ADW-04 conditional', () => { expect(1).toBe(1); });
  test.skipIf(flag)('ADW-05 conditional', () => { expect(1).toBe(1); });
  it('ADW-06 names a clause, asserts nothing', () => { const x = quiet(); void x; });
  if (flag) it('ADW-07 under an if', () => { expect(1).toBe(1); });
  it.only('ADW-08 only', () => { expect(1).toBe(1); });
});
describe.skip('skipped suite', () => {
  it('ADW-09 in a skipped describe', () => { expect(1).toBe(1); });
});
describe.runIf(flag)('conditional suite', () => {
  describe('nested', () => { it('ADW-10 in a conditional describe', () => { expect(1).toBe(1); }); });
});
describe('counted', () => {
  it('ADW-11 asserts directly', () => { expect(2).toBeGreaterThan(1); });
  it('ADW-12 asserts through a helper of the file', () => { indirect(); });
  it.each([1, 2])('ADW-13 each %i', (n) => { expect(n).toBeGreaterThan(0); });
  for (const k of [1]) test(\`ADW-14/15 in a loop \${k}\`, () => { check(k); });
  it('ADW-16 a test named by a function', check as never);
});
`;
    const found = findTests('fake.test.ts', fake);
    const ids = [
      'ADW-01',
      'ADW-02',
      'ADW-03',
      'ADW-04',
      'ADW-05',
      'ADW-06',
      'ADW-07',
      'ADW-08',
      'ADW-09',
      'ADW-10',
      'ADW-11',
      'ADW-12',
      'ADW-13',
      'ADW-14',
      'ADW-15',
      'ADW-16',
    ];
    expect(uncoveredClauses(ids, found)).toEqual([
      'ADW-01',
      'ADW-02',
      'ADW-03',
      'ADW-04',
      'ADW-05',
      'ADW-06',
      'ADW-07',
      'ADW-08',
      'ADW-09',
      'ADW-10',
    ]);
    expect(found.find((t) => t.ids.includes('ADW-06'))!.excluded).toBe('no expect');
    expect(found.find((t) => t.ids.includes('ADW-04'))!.excluded).toBe('it.runIf');
    expect(found.find((t) => t.ids.includes('ADW-09'))!.excluded).toBe('in describe.skip');
    expect(found.find((t) => t.ids.includes('ADW-07'))!.excluded).toBe('inside an if');
  });

  it('the old check (a clause ID anywhere in a test title) would have passed that file', () => {
    // The reason for this file: the fake above names every clause in some title.
    const titles = findTests('fake.test.ts', "it.skip('ADW-02 skipped', () => { expect(1).toBe(1); });").map((t) => t.title);
    expect(titles).toEqual(['ADW-02 skipped']);
    expect(uncoveredClauses(['ADW-02'], findTests('fake.test.ts', "it.skip('ADW-02 skipped', () => { expect(1).toBe(1); });"))).toEqual([
      'ADW-02',
    ]);
  });
});

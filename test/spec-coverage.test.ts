/**
 * The specification's promise, checked: every rule clause ID of SPEC.md is named by a test, and
 * every worked example (and the loop vector of §8) is a test. Only test *names* count (the string
 * given to `it`, `test` or `describe`), not comments.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const spec = readFileSync(join(root, '..', 'shared', 'rules', 'SPEC.md'), 'utf8');

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

/** The names of every test and suite: the first string argument of it/test/describe. */
function testNames(): string {
  const names: string[] = [];
  const call = /\b(?:it|test|describe)(?:\.each\([^)]*\))?\s*\(\s*(`(?:[^`\\]|\\.)*`|'(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*")/g;
  for (const f of [...testFiles(join(root, 'src')), ...testFiles(join(root, 'test'))]) {
    const text = readFileSync(f, 'utf8');
    for (const m of text.matchAll(call)) names.push(m[1]!);
  }
  return names.join('\n');
}

const clauseIds = [...new Set(spec.match(/\b(?:ADW|AKS|ABA|SEL|GIF)-(?:3P-)?\d{2}\b/g) ?? [])].sort();
const exampleIds = [...new Set(spec.match(/\b(?:ADW|AKS|ABA|SEL|GIF)-E\d\b/g) ?? [])].sort();

describe('SPEC.md coverage', () => {
  const names = testNames();
  it('finds the clause and example IDs in SPEC.md', () => {
    expect(clauseIds.length).toBeGreaterThan(80);
    expect(exampleIds.length).toBeGreaterThan(20);
  });
  it('every rule clause ID is named by at least one test', () => {
    const missing = clauseIds.filter((id) => !new RegExp(`\\b${id}\\b`).test(names));
    expect(missing).toEqual([]);
  });
  it('every worked example is a test', () => {
    const missing = exampleIds.filter((id) => !new RegExp(`\\b${id}\\b`).test(names));
    expect(missing).toEqual([]);
  });
  it('the loop vector of §8 is a test', () => {
    expect(names).toMatch(/loop vector/);
  });
});

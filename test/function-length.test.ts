/**
 * No function outside the tests is longer than 120 lines (issue 12): a long function hides its
 * design (a closure holding a whole ruleset, a page with a dozen flags). Measured with the
 * TypeScript compiler API: every function-like node with a body, from its first line to its last.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const MAX_LINES = 120;
/** A source file that grows past this is split along its seams (issue 22). */
const MAX_FILE_LINES = 600;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) return sourceFiles(p);
    return p.endsWith('.ts') && !p.endsWith('.test.ts') && !p.endsWith('.d.ts') ? [p] : [];
  });
}

function scripts(): string[] {
  const dir = join(root, 'scripts');
  return readdirSync(dir)
    .filter((n) => n.endsWith('.mjs'))
    .map((n) => join(dir, n));
}

/** Whatever names a function best: its own name, the variable, property or method it is bound to. */
function functionName(node: ts.SignatureDeclaration, file: ts.SourceFile): string {
  if (node.name !== undefined) return node.name.getText(file);
  const parent = node.parent;
  if (
    (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent) || ts.isPropertyDeclaration(parent)) &&
    parent.name !== undefined
  ) {
    return parent.name.getText(file);
  }
  if (ts.isCallExpression(parent)) return `(callback of ${parent.expression.getText(file).slice(0, 40)})`;
  return '(anonymous)';
}

interface LongFunction {
  where: string;
  name: string;
  lines: number;
}

/** Every function in a source text longer than `max` lines. */
function longFunctions(fileName: string, text: string, max: number): LongFunction[] {
  const kind = fileName.endsWith('.mjs') || fileName.endsWith('.js') ? ts.ScriptKind.JS : ts.ScriptKind.TS;
  const file = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, kind);
  const out: LongFunction[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body !== undefined) {
      const first = file.getLineAndCharacterOfPosition(node.getStart(file)).line;
      const last = file.getLineAndCharacterOfPosition(node.getEnd()).line;
      const lines = last - first + 1;
      if (lines > max) out.push({ where: `${fileName}:${first + 1}`, name: functionName(node, file), lines });
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return out;
}

describe('function length', () => {
  it('the measure finds a long function, an arrow, a method and a nested one, and passes short ones', () => {
    const body = (n: number): string => Array.from({ length: n }, (_, i) => `  const x${i} = ${i};`).join('\n');
    const text = [
      `function short() {\n${body(10)}\n}`,
      `export function tooLong() {\n${body(119)}\n}`, // 121 lines with its braces
      `function exactly() {\n${body(118)}\n}`, // 120 lines: allowed
      `const arrow = () => {\n${body(130)}\n};`,
      `class K {\n  method() {\n${body(125)}\n  }\n}`,
      `function outer() {\n  function inner() {\n${body(121)}\n  }\n}`,
    ].join('\n');
    const found = longFunctions('x.ts', text, MAX_LINES);
    expect(found.map((f) => `${f.name} ${f.lines}`)).toEqual(['tooLong 121', 'arrow 132', 'method 127', 'outer 125', 'inner 123']);
  });

  it(`no function in src/, packages/engine/src/ (outside tests) or scripts/*.mjs is over ${MAX_LINES} lines`, () => {
    const files = [...sourceFiles(join(root, 'src')), ...sourceFiles(join(root, 'packages', 'engine', 'src')), ...scripts()];
    expect(files.length).toBeGreaterThan(50);
    const long = files.flatMap((f) => longFunctions(relative(root, f), readFileSync(f, 'utf8'), MAX_LINES));
    expect(long.map((f) => `${f.where} ${f.name}: ${f.lines} lines`)).toEqual([]);
  });

  it(`no source file in src/ or packages/engine/src/ is over ${MAX_FILE_LINES} lines, message catalogues aside`, () => {
    const files = [...sourceFiles(join(root, 'src')), ...sourceFiles(join(root, 'packages', 'engine', 'src'))];
    // The message catalogues (src/i18n/locales/) are data: a language's words, key by key.
    const code = files.filter((f) => !relative(root, f).startsWith(join('src', 'i18n', 'locales')));
    expect(code.length).toBeGreaterThan(100);
    const big = code
      .map((f) => ({ f: relative(root, f), lines: readFileSync(f, 'utf8').split('\n').length - 1 }))
      .filter((x) => x.lines > MAX_FILE_LINES);
    expect(big.map((x) => `${x.f}: ${x.lines} lines`)).toEqual([]);
  });
});

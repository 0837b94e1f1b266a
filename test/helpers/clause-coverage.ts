/**
 * Which SPEC clauses are tested by a test that runs and asserts: read with the TypeScript
 * compiler API, not with a regular expression over names, so that a skipped test, a conditional
 * one (`runIf`, `skipIf`, inside an `if`), a test in a skipped `describe`, or a test whose body
 * never calls `expect` does not count for the clause IDs in its title.
 *
 * A test asserts when its callback calls `expect` (or `expect.soft`, `expect.poll`...), directly or
 * through a function declared in the same file that does (followed transitively).
 */
import ts from 'typescript';

/** One `it`/`test` call as found in a file. */
export interface FoundTest {
  file: string;
  line: number;
  title: string;
  /** The clause IDs its title cites (`ADW-08/09` cites ADW-08 and ADW-09). */
  ids: string[];
  /** Why it does not count ('' when it does): skipped, conditional, no assertion. */
  excluded: string;
}

const TEST_NAMES = new Set(['it', 'test']);
const SUITE_NAMES = new Set(['describe', 'suite']);
/** Modifiers that keep a test or suite from running unconditionally. */
const NOT_RUN = new Set(['skip', 'todo', 'only', 'runIf', 'skipIf', 'fails']);

const ID_RUN = /\b(ADW|AKS|ABA|SEL|GIF)-((?:3P-)?)(\d{2})((?:\/\d{2})*)\b/g;

/** The clause IDs a title cites; a run like `GIF-04/06/07` names each. */
export function citedIds(title: string): string[] {
  const out = new Set<string>();
  for (const m of title.matchAll(ID_RUN)) {
    const prefix = `${m[1]}-${m[2]}`;
    out.add(prefix + m[3]);
    for (const more of (m[4] ?? '').split('/').filter((x) => x !== '')) out.add(prefix + more);
  }
  return [...out];
}

/** `it.skip.each(x)` -> { base: 'it', modifiers: ['skip', 'each'] }; null when the root is not a plain name. */
function calleeChain(expr: ts.Expression): { base: string; modifiers: string[] } | null {
  const modifiers: string[] = [];
  let e: ts.Expression = expr;
  for (;;) {
    if (ts.isCallExpression(e)) e = e.expression;
    else if (ts.isPropertyAccessExpression(e)) {
      modifiers.unshift(e.name.text);
      e = e.expression;
    } else if (ts.isIdentifier(e)) return { base: e.text, modifiers };
    else return null;
  }
}

function isFunctionNode(n: ts.Node): n is ts.ArrowFunction | ts.FunctionExpression | ts.FunctionDeclaration {
  return ts.isArrowFunction(n) || ts.isFunctionExpression(n) || ts.isFunctionDeclaration(n);
}

/** Names of the functions declared anywhere in the file, with their bodies. */
function localFunctions(file: ts.SourceFile): Map<string, ts.Node> {
  const out = new Map<string, ts.Node>();
  const visit = (n: ts.Node): void => {
    if (ts.isFunctionDeclaration(n) && n.name && n.body) out.set(n.name.text, n.body);
    if (
      ts.isVariableDeclaration(n) &&
      ts.isIdentifier(n.name) &&
      n.initializer &&
      (ts.isArrowFunction(n.initializer) || ts.isFunctionExpression(n.initializer))
    ) {
      out.set(n.name.text, n.initializer.body);
    }
    if (ts.isMethodDeclaration(n) && ts.isIdentifier(n.name) && n.body) out.set(n.name.text, n.body);
    ts.forEachChild(n, visit);
  };
  visit(file);
  return out;
}

/** Does `expect` appear as the root of a call in this subtree; which local functions are called? */
function scan(body: ts.Node): { expects: boolean; calls: Set<string> } {
  let expects = false;
  const calls = new Set<string>();
  const visit = (n: ts.Node): void => {
    if (ts.isCallExpression(n)) {
      const chain = calleeChain(n.expression);
      if (chain?.base === 'expect') expects = true;
      else if (chain && chain.modifiers.length === 0) calls.add(chain.base);
    }
    // A function passed by name (`rows.forEach(check)`) is called too.
    if (ts.isIdentifier(n) && n.parent && ts.isCallExpression(n.parent) && n.parent.arguments.includes(n)) calls.add(n.text);
    ts.forEachChild(n, visit);
  };
  visit(body);
  return { expects, calls };
}

/** The local functions that assert, directly or through other local functions. */
function assertingFunctions(functions: Map<string, ts.Node>): Set<string> {
  const scans = new Map([...functions].map(([name, body]) => [name, scan(body)] as const));
  const asserting = new Set<string>();
  let grew = true;
  while (grew) {
    grew = false;
    for (const [name, s] of scans) {
      if (asserting.has(name)) continue;
      if (s.expects || [...s.calls].some((c) => asserting.has(c))) {
        asserting.add(name);
        grew = true;
      }
    }
  }
  return asserting;
}

function titleText(arg: ts.Expression | undefined, file: ts.SourceFile): string {
  if (arg === undefined) return '';
  if (ts.isStringLiteral(arg) || ts.isNoSubstitutionTemplateLiteral(arg)) return arg.text;
  return arg.getText(file);
}

/** Every `it`/`test` call of one test file, with the clause IDs it cites and whether it counts. */
export function findTests(fileName: string, text: string): FoundTest[] {
  const file = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const functions = localFunctions(file);
  const asserting = assertingFunctions(functions);
  const out: FoundTest[] = [];

  const asserts = (callback: ts.Expression | undefined): boolean => {
    while (callback !== undefined && (ts.isAsExpression(callback) || ts.isParenthesizedExpression(callback)))
      callback = callback.expression;
    if (callback === undefined) return false;
    if (ts.isIdentifier(callback)) return asserting.has(callback.text);
    if (!isFunctionNode(callback) || callback.body === undefined) return false;
    const s = scan(callback.body);
    return s.expects || [...s.calls].some((c) => asserting.has(c));
  };

  /** `why` is the reason the enclosing suites keep this subtree from running ('' if they do not). */
  const visit = (n: ts.Node, why: string): void => {
    if (ts.isCallExpression(n) && !(ts.isCallExpression(n.parent) && n.parent.expression === n)) {
      const chain = calleeChain(n.expression);
      const notRun = chain?.modifiers.find((m) => NOT_RUN.has(m));
      if (chain && SUITE_NAMES.has(chain.base)) {
        const inner = why || (notRun ? `in describe.${notRun}` : '');
        for (const a of n.arguments) visit(a, inner);
        return;
      }
      if (chain && TEST_NAMES.has(chain.base)) {
        const title = titleText(n.arguments[0], file);
        let excluded = why || (notRun ? `${chain.base}.${notRun}` : '');
        if (!excluded && insideIf(n)) excluded = 'inside an if';
        if (!excluded && !asserts(n.arguments[1])) excluded = 'no expect';
        out.push({
          file: fileName,
          line: file.getLineAndCharacterOfPosition(n.getStart(file)).line + 1,
          title,
          ids: citedIds(title),
          excluded,
        });
        return;
      }
    }
    ts.forEachChild(n, (c) => visit(c, why));
  };
  visit(file, '');
  return out;
}

/** Is the call under an `if`, a `? :` or a `&&`/`||` within its suite (so it may not be registered)? */
function insideIf(n: ts.Node): boolean {
  for (let p = n.parent; p !== undefined && !ts.isSourceFile(p); p = p.parent) {
    if (ts.isIfStatement(p) || ts.isConditionalExpression(p)) return true;
    if (
      ts.isBinaryExpression(p) &&
      [ts.SyntaxKind.AmpersandAmpersandToken, ts.SyntaxKind.BarBarToken, ts.SyntaxKind.QuestionQuestionToken].includes(p.operatorToken.kind)
    )
      return true;
    if (ts.isCallExpression(p)) {
      const chain = calleeChain(p.expression);
      if (chain && SUITE_NAMES.has(chain.base)) return false;
    }
  }
  return false;
}

/** The clause IDs without a test that runs and asserts, given every test found. */
export function uncoveredClauses(clauseIds: readonly string[], tests: readonly FoundTest[]): string[] {
  const covered = new Set(tests.filter((t) => t.excluded === '').flatMap((t) => t.ids));
  return clauseIds.filter((id) => !covered.has(id));
}

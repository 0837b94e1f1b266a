#!/usr/bin/env node
// Writes docs/rules.md, the project's rules reference, from the source: the clause texts of the
// catalogue entries (src/catalogue/entries.ts), the boards, tracks, options and reconstructions
// of the rulesets (packages/engine/src/games/), the tests that play the worked examples, and the hand-written
// notes of scripts/rules-doc-notes.mjs. Run after `npm run build` (it reads dist/):
//   node scripts/gen-rules-doc.mjs           rewrite docs/rules.md
//   node scripts/gen-rules-doc.mjs --check   exit 1 when docs/rules.md is not what it would write
// test/rules-doc.test.ts renders the same text from src/ and compares it with the committed file.
import { readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { AMBIGUITIES, BOARD, CONVENTIONS, EXAMPLES, GEOMETRY, GUARDS, INTRO, RACE } from './rules-doc-notes.mjs';

export const DOC_PATH = 'docs/rules.md';

/** The ruleset sections, numbered as the engine's section references expect (§7 and §8 sit between). */
const SECTIONS = [
  { n: 3, prefix: 'ADW', id: 'gabata-adowa' },
  { n: 4, prefix: 'AKS', id: 'gabata-aksum' },
  { n: 5, prefix: 'ABA', id: 'abalalae' },
  { n: 6, prefix: 'SEL', id: 'selus' },
  { n: 9, prefix: 'GIF', id: 'gifia' },
];

/** Who sows along each track of the geometry. */
const TRACK_USE = {
  G: 'both players, the same way round',
  A1: 'player 1',
  A2: 'player 2 (player 1’s track reversed)',
  ccw: 'a move sown anticlockwise (as P1 sees the board)',
  cw: 'a move sown clockwise',
};

/** A table cell: no line breaks, pipes escaped. */
const cell = (text) => String(text).replace(/\s+/g, ' ').replace(/\|/g, '\\|');

const code = (v) => `\`${v}\``;

// ---------------------------------------------------------------------------------------------
// Tests that play the worked examples.

function testFiles(dir) {
  const out = [];
  for (const name of readdirSync(dir).sort()) {
    const p = join(dir, name);
    if (name === 'node_modules' || name.startsWith('.')) continue;
    if (statSync(p).isDirectory()) out.push(...testFiles(p));
    else if (name.endsWith('.test.ts')) out.push(p);
  }
  return out;
}

/** Every `it`/`test` title of the test files under src/, packages/ and test/, with its file. */
export function testTitles(root) {
  const titles = [];
  const re = /\b(?:it|test)(?:\.each\([^)]*\))?\(\s*(['"`])((?:\\.|(?!\1)[^\\\n])*)\1/g;
  for (const file of [...testFiles(join(root, 'src')), ...testFiles(join(root, 'packages')), ...testFiles(join(root, 'test'))]) {
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(re)) titles.push({ file: relative(root, file).split('\\').join('/'), title: m[2] });
  }
  return titles;
}

// ---------------------------------------------------------------------------------------------
// Boards and tracks.

function ownerTable(game, state) {
  const g = game.geometry;
  const head = ['| row |', ...Array.from({ length: g.cols }, (_, c) => ` col ${c} |`)].join('');
  const rule = ['|---|', ...Array.from({ length: g.cols }, () => '---|')].join('');
  const rows = [];
  for (let r = g.rows - 1; r >= 0; r--) {
    const cells = [];
    for (let h = 0; h < g.holeCount; h++) if (g.holeRow[h] === r) cells[g.holeCol[h]] = `${h} (P${state.owners[h]})`;
    rows.push(`| ${r} | ${cells.join(' | ')} |`);
  }
  return [head, rule, ...rows];
}

function boardSection(n, prefix, rs) {
  const out = [`### ${n}.1 Board and track`, '', GEOMETRY[prefix], ''];
  const game = created(rs, {});
  const g = game.geometry;
  const perHole = game.counterTotal / g.holeCount;
  out.push(`- ${g.rows} rows of ${g.cols} holes, ${perHole} counters in each at the start (${game.counterTotal} in all).`);
  if (g.stores.length === 0) out.push('- No stores.');
  for (const s of g.stores) out.push(`- The store of P${s.player} is at the ${s.side} end (as P1 sees the board).`);
  for (const t of g.tracks) {
    const use = TRACK_USE[t.name];
    if (use === undefined) throw new Error(`gen-rules-doc: no description of track ${t.name} (TRACK_USE)`);
    out.push(`- Track ${code(t.name)}, sown by ${use}: ${[...t.holes].join(' → ')} → back to ${t.holes[0]}.`);
  }
  for (const players of rs.info.players) {
    const game2 = created(rs, players === rs.info.players[0] ? {} : { players });
    const s = game2.newState(1);
    out.push('', `Owners at the start, ${players} players (row 0 is in front of P1):`, '', ...ownerTable(game2, s));
    const marks = game2.landmarks?.(s) ?? [];
    if (marks.length > 0) {
      const list = marks.map((m) => `hole ${m.hole} (P${m.player}, ${m.rule})`).join(', ');
      out.push('', `Marked holes at the start: ${marks[0].kind === 'chafa' ? 'chafa enda' : marks[0].kind} ${list}.`);
    }
  }
  return out;
}

function created(rs, options) {
  const g = rs.create(options);
  if (!g.ok) throw new Error(`gen-rules-doc: ${rs.info.id} ${JSON.stringify(options)}: ${g.error.message}`);
  return g.value;
}

// ---------------------------------------------------------------------------------------------
// Clauses, options, ambiguities, examples.

function clauseSection(n, prefix, entry) {
  const clauses = entry.clauses.filter((c) => c.id.startsWith(`${prefix}-`));
  const out = [`### ${n}.2 Clauses`, '', '| ID | Clause |', '|---|---|'];
  for (const c of clauses) out.push(`| ${c.id} | ${cell(c.text)} |`);
  return { lines: out, ids: clauses.map((c) => c.id) };
}

function valuesText(o) {
  if (o.kind === 'integer') return `${o.min}..${o.max}`;
  if (o.kind === 'boolean') return 'true, false';
  return o.values.map(code).join(', ');
}

function optionSection(n, rs) {
  const out = [`### ${n}.3 Options`, '', '| Option | Default | Values | What it settles |', '|---|---|---|---|'];
  for (const o of rs.options) {
    const refs = o.refs?.length ? ` (${o.refs.join(', ')})` : '';
    out.push(`| ${code(o.name)} | ${code(o.default)} | ${cell(valuesText(o))} | ${cell(o.question + refs)} |`);
  }
  return out;
}

/**
 * How an option settles a question: its default reading first, then the other values (`words`:
 * the engine's optionValueWords, an answer in the option's own words).
 */
function reading(o, words) {
  // Each answer is a sentence; its full stop goes where the answers are joined.
  const answer = (v) => words(o, v).replace(/\.$/, '');
  if (o.kind === 'integer') return `${code(o.name)} = ${code(o.default)} (${o.min}..${o.max}): ${answer(o.default)}.`;
  const values = o.kind === 'boolean' ? [o.default, !o.default] : [o.default, ...o.values.filter((v) => v !== o.default)];
  const [first, ...rest] = values.map((v) => `${code(o.name)} = ${code(v)}: ${answer(v)}`);
  return rest.length === 0 ? `**${first}**` : `**${first}**; otherwise ${rest.join('; ')}`;
}

function ambiguitySection(n, prefix, rs, words) {
  const out = [`### ${n}.4 Ambiguities`, '', '| # | Question | Default reading (bold) and the others |', '|---|---|---|'];
  for (const a of AMBIGUITIES[prefix]) {
    let settled = a.reading === undefined ? '' : `**${a.reading}** No option.`;
    if (a.options !== undefined) {
      settled = a.options
        .map((name) => {
          const o = rs.options.find((x) => x.name === name);
          if (o === undefined) throw new Error(`gen-rules-doc: ${a.id} names option ${name}, which ${rs.info.id} lacks`);
          return reading(o, words).replace(/\.$/, '');
        })
        .join('. ');
    }
    out.push(`| ${a.id} | ${cell(a.question)} | ${cell(settled)} |`);
  }
  return out;
}

function exampleSection(n, prefix, titles) {
  const out = [
    `### ${n}.5 Worked examples`,
    '',
    'Positions list the holes that are not empty. "Played by" names the tests that play them.',
  ];
  for (const e of EXAMPLES[prefix]) {
    const by = titles.filter((t) => new RegExp(`\\b${e.id}\\b`).test(t.title));
    out.push('', `#### ${e.id}: ${e.title}`, '', e.text, '');
    if (by.length === 0) out.push('Played by: no test yet.');
    else out.push('Played by:', ...by.map((t) => `- ${code(t.file)}: "${t.title}"`));
  }
  return out;
}

function rulesetSection(s, data, titles) {
  const rs = data.rulesets.find((r) => r.info.id === s.id);
  const entry = data.catalogue.find((e) => e.rulesetId === s.id);
  if (rs === undefined || entry === undefined) throw new Error(`gen-rules-doc: no ruleset or catalogue entry ${s.id}`);
  const clauses = clauseSection(s.n, s.prefix, entry);
  const words = data.optionValueWords;
  const lines = [
    `## ${s.n}. ${rs.info.name}: clauses ${code(`${s.prefix}-`)}`,
    '',
    rs.info.summary,
    '',
    `Sources: ${rs.info.sources.map((x) => `${x.author} (${x.year}), *${x.title}*${x.pages ? `, pp. ${x.pages}` : ''}`).join('; ')}.`,
    '',
    ...boardSection(s.n, s.prefix, rs),
    '',
    ...clauses.lines,
    '',
    ...optionSection(s.n, rs),
    '',
    ...ambiguitySection(s.n, s.prefix, rs, words),
    '',
    ...exampleSection(s.n, s.prefix, titles),
  ];
  return { lines, ids: clauses.ids };
}

// ---------------------------------------------------------------------------------------------
// The cross-cutting sections and the summaries.

function numbered([lead, items]) {
  return [lead, '', ...items.map((t, i) => `${i + 1}. ${t}`)];
}

function optionSummary(rulesets) {
  const byName = new Map();
  for (const rs of rulesets) {
    for (const o of rs.options) {
      const row = byName.get(o.name) ?? [];
      row.push({ id: rs.info.id, o });
      byName.set(o.name, row);
    }
  }
  const out = ['## 10. Options at a glance', '', '| Option | Rulesets: default |', '|---|---|'];
  for (const [name, row] of [...byName].sort((a, b) => a[0].localeCompare(b[0]))) {
    out.push(`| ${code(name)} | ${row.map(({ id, o }) => `${id}: ${code(o.default)}`).join(', ')} |`);
  }
  const presets = rulesets.filter((r) => Object.keys(r.presets).length > 0);
  out.push('', 'Presets (named option sets):', '');
  for (const rs of presets) {
    for (const [name, values] of Object.entries(rs.presets)) {
      const list = Object.entries(values).map(([k, v]) => `${k} = ${v}`);
      out.push(`- ${rs.info.id} ${code(name)}: ${list.join(', ')}.`);
    }
  }
  return out;
}

function reconstructions(rulesets) {
  const out = [
    '## 11. Our reconstructions',
    '',
    'Readings that are ours rather than the sources’, with the option that switches them and how sure we are.',
  ];
  for (const rs of rulesets) {
    out.push('', `${rs.info.name}:`, '', '| Ref | Our reading | Option | Confidence |', '|---|---|---|---|');
    for (const r of rs.info.reconstructions) {
      out.push(
        `| ${cell(r.ref)} | ${cell(r.text)} | ${r.option ? r.option.split(/,\s*/).map(code).join(', ') : '-'} | ${r.confidence ?? '-'} |`,
      );
    }
  }
  return out;
}

function changes(rulesets) {
  const out = ['## 12. Changes', '', 'Options added or renamed after game records already existed; old records still load.', ''];
  const seen = new Set();
  for (const rs of rulesets) {
    for (const o of rs.options) {
      const users = rulesets.filter((r) => r.options.some((x) => x.name === o.name && (x.since || x.legacy))).map((r) => r.info.id);
      if (seen.has(o.name) || users.length === 0) continue;
      seen.add(o.name);
      if (o.since) {
        out.push(`- ${o.since.date}: ${code(o.name)} (${users.join(', ')}); a record without it plays as ${code(o.since.before)}.`);
      }
      if (o.legacy) {
        const old = Object.entries(o.legacy).map(([from, to]) => `${code(from)} reads as ${code(to)}`);
        out.push(`- ${code(o.name)} (${users.join(', ')}): older values: ${old.join(', ')}.`);
      }
    }
  }
  return out;
}

// ---------------------------------------------------------------------------------------------

/**
 * The text of docs/rules.md. `data` holds the registry's rulesets, the catalogue entries and the
 * engine's `optionValueWords` (an option value's answer in its own words); `root` is the
 * repository, whose test files are searched for the tests of the worked examples.
 */
export function renderRulesDoc(data, root) {
  const titles = testTitles(root);
  const sections = new Map(SECTIONS.map((s) => [s.n, rulesetSection(s, data, titles)]));
  const listed = [...sections.values()].flatMap((s) => s.ids);
  const all = [...new Set(data.catalogue.flatMap((e) => e.clauses.map((c) => c.id)))];
  const missing = all.filter((id) => !listed.includes(id));
  if (missing.length > 0) throw new Error(`gen-rules-doc: clauses in no section: ${missing.join(', ')}`);
  const lines = [
    '# Rules reference',
    '',
    '<!-- Generated by scripts/gen-rules-doc.mjs from src/ and scripts/rules-doc-notes.mjs: do not edit by hand. -->',
    '',
    ...INTRO.flatMap((p) => [p, '']),
    '## 1. Conventions',
    '',
    ...CONVENTIONS.map((c) => `- ${c}`),
    '',
    '## 2. The 3x6 board',
    '',
    ...BOARD.flatMap((p) => [p, '']),
    ...[3, 4, 5, 6].flatMap((n) => [...sections.get(n).lines, '']),
    '## 7. The opening race',
    '',
    ...numbered(RACE),
    '',
    '## 8. Sowings and rounds that would never end',
    '',
    ...numbered(GUARDS),
    '',
    ...sections.get(9).lines,
    '',
    ...optionSummary(data.rulesets),
    '',
    ...reconstructions(data.rulesets),
    '',
    ...changes(data.rulesets),
  ];
  return `${lines.join('\n')}\n`;
}

async function main(argv) {
  const root = join(dirname(fileURLToPath(import.meta.url)), '..');
  const { RULESETS } = await import(pathToFileURL(join(root, 'packages/engine/dist/games/index.js')).href);
  const { CATALOGUE } = await import(pathToFileURL(join(root, 'dist/catalogue/index.js')).href);
  const { optionValueWords } = await import(pathToFileURL(join(root, 'packages/engine/dist/core/index.js')).href);
  const text = renderRulesDoc({ rulesets: RULESETS, catalogue: CATALOGUE, optionValueWords }, root);
  const path = join(root, DOC_PATH);
  if (argv.includes('--check')) {
    let old = '';
    try {
      old = readFileSync(path, 'utf8');
    } catch {
      // absent: differs
    }
    if (old !== text) {
      process.stderr.write(`${DOC_PATH} is out of date: run npm run build && node scripts/gen-rules-doc.mjs\n`);
      return 1;
    }
    process.stdout.write(`${DOC_PATH} is up to date\n`);
    return 0;
  }
  writeFileSync(path, text);
  process.stdout.write(`wrote ${DOC_PATH}\n`);
  return 0;
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = await main(process.argv.slice(2));
}

/**
 * `gabata concepts RULESET [--option NAME=V]... [--preset P] [--games N] [--seed S] [--csv | --json]`:
 * the ruleset's concept vector in Ludii's vocabulary: Ludii's id, name and value of each
 * compilation concept (from the ruleset's description: catalogue/ludii-concepts.ts) and each
 * playout concept (from N random playouts, as Ludii measures them: sim/ludii-concepts.ts).
 */
import { parseArgs } from 'node:util';
import { err, ok, type Result } from '@gabata/engine/core';
import { compilationConcepts, type ConceptValue } from '../catalogue/ludii-concepts.js';
import { LUDII_CONCEPTS_COMMIT } from '../formats/ludii-concepts.js';
import { getRuleset } from '@gabata/engine/games';
import { playBatch } from '../sim/batch.js';
import { playoutConcepts, type PlayoutConcept } from '../sim/ludii-concepts.js';
import { ludiiMetrics } from '../sim/ludii-metrics.js';
import { EXIT_OK, printJSON } from './args.js';

const HELP = `usage: gabata concepts <ruleset> [--option NAME=V]... [--preset P] [--games N] [--seed S] [--csv | --json]

Prints the ruleset's concepts in Ludii's vocabulary (Core/src/other/concept/Concept.java, Ludii
${LUDII_CONCEPTS_COMMIT.slice(0, 8)}): Ludii's id, name and value. The compilation concepts come from
the ruleset's description under the options; the playout concepts (start, frequencies, and
Ludii's metrics) from N random playouts (default 20), as Ludii measures them. docs/metrics.md.
  --games N   random playouts for the playout concepts (0: compilation concepts only)
  --csv       id,name,taxonomy,computation,value
  --json      the concepts with their basis`;

const FLAGS = {
  option: { type: 'string', multiple: true, short: 'o' },
  preset: { type: 'string' },
  games: { type: 'string' },
  seed: { type: 'string' },
  csv: { type: 'boolean' },
  json: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

/** One row of the vector. */
export interface ConceptRow {
  id: number;
  name: string;
  taxonomy: string;
  computation: 'Compilation' | 'Playout';
  value: number | null;
  /** What a compilation concept was decided from, or why a playout concept has no value. */
  note?: string;
}

/** The concept vector of a ruleset under options: compilation concepts, then playout ones from `games` random playouts. */
export function conceptVector(
  rulesetName: string,
  options: Record<string, unknown>,
  games: number,
  seed: number,
): Result<{ ruleset: string; options: Record<string, unknown>; games: number; seed: number; concepts: ConceptRow[] }> {
  const rs = getRuleset(rulesetName);
  if (!rs.ok) return rs;
  const made = rs.value.create(options);
  if (!made.ok) return made;
  const rows: ConceptRow[] = compilationConcepts(rs.value, options).map((c: ConceptValue) => ({
    id: c.concept.id,
    name: c.concept.name,
    taxonomy: c.concept.taxonomy,
    computation: 'Compilation',
    value: c.value,
    note: c.basis,
  }));
  if (games > 0) {
    const outs = playBatch(
      {
        id: 'concepts',
        ruleset: rs.value.info.id,
        options,
        agents: ['random'],
        seed,
        first: 0,
        count: games,
        record: false,
        metrics: false,
        ludii: true,
      },
      made.value.players,
    );
    const figures = outs.map((o) => o.result.ludii).filter((f): f is Record<string, number> => f !== undefined);
    const metrics = ludiiMetrics(figures, made.value.players);
    for (const p of playoutConcepts(figures, made.value.players, metrics)) rows.push(playoutRow(p));
  }
  return ok({ ruleset: rs.value.info.id, options: { ...made.value.options }, games, seed, concepts: rows });
}

function playoutRow(p: PlayoutConcept): ConceptRow {
  const row: ConceptRow = { id: p.concept.id, name: p.concept.name, taxonomy: p.concept.taxonomy, computation: 'Playout', value: p.value };
  if (p.reason !== undefined) row.note = p.reason;
  return row;
}

const fmt = (v: number | null): string => (v === null ? '' : Number.isInteger(v) ? String(v) : String(Math.round(v * 1e6) / 1e6));

export async function run(args: string[]): Promise<number> {
  let parsed: { values: { [k in keyof typeof FLAGS]?: unknown }; positionals: string[] };
  try {
    parsed = parseArgs({ args, options: FLAGS, allowPositionals: true, strict: true });
  } catch (e) {
    process.stderr.write(`gabata concepts: ERR_ARGUMENT: ${(e as Error).message}\n`);
    return 2;
  }
  const v = parsed.values as {
    option?: string[];
    preset?: string;
    games?: string;
    seed?: string;
    csv?: boolean;
    json?: boolean;
    help?: boolean;
  };
  if (v.help) {
    process.stdout.write(HELP + '\n');
    return EXIT_OK;
  }
  const fail = (message: string): number => {
    process.stderr.write(`gabata concepts: ERR_ARGUMENT: ${message}\nrun gabata concepts --help for the arguments\n`);
    return 2;
  };
  const [name, ...rest] = parsed.positionals;
  if (name === undefined) return fail('a ruleset is required (see gabata rulesets)');
  if (rest.length) return fail(`unexpected argument '${rest[0]}'`);
  if (v.csv && v.json) return fail('--csv and --json: choose one');
  const options: Record<string, unknown> = {};
  for (const kv of v.option ?? []) {
    const m = /^([^=\s]+)=(.*)$/.exec(kv);
    if (!m) return fail(`--option takes name=value, not '${kv}'`);
    options[m[1]!] = m[2]!;
  }
  if (v.preset !== undefined) options['preset'] = v.preset;
  const whole = (t: string | undefined, d: number, flag: string): Result<number> =>
    t === undefined ? ok(d) : /^\d{1,9}$/.test(t) ? ok(Number(t)) : err('ERR_ARGUMENT', `${flag} takes a whole number, not '${t}'`);
  const games = whole(v.games, 20, '--games');
  const seed = whole(v.seed, 1, '--seed');
  if (!games.ok) return fail(games.error.message);
  if (!seed.ok) return fail(seed.error.message);
  const r = conceptVector(name, options, games.value, seed.value);
  if (!r.ok) {
    process.stderr.write(`gabata concepts: ${r.error.code}: ${r.error.message}\n`);
    return 2;
  }
  const c = r.value;
  if (v.json) {
    printJSON({ format: 'gabata-concepts/1', ludiiCommit: LUDII_CONCEPTS_COMMIT, ...c });
    return EXIT_OK;
  }
  if (v.csv) {
    const q = (t: string): string => (/[",\n]/.test(t) ? `"${t.replace(/"/g, '""')}"` : t);
    const lines = [
      'id,name,taxonomy,computation,value',
      ...c.concepts.map((x) => [x.id, x.name, x.taxonomy, x.computation, fmt(x.value)].join(',')),
    ];
    process.stdout.write(lines.map((l) => l.split(',').map(q).join(',')).join('\n') + '\n');
    return EXIT_OK;
  }
  const opts = Object.entries(c.options).map(([k, x]) => `${k}=${String(x)}`);
  const lines = [
    `${c.ruleset}: Ludii's concepts (Concept.java at ${LUDII_CONCEPTS_COMMIT.slice(0, 8)}); ` +
      `playout concepts from ${c.games} random playouts, seed ${c.seed}`,
    `  options: ${opts.join(', ')}`,
  ];
  for (const x of c.concepts) {
    const why = x.value === null && x.note ? `  (${x.note})` : '';
    lines.push(`  ${String(x.id).padStart(4)}  ${x.name.padEnd(44)} ${(x.value === null ? 'n/a' : fmt(x.value)).padStart(10)}${why}`);
  }
  process.stdout.write(lines.join('\n') + '\n');
  return EXIT_OK;
}

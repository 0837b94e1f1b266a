/**
 * `gabata catalogue [--json] [--check] [--refresh [--games N] [--seed S] [--only ID]]`: the
 * catalogue of games. Lists the entries with their measured figures; `--check` validates the
 * catalogue and the cached figures against the registry (the build runs it); `--refresh` plays
 * seeded random matches of every registered ruleset and rewrites src/catalogue/figures.json.
 */
import { parseArgs } from 'node:util';
import { computeConcepts, type Concepts } from '../catalogue/concepts.js';
import { compilationConcepts } from '../catalogue/ludii-concepts.js';
import { CATALOGUE } from '../catalogue/entries.js';
import { figuresProblems, type Figures } from '../catalogue/figures.js';
import { figuresPath, loadFigures, saveFigures } from '../catalogue/figures-file.js';
import { measureFigures } from '../catalogue/figures-measure.js';
import { catalogueProblems } from '../catalogue/validate.js';
import { RULESETS } from '@gabata/engine/games';

const HELP = `usage: gabata catalogue [--json] [--check] [--refresh [--games N] [--seed S] [--only ID]]

Lists every ruleset's catalogue entry (name, aliases, region, period, category, identifiers,
evidence) with its measured figures from random play.
  --json           print the entries and figures as JSON
  --check          validate the catalogue and the cached figures; exit 1 on any problem
  --refresh        recompute the figures and write them to src/catalogue/figures.json
  --games N        matches per ruleset for --refresh (default 100)
  --seed S         first seed for --refresh (default 1)
  --only ID        refresh one ruleset only`;

function figureLine(f: Figures | undefined): string {
  if (!f) return '    figures: none yet (run gabata catalogue --refresh)';
  const adv = (f.firstPlayerAdvantage * 100).toFixed(1);
  return (
    `    figures (${f.games} random games, ${f.date}): mean length ${f.meanLength} decisions, ${f.meanRounds} ` +
    `rounds; first-mover advantage ${adv}%; draws ${(f.drawRate * 100).toFixed(1)}%; branching ` +
    `${f.branchingFactor}`
  );
}

const OPTIONS = {
  json: { type: 'boolean' },
  check: { type: 'boolean' },
  refresh: { type: 'boolean' },
  games: { type: 'string' },
  seed: { type: 'string' },
  only: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

/** One shipped ruleset with what the catalogue knows of it. */
interface CatalogueRow {
  readonly id: string;
  readonly entry: (typeof CATALOGUE)[number] | null;
  readonly figures: ReturnType<typeof loadFigures>['figures'][number] | null;
  readonly concepts: Concepts | null;
}

export async function run(args: string[]): Promise<number> {
  let v: ReturnType<typeof parseArgs<{ options: typeof OPTIONS }>>['values'];
  try {
    v = parseArgs({
      args,
      options: OPTIONS,
      allowPositionals: false,
    }).values;
  } catch (e) {
    process.stderr.write(`gabata catalogue: ERR_ARGUMENT: ${(e as Error).message}\n${HELP}\n`);
    return 2;
  }
  if (v.help) {
    process.stdout.write(HELP + '\n');
    return 0;
  }
  const intArg = (name: string, raw: string | undefined, dflt: number, min: number): number | string => {
    if (raw === undefined) return dflt;
    if (!/^\d+$/.test(raw) || Number(raw) < min) return `--${name} needs a whole number of at least ${min}, not '${raw}'`;
    return Number(raw);
  };
  const games = intArg('games', v.games, 100, 1);
  const seed = intArg('seed', v.seed, 1, 0);
  for (const x of [games, seed]) {
    if (typeof x === 'string') {
      process.stderr.write(`gabata catalogue: ERR_ARGUMENT: ${x}\n`);
      return 2;
    }
  }
  if ((v.games !== undefined || v.seed !== undefined || v.only !== undefined) && !v.refresh) {
    process.stderr.write('gabata catalogue: ERR_ARGUMENT: --games, --seed and --only go with --refresh\n');
    return 2;
  }
  if (v.only !== undefined && !RULESETS.some((r) => r.info.id === v.only)) {
    process.stderr.write(
      `gabata catalogue: ERR_UNKNOWN_RULESET: unknown ruleset '${v.only}'; known: ${RULESETS.map((r) => r.info.id).join(', ')}\n`,
    );
    return 2;
  }

  let file = loadFigures();
  if (v.refresh) {
    const date = new Date().toISOString().slice(0, 10);
    const figures = [...file.figures];
    const concepts: Record<string, Concepts> = { ...(file.concepts ?? {}) };
    for (const r of RULESETS) {
      if (v.only !== undefined && r.info.id !== v.only) continue;
      const t0 = Date.now();
      const f = measureFigures(r, { games: games as number, seed: seed as number, date });
      concepts[r.info.id] = computeConcepts(r);
      const i = figures.findIndex((x) => x.rulesetId === r.info.id);
      if (i >= 0) figures[i] = f;
      else figures.push(f);
      process.stderr.write(`${r.info.id}: ${f.games} games in ${((Date.now() - t0) / 1000).toFixed(1)} s\n`);
    }
    const order = (id: string): number => RULESETS.findIndex((r) => r.info.id === id);
    figures.sort((a, b) => order(a.rulesetId) - order(b.rulesetId));
    file = { format: 'gabata-figures/1', figures, concepts };
    saveFigures(file);
    process.stderr.write(`figures written to ${figuresPath()}\n`);
  }

  // The catalogue is that of the shipped rulesets (a test fixture or a plug-in has no entry nor figures).
  const shipped = RULESETS.filter((r) => r.info.shipped);
  const ids = shipped.map((r) => r.info.id);
  if (v.check) {
    const problems = [...catalogueProblems(CATALOGUE, RULESETS), ...figuresProblems(file, ids)];
    if (problems.length) {
      process.stderr.write(`gabata catalogue: ERR_INTERNAL: the catalogue is incomplete:\n  ${problems.join('\n  ')}\n`);
      return 1;
    }
    process.stdout.write(`catalogue complete: ${ids.length} rulesets, figures for each\n`);
    return 0;
  }

  const rows: CatalogueRow[] = shipped.map((r) => ({
    id: r.info.id,
    entry: CATALOGUE.find((e) => e.rulesetId === r.info.id) ?? null,
    figures: file.figures.find((f) => f.rulesetId === r.info.id) ?? null,
    concepts: file.concepts?.[r.info.id] ?? null,
  }));
  if (v.json) {
    process.stdout.write(JSON.stringify(rows, null, 2) + '\n');
    return 0;
  }
  process.stdout.write(catalogueText(rows));
  return 0;
}

/** The catalogue in words, a paragraph per ruleset. */
function catalogueText(rows: readonly CatalogueRow[]): string {
  const lines: string[] = [];
  for (const { id, entry, figures, concepts } of rows) {
    if (!entry) {
      lines.push(`${id}: NO CATALOGUE ENTRY`, '');
      continue;
    }
    lines.push(`${entry.name} (${id})${entry.aliases.length ? `, also ${entry.aliases.join(', ')}` : ''}`);
    lines.push(`    ${entry.region} · ${entry.period} · ${entry.category.join(', ')}`);
    lines.push(`    ${entry.oneLine}`);
    if (entry.identifiers.length) lines.push(`    identifiers: ${entry.identifiers.map((i) => i.id).join(', ')}`);
    for (const ev of entry.evidence) {
      lines.push(
        `    evidence ${ev.id}: ${ev.type}, ${ev.place.name} (${ev.place.coords.lat.toFixed(5)}, ` +
          `${ev.place.coords.lon.toFixed(5)}), ${ev.date.from} to ${ev.date.to}, confidence ${ev.confidence}`,
      );
    }
    if (concepts) {
      lines.push(
        `    concepts: ${concepts.rows}x${concepts.holes / concepts.rows} board, ${concepts.stores} stores, ` +
          `${concepts.sowing} sowing${concepts.race ? ', opening race' : ''}; captures: ` +
          `${concepts.captureKinds.join(', ') || 'none'}; holes change hands: ` +
          `${concepts.ownershipChanges.join(', ') || 'never'}; ${concepts.rounds} round(s); players ` +
          `${concepts.players.join(' or ')}`,
      );
    }
    const rs = RULESETS.find((r) => r.info.id === id);
    if (rs) {
      // Beside our concepts, the compilation concepts in Ludii's vocabulary (`gabata concepts` gives the whole vector).
      const ludii = compilationConcepts(rs)
        .filter((c) => c.value !== 0)
        .map((c) => `${c.concept.name}(${c.concept.id})${c.value === 1 ? '' : `=${c.value}`}`);
      lines.push(`    Ludii's concepts: ${ludii.join(', ')}`);
    }
    lines.push(figureLine(figures ?? undefined), '');
  }
  return lines.join('\n');
}

/**
 * The grid of a sweep: which option values to vary, and the cells they make. A grid is
 * `NAME=V1,V2,...` (from `--grid`) or `"NAME": [V1, V2, ...]` (from a sweep file); the cells are
 * the product of the grids' values, laid over the fixed options and the preset. Each cell is
 * named by its key, the grid values sorted by option name (`captureGate=none,rounds=1`), so its
 * seed and its id depend on what it plays and not on where it stands in the grid.
 *
 * ```ts
 * const g = unwrap(parseGrid('rounds=1,2'));
 * const cells = unwrap(expandGrid(ruleset, { options: {}, grids: [g], agents: ['random'], seed: 1, maxCells: 100 }));
 * ```
 */
import { createHash } from 'node:crypto';
import { deriveSeed, err, ok, type OptionValue, parseOptionValue, type Result, type Ruleset } from '@gabata/engine/core';

export interface Grid {
  /** Option name. */
  readonly name: string;
  /** Values as given (text from a command line, or JSON scalars from a sweep file). */
  readonly values: readonly (string | number | boolean)[];
}

/** Cells a sweep may have unless `--max-cells` allows more. */
export const DEFAULT_MAX_CELLS = 64;

/** What the cells are made from. */
export interface GridSpec {
  /** Options fixed in every cell (`--option`), as given. */
  readonly options: Readonly<Record<string, unknown>>;
  readonly preset?: string;
  readonly grids: readonly Grid[];
  /** Agent specs (one per seat, or one for every seat). */
  readonly agents: readonly string[];
  /** The sweep's seed; each cell's seed derives from it and the cell's key. */
  readonly seed: number;
  readonly maxCells: number;
}

export interface Cell {
  /** The grid values sorted by option name, `name=value` joined by commas (`rounds=1`). */
  readonly key: string;
  /** A short hash of the key: the cell's name in batch ids and file names. */
  readonly id: string;
  /** The cell's grid values, in the order the grids were given. */
  readonly values: Readonly<Record<string, OptionValue>>;
  /** Every option of the ruleset, resolved. */
  readonly options: Readonly<Record<string, OptionValue>>;
  readonly players: number;
  /** Base seed of the cell's matches (match i plays `deriveSeed(seed, i)`). */
  readonly seed: number;
}

/** Parses `NAME=V1,V2,...`. */
export function parseGrid(text: string): Result<Grid> {
  const m = /^([^=\s]+)=(.*)$/.exec(text);
  if (!m) return err('ERR_ARGUMENT', `--grid takes NAME=V1,V2,..., not '${text}'`, '--grid');
  const values = m[2]!
    .split(',')
    .map((v) => v.trim())
    .filter((v) => v !== '');
  if (values.length === 0) return err('ERR_ARGUMENT', `the grid of ${m[1]} has no values; give NAME=V1,V2,...`, '--grid');
  return ok({ name: m[1]!, values });
}

/** Splits `--agents A,B` where a spec's own parameters may hold commas (`mcts:iterations=500,c=1.4,random`). */
export function splitAgents(text: string): string[] {
  const out: string[] = [];
  for (const piece of text.split(',').map((x) => x.trim())) {
    if (piece === '') continue;
    if (/^\w+=/.test(piece) && out.length > 0 && out[out.length - 1]!.includes(':')) out[out.length - 1] += `,${piece}`;
    else out.push(piece);
  }
  return out;
}

/** Hex digest (SHA-256) of a text, cut to `length` characters. */
export function shortHash(text: string, length = 12): string {
  return createHash('sha256').update(text).digest('hex').slice(0, length);
}

/** The key of a cell: its values sorted by option name. */
export function cellKey(values: Readonly<Record<string, OptionValue>>): string {
  return Object.keys(values)
    .sort()
    .map((k) => `${k}=${String(values[k])}`)
    .join(',');
}

/** The seed of a cell: from the sweep's seed and the cell's key, never from the grid's order. */
export function cellSeed(seed: number, key: string): number {
  return deriveSeed(seed, Number.parseInt(shortHash(key, 7), 16));
}

function checkGrids(ruleset: Ruleset, spec: GridSpec): Result<OptionValue[][]> {
  const seen = new Set<string>();
  const parsed: OptionValue[][] = [];
  if (spec.grids.length === 0) return err('ERR_ARGUMENT', 'a sweep needs at least one grid (--grid NAME=V1,V2,...)', '--grid');
  for (const g of spec.grids) {
    const where = `--grid ${g.name}`;
    if (seen.has(g.name)) return err('ERR_ARGUMENT', `the grid of ${g.name} is given twice; give each option one grid`, where);
    seen.add(g.name);
    if (g.name === 'preset') return err('ERR_ARGUMENT', 'presets cannot be a grid; sweep the options they set instead', where);
    const opt = ruleset.options.find((o) => o.name === g.name);
    if (!opt) {
      return err(
        'ERR_OPTION',
        `${ruleset.info.id} has no option '${g.name}'; its options: ${ruleset.options.map((o) => o.name).join(', ')}`,
        where,
      );
    }
    if (Object.hasOwn(spec.options, g.name)) {
      return err('ERR_ARGUMENT', `option ${g.name} is both fixed (--option) and a grid; drop one of them`, where);
    }
    if (g.values.length === 0) return err('ERR_ARGUMENT', `the grid of ${g.name} has no values`, where);
    const vals: OptionValue[] = [];
    for (const raw of g.values) {
      const v = parseOptionValue(opt, raw);
      if (!v.ok) return err('ERR_OPTION', `grid ${g.name}: ${v.error.message.replace(/ \(at [^)]*\)$/, '')}`, where);
      if (vals.includes(v.value)) return err('ERR_ARGUMENT', `the grid of ${g.name} names the value ${String(v.value)} twice`, where);
      vals.push(v.value);
    }
    parsed.push(vals);
  }
  return ok(parsed);
}

/**
 * The cells of a sweep, in grid order (the last grid varies fastest). Errors: an unknown option
 * or value (ERR_OPTION), an empty or duplicated grid, a grid on a fixed option, too many cells,
 * agents that do not fit a cell's players (ERR_ARGUMENT, ERR_TOO_LARGE).
 */
export function expandGrid(ruleset: Ruleset, spec: GridSpec): Result<Cell[]> {
  const checked = checkGrids(ruleset, spec);
  if (!checked.ok) return checked;
  const lists = checked.value;
  const total = lists.reduce((n, l) => n * l.length, 1);
  if (total > spec.maxCells) {
    return err(
      'ERR_TOO_LARGE',
      `the grids make ${total} cells, more than the ${spec.maxCells} allowed; narrow them or raise --max-cells`,
      '--grid',
    );
  }
  const cells: Cell[] = [];
  for (let i = 0; i < total; i++) {
    const values: Record<string, OptionValue> = {};
    let rest = i;
    for (let g = spec.grids.length - 1; g >= 0; g--) {
      const l = lists[g]!;
      values[spec.grids[g]!.name] = l[rest % l.length]!;
      rest = Math.floor(rest / l.length);
    }
    const ordered: Record<string, OptionValue> = {};
    for (const g of spec.grids) ordered[g.name] = values[g.name]!;
    const given: Record<string, unknown> = { ...spec.options, ...ordered };
    if (spec.preset !== undefined) given['preset'] = spec.preset;
    const made = ruleset.create(given);
    if (!made.ok) return made;
    const players = made.value.players;
    if (spec.agents.length !== 1 && spec.agents.length !== players) {
      return err(
        'ERR_ARGUMENT',
        `cell ${cellKey(ordered)} is played by ${players} players: ` +
          `give ${players} agents (or one for every seat), not ${spec.agents.length}`,
        '--agents',
      );
    }
    const key = cellKey(ordered);
    cells.push({
      key,
      id: shortHash(key, 8),
      values: ordered,
      options: { ...made.value.options },
      players,
      seed: cellSeed(spec.seed, key),
    });
  }
  return ok(cells);
}

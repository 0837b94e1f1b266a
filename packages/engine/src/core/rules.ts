/**
 * Small pieces of rules plumbing that several rulesets share: the ruleset object around a
 * game constructor, the first player of a match, and the perpetual-move filter of SPEC §8.1.
 */
import type { Result } from './errors.js';
import { MOVE_CONCEDE, MOVE_PASS, type Game, type Ruleset, type RulesetInfo } from './game.js';
import { resolveOptions, type OptionSpec, type OptionValue, type OptionValues } from './options.js';
import type { Rng } from './rng.js';
import type { State } from './state.js';

/**
 * The registry entry of a ruleset: `create` resolves the given options (defaults, then the
 * preset, then the given values) and hands them to `build`, with the ruleset itself.
 */
export function defineRuleset(
  info: RulesetInfo,
  options: readonly OptionSpec[],
  presets: Readonly<Record<string, OptionValues>>,
  build: (ruleset: Ruleset, values: Record<string, OptionValue>) => Result<Game>,
): Ruleset {
  const ruleset: Ruleset = {
    info,
    options,
    presets,
    create(given = {}, notes?: string[]) {
      const r = resolveOptions(options, given, presets, notes);
      if (!r.ok) return r;
      return build(ruleset, r.value);
    },
  };
  return ruleset;
}

/**
 * The player who makes the first turn under option `firstPlayer` ('P1', 'P2', 'P3' or
 * 'random', drawn from the state's generator). A named player beyond `players` falls back to
 * the last player.
 */
export function firstPlayerOf(choice: string, players: number, rng: Rng): number {
  if (choice === 'random') return 1 + rng.int(players);
  return Math.min(players, Number(choice.slice(1)));
}

/**
 * SPEC §8.1 with `perpetualMove = illegal`: keeps, in place, the moves of `out[0..n)` that are
 * not perpetual (a pass is kept as it is) and returns how many are left; when every one of a
 * non-empty list is perpetual, the player passes. `isPerpetual` simulates a move on a scratch
 * state; make it once per game, not per call (move generation runs inside playouts).
 */
export function filterPerpetual(s: State, out: Int32Array, n: number, isPerpetual: (s: State, move: number) => boolean): number {
  let k = 0;
  for (let i = 0; i < n; i++) {
    const m = out[i]!;
    if (m === MOVE_PASS || !isPerpetual(s, m)) out[k++] = m;
  }
  if (k === 0 && n > 0) out[k++] = MOVE_PASS;
  return k;
}

/**
 * The one rule of random play everywhere (the random agent, playouts, the beginner's random
 * moves, seeded random matches and the catalogue's figures): a uniformly random index of
 * `buf[0..k)`, except that it never picks a concession while there is another move (a random
 * concession says nothing about the position; SEL-18).
 */
export function randomPlayableIndex(buf: Int32Array, k: number, rng: Rng): number {
  const i = rng.int(k);
  if (buf[i] !== MOVE_CONCEDE || k === 1) return i;
  const j = rng.int(k - 1);
  return buf[j] === MOVE_CONCEDE ? k - 1 : j;
}

/** The move of `randomPlayableIndex`. */
export function randomPlayableMove(buf: Int32Array, k: number, rng: Rng): number {
  return buf[randomPlayableIndex(buf, k, rng)]!;
}

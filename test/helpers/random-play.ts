/**
 * Seeded random play for the notation, record and CLI tests: a match (or its first plies) with
 * every move drawn uniformly from the legal ones, keeping each move's text and each position.
 */
import type { Game, Ruleset } from '../../packages/engine/src/core/game.js';
import type { OptionValue } from '../../packages/engine/src/core/options.js';
import { Rng } from '../../packages/engine/src/core/rng.js';
import { PHASE_OVER, type State } from '../../packages/engine/src/core/state.js';
import { isSimultaneous, legalMoveList, legalMoveListFor, makeJointMove, makeMove } from '../../packages/engine/src/notation/move.js';

export interface Playout {
  /** positions[0] = start, positions[i + 1] = after moves[i]. */
  positions: State[];
  moves: string[];
  final: State;
}

export function randomPlayout(game: Game, seed: number, maxPlies: number, keepPositions = true): Playout {
  const rng = new Rng(seed ^ 0x5eed);
  const s = game.newState(seed);
  const positions: State[] = keepPositions ? [s.clone()] : [];
  const moves: string[] = [];
  for (let ply = 0; ply < maxPlies && s.phase !== PHASE_OVER; ply++) {
    if (isSimultaneous(s)) {
      const joint = new Int32Array(s.players + 1);
      for (let p = 1; p <= s.players; p++) {
        const l = legalMoveListFor(game, s, p);
        if (l.length === 0) return { positions, moves, final: s };
        joint[p] = l[rng.int(l.length)]!;
      }
      moves.push(makeJointMove(game, s, joint));
      game.applyJoint(s, joint);
    } else {
      const l = legalMoveList(game, s);
      if (l.length === 0) break;
      const m = l[rng.int(l.length)]!;
      moves.push(makeMove(game, s, m));
      game.apply(s, m);
    }
    if (keepPositions) positions.push(s.clone());
  }
  return { positions, moves, final: s };
}

/**
 * Option sets to exercise a ruleset with: the defaults, each preset, every supported player
 * count, and a few seeded random mixes of option values.
 */
export function optionSets(rs: Ruleset, randomMixes = 3, seed = 1): Record<string, unknown>[] {
  const out: Record<string, unknown>[] = [{}];
  for (const name of Object.keys(rs.presets)) out.push({ preset: name });
  if (rs.options.some((o) => o.name === 'players')) {
    for (const p of rs.info.players.slice(1)) out.push({ players: p });
  }
  const rng = new Rng(seed);
  // Some mixes are invalid together (firstPlayer=P3 in a two-player game): those are drawn again.
  for (let i = 0, tries = 0; i < randomMixes && tries < 50; tries++) {
    const o: Record<string, OptionValue> = {};
    for (const spec of rs.options) {
      if (spec.kind === 'choice') o[spec.name] = spec.values[rng.int(spec.values.length)]!;
      else if (spec.kind === 'boolean') o[spec.name] = rng.int(2) === 1;
      else if (spec.name !== 'players') {
        // Small integers keep random matches short (round caps, guards) while covering the range's low end.
        const r = rng.int(3);
        o[spec.name] = r === 0 ? spec.default : Math.min(spec.max, spec.min + rng.int(Math.min(6, spec.max - spec.min + 1)));
      }
    }
    if (!rs.create(o).ok) continue;
    out.push(o);
    i++;
  }
  return out;
}

/** Creates a game or throws (tests only). */
export function mustCreate(rs: Ruleset, o: Record<string, unknown>): Game {
  const r = rs.create(o);
  if (!r.ok) throw new Error(`${rs.info.id} ${JSON.stringify(o)}: ${r.error.message}`);
  return r.value;
}

/**
 * Concepts computed from a ruleset's definition, never typed in: the board comes from the game's
 * geometry, everything about play (relay sowing, the race, capture kinds, holes changing hands,
 * rounds) from the event traces of a few seeded random matches played through the `Game`
 * interface. A concept that a ruleset has but never shows in play would be missed, so the
 * exploring player avoids conceding and passing whenever it has another move.
 */
import {
  type Game,
  type GameEvent,
  MAX_MOVES,
  MOVE_CONCEDE,
  MOVE_PASS,
  PHASE_OVER,
  PHASE_RACE,
  Rng,
  type Ruleset,
  type State,
} from '@gabata/engine/core';

export interface Concepts {
  readonly rows: number;
  readonly holes: number;
  readonly stores: number;
  /** Distinct sowing tracks of the geometry (2 = per-player tracks, or a choice of direction). */
  readonly tracks: number;
  readonly players: readonly number[];
  readonly sowing: 'relay' | 'single lap';
  readonly race: boolean;
  /** How counters or holes are won: `wegue`/`nedf` (a hole becomes the mover's), and the clause IDs of counter captures. */
  readonly captureKinds: readonly string[];
  /** How holes change owner: `during play` (wegue, nedf), `between rounds` (redistribution). */
  readonly ownershipChanges: readonly string[];
  readonly rounds: 'single' | 'several';
  /** Holes are sometimes passed over in sowing. */
  readonly skips: boolean;
  /** A player may or must pass. */
  readonly passes: boolean;
  /** The matches and decisions the play-derived concepts rest on. */
  readonly basis: { readonly games: number; readonly decisions: number; readonly seed: number };
}

interface Seen {
  relay: boolean;
  race: boolean;
  skip: boolean;
  pass: boolean;
  marks: Set<string>;
  captures: Set<string>;
  redistributeChanges: boolean;
  rounds: number;
}

function observe(events: GameEvent[], seen: Seen): void {
  for (const e of events) {
    switch (e.type) {
      case 'relay':
        seen.relay = true;
        break;
      case 'raceStart':
      case 'raceTick':
        seen.race = true;
        break;
      case 'skip':
        seen.skip = true;
        break;
      case 'pass':
        seen.pass = true;
        break;
      case 'mark':
        seen.marks.add(e.kind);
        break;
      case 'capture':
        // Counters moved by a termination guard (SPEC §8) are no capture rule of the game.
        if (!e.rule?.startsWith('§')) seen.captures.add(e.rule ?? 'capture');
        break;
      case 'redistribute':
        if (e.changes.length > 0) seen.redistributeChanges = true;
        break;
      case 'roundEnd':
        seen.rounds = Math.max(seen.rounds, e.round);
        break;
      default:
        break;
    }
  }
  events.length = 0;
}

/** Draws a move, preferring anything over conceding or passing. */
function pickMove(moves: Int32Array, n: number, rng: Rng): number {
  let real = 0;
  for (let i = 0; i < n; i++) if (moves[i] !== MOVE_CONCEDE && moves[i] !== MOVE_PASS) real++;
  if (real === 0) return moves[rng.int(n)]!;
  let k = rng.int(real);
  for (let i = 0; i < n; i++) {
    if (moves[i] === MOVE_CONCEDE || moves[i] === MOVE_PASS) continue;
    if (k-- === 0) return moves[i]!;
  }
  return moves[0]!;
}

/** Plays one traced exploring match; returns the decisions made. */
function exploreMatch(game: Game, seed: number, maxPlies: number, seen: Seen): number {
  const events: GameEvent[] = [];
  const rng = new Rng(seed ^ 0x2545f491);
  const s: State = game.newState(seed, events);
  observe(events, seen);
  const buf = new Int32Array(MAX_MOVES);
  const joint = new Int32Array(s.players + 1);
  let plies = 0;
  while (s.phase !== PHASE_OVER && plies < maxPlies) {
    if (s.phase === PHASE_RACE && s.toMove === 0) {
      seen.race = true;
      for (let p = 1; p <= s.players; p++) {
        const n = game.legalMovesFor(s, p, buf);
        joint[p] = buf[rng.int(n)]!;
      }
      game.applyJoint(s, joint, events);
    } else {
      const n = game.legalMoves(s, buf);
      if (n === 0) break;
      game.apply(s, pickMove(buf, n, rng), events);
    }
    observe(events, seen);
    plies++;
  }
  return plies;
}

export interface ConceptOptions {
  /** Rule options for `create` (default: the ruleset's defaults). */
  readonly options?: Readonly<Record<string, unknown>>;
  readonly games?: number;
  readonly seed?: number;
  /** Decisions per match at most. */
  readonly maxPlies?: number;
}

/** Computes a ruleset's concepts (see `Concepts`). Throws only if the ruleset's defaults are invalid. */
export function computeConcepts(ruleset: Ruleset, o: ConceptOptions = {}): Concepts {
  const made = ruleset.create(o.options ?? {});
  if (!made.ok) throw made.error;
  const game = made.value;
  const games = o.games ?? 6;
  const seed = o.seed ?? 1;
  const seen: Seen = {
    relay: false,
    race: false,
    skip: false,
    pass: false,
    marks: new Set(),
    captures: new Set(),
    redistributeChanges: false,
    rounds: 0,
  };
  let decisions = 0;
  for (let i = 0; i < games; i++) decisions += exploreMatch(game, seed + i, o.maxPlies ?? 20_000, seen);
  const g = game.geometry;
  const ownership: string[] = [];
  if (seen.marks.size > 0) ownership.push('during play');
  if (seen.redistributeChanges) ownership.push('between rounds');
  return {
    rows: g.rows,
    holes: g.holeCount,
    stores: g.stores.length,
    tracks: g.tracks.length,
    players: [...ruleset.info.players],
    sowing: seen.relay ? 'relay' : 'single lap',
    race: seen.race,
    captureKinds: [...[...seen.marks].sort(), ...[...seen.captures].sort()],
    ownershipChanges: ownership,
    rounds: seen.rounds > 1 ? 'several' : 'single',
    skips: seen.skip,
    passes: seen.pass,
    basis: { games, decisions, seed },
  };
}

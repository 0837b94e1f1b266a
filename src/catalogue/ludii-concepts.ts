/**
 * A ruleset's compilation concepts in Ludii's vocabulary (formats/ludii-concepts.ts): the
 * concepts Ludii computes when it compiles a game, decided here from the ruleset's own
 * description (`RulesetInfo.shape`), the game its options build (players, board geometry, the
 * resolved options) and, for what options switch on in play (passes, skipped holes), the
 * catalogue's exploring matches (catalogue/concepts.ts). Only concepts that can be decided so are
 * given; the others are left out, not set to 0. The playout concepts are the simulation's
 * (sim/ludii-concepts.ts). docs/metrics.md, "Ludii's concepts", has the rule of each.
 */
import type { Ruleset } from '@gabata/engine/core';
import { ludiiConcept, type LudiiConcept } from '../formats/ludii-concepts.js';
import { computeConcepts } from './concepts.js';

/** A concept with its value (booleans as 0/1, as Ludii's concept tables give them). */
export interface ConceptValue {
  readonly concept: LudiiConcept;
  readonly value: number;
  /** What the value was decided from. */
  readonly basis: string;
}

/**
 * The compilation concepts of `ruleset` under `options` (the defaults when none are given).
 * Throws only when the options are invalid (the caller checks them with `ruleset.create`).
 */
export function compilationConcepts(
  ruleset: Ruleset,
  options: Readonly<Record<string, unknown>> = {},
  /** What the exploring matches saw, when already at hand (the catalogue's shipped concepts of the defaults). */
  seen?: { readonly passes: boolean; readonly skips: boolean },
): ConceptValue[] {
  const made = ruleset.create(options);
  if (!made.ok) throw made.error;
  const game = made.value;
  const shape = ruleset.info.shape;
  const g = game.geometry;
  const o = game.options;
  const played = seen ?? computeConcepts(ruleset, { options, games: 4 });
  const start = game.newState(1);
  let onBoard = 0;
  for (let h = 0; h < start.holeCount; h++) onBoard += start.counts[h]!;
  const captures = shape.captures.length > 0;
  const rounds = Number(o['rounds'] ?? 0);
  const values: [string, number | boolean, string][] = [
    ['Properties', true, 'every game'],
    ['Format', true, 'every game'],
    ['Discrete', true, 'turns, not real time'],
    ['Turns', true, 'players take turns'],
    ['Alternating', true, 'players take turns'],
    ['Simultaneous', shape.race, 'shape.race: a race whose starts are chosen at once'],
    ['Stochastic', shape.race && o['raceTie'] === 'coin', "a race's dead heat settled by a coin (option raceTie=coin)"],
    ['Match', shape.rounds === 'several' && rounds !== 1, 'shape.rounds several, and the option rounds is not 1'],
    ['Players', true, 'every game'],
    ['NumPlayers', game.players, 'the option players (or the ruleset)'],
    ['TwoPlayer', game.players === 2, 'players'],
    ['Multiplayer', game.players > 2, 'players'],
    ['Equipment', true, 'every game'],
    ['Container', true, 'every game'],
    ['Board', true, 'a board of holes'],
    ['MancalaBoard', true, 'a board of holes'],
    ['MancalaStores', g.stores.length > 0, 'the geometry has stores'],
    ['MancalaTwoRows', g.rows === 2, 'rows of the geometry'],
    ['MancalaThreeRows', g.rows === 3, 'rows of the geometry'],
    ['MancalaFourRows', g.rows === 4, 'rows of the geometry'],
    ['Track', true, 'sowing follows a track'],
    ['TrackLoop', true, 'every track of these games goes round the board'],
    ['Component', true, 'counters'],
    ['Piece', true, 'counters'],
    ['PieceCount', true, 'many counters share a hole'],
    ['Rules', true, 'every game'],
    ['Start', true, 'every game'],
    ['PiecesPlacedOnBoard', onBoard > 0, 'counters on the board at the start (seed 1)'],
    ['Play', true, 'every game'],
    ['Moves', true, 'every game'],
    ['MovesDecision', true, 'a player chooses a hole'],
    ['PassDecision', played.passes, "a pass among the legal moves of the catalogue's exploring matches"],
    ['MovesEffects', true, 'sowing'],
    ['MoveAgain', shape.sowing === 'relay', 'shape.sowing relay: Ludii relays with a further move of the mover (moveAgain)'],
    ['Sow', true, 'sowing'],
    ['SowWithEffect', captures, 'shape.captures: the last counter of a sowing can capture'],
    ['SowCapture', captures, 'shape.captures'],
    ['Capture', captures, 'shape.captures'],
    ['SowProperties', played.skips, 'holes skipped in the exploring matches'],
    ['SowSkip', played.skips, 'holes skipped in the exploring matches (the origin on long laps)'],
    ['End', true, 'every game'],
  ];
  return values.map(([name, v, basis]) => {
    const concept = ludiiConcept(name);
    if (concept === undefined) throw new Error(`no Ludii concept ${name}`);
    return { concept, value: typeof v === 'boolean' ? (v ? 1 : 0) : v, basis };
  });
}

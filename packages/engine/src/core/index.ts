/**
 * The rules kernel: geometry, state, sowing, the race, options, events, errors, seeded RNG and
 * the Game interface every ruleset implements.
 *
 * @example
 *   import { getRuleset } from '@gabata/engine/games';
 *   import { MAX_MOVES, unwrap } from '@gabata/engine/core';
 *   const game = unwrap(unwrap(getRuleset('gabata-adowa')).create({ captureGate: 'none' }));
 *   const s = game.newState(42);
 *   const moves = new Int32Array(MAX_MOVES);
 *   const n = game.legalMoves(s, moves); // the legal moves are moves[0..n)
 *   game.apply(s, moves[0]!);
 */
export * from './errors.js';
export * from './rng.js';
export * from './geometry.js';
export * from './state.js';
export * from './events.js';
export * from './options.js';
export * from './sow.js';
export * from './race.js';
export * from './round.js';
export * from './rules.js';
export * from './game.js';
export * from './sparse.js';
// Test scaffolding (perft, transcripts) is exported by `@gabata/engine/testing`; only the seeded random
// match, which the catalogue's measured figures also use, stays here.
export { playRandomMatch } from './debug.js';
export * from './game-base.js';
export * from './position-check.js';
export { addEnglishMessages, asMessage, derivedEnglish, derivedSources, eachDerived, keySlug } from './derived-texts.js';

/**
 * Test scaffolding for rulesets, kept off the public `@gabata/engine/core` entry so that a program using
 * the rules does not carry it: perft (leaf counts of the legal-move tree), seeded random
 * playthroughs written as transcripts (golden files), the one-line state description those
 * transcripts use, and fast seeded random matches for property tests.
 *
 * @example
 *   import { getRuleset } from '@gabata/engine/games';
 *   import { unwrap } from '@gabata/engine/core';
 *   import { perft, randomPlaythrough } from '@gabata/engine/testing';
 *   const game = unwrap(unwrap(getRuleset('gabata-adowa')).create({}));
 *   perft(game, game.newState(1), 3); // leaves of the three-ply move tree
 *   randomPlaythrough(game, 7); // a transcript, one line per decision
 */
export { describeState, perft, playRandomMatch, randomPlaythrough } from '../core/debug.js';

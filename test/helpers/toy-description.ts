/**
 * The parts of a description (RulesetInfo) that the toy games of the tests do not use: no
 * clauses, no tutorial, no words of their own. Spread into a toy's `info`.
 */
import type { RulesetInfo } from '../../packages/engine/src/core/game.js';

export const TOY_DESCRIPTION = {
  ruleFamilies: [],
  startRule: '',
  boardRules: [],
  lesson: ['board', 'sow', 'end', 'done'],
  captureEvent: 'capture',
  words: { unit: 'counter', mark: 'mark', capture: 'Facing' },
  notationHelp: '',
  shortMatch: {},
  clauses: [],
  citations: { events: {}, mustSee: [], optionSets: [{}], seeds: 1 },
  shipped: false,
  shape: {
    rows: 2,
    holes: 0,
    stores: 0,
    tracks: 1,
    sowing: 'single lap',
    race: false,
    captures: [],
    ownershipChanges: [],
    rounds: 'single',
  },
} as const satisfies Partial<RulesetInfo>;

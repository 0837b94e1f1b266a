import type { RulesetInfo } from '../../core/game.js';
import { ADOWA_CLAUSES, COMMON_RECONSTRUCTIONS, GABATA_EVENTS, PANKHURST, THREE_PLAYER_CLAUSES } from './gabata-common.js';

/** Gabata of Adowa (SPEC §3). */
export const ADOWA_INFO: RulesetInfo = {
  id: 'gabata-adowa',
  name: 'Gabata (Adowa)',
  aliases: ['gabata', 'adowa', 'adwa', 'gabata-adwa', 'Gabata (Adwa)'],
  region: 'Tigray, northern Ethiopia (around Adowa)',
  sources: [{ ...PANKHURST, note: 'Adowa description; Ludii DLP.Evidence.664' }],
  clausePrefix: 'ADW',
  players: [2, 3],
  summary:
    'A three-row relay-sowing game from northern Ethiopia. Players sow round a shared circuit, turn opponent ' +
    'holes holding three into their own wegues, and play round after round until one player owns the whole board.',
  reconstructions: [...COMMON_RECONSTRUCTIONS],
  ruleFamilies: ['ADW'],
  startRule: 'ADW-07',
  boardRules: ['ADW-01', 'ADW-03', 'ADW-04'],
  lesson: ['board', 'sow', 'relay', 'capture', 'end', 'done'],
  captureEvent: 'mark',
  words: { unit: 'counter', mark: 'wegue', capture: 'Wegue' },
  notationHelp: '',
  shortMatch: { rounds: 3 },
  shape: {
    rows: 3,
    holes: 18,
    stores: 0,
    tracks: 1,
    sowing: 'relay',
    race: false,
    captures: ['wegue', 'ADW-14'],
    ownershipChanges: ['during play', 'between rounds'],
    rounds: 'several',
  },
  clauses: [...ADOWA_CLAUSES, ...THREE_PLAYER_CLAUSES.filter((c) => c.id !== 'AKS-3P-06')],
  citations: {
    events: GABATA_EVENTS,
    mustSee: [
      'lift',
      'drop',
      'relay',
      'mark',
      'capture',
      'await:continue',
      'turnEnd:empty',
      'turnEnd:ownWegue',
      'turnEnd:opponentWegue',
      'roundEnd:rules',
      'redistribute',
      'turnEnd:stop',
      'await:choose',
    ],
    optionSets: [
      {},
      { captureGate: 'none', rounds: 3 },
      { wegueContinuation: 'optional', surplusHoleOrder: 'winnerChooses', skipOriginOnLongLaps: true, captureGate: 'none' },
      { players: 3, captureGate: 'none', lastHoleRule: 'on' },
      { wegueContinuation: 'none', lastHoleRule: 'on', maxTurnsPerRound: 40 },
    ],
    seeds: 6,
  },
  shipped: true,
};

import type { RuleClause, RulesetInfo } from '../../core/game.js';
import { COMMON_RECONSTRUCTIONS, GABATA_EVENTS, PANKHURST, THREE_PLAYER_CLAUSES } from './gabata-common.js';

/** Aksum's own clauses (SPEC §4). */
export const AKSUM_CLAUSES: readonly RuleClause[] = [
  {
    id: 'AKS-01',
    text: 'Everything of Gabata (Adowa) applies, plus what follows.',
    short: 'Everything of the Adowa game applies, with the additions below.',
    keywords: [/ADW|adowa/i],
  },
  {
    id: 'AKS-02',
    text: "Each player's chafa enda is the leftmost hole of his own row (hole 0 for player 1, hole 17 for player 2).",
    short: "Each player's chafa enda is the leftmost hole of his main row (player 1: hole 0, player 2: hole 17).",
    keywords: [/chafa enda/i, /\b0\b/, /\b17\b/],
  },
  {
    id: 'AKS-03',
    text: 'You may not start a sowing from your chafa enda unless it holds more than three counters.',
    short: 'You may not start from your chafa enda while it holds three or fewer…',
    keywords: [/chafa enda/i, /three/i, /start/i],
  },
  {
    id: 'AKS-04',
    text: 'Unless it is the only one of your ordinary holes with counters.',
    short: '…unless it is the only hole you could start from.',
    keywords: [/only/i],
  },
  {
    id: 'AKS-05',
    text: 'Only the choice of a starting hole is restricted; relays lift the chafa enda as usual.',
    short: 'The restriction is only on choosing a starting hole; relays lift the chafa enda as usual.',
    keywords: [/relay/i, /starting hole/i],
  },
  {
    id: 'AKS-06',
    text: 'The chafa enda stays where it is; once it has changed hands nobody is restricted there.',
    short: 'The chafa enda is a fixed place; once it changes hands nobody is restricted there.',
    keywords: [/nobody is restricted/i],
  },
  {
    id: 'AKS-07',
    text: 'The point of the rule is to leave that hole open to capture by the opponent.',
    short: 'Its purpose: it makes that hole easier for the opponent to capture.',
    keywords: [/purpose|point/i, /opponent/i],
  },
];

/** Gabata of Aksum (SPEC §4). */
export const AKSUM_INFO: RulesetInfo = {
  id: 'gabata-aksum',
  name: 'Gabata (Aksum)',
  aliases: ['aksum', 'axum', 'gabata-axum'],
  region: 'Tigray, northern Ethiopia (Aksum, 14°7\'55.67"N 38°43\'8.99"E)',
  sources: [{ ...PANKHURST, pages: '164-165', note: 'Aksum account; Ludii DLP.Evidence.665' }],
  clausePrefix: 'AKS',
  players: [2, 3],
  summary:
    'Gabata as played at Aksum: the Adowa game with one more rule, the chafa enda, a hole each player may not ' +
    'start from while it holds three or fewer, so that his opponent can more easily capture it.',
  reconstructions: [
    ...COMMON_RECONSTRUCTIONS,
    {
      ref: 'K1',
      text: 'The chafa enda restricts only the choice of a starting hole.',
      option: 'chafaAppliesToRelay',
      confidence: 'medium',
    },
    { ref: 'K3', text: 'The chafa enda stays at holes 0 and 17.', option: 'chafaLocation', confidence: 'medium' },
  ],
  ruleFamilies: ['AKS', 'ADW'],
  startRule: 'AKS-03',
  boardRules: ['ADW-01', 'ADW-03', 'ADW-04', 'AKS-02'],
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
  clauses: [...AKSUM_CLAUSES, ...THREE_PLAYER_CLAUSES],
  citations: {
    events: GABATA_EVENTS,
    mustSee: ['lift', 'mark', 'capture', 'roundEnd:rules', 'redistribute', 'turnEnd:chafaEnda'],
    optionSets: [{}, { chafaAppliesToRelay: true, captureGate: 'none' }, { players: 3, chafaLocation: 'currentLeftmost' }],
    seeds: 6,
  },
  shipped: true,
};

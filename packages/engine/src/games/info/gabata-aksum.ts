import type { RulesetInfo } from '../../core/game.js';
import { COMMON_RECONSTRUCTIONS, PANKHURST } from './gabata-common.js';

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
};

/**
 * Every word the web app shows, in one place, ready for translation: interface labels, the
 * paraphrased rule clauses (SPEC clause IDs, in our own words), and the running commentary that
 * turns each engine event into a sentence naming the clause behind it. Nothing here decides
 * anything about the rules; it only says in words what the engine reports.
 */
import type { GameEvent } from '../core/events.js';

/** Interface labels. */
export const T = {
  appTitle: 'Gabata',
  appTagline: 'Mancala games of the Horn of Africa and of Nigeria',
  navHome: 'Saved games',
  navCatalogue: 'Catalogue',
  navNew: 'New game',
  loading: 'Loading…',
  // start page
  savedGames: 'Saved games',
  noSavedGames: 'No saved games yet. Start one!',
  newGame: 'New game',
  resume: 'Resume',
  view: 'View',
  deleteGame: 'Delete',
  confirmDelete: 'Delete this game for good?',
  importRecord: 'Import a record',
  importHelp: 'Paste a game record (JSON) exported from this app or written by the gabata tools.',
  importButton: 'Import',
  importDone: 'Imported.',
  movesCount: (n: number) => (n === 1 ? '1 move' : `${n} moves`),
  seatsShort: (seats: string[]) => seats.map((s) => (s === 'human' ? 'person' : `computer ${s.split(':')[1]}`)).join(' v '),
  statusPlaying: 'in progress',
  statusOver: 'finished',
  // new game
  chooseRuleset: 'Game',
  region: 'Region',
  source: 'Source',
  reconstructed: 'Our reconstructions (switchable below)',
  options: 'Rule options',
  optionsHelp: 'Each option settles a point the sources leave open. The default reading is marked.',
  guardOptions: 'Limits that stop endless play',
  defaultMark: 'default',
  players: 'Players',
  seat: (p: number) => `Player ${p}`,
  seatHuman: 'A person on this device',
  seatComputer: (level: number) => `Computer, level ${level} (${LEVEL_NAMES[level] ?? ''})`,
  whoStarts: 'Who starts',
  raceStarts: 'The opening race decides who moves first.',
  seed: 'Seed (optional, for a reproducible game)',
  start: 'Start the game',
  integerRange: (min: number, max: number) => `${min} to ${max}`,
  presets: 'Preset',
  presetNone: 'none (defaults)',
  // game page
  round: (r: number) => `Round ${r}`,
  toMove: (who: string) => `${who} to move`,
  everyoneChooses: 'Everyone chooses a starting hole at once',
  chooseFor: (who: string) => `${who}: choose your starting hole (the others will not see it)`,
  thinking: (who: string) => `${who} is thinking…`,
  sowing: 'Sowing…',
  opening: 'The opening',
  begins: (who: string) => `The game begins: ${who} moves first.`,
  beginsRace: 'The game begins with a race: every player chooses a starting hole at once.',
  yourTurn: (who: string) => `${who}: your turn. Tap a highlighted hole.`,
  yourTurnSolo: 'Your turn: tap a highlighted hole.',
  chooseSolo: 'Choose your starting hole for the race.',
  matchOver: 'The match is over',
  hint: 'Hint',
  hintIs: (text: string) => `The computer would play ${text}.`,
  undo: 'Undo',
  pass: 'Pass',
  concede: 'Concede',
  speed: 'Animation',
  speedOff: 'off',
  speedFast: 'fast',
  speedNormal: 'normal',
  speedSlow: 'slow',
  skip: 'Skip animation',
  commentary: 'What happened',
  moveList: 'Moves',
  stepBack: 'Back one move',
  stepForward: 'Forward one move',
  toStart: 'To the start',
  toLive: 'Back to the game',
  viewingPly: (k: number, n: number) => `Viewing the position after move ${k} of ${n}. Moves cannot be played here.`,
  rules: 'Rules',
  rulesIntro: 'The rules as this app plays them, clause by clause (our paraphrase; IDs as in the specification).',
  exportRecord: 'Export record',
  hand: 'in hand',
  store: 'in store',
  reserve: 'set aside',
  holeLabel: (hole: number, count: number, owner: string, extra: string) =>
    `Hole ${hole}, ${owner}, ${count === 1 ? '1 counter' : `${count} counters`}${extra}`,
  nobody: 'nobody’s',
  ownerOf: (who: string) => `${who}’s`,
  legalMark: ', can be played',
  chooseHow: (hole: number) => `Hole ${hole}: choose how to play it`,
  cancel: 'Cancel',
  firstDropInto: (h: number) => `first into hole ${h}`,
  takes: (h: number, n: number) => `takes ${n} from hole ${h}`,
  notYourTurn: (who: string) => `It is not your turn: ${who} is to move.`,
  computerToMove: 'The computer is to move; please wait.',
  animating: 'Wait for the move to finish, or skip the animation.',
  illegalGeneric: (hole: number, legal: string) => `Hole ${hole} cannot be played now. Playable: ${legal}.`,
  playable: (legal: string) => `Playable: ${legal}.`,
  notOwnHole: (hole: number, owner: string) => `Hole ${hole} is ${owner}: you sow only from your own holes.`,
  emptyHole: (hole: number) => `Hole ${hole} is empty.`,
  markedHole: (hole: number, owner: string, mark: string) => `Hole ${hole} is ${owner} ${mark}: nobody sows from it.`,
  boardLabel: 'Board',
  noLegal: 'none',
  roundSummary: (r: number) => `Round ${r} is over`,
  tally: 'Tally',
  holesChange: 'Holes that change hands',
  noHolesChange: 'No hole changes hands.',
  holeMoves: (h: number, from: string, to: string) => `hole ${h}: ${from} → ${to}`,
  continue: 'Continue',
  resultWin: (who: string) => `${who} wins the match`,
  resultDraw: 'The match is drawn',
  scores: 'Scores',
  newGameAgain: 'Play again',
  errorPrefix: 'Error',
  serverError: (code: string, msg: string) => `${code}: ${msg}`,
  youMark: '(you)',
  computer: (level: number) => `Computer (level ${level})`,
  theComputer: 'The computer',
  computerN: (p: number, level: number) => `Computer ${p} (level ${level})`,
  person: (p: number) => `Player ${p}`,
  notFound: 'No such page.',
  backHome: 'Back to the games',
  reconnect: 'The move could not be saved. Reload the page to continue from the last saved move.',
} as const;

export const LEVEL_NAMES: Record<number, string> = {
  1: 'Beginner',
  2: 'Novice',
  3: 'Club player',
  4: 'Expert',
  5: 'Master',
};

/** Per-ruleset words: what the counters and the captured holes are called. */
export interface Words {
  counter: string;
  counters: string;
  mark: string;
}

export function wordsFor(prefix: string): Words {
  if (prefix === 'GIF') return { counter: 'bean', counters: 'beans', mark: 'mark' };
  if (prefix === 'SEL') return { counter: 'counter', counters: 'counters', mark: 'nedf' };
  return { counter: 'counter', counters: 'counters', mark: 'wegue' };
}

const n = (k: number, w: Words): string => `${k} ${k === 1 ? w.counter : w.counters}`;

/** The rule clauses in plain words (our paraphrase of SPEC.md). */
export const CLAUSES: Record<string, string> = {
  'ADW-01': 'Three rows of six holes; there are no stores.',
  'ADW-02': 'Each of the 18 holes starts with three counters (54 in all).',
  'ADW-03': 'Each player owns his near row and the right half of the centre row; those of them that are not wegues are his ordinary holes.',
  'ADW-04': 'Every lap goes round one shared circuit, the same way for both players.',
  'ADW-05': 'Sowing drops one counter into each hole in turn, skipping nothing.',
  'ADW-06': 'Player 1 starts the match unless the options say otherwise.',
  'ADW-07': 'A turn starts by lifting all counters of one of your own ordinary holes.',
  'ADW-08': 'Relay: when the last counter falls into an occupied ordinary hole, its counters are lifted and sown on.',
  'ADW-09': 'When the last counter falls into an empty hole, the turn ends.',
  'ADW-10': "When the last counter makes an opponent's hole of three into four, that hole becomes your wegue.",
  'ADW-11': 'Capture gate: no wegue can be made on the first turn of a round; such a landing is a relay.',
  'ADW-12': 'A wegue belongs to its maker for the round; nobody sows from it; what falls in stays there.',
  'ADW-13': 'After making a wegue you sow again from any of your ordinary holes.',
  'ADW-14': "A last counter into an opponent's wegue takes it and one more counter into your hand; the turn ends.",
  'ADW-15': 'A last counter into your own wegue stays there; the turn ends.',
  'ADW-16': 'A player with no hole to start from passes.',
  'ADW-17': 'The round ends when no ordinary hole holds a counter.',
  'ADW-18': 'Tally: each player counts his hand plus his wegues.',
  'ADW-19': 'Every three counters earn a hole for the next round; two left over earn one more, with a counter from the opponent.',
  'ADW-20': "The richer player takes his extra holes from the opponent's left, in the opponent's sowing order.",
  'ADW-21': 'A new round: three counters in every hole, wegues cleared; the starter alternates.',
  'ADW-22': 'The match ends when one player owns all 18 holes.',
  'ADW-23': 'Optional last-hole rule: a player reduced to one hole keeps one counter when it is captured.',
  'AKS-01': 'Everything of the Adowa game applies, with the additions below.',
  'AKS-02': "Each player's chafa enda is the leftmost hole of his main row (player 1: hole 0, player 2: hole 17).",
  'AKS-03': 'You may not start from your chafa enda while it holds three or fewer…',
  'AKS-04': '…unless it is the only hole you could start from.',
  'AKS-05': 'The restriction is only on choosing a starting hole; relays lift the chafa enda as usual.',
  'AKS-06': 'The chafa enda is a fixed place; once it changes hands nobody is restricted there.',
  'AKS-07': 'Its purpose: it makes that hole easier for the opponent to capture.',
  'AKS-3P-01': 'Three players: one owns a full outer row, the others a block of two rows of three each.',
  'AKS-3P-02': 'The circuit is the same; each player’s holes follow each other on it.',
  'AKS-3P-03': 'Turns go round in the order of the circuit.',
  'AKS-3P-04': "An opponent's hole is a hole of either other player.",
  'AKS-3P-05': 'Tally as in the two-player game, with left-over counters pooled into extra holes.',
  'AKS-3P-06': 'Each player’s chafa enda (Aksum) is the first hole of his part of the circuit.',
  'AKS-3P-07': 'A player who earns no hole drops out; the last one owning the board wins.',
  'ABA-01': 'Three rows of six holes, no stores; each player owns his near row and the right half of the centre row.',
  'ABA-02': 'Three counters in every hole (54).',
  'ABA-03': 'Each player sows along his own serpentine track; the two go opposite ways.',
  'ABA-04': 'Each round opens with a race: both players sow at once from their leftmost hole.',
  'ABA-05': 'In the race an occupied last hole is lifted and sown on; an empty one finishes that player; the first to finish wins.',
  'ABA-06': 'The race runs in lock-step, one counter per player per tick; the loser finishes his sowing.',
  'ABA-07': 'Nothing is captured during the race.',
  'ABA-08': 'Then players take turns, the race winner first.',
  'ABA-09': 'A turn starts from any of your holes holding a counter.',
  'ABA-10': 'Relay: a last counter into an occupied hole lifts it and sows on.',
  'ABA-11': "A last counter into the opponent's empty hole ends the turn.",
  'ABA-12': 'A last counter into your own empty hole captures the opponent holes facing it.',
  'ABA-13': 'After a capture the capturing counter moves one hole on and counts as a new last counter.',
  'ABA-14': 'Your own empty hole with nothing facing it: the turn ends.',
  'ABA-15': 'When a player has no counters left in his holes the round ends and the other takes what is on the board.',
  'ABA-16': 'New round: the poorer player lays out all his counters three to a hole along his track.',
  'ABA-17': 'The richer player fills the same number of holes and sets the rest aside as winnings.',
  'ABA-18': 'Winnings set aside still count at the next tally.',
  'ABA-19': 'Every round opens with a new race.',
  'ABA-20': 'The match ends when one player holds all 54 counters.',
  'SEL-01': 'Three rows of six holes, three counters in each, no stores.',
  'SEL-02': 'Each player owns his near row and the right half of the centre row; those not nedfs are his ordinary holes.',
  'SEL-03': 'Both players sow round the same circuit.',
  'SEL-04': 'The game opens with a race: both players sow at once; the first whose last counter reaches an empty hole starts the game.',
  'SEL-05': 'Each player secretly chooses his starting hole for the race; both are revealed together.',
  'SEL-06': 'In the race the skip rule holds but no nedf can be made.',
  'SEL-07': 'Then turns alternate; relays go on from occupied ordinary holes; an empty hole ends the turn.',
  'SEL-08': 'Starting holes are restricted: a hole of more than three first; else the two nearest the opponent; else the smallest of the three leftmost.',
  'SEL-09': 'Nobody sows from a nedf.',
  'SEL-10': 'Counters go one per hole round the circuit, into nedfs too.',
  'SEL-11': "Skip rule: a counter is never dropped into an opponent's ordinary hole holding exactly three.",
  'SEL-12': "First nedf: a last counter may go into an opponent's hole of three, making it your nedf; the turn ends.",
  'SEL-13': 'A last counter into a nedf ends the turn.',
  'SEL-14': "Later nedfs: with two in hand, drop into an opponent's three and the three after it; the first becomes your nedf and you sow on from the second.",
  'SEL-15': 'At most one nedf is made per lap.',
  'SEL-16': 'Guardian: while the hole after a nedf holds three, its owner’s opponent cannot make a nedf.',
  'SEL-17': 'Nedfs and their counters belong to their owner for the rest of the game.',
  'SEL-18': 'The game ends when the player to move cannot start, or concedes that he can make no more nedfs.',
  'SEL-19': 'Each player scores his nedfs plus counters left in his holes; more wins.',
  'SEL-20': 'A game is a single round.',
  'GIF-01': 'Two rows of four holes and a store at each end; each player owns the two left holes of each row and the store on his left.',
  'GIF-02': 'Six beans in each hole; the stores start empty.',
  'GIF-03': 'Player 1 starts unless the options say otherwise.',
  'GIF-04': 'A move lifts one of your holes and sows its beans round the ring of eight, either way; one lap, no relay.',
  'GIF-05': 'With eight or more beans the starting hole is sown into too.',
  'GIF-06': 'Capture A: a last bean making 2 or 4 takes that hole, and each neighbour holding 2 or 4.',
  'GIF-07': 'Capture B: otherwise, if a neighbour holds 2 or 4, take exactly one such neighbour (your choice).',
  'GIF-08': 'Captured beans go to your store; the turn passes.',
  'GIF-09': 'A player with only a few beans may pass; one with none must.',
  'GIF-10': 'When each side holds at most one bean the round ends; each stores his own holes.',
  'GIF-11': 'Next round: each player fills as many of his holes with six as his store allows.',
  'GIF-12': 'A player who cannot fill a single hole loses the match.',
  'GIF-13': 'Later rounds are started alternately.',
  '§1': 'A lap long enough to come round to its own starting hole passes it over (option skipOriginOnLongLaps).',
  '§7': 'The opening race is played in lock-step ticks, each racer dropping one counter per tick.',
  '§8': 'Guards: a sowing that would never end is not allowed; endless repetition ends the round.',
};

/** Which clause families make up each ruleset's rules panel (by its clause prefix). */
export const RULE_FAMILIES: Record<string, string[]> = {
  ADW: ['ADW'],
  AKS: ['AKS', 'ADW'],
  ABA: ['ABA', '§7'],
  SEL: ['SEL', '§7'],
  GIF: ['GIF'],
};

/** The clause that governs the choice of a starting hole (cited when a tap is refused). */
export const START_RULE: Record<string, string> = { ADW: 'ADW-07', AKS: 'AKS-03', ABA: 'ABA-09', SEL: 'SEL-08', GIF: 'GIF-04' };

/** Clause IDs of a family, in order. */
export function clausesOf(family: string): string[] {
  return Object.keys(CLAUSES).filter((id) => id === family || id.startsWith(family + '-'));
}

/** The clause text for a rule reference ('ADW-08', '§8.3' -> '§8'), or ''. */
export function clauseText(rule: string | undefined): string {
  if (!rule) return '';
  return CLAUSES[rule] ?? CLAUSES[rule.replace(/\.\d+$/, '')] ?? '';
}

const TURN_END_REASONS: Record<string, string> = {
  empty: 'the last counter fell into an empty hole',
  emptyHole: 'the last counter fell into an empty hole',
  ownWegue: 'the last counter fell into the mover’s own wegue',
  wegue: 'a wegue was made and no ordinary hole is left to sow again from',
  tookWegue: 'counters were taken from a wegue',
  nedf: 'the last counter fell into a nedf',
  madeNedf: 'a nedf was made',
  capture: 'the capture ends the move',
  noContinuation: 'there is no hole left to continue from',
  chafaEnda: 'the relay ended in the mover’s own chafa enda',
  opponentEmpty: "the last counter fell into the opponent's empty hole",
  nothingFacing: 'nothing faced the empty hole',
  perpetual: 'the sowing would never end',
  'perpetual sowing': 'the sowing would never end',
  opponentWegue: "counters were taken from the opponent's wegue",
  lastHole: 'the last-hole rule applied',
  stop: 'the mover chose to stop',
  sown: 'nothing was captured',
};

const END_REASON_TEXT: Record<string, string> = {
  rules: 'by the rules',
  stalemate: 'the position kept repeating',
  turnCap: 'the round went on too long (turn limit)',
  concession: 'a player conceded',
  perpetual: 'only endless sowings were left',
  roundCap: 'the round limit was reached',
  passes: 'both players passed in turn',
  none: '',
};

export function endReasonText(reason: string): string {
  return END_REASON_TEXT[reason] ?? reason;
}

/** A readable phrase for an engine reason code we have no sentence for. */
function reasonPhrase(reason: string): string {
  return TURN_END_REASONS[reason] ?? reason.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
}

/**
 * One sentence for one event, naming the player and the clause behind it. `name(p)` gives a
 * player's display name. Returns '' for events that need no line of their own.
 */
export function eventText(ev: GameEvent, name: (p: number) => string, w: Words): string {
  switch (ev.type) {
    case 'lift':
      return `${name(ev.player)} lifts ${n(ev.count, w)} from hole ${ev.hole}.`;
    case 'drop':
      return '';
    case 'skip':
      return `Hole ${ev.hole} is passed over.`;
    case 'relay':
      return `The last ${w.counter} fell into occupied hole ${ev.hole}, so its ${n(ev.count, w)} are lifted and sown on.`;
    case 'mark':
      return `Hole ${ev.hole} becomes ${name(ev.player)}’s ${ev.kind}.`;
    case 'capture':
      return `${name(ev.player)} takes ${n(ev.count, w)} from hole ${ev.hole}.`;
    case 'await':
      return ev.reason === 'continue'
        ? `${name(ev.player)} sows again from a hole of his choice.`
        : `${name(ev.player)} must choose what to take.`;
    case 'turnEnd':
      return `${name(ev.player)}’s turn ends: ${reasonPhrase(ev.reason)}.`;
    case 'pass':
      return `${name(ev.player)} passes.`;
    case 'concede':
      return `${name(ev.player)} concedes.`;
    case 'raceStart':
      return `${name(ev.player)} starts the race by lifting ${n(ev.count, w)} from hole ${ev.hole}.`;
    case 'raceTick':
      return '';
    case 'raceFinish':
      return ev.place === 1
        ? `${name(ev.player)}’s last ${w.counter} reaches empty hole ${ev.hole}: first to finish the race.`
        : `${name(ev.player)} finishes the race at hole ${ev.hole}.`;
    case 'raceAbandon':
      return `${name(ev.player)} stops and puts ${n(ev.count, w)} back into hole ${ev.hole}.`;
    case 'raceEnd':
      return `The race is over${ev.loop ? ' (it would have repeated for ever)' : ''}: ${name(ev.winner)} moves first.`;
    case 'roundEnd':
      return `Round ${ev.round} ends${ev.reason && ev.reason !== 'rules' ? ` (${endReasonText(ev.reason)})` : ''}. Tally: ${ev.totals
        .slice(1)
        .map((t, i) => `${name(i + 1)} ${t}`)
        .join(', ')}.`;
    case 'redistribute':
      return `Round ${ev.round} is laid out: ${ev.changes.length === 0 ? 'no hole changes hands' : `${ev.changes.length} hole${ev.changes.length === 1 ? '' : 's'} change hands`}.`;
    case 'eliminated':
      return `${name(ev.player)} has no hole left and drops out.`;
    case 'matchEnd':
      return `${ev.winner > 0 ? `${name(ev.winner)} wins the match` : 'The match is drawn'}${
        ev.reason && ev.reason !== 'rules' ? ` (${endReasonText(ev.reason)})` : ''
      }.`;
  }
}

/**
 * The story of a move: each engine event turned into one plain sentence naming the player (and,
 * through `ev.rule`, the clause behind it). The web app's commentary and the terminal's `play`
 * and `replay` both tell it from here, so they say the same thing in the same words. Nothing here
 * decides anything about the rules; it only says in words what the engine reports.
 *
 * ```ts
 * const words = wordsFor(game.ruleset.info.clausePrefix);
 * for (const line of storyLines(trace, (p) => `Player ${p}`, words)) console.log(line);
 * ```
 */
import type { GameEvent } from '../core/events.js';

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

/** What the teller knows beyond the event itself. */
export interface StoryContext {
  /** The event belongs to a race, where several players sow at once: every line names its racer. */
  readonly racing?: boolean;
}

/**
 * One sentence for one event, naming the player and the clause behind it. `name(p)` gives a
 * player's display name. Returns '' for events that need no line of their own.
 */
export function eventText(ev: GameEvent, name: (p: number) => string, w: Words, context: StoryContext = {}): string {
  switch (ev.type) {
    case 'lift':
      return `${name(ev.player)} lifts ${n(ev.count, w)} from hole ${ev.hole}.`;
    case 'drop':
      return '';
    case 'skip':
      // In a race both players sow at once: a skip without its racer's name teaches nothing.
      return ev.player > 0 ? `Hole ${ev.hole} is passed over by ${name(ev.player)}.` : `Hole ${ev.hole} is passed over.`;
    case 'relay':
      return context.racing && ev.player > 0
        ? `${name(ev.player)}’s last ${w.counter} fell into occupied hole ${ev.hole}, so its ${n(ev.count, w)} are lifted and sown on.`
        : `The last ${w.counter} fell into occupied hole ${ev.hole}, so its ${n(ev.count, w)} are lifted and sown on.`;
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
      if (ev.deadHeat)
        return (
          'The race ends in a dead heat (both finished in the same tick); the tie rule gives the start to ' +
          `${name(ev.winner)}, who moves first.`
        );
      return `The race is over${ev.loop ? ' (it would have repeated for ever)' : ''}: ${name(ev.winner)} moves first.`;
    case 'roundEnd':
      return `Round ${ev.round} ends${ev.reason && ev.reason !== 'rules' ? ` (${endReasonText(ev.reason)})` : ''}. Tally: ${ev.totals
        .slice(1)
        .map((t, i) => `${name(i + 1)} ${t}`)
        .join(', ')}.`;
    case 'redistribute':
      return (
        `Round ${ev.round} is laid out: ` +
        (ev.changes.length === 0
          ? 'no hole changes hands'
          : `${ev.changes.length} hole${ev.changes.length === 1 ? '' : 's'} change hands`) +
        '.'
      );
    case 'eliminated':
      return `${name(ev.player)} has no hole left and drops out.`;
    case 'matchEnd':
      return `${ev.winner > 0 ? `${name(ev.winner)} wins the match` : 'The match is drawn'}${
        ev.reason && ev.reason !== 'rules' ? ` (${endReasonText(ev.reason)})` : ''
      }.`;
  }
}

/** One line of a story: the sentence and the clause behind it (if the engine named one). */
export interface StoryLine {
  readonly text: string;
  readonly rule?: string;
  readonly type: GameEvent['type'];
}

/**
 * The story of a move's events, in order, without the silent ones (drops, ticks). Events between
 * a `raceStart` and the `raceEnd` are told as race events, each naming its racer.
 */
export function storyLines(events: readonly GameEvent[], name: (p: number) => string, w: Words): StoryLine[] {
  const out: StoryLine[] = [];
  let racing = false;
  for (const ev of events) {
    if (ev.type === 'raceStart') racing = true;
    const text = eventText(ev, name, w, { racing });
    if (ev.type === 'raceEnd') racing = false;
    if (text === '') continue;
    out.push(ev.rule === undefined ? { text, type: ev.type } : { text, rule: ev.rule, type: ev.type });
  }
  return out;
}

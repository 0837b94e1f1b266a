/**
 * The story of a move: each engine event turned into one plain sentence naming the player (and,
 * through `ev.rule`, the clause behind it). The web app's commentary and the terminal's `play`
 * and `replay` both tell it from here, so they say the same thing in the same words. The
 * sentences are the message catalogue's (`story.*`, src/i18n/story.ts); every function takes an
 * optional language and speaks English without one (the terminal, the engine, the records). Nothing
 * here decides anything about the rules; it only says in words what the engine reports.
 *
 * ```ts
 * const words = wordsFor(game.ruleset.info);
 * for (const line of storyLines(trace, (p) => `Player ${p}`, words)) console.log(line);
 * ```
 */
import type { GameEvent, RulesetInfo } from '@gabata/engine/core';
import { createI18n, type I18n } from './base.js';
import { endReasonText as tellEndReason, markWord, tellEvent, tellStory, unitFor, type Unit } from './story.js';

export { storyContexts } from './story.js';

/** The language of the terminal, the engine and the records (made when first needed: a page has its own). */
let english: I18n | undefined;
const ENGLISH = (): I18n => (english ??= createI18n('en'));

/**
 * Per-ruleset words: what the counters and the captured holes are called, in the language asked
 * for; the story told with them is told in that language.
 */
export interface Words {
  counter: string;
  counters: string;
  mark: string;
  /** Which counters these are: Gifia's beans or everybody else's counters (absent: read from `counter`). */
  unit?: Unit;
  /** The language these words are in: the story told with them speaks it (absent: English). */
  i18n?: I18n;
}

export function wordsFor(info: Pick<RulesetInfo, 'words'>, i18n: I18n = ENGLISH()): Words {
  const unit = unitFor(info);
  return {
    counter: i18n.t(`story.unit.${unit}`),
    counters: i18n.t(`story.count.${unit}`, { count: 2 }).replace(/^\S+\s*/, ''),
    mark: markWord(info, i18n),
    unit,
    i18n,
  };
}

const unitOf = (w: Words): Unit => w.unit ?? (w.counter === 'bean' ? 'bean' : 'counter');

/** Why a round or match ended, in words ('' for the ordinary end, the code itself if unknown). */
export function endReasonText(reason: string, i18n: I18n = ENGLISH()): string {
  return tellEndReason(reason, i18n);
}

/** What the teller knows beyond the event itself. */
export interface StoryContext {
  /** The event belongs to a race, where several players sow at once: every line names its racer. */
  readonly racing?: boolean;
  /** That race ends in a dead heat: nobody finished first (see `storyContexts`). */
  readonly deadHeat?: boolean;
}

/**
 * One sentence for one event, naming the player and the clause behind it. `name(p)` gives a
 * player's display name. Returns '' for events that need no line of their own.
 */
export function eventText(
  ev: GameEvent,
  name: (p: number) => string,
  w: Words,
  context: StoryContext = {},
  i18n: I18n = w.i18n ?? ENGLISH(),
): string {
  return tellEvent(ev, name, unitOf(w), i18n, context);
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
export function storyLines(
  events: readonly GameEvent[],
  name: (p: number) => string,
  w: Words,
  i18n: I18n = w.i18n ?? ENGLISH(),
): StoryLine[] {
  return tellStory(events, name, unitOf(w), i18n);
}

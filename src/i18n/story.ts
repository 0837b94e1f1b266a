/**
 * The story of a move in any language: each engine event turned into one sentence of the message
 * catalogue (`story.*`). It says in the English catalogue exactly what src/i18n/story-lines.ts says
 * (test/i18n.test.ts checks this event by event), so that story.ts can hand its words over to it.
 *
 * ```ts
 * const i18n = createI18n('am');
 * const unit = unitFor(game.ruleset.info);
 * tellEvent(ev, (p) => i18n.t('web.person', { player: p }), unit, i18n);
 * ```
 */
import type { GameEvent, RulesetInfo, RulesetWords } from '@gabata/engine/core';
import type { I18n } from './index.js';

/** What the counters of a ruleset are called (its description names the word: beans in Gifia). */
export type Unit = RulesetWords['unit'];

export function unitFor(info: Pick<RulesetInfo, 'words'>): Unit {
  return info.words.unit;
}

/** The name of a ruleset's captured holes (`wegue`, `nedf`, or Gifia's `mark`) in the language. */
export function markWord(info: Pick<RulesetInfo, 'words'>, i18n: I18n): string {
  return i18n.t(`story.markName.${info.words.mark}`);
}

/** Engine reason codes spelled two ways. */
const REASON_ALIASES: Readonly<Record<string, string>> = { 'perpetual sowing': 'perpetual' };

/** Why a turn ended, in words; a code with no sentence is shown as words split from its camelCase. */
export function turnEndReasonText(reason: string, i18n: I18n): string {
  return i18n.lookup(`story.turnEndReason.${REASON_ALIASES[reason] ?? reason}`) ?? reason.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
}

/** Why a round or match ended, in words ('' for the ordinary end, the code itself if unknown). */
export function endReasonText(reason: string, i18n: I18n): string {
  if (reason === 'none' || reason === '') return '';
  return i18n.lookup(`story.endReason.${reason}`) ?? reason;
}

/**
 * The teller's knowledge beyond the event: inside a race every line names its racer; in a race that
 * ends in a dead heat nobody is told "first to finish" (both finished in the same tick).
 */
export interface TellContext {
  readonly racing?: boolean;
  readonly deadHeat?: boolean;
}

/**
 * The context of each event of a trace (`out[i]` for `events[i]`): whether it belongs to a race,
 * and whether that race ends in a dead heat (read ahead from its `raceEnd`).
 */
export function storyContexts(events: readonly GameEvent[]): TellContext[] {
  const out = new Array<TellContext>(events.length);
  let deadHeat = false;
  for (let i = events.length - 1; i >= 0; i--) {
    const ev = events[i]!;
    if (ev.type === 'raceEnd') deadHeat = ev.deadHeat === true;
    out[i] = { deadHeat };
  }
  let racing = false;
  for (const [i, ev] of events.entries()) {
    if (ev.type === 'raceStart') racing = true;
    out[i] = { racing, deadHeat: racing && out[i]!.deadHeat === true };
    if (ev.type === 'raceEnd') racing = false;
  }
  return out;
}

/**
 * One sentence for one event in the language of `i18n`, naming the player (`name(p)`) and the
 * counters; '' for events that need no line (drops, race ticks).
 */
export function tellEvent(ev: GameEvent, name: (p: number) => string, unit: Unit, i18n: I18n, context: TellContext = {}): string {
  const { t } = i18n;
  const counters = (count: number): string => t(`story.count.${unit}`, { count });
  const why = (reason: string): string => (reason && reason !== 'rules' ? endReasonText(reason, i18n) : '');
  switch (ev.type) {
    case 'lift':
      return t('story.lift', { name: name(ev.player), counters: counters(ev.count), hole: ev.hole });
    case 'drop':
    case 'storeDrop':
    case 'raceTick':
      return '';
    case 'skip':
      return ev.player > 0 ? t('story.skipBy', { hole: ev.hole, name: name(ev.player) }) : t('story.skip', { hole: ev.hole });
    case 'relay': {
      const vars = { unit: t(`story.unit.${unit}`), hole: ev.hole, counters: counters(ev.count) };
      return context.racing && ev.player > 0 ? t('story.relayBy', { ...vars, name: name(ev.player) }) : t('story.relay', vars);
    }
    case 'mark':
      return t('story.mark', { hole: ev.hole, name: name(ev.player), kind: t(`story.markName.${ev.kind}`) });
    case 'capture':
      return t('story.capture', { name: name(ev.player), counters: counters(ev.count), hole: ev.hole });
    case 'await':
      return ev.reason === 'continue'
        ? t('story.awaitContinue', { name: name(ev.player) })
        : t('story.awaitChoose', { name: name(ev.player) });
    case 'turnEnd':
      return t('story.turnEnd', { name: name(ev.player), reason: turnEndReasonText(ev.reason, i18n) });
    case 'pass':
      return t('story.pass', { name: name(ev.player) });
    case 'concede':
      return t('story.concede', { name: name(ev.player) });
    case 'raceStart':
      return t('story.raceStart', { name: name(ev.player), counters: counters(ev.count), hole: ev.hole });
    case 'raceFinish':
      return ev.place === 1 && !context.deadHeat
        ? t('story.raceFinishFirst', { name: name(ev.player), unit: t(`story.unit.${unit}`), hole: ev.hole })
        : t('story.raceFinish', { name: name(ev.player), hole: ev.hole });
    case 'raceAbandon':
      return t('story.raceAbandon', { name: name(ev.player), counters: counters(ev.count), hole: ev.hole });
    case 'raceEnd':
      if (ev.deadHeat) return t('story.raceDeadHeat', { name: name(ev.winner) });
      return t(ev.loop ? 'story.raceEndLoop' : 'story.raceEnd', { name: name(ev.winner) });
    case 'roundEnd': {
      const tally = ev.totals
        .slice(1)
        .map((total, i) => t('story.tallyEntry', { name: name(i + 1), total: i18n.formatNumber(total) }))
        .join(t('story.listSeparator'));
      const because = why(ev.reason);
      return because === ''
        ? t('story.roundEnd', { round: ev.round, tally })
        : t('story.roundEndWhy', { round: ev.round, tally, why: because });
    }
    case 'redistribute':
      return ev.changes.length === 0
        ? t('story.laidOutNone', { round: ev.round })
        : t('story.laidOut', { round: ev.round, count: ev.changes.length });
    case 'eliminated':
      return t('story.eliminated', { name: name(ev.player) });
    case 'matchEnd': {
      const because = why(ev.reason);
      if (ev.winner > 0) {
        const who = name(ev.winner);
        return because === '' ? t('story.matchWin', { name: who }) : t('story.matchWinWhy', { name: who, why: because });
      }
      return because === '' ? t('story.matchDraw') : t('story.matchDrawWhy', { why: because });
    }
  }
}

/** One line of a told story: the sentence and the clause behind it (if the engine named one). */
export interface ToldLine {
  readonly text: string;
  readonly rule?: string;
  readonly type: GameEvent['type'];
}

/** The story of a move's events, in order, without the silent ones; race events name their racer. */
export function tellStory(events: readonly GameEvent[], name: (p: number) => string, unit: Unit, i18n: I18n): ToldLine[] {
  const out: ToldLine[] = [];
  const contexts = storyContexts(events);
  for (const [i, ev] of events.entries()) {
    const text = tellEvent(ev, name, unit, i18n, contexts[i]);
    if (text === '') continue;
    out.push(ev.rule === undefined ? { text, type: ev.type } : { text, rule: ev.rule, type: ev.type });
  }
  return out;
}

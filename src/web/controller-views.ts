/**
 * What the views read off the controller (controller.ts): the status line, how a game ended, the
 * page's state, which controls can be used, why a tap was refused and a choice in words; and an
 * error as the line under the board shows it.
 */
import { ApiError } from './api.js';
import type { State } from '@gabata/engine/core';
import { byHole, isSimultaneous, type Choice, type StoredMove } from './engine.js';
import { isLocalId } from './offline-store.js';
import { I18N, T, clauseText } from './text.js';
import type { WaitingMode, LiveMode } from './controller-modes.js';
import type { PlayController } from './controller.js';

/** A move as the move list names it: the mover and the move, or each racer and their choice. */
export function moveLabelOf(c: PlayController, m: StoredMove, before: State): string {
  return m.joint
    ? m.move
        .split('|')
        .map((t, k) => `${c.name(k + 1)} ${t}`)
        .join(' · ')
    : `${c.name(before.toMove)}: ${m.move}`;
}

export function errorText(e: unknown, otherwise?: string): string {
  // No answer at all (status 0, offline) keeps the caller's own words when it has some.
  if (e instanceof ApiError && (e.status !== 0 || otherwise === undefined)) return T.serverError(e.code, e.message);
  return otherwise ?? (e as Error).message;
}

/** A choice in words: its notation, where it first drops, what it takes. */
export function describeChoice(c: Choice): string {
  const parts = [c.text];
  if (c.firstDrop >= 0) parts.push(T.firstDropInto(c.firstDrop));
  for (const t of c.takes) parts.push(T.takes(t.hole, t.count));
  return parts.join(' · ');
}

// ---- what the views read off the mode ------------------------------------------------------

/** The status line under the title: a look at an earlier move says so; a turn that goes on says why. */
export function statusText(c: PlayController): string {
  const m = c.live;
  if (!c.ready || m.kind === 'loading' || m.kind === 'missing') return '';
  if (c.mode.kind === 'history') return `${T.viewingPly(c.mode.ply, c.moves.length)} ${T.returnToGame}`;
  if (c.finished) return c.end && c.end.reason !== 'rules' ? endText(c) : T.matchOver;
  if (m.kind === 'animating' && m.race) return m.race;
  if (m.kind === 'animating' || m.kind === 'posting') return T.sowing;
  const rule = c.continuedBy();
  const status = liveStatus(c, m);
  return rule ? `${T.turnContinues} ${clauseText(rule)} [${rule}] ${status}` : status;
}

/** The chooser's only way to play is to pass. */
export function onlyPass(c: PlayController): boolean {
  const { list } = c.choicesNow();
  return list.length > 0 && list.every((x) => x.kind === 'pass');
}

/** Who is to do what in the live game, settled (not over, not moving). */
export function liveStatus(c: PlayController, m: LiveMode): string {
  const l = c.liveState;
  if (m.kind === 'waiting' && m.for === 'join') return T.waitingForJoin(c.unjoined().map(c.name).join(', '));
  if (m.kind === 'waiting' && m.for === 'summary') return T.summaryWaits;
  if (c.thinking > 0) return T.thinking(isSimultaneous(l) ? T.theComputer : c.name(l.toMove));
  const player = c.chooser;
  const solo = c.myPeople().length === 1;
  if (player > 0 && isSimultaneous(l)) return solo ? T.chooseSolo : T.chooseFor(c.name(player));
  if (player > 0 && onlyPass(c)) return solo ? T.mustPass : `${c.name(player)}: ${T.mustPass}`;
  if (player > 0) return solo ? T.yourTurnSolo : T.yourTurn(c.name(player));
  if (isSimultaneous(l)) {
    if (c.spectator || !c.online) return T.everyoneChooses;
    const chosen = c.committed.filter((p) => !c.holds(p)).map(c.name);
    return chosen.length ? `${T.waitingForOthers} ${T.hasChosen(chosen.join(', '))}` : T.waitingForOthers;
  }
  if (c.online && !c.spectator && m.kind === 'waiting') return T.waitingFor(c.name(l.toMove));
  return T.toMove(c.name(l.toMove));
}

/** How a game ended other than by the rules (resignation, time, agreement, a claim after the opponents left), in words. */
export function endText(c: PlayController): string {
  const end = c.end;
  if (!end) return '';
  const winner = end.winner > 0 ? c.name(end.winner) : '';
  if (end.reason === 'resign') return winner ? T.wonByResignation(winner) : T.endedByResignation;
  if (end.reason === 'time') return winner ? T.wonOnTime(winner) : T.endedOnTime;
  if (end.reason === 'agreement') return T.drawnByAgreement;
  if (end.reason === 'abandoned') return winner ? I18N.t('play.wonAbandoned', { who: winner }) : I18N.t('play.drawnAbandoned');
  return end.text;
}

/** What the page is waiting for, for tests and assistive tools (the page's data-state). */
export function pageState(c: PlayController): 'loading' | 'over' | 'busy' | 'thinking' | 'human' | 'waiting' | 'paused' {
  const m = c.live;
  if (!c.ready || m.kind === 'loading' || m.kind === 'missing') return 'loading';
  if (c.finished && m.kind !== 'animating') return 'over';
  if (m.kind === 'animating' || m.kind === 'posting') return 'busy';
  if (c.thinking > 0) return 'thinking';
  if (m.kind === 'waiting' && m.for === 'summary') return 'paused';
  return c.chooser > 0 ? 'human' : 'waiting';
}

/** Which controls can be used now. */
export function controlsOf(c: PlayController): {
  undo: boolean;
  hint: boolean;
  skip: boolean;
  steps: boolean;
  pass: boolean;
  concede: boolean;
  resign: boolean;
  draw: boolean;
  rematch: boolean;
  player: boolean;
  watchRace: boolean;
} {
  const m = c.live;
  const busy = m.kind === 'animating' || m.kind === 'posting';
  const asking = (m.kind === 'choosing' || m.kind === 'race') && m.hint.kind === 'asking';
  const { list } = c.ready ? c.choicesNow() : { list: [] };
  const player = c.ready && !c.spectator;
  const going = player && !c.finished && m.kind !== 'loading' && m.kind !== 'missing';
  const playing = going && c.online && c.unjoined().length === 0;
  // Against the computer (a game the server keeps: one played offline cannot end but by its rules) a person may resign too.
  const vsComputer = going && !isLocalId(c.id) && c.myPeople().length > 0 && c.doc.seats.some((s) => c.isComputer(s.seat));
  return {
    undo: player && !busy && !c.finished && c.undoTarget() >= 0 && !c.net.offerMade(),
    // No engine hints in a game against other people.
    hint: c.chooser > 0 && !busy && !asking && c.mode.kind !== 'history' && !c.online,
    skip: m.kind === 'animating',
    steps: m.kind !== 'animating',
    pass: list.some((x) => x.kind === 'pass'),
    concede: list.some((x) => x.kind === 'concede'),
    resign: playing || vsComputer,
    // A draw needs a person to agree to it: the computer does not (the server refuses).
    draw: playing && !c.net.offerMade() && c.doc.seats.some((s) => c.isHuman(s.seat) && !c.holds(s.seat)),
    rematch: player && c.online && c.finished && !c.net.offerMade(),
    player,
    // The opening race can be watched again whenever no move is being sent or drawn.
    watchRace: c.ready && c.hasOpeningRace && !busy && m.kind !== 'loading' && m.kind !== 'missing' && m.kind !== 'closed',
  };
}

/** Why a tap cannot be played, in the engine's words where it has them. */
export function explainRefusal(c: PlayController, hole: number, player: number, list: readonly Choice[]): string {
  const s = c.liveState;
  const playable = [...byHole(list).keys()].sort((a, b) => a - b).join(', ') || T.noLegal;
  const rule = c.game.ruleset.info.startRule;
  // The engine's own reason, when its notation reads a bare hole number.
  const r = c.game.parseMove(s, String(hole));
  if (!r.ok && r.error.code === 'ERR_ILLEGAL_MOVE') {
    const m = r.error.message.replace(/\s*\(at [^)]*\)$/, '');
    return `${m.charAt(0).toUpperCase()}${m.slice(1)}${/legal/.test(m) ? '' : `. ${T.playable(playable)}`}`;
  }
  const owner = s.owners[hole]!;
  if (s.marks[hole]) return `${T.markedHole(hole, T.ownerOf(c.name(s.marks[hole]!)), c.words.mark)} ${T.playable(playable)}`;
  if (owner !== player) return `${T.notOwnHole(hole, owner ? T.ownerOf(c.name(owner)) : T.nobody)} ${T.playable(playable)} [${rule}]`;
  if (s.counts[hole] === 0) return `${T.emptyHole(hole)} ${T.playable(playable)}`;
  return `${T.illegalGeneric(hole, playable)} [${rule}: ${clauseText(rule)}]`;
}

export function waitingText(c: PlayController, m: WaitingMode): string {
  if (m.for === 'join') return T.waitingForJoin(c.unjoined().map(c.name).join(', '));
  if (m.for === 'summary') return T.summaryWaits;
  return c.spectator ? T.spectatorNoMoves : T.notYourTurn(c.name(c.liveState.toMove));
}

/**
 * A reference model of one Gabata decision (Adowa, and Aksum's chafa enda), written from SPEC.md
 * §2-§4 and §8 with plain arrays; see harness.ts. It covers the options
 * captureGate = firstTurnOfRound | eachPlayersFirstTurn | none, wegueContinuation (all three),
 * skipOriginOnLongLaps, chafaAppliesToRelay, two or three players; `covers` says so.
 *
 * One decision: choose a starting hole (ADW-07, AKS-03/04) and sow it with relays (ADW-05, 08, 09)
 * until the last counter of a lap ends the turn (ADW-09, 14, 15), makes a wegue (ADW-10/11, then
 * ADW-13's continuation) or the turn proves perpetual (§8.1). Or pass (ADW-16), or stop an
 * optional continuation (ADW-13). The round ends when no ordinary hole holds a counter (ADW-17);
 * the totals are hand + wegues (ADW-18).
 */
import type { Game } from '../../packages/engine/src/core/game.js';
import { MOVE_PASS } from '../../packages/engine/src/core/game.js';
import { PHASE_CONTINUE, PHASE_PLAY, type State } from '../../packages/engine/src/core/state.js';
import type { RefOutcome, Reference } from './harness.js';

/** SPEC §2.3. */
export const TRACK_G = [0, 1, 2, 3, 4, 5, 11, 10, 9, 17, 16, 15, 14, 13, 12, 6, 7, 8];
const next = (h: number): number => TRACK_G[(TRACK_G.indexOf(h) + 1) % 18]!;
const MAX_LAPS = 10_000;

export interface GabataPos {
  counts: number[];
  marks: number[];
  owners: number[];
  captured: number[];
  players: number;
  active: boolean[];
  mover: number;
  /** A continuation after a wegue (ADW-13) rather than the start of a turn. */
  continuing: boolean;
  /** ADW-11: wegues cannot be made during this decision. */
  gateClosed: boolean;
  aksum: boolean;
  /** Each player's chafa enda (AKS-02, AKS-3P-06: the first hole of his segment in the original split). */
  chafa: number[];
  continuation: 'mandatory' | 'optional' | 'none';
  skipOrigin: boolean;
  chafaAppliesToRelay: boolean;
}

/** The options this model covers; other games are not compared. */
export function coversGabata(game: Game): boolean {
  const o = game.options;
  return (
    ['firstTurnOfRound', 'eachPlayersFirstTurn', 'none'].includes(String(o['captureGate'])) &&
    o['lastHoleRule'] !== 'on' &&
    o['lastHoleRule'] !== true &&
    (o['chafaLocation'] === undefined || o['chafaLocation'] === 'fixed') &&
    o['perpetualMove'] === 'illegal'
  );
}

const ordinary = (p: GabataPos, h: number, player: number): boolean => p.owners[h] === player && p.marks[h] === 0;

/** ADW-07, AKS-03/04/06: the holes the mover may start from. */
function starts(p: GabataPos): number[] {
  const mine = [];
  for (let h = 0; h < 18; h++) if (ordinary(p, h, p.mover) && p.counts[h]! > 0) mine.push(h);
  if (!p.aksum) return mine;
  const chafa = p.chafa[p.mover]!;
  // The restriction holds only while he owns his chafa enda as an ordinary hole (AKS-06).
  if (!mine.includes(chafa) || p.counts[chafa]! > 3 || mine.length === 1) return mine;
  return mine.filter((h) => h !== chafa);
}

interface Sown {
  counts: number[];
  marks: number[];
  captured: number[];
  /** How the sowing stopped. */
  end: 'empty' | 'ownWegue' | 'opponentWegue' | 'wegue' | 'chafa' | 'perpetual';
}

/** Sows from `start` until the turn (or this sowing, for a wegue) ends. */
function sow(p: GabataPos, start: number): Sown {
  const counts = p.counts.slice();
  const marks = p.marks.slice();
  const captured = p.captured.slice();
  const mover = p.mover;
  const seen = new Set<string>();
  let from = start;
  for (let lap = 0; lap < MAX_LAPS; lap++) {
    // SPEC §8.1: a lap that starts as an earlier one did repeats for ever.
    const key = `${from}|${counts.join(',')}|${marks.join(',')}`;
    if (seen.has(key)) return { counts, marks, captured, end: 'perpetual' };
    seen.add(key);
    let hand = counts[from]!;
    counts[from] = 0;
    let at = from;
    while (hand > 0) {
      at = next(at);
      if (p.skipOrigin && at === from) continue; // §1 option: the origin is passed over
      counts[at]!++; // ADW-05: every hole, either player's, wegues alike
      hand--;
    }
    const c = counts[at]!;
    if (marks[at] === mover) return { counts, marks, captured, end: 'ownWegue' }; // ADW-15
    if (marks[at] !== 0) {
      // ADW-14: the dropped counter and one more, or only the dropped one.
      const take = Math.min(2, c);
      counts[at] = c - take;
      captured[mover] = captured[mover]! + take;
      return { counts, marks, captured, end: 'opponentWegue' };
    }
    if (c === 1) return { counts, marks, captured, end: 'empty' }; // ADW-09
    if (p.owners[at] !== mover && c === 4 && !p.gateClosed) {
      marks[at] = mover; // ADW-10
      return { counts, marks, captured, end: 'wegue' };
    }
    if (p.chafaAppliesToRelay && p.aksum && at === p.chafa[mover] && ordinary(p, at, mover) && c <= 3) {
      return { counts, marks, captured, end: 'chafa' }; // K1 option: the relay stops at one's own chafa enda
    }
    from = at; // ADW-08: relay (the gate turns a would-be wegue into a relay too, ADW-11)
  }
  return { counts, marks, captured, end: 'perpetual' };
}

const roundOver = (counts: readonly number[], marks: readonly number[]): boolean => counts.every((c, h) => c === 0 || marks[h] !== 0);

function nextPlayer(p: GabataPos): number {
  for (let i = 1; i <= p.players; i++) {
    const q = ((p.mover - 1 + i) % p.players) + 1;
    if (p.active[q]) return q;
  }
  return p.mover;
}

function totals(counts: readonly number[], marks: readonly number[], captured: readonly number[]): number[] {
  const t = captured.slice();
  for (let h = 0; h < 18; h++) if (marks[h] !== 0) t[marks[h]!] = t[marks[h]!]! + counts[h]!;
  return t;
}

export const gabataReference: Reference<GabataPos> = {
  name: 'gabata',

  from(game: Game, s: State): GabataPos | null {
    if (s.phase !== PHASE_PLAY && s.phase !== PHASE_CONTINUE) return null;
    const o = game.options;
    const players = s.players;
    const extra = game.extraToJSON(s);
    const started = Number(extra['startedMask'] ?? 0);
    const gate = String(o['captureGate']);
    // ADW-11: the first turn of the round (a continuation follows a wegue, so its gate was open).
    const gateClosed =
      s.phase === PHASE_PLAY &&
      (gate === 'firstTurnOfRound' ? s.turn === 0 : gate === 'eachPlayersFirstTurn' ? (started & (1 << s.toMove)) === 0 : false);
    // The original split (round 1) gives each player's first hole on Track G: his chafa enda.
    const initial = game.newState(1).owners;
    const chafa = [-1];
    for (let q = 1; q <= players; q++) chafa.push(TRACK_G.find((h, i) => initial[h] === q && initial[TRACK_G[(i + 17) % 18]!] !== q)!);
    return {
      counts: [...s.counts],
      marks: [...s.marks],
      owners: [...s.owners],
      captured: [...s.captured],
      players,
      active: [...s.active].map((a) => a === 1),
      mover: s.toMove,
      continuing: s.phase === PHASE_CONTINUE,
      gateClosed,
      aksum: game.ruleset.info.id === 'gabata-aksum',
      chafa,
      continuation: String(o['wegueContinuation']) as GabataPos['continuation'],
      skipOrigin: o['skipOriginOnLongLaps'] === true,
      chafaAppliesToRelay: o['chafaAppliesToRelay'] === true,
    };
  },

  moves(p: GabataPos): number[] {
    // §8.1 perpetualMove = illegal: a start that never ends is no move; with none left, pass.
    const out = starts(p).filter((h) => sow(p, h).end !== 'perpetual');
    if (p.continuing && p.continuation === 'optional') out.push(MOVE_PASS); // ADW-13: he may stop
    if (out.length === 0) out.push(MOVE_PASS); // ADW-16
    return out;
  },

  play(p: GabataPos, move: number): RefOutcome {
    const turnEnds = (counts: number[], marks: number[], captured: number[]): RefOutcome =>
      roundOver(counts, marks)
        ? { phase: 'roundEnd', counts, marks, captured, toMove: 0, totals: totals(counts, marks, captured) }
        : { phase: 'play', counts, marks, captured, toMove: nextPlayer(p) };
    if (move === MOVE_PASS) return turnEnds(p.counts.slice(), p.marks.slice(), p.captured.slice());
    const r = sow(p, move);
    if (r.end === 'wegue') {
      if (roundOver(r.counts, r.marks)) return turnEnds(r.counts, r.marks, r.captured);
      // ADW-13: sow again from an ordinary hole, if he has one.
      const again = starts({ ...p, counts: r.counts, marks: r.marks, continuing: true, gateClosed: false });
      if (p.continuation !== 'none' && again.length > 0)
        return { phase: 'continue', counts: r.counts, marks: r.marks, captured: r.captured, toMove: p.mover };
    }
    return turnEnds(r.counts, r.marks, r.captured);
  },
};

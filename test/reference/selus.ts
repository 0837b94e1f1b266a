/**
 * A reference model of one Selus main-phase decision, written from SPEC.md §2.3, §6 and §8 with
 * plain arrays; see harness.ts. The opening race (SEL-04..06) is not modelled.
 *
 * A decision: a starting hole by the priorities of SEL-08 (never a nedf, SEL-09), or a
 * concession (SEL-18 b). Sowing drops one counter per hole along Track G (SEL-10), passing over
 * an opponent's ordinary hole holding exactly three (SEL-11) unless a nedf is made there: the
 * last counter of a lap by the first nedf's simple method (SEL-12), or two counters in hand by
 * the two-counter method (SEL-14), at most one per lap (SEL-15), and neither while a guardian of
 * an opponent's nedf holds three (SEL-16). A lap ending in a nedf ends the turn (SEL-13), in an
 * empty hole too; in an occupied ordinary hole it is relayed (SEL-07). The game ends when the
 * player to move has no counter in his ordinary holes (SEL-18 a), scored by SEL-19.
 */
import type { Game } from '../../packages/engine/src/core/game.js';
import { MOVE_CONCEDE, MOVE_PASS } from '../../packages/engine/src/core/game.js';
import { PHASE_PLAY, type State } from '../../packages/engine/src/core/state.js';
import type { RefOutcome, Reference } from './harness.js';

/** SPEC §2.3. */
const TRACK_G = [0, 1, 2, 3, 4, 5, 11, 10, 9, 17, 16, 15, 14, 13, 12, 6, 7, 8];
const next = (h: number): number => TRACK_G[(TRACK_G.indexOf(h) + 1) % 18]!;
/** SPEC §2.2 and §6.1: each player's Track G segment; its first three holes are his "three leftmost". */
const SEGMENT = [[], [0, 1, 2, 3, 4, 5, 11, 10, 9], [17, 16, 15, 14, 13, 12, 6, 7, 8]];
const OWNER = [1, 1, 1, 1, 1, 1, 2, 2, 2, 1, 1, 1, 2, 2, 2, 2, 2, 2];
/** Each player's main ("outer") row (option nedfZone = opponentOuterRow). */
const OUTER_ROW = [[], [0, 1, 2, 3, 4, 5], [12, 13, 14, 15, 16, 17]];
const MAX_LAPS = 10_000;

export interface SelusPos {
  counts: number[];
  marks: number[];
  mover: number;
  concession: 'resign' | 'scored' | 'off';
  firstScope: 'perPlayer' | 'global';
  mode: 'twoCounterRule' | 'onePerPlayer';
  outerRowOnly: boolean;
  secondHoleOpponentOnly: boolean;
  guardian: boolean;
  /** Option guardianScope = latestNedf: only the guardian of the opponent's latest nedf blocks (-1: none). */
  latestOnly: boolean;
  opponentLatest: number;
  skipOrigin: boolean;
  scoring: string;
}

export function coversSelus(game: Game): boolean {
  const o = game.options;
  return o['perpetualMove'] === 'illegal';
}

const ordinary = (p: SelusPos, h: number, player: number): boolean => OWNER[h] === player && p.marks[h] === 0;

/** SEL-08 (and SEL-09: nedfs are not ordinary holes). */
export function selusStarts(p: SelusPos, player: number): number[] {
  const seg = SEGMENT[player]!;
  const occupied = seg.filter((h) => ordinary(p, h, player) && p.counts[h]! > 0);
  const big = occupied.filter((h) => p.counts[h]! > 3);
  if (big.length > 0) return big; // (1)
  const others = occupied.filter((h) => seg.indexOf(h) >= 3);
  if (others.length > 0) {
    // (2): only 2s and 3s with at least one 2: the 2 closest to the opponent (latest in the segment).
    const twos = others.filter((h) => p.counts[h] === 2);
    if (others.every((h) => p.counts[h] === 2 || p.counts[h] === 3) && twos.length > 0) return [twos[twos.length - 1]!];
    return others;
  }
  // (3): only the three leftmost: a 1 first, then a 2, then a 3.
  for (const c of [1, 2, 3]) {
    const these = occupied.filter((h) => p.counts[h] === c);
    if (these.length > 0) return these;
  }
  return [];
}

/** Sows from `start`; null when the turn never ends. */
function sow(p: SelusPos, start: number): { counts: number[]; marks: number[] } | null {
  const counts = p.counts.slice();
  const marks = p.marks.slice();
  const mover = p.mover;
  const opponent = 3 - mover;
  const seen = new Set<string>();
  const ownsNedf = (): boolean => marks.some((m) => m === mover);
  const firstDone = (): boolean => (p.firstScope === 'global' ? marks.some((m) => m !== 0) : ownsNedf());
  // SEL-16: the hole after each of the opponent's nedfs, while it holds three, blocks every nedf.
  const blocked = (): boolean =>
    p.guardian &&
    (p.latestOnly
      ? p.opponentLatest >= 0 && counts[next(p.opponentLatest)] === 3
      : marks.some((m, n) => m === opponent && counts[next(n)] === 3));
  const inZone = (h: number): boolean => !p.outerRowOnly || OUTER_ROW[opponent]!.includes(h);
  const opponent3 = (h: number): boolean => OWNER[h] === opponent && marks[h] === 0 && counts[h] === 3;
  let from = start;
  for (let lap = 0; lap < MAX_LAPS; lap++) {
    const key = `${from}|${counts.join(',')}|${marks.join(',')}`;
    if (seen.has(key)) return null;
    seen.add(key);
    let hand = counts[from]!;
    counts[from] = 0;
    let at = from;
    let madeThisLap = false;
    while (hand > 0) {
      const h = next(at);
      at = h;
      if (p.skipOrigin && h === from) continue; // §1 option
      if (opponent3(h)) {
        const may = !madeThisLap && inZone(h) && !blocked();
        const simple = p.mode === 'onePerPlayer' ? !ownsNedf() : !firstDone();
        if (may && hand === 1 && simple) {
          counts[h]!++; // SEL-12: the first nedf ends the turn
          marks[h] = mover;
          return { counts, marks };
        }
        const h2 = next(h);
        const second = marks[h2] === 0 && counts[h2] === 3 && (!p.secondHoleOpponentOnly || OWNER[h2] === opponent);
        if (may && hand === 2 && p.mode === 'twoCounterRule' && firstDone() && second) {
          // SEL-14: one counter into each; the first becomes a nedf; the second (now 4) is relayed.
          counts[h]!++;
          marks[h] = mover;
          counts[h2]!++;
          hand = 0;
          at = h2;
          madeThisLap = true;
          break;
        }
        continue; // SEL-11: passed over
      }
      counts[h]!++;
      hand--;
    }
    if (marks[at] !== 0) return { counts, marks }; // SEL-13
    if (counts[at] === 1) return { counts, marks }; // SEL-07: an empty hole ends the turn
    from = at; // SEL-07: relay
  }
  return null;
}

function scores(p: SelusPos, counts: readonly number[], marks: readonly number[]): number[] | undefined {
  if (p.scoring !== 'nedfPlusOwnHoles' && p.scoring !== 'nedfOnly') return undefined;
  const out = [0, 0, 0];
  for (let h = 0; h < 18; h++) {
    if (marks[h] !== 0) out[marks[h]!] = out[marks[h]!]! + counts[h]!;
    else if (p.scoring === 'nedfPlusOwnHoles') out[OWNER[h]!] = out[OWNER[h]!]! + counts[h]!;
  }
  return out;
}

export const selusReference: Reference<SelusPos> = {
  name: 'selus',

  from(game: Game, s: State): SelusPos | null {
    if (s.phase !== PHASE_PLAY) return null;
    const o = game.options;
    const latest = (game.extraToJSON(s)['latestNedf'] as number[] | undefined) ?? [-1, -1];
    return {
      counts: [...s.counts],
      marks: [...s.marks],
      mover: s.toMove,
      concession: String(o['concession']) as SelusPos['concession'],
      firstScope: String(o['nedfFirstScope']) as SelusPos['firstScope'],
      mode: String(o['nedfMode']) as SelusPos['mode'],
      outerRowOnly: o['nedfZone'] === 'opponentOuterRow',
      secondHoleOpponentOnly: o['twoCounterSecondHole'] === 'opponentOnly',
      guardian: o['guardian'] !== false && o['guardian'] !== 'off',
      latestOnly: o['guardianScope'] === 'latestNedf',
      opponentLatest: latest[2 - s.toMove] ?? -1,
      skipOrigin: o['skipOriginOnLongLaps'] === true,
      scoring: String(o['selusScoring']),
    };
  },

  moves(p: SelusPos): number[] {
    const out = selusStarts(p, p.mover).filter((h) => sow(p, h) !== null); // §8.1
    if (p.concession !== 'off') out.push(MOVE_CONCEDE); // SEL-18 (b)
    return out.length > 0 ? out : [MOVE_PASS];
  },

  play(p: SelusPos, move: number): RefOutcome {
    if (move === MOVE_CONCEDE) {
      const sc = p.concession === 'scored' ? scores(p, p.counts, p.marks) : undefined;
      return { phase: 'over', counts: p.counts, marks: p.marks, captured: [0, 0, 0], toMove: 0, ...(sc ? { scores: sc } : {}) };
    }
    const r = move === MOVE_PASS ? { counts: p.counts.slice(), marks: p.marks.slice() } : sow(p, move)!;
    const other = 3 - p.mover;
    // SEL-18 (a): the next player has no counter in his ordinary holes.
    if (selusStarts({ ...p, counts: r.counts, marks: r.marks }, other).length === 0) {
      const sc = scores(p, r.counts, r.marks);
      return { phase: 'over', counts: r.counts, marks: r.marks, captured: [0, 0, 0], toMove: 0, ...(sc ? { scores: sc } : {}) };
    }
    return { phase: 'play', counts: r.counts, marks: r.marks, captured: [0, 0, 0], toMove: other };
  },
};

/**
 * A text board diagram drawn from the game's geometry alone (no rules): row 0, player 1's side,
 * at the bottom; each hole shows its index and owner on the first line and its count on the
 * second, with a wegue or nedf as `w` + owner (`4w1`) and the game's landmarks (`Game.landmarks`)
 * as `c` + owner for a chafa enda and `g` + the nedf's owner for a guardian (`3g1`); a legend
 * under the board explains the signs in use. Stores, if any, sit at their side.
 *
 * ```
 *        +------+------+------+------+------+------+
 *  row 2 |12  P2|13  P2|14  P2|15  P2|16  P2|17  P2|
 *        |   3  |   3  |   3  |   3  |  4w1 |  3g1 |
 *        +------+------+------+------+------+------+
 * ```
 */
import type { Game, Landmark } from '../core/game.js';
import { END_REASONS, PHASES, PHASE_OVER, type State } from '../core/state.js';

const CELL = 6;

function center(text: string, width: number): string {
  if (text.length >= width) return text;
  const left = Math.floor((width - text.length) / 2);
  return ' '.repeat(left) + text + ' '.repeat(width - text.length - left);
}

/** The letter a landmark's kind is drawn with (after the count). */
const LANDMARK_SIGN: Record<Landmark['kind'], string> = { chafa: 'c', guardian: 'g' };

/** One line explaining the signs on the board now, or '' when there are none. */
function legendOf(game: Game, s: State, landmarks: ReadonlyMap<number, Landmark>): string {
  const parts: string[] = [];
  let marked = false;
  for (let h = 0; h < s.holeCount; h++) if (s.marks[h]) marked = true;
  if (marked) {
    // The diagram speaks English, where the mark's word is its key (`story.markName` of the app's catalogue).
    const mark = game.ruleset.info.words.mark;
    parts.push(`wN = player N's ${mark} (nobody sows from it)`);
  }
  const kinds = new Map<Landmark['kind'], string>();
  for (const l of landmarks.values()) kinds.set(l.kind, l.rule);
  const chafa = kinds.get('chafa');
  if (chafa) parts.push(`cN = player N's chafa enda (${chafa}: not a starting hole while it holds three or fewer)`);
  const guardian = kinds.get('guardian');
  if (guardian) parts.push(`gN = guardian of player N's nedf (${guardian}: while it holds three, N's opponent makes no nedf)`);
  return parts.length ? `Legend: ${parts.join('; ')}` : '';
}

/** The board drawn as text, followed by the off-board piles and whose move it is. */
export function makeDiagram(game: Game, s: State): string {
  const g = game.geometry;
  const cell = new Map<string, number>();
  for (let h = 0; h < g.holeCount; h++) cell.set(`${g.holeRow[h]},${g.holeCol[h]}`, h);
  const storeOf = (side: 'left' | 'right'): string[] =>
    g.stores.filter((x) => x.side === side).map((x) => `S${x.player}:${s.captured[x.player] ?? 0}`);
  const leftStores = storeOf('left');
  const rightStores = storeOf('right');
  const leftW = Math.max(0, ...leftStores.map((x) => x.length + 1));
  const rowLabelW = `row ${g.rows - 1}`.length + 1;
  const border = ' '.repeat(rowLabelW + leftW) + '+' + `${'-'.repeat(CELL)}+`.repeat(g.cols);
  const lines: string[] = [];
  const P = s.players;
  const landmarks = new Map<number, Landmark>();
  for (const l of game.landmarks ? game.landmarks(s) : []) landmarks.set(l.hole, l);
  lines.push(
    `${game.ruleset.info.name} (${game.ruleset.info.id})  round ${s.round}  turn ${s.turn}  ply ${s.ply}  phase ` +
      `${PHASES[s.phase] ?? s.phase}`,
  );
  lines.push(border);
  const middle = Math.floor((g.rows - 1) / 2);
  for (let r = g.rows - 1; r >= 0; r--) {
    let top = '';
    let bottom = '';
    for (let c = 0; c < g.cols; c++) {
      const h = cell.get(`${r},${c}`);
      if (h === undefined) {
        top += ' '.repeat(CELL) + '|';
        bottom += ' '.repeat(CELL) + '|';
        continue;
      }
      const own = s.owners[h] ? `P${s.owners[h]}` : '--';
      top += String(h).padEnd(CELL - own.length) + own + '|';
      const landmark = landmarks.get(h);
      bottom +=
        center(
          `${s.counts[h]}${s.marks[h] ? `w${s.marks[h]}` : ''}${landmark ? `${LANDMARK_SIGN[landmark.kind]}${landmark.player}` : ''}`,
          CELL,
        ) + '|';
    }
    const storeL = r === middle && leftStores.length ? (leftStores.join(' ') + ' ').padStart(leftW) : ' '.repeat(leftW);
    const storeR = r === middle && rightStores.length ? ' ' + rightStores.join(' ') : '';
    lines.push(`row ${r}`.padEnd(rowLabelW) + storeL + '|' + top + storeR);
    lines.push(' '.repeat(rowLabelW) + ' '.repeat(leftW) + '|' + bottom);
    lines.push(border);
  }
  const legend = legendOf(game, s, landmarks);
  if (legend) lines.push(legend);
  const piles: string[] = [];
  for (let p = 1; p <= P; p++) {
    let t = `P${p} off-board ${s.captured[p]}`;
    if (s.reserve[p]) t += ` (+${s.reserve[p]} reserve)`;
    if (!s.active[p]) t += ' (out)';
    if (s.raceHand[p]) t += ` hand ${s.raceHand[p]}`;
    piles.push(t);
  }
  lines.push(piles.join('   '));
  if (s.phase === PHASE_OVER) {
    const scores = Array.from(s.scores.subarray(1, P + 1)).join('-');
    const reason = END_REASONS[s.endReason] ?? '';
    lines.push(
      s.winner > 0
        ? `Match over: P${s.winner} wins (scores ${scores}${reason && reason !== 'none' ? `, ${reason}` : ''})`
        : `Match over: draw (scores ${scores}${reason && reason !== 'none' ? `, ${reason}` : ''})`,
    );
  } else if (s.toMove === 0) {
    lines.push(`All players choose at once (${PHASES[s.phase] ?? s.phase})`);
  } else {
    lines.push(`P${s.toMove} to move${s.phase !== 0 ? ` (${PHASES[s.phase] ?? s.phase})` : ''}`);
  }
  return lines.join('\n');
}

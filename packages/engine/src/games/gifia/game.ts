/** Gifia's rules (SPEC §9): the game of the ruleset, with its options resolved. */
import { err, ok, type Result } from '../../core/errors.js';
import type { Trace } from '../../core/events.js';
import { MAX_MOVES, MOVE_PASS, type Ruleset } from '../../core/game.js';
import { RESULT_GOES_ON, RoundGame, matchResult, resultReason, resultWinner } from '../../core/game-base.js';
import type { OptionValue } from '../../core/options.js';
import type { PositionSpec } from '../../core/position-check.js';
import { checkRecordedWinner, ownersTakeCounters, reasonIndex, traceRedistribution, winnerByTotals } from '../../core/round.js';
import { firstPlayerOf } from '../../core/rules.js';
import { sowLap } from '../../core/sow.js';
import { END_REASONS, PHASE_OVER, PHASE_PLAY, State, type EndReason } from '../../core/state.js';
import {
  AUX_ROUND_START_P1,
  AUX_ROUND_START_P2,
  DIR_CCW,
  DIR_CW,
  DIR_LETTER,
  GEOMETRY_2X4,
  GIFIA_FILL_ORDER,
  HOLES,
  NEXT_CCW,
  NEXT_CW,
  OWNERS_2X4,
  ROW_EAST,
  ROW_WEST,
  SEED_PER_HOLE,
  TOTAL,
  isTwoOrFour,
  makeMove,
  moveDir,
  moveHole,
  moveTake,
} from './board.js';
import { readOptions, type Resolved } from './options.js';

export class GifiaGame extends RoundGame {
  readonly ruleset: Ruleset;
  readonly options: Readonly<Record<string, OptionValue>>;
  readonly players = 2;
  readonly geometry = GEOMETRY_2X4;
  readonly counterTotal = TOTAL;
  protected readonly maxTurns: number;
  protected readonly positionSpec: PositionSpec;
  private readonly o: Resolved;
  /** The two neighbour steps of a hole under the adjacency option (-1 = none). */
  private readonly stepA: Int8Array;
  private readonly stepB: Int8Array;
  /** A lap simulated for move generation, without touching the state. */
  private readonly scratch = new State(2, HOLES);
  private readonly moveBuf = new Int32Array(MAX_MOVES);

  constructor(ruleset: Ruleset, options: Record<string, OptionValue>) {
    super();
    this.ruleset = ruleset;
    this.options = Object.freeze({ ...options });
    this.o = readOptions(options);
    this.maxTurns = this.o.maxTurns;
    this.positionSpec = {
      name: 'Gifia',
      unit: 'beans',
      players: 2,
      holes: HOLES,
      total: TOTAL,
      owners: OWNERS_2X4,
      marks: null,
      captured: true,
      reserve: false,
      phases: [PHASE_PLAY],
      maxTurns: this.o.maxTurns,
      lastRound: Math.min(this.o.maxRounds, this.o.rounds > 0 ? this.o.rounds : this.o.maxRounds),
      passes: { limit: 2, why: 'two passes in a row end the round (GIF-10)' },
    };
    this.stepA = this.o.adjacencyRow ? ROW_WEST : NEXT_CW;
    this.stepB = this.o.adjacencyRow ? ROW_EAST : NEXT_CCW;
  }

  /** GIF-01/02/03: the 2x4 board, six beans a hole, empty stores. */
  newState(seed: number, trace: Trace = null): State {
    const s = new State(2, HOLES, seed);
    for (let h = 0; h < HOLES; h++) {
      s.owners[h] = OWNERS_2X4[h]!;
      s.counts[h] = SEED_PER_HOLE;
    }
    const first = firstPlayerOf(this.o.firstPlayer, 2, s.rng);
    s.toMove = first;
    s.roundStarter = first;
    s.phase = PHASE_PLAY;
    s.aux[AUX_ROUND_START_P1] = TOTAL / 2;
    s.aux[AUX_ROUND_START_P2] = TOTAL / 2;
    this.beginTurn(s, trace);
    return s;
  }

  /** Beans in a player's own holes. */
  sideTotal(s: State, p: number): number {
    const c = s.counts;
    return p === 1 ? c[0]! + c[1]! + c[4]! + c[5]! : c[2]! + c[3]! + c[6]! + c[7]!;
  }

  /** A player's stake: his store and the beans in his holes (all his at the round end). */
  playerTotal(s: State, p: number): number {
    return s.captured[p]! + this.sideTotal(s, p);
  }

  legalMoves(s: State, out: Int32Array): number {
    if (s.phase !== PHASE_PLAY) return 0;
    const p = s.toMove;
    const side = this.sideTotal(s, p);
    if (side === 0) {
      out[0] = MOVE_PASS; // GIF-09 forced pass
      return 1;
    }
    let n = 0;
    for (let h = 0; h < HOLES; h++) {
      if (s.owners[h] !== p || s.counts[h] === 0) continue;
      for (let dir = DIR_CCW; dir <= DIR_CW; dir++) n = this.movesFor(s, h, dir, out, n);
    }
    if (side <= this.o.passMax) out[n++] = MOVE_PASS;
    return n;
  }

  /** Appends the moves of sowing `hole` in `dir`: one, or one per capture-B neighbour (+ decline). */
  private movesFor(s: State, hole: number, dir: number, out: Int32Array, n: number): number {
    const board = this.scratch;
    const scratch = board.counts;
    scratch.set(s.counts);
    const hand = scratch[hole]!;
    scratch[hole] = 0;
    const cur = sowLap(board, hole, hand, s.toMove, dir === DIR_CCW ? NEXT_CCW : NEXT_CW, this.o.skipOrigin, null);
    if (isTwoOrFour(scratch[cur]!)) {
      out[n++] = makeMove(hole, dir);
      return n;
    }
    const a = this.stepA[cur]!;
    const b = this.stepB[cur]!;
    const qa = a >= 0 && isTwoOrFour(scratch[a]!);
    const qb = b >= 0 && isTwoOrFour(scratch[b]!);
    if (!qa && !qb) {
      out[n++] = makeMove(hole, dir);
      return n;
    }
    if (this.o.optionalB) out[n++] = makeMove(hole, dir);
    // Listed in hole order so that the notation reads the same whichever adjacency is used.
    const lo = qa && qb ? Math.min(a, b) : qa ? a : b;
    out[n++] = makeMove(hole, dir, lo);
    if (qa && qb) out[n++] = makeMove(hole, dir, Math.max(a, b));
    return n;
  }

  apply(s: State, move: number, trace: Trace = null): boolean {
    const p = s.toMove;
    s.ply++;
    if (move === MOVE_PASS) {
      s.passes++;
      if (trace !== null) trace.push({ type: 'pass', player: p, rule: 'GIF-09' });
      if (s.passes >= 2) {
        this.closeRound(s, 'rules', 'passes', trace);
        return true;
      }
    } else {
      s.passes = 0;
      if (this.sowAndCapture(s, p, move, trace) > 0) s.clearHistory();
    }
    if (this.sideTotal(s, 1) <= 1 && this.sideTotal(s, 2) <= 1) {
      this.endRound(s, 'rules', trace);
      return true;
    }
    s.toMove = 3 - p;
    this.beginTurn(s, trace);
    return true;
  }

  /** GIF-04..08: one lap, then capture A or B. Returns the beans captured. */
  private sowAndCapture(s: State, p: number, move: number, trace: Trace): number {
    const hole = moveHole(move);
    const dir = moveDir(move);
    const c = s.counts;
    const hand = c[hole]!;
    c[hole] = 0;
    if (trace !== null) trace.push({ type: 'lift', player: p, hole, count: hand, rule: 'GIF-04' });
    const last = sowLap(s, hole, hand, p, dir === DIR_CCW ? NEXT_CCW : NEXT_CW, this.o.skipOrigin, trace, 'GIF-04');
    let taken = 0;
    if (isTwoOrFour(c[last]!)) {
      taken += this.take(s, p, last, 'GIF-06', trace);
      taken += this.takeOutward(s, p, last, this.stepA, trace);
      taken += this.takeOutward(s, p, last, this.stepB, trace);
    } else {
      const t = moveTake(move);
      if (t >= 0) taken += this.take(s, p, t, 'GIF-07', trace);
    }
    if (trace !== null) trace.push({ type: 'turnEnd', player: p, reason: taken > 0 ? 'capture' : 'sown', rule: 'GIF-08' });
    return taken;
  }

  /** Capture A's neighbours on one side: the first, or (chain option) every next while 2 or 4. */
  private takeOutward(s: State, p: number, last: number, step: Int8Array, trace: Trace): number {
    let taken = 0;
    for (let h = step[last]!; h >= 0 && h !== last && isTwoOrFour(s.counts[h]!); h = step[h]!) {
      taken += this.take(s, p, h, 'GIF-06', trace);
      if (!this.o.chain) break;
    }
    return taken;
  }

  private take(s: State, p: number, hole: number, rule: string, trace: Trace): number {
    const n = s.counts[hole]!;
    s.counts[hole] = 0;
    s.captured[p]! += n;
    if (trace !== null) trace.push({ type: 'capture', player: p, hole, count: n, rule });
    return n;
  }

  /** SPEC §8.3: a guard's end; under `roundStalemate = draw` it ends the match, drawn. */
  protected override guardEnd(s: State, reason: EndReason, trace: Trace): void {
    if (!this.o.stalemateDraw) {
      super.guardEnd(s, reason, trace);
      return;
    }
    s.guardEnds++;
    ownersTakeCounters(s, null);
    if (trace !== null) trace.push({ type: 'roundEnd', round: s.round, totals: this.totals(s), reason, rule: '§8' });
    this.endMatch(s, 0, reason, trace);
  }

  private totals(s: State): number[] {
    return [0, s.captured[1]! + this.sideTotal(s, 1), s.captured[2]! + this.sideTotal(s, 2)];
  }

  protected endRound(s: State, reason: EndReason, trace: Trace): void {
    this.closeRound(s, reason, reason, trace);
  }

  /**
   * GIF-10: each player stores the beans of his own holes (SPEC §8.3 ownerTakes alike); then the
   * match ends by `resultOf` (GIF-12, or the round limits) or the next round is laid out.
   * `shown` is the reason the `roundEnd` event gives ('passes' for GIF-10's two passes).
   */
  private closeRound(s: State, reason: EndReason, shown: 'passes' | EndReason, trace: Trace): void {
    ownersTakeCounters(s, null);
    s.endReason = reasonIndex(reason);
    if (trace !== null) {
      trace.push({ type: 'roundEnd', round: s.round, totals: this.totals(s), reason: shown, rule: reason === 'rules' ? 'GIF-10' : '§8' });
    }
    const result = this.resultOf(s);
    if (result === RESULT_GOES_ON) {
      this.startNextRound(s, trace);
      return;
    }
    // maxRounds is a guard (matchCap, the endless-match safety net); option rounds is a rule of the match (rounds).
    if (resultReason(result) === 'matchCap') s.guardEnds++;
    this.endMatch(s, resultWinner(result), resultReason(result), trace);
  }

  /** The round is the last of option rounds. */
  private lastOfRounds(s: State): boolean {
    return this.o.rounds > 0 && s.round >= this.o.rounds;
  }

  /** GIF-12: a player whose store cannot fill one hole (or, under singleShortHole, holds nothing) is out. */
  private isOut(s: State, p: number): boolean {
    const t = s.captured[p]!;
    return t === 0 || (this.o.weakLoses && t < SEED_PER_HOLE);
  }

  /**
   * The result of a round just ended, every bean stored: option rounds ends the match (larger
   * store wins); else a player out loses (GIF-12; both out: a draw); else maxRounds ends it.
   */
  resultOf(s: State): number {
    if (this.lastOfRounds(s)) return matchResult(winnerByTotals(s.captured, 2), 'rounds');
    const out1 = this.isOut(s, 1);
    const out2 = this.isOut(s, 2);
    if (out1 || out2) return matchResult(out1 && out2 ? 0 : out1 ? 2 : 1, 'rules');
    if (s.round >= this.o.maxRounds) return matchResult(winnerByTotals(s.captured, 2), 'matchCap');
    return RESULT_GOES_ON;
  }

  /** GIF-13: the winner or loser of the round (whose total grew or shrank), or the other player. */
  protected nextStarter(s: State): number {
    const grew1 = s.captured[1]! - s.aux[AUX_ROUND_START_P1]!;
    if (grew1 === 0 || this.o.roundStarter === 'alternate') return 3 - s.roundStarter;
    const winner = grew1 > 0 ? 1 : 2;
    return this.o.roundStarter === 'winner' ? winner : 3 - winner;
  }

  /** GIF-11 filling and GIF-13 starter. */
  private startNextRound(s: State, trace: Trace): void {
    const starter = this.nextStarter(s);
    for (let p = 1; p <= 2; p++) {
      const order = GIFIA_FILL_ORDER[p]!;
      let store = s.captured[p]!;
      if (store < SEED_PER_HOLE) {
        s.counts[order[0]!] = store; // gifiaWeakPlayer = singleShortHole
        store = 0;
      } else {
        for (let i = 0; i < order.length && store >= SEED_PER_HOLE; i++) {
          s.counts[order[i]!] = SEED_PER_HOLE;
          store -= SEED_PER_HOLE;
        }
      }
      s.captured[p] = store;
    }
    s.round++;
    s.turn = 0;
    s.passes = 0;
    s.clearHistory();
    s.roundStarter = starter;
    s.toMove = starter;
    s.phase = PHASE_PLAY;
    s.aux[AUX_ROUND_START_P1] = this.playerTotal(s, 1);
    s.aux[AUX_ROUND_START_P2] = this.playerTotal(s, 2);
    traceRedistribution(s, trace, 'GIF-11');
    this.beginTurn(s, trace);
  }

  protected settleScores(s: State): void {
    for (let p = 1; p <= 2; p++) s.scores[p] = this.playerTotal(s, p);
  }

  protected matchEndRule(_winner: number, reason: EndReason): string {
    return reason === 'rules' ? 'GIF-12' : '§8';
  }

  moveText(_s: State, move: number): string {
    if (move === MOVE_PASS) return 'pass';
    const t = moveTake(move);
    return `${moveHole(move)}${DIR_LETTER[moveDir(move)]}${t >= 0 ? `>${t}` : ''}`;
  }

  parseMove(s: State, text: string): Result<number> {
    if (s.phase === PHASE_OVER) return err('ERR_GAME_OVER', 'the match is over; no move can be made', text);
    const t = text.trim().toLowerCase();
    const n = this.legalMoves(s, this.moveBuf);
    const legal = this.moveBuf.subarray(0, n);
    if (t === 'pass' || t === 'p') {
      if (legal.includes(MOVE_PASS)) return ok(MOVE_PASS);
      return err(
        'ERR_ILLEGAL_MOVE',
        `player ${s.toMove} may not pass: his holes hold ${this.sideTotal(s, s.toMove)} beans and passing needs 1..${this.o.passMax}${
          this.o.passMax === 0 ? ' (voluntary passing is off)' : ''
        }`,
        text,
      );
    }
    const m = /^([0-7])\s*(a|c|ccw|cw|anticlockwise|clockwise)\s*(?:>\s*([0-7]))?$/.exec(t);
    if (!m) {
      return err(
        'ERR_MOVE_SYNTAX',
        `'${text}' is not a Gifia move; write hole and direction like 1a or 1c, with a capture-B neighbour like 1a>6, or pass`,
        text,
      );
    }
    const hole = Number(m[1]);
    const dir = m[2] === 'a' || m[2] === 'ccw' || m[2] === 'anticlockwise' ? DIR_CCW : DIR_CW;
    const take = m[3] === undefined ? -1 : Number(m[3]);
    if (s.owners[hole] !== s.toMove)
      return err('ERR_ILLEGAL_MOVE', `hole ${hole} belongs to player ${s.owners[hole]}, not to player ${s.toMove}`, text);
    if (s.counts[hole] === 0) return err('ERR_ILLEGAL_MOVE', `hole ${hole} is empty`, text);
    const exact = makeMove(hole, dir, take);
    if (legal.includes(exact)) return ok(exact);
    const same: number[] = [];
    for (const x of legal) if (x !== MOVE_PASS && moveHole(x) === hole && moveDir(x) === dir) same.push(x);
    if (take === -1 && same.length === 1) return ok(same[0]!); // the one forced capture-B neighbour
    const forms = same.map((x) => this.moveText(s, x)).join(' or ');
    if (take === -1) return err('ERR_ILLEGAL_MOVE', `capture B: name the neighbour to take: ${forms}`, text);
    return err('ERR_ILLEGAL_MOVE', `hole ${take} cannot be taken after ${hole}${DIR_LETTER[dir]}; legal: ${forms}`, text);
  }

  /** Share of the 48 beans: store plus own holes (what the player keeps if the round ended now). */
  protected materialValue(s: State, player: number): number {
    const d = this.playerTotal(s, player) - this.playerTotal(s, 3 - player);
    return Math.max(-1, Math.min(1, d / TOTAL));
  }

  protected override checkInPlay(s: State): Result<State> {
    if (this.sideTotal(s, 1) <= 1 && this.sideTotal(s, 2) <= 1) {
      return err('ERR_POSITION', 'each side holds at most one bean: the round is already over (GIF-10)', 'counts');
    }
    return ok(s);
  }

  /** A finished match: every bean stored (GIF-10) and the winner GIF-12 (or the guard) gives. */
  protected checkResult(s: State): Result<State> {
    for (let h = 0; h < HOLES; h++) {
      if (s.counts[h] !== 0)
        return err(
          'ERR_POSITION',
          `at the end of the match every bean is in a store (GIF-10); hole ${h} holds ${s.counts[h]}`,
          `hole ${h}`,
        );
    }
    for (let p = 1; p <= 2; p++) {
      if (s.scores[p] !== s.captured[p])
        return err('ERR_POSITION', `player ${p}'s final score is his store, ${s.captured[p]}, not ${s.scores[p]}`, `scores[${p}]`);
    }
    const reason = END_REASONS[s.endReason];
    const result = this.resultOf(s);
    const by = result === RESULT_GOES_ON ? 'none' : resultReason(result);
    let expected: number;
    if (reason === 'repetition' || reason === 'turnCap') {
      if (!this.o.stalemateDraw)
        return err(
          'ERR_POSITION',
          `under roundStalemate=ownerTakes a round ended by ${reason} does not end the match (SPEC §8.3)`,
          'endReason',
        );
      expected = 0;
    } else if (reason === 'rules' || reason === 'rounds' || reason === 'matchCap') {
      if (by !== reason) {
        return err(
          'ERR_POSITION',
          reason === 'rules'
            ? 'the match ends by the rules when a player has too few beans to go on (GIF-12); here the match would go on ' +
                'or end by the round limit'
            : `a match ends by ${reason} only after its last round (options rounds = ${this.o.rounds}, maxRounds = ${this.o.maxRounds})`,
          'endReason',
        );
      }
      expected = resultWinner(result);
    } else {
      return err('ERR_POSITION', `a Gifia match does not end by ${reason}`, 'endReason');
    }
    return checkRecordedWinner(s, [expected], 'the stores', reason);
  }

  override extraToJSON(s: State): Record<string, unknown> {
    return { roundStartTotals: [s.aux[AUX_ROUND_START_P1], s.aux[AUX_ROUND_START_P2]] };
  }

  override extraFromJSON(s: State, extra: Readonly<Record<string, unknown>>): Result<State> {
    for (const name of Object.keys(extra)) {
      if (name !== 'roundStartTotals') return err('ERR_POSITION', `unknown field '${name}' for Gifia; known: roundStartTotals`, name);
    }
    const v = extra['roundStartTotals'];
    if (v === undefined) {
      // Unknown history: the round is taken to have begun with the present totals.
      s.aux[AUX_ROUND_START_P1] = this.playerTotal(s, 1);
      s.aux[AUX_ROUND_START_P2] = this.playerTotal(s, 2);
      return ok(s);
    }
    if (!Array.isArray(v) || v.length !== 2 || !v.every((x) => Number.isInteger(x) && x >= 0 && x <= TOTAL) || v[0] + v[1] !== TOTAL) {
      return err('ERR_POSITION', `roundStartTotals must be two whole numbers 0..${TOTAL} adding up to ${TOTAL}`, 'roundStartTotals');
    }
    s.aux[AUX_ROUND_START_P1] = v[0];
    s.aux[AUX_ROUND_START_P2] = v[1];
    return ok(s);
  }
}

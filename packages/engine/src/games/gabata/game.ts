/** Gabata's rules (SPEC §3 Adowa, §4 Aksum, three players): set-up, laps, moves, and the round flow. */
import { err, ok, type Result } from '../../core/errors.js';
import type { Trace } from '../../core/events.js';
import { MAX_MOVES, MOVE_PASS, type Landmark, type Ruleset } from '../../core/game.js';
import { RESULT_GOES_ON, RoundGame, matchResult, resultReason, resultWinner } from '../../core/game-base.js';
import { GEOMETRY_3X6_G, OWNERS_3X6_2P, OWNERS_3X6_3P, trackByName } from '../../core/geometry.js';
import type { OptionValue } from '../../core/options.js';
import { ownersTakeCounters, perpetualTest, reasonIndex, settlePerpetual, traceRedistribution, winnerByTotals } from '../../core/round.js';
import { filterPerpetual, firstPlayerOf } from '../../core/rules.js';
import { LAP_CONTINUE, LAP_END, LAP_RELAY, RelaySower, SOW_PERPETUAL, type SowHooks } from '../../core/sow.js';
import { PHASE_CHOOSE, PHASE_CONTINUE, PHASE_OVER, PHASE_PLAY, State, type EndReason } from '../../core/state.js';
import {
  COUNTERS_PER_HOLE,
  GAIN_SLOTS_BASE,
  HOLES,
  LAP_EMPTY,
  LAST_TOTAL_SLOTS_BASE,
  LOSS_SLOTS_BASE,
  SLOT_EMPTIED_MASK,
  SLOT_GATE_CLOSED,
  SLOT_STARTED_MASK,
  SOW_RULES,
  TOTAL,
  ownerSegments,
} from './board.js';
import type { GabataConfig } from './options.js';
import { entitlementsInto, transferHolesInto } from './redistribution.js';

/** Gabata's rules with options resolved; `GabataGame` (validation.ts) adds the position checks. */
export abstract class GabataRules extends RoundGame implements SowHooks {
  readonly geometry = GEOMETRY_3X6_G;
  readonly counterTotal = TOTAL;
  readonly players: number;
  protected readonly next: Int8Array;
  protected readonly segments: number[][];
  protected readonly initialOwners: readonly number[];
  /** Each player's holes in the original split, in index order (index 1..players). */
  protected readonly initialHoles: Int8Array[];
  // The game is its own sowing hooks (SowHooks), so the kernel calls afterLast directly.
  readonly skip = null;
  readonly skipOrigin: boolean;
  readonly maxLaps: number;
  protected readonly cand = new Int32Array(MAX_MOVES);
  private readonly sower: RelaySower;
  /** Scratch room of the round's end, so that a playout allocates nothing (index = player). */
  private readonly totalsBuf: Int32Array;
  private readonly entitledBuf: Int32Array;
  private readonly poolBuf = new Int32Array(HOLES);
  /** Does sowing from a start never end? (simulated on a scratch state of the game) */
  private readonly isPerpetual: (s: State, start: number) => boolean;
  protected readonly maxTurns: number;

  constructor(
    readonly ruleset: Ruleset,
    readonly options: Readonly<Record<string, OptionValue>>,
    protected readonly cfg: GabataConfig,
  ) {
    super();
    this.players = cfg.players;
    this.totalsBuf = new Int32Array(cfg.players + 1);
    this.entitledBuf = new Int32Array(cfg.players + 1);
    this.next = trackByName(this.geometry, 'G').next;
    this.segments = ownerSegments(cfg.players);
    this.initialOwners = cfg.players === 3 ? OWNERS_3X6_3P : OWNERS_3X6_2P;
    this.initialHoles = [new Int8Array(0)];
    for (let p = 1; p <= cfg.players; p++) {
      this.initialHoles.push(Int8Array.from([...Array(HOLES).keys()].filter((h) => this.initialOwners[h] === p)));
    }
    this.skipOrigin = cfg.skipOrigin;
    this.maxLaps = cfg.maxLaps;
    this.maxTurns = cfg.maxTurns;
    this.sower = new RelaySower(this, SOW_RULES);
    this.isPerpetual = perpetualTest(new State(cfg.players, HOLES), (scratch, start) => this.sow(scratch, start, null));
  }

  // -- set-up --------------------------------------------------------------------------------

  newState(seed: number, trace: Trace = null): State {
    const s = new State(this.players, HOLES, seed);
    for (let h = 0; h < HOLES; h++) s.owners[h] = this.initialOwners[h]!;
    this.startRound(s, firstPlayerOf(this.cfg.firstPlayer, this.players, s.rng));
    s.round = 1;
    void trace;
    return s;
  }

  /** ADW-02 / ADW-21: three counters in every hole, marks cleared, the gate reset. */
  private startRound(s: State, starter: number): void {
    s.counts.fill(COUNTERS_PER_HOLE);
    s.marks.fill(0);
    s.captured.fill(0);
    s.aux[SLOT_STARTED_MASK] = 0;
    s.aux[SLOT_EMPTIED_MASK] = 0;
    s.aux[SLOT_GATE_CLOSED] = 0;
    s.turn = 0;
    s.passes = 0;
    s.roundStarter = starter;
    s.toMove = starter;
    s.phase = PHASE_PLAY;
    s.clearHistory();
  }

  // -- rules of a lap --------------------------------------------------------------------------

  /** What the last counter of a lap does (ADW-08..15, AKS-05): the kernel's hook. */
  afterLast(s: State, hole: number, mover: number, trace: Trace): number {
    const c = s.counts[hole]!;
    const mark = s.marks[hole]!;
    if (mark !== 0) {
      if (mark === mover) {
        if (trace !== null) trace.push({ type: 'turnEnd', player: mover, reason: 'ownWegue', rule: 'ADW-15' });
        return LAP_END;
      }
      // ADW-14: the dropped counter and one more (or just the dropped one if it was empty).
      const take = Math.min(c, 2);
      s.counts[hole] = c - take;
      s.captured[mover]! += take;
      s.clearHistory();
      if (trace !== null) {
        trace.push({ type: 'capture', player: mover, hole, count: take, rule: 'ADW-14' });
        trace.push({ type: 'turnEnd', player: mover, reason: 'opponentWegue', rule: 'ADW-14' });
      }
      return LAP_END;
    }
    if (c === 1) {
      if (trace !== null) trace.push({ type: 'turnEnd', player: mover, reason: 'empty', rule: 'ADW-09' });
      return LAP_EMPTY;
    }
    const owner = s.owners[hole]!;
    if (owner !== mover && c === COUNTERS_PER_HOLE + 1 && this.gateOpen(s, hole)) {
      if (this.cfg.lastHoleRule && this.ownedHoles(s, owner) === 1) {
        // ADW-23 (Ludii metadata): three of the four counters are taken, one stays.
        s.counts[hole] = 1;
        s.captured[mover]! += 3;
        s.clearHistory();
        if (trace !== null) {
          trace.push({ type: 'capture', player: mover, hole, count: 3, rule: 'ADW-23' });
          trace.push({ type: 'turnEnd', player: mover, reason: 'lastHole', rule: 'ADW-23' });
        }
        return LAP_END;
      }
      s.marks[hole] = mover;
      s.clearHistory();
      if (trace !== null) trace.push({ type: 'mark', player: mover, hole, kind: 'wegue', rule: 'ADW-10' });
      return LAP_CONTINUE;
    }
    if (this.cfg.chafaAppliesToRelay && c <= COUNTERS_PER_HOLE && this.chafaOf(s, mover) === hole) {
      if (trace !== null) trace.push({ type: 'turnEnd', player: mover, reason: 'chafaEnda', rule: 'K1' });
      return LAP_END;
    }
    if (this.cfg.captureGate === 'perHoleUntilEmptied') s.aux[SLOT_EMPTIED_MASK]! |= 1 << hole;
    return LAP_RELAY;
  }

  /** ADW-11: may a wegue be made in `hole` now? */
  private gateOpen(s: State, hole: number): boolean {
    switch (this.cfg.captureGate) {
      case 'none':
        return true;
      case 'perHoleUntilEmptied':
        return (s.aux[SLOT_EMPTIED_MASK]! & (1 << hole)) !== 0;
      default:
        return s.aux[SLOT_GATE_CLOSED] === 0;
    }
  }

  protected ownedHoles(s: State, p: number): number {
    let n = 0;
    for (let h = 0; h < HOLES; h++) if (s.owners[h] === p) n++;
    return n;
  }

  /** The player's chafa enda (AKS-02/06, AKS-3P-06), or -1 when he has none (or at Adowa). */
  protected chafaOf(s: State, p: number): number {
    if (!this.cfg.aksum) return -1;
    const seg = this.segments[p]!;
    if (this.cfg.chafaLocation === 'fixed') {
      const h = seg[0]!;
      return s.owners[h] === p && s.marks[h] === 0 ? h : -1;
    }
    for (const h of seg) if (s.owners[h] === p) return s.marks[h] === 0 ? h : -1;
    return -1;
  }

  // -- moves -----------------------------------------------------------------------------------

  /** ADW-07 / AKS-03/04: the mover's ordinary holes with counters he may start from. */
  protected starts(s: State, out: Int32Array): number {
    const p = s.toMove;
    const marks = s.marks;
    const counts = s.counts;
    let n = 0;
    // Branch-free: every candidate hole is written, and kept only when it qualifies (the hot path
    // of playouts). In the first round the owners are the original split (validate() checks it),
    // so only the mover's own holes need looking at.
    if (s.round === 1) {
      const own = this.initialHoles[p]!;
      for (let i = 0; i < own.length; i++) {
        const h = own[i]!;
        out[n] = h;
        n += ((marks[h] === 0) as unknown as number) & ((counts[h]! > 0) as unknown as number);
      }
    } else {
      const owners = s.owners;
      for (let h = 0; h < HOLES; h++) {
        out[n] = h;
        n += ((owners[h] === p) as unknown as number) & ((marks[h] === 0) as unknown as number) & ((counts[h]! > 0) as unknown as number);
      }
    }
    const chafa = this.chafaOf(s, p);
    if (chafa >= 0 && n > 1 && s.counts[chafa]! > 0 && s.counts[chafa]! <= COUNTERS_PER_HOLE) {
      let k = 0;
      for (let i = 0; i < n; i++) if (out[i] !== chafa) out[k++] = out[i]!;
      n = k;
    }
    return n;
  }

  override candidateMoves(s: State, out: Int32Array): number {
    if (s.phase === PHASE_OVER) return 0;
    if (s.phase === PHASE_CHOOSE) return this.choosable(s, out);
    let n = this.starts(s, out);
    if (n === 0 || (s.phase === PHASE_CONTINUE && this.cfg.wegueContinuation === 'optional')) out[n++] = MOVE_PASS;
    return n;
  }

  legalMoves(s: State, out: Int32Array): number {
    const n = this.candidateMoves(s, out);
    if (this.cfg.perpetualMove !== 'illegal' || s.phase === PHASE_CHOOSE) return n;
    return filterPerpetual(s, out, n, this.isPerpetual);
  }

  /** Holes the gaining player may still take (surplusHoleOrder = winnerChooses). */
  private choosable(s: State, out: Int32Array): number {
    let n = 0;
    for (let p = 1; p <= this.players; p++) {
      if (p === s.toMove || s.aux[LOSS_SLOTS_BASE + p] === 0) continue;
      for (const h of this.segments[p]!) if (s.owners[h] === p) out[n++] = h;
    }
    return n;
  }

  private sow(s: State, start: number, trace: Trace): number {
    if (this.cfg.captureGate === 'perHoleUntilEmptied') s.aux[SLOT_EMPTIED_MASK]! |= 1 << start;
    return this.sower.sow(s, start, s.toMove, this.next, trace);
  }

  apply(s: State, move: number, trace: Trace = null): boolean {
    if (s.phase === PHASE_OVER) return true;
    const p = s.toMove;
    s.ply++;
    if (s.phase === PHASE_CHOOSE) {
      this.takeChosenHole(s, move, trace);
      return true;
    }
    if (move === MOVE_PASS) {
      if (s.phase === PHASE_CONTINUE) {
        if (trace !== null) trace.push({ type: 'turnEnd', player: p, reason: 'stop', rule: 'ADW-13' });
      } else {
        s.passes++;
        if (trace !== null) trace.push({ type: 'pass', player: p, rule: 'ADW-16' });
      }
      this.endTurn(s, trace);
      return true;
    }
    if (s.phase === PHASE_PLAY) this.countTurn(s);
    s.passes = 0;
    const r = this.sow(s, move, trace);
    if (r === SOW_PERPETUAL) {
      const settled = settlePerpetual(this.cfg.perpetualMove, s, trace, '§8');
      if (settled === 'illegal') return false;
      if (settled === 'drawRound') this.endRound(s, 'perpetual', trace);
      else this.endTurn(s, trace);
      return true;
    }
    if (r === LAP_CONTINUE) {
      // ADW-13: the mover sows again from any of his ordinary holes, if he has one.
      if (this.roundOver(s)) {
        this.endRound(s, 'rules', trace);
        return true;
      }
      if (this.cfg.wegueContinuation !== 'none' && this.starts(s, this.cand) > 0) {
        s.phase = PHASE_CONTINUE;
        if (trace !== null) trace.push({ type: 'await', player: p, reason: 'continue', rule: 'ADW-13' });
        return true;
      }
      if (trace !== null) trace.push({ type: 'turnEnd', player: p, reason: 'wegue', rule: 'ADW-13' });
    }
    this.endTurn(s, trace, r === LAP_EMPTY);
    return true;
  }

  /** Book-keeping of a turn whose start is sown (a pass begins none): its count and the capture gate. */
  private countTurn(s: State): void {
    s.turn++;
    const bit = 1 << s.toMove;
    const firstOfPlayer = (s.aux[SLOT_STARTED_MASK]! & bit) === 0;
    s.aux[SLOT_STARTED_MASK]! |= bit;
    const gate = this.cfg.captureGate;
    s.aux[SLOT_GATE_CLOSED] =
      gate === 'firstTurnOfRound' ? (s.turn === 1 ? 1 : 0) : gate === 'eachPlayersFirstTurn' && firstOfPlayer ? 1 : 0;
  }

  /** ADW-17: no ordinary hole holds a counter. */
  private roundOver(s: State): boolean {
    for (let h = 0; h < HOLES; h++) if (s.marks[h] === 0 && s.counts[h]! > 0) return false;
    return true;
  }

  /** `goesOn`: the turn ended by a counter falling into an empty ordinary hole, so one holds a counter. */
  private endTurn(s: State, trace: Trace, goesOn = false): void {
    if (!goesOn && this.roundOver(s)) {
      this.endRound(s, 'rules', trace);
      return;
    }
    s.phase = PHASE_PLAY;
    s.toMove = s.nextPlayer(s.toMove);
    // SPEC §8.3: the round-stalemate guard (a pass begins no turn, so `s.turn` is unchanged by it).
    this.beginTurn(s, trace);
  }

  /** The turn is counted when its start is sown (`countTurn`), not when the guard looks. */
  protected override turnBegun(_s: State): void {}

  /** A guard's end (SPEC §8.3) is a round end by its reason (`endRound` counts it). */
  protected override guardEnd(s: State, reason: EndReason, trace: Trace): void {
    this.endRound(s, reason, trace);
  }

  // -- end of a round ----------------------------------------------------------------------------

  /** The players ranked by their tally now (ADW-18), as a round's end would count them. */
  standings(s: State): number[] {
    return this.tally(s);
  }

  /** ADW-18: hand plus the counters in one's wegues. */
  tally(s: State): number[] {
    return Array.from(this.tallyInto(s));
  }

  /** ADW-18's tallies in the game's scratch room (index 0 unused): valid until the next call. */
  protected tallyInto(s: State): Int32Array {
    const totals = this.totalsBuf;
    totals.fill(0);
    for (let p = 1; p <= this.players; p++) totals[p] = s.captured[p]!;
    for (let h = 0; h < HOLES; h++) if (s.marks[h] !== 0) totals[s.marks[h]!]! += s.counts[h]!;
    return totals;
  }

  protected endRound(s: State, reason: EndReason, trace: Trace): void {
    if (reason !== 'rules') {
      s.guardEnds++;
      if (this.cfg.roundStalemate === 'draw') {
        this.endMatch(s, 0, reason, trace);
        return;
      }
      // Counters still in ordinary holes go to the hole's owner (SPEC §8.3 ownerTakes).
      ownersTakeCounters(s, null);
    }
    s.endReason = reasonIndex(reason);
    // resultOf leaves the round's tallies in totalsBuf and their entitlements in entitledBuf.
    const result = this.resultOf(s);
    const totals = this.totalsBuf;
    if (trace !== null) trace.push({ type: 'roundEnd', round: s.round, totals: Array.from(totals), reason, rule: 'ADW-18' });
    for (let p = 1; p <= this.players; p++) s.aux[LAST_TOTAL_SLOTS_BASE + p] = totals[p]!;
    if (result !== RESULT_GOES_ON) {
      this.endMatch(s, resultWinner(result), resultReason(result), trace);
      return;
    }
    this.nextRound(s, this.entitledBuf, trace);
  }

  /**
   * The result of a round just ended (ADW-18's tallies): a player owed all 18 holes wins the match
   * (ADW-22); else the last round of option rounds ends it, the larger tally winning.
   */
  resultOf(s: State): number {
    const totals = this.tallyInto(s);
    const entitled = this.entitledBuf;
    entitlementsInto(totals, s.active, this.players, entitled);
    const full = entitled.indexOf(HOLES);
    if (full > 0) return matchResult(full, 'rules');
    if (this.cfg.rounds > 0 && s.round >= this.cfg.rounds) return matchResult(winnerByTotals(totals, this.players), 'rounds');
    return RESULT_GOES_ON;
  }

  /** ADW-20/21, AKS-3P-07: the board laid out afresh, holes changing hands, the next starter. */
  private nextRound(s: State, entitled: Int32Array, trace: Trace): void {
    // AKS-3P-07: a player entitled to no hole leaves the match.
    for (let p = 1; p <= this.players; p++) {
      if (s.active[p] && entitled[p] === 0) {
        s.active[p] = 0;
        if (trace !== null) trace.push({ type: 'eliminated', player: p, rule: 'AKS-3P-07' });
      }
    }
    const before = trace === null ? undefined : Array.from(s.owners);
    s.counts.fill(COUNTERS_PER_HOLE);
    s.marks.fill(0);
    s.captured.fill(0);
    s.round++;
    const starter = this.nextStarter(s);
    if (this.cfg.surplusHoleOrder === 'winnerChooses' && this.needsTransfer(entitled)) {
      // Owners revert to the original split; gainers then pick holes one at a time.
      for (let h = 0; h < HOLES; h++) s.owners[h] = this.initialOwners[h]!;
      for (let p = 1; p <= this.players; p++) {
        const own = this.segments[p]!.length;
        s.aux[LOSS_SLOTS_BASE + p] = Math.max(0, own - entitled[p]!);
        s.aux[GAIN_SLOTS_BASE + p] = Math.max(0, entitled[p]! - own);
      }
      s.roundStarter = starter;
      s.phase = PHASE_CHOOSE;
      s.toMove = this.nextGainer(s);
      if (trace !== null) trace.push({ type: 'await', player: s.toMove, reason: 'choose', rule: 'ADW-20' });
      return;
    }
    transferHolesInto(this.segments, entitled, this.players, s.owners, this.poolBuf);
    this.startRound(s, starter);
    traceRedistribution(s, trace, this.redistributionRule(), before);
  }

  private needsTransfer(entitled: Int32Array): boolean {
    for (let p = 1; p <= this.players; p++) if (entitled[p] !== this.segments[p]!.length) return true;
    return false;
  }

  protected nextGainer(s: State): number {
    for (let p = 1; p <= this.players; p++) if (s.aux[GAIN_SLOTS_BASE + p]! > 0) return p;
    return 0;
  }

  /** One hole picked by the gaining player (surplusHoleOrder = winnerChooses). */
  private takeChosenHole(s: State, hole: number, trace: Trace): void {
    const gainer = s.toMove;
    const from = s.owners[hole]!;
    s.owners[hole] = gainer;
    s.aux[GAIN_SLOTS_BASE + gainer]!--;
    s.aux[LOSS_SLOTS_BASE + from]!--;
    const g = this.nextGainer(s);
    if (g !== 0) {
      s.toMove = g;
      if (trace !== null) trace.push({ type: 'await', player: g, reason: 'choose', rule: 'ADW-20' });
      return;
    }
    // Players with no hole left are out (three players).
    for (let p = 1; p <= this.players; p++) {
      if (s.active[p] && this.ownedHoles(s, p) === 0) s.active[p] = 0;
    }
    this.startRound(s, s.roundStarter);
    // The changes are reported against the original split, from which the holes were picked.
    traceRedistribution(s, trace, this.redistributionRule(), this.initialOwners);
  }

  /** The event reports the holes that change hands: ADW-20 (AKS-3P-05 with three players). */
  private redistributionRule(): string {
    return this.players === 3 ? 'AKS-3P-05' : 'ADW-20';
  }

  /** ADW-21: who starts the next round, by the tallies of the round just ended (lastTotal1..). */
  protected nextStarter(s: State): number {
    const rule = this.cfg.roundStarter;
    if (rule === 'alternate') return s.nextPlayer(s.roundStarter);
    const aux = s.aux;
    let best = 0;
    for (let p = 1; p <= this.players; p++) {
      if (!s.active[p]) continue;
      const t = aux[LAST_TOTAL_SLOTS_BASE + p]!;
      if (best === 0 || (rule === 'winner' ? t > aux[LAST_TOTAL_SLOTS_BASE + best]! : t < aux[LAST_TOTAL_SLOTS_BASE + best]!)) best = p;
    }
    return best;
  }

  /** ADW-18: a player's score is his hand plus his wegues. */
  protected settleScores(s: State): void {
    const totals = this.tallyInto(s);
    for (let p = 1; p <= this.players; p++) s.scores[p] = totals[p]!;
  }

  protected matchEndRule(winner: number, reason: EndReason): string | undefined {
    return winner > 0 && reason === 'rules' ? 'ADW-22' : undefined;
  }

  // -- evaluation, notation, validation --------------------------------------------------------

  landmarks(s: State): Landmark[] {
    const out: Landmark[] = [];
    for (let p = 1; p <= this.players; p++) {
      const h = s.active[p] ? this.chafaOf(s, p) : -1;
      if (h >= 0) out.push({ hole: h, player: p, kind: 'chafa', rule: this.players === 3 ? 'AKS-3P-06' : 'AKS-02' });
    }
    return out;
  }

  protected materialValue(s: State, player: number): number {
    // Material of this round (hand + wegues) and holes owned, against the best opponent.
    const totals = this.tallyInto(s);
    let holes = 0;
    let bestOther = -Infinity;
    for (let p = 1; p <= this.players; p++) {
      if (p === player || !s.active[p]) continue;
      bestOther = Math.max(bestOther, totals[p]!);
    }
    for (let h = 0; h < HOLES; h++) if (s.owners[h] === player) holes++;
    const material = (totals[player]! - (bestOther === -Infinity ? 0 : bestOther)) / TOTAL;
    const territory = (holes - HOLES / this.players) / HOLES;
    return Math.max(-0.99, Math.min(0.99, 0.7 * material + 0.3 * territory));
  }

  moveText(_s: State, move: number): string {
    return move === MOVE_PASS ? 'pass' : String(move);
  }

  parseMove(s: State, text: string): Result<number> {
    const t = text.trim().toLowerCase();
    let move: number;
    if (t === 'pass' || t === 'stop') move = MOVE_PASS;
    else if (/^\d{1,2}$/.test(t) && Number(t) < HOLES) move = Number(t);
    else return err('ERR_MOVE_SYNTAX', `'${text}' is not a move: give a hole number 0..17, or 'pass'`, text);
    const buf = new Int32Array(MAX_MOVES);
    const n = this.legalMoves(s, buf);
    for (let i = 0; i < n; i++) if (buf[i] === move) return ok(move);
    return err('ERR_ILLEGAL_MOVE', this.whyIllegal(s, move, buf.subarray(0, n)), text);
  }

  /** A human explanation of why a move is not legal here. */
  private whyIllegal(s: State, move: number, legal: Int32Array): string {
    const list = Array.from(legal, (m) => this.moveText(s, m)).join(', ');
    const tail = ` (legal: ${list || 'none'})`;
    if (s.phase === PHASE_OVER) return 'the match is over';
    if (move === MOVE_PASS) return `passing is allowed only when no start is possible${tail}`;
    if (s.phase === PHASE_CHOOSE) return `choose one of the holes that may change hands${tail}`;
    const p = s.toMove;
    if (s.owners[move] !== p) return `hole ${move} is not player ${p}'s (ADW-07)${tail}`;
    if (s.marks[move] !== 0) return `hole ${move} is a wegue and cannot be sown from (ADW-12)${tail}`;
    if (s.counts[move] === 0) return `hole ${move} is empty (ADW-07)${tail}`;
    if (this.chafaOf(s, p) === move) return `hole ${move} is player ${p}'s chafa enda and holds three or fewer (AKS-03)${tail}`;
    return `sowing hole ${move} would never end (SPEC §8)${tail}`;
  }
}

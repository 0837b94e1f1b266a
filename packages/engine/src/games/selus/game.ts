/** Selus's rules (SPEC §6): the game of the ruleset, with its options resolved. */
import { err, ok, type Result } from '../../core/errors.js';
import type { Trace } from '../../core/events.js';
import { MAX_MOVES, MOVE_CONCEDE, MOVE_PASS, type Landmark, type Ruleset } from '../../core/game.js';
import { RoundGame, matchResult, resultWinner } from '../../core/game-base.js';
import { GEOMETRY_3X6_G, OWNERS_3X6_2P } from '../../core/geometry.js';
import type { OptionValue } from '../../core/options.js';
import type { PositionSpec } from '../../core/position-check.js';
import { RaceScratch, checkRaceFields, runRace, type RaceRules } from '../../core/race.js';
import { checkRecordedWinner, isGuardReason, perpetualTest, reasonIndex, settlePerpetual, winnerByTotals } from '../../core/round.js';
import { filterPerpetual } from '../../core/rules.js';
import { LAP_END, LAP_RELAY, RelaySower, SOW_PERPETUAL, type SowHooks } from '../../core/sow.js';
import { END_REASONS, PHASE_OVER, PHASE_PLAY, PHASE_RACE, State, type EndReason } from '../../core/state.js';
import {
  AUX_FORCE_DROP,
  AUX_LAP_NEDFS,
  AUX_LATEST_NEDF,
  AUX_PENDING_KIND,
  AUX_PENDING_NEDF,
  AUX_RACE_START,
  HOLES,
  KIND_SIMPLE,
  KIND_TWO,
  LAP_INTO_NEDF,
  LAP_NEW_NEDF,
  NEXT,
  OUTER_ROW_OF,
  START_COUNT,
  TOTAL,
  anyNedf,
  isOpponentThree,
  legalStarts,
  ownsNedf,
  resetSowFlags,
  tally,
} from './board.js';
import { listMoves, parseHole, whyIllegal } from './notation.js';
import { readOptions, type SelusConfig } from './options.js';

/** A nedf the player to move can aim at, in counters (a 4-counter nedf, less what the hole was worth). */
const NEDF_CHANCE = 4;
/** A nedf held, in counters beyond those in it: what it will catch of later sowings (SEL-13, SEL-17). */
const NEDF_HELD = 4;
/** The share of a nedf chance that counts for the player who moves after his opponent. */
const MOVER_LATER = 0.25;

/** Selus with its options resolved (SPEC §6): the sowing kernel's hooks are the game itself. */
export class SelusGame extends RoundGame implements SowHooks {
  readonly players = 2;
  readonly geometry = GEOMETRY_3X6_G;
  readonly counterTotal = TOTAL;
  readonly skipOrigin: boolean;
  readonly maxLaps: number;
  private readonly cfg: SelusConfig;
  protected readonly maxTurns: number;
  protected readonly positionSpec: PositionSpec;
  private readonly scoreBuf = new Int32Array(3);
  private readonly startBuf = new Int32Array(MAX_MOVES);
  private readonly sower: RelaySower;
  private readonly raceRules: RaceRules;
  private readonly raceScratch = new RaceScratch();
  /** Is sowing a start a perpetual move? (simulated on a scratch state of the game) */
  private readonly isPerpetual: (s: State, start: number) => boolean;

  constructor(
    readonly ruleset: Ruleset,
    readonly options: Readonly<Record<string, OptionValue>>,
  ) {
    super();
    const cfg = readOptions(options);
    this.cfg = cfg;
    this.maxTurns = cfg.maxTurns;
    this.positionSpec = {
      name: 'Selus',
      unit: 'counters',
      players: 2,
      holes: HOLES,
      total: TOTAL,
      owners: OWNERS_3X6_2P,
      marks: 'nedf',
      captured: false,
      reserve: false,
      phases: [PHASE_PLAY, PHASE_RACE],
      maxTurns: cfg.maxTurns,
      lastRound: 1,
      passes: { limit: 2, why: 'two passes in a row end the game (SPEC §8.3)' },
    };
    this.skipOrigin = cfg.skipOrigin;
    this.maxLaps = cfg.maxLaps;
    this.sower = new RelaySower(this, { liftRule: 'SEL-08', relayRule: 'SEL-07', dropRule: 'SEL-10', skipRule: 'SEL-11' });
    this.isPerpetual = perpetualTest(new State(2, HOLES), (scratch, start, mover) => {
      resetSowFlags(scratch);
      return this.sower.sow(scratch, start, mover, NEXT, null);
    });
    this.raceRules = {
      next: [null, NEXT, NEXT],
      skip: cfg.raceSkip ? (s, hole, _hand, racer) => isOpponentThree(s, hole, racer) : null,
      tickOrder: cfg.tickOrder,
      tie: cfg.tie,
      loserCompletion: cfg.loserCompletion,
      loopResolution: cfg.loopResolution,
      rules: { start: 'SEL-05', tick: 'SEL-04', finish: 'SEL-04', tie: 'SEL-05', loop: '§7.7', skip: 'SEL-06' },
    };
  }

  /** Does a guardian of the opponent's nedfs stop `mover` from making a nedf now (SEL-16)? */
  private guardianBlocks(s: State, mover: number): boolean {
    if (!this.cfg.guardian) return false;
    const x = 3 - mover;
    if (this.cfg.guardianLatest) {
      const latest = s.aux[AUX_LATEST_NEDF + x - 1]! - 1;
      // A position set up by hand may not say which nedf is the latest: then all of them guard.
      if (latest >= 0 && s.marks[latest] === x) return s.counts[NEXT[latest]!] === 3;
    }
    for (let h = 0; h < HOLES; h++) if (s.marks[h] === x && s.counts[NEXT[h]!] === 3) return true;
    return false;
  }

  /** May `mover` make a nedf the simple way (SEL-12) / by two counters (SEL-14)? */
  private mayMakeSimple(s: State, mover: number): boolean {
    return this.cfg.firstGlobal ? !anyNedf(s) : !ownsNedf(s, mover);
  }

  private mayMakeTwo(s: State, mover: number): boolean {
    return this.cfg.twoCounter && (this.cfg.firstGlobal ? anyNedf(s) : ownsNedf(s, mover));
  }

  /** The kernel's skip hook (SEL-11, and the nedfs of SEL-12/14/15); called detached, so an arrow. */
  readonly skip = (s: State, hole: number, hand: number, mover: number): boolean => {
    const cfg = this.cfg;
    const aux = s.aux;
    if (aux[AUX_FORCE_DROP] !== 0) {
      aux[AUX_FORCE_DROP] = 0;
      return false;
    }
    if (!isOpponentThree(s, hole, mover)) return false;
    // SEL-11 skips this hole unless a nedf is made in it (SEL-12, SEL-14), at most one a lap (SEL-15).
    if (aux[AUX_LAP_NEDFS] !== 0 || hand > 2) return true;
    if (cfg.outerRowOnly && OUTER_ROW_OF[hole] !== 3 - mover) return true;
    if (hand === 1) {
      if (!this.mayMakeSimple(s, mover) || this.guardianBlocks(s, mover)) return true;
      aux[AUX_PENDING_NEDF] = hole + 1;
      aux[AUX_PENDING_KIND] = KIND_SIMPLE;
      aux[AUX_LAP_NEDFS]++;
      return false;
    }
    const h2 = NEXT[hole]!;
    if (s.marks[h2] !== 0 || s.counts[h2] !== 3 || (cfg.secondOpponentOnly && s.owners[h2] === mover)) return true;
    if (!this.mayMakeTwo(s, mover) || this.guardianBlocks(s, mover)) return true;
    aux[AUX_PENDING_NEDF] = hole + 1;
    aux[AUX_PENDING_KIND] = KIND_TWO;
    aux[AUX_LAP_NEDFS]++;
    aux[AUX_FORCE_DROP] = 1;
    return false;
  };

  /** The kernel's afterLast hook: a pending nedf is marked; a nedf or an empty hole ends the lap. */
  afterLast(s: State, hole: number, mover: number, trace: Trace): number {
    const aux = s.aux;
    aux[AUX_LAP_NEDFS] = 0;
    aux[AUX_FORCE_DROP] = 0;
    const pending = aux[AUX_PENDING_NEDF]! - 1;
    if (pending >= 0) {
      const kind = aux[AUX_PENDING_KIND]!;
      aux[AUX_PENDING_NEDF] = 0;
      aux[AUX_PENDING_KIND] = 0;
      s.marks[pending] = mover;
      aux[AUX_LATEST_NEDF + mover - 1] = pending + 1;
      s.clearHistory();
      if (trace !== null) {
        trace.push({ type: 'mark', player: mover, hole: pending, kind: 'nedf', rule: kind === KIND_SIMPLE ? 'SEL-12' : 'SEL-14' });
      }
      if (kind === KIND_SIMPLE) return LAP_NEW_NEDF;
    }
    if (s.marks[hole] !== 0) return LAP_INTO_NEDF;
    return s.counts[hole]! > 1 ? LAP_RELAY : LAP_END;
  }

  /** Ends the game (SEL-18, SEL-19, or a guard of SPEC §8): `loser` is the player who could not start or conceded. */
  private endGame(s: State, reason: EndReason, loser: number, trace: Trace): void {
    if (isGuardReason(reason)) s.guardEnds++;
    s.endReason = reasonIndex(reason);
    this.endMatch(s, resultWinner(this.resultOf(s, loser)), reason, trace);
  }

  /** Selus is one game: its round's end is the game's. */
  protected endRound(s: State, reason: EndReason, trace: Trace): void {
    this.endGame(s, reason, 0, trace);
  }

  /** A guard's end (SPEC §8.3) ends the game (`endGame` counts it). */
  protected override guardEnd(s: State, reason: EndReason, trace: Trace): void {
    this.endGame(s, reason, 0, trace);
  }

  /** One game: nobody opens another round. */
  protected nextStarter(_s: State): number {
    return 0;
  }

  /**
   * A turn is about to begin for `s.toMove`: the game ends if he cannot start (SEL-18a), after two
   * passes in a row (neither player can start without sowing for ever, SPEC §8.3), or by the guard.
   */
  protected override beginTurn(s: State, trace: Trace): boolean {
    const p = s.toMove;
    if (legalStarts(s, p, this.startBuf) === 0) {
      this.endGame(s, 'rules', p, trace);
      return false;
    }
    if (s.passes >= 2) {
      this.endGame(s, 'doublePass', 0, trace);
      return false;
    }
    return super.beginTurn(s, trace);
  }

  /** A turn is counted when its start is sown (a pass begins none). */
  protected override turnBegun(_s: State): void {}

  /**
   * The scores of a game ended by `reason` into `out[1..2]`: nedfs and own holes, or nedfs only
   * under selusScoring=nedfOnly (SEL-19) when the rules or a scored concession end it.
   */
  private scoresInto(s: State, reason: EndReason, out: Int32Array): void {
    const t1 = tally(s, 1);
    const t2 = tally(s, 2);
    const resigned = reason === 'concession' && this.cfg.concession === 'resign';
    const nedfOnly = this.cfg.scoring === 'nedfOnly' && !isGuardReason(reason) && !resigned;
    out[1] = nedfOnly ? t1.nedf : t1.nedf + t1.own;
    out[2] = nedfOnly ? t2.nedf : t2.nedf + t2.own;
  }

  protected settleScores(s: State): void {
    this.scoresInto(s, END_REASONS[s.endReason]!, s.scores);
  }

  /**
   * The result of the game ended as `s.endReason` says, `loser` the player who could not start or
   * conceded: a guard draws (the larger total wins under roundStalemate=ownerTakes, not after a
   * perpetual move); under blockWin, or a resignation, the loser loses; otherwise the larger
   * score wins (SEL-19). The rules end the game by it and the validator checks a finished one.
   */
  override resultOf(s: State, loser = 0): number {
    const reason = END_REASONS[s.endReason]!;
    const scores = this.scoreBuf;
    this.scoresInto(s, reason, scores);
    let winner: number;
    if (isGuardReason(reason)) winner = reason === 'perpetual' || this.cfg.stalemateDraw ? 0 : winnerByTotals(scores, 2);
    else if (this.cfg.scoring === 'blockWin' || (reason === 'concession' && this.cfg.concession === 'resign')) winner = 3 - loser;
    else winner = winnerByTotals(scores, 2);
    return matchResult(winner, reason);
  }

  protected matchEndRule(_winner: number, reason: EndReason): string | undefined {
    return isGuardReason(reason) ? undefined : reason === 'concession' ? 'SEL-18' : 'SEL-19';
  }

  /** Runs the race from the given starts (index 1..2) and hands the first turn to its winner. */
  private race(s: State, starts: ArrayLike<number>, trace: Trace): void {
    const st = [0, starts[1]!, starts[2]!];
    s.aux[AUX_RACE_START] = st[1]! + 1;
    s.aux[AUX_RACE_START + 1] = st[2]! + 1;
    const outcome = runRace(s, st, this.raceRules, trace, this.raceScratch);
    s.raceHand[1] = 0;
    s.raceHand[2] = 0;
    s.phase = PHASE_PLAY;
    s.toMove = outcome.winner;
    s.roundStarter = outcome.winner;
  }

  private movesOf(s: State, out: Int32Array, exact: boolean): number {
    if (s.phase === PHASE_OVER || s.toMove === 0) return 0;
    let n = legalStarts(s, s.toMove, out);
    if (exact && this.cfg.perpetual === 'illegal') n = filterPerpetual(s, out, n, this.isPerpetual);
    if (this.cfg.concession !== 'off') out[n++] = MOVE_CONCEDE;
    return n;
  }

  /** Selus's own fields against the options and the board: latest nedfs, the race and its starts. */
  protected override checkFields(s: State): Result<State> {
    for (let p = 1; p <= 2; p++) {
      const latest = s.aux[AUX_LATEST_NEDF + p - 1]! - 1;
      if (latest >= HOLES || (latest >= 0 && s.marks[latest] !== p)) {
        return err('ERR_POSITION', `player ${p}'s latest nedf ${latest} is not his nedf`);
      }
    }
    if (s.phase === PHASE_RACE && (!s.counts.every((c) => c === START_COUNT) || s.marks.some((m) => m !== 0))) {
      return err('ERR_POSITION', 'the race is run from the setup: every hole holds three and there is no nedf (SEL-04)');
    }
    if (s.phase === PHASE_PLAY && legalStarts(s, s.toMove, this.startBuf) === 0) {
      return err('ERR_POSITION', `player ${s.toMove} is to move but has no counter in his ordinary holes: the game is over (SEL-18)`);
    }
    const cfg = this.cfg;
    const racing = cfg.opening === 'race';
    for (let p = 1; p <= 2; p++) {
      const h = s.aux[AUX_RACE_START + p - 1]! - 1;
      if (h >= 0 && (!racing || s.phase === PHASE_RACE)) {
        return err(
          'ERR_POSITION',
          `raceStarts records the holes the race was run from: none ${racing ? 'before the race' : `under openingMode=${cfg.opening}`}`,
          'extra.raceStarts',
        );
      }
      if (h >= 0 && OWNERS_3X6_2P[h] !== p)
        return err('ERR_POSITION', `player ${p} ran the race from hole ${h}, which is not his (SEL-05)`, 'extra.raceStarts');
    }
    const race = checkRaceFields(s, racing, cfg.opening);
    if (!race.ok) return race;
    return s.phase === PHASE_RACE ? this.checkRace(s) : ok(s);
  }

  /** Phase race: a decision only under openingMode=race, selusRaceStart=choose, before anything else. */
  private checkRace(s: State): Result<State> {
    const cfg = this.cfg;
    if (cfg.opening !== 'race' || cfg.raceStart !== 'choose') {
      return err(
        'ERR_POSITION',
        `the race is a decision only under openingMode=race with selusRaceStart=choose (here ${cfg.opening}, ` +
          `${cfg.raceStart}): phase race cannot occur`,
        'phase',
      );
    }
    const untouched =
      s.turn === 0 && s.ply === 0 && s.passes === 0 && s.guardEnds === 0 && s.historyLength === 0 && s.raceTick === 0 && s.raceWinner === 0;
    const racers = [1, 2].every((p) => s.raceDone[p] === 0 && s.raceCursor[p] === -1 && s.aux[AUX_LATEST_NEDF + p - 1] === 0);
    if (!untouched || !racers) {
      return err('ERR_POSITION', 'the race opens the game: no turn, ply, pass, history or race progress before it (SEL-04)', 'phase');
    }
    return ok(s);
  }

  protected override checkInPlay(s: State): Result<State> {
    if (s.guardEnds !== 0)
      return err('ERR_POSITION', 'Selus is one game: a guard that ends it leaves it over, so guardEnds is 0 in play', 'guardEnds');
    return ok(s);
  }

  /** A finished game: the scores and winner `resultOf` gives for the board and the end reason (SEL-18/19, SPEC §8). */
  protected checkResult(s: State): Result<State> {
    const cfg = this.cfg;
    const reason = END_REASONS[s.endReason]!;
    const byGuard = isGuardReason(reason);
    // Who could have lost: the player left without a start, either player conceding, or nobody.
    let losers: number[];
    if (byGuard) {
      if (reason === 'perpetual' && cfg.perpetual !== 'drawRound') {
        return err('ERR_POSITION', `a perpetual move ends the game only under perpetualMove=drawRound, not ${cfg.perpetual}`, 'endReason');
      }
      losers = [0];
    } else if (reason === 'rules') {
      losers = [1, 2].filter((p) => legalStarts(s, p, this.startBuf) === 0);
      if (losers.length === 0) {
        return err(
          'ERR_POSITION',
          'the game ends by the rules when the player to move has no counter to sow (SEL-18); here both can sow',
          'endReason',
        );
      }
    } else if (reason === 'concession') {
      if (cfg.concession === 'off') return err('ERR_POSITION', 'under concession=off nobody can concede (SEL-18)', 'endReason');
      losers = [1, 2];
    } else {
      return err('ERR_POSITION', `a Selus game does not end by ${reason}`, 'endReason');
    }
    const scores = this.scoreBuf;
    const winners = [...new Set(losers.map((loser) => resultWinner(this.resultOf(s, loser))))];
    for (let p = 1; p <= 2; p++) {
      if (s.scores[p] !== scores[p]) {
        return err(
          'ERR_POSITION',
          `player ${p}'s final score is ${scores[p]} by the board (SEL-19, selusScoring=${cfg.scoring}), not ${s.scores[p]}`,
          `scores[${p}]`,
        );
      }
    }
    const won = checkRecordedWinner(s, winners, 'the board', reason);
    if (!won.ok) return won;
    if (s.guardEnds !== (byGuard ? 1 : 0)) {
      return err('ERR_POSITION', `guardEnds is 1 when a guard ended the game and 0 otherwise, not ${s.guardEnds}`, 'guardEnds');
    }
    return ok(s);
  }

  newState(seed: number, trace: Trace = null): State {
    const cfg = this.cfg;
    const startBuf = this.startBuf;
    const s = new State(2, HOLES, seed);
    s.counts.fill(START_COUNT);
    s.owners.set(OWNERS_3X6_2P);
    s.phase = PHASE_PLAY;
    if (cfg.opening === 'race') {
      if (cfg.raceStart === 'choose') {
        s.toMove = 0;
        s.phase = PHASE_RACE;
        return s;
      }
      const st = [0, 0, 0];
      for (let p = 1; p <= 2; p++) {
        const n = legalStarts(s, p, startBuf);
        st[p] = cfg.raceStart === 'leftmost' ? startBuf[0]! : startBuf[n - 1]!;
      }
      this.race(s, st, trace);
    } else {
      s.toMove = cfg.opening === 'p1First' ? 1 : 1 + s.chance(2);
      s.roundStarter = s.toMove;
    }
    this.beginTurn(s, trace);
    return s;
  }

  legalMoves(s: State, out: Int32Array): number {
    return this.movesOf(s, out, true);
  }

  override candidateMoves(s: State, out: Int32Array): number {
    return this.movesOf(s, out, false);
  }

  override legalMovesFor(s: State, player: number, out: Int32Array): number {
    if (s.phase === PHASE_RACE) return player === 1 || player === 2 ? legalStarts(s, player, out) : 0;
    return player === s.toMove ? this.movesOf(s, out, true) : 0;
  }

  apply(s: State, move: number, trace: Trace = null): boolean {
    if (s.phase === PHASE_OVER || s.toMove === 0) return true;
    const p = s.toMove;
    s.ply++;
    if (move === MOVE_CONCEDE) {
      if (trace !== null) trace.push({ type: 'concede', player: p, rule: 'SEL-18' });
      this.endGame(s, 'concession', p, trace);
      return true;
    }
    if (move === MOVE_PASS) {
      if (trace !== null) trace.push({ type: 'pass', player: p, rule: '§8.1' });
      s.passes++;
      s.toMove = 3 - p;
      this.beginTurn(s, trace);
      return true;
    }
    s.turn++;
    resetSowFlags(s);
    const r = this.sower.sow(s, move, p, NEXT, trace);
    resetSowFlags(s);
    if (r === SOW_PERPETUAL) {
      const settled = settlePerpetual(this.cfg.perpetual, s, trace, '§8');
      if (settled === 'illegal') return false;
      if (settled === 'drawRound') {
        this.endGame(s, 'perpetual', 0, trace);
        return true;
      }
    } else if (trace !== null) {
      trace.push({ type: 'turnEnd', player: p, ...turnEndOf(r) });
    }
    s.passes = 0;
    s.toMove = 3 - p;
    this.beginTurn(s, trace);
    return true;
  }

  override applyJoint(s: State, moves: ArrayLike<number>, trace: Trace = null): void {
    if (s.phase !== PHASE_RACE) return;
    s.ply++;
    this.race(s, moves, trace);
    this.beginTurn(s, trace);
  }

  moveText(_s: State, move: number): string {
    if (move === MOVE_PASS) return 'pass';
    if (move === MOVE_CONCEDE) return 'concede';
    return String(move);
  }

  parseMove(s: State, text: string): Result<number> {
    const startBuf = this.startBuf;
    const t = text.trim().toLowerCase();
    if (s.phase === PHASE_OVER) return err('ERR_GAME_OVER', 'the game is over; no move can be played');
    if (s.phase === PHASE_RACE) {
      if (t.includes('|')) {
        return err('ERR_MOVE_SYNTAX', `'${text}' is a joint move; give one hole here, or use the joint form at the race`, text);
      }
      const h = parseHole(t);
      if (!h.ok) return h;
      const owner = s.owners[h.value]!;
      const n = legalStarts(s, owner, startBuf);
      if (!startBuf.subarray(0, n).includes(h.value)) {
        return err(
          'ERR_ILLEGAL_MOVE',
          `player ${owner} cannot start the race from hole ${h.value}: ${whyIllegal(s, h.value, owner)} (legal: ${listMoves(startBuf, n)})`,
          text,
        );
      }
      return ok(h.value);
    }
    const buf = new Int32Array(MAX_MOVES);
    const n = this.legalMoves(s, buf);
    let m: number;
    if (t === 'pass') m = MOVE_PASS;
    else if (t === 'concede') m = MOVE_CONCEDE;
    else {
      const h = parseHole(t);
      if (!h.ok) return h;
      m = h.value;
    }
    if (!buf.subarray(0, n).includes(m))
      return err('ERR_ILLEGAL_MOVE', `${whyIllegal(s, m, s.toMove)} (legal: ${listMoves(buf, n)})`, text);
    return ok(m);
  }

  landmarks(s: State): Landmark[] {
    // SEL-16: the hole after each nedf is its guardian (yazab tabaqi).
    const out: Landmark[] = [];
    for (let h = 0; h < HOLES; h++) {
      if (s.marks[h] !== 0) out.push({ hole: NEXT[h]!, player: s.marks[h]!, kind: 'guardian', rule: 'SEL-16' });
    }
    return out;
  }

  /**
   * The heuristic (SEL-19's count, with a sense of nedf chances): nedf counters are banked for
   * good; ordinary ones may still move, so they weigh half; a nedf held is worth NEDF_HELD more,
   * for what it will catch of later sowings. Beside them, each player's chance of a
   * nedf in his next turn (`nedfChance`): a nedf is made in an opponent's ordinary hole holding
   * exactly three, so such holes are chances for the other player, worth NEDF_CHANCE counters
   * each (at most two counted), fully for the player to move and MOVER_LATER for the other, who
   * has a turn of the opponent's between (which may block or fill them). Nothing is searched:
   * the count is static, so it costs what the material count costs.
   */
  protected materialValue(s: State, player: number): number {
    let v = 0;
    for (let h = 0; h < HOLES; h++) {
      const m = s.marks[h]!;
      const c = s.counts[h]!;
      if (m !== 0) v += m === player ? c + NEDF_HELD : -c - NEDF_HELD;
      else v += s.owners[h] === player ? 0.5 * c : -0.5 * c;
    }
    const other = 3 - player;
    const mine = s.toMove === other ? MOVER_LATER : 1;
    const theirs = s.toMove === player ? MOVER_LATER : 1;
    v += NEDF_CHANCE * (mine * this.nedfChance(s, player) - theirs * this.nedfChance(s, other));
    return Math.max(-1, Math.min(1, v / TOTAL));
  }

  /**
   * How many nedfs `p` could aim at now (0..2): the opponent's ordinary holes holding exactly
   * three where SEL-12/14 would let him make one (his first nedf or the two-counter rule allowed,
   * no guardian of SEL-16 blocking him, the zone of option nedfZone).
   */
  private nedfChance(s: State, p: number): number {
    if (!(this.mayMakeSimple(s, p) || this.mayMakeTwo(s, p)) || this.guardianBlocks(s, p)) return 0;
    let n = 0;
    for (let h = 0; h < HOLES && n < 2; h++) {
      if (isOpponentThree(s, h, p) && (!this.cfg.outerRowOnly || OUTER_ROW_OF[h] === 3 - p)) n++;
    }
    return n;
  }

  override extraToJSON(s: State): Record<string, unknown> {
    return {
      latestNedf: [s.aux[AUX_LATEST_NEDF]! - 1, s.aux[AUX_LATEST_NEDF + 1]! - 1],
      raceStarts: [s.aux[AUX_RACE_START]! - 1, s.aux[AUX_RACE_START + 1]! - 1],
    };
  }

  override extraFromJSON(s: State, extra: Readonly<Record<string, unknown>>): Result<State> {
    for (const key of Object.keys(extra)) {
      if (key !== 'latestNedf' && key !== 'raceStarts')
        return err('ERR_POSITION', `unknown field '${key}' for Selus; known: latestNedf, raceStarts`, key);
    }
    for (const [key, slot] of [
      ['latestNedf', AUX_LATEST_NEDF],
      ['raceStarts', AUX_RACE_START],
    ] as const) {
      const v = extra[key];
      if (v === undefined) continue;
      if (!Array.isArray(v) || v.length !== 2 || !v.every((x) => Number.isInteger(x) && x >= -1 && x < HOLES)) {
        return err('ERR_POSITION', `${key} must be two hole numbers (-1 = none)`, key);
      }
      s.aux[slot] = (v[0] as number) + 1;
      s.aux[slot + 1] = (v[1] as number) + 1;
    }
    return ok(s);
  }
}

/** Why a turn ended, by the sowing's stop code: a new nedf, a lap into a nedf, an empty hole. */
function turnEndOf(stop: number): { reason: string; rule: string } {
  if (stop === LAP_NEW_NEDF) return { reason: 'newNedf', rule: 'SEL-12' };
  if (stop === LAP_INTO_NEDF) return { reason: 'nedf', rule: 'SEL-13' };
  return { reason: 'empty', rule: 'SEL-07' };
}

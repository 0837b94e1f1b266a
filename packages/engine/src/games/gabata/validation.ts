/** Gabata's position checks (on top of core's generic validator) and its JSON fields (the aux slots). */
import { err, ok, type Result } from '../../core/errors.js';
import type { Ruleset } from '../../core/game.js';
import { RESULT_GOES_ON, resultReason, resultWinner } from '../../core/game-base.js';
import type { OptionValue } from '../../core/options.js';
import type { PositionSpec } from '../../core/position-check.js';
import { checkPasses, isGuardReason } from '../../core/round.js';
import { END_REASONS, PHASE_CHOOSE, PHASE_CONTINUE, PHASE_OVER, PHASE_PLAY, type State } from '../../core/state.js';
import {
  AUX_NAMES,
  COUNTERS_PER_HOLE,
  GAIN_SLOTS_BASE,
  HOLES,
  LAST_TOTAL_SLOTS_BASE,
  LOSS_SLOTS_BASE,
  SLOT_EMPTIED_MASK,
  SLOT_GATE_CLOSED,
  SLOT_STARTED_MASK,
  TOTAL,
} from './board.js';
import { GabataRules } from './game.js';
import type { GabataConfig } from './options.js';
import { entitlements } from './redistribution.js';

/** Gabata of Adowa or Aksum with its options resolved: the rules and the position checks. */
export class GabataGame extends GabataRules {
  protected readonly positionSpec: PositionSpec;

  constructor(ruleset: Ruleset, options: Readonly<Record<string, OptionValue>>, cfg: GabataConfig) {
    super(ruleset, options, cfg);
    this.positionSpec = {
      name: 'Gabata',
      unit: 'counters',
      players: cfg.players,
      holes: HOLES,
      total: TOTAL,
      owners: null,
      marks: 'wegue',
      captured: true,
      reserve: false,
      phases: [PHASE_PLAY, PHASE_CONTINUE, PHASE_CHOOSE],
      maxTurns: cfg.maxTurns,
      lastRound: cfg.rounds > 0 ? cfg.rounds : Number.MAX_SAFE_INTEGER,
      passes: null,
    };
  }

  /** Round 1 keeps the original split of the holes; then the ruleset's fields (`validateFields`). */
  protected override checkFields(s: State): Result<State> {
    if (s.round === 1) {
      for (let h = 0; h < HOLES; h++) {
        if (s.owners[h] !== this.initialOwners[h])
          return err(
            'ERR_POSITION',
            `in round 1 every hole has its original owner; hole ${h} belongs to player ${this.initialOwners[h]}`,
            `owners[${h}]`,
          );
      }
    }
    return this.validateFields(s);
  }

  /** A match in play: two players left, a decision pending. */
  protected override checkInPlay(s: State): Result<State> {
    let playing = 0;
    for (let p = 1; p <= this.players; p++) {
      if (s.active[p]) playing++;
      // (While holes change hands a player out of the match still holds his original ones.)
      else if (s.phase !== PHASE_CHOOSE && this.ownedHoles(s, p) > 0)
        return err('ERR_POSITION', `player ${p} has left the match (AKS-3P-07) but owns holes`, `active[${p}]`);
    }
    if (playing < 2) return err('ERR_POSITION', 'fewer than two players are left: the match would be over (ADW-22)', 'active');
    if (s.phase === PHASE_CHOOSE) return this.validateChoice(s);
    if (s.phase === PHASE_CONTINUE) {
      if (this.cfg.wegueContinuation === 'none') {
        return err(
          'ERR_POSITION',
          'under wegueContinuation=none making a wegue ends the turn, so phase continue cannot occur (ADW-13)',
          'phase',
        );
      }
      if (s.turn < 1 || this.starts(s, this.cand) === 0) {
        return err(
          'ERR_POSITION',
          `phase continue needs a turn in progress and a hole for player ${s.toMove} to sow again from (ADW-13)`,
          'phase',
        );
      }
    }
    return ok(s);
  }

  /**
   * After the guards' counters and the round's opener (the generic validator): a round begins
   * with the decision that ended the one before, passes against the repetition they make, and
   * what each begun turn leaves.
   */
  protected override checkLast(s: State): Result<State> {
    // Every round after the first began with the decision that ended the one before.
    if (s.round - 1 > s.ply) {
      return err(
        'ERR_POSITION',
        `round ${s.round} begins after ${s.round - 1} round(s) ended, each by a decision: ply is at least ${s.round - 1}, not ${s.ply}`,
        'round',
      );
    }
    // A pass leaves the board as it was: when everyone has passed twice the position to move has
    // come round a third time and the round ends by repetition (SPEC §8.3).
    let playing = 0;
    for (let p = 1; p <= this.players; p++) playing += s.active[p]!;
    const ended = s.phase === PHASE_OVER || s.phase === PHASE_CHOOSE;
    const passes = checkPasses(
      s,
      2 * (ended ? this.players : playing),
      'passes leave the board as it was, so everyone passing twice repeats the position a third time (SPEC §8.3)',
    );
    if (!passes.ok) return passes;
    return this.validateTurnFields(s);
  }

  /**
   * What the begun turns of the round leave in the aux slots (ADW-11): each sets its player's bit
   * in startedMask and empties its starting hole (emptiedMask); the gate is closed for the turn
   * the option says. None of it is set before the first turn (t:0), as the round began.
   */
  private validateTurnFields(s: State): Result<State> {
    const mask = s.aux[SLOT_STARTED_MASK]!;
    let begun = 0;
    for (let p = 1; p <= this.players; p++) if (mask & (1 << p)) begun++;
    if ((s.turn === 0) !== (mask === 0) || begun > s.turn) {
      const bits = s.turn === 0 ? 'none' : `1 to ${Math.min(s.turn, this.players)} bit(s)`;
      return err(
        'ERR_POSITION',
        `startedMask has a bit for each player who began a turn this round: ${s.turn} turn(s) give ${bits}, not ${begun}`,
        'extra.startedMask',
      );
    }
    const live = s.phase === PHASE_PLAY || s.phase === PHASE_CONTINUE;
    for (let p = 1; p <= this.players; p++) {
      if (live && mask & (1 << p) && !s.active[p])
        return err('ERR_POSITION', `startedMask: player ${p} has left the match and began no turn this round`, 'extra.startedMask');
    }
    if (s.phase === PHASE_CONTINUE && !(mask & (1 << s.toMove))) {
      return err('ERR_POSITION', `player ${s.toMove} continues a turn he began: his bit of startedMask is set`, 'extra.startedMask');
    }
    const gate = this.validateGate(s, begun);
    if (!gate.ok) return gate;
    if (this.cfg.captureGate === 'perHoleUntilEmptied' && (s.turn === 0) !== (s.aux[SLOT_EMPTIED_MASK] === 0)) {
      const what = s.turn === 0 ? 'none before the first turn' : `turn ${s.turn} began by emptying one`;
      return err('ERR_POSITION', `emptiedMask has a bit for each hole emptied this round: ${what}`, 'extra.emptiedMask');
    }
    return ok(s);
  }

  /** gateClosed is the gate of the turn last begun (`begun` players have begun one). */
  private validateGate(s: State, begun: number): Result<State> {
    const closed = s.aux[SLOT_GATE_CLOSED]!;
    // A continuation follows a wegue, which the turn could make only with its gate open.
    if (s.phase === PHASE_CONTINUE && closed !== 0) {
      return err(
        'ERR_POSITION',
        'phase continue follows a wegue, made with the gate open: gateClosed is 0 (ADW-11, ADW-13)',
        'extra.gateClosed',
      );
    }
    // firstTurnOfRound closes it for turn 1 only; eachPlayersFirstTurn for a player's first turn,
    // as every turn was while each was by another player. -1: either, as far as the fields tell.
    const gate = this.cfg.captureGate;
    let must = s.turn === 0 ? 0 : -1;
    if (gate === 'firstTurnOfRound') must = s.turn === 1 ? 1 : 0;
    else if (gate === 'eachPlayersFirstTurn' && s.turn > 0 && begun === s.turn) must = 1;
    if (must < 0 || closed === must) return ok(s);
    return err(
      'ERR_POSITION',
      `under captureGate=${gate} the gate of turn ${s.turn} is ${must === 1 ? 'closed' : 'open'}: gateClosed is ${must}, not ${closed}`,
      'extra.gateClosed',
    );
  }

  /** The ruleset's own fields (aux slots) against the options and the board. */
  private validateFields(s: State): Result<State> {
    const P = this.players;
    for (let h = 0; h < HOLES; h++) {
      const m = s.marks[h]!;
      if (m !== 0 && !s.active[m]) return err('ERR_POSITION', `hole ${h} is a wegue of player ${m}, who has left the match`, `marks[${h}]`);
    }
    if ((s.aux[SLOT_STARTED_MASK]! & 1) !== 0)
      return err('ERR_POSITION', 'startedMask has a bit per player 1..3: bit 0 is never set', 'extra.startedMask');
    const gate = this.cfg.captureGate;
    if (gate !== 'perHoleUntilEmptied' && s.aux[SLOT_EMPTIED_MASK] !== 0) {
      return err('ERR_POSITION', `emptiedMask is kept only under captureGate=perHoleUntilEmptied, not ${gate}`, 'extra.emptiedMask');
    }
    if ((gate === 'none' || gate === 'perHoleUntilEmptied') && s.aux[SLOT_GATE_CLOSED] !== 0) {
      return err('ERR_POSITION', `gateClosed is always 0 under captureGate=${gate}`, 'extra.gateClosed');
    }
    if (s.phase !== PHASE_CHOOSE) {
      for (let p = 1; p <= P; p++) {
        if (s.aux[LOSS_SLOTS_BASE + p] !== 0 || s.aux[GAIN_SLOTS_BASE + p] !== 0) {
          return err(
            'ERR_POSITION',
            `loss${p} and gain${p} count holes still to change hands: they are 0 outside phase choose`,
            `extra.loss${p}`,
          );
        }
      }
    }
    let lastTotals = 0;
    for (let p = 1; p <= P; p++) lastTotals += s.aux[LAST_TOTAL_SLOTS_BASE + p]!;
    if (lastTotals !== 0 && lastTotals !== TOTAL) {
      return err(
        'ERR_POSITION',
        `lastTotal1..${P} are the tallies of the previous round and add up to ${TOTAL}, not ${lastTotals}`,
        'extra.lastTotal1',
      );
    }
    if (s.round === 1 && s.phase !== PHASE_OVER && lastTotals !== 0) {
      return err('ERR_POSITION', 'in round 1 there is no previous round: lastTotal1.. are 0', 'extra.lastTotal1');
    }
    return ok(s);
  }

  /** Phase choose (surplusHoleOrder = winnerChooses): a gainer picks holes from the losers. */
  private validateChoice(s: State): Result<State> {
    if (this.cfg.surplusHoleOrder !== 'winnerChooses') {
      return err(
        'ERR_POSITION',
        `phase choose occurs only under surplusHoleOrder=winnerChooses, not ${this.cfg.surplusHoleOrder} (ADW-20)`,
        'phase',
      );
    }
    if (s.round < 2)
      return err('ERR_POSITION', 'holes change hands between rounds: phase choose cannot occur in round 1 (ADW-20)', 'phase');
    for (let h = 0; h < HOLES; h++) {
      if (s.counts[h] !== COUNTERS_PER_HOLE || s.marks[h] !== 0) {
        return err(
          'ERR_POSITION',
          `while holes change hands the board is laid out afresh: three counters in every hole, no wegue (hole ${h})`,
          `counts[${h}]`,
        );
      }
    }
    let gains = 0;
    let losses = 0;
    for (let p = 1; p <= this.players; p++) {
      const gain = s.aux[GAIN_SLOTS_BASE + p]!;
      const loss = s.aux[LOSS_SLOTS_BASE + p]!;
      if (s.captured[p] !== 0) return err('ERR_POSITION', 'while holes change hands nobody holds counters in hand', `captured[${p}]`);
      if (gain > 0 && loss > 0) return err('ERR_POSITION', `player ${p} cannot both gain and lose holes`, `extra.gain${p}`);
      if (loss > this.segments[p]!.filter((h) => s.owners[h] === p).length) {
        return err('ERR_POSITION', `player ${p} has fewer holes left to give up than loss${p} = ${loss}`, `extra.loss${p}`);
      }
      gains += gain;
      losses += loss;
    }
    if (gains === 0 || gains !== losses) {
      return err(
        'ERR_POSITION',
        `phase choose needs holes still to change hands: the gains (${gains}) and losses (${losses}) must be equal and not 0 (ADW-20)`,
        'extra',
      );
    }
    if (s.toMove !== this.nextGainer(s)) {
      return err('ERR_POSITION', `player ${this.nextGainer(s)} picks next (gainers in turn order), not player ${s.toMove}`, 'toMove');
    }
    return this.validatePicks(s);
  }

  /**
   * Phase choose: the holes still to change hands, with those already picked, are the ones the
   * tallies of the round just ended (lastTotal1..) entitle each player to (ADW-19, ADW-20).
   */
  private validatePicks(s: State): Result<State> {
    const P = this.players;
    const totals = [0];
    for (let p = 1; p <= P; p++) totals.push(s.aux[LAST_TOTAL_SLOTS_BASE + p]!);
    const entitled = entitlements(totals, s.active, P);
    const told = `the last round's tallies (lastTotal1..${P}: ${totals.slice(1).join(', ')})`;
    if (entitled.indexOf(HOLES) > 0) {
      return err(
        'ERR_POSITION',
        `by ${told} player ${entitled.indexOf(HOLES)} owns every hole: the match is over (ADW-22)`,
        'extra.lastTotal1',
      );
    }
    for (let p = 1; p <= P; p++) {
      const seg = this.segments[p]!;
      // Holes picked so far: his own given up, and others' taken (owners start from the original split).
      const given = seg.filter((h) => s.owners[h] !== p).length;
      const taken = this.ownedHoles(s, p) - (seg.length - given);
      const loss = Math.max(0, seg.length - entitled[p]!);
      const gain = Math.max(0, entitled[p]! - seg.length);
      if (s.aux[LOSS_SLOTS_BASE + p]! + given !== loss || s.aux[GAIN_SLOTS_BASE + p]! + taken !== gain) {
        return err(
          'ERR_POSITION',
          `by ${told} player ${p} is owed ${entitled[p]} hole(s) of his ${seg.length}: loss${p} plus the holes he gave up ` +
            `must be ${loss}, gain${p} plus the holes he took ${gain} (ADW-19, ADW-20)`,
          `extra.gain${p}`,
        );
      }
    }
    return ok(s);
  }

  /** A finished match: the scores and winner the rules give for the board (ADW-18, ADW-22, SPEC §8.3). */
  protected checkResult(s: State): Result<State> {
    const P = this.players;
    const totals = this.tally(s);
    for (let p = 1; p <= P; p++) {
      if (s.scores[p] !== totals[p]) {
        return err(
          'ERR_POSITION',
          `player ${p}'s final score is his hand plus his wegues, ${totals[p]}, not ${s.scores[p]} (ADW-18)`,
          `scores[${p}]`,
        );
      }
    }
    let ordinaryLeft = false;
    for (let h = 0; h < HOLES; h++) if (s.marks[h] === 0 && s.counts[h]! > 0) ordinaryLeft = true;
    const reason = END_REASONS[s.endReason];
    let expected: number;
    if (reason === 'rules' || reason === 'rounds') {
      if (ordinaryLeft) return err('ERR_POSITION', `a round ended by ${reason} leaves no counter in an ordinary hole (ADW-17)`, 'counts');
      const result = this.resultOf(s);
      const by = result === RESULT_GOES_ON ? 'none' : resultReason(result);
      if (reason === 'rules') {
        if (by !== 'rules')
          return err(
            'ERR_POSITION',
            'the match ends by the rules only when one player is owed all 18 holes (ADW-22); here it would go on',
            'endReason',
          );
        expected = resultWinner(result);
      } else {
        if (by === 'rules')
          return err(
            'ERR_POSITION',
            `player ${resultWinner(result)} is owed all 18 holes, so the match ended by the rules (ADW-22), not by rounds`,
            'endReason',
          );
        if (this.cfg.rounds === 0 || s.round !== this.cfg.rounds) {
          return err(
            'ERR_POSITION',
            `a match ends by rounds only at the last round of option rounds (${this.cfg.rounds || 'unlimited'})`,
            'endReason',
          );
        }
        expected = resultWinner(result);
      }
    } else if (isGuardReason(reason)) {
      if (this.cfg.roundStalemate !== 'draw') {
        return err(
          'ERR_POSITION',
          `under roundStalemate=${this.cfg.roundStalemate} a round ended by ${reason} does not end the match (SPEC §8.3)`,
          'endReason',
        );
      }
      if (reason === 'perpetual' && this.cfg.perpetualMove !== 'drawRound') {
        return err(
          'ERR_POSITION',
          `a perpetual move ends the round only under perpetualMove=drawRound, not ${this.cfg.perpetualMove}`,
          'endReason',
        );
      }
      expected = 0;
    } else {
      return err('ERR_POSITION', `a Gabata match does not end by ${reason}`, 'endReason');
    }
    if (s.winner !== expected) {
      return err(
        'ERR_POSITION',
        `by the rules this match ended ${expected === 0 ? 'drawn' : `won by player ${expected}`}, not ` +
          `${s.winner === 0 ? 'drawn' : `won by player ${s.winner}`}`,
        'winner',
      );
    }
    return ok(s);
  }

  override extraToJSON(s: State): Record<string, unknown> {
    const o: Record<string, unknown> = {};
    for (const [name, slot] of Object.entries(AUX_NAMES)) if (s.aux[slot] !== 0) o[name] = s.aux[slot];
    return o;
  }

  override extraFromJSON(s: State, extra: Readonly<Record<string, unknown>>): Result<State> {
    for (const [name, value] of Object.entries(extra)) {
      const slot = Object.hasOwn(AUX_NAMES, name) ? AUX_NAMES[name] : undefined;
      if (slot === undefined)
        return err('ERR_POSITION', `unknown field '${name}' for Gabata; known: ${Object.keys(AUX_NAMES).join(', ')}`, name);
      const [min, max] = this.auxRange(slot);
      if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
        return err(
          'ERR_POSITION',
          `field '${name}' must be an integer from ${min} to ` +
            `${max}${max === 0 ? ` in a ${this.players}-player game` : ''}, not ${JSON.stringify(value)}`,
          name,
        );
      }
      s.aux[slot] = value;
    }
    return ok(s);
  }

  /** The values an aux slot can hold (a slot of a player the game does not have holds 0). */
  private auxRange(slot: number): [number, number] {
    const P = this.players;
    if (slot === SLOT_STARTED_MASK) return [0, (1 << (P + 1)) - 2]; // bits 1..P
    if (slot === SLOT_EMPTIED_MASK) return [0, (1 << HOLES) - 1]; // bits 0..17
    if (slot === SLOT_GATE_CLOSED) return [0, 1];
    const player =
      slot > LAST_TOTAL_SLOTS_BASE
        ? slot - LAST_TOTAL_SLOTS_BASE
        : slot > GAIN_SLOTS_BASE
          ? slot - GAIN_SLOTS_BASE
          : slot - LOSS_SLOTS_BASE;
    if (player > P) return [0, 0];
    return [0, slot > LAST_TOTAL_SLOTS_BASE ? TOTAL : HOLES];
  }
}

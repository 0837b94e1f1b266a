/**
 * The tutorials' script (src/web/tutorial-script.ts): for every ruleset and several seeds, the
 * steps are found by playing the real game, each step's trace holds what the step teaches, the
 * learner's move is legal where it is played, the steps follow each other by applying the moves
 * (a replay from the standard start reaches every step's position), and the script is the same
 * for the same seed.
 */
import { describe, expect, it } from 'vitest';
import type { GameEvent } from '../packages/engine/src/core/events.js';
import { MAX_MOVES, type Game } from '../packages/engine/src/core/game.js';
import { PHASE_RACE, type State } from '../packages/engine/src/core/state.js';
import { RULESETS } from '../packages/engine/src/games/index.js';
import { applyEvent, boardStateOf } from '../src/web/animate.js';
import { buildTutorial, type TutorialScript } from '../src/web/tutorial-script.js';

const SEEDS = [1, 2, 5, 11];

/** What a position is, for comparing two of them. */
function snapshot(s: State): Record<string, unknown> {
  return {
    counts: Array.from(s.counts),
    owners: Array.from(s.owners),
    marks: Array.from(s.marks),
    captured: Array.from(s.captured),
    reserve: Array.from(s.reserve),
    toMove: s.toMove,
    phase: s.phase,
    round: s.round,
    ply: s.ply,
    key: s.positionKey(),
  };
}

const legal = (game: Game, s: State): number[] => {
  const buf = new Int32Array(MAX_MOVES);
  return Array.from(buf.subarray(0, game.legalMoves(s, buf)));
};

const legalFor = (game: Game, s: State, p: number): number[] => {
  const buf = new Int32Array(MAX_MOVES);
  return Array.from(buf.subarray(0, game.legalMovesFor(s, p, buf)));
};

/** Applies a move (or joint move) to a copy and returns it with its trace. */
function replay(game: Game, s: State, move: number | null, joint: readonly number[] | null): { s: State; events: GameEvent[] } {
  const next = s.clone();
  const events: GameEvent[] = [];
  if (joint) game.applyJoint(next, joint, events);
  else game.apply(next, move!, events);
  return { s: next, events };
}

/** Replays the whole script from the standard start, checking every step's position and move. */
function checkReplay(sc: TutorialScript): void {
  const game = sc.game;
  let at = game.newState(sc.seed);
  for (const step of sc.steps) {
    for (const m of step.lead) {
      if (m.joint) {
        for (let p = 1; p <= game.players; p++) expect(legalFor(game, at, p)).toContain(m.joint[p]);
      } else {
        expect(legal(game, at)).toContain(m.move);
      }
      const r = replay(game, at, m.move, m.joint);
      expect(r.events).toEqual(m.events);
      at = r.s;
    }
    if (step.kind === 'race') {
      // The race is played inside newState: the step shows it from the board before it.
      expect(snapshot(step.after)).toEqual(snapshot(at));
      continue;
    }
    if (step.kind === 'board' && sc.steps.some((s) => s.kind === 'race')) continue;
    expect(snapshot(step.before)).toEqual(snapshot(at));
    if (step.move === null && step.joint === null) continue;
    if (step.joint) {
      expect(at.phase).toBe(PHASE_RACE);
      expect(legalFor(game, at, sc.learner)).toContain(step.joint[sc.learner]);
    } else {
      expect(at.toMove).toBe(sc.learner);
      expect(legal(game, at)).toContain(step.move);
    }
    const r = replay(game, at, step.move, step.joint);
    expect(r.events).toEqual(step.events);
    expect(snapshot(r.s)).toEqual(snapshot(step.after));
    at = r.s;
  }
}

/** The event a step was looking for, done by the learner (a race won, a round ended). */
function shows(sc: TutorialScript, kind: string, events: readonly GameEvent[]): boolean {
  const by = (e: GameEvent): boolean => 'player' in e && e.player === sc.learner;
  switch (kind) {
    case 'sow':
      return events.some((e) => e.type === 'lift' && by(e)) && !events.some((e) => ['relay', 'mark', 'capture'].includes(e.type));
    case 'relay':
      return events.some((e) => e.type === 'relay' && by(e));
    case 'capture': {
      // The description says how the capture shows (conformance checks it against play).
      const wanted = sc.game.ruleset.info.captureEvent;
      return events.some((e) => e.type === wanted && by(e));
    }
    case 'end':
      return events.some((e) => e.type === 'roundEnd' || e.type === 'matchEnd');
    case 'race':
    case 'raceChoice':
      return events.some((e) => e.type === 'raceEnd');
    default:
      return true;
  }
}

describe('the tutorial script', () => {
  for (const r of RULESETS) {
    describe(r.info.id, () => {
      it.each(SEEDS)('seed %i: every step of the plan, each showing what it teaches, in a replayable sequence', (seed) => {
        const sc = buildTutorial(r.info.id, seed);
        const kinds = sc.steps.map((s) => s.kind);
        expect(kinds[0]).toBe('board');
        expect(kinds[kinds.length - 1]).toBe('done');
        // The ruleset's capture and the end of a round are always taught; and every step of the
        // plan its description gives (a relay wherever the game relays, its race: conformance
        // checks that the plan names what the game does).
        expect(kinds).toContain('sow');
        expect(kinds).toContain('capture');
        expect(kinds).toContain('end');
        for (const k of r.info.lesson) expect(kinds).toContain(k);
        for (const step of sc.steps) {
          expect(shows(sc, step.kind, step.events), `${step.kind}: ${step.events.map((e) => e.type).join(' ')}`).toBe(true);
          // The learner's hole is the one the move starts from, as the trace says.
          if (step.hole >= 0) {
            const start = step.events.find((e) => (e.type === 'lift' || e.type === 'raceStart') && e.player === sc.learner);
            expect(start && 'hole' in start ? start.hole : -1).toBe(step.hole);
          }
          // The rules shown are those the events cite (the board: its own clauses).
          const cited = [...new Set(step.events.map((e) => e.rule).filter((x) => x !== undefined))];
          if (step.events.length > 0) expect(step.rules).toEqual(cited);
        }
        checkReplay(sc);
      });
    });
  }

  it('is the same for the same seed', () => {
    for (const r of RULESETS) {
      const a = buildTutorial(r.info.id, 3);
      const b = buildTutorial(r.info.id, 3);
      const view = (sc: TutorialScript) =>
        sc.steps.map((s) => ({ kind: s.kind, hole: s.hole, move: s.move, lead: s.lead, events: s.events }));
      expect(view(a)).toEqual(view(b));
    }
  });

  it("Abalala'e's race is shown from the board before it: its trace played forward gives newState's board", () => {
    for (const seed of SEEDS) {
      const sc = buildTutorial('abalalae', seed);
      const race = sc.steps.find((s) => s.kind === 'race')!;
      expect(race.events.some((e) => e.type === 'raceStart')).toBe(true);
      // Before the race every hole holds its three counters (ABA-02), as the rules say the round is laid out.
      expect(Array.from(race.before.counts)).toEqual(new Array(18).fill(3));
      const v = boardStateOf(race.before);
      for (const e of race.events) applyEvent(v, e);
      expect(v.counts).toEqual(Array.from(race.after.counts));
    }
  });

  it('an unknown ruleset is an error', () => {
    expect(() => buildTutorial('chess', 1)).toThrow(/unknown ruleset/);
  });
});

/**
 * The script of a game's tutorial, found by playing the real game: from the standard start, each
 * step is a position where the learner has a move whose event trace shows what the step teaches
 * (a plain sowing, a relay, the ruleset's capture, the end of a round). Nothing here knows a rule:
 * the steps are chosen by searching the engine's legal moves and reading the traces it writes.
 * The script's own moves (the other player's replies, a few moves played for the learner to reach
 * a position, the playout that leads "later in the game") are kept, so the steps replay exactly.
 * Pure logic, no DOM: the page (tutorial.ts) renders it, the Node tests check it.
 *
 * ```ts
 * const script = buildTutorial('gabata-adowa', 1);
 * for (const step of script.steps) console.log(step.kind, step.hole, step.rules);
 * ```
 */
import {
  type Game,
  type GameEvent,
  type LessonStep,
  MAX_MOVES,
  MOVE_CONCEDE,
  MOVE_PASS,
  PHASE_OVER,
  PHASE_RACE,
  Rng,
  type RulesetInfo,
  type State,
} from '@gabata/engine/core';
import { getRuleset } from '@gabata/engine/games';
import { boardBefore, boardStateOf } from './animate.js';

/** What a step shows. */
export type StepKind = LessonStep;

/** A move the script played between two steps (a reply, or a move played for the learner). */
export interface ScriptMove {
  readonly player: number;
  /** The move at a sequential node. */
  readonly move: number | null;
  /** The joint move at a simultaneous node (index = player). */
  readonly joint: readonly number[] | null;
  /** The hole it was played from (-1: a pass). */
  readonly hole: number;
  readonly events: readonly GameEvent[];
}

export interface TutorialStep {
  readonly kind: StepKind;
  /** The moves the script played since the previous step's position. */
  readonly lead: readonly ScriptMove[];
  /** Reached by a playout: "later in the game". */
  readonly later: boolean;
  /** The position the step starts from (for the race: the board before it, for display). */
  readonly before: State;
  /** The learner's move (null: nothing to play: the board, the race watched, the end). */
  readonly move: number | null;
  /** The joint move when the learner's choice is made at a simultaneous node (Selus's race). */
  readonly joint: readonly number[] | null;
  /** The hole the learner plays (-1: none). */
  readonly hole: number;
  /** The first hole the move sows into (-1: none): tells apart two ways of playing one hole. */
  readonly firstDrop: number;
  /** Does the learner's hole have other legal ways to play it (Gifia's two directions)? */
  readonly choiceOfWays: boolean;
  /** The trace of the step's move (for the race: the race newState played). */
  readonly events: readonly GameEvent[];
  /** The position after the step's move. */
  readonly after: State;
  /** Event types the step was looking for; at least one of them is in `events`. */
  readonly wanted: readonly GameEvent['type'][];
  /** The clauses to explain (cited by the events, or the board's clauses), in order, once each. */
  readonly rules: readonly string[];
}

export interface TutorialScript {
  readonly rulesetId: string;
  readonly seed: number;
  readonly game: Game;
  /** The seat the learner plays. */
  readonly learner: number;
  readonly steps: readonly TutorialStep[];
}

/** What a step looks for in a trace: an event of one of `must` by the learner, none of `avoid`. */
interface Want {
  readonly must: readonly GameEvent['type'][];
  readonly avoid: readonly GameEvent['type'][];
  /** The round (or the game) must end with the learner ahead: a lesson that ends well. */
  readonly learnerAhead?: boolean;
}

const ENDS: GameEvent['type'][] = ['roundEnd', 'matchEnd'];

function wantOf(kind: StepKind, capture: RulesetInfo['captureEvent']): Want {
  switch (kind) {
    case 'sow':
      return { must: ['lift'], avoid: ['relay', 'mark', 'capture', 'await', ...ENDS] };
    case 'relay':
      return { must: ['relay'], avoid: ['mark', 'capture', ...ENDS] };
    case 'capture':
      return { must: [capture], avoid: ENDS };
    case 'end':
      return { must: ENDS, avoid: [] };
    default:
      return { must: [], avoid: [] };
  }
}

/** The player an event belongs to (0: none). */
function actor(e: GameEvent): number {
  if (e.type === 'raceEnd' || e.type === 'matchEnd') return e.winner;
  return 'player' in e ? e.player : 0;
}

/** Round ends decided by a guard (SPEC §8), not by the rules a learner should see. */
const GUARD_ENDS = ['repetition', 'doublePass', 'turnCap', 'matchCap', 'rounds', 'perpetual', 'concession'];

function satisfies(events: readonly GameEvent[], want: Want, learner: number): boolean {
  if (events.some((e) => want.avoid.includes(e.type))) return false;
  if (!events.some((e) => (e.type === 'lift' || e.type === 'raceStart') && e.player === learner)) return false;
  if (events.some((e) => (e.type === 'roundEnd' || e.type === 'matchEnd') && GUARD_ENDS.includes(e.reason))) return false;
  if (want.learnerAhead && !events.some((e) => endsAhead(e, learner))) return false;
  return events.some((e) => want.must.includes(e.type) && (ENDS.includes(e.type) || actor(e) === learner));
}

/** Does the event end a round with the learner's tally ahead of everybody's, or the game with the learner winning? */
function endsAhead(e: GameEvent, learner: number): boolean {
  if (e.type === 'matchEnd') return e.winner === learner;
  if (e.type !== 'roundEnd') return false;
  const mine = e.totals[learner] ?? 0;
  return e.totals.every((t, p) => p === 0 || p === learner || t < mine);
}

/** The hole a move is played from and the first hole it sows into, read from its trace. */
function holesOf(events: readonly GameEvent[], player: number): { hole: number; firstDrop: number } {
  let hole = -1;
  let firstDrop = -1;
  for (const e of events) {
    if (hole < 0 && (e.type === 'lift' || e.type === 'raceStart' || e.type === 'capture') && e.player === player) hole = e.hole;
    if (firstDrop < 0 && e.type === 'drop' && e.player === player) firstDrop = e.hole;
    if (hole >= 0 && firstDrop >= 0) break;
  }
  return { hole, firstDrop };
}

/** The clauses the events cite, in order, once each. */
export function citedRules(events: readonly GameEvent[]): string[] {
  const out: string[] = [];
  for (const e of events) if (e.rule && !out.includes(e.rule)) out.push(e.rule);
  return out;
}

/** Is the learner to make a sequential decision here? */
function learnersTurn(s: State, learner: number): boolean {
  return s.phase !== PHASE_OVER && s.phase !== PHASE_RACE && s.toMove === learner;
}

/** The moves worth playing at a sequential node: not a concession, and a pass only when nothing else is legal. */
function playable(game: Game, s: State): number[] {
  const buf = new Int32Array(MAX_MOVES);
  const all = Array.from(buf.subarray(0, game.legalMoves(s, buf))).filter((m) => m !== MOVE_CONCEDE);
  const real = all.filter((m) => m !== MOVE_PASS);
  return real.length > 0 ? real : all;
}

function shuffled<T>(list: readonly T[], rng: Rng): T[] {
  const out = list.slice();
  for (let i = out.length - 1; i > 0; i--) {
    const j = rng.int(i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/** A sequential move tried on a copy: the position after it and its trace. */
function trial(game: Game, s: State, move: number): { after: State; events: GameEvent[] } {
  const after = s.clone();
  const events: GameEvent[] = [];
  game.apply(after, move, events);
  return { after, events };
}

/** A joint move at a simultaneous node: each racer's choice picked by the script. */
function scriptJoint(game: Game, s: State, rng: Rng): number[] {
  const buf = new Int32Array(MAX_MOVES);
  const joint = [0];
  for (let p = 1; p <= s.players; p++) {
    const n = game.legalMovesFor(s, p, buf);
    joint.push(n > 0 ? buf[rng.int(n)]! : MOVE_PASS);
  }
  return joint;
}

/** Plays one script move at `s` (sequential or joint) and records it. */
function scriptMove(game: Game, s: State, move: number | null, rng: Rng): ScriptMove {
  const events: GameEvent[] = [];
  if (s.phase === PHASE_RACE && s.toMove === 0) {
    const joint = scriptJoint(game, s, rng);
    game.applyJoint(s, joint, events);
    return { player: 0, move: null, joint, hole: -1, events };
  }
  const player = s.toMove;
  game.apply(s, move!, events);
  return { player, move, joint: null, hole: holesOf(events, player).hole, events };
}

/** A learner's move found for a step, with the script's moves that lead to its position. */
interface Found {
  lead: ScriptMove[];
  before: State;
  move: number;
  events: GameEvent[];
  after: State;
}

/** The learner's best move for `want` at `s`: the one with the shortest trace among those that show it. */
function bestAt(game: Game, s: State, learner: number, want: Want, rng: Rng): Omit<Found, 'lead'> | null {
  let best: Omit<Found, 'lead'> | null = null;
  for (const move of shuffled(playable(game, s), rng)) {
    const t = trial(game, s, move);
    if (!satisfies(t.events, want, learner)) continue;
    if (!best || t.events.length < best.events.length) best = { before: s.clone(), move, events: t.events, after: t.after };
  }
  return best;
}

/** Search budget: positions visited per step. */
const MAX_NODES = 4000;

/**
 * Iterative deepening over the script's moves (the other player's replies, and moves played for
 * the learner) until the learner has a move that shows `want`: the shortest lead wins.
 */
function search(game: Game, from: State, learner: number, want: Want, rng: Rng, maxLead: number): Found | null {
  let nodes = 0;
  const dfs = (s: State, lead: ScriptMove[], depth: number): Found | null => {
    if (++nodes > MAX_NODES || s.phase === PHASE_OVER) return null;
    if (learnersTurn(s, learner)) {
      const here = bestAt(game, s, learner, want, rng);
      if (here) return { lead, ...here };
    }
    if (depth === 0) return null;
    const options: (number | null)[] = s.phase === PHASE_RACE && s.toMove === 0 ? [null] : shuffled(playable(game, s), rng);
    for (const m of options) {
      const next = s.clone();
      const played = scriptMove(game, next, m, rng);
      if (played.events.some((e) => ENDS.includes(e.type))) continue;
      const found = dfs(next, [...lead, played], depth - 1);
      if (found) return found;
    }
    return null;
  };
  for (let depth = 0; depth <= maxLead; depth++) {
    nodes = 0;
    const found = dfs(from.clone(), [], depth);
    if (found) return found;
  }
  return null;
}

/** Playouts tried for the end of a round. */
const PLAYOUTS = 40;
/** Plies a playout may last before it is given up. */
const PLAYOUT_PLIES = 3000;

/**
 * A seeded playout from `from` until the learner has a move that ends the round (or the game):
 * the other player's moves avoid ending it first when they can. Tries a few playouts.
 */
function playoutTo(game: Game, from: State, learner: number, plain: Want, rng: Rng): Found | null {
  for (let attempt = 0; attempt < PLAYOUTS; attempt++) {
    // The first playouts look for an end with the learner ahead; the later ones for any end.
    const want = attempt < PLAYOUTS / 2 ? { ...plain, learnerAhead: true } : plain;
    const s = from.clone();
    const lead: ScriptMove[] = [];
    for (let ply = 0; ply < PLAYOUT_PLIES && s.phase !== PHASE_OVER; ply++) {
      if (learnersTurn(s, learner)) {
        const here = bestAt(game, s, learner, want, rng);
        if (here) return { lead, ...here };
      }
      if (s.phase === PHASE_RACE && s.toMove === 0) {
        lead.push(scriptMove(game, s, null, rng));
        continue;
      }
      const moves = shuffled(playable(game, s), rng);
      const quiet = moves.find((m) => !trial(game, s, m).events.some((e) => ENDS.includes(e.type)));
      // A round the script cannot help ending: start another playout (the last one goes on regardless).
      if (quiet === undefined && attempt < PLAYOUTS - 1) break;
      lead.push(scriptMove(game, s, quiet ?? moves[0]!, rng));
    }
  }
  return null;
}

function step(kind: StepKind, before: State, fields: Partial<TutorialStep> = {}): TutorialStep {
  return {
    kind,
    lead: [],
    later: false,
    before,
    move: null,
    joint: null,
    hole: -1,
    firstDrop: -1,
    choiceOfWays: false,
    events: [],
    after: before,
    wanted: [],
    rules: [],
    ...fields,
  };
}

/** The learner's race choice (Selus): a starting hole from which the learner wins the race, if there is one. */
function raceChoiceStep(game: Game, s: State, learner: number, rng: Rng): TutorialStep {
  const buf = new Int32Array(MAX_MOVES);
  const mine = shuffled(Array.from(buf.subarray(0, game.legalMovesFor(s, learner, buf))), rng);
  const base = scriptJoint(game, s, rng);
  // A clean win (first to finish) is best, then a win on the tie rule, then any race.
  const score = (events: readonly GameEvent[]): number => {
    const end = events.find((e) => e.type === 'raceEnd');
    if (!end || end.winner !== learner) return 0;
    return end.deadHeat || end.loop ? 1 : 2;
  };
  let chosen: { joint: number[]; events: GameEvent[]; after: State; score: number } | null = null;
  for (const m of mine) {
    const joint = base.slice();
    joint[learner] = m;
    const after = s.clone();
    const events: GameEvent[] = [];
    game.applyJoint(after, joint, events);
    const sc = score(events);
    if (!chosen || sc > chosen.score) chosen = { joint, events, after, score: sc };
    if (sc === 2) break;
  }
  const c = chosen!;
  const { hole, firstDrop } = holesOf(c.events, learner);
  return step('raceChoice', s.clone(), {
    joint: c.joint,
    hole,
    firstDrop,
    events: c.events,
    after: c.after,
    wanted: ['raceEnd'],
    rules: citedRules(c.events),
  });
}

/** Other legal ways of playing the same hole (a choice of direction). */
function otherWays(game: Game, s: State, move: number, hole: number, learner: number): boolean {
  return playable(game, s).some((m) => m !== move && holesOf(trial(game, s, m).events, learner).hole === hole);
}

function foundStep(kind: StepKind, game: Game, f: Found, learner: number, want: Want, later: boolean): TutorialStep {
  const { hole, firstDrop } = holesOf(f.events, learner);
  return step(kind, f.before, {
    lead: f.lead,
    later,
    move: f.move,
    hole,
    firstDrop,
    choiceOfWays: otherWays(game, f.before, f.move, hole, learner),
    events: f.events,
    after: f.after,
    wanted: want.must,
    rules: citedRules(f.events),
  });
}

/**
 * Finds a step's move: a short search, then the same without the step's `avoid` list, then a
 * seeded playout ("later in the game"). The end of a round is preferably one the learner ends ahead.
 */
function findFor(kind: StepKind, game: Game, from: State, learner: number, rng: Rng, quick = false): TutorialStep | null {
  const want = wantOf(kind, game.ruleset.info.captureEvent);
  const depth = kind === 'end' ? 2 : 4;
  let f = search(game, from, learner, kind === 'end' ? { ...want, learnerAhead: true } : want, rng, depth);
  if (!f && quick) return null;
  if (!f && kind !== 'end') f = search(game, from, learner, { must: want.must, avoid: ENDS }, rng, depth);
  f ??= playoutTo(game, from, learner, want, rng);
  return f ? foundStep(kind, game, f, learner, want, f.lead.length > depth) : null;
}

/** The opening steps: the board (and, in Abalala'e, the race newState played; in Selus, the learner's race choice). */
function openingSteps(game: Game, start: State, raceEvents: GameEvent[], learner: number, rng: Rng): TutorialStep[] {
  const rules = [...game.ruleset.info.boardRules];
  if (raceEvents.length === 0) {
    const out = [step('board', start.clone(), { rules })];
    if (start.phase === PHASE_RACE && start.toMove === 0) out.push(raceChoiceStep(game, start, learner, rng));
    return out;
  }
  // The race is played inside newState: the board before it is worked back from its trace (animate.ts).
  const before = start.clone();
  const board = boardBefore(boardStateOf(start), raceEvents);
  if (board) before.counts.set(board.counts);
  return [
    step('board', before, { rules }),
    step('race', before, { events: raceEvents, after: start.clone(), wanted: ['raceEnd'], rules: citedRules(raceEvents) }),
  ];
}

/**
 * The steps played from the position after the opening: each kind of the plan once, the end last.
 * The next one is whichever the game reaches soonest (the shortest lead of script moves), ties in
 * the plan's order: in Gabata every first sowing relays, so the relay comes before a plain sowing.
 */
function playedSteps(game: Game, from: State, learner: number, rng: Rng): TutorialStep[] {
  const plan: StepKind[] = game.ruleset.info.lesson.filter((k) => k === 'sow' || k === 'relay' || k === 'capture');
  const steps: TutorialStep[] = [];
  let at = from;
  while (plan.length > 0) {
    let best: TutorialStep | null = null;
    for (const kind of plan) {
      const s = findFor(kind, game, at, learner, rng, true);
      if (s && (!best || s.lead.length < best.lead.length)) best = s;
    }
    best ??= findFor(plan[0]!, game, at, learner, rng);
    plan.splice(plan.indexOf(best ? best.kind : plan[0]!), 1);
    if (!best) continue;
    steps.push(best);
    at = best.after;
  }
  const end = findFor('end', game, at, learner, rng);
  if (end) steps.push(end);
  steps.push(step('done', (end ?? steps[steps.length - 1])?.after.clone() ?? from.clone()));
  return steps;
}

/**
 * Builds the tutorial of a ruleset (two players, default options) from the game's standard start
 * with this seed. Steps the game cannot show from that start (none known) are left out.
 */
export function buildTutorial(rulesetId: string, seed: number): TutorialScript {
  const found = getRuleset(rulesetId);
  if (!found.ok) throw found.error;
  const made = found.value.create({});
  if (!made.ok) throw made.error;
  const game = made.value;
  const rng = new Rng(seed);
  const raceEvents: GameEvent[] = [];
  const start = game.newState(seed, raceEvents);
  // The learner plays the seat that moves first (Abalala'e: the race winner), or player 1 at a race choice.
  const learner = start.toMove > 0 ? start.toMove : 1;
  const steps = openingSteps(game, start, raceEvents, learner, rng);
  steps.push(...playedSteps(game, steps[steps.length - 1]!.after, learner, rng));
  return { rulesetId: game.ruleset.info.id, seed, game, learner, steps };
}

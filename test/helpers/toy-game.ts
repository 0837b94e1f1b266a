/**
 * A tiny ruleset used only by the notation and CLI tests, so that they exercise what the real
 * rulesets may or may not have yet: a simultaneous opening node (joint moves `a|b`), marks,
 * captures, aux slots exposed through extraToJSON, and the seeded generator. It is NOT a game
 * of the project and is never registered.
 *
 * Rules: a 2x3 board (holes 0-2 = player 1, 3-5 = player 2), two counters a hole, one ring
 * 0,1,2,5,4,3. Opening (simultaneous): each player lifts one of his holes into his hand. Then
 * players alternate: lift an own non-empty hole and sow one lap round the ring; a last counter
 * making an opponent's hole hold 2 captures it; a last counter into an own empty hole marks it.
 * When the player to move has nothing to sow, each keeps his holes' counters and the larger
 * hand wins. Where the opening leaves a tie, the state's generator picks who starts.
 */
import { err, ok, type Result } from '../../packages/engine/src/core/errors.js';
import type { Trace } from '../../packages/engine/src/core/events.js';
import { MAX_MOVES, standardReturns, type Game, type Ruleset } from '../../packages/engine/src/core/game.js';
import { gridGeometry } from '../../packages/engine/src/core/geometry.js';
import { resolveOptions, type OptionSpec } from '../../packages/engine/src/core/options.js';
import { TOY_DESCRIPTION } from './toy-description.js';
import { PHASE_OVER, PHASE_PLAY, PHASE_RACE, State } from '../../packages/engine/src/core/state.js';

const RING = [0, 1, 2, 5, 4, 3];
const NEXT = [1, 2, 5, 3, 3, 4];
NEXT[3] = 0;
NEXT[4] = 3;
NEXT[5] = 4;
const AUX_CAPTURES = 0;

const options: OptionSpec[] = [
  { name: 'seedsPerHole', kind: 'integer', min: 1, max: 4, default: 2, question: 'How many counters in each hole?', explain: {} },
  {
    name: 'opening',
    kind: 'choice',
    values: ['race', 'none'],
    default: 'race',
    question: 'Who moves first?',
    explain: { race: 'both lift at once', none: 'player 1 starts' },
  },
];

const geometry = gridGeometry('2x3', 2, 3, [{ name: 'ring', holes: RING }]);

function owner(h: number): number {
  return h < 3 ? 1 : 2;
}

function finish(s: State): void {
  for (let h = 0; h < 6; h++) {
    s.captured[owner(h)]! += s.counts[h]!;
    s.counts[h] = 0;
  }
  s.scores[1] = s.captured[1]!;
  s.scores[2] = s.captured[2]!;
  s.winner = s.scores[1]! > s.scores[2]! ? 1 : s.scores[2]! > s.scores[1]! ? 2 : 0;
  s.phase = PHASE_OVER;
  s.toMove = 0;
  s.endReason = 1;
}

function hasStart(s: State, p: number): boolean {
  for (let h = 0; h < 6; h++) if (owner(h) === p && s.counts[h]! > 0) return true;
  return false;
}

export function createToy(o: Record<string, unknown>): Result<Game> {
  const r = resolveOptions(options, o, { quick: { seedsPerHole: 1 } });
  if (!r.ok) return r;
  const opts = r.value;
  const per = opts['seedsPerHole'] as number;
  const game: Game = {
    ruleset: toyRuleset,
    options: opts,
    players: 2,
    geometry,
    counterTotal: per * 6,
    newState(seed: number): State {
      const s = new State(2, 6, seed);
      for (let h = 0; h < 6; h++) {
        s.counts[h] = per;
        s.owners[h] = owner(h);
      }
      if (opts['opening'] === 'race') {
        s.phase = PHASE_RACE;
        s.toMove = 0;
      }
      return s;
    },
    legalMoves(s, out) {
      return game.candidateMoves(s, out);
    },
    candidateMoves(s, out) {
      if (s.phase !== PHASE_PLAY) return 0;
      let n = 0;
      for (let h = 0; h < 6; h++) if (owner(h) === s.toMove && s.counts[h]! > 0) out[n++] = h;
      return n;
    },
    legalMovesFor(s, p, out) {
      if (s.phase !== PHASE_RACE) return 0;
      let n = 0;
      for (let h = 0; h < 6; h++) if (owner(h) === p && s.counts[h]! > 0) out[n++] = h;
      return n;
    },
    apply(s, move, trace: Trace = null) {
      let hand = s.counts[move]!;
      s.counts[move] = 0;
      trace?.push({ type: 'lift', player: s.toMove, hole: move, count: hand });
      let h = move;
      while (hand > 0) {
        h = NEXT[h]!;
        s.counts[h]!++;
        hand--;
        trace?.push({ type: 'drop', player: s.toMove, hole: h, count: s.counts[h]! });
      }
      if (owner(h) !== s.toMove && s.counts[h] === 2) {
        s.captured[s.toMove]! += 2;
        s.counts[h] = 0;
        s.aux[AUX_CAPTURES]!++;
        trace?.push({ type: 'capture', player: s.toMove, hole: h, count: 2 });
      } else if (owner(h) === s.toMove && s.counts[h] === 1) {
        s.marks[h] = s.toMove;
      }
      s.ply++;
      s.turn++;
      s.toMove = 3 - s.toMove;
      s.recordPosition();
      if (!hasStart(s, s.toMove)) finish(s);
      return true;
    },
    applyJoint(s, moves, trace: Trace = null) {
      for (let p = 1; p <= 2; p++) {
        const h = moves[p]!;
        s.captured[p]! += s.counts[h]!;
        trace?.push({ type: 'raceStart', player: p, hole: h, count: s.counts[h]! });
        s.counts[h] = 0;
      }
      const c1 = s.captured[1]!;
      const c2 = s.captured[2]!;
      s.toMove = c1 > c2 ? 1 : c2 > c1 ? 2 : 1 + s.rng.int(2);
      s.raceWinner = s.toMove;
      s.phase = PHASE_PLAY;
      s.ply++;
      if (!hasStart(s, s.toMove)) finish(s);
    },
    moveText(_s, move) {
      return String(move);
    },
    parseMove(_s, text) {
      const t = text.trim();
      if (!/^\d{1,3}$/.test(t)) return err('ERR_MOVE_SYNTAX', `'${t}' is not a hole number`, t);
      const h = Number(t);
      if (h > 5) return err('ERR_MOVE_SYNTAX', `hole ${h} does not exist (0..5)`, t);
      return ok(h);
    },
    returns: standardReturns,
    evaluate() {
      return 0;
    },
    validate(s) {
      let total = 0;
      for (let h = 0; h < 6; h++) {
        if (s.counts[h]! < 0) return err('ERR_POSITION', `hole ${h} holds a negative count`, `counts[${h}]`);
        if (s.owners[h] !== owner(h)) return err('ERR_POSITION', `hole ${h} must belong to player ${owner(h)}`, `owners[${h}]`);
        total += s.counts[h]!;
      }
      total += s.captured[1]! + s.captured[2]!;
      if (total !== per * 6) return err('ERR_POSITION', `the position holds ${total} counters; this game has ${per * 6}`, 'counts');
      if (s.phase === PHASE_RACE && s.toMove !== 0) return err('ERR_POSITION', 'the opening is simultaneous: toMove must be 0', 'toMove');
      if (s.phase === PHASE_PLAY && s.toMove !== 1 && s.toMove !== 2) return err('ERR_POSITION', 'toMove must be 1 or 2', 'toMove');
      if (s.phase !== PHASE_PLAY && s.phase !== PHASE_RACE && s.phase !== PHASE_OVER)
        return err('ERR_POSITION', 'phase must be play, race or over', 'phase');
      return ok(s);
    },
    extraToJSON(s) {
      return { captures: s.aux[AUX_CAPTURES]! };
    },
    extraFromJSON(s, extra) {
      for (const k of Object.keys(extra)) if (k !== 'captures') return err('ERR_POSITION', `unknown extra field '${k}'`, `extra.${k}`);
      const c = extra['captures'] ?? 0;
      if (typeof c !== 'number' || !Number.isInteger(c) || c < 0)
        return err('ERR_POSITION', 'extra.captures must be a non-negative integer', 'extra.captures');
      s.aux[AUX_CAPTURES] = c;
      return ok(s);
    },
  };
  return ok(game);
}

export const toyRuleset: Ruleset = {
  info: {
    id: 'toy-race',
    name: 'Toy race (tests only)',
    aliases: ['toy'],
    region: 'nowhere',
    sources: [],
    clausePrefix: 'TOY',
    players: [2],
    summary: 'A test fixture.',
    reconstructions: [],
    ...TOY_DESCRIPTION,
  },
  options,
  presets: { quick: { seedsPerHole: 1 } },
  create(o = {}) {
    return createToy(o as Record<string, unknown>);
  },
};

export const TOY_MAX_MOVES = MAX_MOVES;

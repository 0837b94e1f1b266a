/**
 * A tiny game behind the Game interface, used only by the agent tests: it exercises what search
 * must handle generically (a turn of several decisions with the same player to move, a
 * simultaneous opening node, a perpetual candidate move that `apply` rejects, two or three
 * players) on boards small enough for plain minimax.
 *
 * Rules: `per` holes per player in a ring, `seeds` counters each. A move lifts one of the mover's
 * non-empty holes and sows one lap along the ring. Last counter making a hole hold 2 or 3:
 * those counters are captured. Last counter into an empty hole of the mover: he chooses again
 * (PHASE_CONTINUE). A hole holding exactly 7 counters is a "perpetual" candidate: `apply` returns
 * false for it and `legalMoves` leaves it out. The match ends when the player to move has no
 * move: every counter left goes to its hole's owner; most counters wins. Optional opening
 * (`race`): both players pick one of their holes at once; each pick's counters go to the picker's
 * store and the player whose pick held more moves first.
 */
import { err, ok, type Result } from '../packages/engine/src/core/errors.js';
import { standardReturns, type Game, type Ruleset } from '../packages/engine/src/core/game.js';
import { gridGeometry } from '../packages/engine/src/core/geometry.js';
import { TOY_DESCRIPTION } from './helpers/toy-description.js';
import { PHASE_CONTINUE, PHASE_OVER, PHASE_PLAY, PHASE_RACE, State } from '../packages/engine/src/core/state.js';

export interface ToyOptions {
  players?: number;
  per?: number;
  seeds?: number;
  race?: boolean;
}

export function makeToyGame(o: ToyOptions = {}): Game {
  const players = o.players ?? 2;
  const per = o.per ?? 3;
  const seeds = o.seeds ?? 2;
  const race = o.race ?? false;
  const n = players * per;
  const geometry = gridGeometry('toy', 1, n, [{ name: 'ring', holes: Array.from({ length: n }, (_, i) => i) }]);
  const owner = (h: number): number => Math.floor(h / per) + 1;

  const finish = (s: State): void => {
    for (let h = 0; h < n; h++) {
      s.captured[owner(h)]! += s.counts[h]!;
      s.counts[h] = 0;
    }
    let best = -1;
    let winner = 0;
    for (let p = 1; p <= players; p++) {
      if (s.captured[p]! > best) {
        best = s.captured[p]!;
        winner = p;
      } else if (s.captured[p] === best) winner = 0;
    }
    s.winner = winner;
    s.toMove = 0;
    s.phase = PHASE_OVER;
  };
  const movesOf = (s: State, p: number, out: Int32Array, exact: boolean): number => {
    let k = 0;
    for (let h = (p - 1) * per; h < p * per; h++) {
      if (s.counts[h]! > 0 && !(exact && s.counts[h] === 7)) out[k++] = h;
    }
    return k;
  };
  const settle = (s: State): void => {
    const tmp = new Int32Array(n);
    if (s.phase !== PHASE_OVER && movesOf(s, s.toMove, tmp, true) === 0) finish(s);
  };

  const ruleset: Ruleset = {
    info: {
      id: 'toy',
      name: 'Toy',
      aliases: [],
      region: 'test',
      sources: [],
      clausePrefix: 'TOY',
      players: [players],
      summary: 'A test game.',
      reconstructions: [],
      ...TOY_DESCRIPTION,
    },
    options: [],
    presets: {},
    create: () => ok(game),
  };
  const game: Game = {
    ruleset,
    options: { players, per, seeds, race },
    players,
    geometry,
    counterTotal: n * seeds,
    newState(seed: number): State {
      const s = new State(players, n, seed);
      for (let h = 0; h < n; h++) {
        s.counts[h] = seeds;
        s.owners[h] = owner(h);
      }
      if (race) {
        s.toMove = 0;
        s.phase = PHASE_RACE;
      }
      return s;
    },
    legalMoves: (s, out) => (s.phase === PHASE_OVER || s.toMove === 0 ? 0 : movesOf(s, s.toMove, out, true)),
    candidateMoves: (s, out) => (s.phase === PHASE_OVER || s.toMove === 0 ? 0 : movesOf(s, s.toMove, out, false)),
    legalMovesFor: (s, p, out) => (s.phase === PHASE_RACE ? movesOf(s, p, out, false) : 0),
    apply(s, move) {
      if (s.counts[move] === 7) return false;
      const p = s.toMove;
      let hand = s.counts[move]!;
      s.counts[move] = 0;
      let cur = move;
      while (hand > 0) {
        cur = (cur + 1) % n;
        s.counts[cur]!++;
        hand--;
      }
      s.ply++;
      const c = s.counts[cur]!;
      if (c === 2 || c === 3) {
        s.captured[p]! += c;
        s.counts[cur] = 0;
        s.toMove = s.nextPlayer(p);
        s.phase = PHASE_PLAY;
        s.turn++;
      } else if (c === 1 && owner(cur) === p) {
        s.phase = PHASE_CONTINUE;
      } else {
        s.toMove = s.nextPlayer(p);
        s.phase = PHASE_PLAY;
        s.turn++;
      }
      settle(s);
      return true;
    },
    applyJoint(s, moves) {
      let best = -1;
      let first = 1;
      for (let p = 1; p <= players; p++) {
        const h = moves[p]!;
        const c = s.counts[h]!;
        s.captured[p]! += c;
        s.counts[h] = 0;
        if (c > best) {
          best = c;
          first = p;
        }
      }
      s.ply++;
      s.toMove = first;
      s.phase = PHASE_PLAY;
      settle(s);
    },
    moveText: (_s, m) => String(m),
    parseMove(s, text): Result<number> {
      const m = Number(text);
      const buf = new Int32Array(n);
      const k = s.phase === PHASE_RACE ? n : game.legalMoves(s, buf);
      if (!/^\d+$/.test(text)) return err('ERR_MOVE_SYNTAX', `not a move: ${text}`);
      if (s.phase !== PHASE_RACE && !buf.subarray(0, k).includes(m)) return err('ERR_ILLEGAL_MOVE', `illegal: ${text}`);
      return ok(m);
    },
    returns: standardReturns,
    evaluate(s, p) {
      let mine = s.captured[p]!;
      let other = 0;
      for (let q = 1; q <= players; q++) if (q !== p) other = Math.max(other, s.captured[q]!);
      for (let h = 0; h < n; h++) if (owner(h) === p) mine += s.counts[h]! * 0.5;
      return Math.max(-1, Math.min(1, (mine - other) / (n * seeds)));
    },
    validate: (s) => ok(s),
    extraToJSON: () => ({}),
    extraFromJSON: (s) => ok(s),
  };
  return game;
}

/**
 * A match between players that answer asynchronously (external engines, or agents wrapped as
 * such). Used by tournaments that include engines; the move texts are the lingua franca.
 */
import { GabataError, type Game, MAX_MOVES, PHASE_OVER, PHASE_PLAY, PHASE_RACE } from '@gabata/engine/core';
import type { Agent } from '@gabata/engine/ai';
import { makeJointMove } from '@gabata/engine/notation';
import { summarise, type MatchResult } from './match.js';

export interface AsyncPlayer {
  readonly name: string;
  /** A new match of `game` from `seed` starts. */
  newGame(game: Game, seed: number): Promise<void>;
  /**
   * The move text this player chooses after `moves` (texts from the start); `player` is set at a
   * simultaneous node.
   */
  choose(game: Game, moves: readonly string[], state: import('@gabata/engine/core').State, player?: number): Promise<string>;
}

/** An in-process agent as an async player. */
export function agentPlayer(agent: Agent): AsyncPlayer {
  return {
    name: agent.name,
    async newGame() {
      agent.reset();
    },
    async choose(game, _moves, s, player) {
      const m = player !== undefined ? agent.chooseFor(game, s, player).move : agent.choose(game, s).move;
      return game.moveText(s, m);
    },
  };
}

export async function playMatchAsync(
  game: Game,
  players: readonly AsyncPlayer[],
  seed: number,
  maxPlies = 1_000_000,
): Promise<MatchResult> {
  const s = game.newState(seed);
  for (const p of players) await p.newGame(game, seed);
  const buf = new Int32Array(MAX_MOVES);
  const joint = new Int32Array(game.players + 1);
  const moves: string[] = [];
  let turns = 0;
  let plies = 0;
  let branchingSum = 0;
  let branchingCount = 0;
  const pick = (text: string, n: number, who: string): number => {
    for (let i = 0; i < n; i++) if (game.moveText(s, buf[i]!) === text) return buf[i]!;
    throw new GabataError('ERR_ILLEGAL_MOVE', `${who} played '${text}', not a legal move at ply ${s.ply}`);
  };
  while (s.phase !== PHASE_OVER && plies < maxPlies) {
    if (s.toMove === 0 && s.phase === PHASE_RACE) {
      for (let p = 1; p <= game.players; p++) {
        const n = game.legalMovesFor(s, p, buf);
        joint[p] = pick(await players[p - 1]!.choose(game, moves, s, p), n, players[p - 1]!.name);
      }
      moves.push(makeJointMove(game, s, joint));
      game.applyJoint(s, joint);
      plies++;
      continue;
    }
    const n = game.legalMoves(s, buf);
    if (n === 0) throw new GabataError('ERR_INTERNAL', `no legal move at ply ${s.ply}`);
    branchingSum += n;
    branchingCount++;
    if (s.phase === PHASE_PLAY) turns++;
    const who = players[s.toMove - 1]!;
    const m = n === 1 ? buf[0]! : pick(await who.choose(game, moves, s), n, who.name);
    moves.push(game.moveText(s, m));
    game.apply(s, m);
    plies++;
  }
  return summarise(game, s, { turns, plies, branchingSum, branchingCount });
}

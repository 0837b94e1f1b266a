/**
 * The computer's thinking, off the page's thread: the worker replays the game from its seed and
 * stored moves with the same engine, asks the agent of the seat's level for a move, and posts it
 * back. The page then sends that move to the server like a person's.
 */
import { levelAgent } from '@gabata/engine/ai';
import { deriveSeed } from '@gabata/engine/core';
import { type AnalyseReply, type AnalyseRequest, answerAnalyse } from './analysis-engine.js';
import { applyStored, buildGame, isSimultaneous, type StoredMove } from './engine.js';

export interface ThinkRequest {
  id: number;
  ruleset: string;
  options: Record<string, unknown>;
  seed: number;
  moves: StoredMove[];
  level: number;
  /** The player to choose for (the player to move, or a racer at a simultaneous node). */
  player: number;
}

export type ThinkReply = { id: number; move: number; text: string } | { id: number; error: string };

const ctx = self as unknown as {
  onmessage: ((e: MessageEvent<ThinkRequest | AnalyseRequest>) => void) | null;
  postMessage(m: ThinkReply | AnalyseReply): void;
};

const isAnalyse = (r: ThinkRequest | AnalyseRequest): r is AnalyseRequest => 'kind' in r && r.kind === 'analyse';

ctx.onmessage = (e: MessageEvent<ThinkRequest | AnalyseRequest>): void => {
  const q = e.data;
  // The analysis of a game (analysis-engine.ts), in its own worker beside the computer's.
  if (isAnalyse(q)) {
    try {
      ctx.postMessage(answerAnalyse(q));
    } catch (err) {
      ctx.postMessage({ id: q.id, error: (err as Error).message ?? String(err) });
    }
    return;
  }
  const r = q;
  try {
    const game = buildGame(r.ruleset, r.options);
    const s = game.newState(r.seed);
    for (const m of r.moves) applyStored(game, s, m);
    const level = Math.min(5, Math.max(1, Math.round(r.level))) as 1 | 2 | 3 | 4 | 5;
    // A seed per game, ply and player: the same position gets the same answer after a reload.
    const agent = levelAgent(level, deriveSeed(r.seed, r.moves.length * 4 + r.player));
    const move = isSimultaneous(s) ? agent.chooseFor(game, s, r.player).move : agent.choose(game, s).move;
    ctx.postMessage({ id: r.id, move, text: game.moveText(s, move) });
  } catch (err) {
    ctx.postMessage({ id: r.id, error: (err as Error).message ?? String(err) });
  }
};

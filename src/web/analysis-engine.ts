/**
 * The analysis's side in the worker (worker.ts hands it the requests whose `kind` is 'analyse'):
 * replays the game from its seed and stored moves, and answers one request at a time, so the
 * page asks position after position and shows each answer as it comes (src/ai/analyse.ts does
 * the analysing). The analyser and the positions it has valued are kept for the game last asked
 * about: judging move i reuses the value of position i found for move i - 1.
 */
import { Analyser, type PositionAnalysis } from '@gabata/engine/ai';
import type { Game, State } from '@gabata/engine/core';
import type { MoveAnnotation } from '@gabata/engine/notation';
import { applyStored, buildGame, type StoredMove } from './engine.js';

export interface AnalyseRequest {
  kind: 'analyse';
  id: number;
  ruleset: string;
  options: Record<string, unknown>;
  seed: number;
  moves: StoredMove[];
  /**
   * 'move': judge `moves[ply]` (the position before it and the one after it);
   * 'position': the position after `moves[0..ply)` then the codes of `extra` (the analysis board).
   */
  what: 'move' | 'position';
  ply: number;
  extra?: number[];
  /** The search's budget of a position (milliseconds), or a depth. */
  timeMs?: number;
  depth?: number;
}

export type AnalyseReply =
  | { id: number; kind: 'move'; ply: number; before: PositionAnalysis; annotation: MoveAnnotation }
  | { id: number; kind: 'position'; ply: number; position: PositionAnalysis }
  | { id: number; error: string };

interface Session {
  key: string;
  game: Game;
  states: State[];
  analyser: Analyser;
  values: Map<number, PositionAnalysis>;
}

let session: Session | null = null;

function sessionFor(r: AnalyseRequest): Session {
  const key = JSON.stringify([r.ruleset, r.options, r.seed, r.moves.map((m) => m.move), r.timeMs, r.depth]);
  if (session?.key === key) return session;
  const game = buildGame(r.ruleset, r.options);
  const s = game.newState(r.seed);
  const states = [s.clone()];
  for (const m of r.moves) {
    applyStored(game, s, m);
    states.push(s.clone());
  }
  const analyser = new Analyser(game, r.depth !== undefined ? { depth: r.depth, seed: r.seed } : { timeMs: r.timeMs, seed: r.seed });
  session = { key, game, states, analyser, values: new Map() };
  return session;
}

function positionValue(se: Session, ply: number): PositionAnalysis {
  const known = se.values.get(ply);
  if (known) return known;
  const v = se.analyser.position(se.states[ply]!);
  se.values.set(ply, v);
  return v;
}

/** Answers one analysis request (the worker posts the reply). */
export function answerAnalyse(r: AnalyseRequest): AnalyseReply {
  const se = sessionFor(r);
  const ply = Math.max(0, Math.min(se.states.length - 1, Math.floor(r.ply)));
  if (r.what === 'position') {
    if (!r.extra || r.extra.length === 0) return { id: r.id, kind: 'position', ply, position: positionValue(se, ply) };
    const s = se.states[ply]!.clone();
    for (const m of r.extra) if (!se.game.apply(s, m)) return { id: r.id, error: `move ${m} does not apply` };
    return { id: r.id, kind: 'position', ply, position: se.analyser.position(s) };
  }
  if (ply >= se.states.length - 1) return { id: r.id, error: `no move ${ply}` };
  const before = positionValue(se, ply);
  const after = positionValue(se, ply + 1);
  return { id: r.id, kind: 'move', ply, before, annotation: se.analyser.judge(before, se.states[ply + 1]!, after) };
}

/**
 * Export and import of stored games as records (the notation layer's `gabata-record/1`). The
 * record's `agents` carry the seat kinds ('human', 'computer:3'), so an exported game imports
 * with the same seats.
 */
import { err, type Game, ok, type Result, type State } from '@gabata/engine/core';
import { bareMessage, type GameRecord, makeRecord, parseRecord } from '@gabata/engine/notation';
import { isSimultaneous, type DecisionInput } from './match.js';
import type { GameRow, MoveRow } from './store.js';

export function makeGameRecord(game: Game, g: GameRow, moves: readonly MoveRow[], final: State): GameRecord {
  return makeRecord({
    game,
    seed: g.seed,
    moves: moves.map((m) => m.move),
    final,
    date: g.created,
    agents: g.seats,
    meta: { id: g.id },
  });
}

/** A record's move text as a decision at `s`: a joint text 'a|b' becomes one entry per player. */
export function decisionOf(s: State, text: string): DecisionInput {
  return isSimultaneous(s) ? { joint: text.split('|').map((x) => x.trim()) } : { move: text };
}

/** Checks a record's shape (moves are replayed and validated by the caller, one by one). */
export function readGameRecord(body: unknown): Result<GameRecord> {
  const r = parseRecord(body);
  // The notation's message already ends with its '(at where)': wrap the bare message, not that.
  if (!r.ok) return err('ERR_RECORD', bareMessage(r.error), r.error.where);
  return ok(r.value);
}

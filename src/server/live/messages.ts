/**
 * What a game's sockets are sent about its moves, built from the game and its stored moves
 * (play.ts stores and sends them): the `move` message of a move with its events, the `move`
 * messages that catch a client up, and the `snapshot` of a client far behind (docs/online.md).
 * Nothing here changes a game.
 */
import { fail } from '../http.js';
import { applyDecision, isSimultaneous, snapshot, statusOf } from '../match.js';
import type { MoveRow } from '../store.js';
import { clockView } from './clock.js';
import type { LiveGame } from './game.js';

/** The `move` message of a move just applied (the reply to its poster is the same message). */
export function moveMessage(l: LiveGame, row: MoveRow, events: unknown[], now: number): Record<string, unknown> {
  return {
    type: 'move',
    ply: row.ply,
    move: row.move,
    codes: row.codes,
    joint: row.joint,
    events,
    status: l.status,
    result: l.result,
    clock: l.meta.clock ? clockView(l.meta.clock, now) : null,
    end: l.meta.end,
  };
}

/**
 * The `move` messages of the plies after `since`, in order, their events rebuilt by replaying
 * `moves` (the game's stored moves) from the start; the last one carries the game's status,
 * clock and end as they are now.
 */
export function catchUpMessages(l: LiveGame, moves: readonly MoveRow[], since: number, now: number): string[] {
  const s = l.game.newState(l.seed);
  const out: string[] = [];
  for (const m of moves) {
    const r = applyDecision(l.game, s, m.joint ? { joint: m.codes.slice(1) } : { code: m.codes[0] });
    if (!r.ok) fail(r.error, 500);
    if (m.ply <= since) continue;
    const last = m.ply === l.moveCount - 1;
    const st = statusOf(s);
    out.push(
      JSON.stringify({
        type: 'move',
        ply: m.ply,
        move: m.move,
        codes: m.codes,
        joint: m.joint,
        events: r.value.events,
        status: last ? l.status : st.status === 'over' ? 'over' : isSimultaneous(s) ? 'race' : 'play',
        result: last ? l.result : st.result,
        clock: last && l.meta.clock ? clockView(l.meta.clock, now) : null,
        end: last ? l.meta.end : null,
      }),
    );
  }
  return out;
}

/** The position now and the game's last moves (`moves`, from ply `from`), for a client far behind. */
export function snapshotMessage(l: LiveGame, moves: readonly MoveRow[], from: number, now: number): Record<string, unknown> {
  return {
    type: 'snapshot',
    ply: l.moveCount,
    from,
    moves: moves.map((m) => ({ ply: m.ply, move: m.move, codes: m.codes, joint: m.joint })),
    position: snapshot(l.game, l.state),
    game: l.doc(now),
  };
}

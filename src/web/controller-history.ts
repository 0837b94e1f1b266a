/**
 * Looking back (controller.ts): the position after any earlier move, shown while the live game
 * goes on underneath; the marks read off past moves (where the last move started, the rule that
 * let a player sow again); and what the board shows now.
 */
import type { GameEvent } from '@gabata/engine/core';
import { boardStateOf } from './animate.js';
import { applyStored, byHole } from './engine.js';
import { type Display, NONE } from './controller-modes.js';
import type { PlayController } from './controller.js';

export class HistoryPart {
  constructor(private readonly c: PlayController) {}

  readonly startHoles = new Map<number, Set<number>>();
  private continuation: { ply: number; rule: string } | null = null;

  /** Shows the position after move `to` (a ply, one step, the start or the live game). */
  step(to: number | 'start' | 'live'): void {
    const live = this.c.live;
    if (!this.c.ready || live.kind === 'animating' || live.kind === 'closed') return;
    const cur = this.c.shownPly;
    let k: number;
    if (to === 'start') k = 0;
    else if (to === 'live') k = this.c.moves.length;
    else if (to === 1 || to === -1) k = cur + to;
    else k = to;
    k = Math.max(0, Math.min(this.c.moves.length, k));
    this.c.choice.dismissOffer(false);
    this.c.mode = k === this.c.moves.length ? live : { kind: 'history', ply: k, live };
    this.c.ports.changed();
  }

  /** Start holes of move k (1-based), read off its trace: marked on the board as the last move. */
  movedFrom(k: number): ReadonlySet<number> {
    const m = this.c.moves[k - 1];
    if (!m) return NONE;
    const known = this.startHoles.get(k);
    if (known) return known;
    const ev: GameEvent[] = [];
    applyStored(this.c.game, this.c.states[k - 1]!.clone(), m, ev);
    const out = new Set<number>();
    for (const e of ev) {
      if (e.type === 'lift' || e.type === 'raceStart') out.add(e.hole);
      if (e.type === 'lift' || e.type === 'turnEnd' || e.type === 'raceTick') break;
    }
    this.startHoles.set(k, out);
    return out;
  }

  /**
   * The rule that gave the player to move another sowing in the same turn (a wegue in Adowa:
   * ADW-13), when the last move ended so; '' otherwise. The status line says why one player moves twice.
   */
  continuedBy(): string {
    const n = this.c.moves.length;
    if (this.continuation?.ply === n) return this.continuation.rule;
    const m = this.c.moves[n - 1];
    let rule = '';
    if (m) {
      const ev: GameEvent[] = [];
      applyStored(this.c.game, this.c.states[n - 1]!.clone(), m, ev);
      const e = ev.find((x): x is Extract<GameEvent, { type: 'await' }> => x.type === 'await' && x.reason === 'continue');
      if (e) rule = e.rule ?? '';
    }
    this.continuation = { ply: n, rule };
    return rule;
  }

  display(): Display {
    const m = this.c.mode;
    const last = this.movedFrom(this.c.shownPly);
    if (m.kind === 'history') {
      const state = this.c.states[m.ply]!;
      return { state, frame: boardStateOf(state), hot: NONE, legal: NONE, last, hint: NONE };
    }
    if (m.kind === 'animating') return { state: m.before, frame: m.frame, hot: m.hot, legal: NONE, last, hint: NONE };
    const state = this.c.liveState;
    const legal = new Set(byHole(this.c.choicesNow().list).keys());
    const hint = (m.kind === 'choosing' || m.kind === 'race') && m.hint.kind === 'shown' ? new Set(m.hint.holes) : NONE;
    return { state, frame: boardStateOf(state), hot: NONE, legal, last, hint };
  }
}

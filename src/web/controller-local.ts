/**
 * The page's own computer in a local game (controller.ts): it thinks for the computer seats (a
 * search in the page's worker), gathers a local race's choices until the joint move is complete,
 * and gives hints. Online the server plays the computer and there are no hints.
 */
import { MAX_MOVES, MOVE_PASS } from '@gabata/engine/core';
import { choices } from './engine.js';
import { T } from './text.js';
import type { ThinkReply } from './worker.js';
import { type RaceMode, type WatchingMode, NO_HINT } from './controller-modes.js';
import { describeChoice } from './controller-views.js';
import type { PlayController } from './controller.js';

export class LocalPart {
  constructor(private readonly c: PlayController) {}

  private think(player: number, level = Number(this.c.seatOf(player).split(':')[1])): Promise<ThinkReply> {
    const { ruleset, options, seed } = this.c.doc;
    return this.c.ports.think({ ruleset, options, seed, moves: this.c.moves, level, player });
  }

  async computerMoves(m: WatchingMode): Promise<void> {
    const r = await this.think(m.thinking);
    if (this.c.live !== m) return;
    if ('error' in r) {
      this.c.message = r.error;
      this.c.setLive({ kind: 'watching', thinking: 0 });
      return;
    }
    await this.c.submit({ code: r.move }, m.thinking);
  }

  /** At a local race: the computer players' choices, one after another; then the joint move if complete. */
  async gatherRace(m: RaceMode): Promise<void> {
    for (let p = 1; p <= this.c.liveState.players; p++) {
      if (!this.c.thinksFor(p) || m.joint[p] !== undefined) continue;
      m.thinking = p;
      this.c.ports.changed();
      const r = await this.think(p);
      if (this.c.live !== m) return;
      m.thinking = 0;
      if ('error' in r) {
        this.c.message = r.error;
        this.c.ports.changed();
        return;
      }
      m.joint[p] = r.move;
    }
    await this.submitJointIfComplete(m);
  }

  /** Sends the joint move once every player has chosen; a computer's missing choice is asked for. */
  async submitJointIfComplete(m: RaceMode): Promise<void> {
    const players = this.c.liveState.players;
    let missing = false;
    let computerMissing = false;
    const joint: number[] = [];
    for (let p = 1; p <= players; p++) {
      const buf = new Int32Array(MAX_MOVES);
      const racing = this.c.game.legalMovesFor(this.c.liveState, p, buf) > 0;
      if (m.joint[p] === undefined && racing) {
        missing = true;
        if (this.c.thinksFor(p)) computerMissing = true;
      }
      joint.push(m.joint[p] ?? MOVE_PASS);
    }
    if (missing) {
      this.c.ports.changed();
      if (computerMissing && m.thinking === 0) void this.gatherRace(m);
      return;
    }
    await this.c.submit({ joint }, this.c.actingSeat() || 1);
  }

  /** Asks the computer what it would play for the person choosing. */
  async askHint(): Promise<void> {
    const m = this.c.mode;
    const p = this.c.chooser;
    if ((m.kind !== 'choosing' && m.kind !== 'race') || p === 0) return;
    const s = this.c.liveState;
    m.hint = { kind: 'asking' };
    this.c.ports.changed();
    const r = await this.think(p, 3);
    if (this.c.live !== m) return;
    if ('error' in r) {
      m.hint = NO_HINT;
      this.c.message = r.error;
    } else {
      const c = choices(this.c.game, s, p).find((x) => x.move === r.move);
      m.hint = { kind: 'shown', holes: c && c.hole >= 0 ? [c.hole] : [] };
      this.c.message = T.hintIs(c ? describeChoice(c) : r.text);
    }
    this.c.ports.changed();
  }
}

/**
 * A decision of a person on this device (controller.ts): a tap on a hole plays it, offers its
 * ways of playing (Gifia's directions) or says why it cannot be played; an offered way, a pass or
 * a concession is played. A choice at a race is held until the joint move is complete (locally)
 * or sent as this seat's secret commit (online).
 */
import { byHole, type Choice } from './engine.js';
import { T } from './text.js';
import { type ChoosingMode, type RaceMode, type WatchingMode, NO_HINT } from './controller-modes.js';
import { explainRefusal, waitingText } from './controller-views.js';
import type { PlayController } from './controller.js';

export class ChoicePart {
  constructor(private readonly c: PlayController) {}

  /** A hole tapped while a move was being drawn: taken once the drawing has finished (see `takePending`). */
  private pending = -1;

  get hasPending(): boolean {
    return this.pending >= 0;
  }

  /**
   * A tap on a hole: plays it, offers its ways of playing, or says why it cannot be played. During
   * an animation it finishes the animation at once and is then taken as the move (the player's
   * input is never held up by a drawing).
   */
  tap(hole: number): void {
    const m = this.c.mode;
    this.dismissOffer(false);
    this.c.message = '';
    if (m.kind === 'animating') {
      this.pending = hole;
      this.c.skip();
      return;
    }
    this.pending = -1;
    if (m.kind === 'history') this.c.message = T.viewingPly(m.ply, this.c.moves.length);
    else if (m.kind === 'posting') this.c.message = T.animating;
    else if (m.kind === 'over') this.c.message = T.matchOver;
    else if (m.kind === 'waiting') this.c.message = waitingText(this.c, m);
    else if (m.kind === 'choosing' || m.kind === 'race' || m.kind === 'watching') this.tapToChoose(m, hole);
    this.c.ports.changed();
  }

  /** The game has settled after an animation: a hole tapped during it is tapped now. */
  takePending(): void {
    const hole = this.pending;
    if (hole < 0 || this.c.live.kind === 'animating') return;
    this.pending = -1;
    this.tap(hole);
  }

  /** Plays the chooser's pass or concession, when the engine offers one. */
  playSpecial(kind: 'pass' | 'concede'): void {
    const { player, list } = this.c.choicesNow();
    const c = list.find((x) => x.kind === kind);
    if (c) void this.choose(c, player);
  }

  /** Plays one of the offered ways of playing a hole. */
  takeOffer(c: Choice): void {
    const m = this.c.live;
    if ((m.kind !== 'choosing' && m.kind !== 'race') || !m.offer) return;
    const { player } = m.offer;
    m.offer = null;
    void this.choose(c, player);
  }

  dismissOffer(render = true): void {
    const m = this.c.live;
    if ((m.kind === 'choosing' || m.kind === 'race') && m.offer) {
      m.offer = null;
      if (render) this.c.ports.changed();
    }
  }

  private tapToChoose(m: ChoosingMode | RaceMode | WatchingMode, hole: number): void {
    const { player, list } = this.c.choicesNow();
    if (player === 0 || m.kind === 'watching') {
      const s = this.c.liveState;
      if (this.c.spectator) this.c.message = T.spectatorNoMoves;
      else if (m.kind === 'race') this.c.message = T.waitingForOthers;
      else this.c.message = this.c.thinking > 0 || this.c.thinksFor(s.toMove) ? T.computerToMove : T.notYourTurn(this.c.name(s.toMove));
      return;
    }
    const group = byHole(list).get(hole);
    if (!group) this.c.message = explainRefusal(this.c, hole, player, list);
    else if (group.length === 1) void this.choose(group[0]!, player);
    else m.offer = { hole, player, choices: group };
  }

  private async choose(c: Choice, player: number): Promise<void> {
    const m = this.c.live;
    if (m.kind === 'race') {
      m.joint[player] = c.move;
      m.hint = NO_HINT;
      if (this.c.online) await this.c.net.commit(m, player, c.move);
      else await this.c.local.submitJointIfComplete(m);
    } else if (m.kind === 'choosing') {
      await this.c.submit({ code: c.move }, player);
    }
  }
}

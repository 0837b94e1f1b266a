/**
 * The game as others change it, and the requests this page makes of the server besides moves
 * (controller.ts): the live stream's messages (moves, the seats this key holds, joins, offers,
 * presence, the clock, the end, a rematch), a seat's secret choice at an online race, takeback
 * (immediate in a local game, asked of the others online), draw, resignation, rematch and claim.
 */
import { ApiError, normalizeDoc, type MoveReply } from './api.js';
import type { ClockState, GameDoc, OfferInfo } from './engine.js';
import { rematchSeats } from './identity.js';
import type { LiveMessage } from './live.js';
import { T } from './text.js';
import type { RaceMode } from './controller-modes.js';
import { errorText } from './controller-views.js';
import type { PlayController } from './controller.js';

export class OnlinePart {
  constructor(private readonly c: PlayController) {}

  /** A message of the live stream. */
  onLive(msg: LiveMessage): void {
    if (!this.c.ready || this.c.mode.kind === 'closed') return;
    switch (msg.type) {
      case 'welcome':
        this.welcome(msg.seats, normalizeDoc(msg.game));
        break;
      case 'move':
        this.c.receive(msg);
        break;
      case 'snapshot':
        // Too far behind for the moves one by one: read the whole game again.
        void this.c.load();
        return;
      case 'undo':
        this.c.applyUndo(msg.toPly);
        if (msg.game) this.takeMeta(normalizeDoc(msg.game));
        this.resettle();
        break;
      case 'joined':
        this.takeMeta(normalizeDoc(msg.game));
        this.resettle();
        break;
      case 'committed':
        if (msg.ply === this.c.moves.length) this.c.committed = msg.seats;
        break;
      case 'offer':
        this.c.offers = [...this.c.offers.filter((o) => o.offer !== msg.offer), { offer: msg.offer, by: msg.by, toPly: msg.toPly }];
        break;
      case 'offerEnded': {
        const mineToo = this.c.offers.some((o) => o.offer === msg.offer && this.c.holds(o.by));
        this.c.offers = this.c.offers.filter((o) => o.offer !== msg.offer);
        if (!msg.accepted && mineToo) this.c.message = T.offerDeclined(msg.offer);
        break;
      }
      case 'presence':
        this.c.presence = { connected: msg.connected, spectators: msg.spectators };
        if (this.c.doc.seats.some((s) => s.kind === 'invite' && !s.joined && msg.connected.includes(s.seat)))
          this.c.doc.seats = this.c.doc.seats.map((s) => (msg.connected.includes(s.seat) ? { ...s, joined: true } : s));
        this.resettle();
        break;
      case 'clock':
        this.setClock(msg.clock);
        break;
      case 'end':
        this.takeMeta(normalizeDoc(msg.game));
        this.c.end = msg.end;
        this.c.offers = this.c.offers.filter((o) => o.offer === 'rematch');
        this.resettle();
        break;
      case 'game':
        this.takeMeta(normalizeDoc(msg.game));
        this.resettle();
        break;
      case 'rematch':
        this.openRematch(msg.id);
        return;
      default:
        return;
    }
    this.c.ports.changed();
  }

  /** Words about an offer's course (made, declined) lose their point once the game is over: they go. */
  dropOfferWords(): void {
    const offers = ['takeback', 'draw', 'rematch'].map((o) => T.offerDeclined(o));
    if ([...offers, T.drawOffered, T.takebackAsked].includes(this.c.message)) this.c.message = '';
  }

  /** The parts of a game document that change without a move: seats, clock, offers, the end. */
  takeMeta(doc: GameDoc): void {
    // A rematch agreed while this page's connection was down comes in the next document (the
    // welcome after reconnecting): a player is taken to it then, as the live message would have;
    // a rematch made before the page opened leaves it where it is.
    const rematch = doc.rematch && !this.c.doc.rematch && !this.c.spectator ? doc.rematch : null;
    this.c.doc = { ...this.c.doc, ...doc, moves: undefined };
    this.setClock(doc.clock);
    this.c.offers = doc.offers;
    this.c.committed = doc.committed;
    this.c.end = doc.end;
    this.c.presence = { ...this.c.presence, connected: doc.seats.filter((s) => s.connected).map((s) => s.seat) };
    if (rematch) this.openRematch(rematch);
  }

  /**
   * Goes to the rematch, a player knowing the seats it will hold there (the server's rotation), so
   * that the new page is a player's from its first frame, not a spectator's until the welcome.
   */
  private openRematch(id: string): void {
    if (!this.c.spectator) this.c.ports.seatsLearnt(id, rematchSeats(this.c.mine, this.c.doc.seats.length));
    this.c.ports.openGame(id);
  }

  /** The offer this browser is asked to answer (made by another seat), or null. */
  offerToAnswer(): OfferInfo | null {
    return this.c.offers.find((o) => !this.c.holds(o.by) && !this.c.spectator) ?? null;
  }

  /** The offer this browser made and that awaits an answer, or null. */
  offerMade(): OfferInfo | null {
    return this.c.offers.find((o) => this.c.holds(o.by)) ?? null;
  }

  /** Milliseconds left on seat p's clock now (it runs down between the server's updates). */
  clockLeft(p: number, now = Date.now()): number {
    const c = this.c.clock;
    if (!c) return 0;
    const runs = (c.runningSeats ?? (c.running ? [c.running] : [])).includes(p) && !this.c.finished;
    return Math.max(0, (c.remainingMs[p - 1] ?? 0) - (runs ? now - this.c.clockAt : 0));
  }

  setClock(c: ClockState | null): void {
    this.c.clock = c;
    this.c.clockAt = Date.now();
  }

  /** The server says which seats this key holds, and what the game is like now. */
  private welcome(seats: number[], doc: GameDoc): void {
    const before = [...this.c.mine].join();
    this.c.mine = new Set(seats);
    this.c.welcomed = true;
    this.c.ports.seatsLearnt(this.c.id, seats);
    this.takeMeta(doc);
    if (doc.moveCount < this.c.moves.length) this.c.applyUndo(doc.moveCount);
    if (before !== seats.join()) this.c.choiceMemo = null;
    this.resettle(before !== [...this.c.mine].join());
  }

  /** Settles again when who decides may have changed (seats learnt, friends joined, the end). */
  private resettle(force = false): void {
    const m = this.c.live;
    if (m.kind === 'waiting' || (m.kind === 'choosing' && force) || (m.kind === 'race' && force)) this.c.settle();
    else if (this.c.end && m.kind !== 'animating' && m.kind !== 'posting' && m.kind !== 'loading') this.c.settle();
  }

  /** Online race: sends one seat's secret choice; the joint move comes on the live stream. */
  async commit(m: RaceMode, player: number, code: number): Promise<void> {
    this.c.ports.changed();
    try {
      const r = (await this.c.ports.server.commit(this.c.id, { seat: player, ply: this.c.moves.length, code })) as { applied?: MoveReply };
      if (this.c.live === m && !this.c.committed.includes(player)) this.c.committed = [...this.c.committed, player];
      // The last choice in completes the race: its reply carries the joint move.
      if (r?.applied) this.c.receive(r.applied);
    } catch (e) {
      if (this.c.live !== m) return;
      delete m.joint[player];
      this.c.message = errorText(e);
      if (e instanceof ApiError && e.status === 409) await this.c.load();
    }
    this.c.ports.changed();
  }

  /**
   * Undo. On one device or against the computer the server takes the moves back at once; online
   * it asks the others (the answer comes on the live stream).
   */
  async undo(): Promise<void> {
    const live = this.c.live;
    if (this.c.undoTarget() < 0 || live.kind === 'posting' || live.kind === 'animating' || live.kind === 'closed') return;
    const online = this.c.online;
    if (!online) {
      this.c.ports.cancelThinking();
      this.c.setLive({ kind: 'posting' });
    }
    const ply = this.c.moves.length;
    const body = online ? { seat: this.c.actingSeat(), ply } : { seat: this.c.actingSeat(), ply, toPly: this.c.undoTarget() };
    try {
      const r = await this.c.ports.server.takeback(this.c.id, body);
      const toPly = r.toPly ?? (r.game && r.game.moveCount < ply ? r.game.moveCount : undefined);
      if (toPly !== undefined) this.c.applyUndo(toPly);
      if (online) this.c.message = toPly === undefined ? T.takebackAsked : '';
    } catch (e) {
      this.c.message = errorText(e);
    }
    if (this.c.mode.kind === 'closed') return;
    if (online) this.c.ports.changed();
    else await this.c.load();
  }

  /** Offers a draw, resigns, or offers a rematch after the end (online). */
  async act(kind: 'draw' | 'resign' | 'rematch'): Promise<void> {
    if (this.c.spectator || !this.c.ready) return;
    const body = { seat: this.c.actingSeat(), ply: this.c.moves.length };
    try {
      if (kind === 'draw') await this.c.ports.server.draw(this.c.id, body);
      else if (kind === 'resign') {
        const r = await this.c.ports.server.resign(this.c.id, body);
        // The end comes on the live stream too (a game against the page's computer may have none): shown at
        // once, unless the stream was first: its document may be newer (a rated game's, with the rating changes).
        this.c.ports.cancelThinking();
        if (r.end && r.game && !this.c.finished) this.onLive({ type: 'end', end: r.end, game: r.game });
      } else {
        const r = (await this.c.ports.server.rematch(this.c.id, { seat: body.seat })) as { id?: string };
        if (r.id) {
          this.openRematch(r.id);
          return;
        }
      }
      this.c.message = kind === 'draw' ? T.drawOffered : kind === 'rematch' ? T.rematchOffered : '';
    } catch (e) {
      this.c.message = errorText(e);
    }
    this.c.ports.changed();
  }

  /**
   * Claims the game every opponent left (docs/online.md `claim`): the win or a draw. The server
   * decides: a claim it finds early is refused with how long to wait, returned here in ms
   * (Infinity: it sees an opponent connected after all); 0 when the claim went through, or failed
   * otherwise (the message says why).
   */
  async claim(outcome: 'win' | 'draw'): Promise<number> {
    if (this.c.spectator || !this.c.ready || this.c.finished) return 0;
    try {
      const r = await this.c.ports.server.claim(this.c.id, { seat: this.c.actingSeat(), ply: this.c.moves.length, outcome });
      // The end comes on the live stream too; the answer shows it at once (taking it twice changes nothing).
      if (r.end && r.game) this.onLive({ type: 'end', end: r.end, game: r.game });
      return 0;
    } catch (e) {
      // Too early: the server says how long to wait (null: an opponent is connected), in a field, not in words.
      if (e instanceof ApiError && e.code === 'ERR_CONFLICT' && e.retryAfterMs !== undefined) {
        return e.retryAfterMs === null ? Number.POSITIVE_INFINITY : Math.max(1, e.retryAfterMs);
      }
      this.c.message = errorText(e);
      this.c.ports.changed();
      return 0;
    }
  }

  /** Accepts or declines the offer shown. */
  async answerOffer(accept: boolean): Promise<void> {
    const o = this.offerToAnswer();
    if (!o) return;
    const seat = [...this.c.mine].find((p) => p !== o.by) ?? this.c.actingSeat();
    try {
      await this.c.ports.server.answer(this.c.id, { seat, ply: this.c.moves.length, offer: o.offer, accept });
      this.c.offers = this.c.offers.filter((x) => x !== o);
    } catch (e) {
      this.c.message = errorText(e);
    }
    this.c.ports.changed();
  }
}

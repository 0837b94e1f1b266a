/**
 * One game as the server holds it in memory: the engine's game and replayed state, its seats and
 * their holders, what the engine's state does not know (an end by resignation, agreement or time;
 * the clock; open offers; the choices committed at a race node, kept secret), and the sockets
 * watching it. The game document that clients read is made here and never carries a secret (no
 * key, no token, no committed choice).
 */
import { type Game, PHASE_OVER, type State } from '@gabata/engine/core';
import { isSimultaneous, statusOf } from '../match.js';
import type { GameRow, MoveRow, SeatRow } from '../store.js';
import { clockView, type ClockState } from './clock.js';

export type OfferKind = 'takeback' | 'draw' | 'rematch';

export interface Offer {
  offer: OfferKind;
  /** The seat that made it. */
  by: number;
  /** A takeback: the ply the game goes back to (moves from it on are removed). */
  toPly?: number;
  /** Seats that have accepted (the offerer's own seats included). */
  accepted: number[];
}

export interface End {
  /** 0 = draw, else the winning seat. */
  winner: number;
  /** `abandoned`: claimed by a player whose opponents had left the game (play.ts `claim`). */
  reason: 'rules' | 'resign' | 'time' | 'agreement' | 'abandoned';
  text: string;
}

export interface Meta {
  end: End | null;
  clock: ClockState | null;
  offers: Offer[];
  /** Seat -> move code committed at the current race node (never sent to anyone). */
  commits: Record<string, number>;
  /** The rematch's game id once both sides accepted. */
  rematch: string | null;
  /** The key hash that created the game (it holds a game of computers only); absent in games of older servers. */
  creator?: string | null;
  /** A rated game (paired in the lobby between two accounts): its end updates both ratings. */
  rated?: boolean;
  /** When (epoch ms) the last invited seat was taken: the game began then; absent, it began when created. */
  started?: number;
}

/** A connected client of a game's live stream. */
export interface Peer {
  send(text: string): void;
  /** Seats its key holds (empty: a spectator). */
  seats: readonly number[];
  /** Its key's hash (null: none). */
  keyHash?: string | null;
  /** Closes its socket (the game it watched was dropped from memory: the client reconnects and catches up). */
  close?(code: number, reason: string): void;
}

/** Who holds a seat, when the seat's key belongs to an account (the document names him). */
export interface SeatPerson {
  name: string;
  /** His rating in the game's ruleset: before the game once it is rated, else now (rounded). */
  rating: number;
  provisional: boolean;
  /** What the game did to his rating (rounded), once it is rated; else absent. */
  ratingDiff?: number;
}

/** The people of a game's seats, one entry per seat (null: a computer, nobody yet, an anonymous key). */
export type PeopleOf = (game: {
  readonly id: string;
  readonly ruleset: string;
  readonly rated: boolean;
  readonly seats: readonly SeatRow[];
}) => readonly (SeatPerson | null)[];

/** The seats as a game document lists them, each with its person when there is one. */
export function seatsView(
  game: { id: string; ruleset: string; rated: boolean; seats: readonly SeatRow[] },
  people: PeopleOf | null,
  connected: ReadonlySet<number>,
): Record<string, unknown>[] {
  const named = people ? people(game) : [];
  return game.seats.map((s, i) => {
    const person = named[i];
    return { seat: s.seat, kind: s.kind, joined: s.keyHash !== null, connected: connected.has(s.seat), ...(person ? { person } : {}) };
  });
}

export function emptyMeta(): Meta {
  return { end: null, clock: null, offers: [], commits: {}, rematch: null };
}

export function readMeta(text: string | null): Meta {
  if (text === null) return emptyMeta();
  return { ...emptyMeta(), ...(JSON.parse(text) as Partial<Meta>) };
}

export class LiveGame {
  readonly id: string;
  readonly ruleset: string;
  readonly options: Record<string, unknown>;
  readonly seed: number;
  readonly created: string;
  updated: string;
  moveCount: number;
  /** Bumped by every undo: a computer's search started before it is dropped. */
  epoch = 0;
  readonly peers = new Set<Peer>();
  /** The flag timer of a running clock. */
  timer: NodeJS.Timeout | null = null;
  /** A computer search for this game is queued or running. */
  thinking = false;
  /**
   * The address of the client that last acted on the game (kept in memory only): the computer
   * players' queue takes each client's searches in turn, so one client's games cannot starve another's.
   */
  client = '';
  /** Since when (epoch ms) each human seat has had no socket (kept in memory; a load starts the count). */
  readonly goneSince = new Map<number, number>();
  /** Writes of this game waiting for their group commit: the cache keeps it until they are stored. */
  unsaved = 0;
  /** Who holds the seats (the server's accounts; GamesCore sets it as it holds the game). */
  people: PeopleOf | null = null;

  constructor(
    row: GameRow,
    readonly game: Game,
    public state: State,
    readonly seats: SeatRow[],
    public meta: Meta,
  ) {
    this.id = row.id;
    this.ruleset = row.ruleset;
    this.options = row.options;
    this.seed = row.seed;
    this.created = row.created;
    this.updated = row.updated;
    this.moveCount = row.moveCount;
  }

  /** A game with an open or joined invitation: the server plays its computer seats and offers need the other side. */
  get online(): boolean {
    return this.seats.some((s) => s.kind === 'invite');
  }

  get over(): boolean {
    return this.meta.end !== null || this.state.phase === PHASE_OVER;
  }

  get status(): 'play' | 'race' | 'over' {
    if (this.over) return 'over';
    return isSimultaneous(this.state) ? 'race' : 'play';
  }

  /** The result line: the engine's, or the end's text (resign, agreement, time). */
  get result(): string | null {
    if (this.meta.end && this.meta.end.reason !== 'rules') return this.meta.end.text;
    return statusOf(this.state).result;
  }

  /** Seats held by this key hash. */
  seatsOf(keyHash: string | null): number[] {
    if (keyHash === null) return [];
    return this.seats.filter((s) => s.keyHash === keyHash).map((s) => s.seat);
  }

  /** Human seats (held or invited): the ones that decide offers and commit at a race node. */
  humanSeats(): number[] {
    return this.seats.filter((s) => !s.kind.startsWith('computer')).map((s) => s.seat);
  }

  /** Seats the server plays (online games only). */
  computerSeats(): number[] {
    return this.seats.filter((s) => s.kind.startsWith('computer')).map((s) => s.seat);
  }

  /** The end of a game the rules finished. */
  rulesEnd(): End | null {
    if (this.state.phase !== PHASE_OVER) return null;
    return { winner: this.state.winner, reason: 'rules', text: statusOf(this.state).result ?? '' };
  }

  connectedSeats(): number[] {
    const held = new Set<number>();
    for (const p of this.peers) for (const s of p.seats) held.add(s);
    return [...held].sort((a, b) => a - b);
  }

  spectators(): number {
    let n = 0;
    for (const p of this.peers) if (p.seats.length === 0) n++;
    return n;
  }

  /** The public game document (`moves` when given). */
  doc(now: number, moves?: readonly MoveRow[]): Record<string, unknown> {
    const connected = new Set(this.connectedSeats());
    const out: Record<string, unknown> = {
      id: this.id,
      ruleset: this.ruleset,
      options: this.options,
      seed: this.seed,
      created: this.created,
      updated: this.updated,
      status: this.status,
      result: this.result,
      moveCount: this.moveCount,
      online: this.online,
      seats: seatsView({ id: this.id, ruleset: this.ruleset, rated: this.meta.rated === true, seats: this.seats }, this.people, connected),
      clock: this.meta.clock ? clockView(this.meta.clock, now) : null,
      offers: this.meta.offers.map((o) => offerView(o)),
      committed: Object.keys(this.meta.commits)
        .map(Number)
        .sort((a, b) => a - b),
      end: this.meta.end,
      rematch: this.meta.rematch,
      // The server's time, and when the game began (epoch ms): a page plays the opening race in step with the others.
      now,
      started: this.meta.started ?? Date.parse(this.created),
    };
    if (moves) out['moves'] = moves.map((m) => ({ ply: m.ply, move: m.move, codes: m.codes, joint: m.joint }));
    return out;
  }
}

export function offerView(o: Offer): { offer: OfferKind; by: number; toPly?: number; accepted: number[] } {
  return o.toPly === undefined ? { offer: o.offer, by: o.by, accepted: o.accepted } : { ...o };
}

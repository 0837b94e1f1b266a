/**
 * The players' public pages, apart from HTTP: a profile (ratings per ruleset, their history, the
 * games), a ruleset's leaderboard, and an account's blocks. Ratings are read from the RatingStore
 * under the account's id (store.ts says why); games through the same listing as GET /api/games,
 * under the account's principal, which holds every seat the account plays.
 */
import { RULESETS } from '@gabata/engine/games';
import type { GamesCore, Reply } from '../games.js';
import { HttpError } from '../http.js';
import { nameKey } from '../accounts/names.js';
import type { Account } from '../accounts/store.js';
import type { PlayerRating, RatingStore } from '../ratings/store.js';
import type { PlayerStore } from './store.js';

/** A leaderboard shows those who played a rated game this recently. */
export const ACTIVE_MS = 28 * 86_400_000;
export const LEADERBOARD_SIZE = 100;

const round = (x: number): number => Math.round(x);

/** What a profile or the leaderboard tells of one rating (rounded: the decimals mean nothing). */
function ratingView(r: PlayerRating): Record<string, unknown> {
  return {
    ruleset: r.ruleset,
    rating: round(r.rating),
    deviation: round(r.deviation),
    provisional: r.provisional,
    games: r.games,
    wins: r.wins,
    draws: r.draws,
    losses: r.losses,
  };
}

export class Players {
  constructor(
    readonly store: PlayerStore,
    readonly ratings: RatingStore,
    private readonly games: GamesCore,
    private readonly now: () => number = Date.now,
  ) {}

  /** The account of a name (any case), or 404. */
  named(name: string): Account {
    const a = this.store.accounts.byName(nameKey(name));
    if (!a) throw new HttpError(404, 'ERR_NOT_FOUND', 'no player of that name');
    return { id: a.id, name: a.name, principal: a.principal, created: a.created };
  }

  /** GET /api/players/:name: the ratings of every ruleset the player was rated in, and their history. */
  profile(name: string): Reply {
    const a = this.named(name);
    const identity = String(a.id);
    const now = this.now();
    const rated = RULESETS.map((r) => r.info.id).filter((id) => this.ratings.history(identity, id).length > 0);
    const history: Record<string, { at: number; rating: number }[]> = {};
    for (const id of rated) history[id] = this.ratings.history(identity, id).map((p) => ({ at: p.at, rating: round(p.rating) }));
    const ratings = rated.map((id) => ratingView(this.ratings.get(identity, id, now)));
    return [200, { name: a.name, memberSince: a.created, ratings, history }];
  }

  /** GET /api/players/:name/games: the account's games, newest first, paged as GET /api/games pages; each seat's player named. */
  gamesOf(name: string, limit: number, before: string | undefined): Reply {
    const a = this.named(name);
    const [status, body] = this.games.list(a.principal, limit, before);
    const page = body as { games: Record<string, unknown>[]; next: string | null };
    const games = page.games.map((g) => ({ ...g, players: this.seatNames(String(g['id'])) }));
    return [status, { ...page, games }];
  }

  /** The account name holding each seat of a game (null: nobody, an anonymous key, a computer). */
  private seatNames(id: string): (string | null)[] {
    return this.games.store.getSeats(id).map((s) => (s.keyHash === null ? null : (this.store.account(s.keyHash)?.name ?? null)));
  }

  /** GET /api/leaderboard/:ruleset: non-provisional players active in the last ACTIVE_MS, best first. */
  leaderboard(ruleset: string): Reply {
    if (!RULESETS.some((r) => r.info.id === ruleset)) throw new HttpError(404, 'ERR_NOT_FOUND', `no ruleset '${ruleset.slice(0, 40)}'`);
    const rows = this.ratings.leaderboard(ruleset, this.now() - ACTIVE_MS, LEADERBOARD_SIZE);
    const players = rows.flatMap((r) => {
      const a = this.store.accounts.byId(Number(r.identity));
      return a ? [{ name: a.name, ...ratingView(r) }] : [];
    });
    return [200, { ruleset, activeDays: ACTIVE_MS / 86_400_000, players: players.map((p, i) => ({ rank: i + 1, ...p })) }];
  }

  /** GET /api/account/blocks. */
  blocksOf(account: Account): Reply {
    return [200, { blocks: this.store.blockedNames(account.id) }];
  }

  /** POST /api/account/blocks { name }. */
  block(account: Account, name: string): Reply {
    this.store.block(account, this.named(name));
    return this.blocksOf(account);
  }

  /** DELETE /api/account/blocks/:name. */
  unblock(account: Account, name: string): Reply {
    this.store.unblock(account, this.named(name));
    return this.blocksOf(account);
  }

  /** Whether the signed-in `viewer` has blocked the player `name` (the profile's button). */
  blocking(viewer: Account, name: string): boolean {
    return this.store.blocks(viewer.id, this.named(name).id);
  }
}

/**
 * The players' part of a server, made in one place for app.ts: the store (blocks, and the
 * ratings' `Identities`), the ratings' store, the lobby's `Blocks`, the routes, and who does not
 * hear whose quick messages (say.ts).
 */
import type { FastifyInstance } from 'fastify';
import type { Accounts } from '../accounts/service.js';
import type { GamesApi } from '../play.js';
import { NEW_PLAYER, type Names, type RatingSource } from '../lobby/lobby.js';
import type { SeatPerson } from '../live/game.js';
import { provisional } from '../ratings/glicko2.js';
import { Ratings } from '../ratings/service.js';
import { RatingStore } from '../ratings/store.js';
import type { GameStore } from '../store.js';
import { registerPlayers } from './routes.js';
import { sayingsOf } from './say.js';
import { Players } from './service.js';
import { LobbyBlocks, PlayerStore } from './store.js';

export interface PlayersPart {
  players: Players;
  /** The ratings' `Identities` (a key or principal's account id): `new Ratings(part.players.ratings, part.identities)`. */
  identities: PlayerStore;
  /** The lobby's `Blocks` (ServerOptions.lobby.blocks). */
  blocks: LobbyBlocks;
  /** Ratings per account and ruleset. */
  ratings: RatingStore;
  /** The lobby's `RatingSource`: an account's rating in the ruleset, a newcomer's for anyone else. */
  ratingSource: RatingSource;
  /** The lobby's `Names`: an account's name, null for a player key alone. */
  names: Names;
  /** Registers the routes on the API's scope (a ServerOptions plugin). */
  route(scope: FastifyInstance): void;
}

export function createPlayers(games: GameStore, api: GamesApi, accounts: Accounts): PlayersPart {
  const store = new PlayerStore(games.database, accounts.store);
  const ratings = new RatingStore(games.database);
  const players = new Players(store, ratings, api, () => api.now());
  // Rated games between accounts move their ratings when they end.
  new Ratings(ratings, store, () => api.now()).attach(api);
  // Game documents name the accounts holding their seats, with their ratings.
  api.people = (game) =>
    game.seats.map((s): SeatPerson | null => {
      const a = s.keyHash !== null && !s.kind.startsWith('computer') ? store.account(s.keyHash) : undefined;
      if (!a) return null;
      const change = game.rated ? ratings.changeIn(String(a.id), game.ruleset, game.id) : null;
      if (change) {
        const { before, after } = change;
        const diff = Math.round(after.rating) - Math.round(before.rating);
        return { name: a.name, rating: Math.round(before.rating), provisional: provisional(before), ratingDiff: diff };
      }
      const r = ratings.get(String(a.id), game.ruleset, api.now());
      return { name: a.name, rating: Math.round(r.rating), provisional: r.provisional };
    });
  sayingsOf(api).apart = (listener, speaker) => store.apart(listener, speaker);
  return {
    players,
    identities: store,
    blocks: new LobbyBlocks(store),
    ratings,
    ratingSource: {
      rating: async (identity, terms) => {
        const account = store.accountOf(identity);
        if (account === null) return NEW_PLAYER;
        const r = ratings.get(account, terms.ruleset, api.now());
        return { rating: r.rating, deviation: r.deviation, provisional: r.provisional };
      },
    },
    names: { name: async (identity) => store.account(identity)?.name ?? null },
    route: (scope) => registerPlayers(scope, players, accounts),
  };
}

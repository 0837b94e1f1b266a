/**
 * The players' part of a server, made in one place for app.ts: the store (blocks, and the
 * ratings' `Identities`), the ratings' store, the lobby's `Blocks`, the routes, and who does not
 * hear whose quick messages (say.ts).
 */
import type { FastifyInstance } from 'fastify';
import type { Accounts } from '../accounts/service.js';
import type { GamesApi } from '../play.js';
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
  /** Registers the routes on the API's scope (a ServerOptions plugin). */
  route(scope: FastifyInstance): void;
}

export function createPlayers(games: GameStore, api: GamesApi, accounts: Accounts): PlayersPart {
  const store = new PlayerStore(games.database, accounts.store);
  const players = new Players(store, new RatingStore(games.database), api, () => api.now());
  sayingsOf(api).apart = (listener, speaker) => store.apart(listener, speaker);
  return {
    players,
    identities: store,
    blocks: new LobbyBlocks(store),
    route: (scope) => registerPlayers(scope, players, accounts),
  };
}

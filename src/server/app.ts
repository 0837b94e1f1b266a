/**
 * The web app's server: node:http, the JSON API over the game store (its routes in routes.ts,
 * what they do in games.ts), and the built browser app as static files. Every move is validated
 * by the engine before it is written, and written (in a transaction) before it is acknowledged.
 * API errors are `{ error: { code, message } }` with a 4xx status.
 */
import http from 'node:http';
import { fileURLToPath } from 'node:url';
import { GamesApi } from './games.js';
import { send, sendError, serveStatic } from './http.js';
import { apiRoutes, dispatch } from './routes.js';
import { GameStore } from './store.js';

export { MAX_BODY_BYTES } from './http.js';
export { SEAT_KINDS } from './games.js';

export interface ServerOptions {
  /** SQLite file. */
  db: string;
  /** Folder of the built browser app; default dist/web beside this module's folder. */
  webRoot?: string;
}

export interface GabataServer {
  server: http.Server;
  store: GameStore;
  close(): Promise<void>;
}

export function createGabataServer(opts: ServerOptions): GabataServer {
  const store = new GameStore(opts.db);
  const webRoot = opts.webRoot ?? fileURLToPath(new URL('../web/', import.meta.url));
  const routes = apiRoutes(new GamesApi(store));

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const parts = url.pathname.split('/').filter((p) => p !== '');
    if (parts[0] === 'api') {
      dispatch(routes, req, parts).then(
        ([status, body]) => send(res, status, body),
        (e: unknown) => sendError(res, e),
      );
      return;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      send(res, 405, { error: { code: 'ERR_ARGUMENT', message: `${req.method} is not allowed here` } });
      return;
    }
    try {
      serveStatic(webRoot, req, res, url.pathname);
    } catch {
      send(res, 400, { error: { code: 'ERR_ARGUMENT', message: 'bad path' } });
    }
  });

  return {
    server,
    store,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => {
          store.close();
          resolve();
        });
        server.closeAllConnections();
      }),
  };
}

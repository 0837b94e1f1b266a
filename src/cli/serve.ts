/**
 * `gabata serve [--port 8080] [--host 127.0.0.1] [--db gabata.db] [--allowed-host NAME]... [--log]`:
 * the web app, its API and the live stream of online games.
 */
import { createGabataServer, type GabataServer, type ServerOptions } from '../server/app.js';
import { StoreError } from '../server/integrity.js';
import { registerSweeps } from '../server/sweeps.js';

const USAGE = `usage: gabata serve [--port 8080] [--host 127.0.0.1] [--db gabata.db] [--web DIR] [--sweeps DIR]
                   [--allowed-host NAME]... [--trust-proxy ADDRS] [--no-rate-limit] [--log]

Serves the web app (built into dist/web by npm run build), its JSON API and the live stream of
online games; games are kept in the SQLite file given by --db.

  --host ADDR          the address to listen on: 127.0.0.1 (default, this machine only), or
                       0.0.0.0 to serve your local network (the machine's names and addresses
                       are then accepted as Host)
  --allowed-host NAME  accept requests for this host name too (repeat it for several); needed
                       when a reverse proxy serves the app under its own name
  --trust-proxy ADDRS  the reverse proxy's addresses (e.g. 127.0.0.1,::1): its X-Forwarded-For
                       then names the client, so that rate limits count each client
  --sweeps DIR         a folder of sweep reports (gabata sweep --out) shown on the Explore page
  --no-rate-limit      no per-client request limits (for a load test on this machine)
  --log                log every request (JSON lines on stdout)

On the internet, put the server behind a reverse proxy that terminates TLS (https and wss), for
example Caddy or nginx, keep --host 127.0.0.1, pass --allowed-host with the public name, and
make the proxy forward the Host header, X-Forwarded-For (with --trust-proxy) and the WebSocket
upgrade headers (Upgrade, Connection) for /api/games/*/live.`;

function fail(message: string): number {
  process.stderr.write(`gabata serve: ERR_ARGUMENT: ${message}\n`);
  return 2;
}

/** The server, or null (its one line written) when the game store's file is damaged: it does not start on one. */
function open(opts: ServerOptions): GabataServer | null {
  try {
    return createGabataServer(opts);
  } catch (e) {
    if (!(e instanceof StoreError)) throw e;
    process.stderr.write(`gabata serve: ERR_STORE: ${e.message}\n`);
    return null;
  }
}

/** Warns (stderr) how many games are set aside because their stored rows do not replay (none: nothing). */
function reportQuarantine(app: GabataServer): void {
  const n = app.store.quarantine.count();
  if (n === 0) return;
  process.stderr.write(
    `gabata serve: ${n} game${n === 1 ? ' is' : 's are'} quarantined (stored rows that do not replay): ` +
      'GET /api/games lists each with its reason, GET /api/games/<id>/record gives its rows as stored\n',
  );
}

export async function run(args: string[]): Promise<number> {
  let port = 8080;
  let host = '127.0.0.1';
  const opts: ServerOptions = { db: 'gabata.db' };
  const allowed: string[] = [];
  let sweeps: string | null = null;
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    const value = (): string | undefined => args[++i];
    if (a === '--help' || a === '-h') {
      process.stdout.write(USAGE + '\n');
      return 0;
    } else if (a === '--port') {
      const v = value();
      if (v === undefined || !/^\d+$/.test(v) || Number(v) > 65535) return fail(`--port needs a number from 0 to 65535, not '${v ?? ''}'`);
      port = Number(v);
    } else if (a === '--host') {
      const v = value();
      if (!v) return fail('--host needs an address');
      host = v;
    } else if (a === '--db') {
      const v = value();
      if (!v) return fail('--db needs a file name');
      opts.db = v;
    } else if (a === '--web') {
      const v = value();
      if (!v) return fail('--web needs a folder');
      opts.webRoot = v;
    } else if (a === '--sweeps') {
      const v = value();
      if (!v) return fail('--sweeps needs a folder');
      sweeps = v;
    } else if (a === '--allowed-host') {
      const v = value();
      if (!v || !/^[A-Za-z0-9.:\-[\]]{1,253}$/.test(v)) return fail(`--allowed-host needs a host name, not '${v ?? ''}'`);
      allowed.push(v.replace(/^\[|\]$/g, ''));
    } else if (a === '--trust-proxy') {
      const v = value();
      if (!v || !/^[0-9A-Fa-f.:/,]{2,500}$/.test(v)) return fail(`--trust-proxy needs addresses such as 127.0.0.1,::1, not '${v ?? ''}'`);
      opts.trustProxy = v;
    } else if (a === '--no-rate-limit') {
      opts.limits = false;
    } else if (a === '--log') {
      opts.log = true;
    } else {
      process.stderr.write(`gabata serve: ERR_ARGUMENT: unknown argument '${a}'\n${USAGE}\n`);
      return 2;
    }
  }
  if (allowed.length > 0) opts.allowedHosts = allowed;
  // Registered even without a folder, so the Explore page's list is empty rather than missing.
  opts.plugins = [(scope) => registerSweeps(scope, sweeps)];
  const app = open(opts);
  if (app === null) return 1;
  const addr = await app.listen(port, host).catch(async (e: Error) => {
    await app.close().catch(() => undefined);
    throw Object.assign(new Error(`cannot listen on ${host}:${port}: ${e.message}`), { code: 'ERR_ARGUMENT' });
  });
  const shown = host.includes(':') ? `[${host}]` : host;
  reportQuarantine(app);
  process.stdout.write(`gabata: serving http://${shown}:${addr.port}/ (games in ${opts.db})\n`);
  await new Promise<void>((resolve) => {
    const stop = (): void => {
      void app.close().then(resolve);
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
  return 0;
}

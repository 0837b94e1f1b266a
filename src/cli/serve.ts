/**
 * `gabata serve [--port 8080] [--host 127.0.0.1] [--db gabata.db]`: the web app and its API.
 */
import { createGabataServer } from '../server/app.js';

const USAGE = `usage: gabata serve [--port 8080] [--host 127.0.0.1] [--db gabata.db] [--web DIR]

Serves the web app (built into dist/web by npm run build) and its JSON API; games are kept in
the SQLite file given by --db.`;

export async function run(args: string[]): Promise<number> {
  let port = 8080;
  let host = '127.0.0.1';
  let db = 'gabata.db';
  let web: string | undefined;
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    const value = (): string | undefined => args[++i];
    if (a === '--help' || a === '-h') {
      process.stdout.write(USAGE + '\n');
      return 0;
    } else if (a === '--port') {
      const v = value();
      if (v === undefined || !/^\d+$/.test(v) || Number(v) > 65535) {
        process.stderr.write(`gabata serve: ERR_ARGUMENT: --port needs a number from 0 to 65535, not '${v ?? ''}'\n`);
        return 2;
      }
      port = Number(v);
    } else if (a === '--host') {
      const v = value();
      if (!v) {
        process.stderr.write('gabata serve: ERR_ARGUMENT: --host needs an address\n');
        return 2;
      }
      host = v;
    } else if (a === '--db') {
      const v = value();
      if (!v) {
        process.stderr.write('gabata serve: ERR_ARGUMENT: --db needs a file name\n');
        return 2;
      }
      db = v;
    } else if (a === '--web') {
      const v = value();
      if (!v) {
        process.stderr.write('gabata serve: ERR_ARGUMENT: --web needs a folder\n');
        return 2;
      }
      web = v;
    } else {
      process.stderr.write(`gabata serve: ERR_ARGUMENT: unknown argument '${a}'\n${USAGE}\n`);
      return 2;
    }
  }
  const app = createGabataServer(web === undefined ? { db } : { db, webRoot: web });
  await new Promise<void>((resolve, reject) => {
    app.server.once('error', reject);
    app.server.listen(port, host, () => resolve());
  }).catch((e: Error) => {
    throw Object.assign(new Error(`cannot listen on ${host}:${port}: ${e.message}`), { code: 'ERR_ARGUMENT' });
  });
  const addr = app.server.address();
  const actual = typeof addr === 'object' && addr ? addr.port : port;
  process.stdout.write(`gabata: serving http://${host}:${actual}/ (games in ${db})\n`);
  await new Promise<void>((resolve) => {
    const stop = (): void => {
      void app.close().then(resolve);
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
  return 0;
}

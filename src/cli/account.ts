/**
 * `gabata account`: an operator's work on the accounts of a server's database (the same SQLite
 * file `gabata serve --db` uses; it may be running). `delete NAME` removes the account with its
 * sessions (signed out everywhere at once), recovery codes, passkeys and the links of its player
 * keys; the games stay, for the other players, their seats held by nobody. `show NAME` prints what
 * the server keeps about an account (never a hash).
 */
import { existsSync } from 'node:fs';
import { AccountStore } from '../server/accounts/store.js';
import { nameKey } from '../server/accounts/names.js';
import { GameStore } from '../server/store.js';
import { EXIT_INPUT, EXIT_OK, EXIT_USAGE } from './args.js';

const USAGE = 'usage: gabata account delete NAME --db FILE\n       gabata account show NAME --db FILE\n';

function parse(args: string[]): { verb: string; name: string; db: string } | null {
  const rest: string[] = [];
  let db = '';
  for (let i = 0; i < args.length; i++) {
    if (args[i] === '--db') db = args[++i] ?? '';
    else rest.push(args[i]!);
  }
  const [verb = '', name = ''] = rest;
  if (rest.length !== 2 || !['delete', 'show'].includes(verb) || db === '') return null;
  return { verb, name, db };
}

function show(store: GameStore, accounts: AccountStore, name: string): Record<string, unknown> | null {
  const a = accounts.byName(nameKey(name));
  if (!a) return null;
  const db = store.database;
  const count = (sql: string): number => (db.prepare(sql).get(a.id) as { n: number }).n;
  return {
    name: a.name,
    created: a.created,
    sessions: db.prepare('SELECT created, last_seen AS lastSeen, agent FROM account_sessions WHERE account_id = ?').all(a.id),
    passkeys: count('SELECT COUNT(*) AS n FROM account_passkeys WHERE account_id = ?'),
    recoveryCodesLeft: accounts.recoveryCodesLeft(a.id),
    playerKeys: count('SELECT COUNT(*) AS n FROM account_keys WHERE account_id = ?'),
    games: (db.prepare('SELECT COUNT(DISTINCT game_id) AS n FROM seats WHERE key_hash = ?').get(a.principal) as { n: number }).n,
  };
}

export async function run(args: string[]): Promise<number> {
  if (args.includes('--help') || args.includes('-h')) {
    process.stdout.write(USAGE);
    return EXIT_OK;
  }
  const p = parse(args);
  if (!p) {
    process.stderr.write(`gabata account: ERR_ARGUMENT: ${USAGE}`);
    return EXIT_USAGE;
  }
  if (!existsSync(p.db)) {
    process.stderr.write(`gabata account: ERR_NOT_FOUND: no database ${p.db}\n`);
    return EXIT_INPUT;
  }
  const store = new GameStore(p.db);
  try {
    const accounts = new AccountStore(store.database);
    if (p.verb === 'show') {
      const info = show(store, accounts, p.name);
      if (info) process.stdout.write(`${JSON.stringify(info, null, 2)}\n`);
      else process.stderr.write(`gabata account: ERR_NOT_FOUND: no account ${p.name}\n`);
      return info ? EXIT_OK : EXIT_INPUT;
    }
    if (!accounts.delete(nameKey(p.name))) {
      process.stderr.write(`gabata account: ERR_NOT_FOUND: no account ${p.name}\n`);
      return EXIT_INPUT;
    }
    process.stdout.write(`deleted the account ${p.name}: its sessions, recovery codes, passkeys and key links\n`);
    return EXIT_OK;
  } finally {
    store.close();
  }
}

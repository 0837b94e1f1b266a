/**
 * The store's file as a whole: is it sound? A damaged file is found at two moments. When it is
 * opened, `PRAGMA quick_check` reads every page: a damaged file refuses to open (the server does
 * not start on it, with one line naming the file and the first problem). While serving, any
 * SQLite error that says the file is damaged (SQLITE_CORRUPT, SQLITE_NOTADB) marks the store
 * damaged once: one line is logged, the connection turns read-only (`PRAGMA query_only`), so
 * nothing more is written into the file, and every request that needs the store is answered 503
 * ERR_STORE instead of 500. Games whose pages are sound are still read.
 */
import Database from 'better-sqlite3';
import { HttpError } from './http.js';

type SqliteError = InstanceType<typeof Database.SqliteError>;

/** The store cannot serve this: its file is damaged (503 ERR_STORE). */
export class StoreError extends HttpError {
  constructor(message: string) {
    super(503, 'ERR_STORE', message);
    this.name = 'StoreError';
  }
}

/** True for a better-sqlite3 error that says the file is damaged or is not a database at all. */
export function isCorrupt(e: unknown): boolean {
  return e instanceof Database.SqliteError && /^SQLITE_(CORRUPT|NOTADB)/.test(e.code);
}

/** One line of a SQLite problem report (quick_check rows may hold several, and a header line). */
function oneLine(lines: readonly string[]): string {
  const all = lines.flatMap((l) => l.split('\n')).map((l) => l.trim());
  const first = all.find((l) => l !== '' && !/^\*\*\* in database/.test(l)) ?? all[0] ?? 'unknown problem';
  return first.replace(/\s+/g, ' ').slice(0, 200);
}

/** The first problem `PRAGMA quick_check` finds in the open file, or null when it is sound. */
function firstProblem(db: Database.Database): string | null {
  try {
    const rows = (db.pragma('quick_check') as { quick_check: string }[]).map((r) => r.quick_check);
    return rows.length === 1 && rows[0] === 'ok' ? null : oneLine(rows);
  } catch (e) {
    if (!isCorrupt(e)) throw e;
    return `${(e as SqliteError).code}: ${(e as Error).message}`;
  }
}

/**
 * Opens the SQLite file and checks every page before anything else reads or writes it (a pragma
 * such as journal_mode would otherwise meet the damage first, with a message that names no file).
 * A damaged file is closed again and refused with a StoreError.
 */
export function openChecked(file: string): Database.Database {
  const db = new Database(file);
  let problem: string | null;
  try {
    problem = firstProblem(db);
  } catch (e) {
    db.close();
    throw e;
  }
  if (problem === null) return db;
  db.close();
  throw new StoreError(`${file} is damaged (${problem}): restore it from a backup; the server does not start on a damaged file`);
}

/** Where the line about a damaged store goes (tests may capture it). */
export const damageLog = { write: (line: string): void => void process.stderr.write(line) };

/**
 * The health of one store's file. `watch` wraps an object's methods (those of its class) so that
 * their SQLite errors pass through `failure`: the first error saying the file is damaged marks
 * it damaged; after that every SQLite error of the store (a refused write included) is a StoreError.
 */
export class StoreHealth {
  /** Why the file is damaged (the first SQLite error that said so), or null while it is sound. */
  damaged: string | null = null;

  constructor(
    private readonly db: Database.Database,
    private readonly file: string,
  ) {}

  /** The error a caller of the store gets for `e`. */
  failure(e: unknown): unknown {
    if (this.damaged === null && isCorrupt(e)) this.markDamaged(e as SqliteError);
    if (this.damaged === null || !(e instanceof Database.SqliteError)) return e;
    return this.refusal()!;
  }

  /** The refusal of every write once the file is damaged, null while it is sound (a write is refused before it is queued). */
  refusal(): StoreError | null {
    if (this.damaged === null) return null;
    return new StoreError(`the game store ${this.file} is damaged (${this.damaged}): nothing is written to it until it is restored`);
  }

  private markDamaged(e: SqliteError): void {
    this.damaged = `${e.code}: ${e.message}`;
    try {
      // Any further write is refused by SQLite itself, whichever method (or batch) attempts it.
      this.db.pragma('query_only = ON');
    } catch {
      /* a connection that cannot even take a pragma writes nothing either */
    }
    damageLog.write(`gabata serve: ERR_STORE: ${this.file} is damaged (${this.damaged}): writes stopped; answering 503 ERR_STORE\n`);
  }

  /** Routes the errors of every method of `target`'s class (sync, or a returned promise) through `failure`. */
  watch(target: object): void {
    const proto = Object.getPrototypeOf(target) as object;
    for (const name of Object.getOwnPropertyNames(proto)) {
      const method = Object.getOwnPropertyDescriptor(proto, name)?.value as unknown;
      if (name === 'constructor' || typeof method !== 'function') continue;
      Object.defineProperty(target, name, {
        value: this.guarded(method as (...args: unknown[]) => unknown),
        writable: true,
        configurable: true,
      });
    }
  }

  private guarded(method: (...args: unknown[]) => unknown): (...args: unknown[]) => unknown {
    const health = this;
    return function (this: unknown, ...args: unknown[]): unknown {
      let out: unknown;
      try {
        out = method.apply(this, args);
      } catch (e) {
        throw health.failure(e);
      }
      if (out instanceof Promise) {
        return out.catch((e: unknown) => {
          throw health.failure(e);
        });
      }
      return out;
    };
  }
}

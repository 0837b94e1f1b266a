/**
 * What the server does with its own failures: a handler, timer or worker callback that fails
 * answers its client with a coded error and logs the failure here, once. A client that can make
 * the same failure happen again and again must not flood the log: the same failure (where and
 * message) is written once a minute at most, with how many times it happened meanwhile.
 */

const REPEAT_MS = 60_000;
const MAX_KINDS = 1000;
const seen = new Map<string, { at: number; repeats: number }>();

/** Where logged lines go (tests may capture them). */
export const failureLog = { write: (line: string): void => void process.stderr.write(line) };

/** Logs one failure of the server's own code at `where` (a request, a socket, a timer). */
export function logFailure(where: string, e: unknown, now = Date.now()): void {
  const error = e instanceof Error ? e : new Error(String(e));
  const kind = `${where.replace(/[0-9A-Za-z]{12,}/g, '*')}: ${error.message}`.slice(0, 300);
  const last = seen.get(kind);
  if (last && now - last.at < REPEAT_MS) {
    last.repeats++;
    return;
  }
  if (!last && seen.size >= MAX_KINDS) seen.clear();
  const again = last && last.repeats > 0 ? ` (and ${last.repeats} more times in the last minute)` : '';
  seen.set(kind, { at: now, repeats: 0 });
  failureLog.write(`gabata serve: ${where}: ${error.stack ?? error.message}${again}\n`);
}

/** Runs `fn`; a failure is logged (never thrown): for callbacks whose caller cannot take an error. */
export function guard(where: string, fn: () => void): void {
  try {
    fn();
  } catch (e) {
    logFailure(where, e);
  }
}

/**
 * File descriptors: every socket of a run is one in the server and one in a client process, and a
 * process may open only so many (`ulimit -n`). A run that cannot fit is refused before anything
 * starts, with what to change, rather than failing with EMFILE halfway through the setup.
 */
import { readFileSync } from 'node:fs';
import { MAX_CONNECTIONS } from './http.mjs';

/**
 * Descriptors the server uses besides the games' sockets and the HTTP connections: stdio, the
 * listening socket, SQLite's three files, the event loops of its worker threads.
 */
export const FD_BASE = 32;

/** Descriptors the server needs for `games` played by `clients` processes (each process's HTTP connections too, and the coordinator's). */
export function fdNeed(games, clients) {
  return 2 * games + FD_BASE + MAX_CONNECTIONS * (clients + 1);
}

/**
 * `{ soft, hard }` open files of this process (Linux /proc), or null elsewhere. Node raises its
 * soft limit to the hard one when it starts, so this is also what the server and the client
 * processes (children of this one, all Node) get.
 */
export function fdLimit(text = null) {
  try {
    const limits = text ?? readFileSync('/proc/self/limits', 'utf8');
    const line = limits.split('\n').find((l) => l.startsWith('Max open files'));
    if (!line) return null;
    const [soft, hard] = line
      .slice('Max open files'.length)
      .trim()
      .split(/\s+/)
      .map((x) => (x === 'unlimited' ? Number.POSITIVE_INFINITY : Number(x)));
    return Number.isNaN(soft) || Number.isNaN(hard) ? null : { soft, hard };
  } catch {
    return null;
  }
}

const fmt = (n) => n.toLocaleString('en-US');

/**
 * Null when a process may hold the sockets of `games` (over `clients` processes); else what is
 * short and what to do about it.
 * The server holds every socket (a client process holds its share only, never more), so it is the
 * one to check.
 */
export function fdShortfall(games, clients, limit) {
  if (limit === null) return null;
  const need = fdNeed(games, clients);
  const have = limit.soft;
  if (need <= have) return null;
  const hard = limit.hard === Number.POSITIVE_INFINITY ? 'unlimited' : fmt(limit.hard);
  const most = Math.max(0, Math.floor((have - fdNeed(0, clients)) / 2));
  return (
    `--games ${fmt(games)} needs ${fmt(2 * games)} sockets in the server, about ${fmt(need)} open files, ` +
    `but a process here may open ${fmt(have)} (ulimit -n; hard limit ${hard}): raise the limit in the shell ` +
    `that runs the load test (ulimit -n ${need}; above the hard limit it takes privilege) or run --games ${fmt(most)} or fewer`
  );
}

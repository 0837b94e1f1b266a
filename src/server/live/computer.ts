/**
 * The server's computer players: searches run in worker threads (computer-worker.ts), at most one
 * per core at a time (one core is left to the server's own thread). Each search has its level's
 * budget (LEVELS in packages/engine/src/ai) and a cap in time, so no client can make the server search without
 * bound; a game has at most one search queued at a time (the caller's rule).
 *
 * The queue is fair: each client (the address that last acted on the game) has its own line, and
 * the workers take the lines in turn, one search each, so one client's backlog never delays
 * another's reply by more than one search per client waiting. A client has at most
 * MAX_QUEUED_PER_CLIENT searches queued or running; more are refused (429) and retried by the
 * caller. When the queue is long, each search is given less time, so everyone's reply comes sooner.
 */
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { HttpError } from '../http.js';

export interface SearchJob {
  id: number;
  ruleset: string;
  options: Record<string, unknown>;
  seed: number;
  moves: { codes: number[]; joint: boolean }[];
  level: number;
  /** The seat that chooses (at a race node, its own part of the joint move). */
  player: number;
  /** The longest the search may take (it answers its best move so far then). */
  maxMs: number;
}

export type SearchReply = { id: number; move: number } | { id: number; error: string };

export const MAX_QUEUED_SEARCHES = 10_000;
export const MAX_QUEUED_PER_CLIENT = 4;
/** A search's time cap with a short queue; with a long one, down to MIN_SEARCH_MS. */
export const MAX_SEARCH_MS = 2000;
export const MIN_SEARCH_MS = 100;

/** The built worker entry, or null when it is not there (run `npx tsc` first). */
function workerFile(): string | null {
  for (const rel of ['./computer-worker.js', '../../../dist/server/live/computer-worker.js']) {
    const p = fileURLToPath(new URL(rel, import.meta.url));
    if (existsSync(p)) return p;
  }
  return null;
}

/**
 * The time cap of the next search with `queued` searches waiting for `workers` threads: the full
 * cap while each can start within about two searches, then shorter in proportion to the queue.
 */
export function searchCapMs(queued: number, workers: number): number {
  const soon = 2 * workers;
  if (queued <= soon) return MAX_SEARCH_MS;
  return Math.max(MIN_SEARCH_MS, Math.round((MAX_SEARCH_MS * soon) / queued));
}

interface Waiting {
  job: Omit<SearchJob, 'id' | 'maxMs'>;
  client: string;
  resolve: (m: number) => void;
  reject: (e: Error) => void;
}

interface Slot {
  worker: Worker;
  busy: Waiting | null;
}

export class ComputerPool {
  private readonly slots: Slot[] = [];
  /** Each client's line, in the order the workers take them (a line served goes to the back). */
  private readonly lines = new Map<string, Waiting[]>();
  /** Searches of each client queued or running. */
  private readonly pending = new Map<string, number>();
  private queued = 0;
  private nextId = 1;
  private closed = false;

  /** Threads: one per core but one, which the server's own thread keeps (the move path stays quick). */
  constructor(private readonly size = Math.max(1, availableParallelism() - 1)) {}

  /** Searches queued now (not running). */
  get queueLength(): number {
    return this.queued;
  }

  /** The move the level's agent chooses for `player`, searched in `client`'s turn. */
  choose(job: Omit<SearchJob, 'id' | 'maxMs'>, client: string): Promise<number> {
    if (this.closed) return Promise.reject(new HttpError(500, 'ERR_INTERNAL', 'the server is closing'));
    const mine = this.pending.get(client) ?? 0;
    if (this.queued >= MAX_QUEUED_SEARCHES || mine >= MAX_QUEUED_PER_CLIENT) {
      return Promise.reject(new HttpError(429, 'ERR_RATE_LIMIT', 'the computer players are busy: try again later'));
    }
    return new Promise((resolve, reject) => {
      this.pending.set(client, mine + 1);
      const line = this.lines.get(client);
      const w: Waiting = { job, client, resolve, reject };
      if (line) line.push(w);
      else this.lines.set(client, [w]);
      this.queued++;
      this.pump();
    });
  }

  /** The next search: the first line's first, and that line goes to the back. */
  private next(): Waiting | null {
    for (const [client, line] of this.lines) {
      const w = line.shift()!;
      this.lines.delete(client);
      if (line.length > 0) this.lines.set(client, line);
      this.queued--;
      return w;
    }
    return null;
  }

  private done(w: Waiting): void {
    const n = (this.pending.get(w.client) ?? 1) - 1;
    if (n <= 0) this.pending.delete(w.client);
    else this.pending.set(w.client, n);
  }

  private pump(): void {
    while (this.queued > 0) {
      let slot: Slot | null;
      try {
        slot = this.freeSlot();
      } catch (e) {
        // No worker can start (not built): every waiting search fails, none hangs.
        for (let w = this.next(); w !== null; w = this.next()) this.settle(w, e as Error);
        return;
      }
      if (slot === null) return;
      const maxMs = searchCapMs(this.queued, this.size);
      const w = this.next()!;
      slot.busy = w;
      slot.worker.postMessage({ ...w.job, id: this.nextId++, maxMs } satisfies SearchJob);
    }
  }

  private settle(w: Waiting, e: Error | null, move = 0): void {
    this.done(w);
    if (e) w.reject(e);
    else w.resolve(move);
  }

  private freeSlot(): Slot | null {
    const idle = this.slots.find((s) => s.busy === null);
    if (idle) return idle;
    if (this.slots.length >= this.size) return null;
    const file = workerFile();
    if (file === null) throw new HttpError(500, 'ERR_INTERNAL', 'the computer players are not built (run npx tsc)');
    const slot: Slot = { worker: new Worker(file), busy: null };
    slot.worker.on('message', (r: SearchReply) => {
      const b = slot.busy;
      slot.busy = null;
      if (b)
        this.settle(
          b,
          'move' in r ? null : new HttpError(500, 'ERR_INTERNAL', `the computer player failed: ${r.error}`),
          'move' in r ? r.move : 0,
        );
      this.pump();
    });
    // A worker that fails or exits takes its search with it: that search fails, the others go on.
    const lost = (why: string): void => {
      const i = this.slots.indexOf(slot);
      if (i < 0) return;
      this.slots.splice(i, 1);
      const b = slot.busy;
      slot.busy = null;
      if (b) this.settle(b, new HttpError(500, 'ERR_INTERNAL', `the computer player failed: ${why}`));
      if (!this.closed) this.pump();
    };
    slot.worker.on('error', (e) => lost(e.message));
    slot.worker.on('exit', (code) => lost(`its thread exited (${code})`));
    slot.worker.unref();
    this.slots.push(slot);
    return slot;
  }

  async close(): Promise<void> {
    this.closed = true;
    for (let w = this.next(); w !== null; w = this.next()) this.settle(w, new HttpError(500, 'ERR_INTERNAL', 'the server is closing'));
    await Promise.all(this.slots.splice(0).map((s) => s.worker.terminate()));
  }
}

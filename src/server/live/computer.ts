/**
 * The server's computer players: searches run in worker threads (computer-worker.ts), at most one
 * per core at a time (one core is left to the server's own thread), the rest queued in order. Each search has its level's budget (LEVELS in
 * src/ai), so no client can make the server search without bound; a game has at most one search
 * queued at a time (the caller's rule), and the queue itself is capped.
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
}

export type SearchReply = { id: number; move: number } | { id: number; error: string };

export const MAX_QUEUED_SEARCHES = 10_000;

/** The built worker entry, or null when it is not there (run `npx tsc` first). */
function workerFile(): string | null {
  for (const rel of ['./computer-worker.js', '../../../dist/server/live/computer-worker.js']) {
    const p = fileURLToPath(new URL(rel, import.meta.url));
    if (existsSync(p)) return p;
  }
  return null;
}

interface Slot {
  worker: Worker;
  busy: { resolve: (m: number) => void; reject: (e: Error) => void } | null;
}

export class ComputerPool {
  private readonly slots: Slot[] = [];
  private readonly queue: { job: SearchJob; resolve: (m: number) => void; reject: (e: Error) => void }[] = [];
  private nextId = 1;
  private closed = false;

  /** Threads: one per core but one, which the server's own thread keeps (the move path stays quick). */
  constructor(private readonly size = Math.max(1, availableParallelism() - 1)) {}

  /** The move the level's agent chooses for `player`. */
  choose(job: Omit<SearchJob, 'id'>): Promise<number> {
    if (this.closed) return Promise.reject(new HttpError(500, 'ERR_INTERNAL', 'the server is closing'));
    if (this.queue.length >= MAX_QUEUED_SEARCHES) {
      return Promise.reject(new HttpError(429, 'ERR_RATE_LIMIT', 'the computer players are busy: try again later'));
    }
    return new Promise((resolve, reject) => {
      this.queue.push({ job: { ...job, id: this.nextId++ }, resolve, reject });
      this.pump();
    });
  }

  private pump(): void {
    while (this.queue.length > 0) {
      const slot = this.freeSlot();
      if (slot === null) return;
      const next = this.queue.shift()!;
      slot.busy = { resolve: next.resolve, reject: next.reject };
      slot.worker.postMessage(next.job);
    }
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
      if (b) {
        if ('move' in r) b.resolve(r.move);
        else b.reject(new HttpError(500, 'ERR_INTERNAL', `the computer player failed: ${r.error}`));
      }
      this.pump();
    });
    slot.worker.on('error', (e) => {
      slot.busy?.reject(new HttpError(500, 'ERR_INTERNAL', `the computer player failed: ${e.message}`));
      this.slots.splice(this.slots.indexOf(slot), 1);
      this.pump();
    });
    slot.worker.unref();
    this.slots.push(slot);
    return slot;
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const q of this.queue.splice(0)) q.reject(new HttpError(500, 'ERR_INTERNAL', 'the server is closing'));
    await Promise.all(this.slots.splice(0).map((s) => s.worker.terminate()));
  }
}

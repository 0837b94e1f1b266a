/**
 * The page's side of the computer's thinking: requests to the worker (worker.ts), one answer per
 * request, matched by id; a cancelled request's answer is dropped and its promise never settles.
 */
import type { ThinkReply, ThinkRequest } from './worker.js';

/** The worker's bundle, named by its content's hash at build time (scripts/build-web.mjs defines it). */
declare const GABATA_WORKER_URL: string | undefined;
const WORKER_URL = typeof GABATA_WORKER_URL === 'string' ? GABATA_WORKER_URL : '/worker.js';

export class Thinker {
  private worker: Worker | null = null;
  private nextId = 1;
  private pending = new Map<number, (r: ThinkReply) => void>();

  private get w(): Worker {
    if (!this.worker) {
      this.worker = new Worker(new URL(WORKER_URL, location.origin).href, { type: 'module' });
      this.worker.onmessage = (e: MessageEvent<ThinkReply>) => {
        const f = this.pending.get(e.data.id);
        this.pending.delete(e.data.id);
        f?.(e.data);
      };
    }
    return this.worker;
  }

  think(req: Omit<ThinkRequest, 'id'>): Promise<ThinkReply> {
    const id = this.nextId++;
    return new Promise((resolve) => {
      this.pending.set(id, resolve);
      this.w.postMessage({ ...req, id });
    });
  }

  /** Forgets every pending answer (undo, leaving the page). */
  cancel(): void {
    this.pending.clear();
  }

  stop(): void {
    this.cancel();
    this.worker?.terminate();
    this.worker = null;
  }
}

/**
 * The worker threads of `gabata worker`: K threads, each playing one batch at a time, so that the
 * process's event loop stays free to renew its job locks while matches are played (a batch played
 * on the main thread would block the renewals, and its job would be taken for stalled).
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { GabataError, type ErrorCode } from '@gabata/engine/core';
import type { BatchSpec, MatchOutcome } from '../batch.js';

/** Thrown by `play` when the threads were ended before the batch was done. */
export class Released extends Error {
  constructor() {
    super('the batch was released before it was done');
    this.name = 'Released';
  }
}

interface Slot {
  worker: Worker;
  busy: boolean;
}

interface Request {
  spec: BatchSpec;
  onMatch: (o: MatchOutcome) => void;
  resolve: (matches: MatchOutcome[]) => void;
  reject: (e: Error) => void;
}

export class BatchThreads {
  private readonly slots: Slot[] = [];
  private readonly waiting: Request[] = [];
  private readonly running = new Map<Slot, Request>();
  private ended = false;

  constructor(readonly size: number) {
    const file = fileURLToPath(new URL('./thread.js', import.meta.url));
    if (!existsSync(file))
      throw new GabataError('ERR_INTERNAL', `the worker thread file ${file} is missing: build gabata first (npm run build)`);
    for (let i = 0; i < size; i++) this.slots.push({ worker: new Worker(file), busy: false });
  }

  /** Plays a batch on the next free thread; `onMatch` sees each match as it finishes. */
  play(spec: BatchSpec, onMatch: (o: MatchOutcome) => void = () => {}): Promise<MatchOutcome[]> {
    if (this.ended) return Promise.reject(new Released());
    return new Promise((resolve, reject) => {
      this.waiting.push({ spec, onMatch, resolve, reject });
      this.feed();
    });
  }

  private feed(): void {
    for (const slot of this.slots) {
      if (slot.busy || this.waiting.length === 0) continue;
      const req = this.waiting.shift()!;
      slot.busy = true;
      this.running.set(slot, req);
      this.start(slot, req);
    }
  }

  private start(slot: Slot, req: Request): void {
    const matches: MatchOutcome[] = [];
    const finish = (e?: Error): void => {
      slot.worker.off('message', onMessage);
      slot.worker.off('error', onError);
      slot.busy = false;
      this.running.delete(slot);
      if (e) req.reject(e);
      else req.resolve(matches);
      if (!this.ended) this.feed();
    };
    const onMessage = (m: { type: string; outcome?: MatchOutcome; code?: string; message?: string }): void => {
      if (m.type === 'match') {
        matches.push(m.outcome!);
        req.onMatch(m.outcome!);
      } else if (m.type === 'done') finish();
      else finish(new GabataError((m.code ?? 'ERR_INTERNAL') as ErrorCode, m.message ?? 'the batch failed'));
    };
    const onError = (e: Error): void => finish(e);
    slot.worker.on('message', onMessage);
    slot.worker.on('error', onError);
    slot.worker.postMessage(req.spec);
  }

  /** Ends every thread at once: batches in play and waiting are rejected with `Released`. */
  async end(): Promise<void> {
    if (this.ended) return;
    this.ended = true;
    for (const req of this.waiting.splice(0)) req.reject(new Released());
    for (const req of this.running.values()) req.reject(new Released());
    this.running.clear();
    await Promise.all(this.slots.map((s) => s.worker.terminate()));
  }
}

/**
 * The local `BatchRunner`: batches played by worker threads of this process (dist/sim/worker.js),
 * or on the main thread with `workers: 0` (or when the built worker file is missing, as in tests
 * run from the sources), yielding to the event loop every few milliseconds.
 *
 * Each idle worker takes the next batch; its finished matches come back in packed chunks and are
 * handed to `onMatches` as they arrive, and the whole batch to `onBatch` once it is done. `stop()`
 * raises a flag in shared memory that workers read between matches: each posts what it finished
 * and stops, so a stop keeps every finished match (a worker still inside a match after a short
 * grace is ended, and that match is lost). Workers are kept between runs until `close()`; a
 * runner plays one run at a time.
 *
 * @example
 *   const runner = new LocalRunner({ workers: 2 });
 *   await runner.run(splitBatches(base, 1000, 100, 'run'), (spec, matches) => keep(matches));
 *   await runner.close();
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { asGabataError, ERROR_CODES, GabataError, type ErrorCode } from '@gabata/engine/core';
import { batchPlayers, playBatch, rotationsOf, unpackOutcomes, type BatchSpec, type MatchOutcome } from './batch.js';
import type { BatchRunner } from './runner.js';
import type { WorkerReply, WorkerRequest } from './worker.js';

export interface LocalRunnerOptions {
  /** Worker threads; 0 plays on the main thread. */
  workers: number;
  /** Finished matches as they arrive, before their batch is reported (progress, keeping them on a stop). */
  onMatches?: (spec: BatchSpec, matches: MatchOutcome[]) => void;
}

/** The built worker entry (dist/sim/worker.js), or null when it is not there. */
export function workerFile(): string | null {
  for (const rel of ['./worker.js', '../../dist/sim/worker.js']) {
    const p = fileURLToPath(new URL(rel, import.meta.url));
    if (existsSync(p)) return p;
  }
  return null;
}

/** Milliseconds a stop waits for workers to post their finished matches before ending them. */
const STOP_GRACE_MS = 300;
/** Milliseconds of play on the main thread between yields to the event loop. */
const SLICE_MS = 20;

const asCode = (code: string): ErrorCode => ((ERROR_CODES as readonly string[]).includes(code) ? (code as ErrorCode) : 'ERR_INTERNAL');

interface Slot {
  worker: Worker;
  /** The batch it plays, with the matches received so far. */
  busy: { spec: BatchSpec; matches: MatchOutcome[]; rotations: string[][] } | null;
}

export class LocalRunner implements BatchRunner {
  private readonly slots: Slot[] = [];
  private stopFlag = new Int32Array(new SharedArrayBuffer(4));
  private stopped = false;
  /** Ends the current run (all done, stopped, or failed with `error`). */
  private finish: (() => void) | null = null;
  private idleWaiters: (() => void)[] = [];
  private running = false;
  /** The error that ends the current run, once one happened. */
  private error: Error | null = null;

  constructor(private readonly opts: LocalRunnerOptions) {}

  async run(batches: readonly BatchSpec[], onBatch: (spec: BatchSpec, matches: MatchOutcome[]) => void): Promise<void> {
    if (this.running) throw new GabataError('ERR_INTERNAL', 'this runner is already playing a run; open another runner for a second one');
    this.running = true;
    try {
      await this.runAll(batches, onBatch);
    } finally {
      this.running = false;
    }
  }

  private async runAll(batches: readonly BatchSpec[], onBatch: (spec: BatchSpec, matches: MatchOutcome[]) => void): Promise<void> {
    this.stopped = false;
    this.error = null;
    Atomics.store(this.stopFlag, 0, 0);
    const file = this.opts.workers > 0 ? workerFile() : null;
    if (file === null) return this.runHere(batches, onBatch);
    const queue = [...batches];
    if (queue.length === 0) return;
    await new Promise<void>((resolve, reject) => {
      let settled = false;
      this.finish = (): void => {
        if (settled) return;
        settled = true;
        this.finish = null;
        if (this.error !== null) reject(this.error);
        else resolve();
      };
      const feed = (slot: Slot): void => {
        const spec = this.stopped ? undefined : queue.shift();
        if (spec === undefined) {
          if (this.slots.every((s) => s.busy === null)) this.finish?.();
          return;
        }
        slot.busy = { spec, matches: [], rotations: [] };
        slot.worker.postMessage({ type: 'batch', spec } satisfies WorkerRequest);
      };
      const count = Math.max(1, Math.min(this.opts.workers, queue.length));
      while (this.slots.length < count) this.slots.push(this.spawn(file));
      for (const slot of this.slots) this.wire(slot, onBatch, feed);
      for (const slot of this.slots.slice(0, count)) feed(slot);
    });
  }

  /** Routes a worker's replies for this run. */
  private wire(slot: Slot, onBatch: (spec: BatchSpec, matches: MatchOutcome[]) => void, feed: (slot: Slot) => void): void {
    slot.worker.removeAllListeners('message');
    slot.worker.on('message', (m: WorkerReply) => {
      const b = slot.busy;
      if (b === null || m.id !== b.spec.id) return;
      if (m.type === 'error') {
        slot.busy = null;
        this.fail(new GabataError(asCode(m.code), `batch ${m.id}: ${m.message}`));
        return;
      }
      if (b.rotations.length === 0) b.rotations = rotationsOf(b.spec.agents, m.pack.players);
      const got = unpackOutcomes(b.spec, m.pack, b.rotations);
      for (const o of got) b.matches.push(o);
      try {
        if (got.length > 0) this.opts.onMatches?.(b.spec, got);
        if (m.type === 'done' && !m.stopped && !this.stopped) onBatch(b.spec, b.matches);
      } catch (e) {
        slot.busy = null;
        this.fail(asGabataError(e));
        return;
      }
      if (m.type === 'done') {
        slot.busy = null;
        this.wakeIdle();
        feed(slot);
      }
    });
  }

  private spawn(file: string): Slot {
    const slot: Slot = { worker: new Worker(file, { workerData: { stop: this.stopFlag.buffer } }), busy: null };
    slot.worker.on('error', (e) => this.fail(new GabataError('ERR_INTERNAL', `worker thread failed: ${e.message}`)));
    slot.worker.on('exit', (code) => {
      const i = this.slots.indexOf(slot);
      if (i >= 0) this.slots.splice(i, 1);
      if (slot.busy !== null && !this.stopped)
        this.fail(new GabataError('ERR_INTERNAL', `worker thread exited (code ${code}) during batch ${slot.busy.spec.id}`));
      slot.busy = null;
      this.wakeIdle();
    });
    return slot;
  }

  private fail(e: GabataError): void {
    if (this.stopped) return;
    this.error = e;
    void this.stop();
  }

  private wakeIdle(): void {
    if (this.slots.some((s) => s.busy !== null)) return;
    const w = this.idleWaiters.splice(0);
    for (const f of w) f();
  }

  /** Batches on the main thread, in slices of a few milliseconds. */
  private async runHere(batches: readonly BatchSpec[], onBatch: (spec: BatchSpec, matches: MatchOutcome[]) => void): Promise<void> {
    for (const spec of batches) {
      const players = batchPlayers(spec);
      const all: MatchOutcome[] = [];
      let next = spec.first;
      const end = spec.first + spec.count;
      while (next < end) {
        if (this.stopped) return;
        const deadline = performance.now() + SLICE_MS;
        const got = playBatch(
          { ...spec, first: next, count: end - next },
          players,
          undefined,
          () => this.stopped || performance.now() > deadline,
        );
        next += got.length;
        for (const o of got) all.push(o);
        if (got.length > 0) this.opts.onMatches?.(spec, got);
        await new Promise<void>((r) => setImmediate(r));
      }
      if (this.stopped) return;
      onBatch(spec, all);
    }
  }

  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    Atomics.store(this.stopFlag, 0, 1);
    if (this.slots.some((s) => s.busy !== null)) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, STOP_GRACE_MS);
        this.idleWaiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
    await this.terminate();
    this.finish?.();
  }

  async close(): Promise<void> {
    this.stopped = true;
    await this.terminate();
    this.finish?.();
  }

  private async terminate(): Promise<void> {
    const ws = this.slots.splice(0);
    for (const s of ws) s.busy = null;
    await Promise.all(ws.map((s) => s.worker.terminate()));
  }
}

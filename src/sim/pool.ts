/**
 * A pool of worker threads that plays matches in parallel. Each worker plays one match at a time
 * and gets the next when it reports; results arrive in the order matches finish. `stop()` ends
 * every worker at once: matches in progress are dropped, finished ones have been reported.
 * With `workers: 0` the matches run on the main thread (yielding between matches), which is how
 * tests and environments without the built worker file run them.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { SearchBudget } from '../ai/index.js';
import type { MatchResult } from './match.js';
import { playTask, type MatchTask, type TaskMessage } from './task.js';

export interface PoolOptions {
  ruleset: string;
  options: Record<string, unknown>;
  workers: number;
  record: boolean;
  budget?: SearchBudget;
}

/** The built worker entry (dist/sim/worker.js), or null when it is not there. */
export function workerFile(): string | null {
  for (const rel of ['./worker.js', '../../dist/sim/worker.js']) {
    const p = fileURLToPath(new URL(rel, import.meta.url));
    if (existsSync(p)) return p;
  }
  return null;
}

export class MatchPool {
  private readonly workers: Worker[] = [];
  private stopped = false;
  private wake: (() => void) | null = null;

  constructor(private readonly opts: PoolOptions) {}

  /**
   * Plays every task; `onResult` is called as each match finishes. Resolves when all are done or
   * the pool is stopped; rejects on a worker error.
   */
  async run(tasks: readonly MatchTask[], onResult: (task: MatchTask, result: MatchResult) => void): Promise<void> {
    const base = { ruleset: this.opts.ruleset, options: this.opts.options, record: this.opts.record, budget: this.opts.budget };
    const file = this.opts.workers > 0 ? workerFile() : null;
    if (file === null) {
      for (const task of tasks) {
        if (this.stopped) return;
        onResult(task, playTask({ ...base, task }));
        await new Promise<void>((r) => setImmediate(r));
      }
      return;
    }
    let next = 0;
    let running = 0;
    const count = Math.max(1, Math.min(this.opts.workers, tasks.length));
    await new Promise<void>((resolve, reject) => {
      this.wake = resolve;
      if (tasks.length === 0) return resolve();
      const feed = (w: Worker): void => {
        if (this.stopped || next >= tasks.length) {
          if (running === 0) resolve();
          return;
        }
        const task = tasks[next++]!;
        running++;
        const msg: TaskMessage = { ...base, task };
        w.postMessage(msg);
      };
      for (let i = 0; i < count; i++) {
        const w = new Worker(file);
        this.workers.push(w);
        w.on('message', (m: { type: string; index: number; result?: MatchResult; message?: string }) => {
          running--;
          if (this.stopped) return;
          if (m.type === 'error') {
            this.stopped = true;
            void this.terminate();
            reject(new Error(`match ${m.index}: ${m.message}`));
            return;
          }
          const task = tasks.find((t) => t.index === m.index)!;
          onResult(task, m.result!);
          feed(w);
        });
        w.on('error', (e) => {
          if (this.stopped) return;
          this.stopped = true;
          void this.terminate();
          reject(e);
        });
        feed(w);
      }
    });
    await this.terminate();
  }

  /** Stops at once: workers are ended and `run` resolves with the matches finished so far. */
  async stop(): Promise<void> {
    this.stopped = true;
    await this.terminate();
    this.wake?.();
  }

  private async terminate(): Promise<void> {
    const ws = this.workers.splice(0);
    await Promise.all(ws.map((w) => w.terminate()));
  }
}

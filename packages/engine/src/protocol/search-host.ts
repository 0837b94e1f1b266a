/**
 * The `SearchHost` of `gabata engine`: searches run in a worker thread (packages/engine/src/protocol/search-worker.ts)
 * so that the input thread keeps reading commands. `stop` writes the search's id into a shared
 * Int32Array that the search polls; no message has to reach a busy worker.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { SearchHost } from './engine.js';

export type SearchWorkerRequest = { type: 'mirror'; line: string } | { type: 'go'; id: number; line: string };
export type SearchWorkerReply = { type: 'line'; id: number; line: string } | { type: 'done'; id: number };

/** The built worker entry (dist/protocol/search-worker.js), or null when it is not there. */
export function searchWorkerFile(): string | null {
  for (const rel of ['./search-worker.js', '../../dist/protocol/search-worker.js']) {
    const p = fileURLToPath(new URL(rel, import.meta.url));
    if (existsSync(p)) return p;
  }
  return null;
}

interface RunningSearch {
  output: (line: string) => void;
  done: () => void;
}

export class SearchWorker implements SearchHost {
  private readonly worker: Worker;
  private readonly stopFlag = new Int32Array(new SharedArrayBuffer(4));
  private readonly running = new Map<number, RunningSearch>();
  /** Why the worker is gone (it failed or was closed); null while it runs. */
  private gone: string | null = null;

  private constructor(file: string) {
    this.worker = new Worker(file, { workerData: { stopFlag: this.stopFlag.buffer } });
    this.worker.on('message', (m: SearchWorkerReply) => {
      const search = this.running.get(m.id);
      if (search === undefined) return;
      if (m.type === 'line') search.output(m.line);
      else {
        this.running.delete(m.id);
        search.done();
      }
    });
    this.worker.on('error', (e) => this.fail(`the search worker failed: ${e.message}`));
    this.worker.on('exit', (code) => this.fail(`the search worker exited (code ${code})`));
  }

  /** Starts the worker, or returns null when the built worker file is missing (run `npx tsc` first). */
  static start(): SearchWorker | null {
    const file = searchWorkerFile();
    return file === null ? null : new SearchWorker(file);
  }

  mirror(line: string): void {
    if (this.gone === null) this.worker.postMessage({ type: 'mirror', line } satisfies SearchWorkerRequest);
  }

  go(id: number, line: string, output: (line: string) => void, done: () => void): void {
    if (this.gone !== null) {
      output(`error ERR_INTERNAL ${this.gone}`);
      done();
      return;
    }
    this.running.set(id, { output, done });
    this.worker.postMessage({ type: 'go', id, line } satisfies SearchWorkerRequest);
  }

  stop(id: number): void {
    // Ids only grow, so the flag only grows: a late stop never un-stops a later search.
    if (Atomics.load(this.stopFlag, 0) < id) Atomics.store(this.stopFlag, 0, id);
  }

  async close(): Promise<void> {
    if (this.gone !== null) return;
    this.gone = 'the search worker was closed';
    this.running.clear();
    await this.worker.terminate();
  }

  /** Every running search answers with an error line: none will get a bestmove from a dead worker. */
  private fail(reason: string): void {
    if (this.gone !== null) return;
    this.gone = reason;
    for (const [id, search] of this.running) {
      this.running.delete(id);
      search.output(`error ERR_INTERNAL ${reason}`);
      search.done();
    }
  }
}

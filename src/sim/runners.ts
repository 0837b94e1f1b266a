/**
 * Opens the `BatchRunner` a command asked for: worker threads of this process (the default), or a
 * Redis queue served by `gabata worker` processes when `queue` is a `redis://` URL. `simulate`,
 * `sweep` and `tournament` open their runner here and see only the BatchRunner interface.
 *
 * @example
 *   const runner = await openRunner({ workers: 2 });
 *   try { await runner.run(batches, onBatch); } finally { await runner.close(); }
 */
import { GabataError } from '@gabata/engine/core';
import type { BatchSpec, MatchOutcome } from './batch.js';
import { LocalRunner } from './local-runner.js';
import type { BatchRunner } from './runner.js';

export interface RunnerOptions {
  /** Local worker threads (0 = the main thread); ignored by a queue. */
  workers: number;
  /** `redis://HOST:PORT[/DB]`: play the batches through a Redis queue instead of local threads. */
  queue?: string;
  /**
   * Finished matches as they arrive, before their batch is reported (progress; keeping them when
   * the run is stopped). A runner may call it only when a whole batch is done; callers count a
   * match once by its index.
   */
  onMatches?: (spec: BatchSpec, matches: MatchOutcome[]) => void;
}

/**
 * The runner for `opts`. Rejects with a GabataError (ERR_ARGUMENT) for a queue URL it cannot use.
 *
 * The queue branch belongs to the Redis queue runner (helper F of issue 14 edits this function).
 */
export async function openRunner(opts: RunnerOptions): Promise<BatchRunner> {
  if (opts.queue !== undefined) {
    // ---- Queue runner (issue 14, helper F): open and return the Redis queue runner here. ----
    if (!/^rediss?:\/\//.test(opts.queue)) {
      throw new GabataError('ERR_ARGUMENT', `--queue takes a redis:// URL, not '${opts.queue}'`, '--queue');
    }
    // Imported on use: a local run never loads BullMQ and ioredis.
    const { QueueRunner } = await import('./queue.js');
    const runner = await QueueRunner.open({
      url: opts.queue,
      log: (line) => process.stderr.write(`gabata: ${line}\n`),
    });
    if (opts.onMatches === undefined) return runner;
    const onMatches = opts.onMatches;
    return {
      run: (batches, onBatch) =>
        runner.run(batches, (spec, matches) => {
          onMatches(spec, matches);
          onBatch(spec, matches);
        }),
      stop: () => runner.stop(),
      close: () => runner.close(),
    };
    // ---- end of the queue branch ----
  }
  return new LocalRunner({ workers: opts.workers, onMatches: opts.onMatches });
}

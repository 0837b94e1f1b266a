/**
 * Where batches are played: local worker threads (the default, nothing to install) or a Redis
 * queue served by `gabata worker` processes (`--queue redis://HOST:PORT`). Both play the same
 * matches for the same specs; the coordinator (simulate, sweep, tournament) only sees this
 * interface. Contract of issue 14.
 */
import type { BatchSpec, MatchOutcome } from './batch.js';

export interface BatchRunner {
  /**
   * Plays every batch; `onBatch` is called once per finished batch with all its matches, in the
   * order batches finish (never twice for one id). Resolves when all are done or the runner is
   * stopped; rejects with a GabataError (code and message) when the work cannot go on.
   */
  run(batches: readonly BatchSpec[], onBatch: (spec: BatchSpec, matches: MatchOutcome[]) => void): Promise<void>;
  /** Stops at once; finished batches have been reported, unfinished ones are dropped. */
  stop(): Promise<void>;
  /** Releases threads and connections. */
  close(): Promise<void>;
}

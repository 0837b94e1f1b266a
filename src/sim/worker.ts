/**
 * Worker-thread entry of the local runner: built to dist/sim/worker.js.
 *
 * A batch message (`{type: 'batch', spec}`) is played match after match, keeping the game, its
 * buffers and the random seats alive; finished matches are posted packed, in chunks: at once after
 * a slow match, at least every CHUNK_MS for fast ones, and at the end of the batch (`done`). A stop
 * flag in shared memory (`workerData.stop`) is read between matches: once set, the worker posts
 * what it finished and reports `stopped`, so a stop loses only the match in progress.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { batchPlayers, packOutcomes, playBatch, type BatchSpec, type MatchOutcome, type PackedOutcomes } from './batch.js';

/** Posting interval for finished matches, in milliseconds. */
const CHUNK_MS = 20;

export type WorkerRequest = { type: 'batch'; spec: BatchSpec };
export type WorkerReply =
  | { type: 'chunk'; id: string; pack: PackedOutcomes }
  | { type: 'done'; id: string; pack: PackedOutcomes; stopped: boolean }
  | { type: 'error'; id: string; code: string; message: string };

function describe(e: unknown): { code: string; message: string } {
  const ge = e as { code?: string; message?: string };
  return { code: ge.code ?? 'ERR_INTERNAL', message: ge.message ?? String(e) };
}

function playSpec(port: NonNullable<typeof parentPort>, spec: BatchSpec, stop: Int32Array | null): void {
  const players = batchPlayers(spec);
  let pending: MatchOutcome[] = [];
  let last = performance.now();
  const flush = (type: 'chunk' | 'done', stopped = false): void => {
    const pack = packOutcomes(pending, players);
    pending = [];
    last = performance.now();
    const reply: WorkerReply = type === 'chunk' ? { type, id: spec.id, pack } : { type, id: spec.id, pack, stopped };
    port.postMessage(reply, [pack.numbers.buffer as ArrayBuffer]);
  };
  const stopped = (): boolean => stop !== null && Atomics.load(stop, 0) !== 0;
  playBatch(
    spec,
    players,
    (o) => {
      pending.push(o);
      if (performance.now() - last >= CHUNK_MS) flush('chunk');
    },
    stopped,
  );
  flush('done', stopped());
}

if (parentPort !== null) {
  const port = parentPort;
  const stop = (workerData as { stop?: SharedArrayBuffer } | null)?.stop;
  const flag = stop !== undefined ? new Int32Array(stop) : null;
  port.on('message', (msg: WorkerRequest) => {
    try {
      playSpec(port, msg.spec, flag);
    } catch (e) {
      port.postMessage({ type: 'error', id: msg.spec.id, ...describe(e) } satisfies WorkerReply);
    }
  });
}

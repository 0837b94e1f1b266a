/**
 * Worker-thread entry of `gabata worker`: plays the batches it is sent, one at a time, posting
 * each match as it finishes and then the end of the batch. Built to dist/sim/queue/thread.js.
 */
import { parentPort } from 'node:worker_threads';
import { playBatch, type BatchSpec } from '../batch.js';
import { gameFor } from '../task.js';

if (parentPort !== null) {
  const port = parentPort;
  port.on('message', (spec: BatchSpec) => {
    try {
      const players = gameFor(spec.ruleset, spec.options).players;
      playBatch(spec, players, (o) => port.postMessage({ type: 'match', outcome: o }));
      port.postMessage({ type: 'done' });
    } catch (e) {
      const ge = e as { code?: string; message?: string };
      port.postMessage({ type: 'error', code: ge.code ?? 'ERR_INTERNAL', message: ge.message ?? String(e) });
    }
  });
}

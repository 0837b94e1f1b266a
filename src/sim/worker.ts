/**
 * Worker-thread entry of the match pool: plays the matches it is sent, one at a time, and posts
 * each result back. Built to dist/sim/worker.js, which the pool starts.
 */
import { parentPort } from 'node:worker_threads';
import { playTask, type TaskMessage } from './task.js';

if (parentPort !== null) {
  const port = parentPort;
  port.on('message', (msg: TaskMessage) => {
    try {
      port.postMessage({ type: 'result', index: msg.task.index, result: playTask(msg) });
    } catch (e) {
      const ge = e as { code?: string; message?: string };
      port.postMessage({ type: 'error', index: msg.task.index, message: `${ge.code ? `${ge.code}: ` : ''}${ge.message ?? String(e)}` });
    }
  });
}

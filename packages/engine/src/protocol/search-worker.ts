/**
 * Worker-thread entry of `gabata engine`'s searches (built to dist/protocol/search-worker.js).
 * It holds a mirror `EngineSession` that searches inline: the input thread replays every accepted
 * `setoption`, `newgame` and `position` line to it, and sends each `go` with an id. A search stops
 * when the shared flag holds its id or a later one (written by `SearchWorker.stop`), which the
 * agents read through `SearchBudget.shouldStop` every few hundred nodes.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { EngineSession } from './engine.js';
import type { SearchWorkerReply, SearchWorkerRequest } from './search-host.js';

if (parentPort !== null) {
  const port = parentPort;
  const stopFlag = new Int32Array((workerData as { stopFlag: SharedArrayBuffer }).stopFlag);
  let current = 0;
  const session = new EngineSession((line) => port.postMessage({ type: 'line', id: current, line } satisfies SearchWorkerReply), {
    shouldStop: () => Atomics.load(stopFlag, 0) >= current,
  });
  port.on('message', (msg: SearchWorkerRequest) => {
    if (msg.type === 'mirror') {
      current = 0;
      session.handle(msg.line);
    } else {
      current = msg.id;
      session.handle(msg.line);
      port.postMessage({ type: 'done', id: msg.id } satisfies SearchWorkerReply);
    }
  });
}

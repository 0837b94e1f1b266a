/**
 * A client process of `--clients K`: runs one Pool (a share of the games) on the coordinator's
 * commands over the IPC channel, and exits when the coordinator goes away.
 */
import { Pool } from './pool.mjs';

let pool = null;

const reply = (msg) => process.send?.(msg);

process.on('disconnect', () => process.exit(0));
process.on('message', (msg) => {
  if (msg.cmd === 'setup') {
    pool = new Pool(msg.config);
    pool.setup(msg.timeoutMs).then(
      () => reply({ done: 'setup' }),
      (e) => reply({ done: 'setup', error: { code: e.code ?? 'ERR_LOADTEST', message: e.message } }),
    );
  } else if (msg.cmd === 'start') {
    pool.start();
  } else if (msg.cmd === 'killed') {
    pool.markKilled();
  } else if (msg.cmd === 'stop') {
    pool.stop().then(() => reply({ done: 'stop', stats: pool.stats() }));
  } else if (msg.cmd === 'progress') {
    reply({ done: 'progress', moves: pool.moves, errors: pool.errors, hist: pool.hist.n });
  }
});

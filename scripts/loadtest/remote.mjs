/**
 * A Pool in a child process (`--clients K`): the same methods as Pool, over the IPC channel of
 * scripts/loadtest/worker.mjs.
 */
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { LoadtestError } from './args.mjs';
import { trackChild } from './server.mjs';

const WORKER = fileURLToPath(new URL('./worker.mjs', import.meta.url));

export class RemotePool {
  constructor(config) {
    this.config = config;
    this.final = null;
    this.waiters = new Map();
    this.child = fork(WORKER, [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    trackChild(this.child);
    this.child.on('message', (m) => {
      const w = this.waiters.get(m.done);
      this.waiters.delete(m.done);
      w?.resolve(m);
    });
    this.child.once('exit', (code, signal) => {
      const e = new LoadtestError('ERR_LOADTEST_CLIENT', `a client process exited (${signal ?? `status ${code}`})`);
      for (const w of this.waiters.values()) w.reject(e);
      this.waiters.clear();
    });
  }

  request(cmd, extra = {}) {
    return new Promise((resolve, reject) => {
      this.waiters.set(cmd, { resolve, reject });
      this.child.send({ cmd, ...extra });
    });
  }

  async setup(timeoutMs) {
    const r = await this.request('setup', { config: this.config, timeoutMs });
    if (r.error) throw new LoadtestError(r.error.code, r.error.message);
  }

  start() {
    this.child.send({ cmd: 'start' });
  }

  markKilled() {
    this.child.send({ cmd: 'killed' });
  }

  progress() {
    return this.request('progress');
  }

  async stop() {
    this.final = (await this.request('stop')).stats;
    this.child.disconnect();
  }

  stats() {
    return this.final;
  }
}

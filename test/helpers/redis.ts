/**
 * A real Redis for the queue tests: Debian's redis-server on a free loopback port, persistence
 * off (`--save '' --appendonly no`), in a temporary folder, stopped (and the folder removed)
 * after. No test is skipped when redis-server is missing: it fails saying how to install it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, createConnection } from 'node:net';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';

export const REDIS_SERVER = process.env['REDIS_SERVER'] ?? '/usr/bin/redis-server';

export interface TestRedis {
  port: number;
  url: string;
  stop(): Promise<void>;
}

/** A port nobody listens on now (the OS picks it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

function answers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const c = createConnection({ host: '127.0.0.1', port });
    c.once('connect', () => {
      c.end();
      resolve(true);
    });
    c.once('error', () => resolve(false));
  });
}

export async function startRedis(extraArgs: readonly string[] = []): Promise<TestRedis> {
  if (!existsSync(REDIS_SERVER)) {
    throw new Error(`${REDIS_SERVER} is missing: install Debian's redis-server (apt-get install redis-server; .ci/run does it)`);
  }
  const dir = mkdtempSync(join(tmpdir(), 'gabata-redis-'));
  const port = await freePort();
  const args = [
    '--port',
    String(port),
    '--bind',
    '127.0.0.1',
    '--save',
    '',
    '--appendonly',
    'no',
    '--dir',
    dir,
    '--daemonize',
    'no',
    ...extraArgs,
  ];
  const proc: ChildProcess = spawn(REDIS_SERVER, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  proc.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  proc.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  const deadline = Date.now() + 10_000;
  while (!(await answers(port))) {
    if (proc.exitCode !== null || proc.signalCode !== null || Date.now() > deadline) {
      proc.kill('SIGKILL');
      rmSync(dir, { recursive: true, force: true });
      throw new Error(`redis-server did not start on port ${port}:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    port,
    url: `redis://127.0.0.1:${port}`,
    async stop() {
      if (proc.exitCode === null && proc.signalCode === null) {
        const gone = new Promise((r) => proc.once('exit', r));
        proc.kill('SIGTERM');
        await Promise.race([gone, new Promise((r) => setTimeout(r, 5_000))]);
        if (proc.exitCode === null && proc.signalCode === null) proc.kill('SIGKILL');
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A `gabata worker` child process and what it wrote on stderr. */
export interface WorkerProcess {
  proc: ChildProcess;
  pid: number;
  log(): string;
  /** Resolves with the exit code (or the signal's name) when it has exited. */
  exited: Promise<number | string>;
}

/** Starts `node <main> worker --queue URL --concurrency K` (main: a built dist/cli/main.js). */
export function startWorker(main: string, url: string, concurrency = 1, env: Record<string, string> = {}): WorkerProcess {
  const proc = spawn(process.execPath, [main, 'worker', '--queue', url, '--concurrency', String(concurrency)], {
    stdio: ['ignore', 'ignore', 'pipe'],
    env: { ...process.env, ...env },
  });
  let text = '';
  proc.stderr?.on('data', (d: Buffer) => (text += d.toString()));
  const exited = new Promise<number | string>((resolve) => proc.once('exit', (code, signal) => resolve(code ?? signal ?? -1)));
  return { proc, pid: proc.pid!, log: () => text, exited };
}

/** `p`, or an error saying what did not happen within `ms` (with `detail()`, e.g. a worker's log). */
export async function within<T>(p: Promise<T>, ms: number, what: string, detail: () => string = () => ''): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: not within ${ms} ms\n${detail()}`)), ms);
  });
  try {
    return await Promise.race([p, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** How a worker ended, within `ms` (else an error quoting what it wrote). */
export const exitOf = (w: WorkerProcess, ms = 20_000): Promise<number | string> =>
  within(w.exited, ms, `worker ${w.pid} exits`, () => `it wrote:\n${w.log()}`);

/** Waits until a worker has connected and waits for work. */
export const ready = (w: WorkerProcess): Promise<void> => until(`worker ${w.pid} is ready`, () => /waiting for work/.test(w.log()));

/** Ends a worker that is still running (SIGKILL) and waits for it. */
export async function killWorker(w: WorkerProcess): Promise<void> {
  if (w.proc.exitCode === null && w.proc.signalCode === null) w.proc.kill('SIGKILL');
  await w.exited;
}

/** Waits until `check` holds, asking every 50 ms; fails after `ms` saying what it waited for. */
export async function until(what: string | (() => string), check: () => boolean | Promise<boolean>, ms = 30_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${typeof what === 'string' ? what : what()}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * Kills worker `w` with SIGKILL while it holds a task of any live run on the Redis at `port`
 * (a job in the active list whose `processedBy` is the worker's host:pid). Returns that job's id.
 */
export async function killMidTask(port: number, w: WorkerProcess): Promise<string> {
  const client = new Redis({ host: '127.0.0.1', port });
  const queues = new Map<string, Queue>();
  let held = '';
  try {
    await until(
      () => `worker ${w.pid} holds a task (it wrote: ${JSON.stringify(w.log())})`,
      async () => {
        for (const name of await client.zrange('gabata:runs', 0, -1)) {
          if (!queues.has(name)) queues.set(name, new Queue(name, { connection: { host: '127.0.0.1', port }, prefix: 'gabata' }));
          const job = (await queues.get(name)!.getActive()).find((j) => j.processedBy === `${hostname()}:${w.pid}`);
          if (job) held = job.id!;
        }
        return held !== '';
      },
    );
    w.proc.kill('SIGKILL');
    await w.exited;
  } finally {
    await Promise.all([...queues.values()].map((q) => q.close()));
    client.disconnect();
  }
  return held;
}

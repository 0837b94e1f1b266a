/**
 * Every Redis key a queued run writes expires or is removed (issue 25): a completed run whose
 * worker is killed at its end, and a worker that leaves a run, leave no key without an expiry.
 * Real Redis (test/helpers/redis.ts), real `gabata simulate --queue` and `gabata worker` processes
 * of the built CLI.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseQueueUrl } from '../src/sim/queue/redis.js';
import { killWorker, ready, startRedis, startWorker, until, within, type TestRedis, type WorkerProcess } from './helpers/redis.js';

const MAIN = join(fileURLToPath(new URL('..', import.meta.url)), 'dist/cli/main.js');
let redis: TestRedis;
const workers: WorkerProcess[] = [];

beforeAll(async () => {
  redis = await startRedis();
});
afterAll(async () => {
  await Promise.all(workers.map(killWorker));
  await redis?.stop();
});

function gabata(args: string[], env: Record<string, string> = {}): Promise<{ code: number | null; out: string; err: string }> {
  return new Promise((resolve) => {
    const p = spawn(process.execPath, [MAIN, ...args], { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } });
    let out = '';
    let err = '';
    p.stdout.on('data', (d: Buffer) => (out += d.toString()));
    p.stderr.on('data', (d: Buffer) => (err += d.toString()));
    p.once('exit', (code) => resolve({ code, out, err }));
  });
}

/** Every `gabata:*` key with its time to live in ms (-1: none). */
async function keysAndTtls(client: Redis): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  for (const key of await client.keys('gabata:*')) out.set(key, await client.pttl(key));
  return out;
}

describe('a queued run leaves no Redis key without an expiry', () => {
  it('simulate --queue completes, its worker killed (SIGKILL) at its end: every key of the run expires or is gone', async () => {
    const w = startWorker(MAIN, redis.url, 1);
    workers.push(w);
    await ready(w);
    const args = ['simulate', 'gabata-adowa', '--option', 'rounds=1', '--agents', 'random,greedy', '--games', '8', '--batch', '2'];
    const r = await within(gabata([...args, '--seed', '3', '--json', '--queue', redis.url]), 90_000, 'the queued run', () => w.log());
    expect(r.code, r.err).toBe(0);
    w.proc.kill('SIGKILL');
    await w.exited;
    const client = new Redis({ host: '127.0.0.1', port: redis.port });
    try {
      // A second worker comes and goes after the run: what it writes expires too.
      const late = startWorker(MAIN, redis.url, 1);
      workers.push(late);
      await ready(late);
      await new Promise((res) => setTimeout(res, 1_500));
      late.proc.kill('SIGTERM');
      await late.exited;
      const keys = await keysAndTtls(client);
      const lasting = [...keys].filter(([, ttl]) => ttl === -1).map(([k]) => k);
      expect(lasting, `keys without an expiry: ${lasting.join(', ')}`).toEqual([]);
      // A completed run removes its keys; none of its queue is left.
      expect([...keys.keys()].filter((k) => /^gabata:simulate-/.test(k))).toEqual([]);
    } finally {
      client.disconnect();
    }
  });

  it('a coordinator killed (SIGKILL) mid-run: the worker that leaves the run gives every key of it an expiry of about a week', async () => {
    const w = startWorker(MAIN, redis.url, 1);
    workers.push(w);
    await ready(w);
    const client = new Redis({ host: '127.0.0.1', port: redis.port });
    const args = ['simulate', 'gabata-adowa', '--option', 'rounds=1', '--agents', 'alphabeta:depth=3,greedy', '--games', '200'];
    const p = spawn(process.execPath, [MAIN, ...args, '--batch', '2', '--seed', '4', '--queue', redis.url], { stdio: 'ignore' });
    try {
      await until('the run has finished a batch', async () => (await client.keys('gabata:simulate-*:completed')).length > 0, 60_000);
      p.kill('SIGKILL');
      await until('the worker leaves the run', () => /its coordinator is done or gone; leaving it/.test(w.log()), 60_000);
      await until(
        'the run keys expire',
        async () => {
          const keys = await keysAndTtls(client);
          return [...keys.values()].every((ttl) => ttl !== -1);
        },
        10_000,
      );
      const keys = await keysAndTtls(client);
      const run = [...keys].filter(([k]) => /^gabata:simulate-/.test(k));
      expect(run.length).toBeGreaterThan(0);
      for (const [key, ttl] of run) expect(ttl, key).toBeGreaterThan(0);
      // Keys BullMQ gave no expiry (the finished jobs' list, the queue's meta) now have a week; its
      // own short-lived ones (a stalled check's) keep theirs.
      const week = run.filter(([key]) => /:(completed|meta)$/.test(key));
      expect(week.length).toBeGreaterThan(0);
      for (const [key, ttl] of week) expect(ttl, key).toBeGreaterThan(6 * 24 * 3_600_000);
      // The registry of runs expires with the last heartbeat (the killed coordinator's).
      expect(keys.has('gabata:runs') ? keys.get('gabata:runs')! : 0).toBeLessThan(21_000);
    } finally {
      p.kill('SIGKILL');
      client.disconnect();
      await killWorker(w);
    }
  });
});

describe('the Redis password from GABATA_REDIS_PASSWORD', () => {
  it('a URL without a password takes the variable, a URL with one keeps its own; neither shows it', () => {
    const env = { GABATA_REDIS_PASSWORD: 's3cret' };
    const a = parseQueueUrl('redis://10.0.0.5:6379', env);
    expect(a.options.password).toBe('s3cret');
    expect(a.shown).toBe('redis://10.0.0.5:6379');
    const u = parseQueueUrl('redis://gabata@10.0.0.5:6379/2', env);
    expect([u.options.username, u.options.password, u.options.db]).toEqual(['gabata', 's3cret', 2]);
    expect(parseQueueUrl('redis://:other@10.0.0.5', env).options.password).toBe('other');
    expect(parseQueueUrl('redis://10.0.0.5', {}).options.password).toBeUndefined();
  });

  it('worker processes send it to a Redis that asks for a password: without it ERR_QUEUE, with it the worker serves', async () => {
    const locked = await startRedis(['--requirepass', 'pw-in-env']);
    try {
      const r = await gabata(['worker', '--queue', locked.url]);
      expect(r.code).not.toBe(0);
      expect(r.err).toMatch(/ERR_QUEUE/);
      const w = startWorker(MAIN, locked.url, 1, { GABATA_REDIS_PASSWORD: 'pw-in-env' });
      workers.push(w);
      await ready(w);
      expect(w.log()).not.toMatch(/pw-in-env/);
      await killWorker(w);
    } finally {
      await locked.stop();
    }
  });
});

/**
 * The Redis queue (issue 14) with a real Redis (test/helpers/redis.ts) and real `gabata worker`
 * child processes of the built CLI (run `npx tsc -p tsconfig.json` first): results equal to a
 * local run match for match, a worker killed mid-task (SIGKILL) loses nothing and doubles nothing,
 * a resumed run collects what was finished, a worker of another version refuses, two runs on one
 * Redis do not mix, an unreachable Redis is ERR_QUEUE. A worker still finishing a batch of an
 * interrupted run is driven by hand (a BullMQ worker of the test) to finish it at the exact point
 * of the resumed run's start where it once raced it.
 */
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Job, Queue, QueueEvents, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it, type MockInstance, vi } from 'vitest';
import { getRuleset } from '../packages/engine/src/games/index.js';
import { playBatch, type BatchSpec, type MatchOutcome } from '../src/sim/batch.js';
import { QueueRunner } from '../src/sim/queue.js';
import { PREFIX, type QueueResult, type QueueTask } from '../src/sim/queue/redis.js';
import {
  exitOf,
  freePort,
  killMidTask,
  killWorker,
  ready,
  startRedis,
  startWorker,
  until,
  within,
  type TestRedis,
  type WorkerProcess,
} from './helpers/redis.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const MAIN = join(ROOT, 'dist/cli/main.js');

let redis: TestRedis;
const workers: WorkerProcess[] = [];
const worker = (concurrency = 1, main = MAIN): WorkerProcess => {
  const w = startWorker(main, redis.url, concurrency);
  workers.push(w);
  return w;
};

beforeAll(async () => {
  redis = await startRedis();
});
afterAll(async () => {
  await Promise.all(workers.map(killWorker));
  await redis?.stop();
});

/** Batches of one run: `n` batches of `count` matches of Gabata (Adowa), one round. */
function batches(run: string, n: number, count: number, agents: string[], seed = 11): BatchSpec[] {
  const rs = getRuleset('gabata-adowa');
  if (!rs.ok) throw rs.error;
  const game = rs.value.create({ rounds: 1 });
  if (!game.ok) throw game.error;
  const options = { ...game.value.options };
  return Array.from({ length: n }, (_, b) => ({
    id: `${run}/cell/${b * count}`,
    ruleset: 'gabata-adowa',
    options,
    agents,
    seed,
    first: b * count,
    count,
    record: false,
    metrics: false,
  }));
}

/** The matches of a run as a local run plays them, as JSON carries them. */
const local = (specs: readonly BatchSpec[]): MatchOutcome[] =>
  JSON.parse(JSON.stringify(specs.flatMap((s) => playBatch(s, 2)))) as MatchOutcome[];
const byIndex = (ms: readonly MatchOutcome[]): MatchOutcome[] => [...ms].sort((a, b) => a.index - b.index);

/** Runs the batches on the queue, counting every delivery of every batch id. */
async function runOnQueue(run: string, specs: readonly BatchSpec[]): Promise<{ matches: MatchOutcome[]; deliveries: Map<string, number> }> {
  const runner = await QueueRunner.open({ url: redis.url, run });
  const matches: MatchOutcome[] = [];
  const deliveries = new Map<string, number>();
  try {
    const ran = runner.run(specs, (spec, ms) => {
      deliveries.set(spec.id, (deliveries.get(spec.id) ?? 0) + 1);
      matches.push(...ms);
    });
    await within(ran, 60_000, `run ${run}`, () => workers.map((w) => w.log()).join('\n'));
  } finally {
    await runner.close();
  }
  return { matches, deliveries };
}

describe('gabata worker processes play the batches of a queue', () => {
  it('a worker killed with SIGKILL mid-task: its task is played again, every batch counted once, equal to a local run', async () => {
    const run = 'kill-test';
    const specs = batches(run, 12, 4, ['alphabeta:depth=2', 'greedy']);
    const a = worker();
    const b = worker();
    await Promise.all([ready(a), ready(b)]);
    const probe = new Queue(run, { connection: { host: '127.0.0.1', port: redis.port }, prefix: PREFIX });
    let killedJob = '';
    const result = runOnQueue(run, specs);
    // Kill worker a while it holds a task (its name is host:pid).
    await until('worker a holds a task', async () => {
      const active = await probe.getActive();
      const held = active.find((j) => j.processedBy === `${hostname()}:${a.pid}`);
      if (held) killedJob = (held.data as { spec: BatchSpec }).spec.id;
      return held !== undefined;
    });
    a.proc.kill('SIGKILL');
    expect(await exitOf(a)).toBe('SIGKILL');
    const { matches, deliveries } = await result;
    await probe.close();
    expect(killedJob).not.toBe('');
    expect(deliveries.get(killedJob)).toBe(1);
    expect([...deliveries.values()]).toEqual(specs.map(() => 1));
    expect(matches).toHaveLength(48);
    expect(byIndex(matches)).toEqual(local(specs));
    expect(b.log()).toMatch(/run kill-test: serving/);
    await killWorker(b);
  });

  it('two runs on one Redis, with the same batch ids, each get their own matches', async () => {
    const w = worker(2);
    const one = batches('same', 3, 3, ['random', 'greedy'], 1);
    const two = batches('same', 3, 3, ['random', 'greedy'], 2);
    const [r1, r2] = await Promise.all([runOnQueue('run-one', one), runOnQueue('run-two', two)]);
    expect(byIndex(r1.matches)).toEqual(local(one));
    expect(byIndex(r2.matches)).toEqual(local(two));
    expect(byIndex(r1.matches)).not.toEqual(byIndex(r2.matches));
    await killWorker(w);
  });

  it('a stopped run keeps its finished batches in Redis; started again, it collects them without playing them again', async () => {
    const run = 'resume-test';
    const specs = batches(run, 8, 3, ['greedy']);
    const w1 = worker();
    const first = await QueueRunner.open({ url: redis.url, run });
    const seen: string[] = [];
    const running = first.run(specs, (spec) => {
      seen.push(spec.id);
      if (seen.length === 2) void first.stop();
    });
    await within(running, 30_000, 'the stopped run returns', () => w1.log());
    await first.close();
    // The worker finishes what it holds, then stops taking the run's tasks; SIGTERM ends it cleanly.
    w1.proc.kill('SIGTERM');
    expect(await exitOf(w1)).toBe(0);
    const probe = new Queue(run, { connection: { host: '127.0.0.1', port: redis.port }, prefix: PREFIX });
    const finished = (await probe.getCompleted(0, -1)).map((j) => (j.data as { spec: BatchSpec }).spec.id).sort();
    expect(finished.length).toBeGreaterThanOrEqual(2);
    expect(finished.length).toBeLessThan(specs.length);
    // Started again with no worker: the finished batches come at once, from Redis.
    const again = await QueueRunner.open({ url: redis.url, run });
    const got = new Map<string, MatchOutcome[]>();
    const rest = again.run(specs, (spec, ms) => {
      expect(got.has(spec.id)).toBe(false);
      got.set(spec.id, ms);
    });
    await until('the finished batches are collected', () => got.size === finished.length);
    expect([...got.keys()].sort()).toEqual(finished);
    const w2 = worker();
    await within(rest, 60_000, 'the rest is played', () => `got ${got.size} of ${specs.length}; worker: ${w2.log()}`);
    await again.close();
    expect(got.size).toBe(specs.length);
    expect(byIndex([...got.values()].flat())).toEqual(local(specs));
    // The second worker played only the batches that were not finished.
    w2.proc.kill('SIGTERM');
    expect(await exitOf(w2)).toBe(0);
    expect(w2.log()).toMatch(new RegExp(`stopped: ${specs.length - finished.length} batches`));
    // The run is complete: its queue is gone from Redis.
    expect(await probe.getJobCounts('completed', 'wait', 'active')).toEqual({ completed: 0, wait: 0, active: 0 });
    await probe.close();
  });

  it('a worker of another gabata version refuses the task: the run fails with ERR_VERSION instead of waiting', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'gabata-other-'));
    try {
      cpSync(join(ROOT, 'dist'), join(dir, 'dist'), { recursive: true });
      const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string };
      writeFileSync(join(dir, 'package.json'), JSON.stringify({ ...pkg, version: '0.0.0-other' }));
      symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'));
      const other = worker(1, join(dir, 'dist/cli/main.js'));
      const run = runOnQueue('version-test', batches('version-test', 2, 2, ['random']));
      await expect(run).rejects.toMatchObject({ code: 'ERR_VERSION' });
      await expect(run).rejects.toThrow(`this worker is gabata 0.0.0-other, the task is of gabata ${pkg.version}`);
      await until('the worker says it refused', () => /refused/.test(other.log()));
      await killWorker(other);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('the same run coordinated twice at once is refused (ERR_CONFLICT); once the first stops, it can go on', async () => {
    const specs = batches('twice', 2, 2, ['random']);
    const first = await QueueRunner.open({ url: redis.url, run: 'twice' });
    const running = first.run(specs, () => {});
    await until('the first coordinator has claimed the run', async () => {
      const probe = new Queue('twice', { connection: { host: '127.0.0.1', port: redis.port }, prefix: PREFIX });
      const n = await probe.getJobCountByTypes('wait');
      await probe.close();
      return n === 2;
    });
    await expect(runOnQueue('twice', specs)).rejects.toMatchObject({ code: 'ERR_CONFLICT' });
    await first.stop();
    await running;
    await first.close();
    const w = worker();
    const { matches } = await runOnQueue('twice', specs);
    expect(byIndex(matches)).toEqual(local(specs));
    await killWorker(w);
  });

  it('a worker stops cleanly on SIGTERM while idle', async () => {
    const w = worker();
    await until('the worker waits for work', () => /waiting for work/.test(w.log()));
    w.proc.kill('SIGTERM');
    expect(await exitOf(w)).toBe(0);
    expect(w.log()).toMatch(/SIGTERM: finishing the batches in play[\s\S]*stopped: 0 batches, 0 matches played/);
  });
});

/**
 * A stand-in for a `gabata worker` that the test drives by hand: it takes a job when told (its
 * lock held for a minute) and finishes it when told, with the result a worker returns.
 */
function handWorker(name: string): {
  take: () => Promise<Job<QueueTask, QueueResult>>;
  finish: (job: Job<QueueTask, QueueResult>) => Promise<void>;
  close: () => Promise<void>;
} {
  const w = new Worker<QueueTask, QueueResult>(name, null, {
    connection: { host: '127.0.0.1', port: redis.port },
    prefix: PREFIX,
    lockDuration: 60_000,
  });
  const token = 'hand';
  return {
    async take() {
      let got: Job<QueueTask, QueueResult> | undefined;
      await until(`a job of ${name} to take`, async () => {
        got = (await w.getNextJob(token, { block: false })) as Job<QueueTask, QueueResult> | undefined;
        return got !== undefined;
      });
      return got!;
    },
    async finish(job) {
      const spec = job.data.spec;
      await job.moveToCompleted({ id: spec.id, job: job.id!, matches: local([spec]), worker: 'hand' }, token, false);
    },
    close: () => w.close(),
  };
}

/**
 * Calls `after` once, right after the first read of a job (by id, or any when `id` is undefined)
 * by any Queue of this process: what a worker does between the coordinator's reads then happens
 * there, every time.
 */
function afterFirstGetJob(id: string | undefined, after: () => Promise<void>): { restore: () => void } {
  const real = Queue.prototype.getJob;
  let fired = false;
  const spy = vi.spyOn(Queue.prototype, 'getJob').mockImplementation(async function (this: Queue, jobId: string) {
    const job = await real.call(this, jobId);
    if (!fired && (id === undefined || jobId === id)) {
      fired = true;
      await after();
    }
    return job;
  });
  return { restore: () => spy.mockRestore() };
}

/**
 * The 'completed' event of job `jobId` as this process's QueueEvents hear it: `heard` resolves
 * once its listeners (the coordinator's) have run; `drop` keeps it from them (an event the
 * coordinator missed, as when its events stream reconnects).
 */
function completedEventOf(jobId: string, drop: boolean): { heard: Promise<void>; restore: () => void } {
  type Emit = (this: QueueEvents, event: string, ...args: unknown[]) => boolean;
  const emit = QueueEvents.prototype.emit as Emit;
  let heard: () => void = () => {};
  const seen = new Promise<void>((resolve) => (heard = resolve));
  const listened: Emit = function (event, ...args) {
    const it = event === 'completed' && (args[0] as { jobId?: string }).jobId === jobId;
    const out = it && drop ? false : emit.call(this, event, ...args);
    if (it) heard();
    return out;
  };
  const spy = (vi.spyOn(QueueEvents.prototype, 'emit') as unknown as MockInstance<Emit>).mockImplementation(listened);
  return { heard: seen, restore: () => spy.mockRestore() };
}

/**
 * Waits until a coordinator's QueueEvents wait on their events stream (a client blocked in XREAD:
 * no other client of this Redis reads a stream), so that an event added now reaches them.
 */
async function listening(): Promise<void> {
  const client = new Redis({ host: '127.0.0.1', port: redis.port });
  try {
    await until('the coordinator listens to its events', async () => /cmd=xread/.test(String(await client.call('CLIENT', 'LIST'))));
  } finally {
    client.disconnect();
  }
}

/** Starts the first attempt at a run, has the hand worker take its first job, and stops it (Ctrl-C). */
async function interrupted(run: string, specs: readonly BatchSpec[], hand: ReturnType<typeof handWorker>) {
  const first = await QueueRunner.open({ url: redis.url, run });
  const running = first.run(specs, () => {});
  const held = await hand.take();
  await first.stop();
  await within(running, 10_000, 'the stopped run returns');
  await first.close();
  return held;
}

/** The jobs of a run's queue not yet taken by a worker. */
async function waiting(run: string): Promise<number> {
  const probe = new Queue(run, { connection: { host: '127.0.0.1', port: redis.port }, prefix: PREFIX });
  try {
    return await probe.getWaitingCount();
  } finally {
    await probe.close();
  }
}

describe('a worker still finishing a batch of an interrupted run, when the run is started again', () => {
  it('same batch, finished just after the resumed coordinator read its job (event missed): collected once from Redis', async () => {
    const run = 'late-same';
    const specs = batches(run, 2, 3, ['greedy']);
    const hand = handWorker(run);
    const held = await interrupted(run, specs, hand);
    // The worker finishes the batch right after the resumed coordinator read it (still active),
    // and the coordinator misses the event: what it read of the job must not be taken for its result.
    const hook = afterFirstGetJob(held.id, async () => {
      await listening();
      await hand.finish(held);
    });
    const event = completedEventOf(held.id!, true);
    const got = new Map<string, MatchOutcome[]>();
    const again = await QueueRunner.open({ url: redis.url, run });
    const taken: string[] = [];
    try {
      const rest = again.run(specs, (spec, ms) => {
        expect(got.has(spec.id)).toBe(false);
        got.set(spec.id, ms);
      });
      rest.catch(() => {});
      // The held batch is collected from Redis; only the other one is played.
      const other = await Promise.race([hand.take(), rest.then(() => undefined)]);
      if (other !== undefined) {
        taken.push(other.data.spec.id);
        await hand.finish(other);
      }
      await within(rest, 20_000, 'the resumed run');
      await within(event.heard, 5_000, 'the event of the held batch');
    } finally {
      hook.restore();
      event.restore();
      await again.close();
      await hand.close();
    }
    expect(taken).toEqual([specs[1]!.id]);
    expect([...got.keys()].sort()).toEqual(specs.map((s) => s.id).sort());
    expect(byIndex([...got.values()].flat())).toEqual(local(specs));
  });

  it('a batch of that id with other matches: its result is ignored, never counted, and the run plays its own', async () => {
    const run = 'late-other';
    // The first attempt cut 8 matches in batches of 4; the resumed one (as a resumed sweep may) in 2s.
    const before = batches(run, 2, 4, ['greedy']);
    const after = batches(run, 4, 2, ['greedy']);
    expect(after[0]!.id).toBe(before[0]!.id);
    const hand = handWorker(run);
    const held = await interrupted(run, before, hand);
    expect(held.data.spec.count).toBe(4);
    // The old batch is finished right after the resumed coordinator's first read of a job; the
    // coordinator hears of it (its listeners have run) before any of its own batches is played.
    const hook = afterFirstGetJob(undefined, async () => {
      await listening();
      await hand.finish(held);
    });
    const event = completedEventOf(held.id!, false);
    const deliveries = new Map<string, number>();
    const matches: MatchOutcome[] = [];
    const again = await QueueRunner.open({ url: redis.url, run });
    const taken: string[] = [];
    try {
      let settled = false;
      const rest = again.run(after, (spec, ms) => {
        deliveries.set(spec.id, (deliveries.get(spec.id) ?? 0) + 1);
        matches.push(...ms);
      });
      rest.then(
        () => (settled = true),
        () => (settled = true),
      );
      await within(event.heard, 20_000, 'the stale result reaches the coordinator');
      await until('the resumed run has put its batches in', async () => settled || (await waiting(run)) === after.length);
      for (let i = 0; i < after.length; i++) {
        const job = await Promise.race([hand.take(), rest.then(() => undefined)]);
        if (job === undefined) break;
        taken.push(`${job.data.spec.first}+${job.data.spec.count}`);
        await hand.finish(job);
      }
      await within(rest, 20_000, 'the resumed run');
    } finally {
      hook.restore();
      event.restore();
      await again.close();
      await hand.close();
    }
    // Only the resumed run's batches were played (the first attempt's unstarted one was removed).
    expect(taken.sort()).toEqual(['0+2', '2+2', '4+2', '6+2']);
    expect([...deliveries.entries()].sort()).toEqual(after.map((s) => [s.id, 1]).sort());
    expect(matches).toHaveLength(8);
    expect(byIndex(matches)).toEqual(local(after));
  });

  it('a result under its own job id that lacks matches is not counted: the batch is played again, then counted once', async () => {
    const run = 'short-result';
    const specs = batches(run, 1, 3, ['greedy']);
    const hand = handWorker(run);
    const lines: string[] = [];
    const runner = await QueueRunner.open({ url: redis.url, run, log: (l) => lines.push(l) });
    const got: MatchOutcome[][] = [];
    try {
      const running = runner.run(specs, (_spec, ms) => got.push(ms));
      running.catch(() => {});
      const job = await hand.take();
      const spec = job.data.spec;
      const short = { id: spec.id, job: job.id!, matches: local([spec]).slice(0, 1), worker: 'hand' };
      await job.moveToCompleted(short, 'hand', false);
      const again = await Promise.race([hand.take(), running.then(() => undefined)]);
      expect(again?.id).toBe(job.id);
      await hand.finish(again!);
      await within(running, 20_000, 'the run');
    } finally {
      await runner.close();
      await hand.close();
    }
    expect(lines.join('\n')).toMatch(/batch short-result\/cell\/0 came back malformed \(1 matches, 3 expected\); playing it again/);
    expect(got).toHaveLength(1);
    expect(byIndex(got.flat())).toEqual(local(specs));
  });
});

/** Runs the built CLI as a child process. */
function gabata(args: string[]): Promise<{ code: number | null; out: string; err: string }> {
  return new Promise((resolve) => {
    const p = spawn(process.execPath, [MAIN, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    p.stdout.on('data', (d: Buffer) => (out += d.toString()));
    p.stderr.on('data', (d: Buffer) => (err += d.toString()));
    p.once('exit', (code) => resolve({ code, out, err }));
  });
}

/** The records of a --out file by match index, without the date they were written. */
function records(file: string): Record<string, unknown>[] {
  return readFileSync(file, 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as Record<string, unknown> & { meta: { game: number } })
    .sort((a, b) => a.meta.game - b.meta.game)
    .map(({ date: _date, ...rest }) => rest);
}

describe('gabata simulate --queue', () => {
  it('two workers, one killed with SIGKILL mid-task: exactly the matches asked for, equal to a local run match by match', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'gabata-queue-'));
    const args = ['simulate', 'gabata-adowa', '--option', 'rounds=1', '--agents', 'alphabeta:depth=2,greedy', '--games', '40'];
    const more = ['--seed', '5', '--batch', '4', '--json'];
    const a = worker();
    const b = worker();
    await Promise.all([ready(a), ready(b)]);
    const queued = gabata([...args, ...more, '--queue', redis.url, '--out', join(dir, 'queue.jsonl')]);
    const killed = await killMidTask(redis.port, a);
    const q = await within(queued, 90_000, 'the queued simulation', () => b.log());
    expect(q.code, q.err).toBe(0);
    const l = await gabata([...args, ...more, '--workers', '0', '--out', join(dir, 'local.jsonl')]);
    expect(l.code, l.err).toBe(0);
    expect(killed).toMatch(/\/\d+#[0-9a-f]{12}$/);
    const got = records(join(dir, 'queue.jsonl'));
    expect(got.map((r) => (r['meta'] as { game: number }).game)).toEqual([...Array(40).keys()]);
    expect(got).toEqual(records(join(dir, 'local.jsonl')));
    const summary = (text: string): Record<string, unknown> => {
      const { seconds: _s, workers: _w, queue: _q, ...rest } = JSON.parse(text) as Record<string, unknown>;
      return rest;
    };
    expect(summary(q.out)).toEqual(summary(l.out));
    await killWorker(b);
    rmSync(dir, { recursive: true, force: true });
  });
});

describe('gabata sweep --queue', () => {
  it('two workers, one killed with SIGKILL mid-task: every match of every cell once, equal to a local sweep', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'gabata-queue-'));
    const args = ['sweep', 'gabata-adowa', '--grid', 'captureGate=firstTurnOfRound,none', '--option', 'rounds=1'];
    const more = ['--agents', 'alphabeta:depth=2,greedy', '--games', '16', '--seed', '8', '--json'];
    const a = worker();
    const b = worker();
    await Promise.all([ready(a), ready(b)]);
    const queued = gabata([...args, ...more, '--queue', redis.url, '--out', join(dir, 'queue')]);
    await killMidTask(redis.port, a);
    const q = await within(queued, 90_000, 'the queued sweep', () => b.log());
    expect(q.code, q.err).toBe(0);
    const l = await gabata([...args, ...more, '--workers', '0', '--out', join(dir, 'local')]);
    expect(l.code, l.err).toBe(0);
    const matches = (sub: string): string[] =>
      readFileSync(join(dir, sub, 'matches.jsonl'), 'utf8')
        .trim()
        .split('\n')
        .sort();
    const got = matches('queue');
    expect(got).toHaveLength(32);
    expect(
      new Set(
        got.map((m) => {
          const o = JSON.parse(m) as { cell: string; index: number };
          return `${o.cell} ${o.index}`;
        }),
      ).size,
    ).toBe(32);
    expect(got).toEqual(matches('local'));
    await killWorker(b);
    rmSync(dir, { recursive: true, force: true });
  });
});

describe('an unreachable Redis is ERR_QUEUE, not a hang', () => {
  it('the coordinator and a worker both say so', { timeout: 20_000 }, async () => {
    const url = `redis://127.0.0.1:${await freePort()}`;
    await expect(QueueRunner.open({ url, run: 'x' })).rejects.toMatchObject({ code: 'ERR_QUEUE' });
    await expect(QueueRunner.open({ url, run: 'x' })).rejects.toThrow(`cannot reach Redis at ${url}`);
    const r = spawnSync(process.execPath, [MAIN, 'worker', '--queue', url], { encoding: 'utf8', timeout: 15_000 });
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(new RegExp(`gabata worker: ERR_QUEUE: cannot reach Redis at ${url} \\(.*ECONNREFUSED`));
    const s = spawnSync(process.execPath, [MAIN, 'simulate', 'selus', '--games', '2', '--queue', url], {
      encoding: 'utf8',
      timeout: 15_000,
    });
    expect(s.status).toBe(1);
    expect(s.stderr).toMatch(`gabata simulate: ERR_QUEUE: cannot reach Redis at ${url}`);
  });

  it('a malformed --queue is a usage error', () => {
    const r = spawnSync(process.execPath, [MAIN, 'worker', '--queue', 'http://127.0.0.1:6379'], { encoding: 'utf8' });
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/ERR_ARGUMENT: --queue takes a redis:\/\/ or rediss:\/\/ URL/);
  });
});

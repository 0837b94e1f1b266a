/**
 * The Redis queue (issue 14): a BatchRunner that puts batches on a BullMQ queue, and learns of
 * their results from queue events, while `gabata worker` processes on any number of machines play
 * them (sim/queue/worker.ts).
 *
 * - One queue per run, named by the run (`run` below, derived from the run's parameters), so two
 *   runs on one Redis never mix. The run is listed in a registry with a heartbeat; workers serve
 *   the queues of live runs.
 * - A job's id is its batch id and a hash of exactly what the job plays (`jobIdOf`): adding a
 *   batch that is already there adds nothing, a result is counted once (a second result of an id
 *   is ignored), and a result of another attempt at the run whose batch of that id played other
 *   matches (a resumed sweep cuts its batches anew) has another job id, so it is never taken for
 *   one of this attempt's batches. A result that does not hold its batch's matches is ignored and
 *   the batch played again.
 * - A worker killed mid-task loses its lock; the task goes back to the queue within seconds.
 * - Results of finished jobs stay in Redis until the run is complete, so a coordinator started
 *   again (`--resume`) collects them instead of playing them again. Every key a run writes is
 *   removed when it completes, or expires (`RUN_KEEP_MS`, a week) when it stops or fails; a
 *   worker that leaves a run whose coordinator is gone gives its keys that expiry too, and the run
 *   registry expires when no coordinator beats.
 * - A task carries the gabata version and the ruleset's option schema hash; a worker that does
 *   not match refuses it and the run stops with ERR_VERSION.
 *
 * ```ts
 * const runner = await QueueRunner.open({ url: 'redis://127.0.0.1:6379', run: 'simulate-1a2b3c' });
 * await runner.run(batches, (spec, matches) => keep(matches));
 * await runner.close();
 * ```
 */
import { Queue, QueueEvents, type Job } from 'bullmq';
import type { Redis } from 'ioredis';
import { ERROR_CODES, GabataError, type ErrorCode } from '@gabata/engine/core';
import type { BatchSpec, MatchOutcome } from './batch.js';
import type { BatchRunner } from './runner.js';
import {
  connect,
  deleteRunKeys,
  expireRunKeys,
  hashOf,
  connectionOptions,
  HEARTBEAT_MS,
  packageVersion,
  parseQueueUrl,
  PREFIX,
  queueError,
  queueNameOf,
  RUN_KEEP_MS,
  RUN_STALE_MS,
  RUNS_KEY,
  schemaHash,
  whenLost,
  type QueueResult,
  type QueueTask,
  type QueueUrl,
} from './queue/redis.js';

export { hashOf, parseQueueUrl, queueNameOf } from './queue/redis.js';

/**
 * The id of a task's job: its batch id, then a hash of the whole task (the batch's matches,
 * agents, options, seed, gabata version, option schema). The same batch asked for again (a
 * resumed run) has the same id and finds its result in Redis; a batch of that id with other
 * content (another attempt of the run, another version) has another. BullMQ ids hold no `:`.
 */
export const jobIdOf = (task: QueueTask): string => `${task.spec.id.replace(/:/g, '_')}#${hashOf(task)}`;

export interface QueueRunnerOptions {
  /** `redis://HOST:PORT` (or `rediss://`, with `user:password@` and `/db` when needed). */
  url: string;
  /**
   * The run's name (its queue), derived from what the run plays, e.g. `tournament-<hash>`. When
   * absent it is derived from the batches (`runNameOf`).
   */
  run?: string;
  /** Matches finished so far in batches still in play, as workers report them (for a progress bar). */
  onProgress?: (matchesInPlay: number) => void;
  /** Notices for the person waiting (e.g. that no worker serves the run yet). */
  log?: (line: string) => void;
}

/**
 * The name of a run, from its batches' ids (`<run>/<cell>/<first>`): their common first segment
 * when it is already a hash of the run (as a sweep's id is), else that segment followed by a hash
 * of what the batches play, so two runs with other agents, options or seeds never share a queue.
 */
export function runNameOf(batches: readonly BatchSpec[]): string {
  const heads = new Set(batches.map((b) => b.id.split('/')[0] ?? ''));
  const head = heads.size === 1 ? [...heads][0]! : 'run';
  if (/^[0-9a-f]{8,64}$/.test(head)) return `run-${head}`;
  const plays = batches.map(({ first: _f, count: _c, ...rest }) => rest);
  return `${head.replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 40) || 'run'}-${hashOf(plays)}`;
}

/** How often the coordinator checks for results it may have missed (events are the main path). */
const RECONCILE_MS = 3_000;
/** After this long with nothing done and no worker, the coordinator says so. */
const NO_WORKER_NOTICE_MS = 5_000;
/** A batch whose result comes back malformed is played again this many times, then the run fails. */
const MAX_REPLAYS = 3;
/** Job states of a job no worker holds yet (a job of another attempt in them is removed). */
const UNSTARTED = ['wait', 'delayed', 'prioritized'] as const;

export class QueueRunner implements BatchRunner {
  private name = '';
  private queue: Queue<QueueTask, QueueResult> | undefined;
  private events: QueueEvents | undefined;
  private stopped = false;
  private wake: (() => void) | undefined;
  private work: RunState | undefined;
  private claimed = false;
  /** Completed jobs in the queue when the list was last read (reconcile). */
  private completedSeen = -1;
  /** Times each job was played again after a malformed result, and those being put back now. */
  private readonly replays = new Map<string, number>();
  private readonly replaying = new Set<string>();

  private constructor(
    private readonly url: QueueUrl,
    private readonly client: Redis,
    private readonly opts: QueueRunnerOptions,
  ) {}

  /** Connects, or fails with ERR_QUEUE within a few seconds when Redis cannot be reached. */
  static async open(opts: QueueRunnerOptions): Promise<QueueRunner> {
    const url = parseQueueUrl(opts.url);
    const client = await connect(url);
    return new QueueRunner(url, client, opts);
  }

  /** The queue's name in Redis (keys `gabata:<name>:*`), once `run` has begun. */
  get queueName(): string {
    return this.name;
  }

  async run(batches: readonly BatchSpec[], onBatch: (spec: BatchSpec, matches: MatchOutcome[]) => void): Promise<void> {
    if (this.stopped || batches.length === 0) return;
    this.name = queueNameOf(this.opts.run ?? runNameOf(batches));
    await this.claim();
    const queue = new Queue<QueueTask, QueueResult>(this.name, { connection: connectionOptions(this.url, false), prefix: PREFIX });
    const events = new QueueEvents(this.name, { connection: connectionOptions(this.url, true), prefix: PREFIX });
    this.queue = queue;
    this.events = events;
    queue.on('error', () => {});
    events.on('error', () => {});
    const work = new RunState(tasksOf(batches), onBatch, this.opts.onProgress, (jobId, why) => void this.replay(work, jobId, why));
    this.work = work;
    const stopped = new Promise<void>((resolve) => {
      this.wake = resolve;
    });
    void whenLost(this.client).then(() => work.fail(queueError('ERR_QUEUE', `lost the connection to Redis at ${this.url.shown}`)));
    events.on('completed', ({ jobId, returnvalue }) => work.complete(jobId, returnvalue as unknown));
    events.on('failed', ({ jobId, failedReason }) => work.failed(jobId, failedReason));
    events.on('progress', ({ jobId, data }) => work.progress(jobId, data));
    await events.waitUntilReady();
    // The registry expires with the last heartbeat of any run, and forgets runs whose coordinator is gone.
    let beating: Promise<unknown> = Promise.resolve();
    const beat = (): Promise<unknown> => {
      const now = Date.now();
      beating = Promise.all([
        this.client.zadd(RUNS_KEY, now, this.name),
        this.client.zremrangebyscore(RUNS_KEY, '-inf', now - RUN_STALE_MS),
        this.client.pexpire(RUNS_KEY, RUN_STALE_MS),
        this.client.pexpire(this.lockKey, RUN_STALE_MS),
      ]).catch(() => 0);
      return beating;
    };
    const heartbeat = setInterval(() => void beat(), HEARTBEAT_MS);
    const reconcile = setInterval(() => void this.reconcile(work), RECONCILE_MS);
    const notice = setTimeout(() => void this.noticeIdle(work), NO_WORKER_NOTICE_MS);
    try {
      // Paused (a stopped run leaves it so) until the jobs of other attempts are gone.
      await this.enqueue(queue, work);
      await queue.resume();
      await beat();
      await Promise.race([stopped, work.settled()]);
    } finally {
      clearInterval(heartbeat);
      clearInterval(reconcile);
      clearTimeout(notice);
      // A heartbeat still on its way would list the run again after its release.
      await beating;
      await this.release();
    }
    // Everything is in: the run's keys are no longer needed (what obliterate leaves, too). A stopped
    // or failed run keeps them for `--resume`, for a week.
    if (work.complete_ && !this.stopped) {
      await queue.obliterate({ force: true }).catch(() => {});
      await queue.close().catch(() => {});
      await deleteRunKeys(this.client, this.name).catch(() => {});
    } else await this.keepForResume();
  }

  /** The keys of a run that did not complete expire (`RUN_KEEP_MS`) unless a resumed run completes it. */
  private async keepForResume(): Promise<void> {
    if (this.name !== '') await expireRunKeys(this.client, this.name, RUN_KEEP_MS).catch(() => {});
  }

  /**
   * Collects the results already in Redis, adds the batches that are not there, and removes the
   * jobs of other attempts at the run that no worker has started (one being played is left to
   * finish; its result has another job id and is ignored).
   */
  private async enqueue(queue: Queue<QueueTask, QueueResult>, work: RunState): Promise<void> {
    const tasks = [...work.tasks];
    const existing = await Promise.all(tasks.map(([id]) => queue.getJob(id)));
    const fresh: [string, QueueTask][] = [];
    for (let i = 0; i < tasks.length; i++) {
      const [id, task] = tasks[i]!;
      const job = existing[i];
      if (job === undefined || job === null) fresh.push([id, task]);
      else if (JSON.stringify(job.data) !== JSON.stringify(task)) {
        // Another task under this id (a hash collision): played again.
        await job.remove().catch(() => {
          throw queueError('ERR_QUEUE', `batch ${task.spec.id} of an older run is still being played; try again in a minute`);
        });
        fresh.push([id, task]);
      } else await this.adopt(queue, job, work);
    }
    for (const job of await queue.getJobs([...UNSTARTED])) {
      if (job?.id !== undefined && !work.tasks.has(job.id)) await job.remove().catch(() => {});
    }
    const jobs = fresh.map(([jobId, data]) => ({
      name: 'batch',
      data,
      opts: { jobId, attempts: 1, removeOnComplete: false, removeOnFail: false },
    }));
    for (let i = 0; i < jobs.length; i += 1000) await queue.addBulk(jobs.slice(i, i + 1000));
  }

  /**
   * A job already in Redis: its result is collected, a failed one is tried again. `job` was read
   * before its state: a job a worker finished in between is read again for its result (the copy
   * read while it was being played has none).
   */
  private async adopt(queue: Queue<QueueTask, QueueResult>, job: Job<QueueTask, QueueResult>, work: RunState): Promise<void> {
    const state = await job.getState();
    if (state === 'completed') {
      const finished = job.finishedOn === undefined ? await queue.getJob(job.id!) : job;
      work.complete(job.id!, finished?.returnvalue);
    } else if (state === 'failed') await job.retry('failed');
  }

  /**
   * A result under one of this run's job ids that does not hold its batch's matches: ignored, and
   * the batch put back in the queue (at most MAX_REPLAYS times, then the run fails).
   */
  private async replay(work: RunState, jobId: string, why: string): Promise<void> {
    const queue = this.queue;
    if (queue === undefined || work.over || this.replaying.has(jobId)) return;
    const n = (this.replays.get(jobId) ?? 0) + 1;
    const id = work.tasks.get(jobId)?.spec.id ?? jobId;
    if (n > MAX_REPLAYS) {
      work.fail(queueError('ERR_QUEUE', `batch ${id} came back malformed ${n} times (${why})`));
      return;
    }
    this.replays.set(jobId, n);
    this.replaying.add(jobId);
    this.opts.log?.(`batch ${id} came back malformed (${why}); playing it again`);
    try {
      const job = await queue.getJob(jobId);
      if (job && (await job.getState()) === 'completed') await job.retry('completed');
    } catch {
      // Gone or moved on meanwhile: a result of it still comes through the events or reconcile.
    } finally {
      this.replaying.delete(jobId);
    }
  }

  /** Results whose events were missed (a reconnection of the events stream) are collected here. */
  private async reconcile(work: RunState): Promise<void> {
    const queue = this.queue;
    if (queue === undefined || work.over) return;
    try {
      const counts = await queue.getJobCounts('completed', 'failed');
      const completed = counts['completed'] ?? 0;
      // Jobs of an earlier attempt with other ids also count: read the list only when it changed.
      if (completed > work.delivered && completed !== this.completedSeen) {
        this.completedSeen = completed;
        for (const job of await queue.getCompleted(0, -1)) if (job) work.complete(job.id!, job.returnvalue);
      }
      if ((counts['failed'] ?? 0) > 0) {
        for (const job of await queue.getFailed(0, -1)) if (job) work.failed(job.id!, job.failedReason);
      }
    } catch {
      // Tried again at the next interval.
    }
  }

  private async noticeIdle(work: RunState): Promise<void> {
    if (work.over || work.delivered > 0 || this.queue === undefined) return;
    const workers = await this.queue.getWorkersCount().catch(() => -1);
    if (workers === 0) {
      this.opts.log?.(`no gabata worker serves this run yet: start one with 'gabata worker --queue ${this.url.shown}'`);
    }
  }

  /** Stops waiting: finished batches have been reported; the rest stay in Redis for `--resume`. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.work) this.work.over = true;
    this.wake?.();
    await this.queue?.pause().catch(() => {});
    await this.release();
    await this.keepForResume();
  }

  private get lockKey(): string {
    return `${PREFIX}:coordinator:${this.name}`;
  }

  /** One coordinator per run: a second one (same parameters, same Redis) would share its results. */
  private async claim(): Promise<void> {
    const got = await this.client.set(this.lockKey, String(process.pid), 'PX', RUN_STALE_MS, 'NX').catch((e: Error) => {
      throw queueError('ERR_QUEUE', `Redis at ${this.url.shown} refused a command: ${e.message}`);
    });
    if (got !== 'OK') {
      throw new GabataError(
        'ERR_CONFLICT',
        `run ${this.name} is already being coordinated by another process on ${this.url.shown} (the same run twice); ` +
          `wait for it to end (or ${RUN_STALE_MS / 1000} s if it was killed)`,
      );
    }
    this.claimed = true;
  }

  private async release(): Promise<void> {
    if (!this.claimed) return;
    this.claimed = false;
    await Promise.all([this.client.zrem(RUNS_KEY, this.name), this.client.del(this.lockKey)]).catch(() => 0);
  }

  async close(): Promise<void> {
    if (this.work && !this.work.over) await this.stop();
    await Promise.all([this.events?.close(), this.queue?.close()].map((p) => p?.catch(() => {})));
    this.client.disconnect();
  }
}

/** The tasks of a run's batches by job id. */
function tasksOf(batches: readonly BatchSpec[]): Map<string, QueueTask> {
  const version = packageVersion();
  const schemas = new Map<string, string>();
  const tasks = new Map<string, QueueTask>();
  for (const spec of batches) {
    const schema = schemas.get(spec.ruleset) ?? schemaHash(spec.ruleset);
    schemas.set(spec.ruleset, schema);
    const task: QueueTask = { spec, version, schema };
    tasks.set(jobIdOf(task), task);
  }
  return tasks;
}

/**
 * Why a result is not the one of `jobId`'s batch ('' when it is): it must name the job and the
 * batch and hold every match of the batch once.
 */
export function resultMismatch(jobId: string, spec: BatchSpec, value: unknown): string {
  const r = value as Partial<QueueResult> | null | undefined;
  if (r === null || typeof r !== 'object') return 'no result';
  if (r.job === undefined) return 'a result without its job id, from a worker of an older build';
  if (r.job !== jobId || r.id !== spec.id) return `the result of job ${String(r.job)}`;
  if (!Array.isArray(r.matches) || r.matches.length !== spec.count) {
    return `${Array.isArray(r.matches) ? r.matches.length : 'no'} matches, ${spec.count} expected`;
  }
  const seen = new Set<number>();
  for (const m of r.matches as Partial<MatchOutcome>[]) {
    const i = m?.index;
    if (typeof i !== 'number' || i < spec.first || i >= spec.first + spec.count || seen.has(i)) {
      return `match ${String(i)} is not one of ${spec.first}..${spec.first + spec.count - 1}`;
    }
    seen.add(i);
  }
  return '';
}

/** What a run waits for, and what it has: every job id counted once. */
class RunState {
  readonly byId: Map<string, BatchSpec>;
  readonly done = new Set<string>();
  private readonly inPlay = new Map<string, number>();
  over = false;
  complete_ = false;
  private failure: Error | undefined;
  private waiters: ((e?: Error) => void)[] = [];

  /** `tasks` by job id; `onMalformed` hears of a result under a job id that is not its batch's. */
  constructor(
    readonly tasks: ReadonlyMap<string, QueueTask>,
    private readonly onBatch: (spec: BatchSpec, matches: MatchOutcome[]) => void,
    private readonly onProgress: ((matchesInPlay: number) => void) | undefined,
    private readonly onMalformed: (jobId: string, why: string) => void,
  ) {
    this.byId = new Map([...tasks].map(([id, t]) => [id, t.spec]));
  }

  get delivered(): number {
    return this.done.size;
  }

  /** Resolves when every batch is in, rejects on a failure. */
  settled(): Promise<void> {
    if (this.failure) return Promise.reject(this.failure);
    if (this.complete_) return Promise.resolve();
    return new Promise((resolve, reject) => this.waiters.push((e) => (e ? reject(e) : resolve())));
  }

  /**
   * A job's result. Ignored when the job is not one of this run's (a job of another attempt at
   * the run, whose batch of that id played other matches) or was counted already; a result that
   * is not its batch's is ignored and reported (`onMalformed`: the batch is played again).
   */
  complete(jobId: string, value: unknown): void {
    const spec = this.byId.get(jobId);
    if (this.over || spec === undefined || this.done.has(jobId)) return;
    const why = resultMismatch(jobId, spec, value);
    if (why !== '') {
      this.onMalformed(jobId, why);
      return;
    }
    this.done.add(jobId);
    this.inPlay.delete(jobId);
    this.onBatch(spec, (value as QueueResult).matches);
    this.reportProgress();
    if (this.done.size === this.byId.size) {
      this.complete_ = true;
      this.end();
    }
  }

  failed(jobId: string, reason: string): void {
    const spec = this.byId.get(jobId);
    if (this.over || spec === undefined || this.done.has(jobId)) return;
    const m = /^(ERR_[A-Z_]+): ([\s\S]*)$/.exec(reason);
    const known = (ERROR_CODES as readonly string[]).includes(m?.[1] ?? '');
    const code: ErrorCode = known ? (m![1] as ErrorCode) : 'ERR_QUEUE';
    const text = known ? m![2]! : reason;
    const why = code === 'ERR_VERSION' ? `a worker refused batch ${spec.id}: ${text}` : `batch ${spec.id} failed on a worker: ${text}`;
    this.fail(new GabataError(code, why));
  }

  progress(jobId: string, data: unknown): void {
    if (this.over || !this.byId.has(jobId) || this.done.has(jobId) || typeof data !== 'number') return;
    this.inPlay.set(jobId, data);
    this.reportProgress();
  }

  private reportProgress(): void {
    let n = 0;
    for (const v of this.inPlay.values()) n += v;
    this.onProgress?.(n);
  }

  fail(e: Error): void {
    if (this.over) return;
    this.failure = e;
    this.end(e);
  }

  private end(e?: Error): void {
    this.over = true;
    for (const w of this.waiters.splice(0)) w(e);
  }
}

/**
 * The worker side of the queue (`gabata worker`): watches the run registry in Redis, serves the
 * queue of every live run with a BullMQ worker, plays each task (a batch) on its worker threads
 * and returns the matches. A task of another gabata version or option schema is refused: its job
 * fails with ERR_VERSION, which its coordinator reports. Idle when there is nothing to do.
 */
import { hostname } from 'node:os';
import { UnrecoverableError, WaitingError, Worker, type Job } from 'bullmq';
import type { Redis } from 'ioredis';
import type { MatchOutcome } from '../batch.js';
import {
  connect,
  connectionOptions,
  expireRunKeys,
  LOCK_MS,
  MAX_STALLED,
  packageVersion,
  parseQueueUrl,
  PREFIX,
  queueError,
  RUN_KEEP_MS,
  RUN_STALE_MS,
  RUNS_KEY,
  schemaHash,
  STALLED_MS,
  whenLost,
  type QueueResult,
  type QueueTask,
  type QueueUrl,
} from './redis.js';
import { BatchThreads, Released } from './threads.js';

export interface QueueWorkerOptions {
  /** `redis://HOST:PORT`. */
  url: string;
  /** Batches played at once (one worker thread each). */
  concurrency: number;
  /** Where the worker says what it does (a line at a time). */
  log: (line: string) => void;
  /** How often the run registry is read (ms). */
  pollMs?: number;
}

/** Counts of what a worker did, for its last line. */
export interface WorkerTally {
  batches: number;
  matches: number;
  refused: number;
}

/** How often job progress (matches played) is sent while a batch is played. */
const PROGRESS_MS = 500;

export class QueueWorker {
  readonly tally: WorkerTally = { batches: 0, matches: 0, refused: 0 };
  private readonly workers = new Map<string, Worker>();
  private readonly threads: BatchThreads;
  private readonly name = `${hostname()}:${process.pid}`;
  private timer: NodeJS.Timeout | undefined;
  private stopping = false;
  private releasing = false;
  private fatal: ((e: Error) => void) | undefined;
  /** Settles when the worker has stopped (after `stop`), or rejects when Redis is lost. */
  readonly done: Promise<void>;
  private finished: () => void = () => {};

  private constructor(
    private readonly url: QueueUrl,
    private readonly client: Redis,
    private readonly opts: QueueWorkerOptions,
  ) {
    this.threads = new BatchThreads(opts.concurrency);
    this.done = new Promise<void>((resolve, reject) => {
      this.finished = resolve;
      this.fatal = reject;
    });
    void whenLost(client).then(() => {
      if (this.stopping) return;
      this.fatal?.(queueError('ERR_QUEUE', `lost the connection to Redis at ${url.shown}`));
    });
  }

  /** Connects (ERR_QUEUE within a few seconds when Redis cannot be reached) and starts serving. */
  static async start(opts: QueueWorkerOptions): Promise<QueueWorker> {
    const url = parseQueueUrl(opts.url);
    const client = await connect(url);
    const w = new QueueWorker(url, client, opts);
    await w.poll();
    return w;
  }

  /** The queues of the runs whose coordinators are alive. */
  private async liveRuns(): Promise<string[]> {
    return this.client.zrangebyscore(RUNS_KEY, Date.now() - RUN_STALE_MS, '+inf');
  }

  private async poll(): Promise<void> {
    if (this.stopping) return;
    try {
      const live = new Set(await this.liveRuns());
      if (this.stopping) return;
      for (const run of live) if (!this.workers.has(run)) this.serve(run);
      for (const [run, w] of this.workers) {
        if (live.has(run)) continue;
        this.workers.delete(run);
        this.opts.log(`run ${run}: its coordinator is done or gone; leaving it`);
        // What is left of the run (a coordinator killed, a key written after its end) expires.
        void w
          .close()
          .then(() => expireRunKeys(this.client, run, RUN_KEEP_MS))
          .catch(() => {});
      }
    } catch {
      // A failed read is retried at the next poll; a lost connection is reported through 'end'.
    }
    if (!this.stopping) this.timer = setTimeout(() => void this.poll(), this.opts.pollMs ?? 1_000);
  }

  private serve(run: string): void {
    this.opts.log(`run ${run}: serving`);
    const w = new Worker<QueueTask, QueueResult>(run, (job, token) => this.process(job, token), {
      connection: connectionOptions(this.url, true),
      prefix: PREFIX,
      concurrency: this.opts.concurrency,
      lockDuration: LOCK_MS,
      stalledInterval: STALLED_MS,
      maxStalledCount: MAX_STALLED,
      drainDelay: 1,
      name: this.name,
    });
    w.on('error', () => {
      // Connection trouble is retried by ioredis and reported by the main client's 'end'.
    });
    this.workers.set(run, w);
  }

  /** Plays one task, or refuses it (ERR_VERSION), or gives it back when the worker is released. */
  private async process(job: Job<QueueTask, QueueResult>, token?: string): Promise<QueueResult> {
    const task = job.data;
    const refusal = refuse(task);
    if (refusal !== '') {
      this.tally.refused++;
      this.opts.log(`batch ${job.id}: refused: ${refusal}`);
      throw new UnrecoverableError(`ERR_VERSION: ${refusal}`);
    }
    let played = 0;
    let sent = 0;
    const progress = setInterval(() => {
      if (played === sent) return;
      sent = played;
      void job.updateProgress(played).catch(() => {});
    }, PROGRESS_MS);
    let matches: MatchOutcome[];
    try {
      matches = await this.threads.play(task.spec, () => played++);
    } catch (e) {
      if (e instanceof Released) {
        await job.moveToWait(token).catch(() => {});
        throw new WaitingError();
      }
      const ge = e as { code?: string; message?: string };
      throw new UnrecoverableError(`${ge.code ?? 'ERR_INTERNAL'}: batch ${job.id}: ${ge.message ?? String(e)}`);
    } finally {
      clearInterval(progress);
    }
    this.tally.batches++;
    this.tally.matches += matches.length;
    return { id: task.spec.id, job: job.id ?? '', matches, worker: this.name };
  }

  /**
   * Stops taking tasks. `release` false: the tasks in play are finished and returned first;
   * true: they are given back to their queues at once (another worker plays them).
   */
  async stop(release = false): Promise<void> {
    this.stopping = true;
    if (this.timer) clearTimeout(this.timer);
    if (release && !this.releasing) {
      this.releasing = true;
      await this.threads.end();
    }
    const ws = [...this.workers.values()];
    await Promise.all(ws.map((w) => w.close()));
    this.workers.clear();
    await this.threads.end();
    this.client.disconnect();
    this.finished();
  }
}

/** Why this build cannot play a task ('' when it can). */
export function refuse(task: QueueTask): string {
  const here = packageVersion();
  if (task.version !== here) {
    return `this worker is gabata ${here}, the task is of gabata ${task.version}; run workers of the coordinator's version`;
  }
  const schema = schemaHash(task.spec.ruleset);
  if (schema === '') return `this worker does not know the ruleset '${task.spec.ruleset}'`;
  if (schema !== task.schema) {
    return `the options of ${task.spec.ruleset} differ between this worker (schema ${schema}) and the coordinator (${task.schema})`;
  }
  return '';
}

/**
 * Connections to the Redis of a queue (issue 14): the `redis://` URL read once, a probe that
 * answers within a few seconds (ioredis retries for ever by default), and connection options
 * whose retries are bounded, so that a Redis that goes away ends the work with ERR_QUEUE instead
 * of a hang. Also the shared names: key prefix, run registry, what a task carries.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { Redis, type RedisOptions } from 'ioredis';
import { GabataError, type ErrorCode } from '@gabata/engine/core';
import { getRuleset } from '@gabata/engine/games';
import type { BatchSpec, MatchOutcome } from '../batch.js';

/** The two codes of the queue: Redis cannot be reached or used, and a task of another version. */
export type QueueErrorCode = Extract<ErrorCode, 'ERR_QUEUE' | 'ERR_VERSION'>;
export const queueError = (code: QueueErrorCode, message: string): GabataError => new GabataError(code, message);

/** Prefix of every key gabata writes (BullMQ's own default is `bull`). */
export const PREFIX = 'gabata';
/** Sorted set of the runs that want workers: member = queue name, score = last heartbeat (ms). */
export const RUNS_KEY = `${PREFIX}:runs`;
/** A run whose coordinator has not been heard from for this long is not served any more. */
export const RUN_STALE_MS = 20_000;
/** How often a coordinator says it is alive. */
export const HEARTBEAT_MS = 2_000;
/**
 * Job lock: a worker renews it every half of this; a worker killed mid-task loses it, and the
 * next stalled check of any worker (every STALLED_MS) puts the task back in the queue.
 */
export const LOCK_MS = 5_000;
export const STALLED_MS = 2_000;
/** A task may be recovered this many times (a worker killed each time) before it fails. */
export const MAX_STALLED = 5;
/** First connection: this long to answer, or ERR_QUEUE. */
export const CONNECT_MS = 3_000;
/** After a connection was lost: reconnect attempts (about 15 s in all) before giving up. */
const RECONNECTS = 15;

/** What a queue job carries: the batch, and what a worker must match to play it. */
export interface QueueTask {
  spec: BatchSpec;
  /** gabata's package version. */
  version: string;
  /** Hash of the ruleset's option schema (names, kinds, values, defaults). */
  schema: string;
}

/** What a worker returns for a task. */
export interface QueueResult {
  /** The batch's id (`BatchSpec.id`). */
  id: string;
  /** The job's id (batch id and task hash): the coordinator takes a result only under it. */
  job: string;
  matches: MatchOutcome[];
  /** Who played it (host and process), for the coordinator's log. */
  worker: string;
}

let version: string | undefined;
/** This build's package version (package.json two folders above dist/sim/queue or src/sim/queue). */
export function packageVersion(): string {
  if (version === undefined) {
    const text = readFileSync(new URL('../../../package.json', import.meta.url), 'utf8');
    version = String((JSON.parse(text) as { version?: unknown }).version ?? 'unknown');
  }
  return version;
}

/** Hash of a ruleset's option schema ('' for a ruleset this build does not know). */
export function schemaHash(ruleset: string): string {
  const rs = getRuleset(ruleset);
  if (!rs.ok) return '';
  const text = JSON.stringify({ id: rs.value.info.id, options: rs.value.options });
  return createHash('sha256').update(text).digest('hex').slice(0, 16);
}

export interface QueueUrl {
  /** The URL as given, without a password (for messages). */
  shown: string;
  options: RedisOptions;
}

/**
 * The environment variable that gives the Redis password when the `--queue` URL has none, so that
 * it does not show in the process list (`ps`) as a URL's password does.
 */
export const PASSWORD_ENV = 'GABATA_REDIS_PASSWORD';

/**
 * Reads `redis://[user:password@]host[:port][/db]` (or `rediss://` for TLS). A URL without a
 * password takes the one in `GABATA_REDIS_PASSWORD` (`env`), when that is set.
 */
export function parseQueueUrl(text: string, env: Readonly<Record<string, string | undefined>> = process.env): QueueUrl {
  let u: URL;
  try {
    u = new URL(text);
  } catch {
    throw new GabataError('ERR_ARGUMENT', `--queue takes a Redis URL such as redis://127.0.0.1:6379, not '${text}'`, '--queue');
  }
  if (u.protocol !== 'redis:' && u.protocol !== 'rediss:') {
    throw new GabataError('ERR_ARGUMENT', `--queue takes a redis:// or rediss:// URL, not '${text}'`, '--queue');
  }
  const db = u.pathname.replace(/^\//, '');
  if (db !== '' && !/^\d{1,2}$/.test(db)) throw new GabataError('ERR_ARGUMENT', `--queue: '${db}' is not a database number`, '--queue');
  const port = u.port === '' ? 6379 : Number(u.port);
  const host = u.hostname.replace(/^\[|\]$/g, '') || '127.0.0.1';
  const options: RedisOptions = {
    host,
    port,
    db: db === '' ? 0 : Number(db),
    connectTimeout: CONNECT_MS,
    ...(u.username ? { username: decodeURIComponent(u.username) } : {}),
    ...(u.password ? { password: decodeURIComponent(u.password) } : env[PASSWORD_ENV] ? { password: env[PASSWORD_ENV] } : {}),
    ...(u.protocol === 'rediss:' ? { tls: { servername: host } } : {}),
  };
  const shown = `${u.protocol}//${u.hostname}${u.port ? `:${u.port}` : ''}${u.pathname === '/' ? '' : u.pathname}`;
  return { shown, options };
}

/** Connection options with bounded reconnection; `blocking` for BullMQ workers and queue events. */
export function connectionOptions(url: QueueUrl, blocking: boolean): RedisOptions {
  return {
    ...url.options,
    maxRetriesPerRequest: blocking ? null : 3,
    retryStrategy: (times: number) => (times > RECONNECTS ? null : Math.min(200 * times, 1_000)),
  };
}

/**
 * A connected client, or ERR_QUEUE within CONNECT_MS: the first connection is tried once, with
 * no retries, so that a wrong address or a stopped Redis is told at once.
 */
export async function connect(url: QueueUrl): Promise<Redis> {
  const probe = new Redis({ ...url.options, lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  let why = '';
  probe.on('error', (e: Error) => {
    why ||= e.message;
  });
  const timer = new Promise<never>((_, reject) =>
    setTimeout(() => reject(new Error(`no answer within ${CONNECT_MS / 1000} s`)), CONNECT_MS + 500).unref(),
  );
  try {
    await Promise.race([probe.connect().then(() => probe.ping()), timer]);
  } catch (e) {
    probe.disconnect();
    const reason = why || (e as Error).message;
    throw queueError('ERR_QUEUE', `cannot reach Redis at ${url.shown} (${reason}); is redis-server running there and reachable?`);
  }
  probe.disconnect();
  const client = new Redis(connectionOptions(url, false));
  client.on('error', () => {
    // Reported through 'end' when the bounded retries give up.
  });
  return client;
}

/** Resolves when a client gives up reconnecting (so a lost Redis is an error, not a hang). */
export function whenLost(client: Redis): Promise<void> {
  return new Promise((resolve) => client.once('end', () => resolve()));
}

/**
 * How long the keys of a run that did not complete (stopped, failed, its coordinator gone) stay in
 * Redis for `--resume`: a week. A completed run's keys are removed at once.
 */
export const RUN_KEEP_MS = 7 * 24 * 3_600_000;

/** The keys of run `name` (its BullMQ queue): `gabata:<name>:*`, read by SCAN, never KEYS. */
async function runKeys(client: Redis, name: string): Promise<string[]> {
  const keys: string[] = [];
  let cursor = '0';
  do {
    const [next, batch] = await client.scan(cursor, 'MATCH', `${PREFIX}:${name}:*`, 'COUNT', 1000);
    cursor = next;
    keys.push(...batch);
  } while (cursor !== '0');
  return keys;
}

/** Gives every key of run `name` that has no expiry one of `ms` (keys with one keep theirs). */
export async function expireRunKeys(client: Redis, name: string, ms: number): Promise<void> {
  const keys = await runKeys(client, name);
  for (let i = 0; i < keys.length; i += 500) {
    const part = keys.slice(i, i + 500);
    const ttls = await Promise.all(part.map((k) => client.pttl(k)));
    await Promise.all(part.map((k, j) => (ttls[j] === -1 ? client.pexpire(k, ms) : 0)));
  }
}

/** Removes every key of run `name` (what BullMQ's obliterate leaves, or writes after it). */
export async function deleteRunKeys(client: Redis, name: string): Promise<void> {
  const keys = await runKeys(client, name);
  for (let i = 0; i < keys.length; i += 500) await client.del(...keys.slice(i, i + 500));
}

/** The queue name of a run: letters, digits, `-` and `_` only (BullMQ refuses `:`). */
export function queueNameOf(run: string): string {
  const name = run.replace(/[^A-Za-z0-9_-]/g, '_');
  if (name === '' || name.length > 100) throw new GabataError('ERR_ARGUMENT', `'${run}' cannot name a queue`);
  return name;
}

/** A short stable id of anything JSON can write, e.g. the parameters of a run. */
export function hashOf(x: unknown): string {
  return createHash('sha256').update(JSON.stringify(x)).digest('hex').slice(0, 12);
}

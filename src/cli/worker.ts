/**
 * `gabata worker --queue redis://HOST:PORT [--concurrency K]`: plays the batches that `simulate`,
 * `sweep` and `tournament` put on a Redis queue (`--queue`), K at a time in worker threads, on
 * this machine; start one on every machine that should help. Idle while there is nothing to do.
 * Ctrl-C (or SIGTERM) finishes the batches in play and exits; a second one gives them back to the
 * queue at once.
 */
import { parseArgs } from 'node:util';
import { GabataError } from '@gabata/engine/core';
import { packageVersion } from '../sim/queue/redis.js';
import { QueueWorker } from '../sim/queue/worker.js';
import { DEFAULT_WORKERS, EXIT_OK, fail, MAX_WORKERS, parseWorkers } from './args.js';

const HELP = `usage: gabata worker --queue redis://HOST:PORT [--concurrency K] [--quiet]

Plays the matches that 'gabata simulate', 'sweep' and 'tournament' put on the Redis queue at
--queue (they were given the same --queue), K batches at a time in K worker threads
(default one per core, here ${DEFAULT_WORKERS}; at most ${MAX_WORKERS}).
Start one worker on every machine that should help; they share the work through Redis and
wait while there is nothing to do. A worker plays only tasks of its own gabata version
(others are refused with ERR_VERSION). See docs/queue.md.
Ctrl-C or SIGTERM finishes the batches in play, then exits; a second Ctrl-C gives them back to
the queue (another worker plays them) and exits at once. --quiet prints only errors.
Keep Redis on a private network: anyone who can reach it can give this worker work.`;

export async function run(args: string[]): Promise<number> {
  let v: Record<string, string | boolean | undefined>;
  try {
    v = parseArgs({
      args,
      options: {
        queue: { type: 'string' },
        concurrency: { type: 'string' },
        quiet: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
      allowPositionals: false,
      strict: true,
    }).values;
  } catch (e) {
    return fail('worker', new GabataError('ERR_ARGUMENT', (e as Error).message), HELP);
  }
  if (v['help']) {
    process.stdout.write(HELP + '\n');
    return EXIT_OK;
  }
  const url = v['queue'];
  if (typeof url !== 'string')
    return fail('worker', new GabataError('ERR_ARGUMENT', 'give the queue: --queue redis://HOST:PORT', '--queue'), HELP);
  const k = parseWorkers(v['concurrency'] as string | undefined);
  if (!k.ok) return fail('worker', new GabataError('ERR_ARGUMENT', k.error.message.replace(/--workers/g, '--concurrency')), HELP);
  const concurrency = Math.max(1, k.value);
  const log = v['quiet'] ? () => {} : (line: string) => process.stderr.write(`gabata worker: ${line}\n`);
  let worker: QueueWorker;
  try {
    worker = await QueueWorker.start({ url, concurrency, log });
  } catch (e) {
    return fail('worker', e as GabataError);
  }
  const threads = `${concurrency} thread${concurrency === 1 ? '' : 's'}`;
  log(`gabata ${packageVersion()}, ${threads}, waiting for work on ${url.replace(/\/\/[^@/]*@/, '//')}`);
  let signals = 0;
  const onSignal = (name: string): void => {
    signals++;
    if (signals === 1) {
      log(`${name}: finishing the batches in play (${name === 'SIGINT' ? 'Ctrl-C' : name} again gives them back to the queue)`);
      void worker.stop(false);
    } else {
      log(`${name}: giving the batches in play back to the queue`);
      void worker.stop(true);
    }
  };
  const onInt = (): void => onSignal('SIGINT');
  const onTerm = (): void => onSignal('SIGTERM');
  process.on('SIGINT', onInt);
  process.on('SIGTERM', onTerm);
  try {
    await worker.done;
  } catch (e) {
    await worker.stop(true).catch(() => {});
    setTimeout(() => process.exit(process.exitCode ?? 1), 2_000).unref();
    return fail('worker', e as GabataError);
  } finally {
    process.off('SIGINT', onInt);
    process.off('SIGTERM', onTerm);
  }
  // Everything is closed; should a connection linger, it must not keep a stopped worker alive.
  setTimeout(() => process.exit(process.exitCode ?? EXIT_OK), 2_000).unref();
  const t = worker.tally;
  log(`stopped: ${t.batches} batches, ${t.matches} matches played${t.refused ? `, ${t.refused} refused` : ''}`);
  return EXIT_OK;
}

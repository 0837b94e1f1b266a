#!/usr/bin/env node
/**
 * The queue's scaling, measured (issue 25; docs/queue.md): a Redis of its own on a free port, then
 * for each repetition (the order of 1 and 2 workers alternating) a queued simulation with 1 and
 * with 2 `gabata worker` processes, the load average printed beside each; medians at the end. Then
 * the per-job cost: the same run of near-instant matches (random agents, a match a job), whose
 * seconds are all coordination. Prints JSON last. Run `npm run build` first.
 *
 *   node scripts/queue-bench.mjs [--reps 3] [--games 24] [--batch 2] [--agents mcts:iterations=1000]
 *     [--ruleset abalalae] [--cheap-games 200]
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const MAIN = fileURLToPath(new URL('../dist/cli/main.js', import.meta.url));
const { values: v } = parseArgs({
  options: {
    reps: { type: 'string', default: '3' },
    games: { type: 'string', default: '24' },
    batch: { type: 'string', default: '2' },
    agents: { type: 'string', default: 'mcts:iterations=1000' },
    ruleset: { type: 'string', default: 'abalalae' },
    'cheap-games': { type: 'string', default: '200' },
  },
});
const reps = Number(v.reps);

const freePort = () =>
  new Promise((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const load = () =>
  loadavg()
    .map((x) => x.toFixed(2))
    .join(' ');
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

function run(args) {
  return new Promise((resolve, reject) => {
    const p = spawn(process.execPath, [MAIN, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    p.stdout.on('data', (d) => (out += d));
    p.stderr.on('data', (d) => (err += d));
    p.on('exit', (code) => (code === 0 ? resolve(JSON.parse(out)) : reject(new Error(`exit ${code}: ${err}`))));
  });
}

async function workers(url, k) {
  const ps = [];
  for (let i = 0; i < k; i++) {
    const p = spawn(process.execPath, [MAIN, 'worker', '--queue', url, '--concurrency', '1'], { stdio: ['ignore', 'ignore', 'pipe'] });
    let log = '';
    p.stderr.on('data', (d) => (log += d));
    ps.push({ p, log: () => log });
  }
  const t0 = Date.now();
  while (!ps.every((w) => /waiting for work/.test(w.log()))) {
    if (Date.now() - t0 > 30_000) throw new Error('workers not ready');
    await sleep(50);
  }
  return ps;
}

async function stop(ps) {
  await Promise.all(
    ps.map(
      (w) =>
        new Promise((r) => {
          w.p.once('exit', r);
          w.p.kill('SIGTERM');
        }),
    ),
  );
}

/** Seconds of one queued run with `k` workers (the coordinator's own measure: first batch queued to last result). */
async function timed(url, k, args) {
  const ps = await workers(url, k);
  const before = load();
  try {
    const r = await run([...args, '--queue', url, '--json']);
    return { k, seconds: r.seconds, games: r.games, load: before };
  } finally {
    await stop(ps);
  }
}

const dir = mkdtempSync(join(tmpdir(), 'gabata-qbench-'));
const port = await freePort();
const redis = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir], {
  stdio: 'ignore',
});
const url = `redis://127.0.0.1:${port}`;
await sleep(500);
try {
  const heavy = ['simulate', v.ruleset, '--option', 'rounds=1', '--agents', v.agents, '--games', v.games, '--batch', v.batch];
  const rows = [];
  for (let r = 0; r < reps; r++) {
    for (const k of r % 2 === 0 ? [1, 2] : [2, 1]) {
      const row = await timed(url, k, [...heavy, '--seed', String(r + 1)]);
      rows.push(row);
      console.log(
        `rep ${r + 1} workers ${k}: ${row.seconds.toFixed(2)} s, ${(row.games / row.seconds).toFixed(3)} matches/s (load ${row.load})`,
      );
    }
  }
  const m1 = median(rows.filter((x) => x.k === 1).map((x) => x.seconds));
  const m2 = median(rows.filter((x) => x.k === 2).map((x) => x.seconds));
  console.log(`median seconds: 1 worker ${m1.toFixed(2)}, 2 workers ${m2.toFixed(2)}; speed-up ${(m1 / m2).toFixed(2)}x`);
  // Per-job cost: matches that take microseconds, one a job; a local run of the same for the matches' own time.
  const cheapGames = v['cheap-games'];
  const cheap = ['simulate', 'gifia', '--option', 'rounds=1', '--agents', 'random', '--games', cheapGames, '--batch', '1'];
  const c1 = await timed(url, 1, cheap);
  const local = await run([...cheap, '--workers', '0', '--json']);
  const perJobMs = ((c1.seconds - local.seconds) / Number(cheapGames)) * 1000;
  console.log(
    `per job: ${perJobMs.toFixed(2)} ms of coordination (${cheapGames} one-match jobs: ${c1.seconds.toFixed(2)} s queued, ` +
      `${local.seconds.toFixed(2)} s played locally; load ${c1.load})`,
  );
  const jobs = Math.ceil(Number(v.games) / Number(v.batch));
  console.log(
    JSON.stringify({
      rows,
      median1: m1,
      median2: m2,
      speedup: m1 / m2,
      perJobMs,
      jobs,
      load: load(),
      agents: v.agents,
      ruleset: v.ruleset,
    }),
  );
} finally {
  redis.kill('SIGTERM');
  await sleep(200);
  rmSync(dir, { recursive: true, force: true });
}

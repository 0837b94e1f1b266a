#!/usr/bin/env node
/**
 * `npm run loadtest -- [--games N] [--duration S] [--pace full|human] [--kill] [--json] ...`
 * (`--help` for all): the real server under N concurrent two-player online games on 127.0.0.1,
 * reported as ONE JSON line (moves/s, latency percentiles, errors, the server's peak memory; with
 * --kill, moves lost). A run needing more sockets than a process may open is refused at once.
 * `--pool N` is the lobby's run instead (loadtest/pairing.mjs): N players join quick-pairing pools
 * at once and play short games; the JSON line has their waits from joining to being paired.
 *
 * The server is a child process on a temporary SQLite file; the temporary folder and every child
 * process are removed on exit, on an error and on Ctrl-C. A crash run (--kill) SIGKILLs the
 * server mid-load, starts it again on the same file and port, lets the clients reconnect
 * (`hello` with `since`) and play on, then reads every game back through the API to check that
 * each move acknowledged before the kill is there.
 */
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs, usage } from './loadtest/args.mjs';
import { Api } from './loadtest/http.mjs';
import { fdLimit, fdNeed, fdShortfall } from './loadtest/limits.mjs';
import { formatProfile, summariseProfile } from './loadtest/profile.mjs';
import { killAllChildren, killAllChildrenAndWait, startServer } from './loadtest/server.mjs';
import { Histogram, round1 } from './loadtest/stats.mjs';

let tempDir = null;
/** Set on Ctrl-C (or another signal): what then fails (a request to the killed server) is not reported. */
let interrupted = false;

function cleanup() {
  killAllChildren();
  if (tempDir) rmSync(tempDir, { recursive: true, force: true });
  tempDir = null;
}

process.on('exit', cleanup);
for (const [signal, n] of [
  ['SIGINT', 2],
  ['SIGTERM', 15],
  ['SIGHUP', 1],
]) {
  process.on(signal, () => {
    interrupted = true;
    void killAllChildrenAndWait().then(() => {
      cleanup();
      process.stderr.write(`loadtest: ${signal}: stopped; server and temporary files removed\n`);
      process.exit(128 + n);
    });
  });
}

const monotonicUs = () => Number(process.hrtime.bigint() / 1000n);
const round2 = (x) => Math.round(x * 100) / 100;
const sleep = (ms) => new Promise((r) => setTimeout(r, Math.max(0, ms)));

async function makePools(opts, port) {
  const per = Math.floor(opts.games / opts.clients);
  const configs = [];
  for (let k = 0, first = 0; k < opts.clients; k++) {
    const games = per + (k < opts.games % opts.clients ? 1 : 0);
    configs.push({ port, games, firstIndex: first, ruleset: opts.ruleset, options: opts.options, seed: opts.seed });
    // Handshakes in flight over all client processes: the server's accept queue holds 511.
    const handshakes = Math.max(16, Math.floor(256 / opts.clients));
    Object.assign(configs[k], { think: opts.think, paced: opts.pace === 'rate', kill: opts.kill, handshakes });
    first += games;
  }
  if (opts.clients === 1) {
    const { Pool } = await import('./loadtest/pool.mjs');
    return [new Pool(configs[0])];
  }
  const { RemotePool } = await import('./loadtest/remote.mjs');
  return configs.map((c) => new RemotePool(c));
}

/** Every `everyMs`, one progress line on stderr (moves so far and the rate since the last line). */
function progressLoop(pools, log, everyMs = 2000) {
  let last = 0;
  let lastAt = performance.now();
  const timer = setInterval(async () => {
    const ps = await Promise.all(pools.map((p) => p.progress())).catch(() => null);
    if (!ps) return;
    const moves = ps.reduce((a, p) => a + p.moves, 0);
    const errors = ps.reduce((a, p) => a + p.errors, 0);
    const now = performance.now();
    log(`${moves} moves, ${Math.round(((moves - last) * 1000) / (now - lastAt))} moves/s, ${errors} errors`);
    last = moves;
    lastAt = now;
  }, everyMs);
  return () => clearInterval(timer);
}

/** SIGKILL the server, tell the clients, start it again on the same db and port. */
async function crash(server, pools, db, opts, log) {
  const killedAt = Date.now();
  const rssMB = server.peakRssMB();
  const dead = server.kill();
  for (const p of pools) p.markKilled();
  await dead;
  log(`server killed (SIGKILL) at ${opts.killAt} s; restarting on port ${server.port}`);
  let lastError = null;
  for (let attempt = 0; attempt < 20; attempt++) {
    try {
      const next = await startServer({
        port: server.port,
        db,
        serverArgs: opts.serverArgs,
        profileDir: opts.profile ? resolve(opts.profile) : null,
      });
      return { server: next, killedAt, restartedAt: Date.now(), rssMB };
    } catch (e) {
      lastError = e; // the port may still be held for a moment
      await sleep(250);
    }
  }
  throw lastError;
}

/** Reads every game with moves acknowledged before the kill; counts those present with the same code. */
async function verifyAcked(port, acked) {
  const byGame = new Map();
  for (const [id, ply, code] of acked) {
    if (!byGame.has(id)) byGame.set(id, []);
    byGame.get(id).push([ply, code]);
  }
  const api = new Api(port);
  const ids = [...byGame.keys()];
  let found = 0;
  const missing = [];
  const reader = async () => {
    while (ids.length > 0) {
      const id = ids.pop();
      const { game } = await api.call('GET', `/api/games/${id}`);
      const moves = Array.isArray(game?.moves) ? game.moves : [];
      for (const [ply, code] of byGame.get(id)) {
        const m = moves[ply]?.ply === ply ? moves[ply] : moves.find((x) => x.ply === ply);
        if (m && !m.joint && m.codes?.[0] === code) found++;
        else if (missing.length < 5) missing.push(`game ${id} ply ${ply} (code ${code})`);
      }
    }
  };
  await Promise.all(Array.from({ length: 32 }, reader));
  return { found, missing };
}

function summarise(opts, stats, setupSeconds) {
  const hist = new Histogram();
  for (const s of stats) hist.merge(s.hist);
  const sum = (k) => stats.reduce((a, s) => a + s[k], 0);
  const seconds = Math.max(...stats.map((s) => s.seconds));
  const errorCodes = {};
  for (const s of stats) for (const [c, n] of Object.entries(s.errorCodes)) errorCodes[c] = (errorCodes[c] ?? 0) + n;
  const moves = sum('moves');
  return {
    games: opts.games,
    sockets: 2 * opts.games,
    moves,
    movesPerSecond: round1(moves / seconds),
    p50Ms: round1(hist.quantile(0.5)),
    p90Ms: round1(hist.quantile(0.9)),
    p99Ms: round1(hist.quantile(0.99)),
    maxMs: round1(hist.n ? hist.max : null),
    latencySamples: hist.n,
    receivedMB: round1(sum('bytesIn') / 1e6),
    errors: sum('errors'),
    errorCodes,
    seconds: round1(seconds),
    setupSeconds: round1(setupSeconds),
    pace: opts.pace,
    rate: opts.rate,
    thinkMs: opts.think,
    ruleset: opts.ruleset,
    seed: opts.seed,
    clients: opts.clients,
    reconnects: sum('reconnects'),
    rateLimited: sum('rateLimited'),
    gamesFinished: sum('gamesFinished'),
    clientRssMB: Math.max(...stats.map((s) => s.rssMB ?? 0)),
    machineCores: cpus().length,
    machineMemGB: round1(totalmem() / 2 ** 30),
  };
}

/** Null when the server may hold `players` players' sockets; else what is short. */
function poolShortfall(players, limit) {
  if (limit === null || fdNeed(players, 1) <= limit.soft) return null;
  const most = 2 * Math.floor((limit.soft - fdNeed(0, 1)) / 4);
  return (
    `--pool ${players} needs about ${fdNeed(players, 1)} open files in the server, but a process here may open ` +
    `${limit.soft} (ulimit -n): raise it or run --pool ${most} or fewer`
  );
}

/** Milliseconds the setup may take: creating, joining and welcoming every game. */
const setupLimitMs = (games) => 30_000 + 60 * games;

/** The newest CPU profile in `dir`, summarised on stderr (where the server spent its time). */
function reportProfile(dir, exit, window) {
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.cpuprofile'))
    .map((f) => join(dir, f))
    .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs);
  if (files.length === 0) {
    process.stderr.write(`loadtest: no CPU profile in ${dir} (the server exited by ${exit.signal ?? `status ${exit.code}`})\n`);
    return;
  }
  const lines = formatProfile(summariseProfile(files[0], 20, window));
  process.stderr.write(`loadtest: server profile ${files[0]} (the play only)\n${lines.join('\n')}\n`);
}

async function run(opts, log) {
  tempDir = mkdtempSync(join(tmpdir(), 'gabata-loadtest-'));
  const db = join(tempDir, 'load.db');
  const profileDir = opts.profile ? resolve(opts.profile) : null;
  if (profileDir) mkdirSync(profileDir, { recursive: true });
  let server = await startServer({ port: opts.port, db, serverArgs: opts.serverArgs, profileDir });
  log(`server (pid ${server.pid}) serving on 127.0.0.1:${server.port}; ${opts.games} games, ${opts.clients} client process(es)`);
  const pools = await makePools(opts, server.port);
  const t0 = performance.now();
  await Promise.all(pools.map((p) => p.setup(setupLimitMs(opts.games))));
  const setupSeconds = (performance.now() - t0) / 1000;
  log(`${2 * opts.games} sockets welcomed in ${setupSeconds.toFixed(1)} s; playing for ${opts.duration} s (${opts.pace})`);
  const stopProgress = opts.json ? () => {} : progressLoop(pools, log);
  const startedAt = Date.now();
  const playFromUs = monotonicUs();
  const serverCpuAtStart = server.cpuSeconds();
  for (const p of pools) p.start();
  let crashed = null;
  if (opts.kill) {
    await sleep(opts.killAt * 1000);
    crashed = await crash(server, pools, db, opts, log);
    server = crashed.server;
  }
  await sleep(startedAt + opts.duration * 1000 - Date.now());
  stopProgress();
  const playToUs = monotonicUs();
  const serverCpu = crashed ? null : server.cpuSeconds();
  const serverRss = [crashed?.rssMB ?? null, server.peakRssMB()].filter((x) => x !== null);
  await Promise.all(pools.map((p) => p.stop()));
  const stats = pools.map((p) => p.stats());
  const result = summarise(opts, stats, setupSeconds);
  // Cores busy during the play (1 = one core all the time): the client must not be the bottleneck.
  result.clientCores = round2(stats.reduce((a, s) => a + s.cpuSeconds, 0) / result.seconds);
  result.serverCores = serverCpu === null || serverCpuAtStart === null ? null : round2((serverCpu - serverCpuAtStart) / result.seconds);
  // The peak of the server's resident memory over the run (of either instance in a crash run).
  result.serverRssMB = serverRss.length > 0 ? Math.max(...serverRss) : null;
  if (crashed) {
    const acked = stats.flatMap((s) => s.ackedBefore);
    const { found, missing } = await verifyAcked(server.port, acked);
    const recovered = stats.map((s) => s.recoveredAt);
    Object.assign(result, {
      acknowledged: acked.length,
      found,
      lost: acked.length - found,
      movesAfterRestart: stats.reduce((a, s) => a + s.ackedAfter, 0),
      killAtSeconds: opts.killAt,
      downMs: crashed.restartedAt - crashed.killedAt,
      recoverMs: recovered.includes(null) ? null : Math.max(...recovered) - crashed.killedAt,
    });
    for (const m of missing) process.stderr.write(`loadtest: lost: ${m}\n`);
    if (result.movesAfterRestart === 0) {
      process.stderr.write('loadtest: no move was played after the restart (the clients did not get back in time?)\n');
    }
  }
  const samples = stats.flatMap((s) => s.errorSamples).slice(0, 5);
  for (const s of samples) process.stderr.write(`loadtest: error: ${s}\n`);
  if (!server.running()) {
    // A crash nobody asked for: that is a failure of the run, whatever the clients saw.
    result.errors++;
    result.errorCodes.ERR_SERVER_EXITED = 1;
    process.stderr.write(`loadtest: the server exited during the run:\n${server.tail()}\n`);
  }
  const exit = await server.stop();
  if (profileDir) reportProfile(profileDir, exit, [playFromUs, playToUs]);
  return result;
}

/** A quick-pairing run (--pool N): the server, the players of loadtest/pairing.mjs, one result. */
async function runPool(opts, log) {
  tempDir = mkdtempSync(join(tmpdir(), 'gabata-loadtest-'));
  const profileDir = opts.profile ? resolve(opts.profile) : null;
  if (profileDir) mkdirSync(profileDir, { recursive: true });
  const server = await startServer({ port: opts.port, db: join(tempDir, 'load.db'), serverArgs: opts.serverArgs, profileDir });
  log(`server (pid ${server.pid}) serving on 127.0.0.1:${server.port}; ${opts.pool} players for the lobby's pools`);
  const { runPairing } = await import('./loadtest/pairing.mjs');
  const run = await runPairing({
    port: server.port,
    players: opts.pool,
    seed: opts.seed,
    log,
    serverCpuSeconds: () => server.cpuSeconds(),
  });
  const result = run.result;
  result.serverRssMB = server.peakRssMB();
  result.clientRssMB = Math.round(process.resourceUsage().maxRSS / 102.4) / 10;
  result.machineCores = cpus().length;
  result.machineMemGB = round1(totalmem() / 2 ** 30);
  for (const s of run.samples) process.stderr.write(`loadtest: error: ${s}\n`);
  if (!server.running()) {
    result.errors++;
    result.errorCodes.ERR_SERVER_EXITED = 1;
    process.stderr.write(`loadtest: the server exited during the run:\n${server.tail()}\n`);
  }
  const exit = await server.stop();
  if (profileDir) reportProfile(profileDir, exit, run.window);
  return result;
}

/** Milliseconds a quick-pairing run may take in all: sign-ups, hellos, pairing, games, checks. */
async function poolLimitMs(players) {
  const { setupLimitMs: setup, pairLimitMs, playLimitMs } = await import('./loadtest/pairing.mjs');
  return setup(players) + pairLimitMs(players) + playLimitMs(players) + 90_000;
}

async function main(argv) {
  let opts;
  try {
    opts = parseArgs(argv);
  } catch (e) {
    process.stderr.write(`loadtest: ${e.code ?? 'ERR_ARGUMENT'}: ${e.message}\n`);
    return 2;
  }
  if (opts.help) {
    process.stdout.write(usage() + '\n');
    return 0;
  }
  const limit = fdLimit();
  // A pairing run's player holds a lobby socket, then its game's: at most 2 per player, as a game's two seats.
  const short = opts.pool === null ? fdShortfall(opts.games, opts.clients, limit) : poolShortfall(opts.pool, limit);
  if (short) {
    process.stderr.write(`loadtest: ERR_FD_LIMIT: ${short}\n`);
    return 2;
  }
  const log = opts.json ? () => {} : (line) => process.stderr.write(`loadtest: ${line}\n`);
  // However the run goes, it ends: setup, play, verification and shutdown have this much time.
  const limitMs =
    opts.pool === null ? setupLimitMs(opts.games) + opts.duration * 1000 + 90_000 + 20 * opts.games : await poolLimitMs(opts.pool);
  const watchdog = setTimeout(() => {
    process.stderr.write(`loadtest: ERR_LOADTEST_TIMEOUT: the run took longer than ${Math.round(limitMs / 1000)} s; stopped\n`);
    void killAllChildrenAndWait().then(() => process.exit(1));
  }, limitMs);
  const result = opts.pool === null ? await run(opts, log) : await runPool(opts, log);
  clearTimeout(watchdog);
  process.stdout.write(JSON.stringify(result) + '\n');
  if (opts.pool !== null) return result.errors === 0 && result.paired === result.players ? 0 : 1;
  const recovered = !opts.kill || (result.lost === 0 && result.movesAfterRestart > 0);
  return result.errors === 0 && result.moves > 0 && recovered ? 0 : 1;
}

main(process.argv.slice(2)).then(
  (code) => interrupted || process.exit(code),
  (e) => {
    if (interrupted) return; // the signal's handler reports and exits
    process.stderr.write(`loadtest: ${e.code ?? 'ERR_LOADTEST'}: ${e.message}\n`);
    void killAllChildrenAndWait().then(() => process.exit(1));
  },
);

/**
 * The server under test as a child process: `node dist/cli/main.js serve --port P --db FILE` on
 * 127.0.0.1, its port read from the first line it prints. Every child started here is killed
 * when this process exits, however it exits (see `killAllChildren`).
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { LoadtestError } from './args.mjs';

export const MAIN_JS = fileURLToPath(new URL('../../dist/cli/main.js', import.meta.url));

const children = new Set();

/** Kills (SIGKILL) every child still running; synchronous, so it works in an 'exit' handler. */
export function killAllChildren() {
  for (const c of children) {
    if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  }
  children.clear();
}

/** Kills every child still running and resolves when they are gone (at most `capMs`). */
export function killAllChildrenAndWait(capMs = 3000) {
  const running = [...children].filter((c) => c.exitCode === null && c.signalCode === null);
  const gone = running.map((c) => new Promise((resolve) => c.once('exit', resolve)));
  killAllChildren();
  return Promise.race([Promise.all(gone), new Promise((resolve) => setTimeout(resolve, capMs))]);
}

/** Registers a child process started elsewhere (client workers) for `killAllChildren`. */
export function trackChild(child) {
  children.add(child);
  child.once('exit', () => children.delete(child));
}

/**
 * Starts the server and resolves when it serves: `{ port, pid, kill(), stop(), exited, tail(), peakRssMB() }`.
 * `tail()` is the last lines of its stderr (for error messages).
 */
export function startServer({ port, db, serverArgs = [], profileDir = null, startTimeoutMs = 30_000 }) {
  if (!existsSync(MAIN_JS)) {
    return Promise.reject(new LoadtestError('ERR_NOT_BUILT', `${MAIN_JS} is missing: run 'npm run build' (npm run loadtest does)`));
  }
  const node = profileDir ? ['--cpu-prof', '--cpu-prof-dir', profileDir] : [];
  const args = [...node, MAIN_JS, 'serve', '--host', '127.0.0.1', '--port', String(port), '--db', db, ...serverArgs];
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  trackChild(child);
  const errLines = [];
  const keep = (chunk) => {
    for (const line of chunk.toString('utf8').split('\n')) if (line.trim()) errLines.push(line);
    if (errLines.length > 40) errLines.splice(0, errLines.length - 40);
  };
  child.stderr.on('data', keep);
  const tail = () => errLines.slice(-12).join('\n');
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  return new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new LoadtestError('ERR_SERVER_START', `the server did not print its address within ${startTimeoutMs} ms\n${tail()}`));
    }, startTimeoutMs);
    const onData = (chunk) => {
      out += chunk.toString('utf8');
      const nl = out.indexOf('\n');
      if (nl < 0) return;
      const m = /http:\/\/127\.0\.0\.1:(\d+)/.exec(out.slice(0, nl));
      clearTimeout(timer);
      child.stdout.off('data', onData);
      child.stdout.resume(); // keep draining whatever it prints later
      if (!m) {
        child.kill('SIGKILL');
        reject(new LoadtestError('ERR_SERVER_START', `cannot read the port from the server's first line: ${out.slice(0, nl)}`));
        return;
      }
      resolve(handle(child, Number(m[1]), exited, tail));
    };
    child.stdout.on('data', onData);
    void exited.then(({ code, signal }) => {
      clearTimeout(timer);
      reject(new LoadtestError('ERR_SERVER_START', `the server exited (${signal ?? `status ${code}`}) before serving\n${tail()}`));
    });
  });
}

/** Peak resident memory of a process in kB (Linux /proc VmHWM: the high-water mark since it started), or null. */
function readPeakKb(pid) {
  try {
    const m = /^VmHWM:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) : null;
  } catch {
    return null;
  }
}

function handle(child, port, exited, tail) {
  // VmHWM is already a peak; sampling it each second keeps the last one seen should the process die unasked.
  let peakKb = null;
  const sample = () => {
    const kb = readPeakKb(child.pid);
    if (kb !== null) peakKb = Math.max(peakKb ?? 0, kb);
  };
  const watch = setInterval(sample, 1000);
  watch.unref();
  void exited.then(() => clearInterval(watch));
  return {
    port,
    pid: child.pid,
    exited,
    tail,
    /** The server's peak resident memory so far, in MB (null where /proc is not there). */
    peakRssMB() {
      if (child.exitCode === null && child.signalCode === null) sample();
      return peakKb === null ? null : Math.round(peakKb / 102.4) / 10;
    },
    /** True while the process runs. */
    running() {
      return child.exitCode === null && child.signalCode === null;
    },
    /** CPU seconds the server has used so far (Linux /proc; null elsewhere). */
    cpuSeconds() {
      try {
        const stat = readFileSync(`/proc/${child.pid}/stat`, 'utf8');
        const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        return (Number(fields[11]) + Number(fields[12])) / 100; // utime + stime, in ticks of 1/100 s
      } catch {
        return null;
      }
    },
    /** SIGKILL: a crash, nothing flushed by the process itself. */
    kill() {
      sample();
      child.kill('SIGKILL');
      return exited;
    },
    /** SIGTERM, then SIGKILL after `graceMs` (a CPU profile is written on a clean exit). */
    async stop(graceMs = 10_000) {
      if (child.exitCode !== null || child.signalCode !== null) return exited;
      sample();
      child.kill('SIGTERM');
      const t = setTimeout(() => child.kill('SIGKILL'), graceMs);
      const r = await exited;
      clearTimeout(t);
      return r;
    },
  };
}

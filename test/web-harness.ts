/**
 * Shared by the server and browser tests: builds what they need, starts the real server
 * (`node dist/cli/main.js serve`) on a free port with a SQLite file in a temp folder, and stops
 * it. The server prints its address; port 0 lets the OS choose a free one.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Builds the web bundle (esbuild, about a second) and, if missing, the compiled server. `npm test`
 * runs the full build first, so under it this only refreshes the web bundle.
 */
export function ensureBuilt(): void {
  if (!existsSync(path.join(ROOT, 'dist/cli/serve.js')) || !existsSync(path.join(ROOT, 'dist/server/app.js'))) {
    const tsc = spawnSync(process.execPath, [path.join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.json'], {
      cwd: ROOT,
      encoding: 'utf8',
    });
    if (tsc.status !== 0 && !existsSync(path.join(ROOT, 'dist/cli/serve.js'))) throw new Error(`tsc failed:\n${tsc.stdout}${tsc.stderr}`);
  }
  const web = spawnSync(process.execPath, [path.join(ROOT, 'scripts/build-web.mjs')], { cwd: ROOT, encoding: 'utf8' });
  if (web.status !== 0) throw new Error(`web build failed:\n${web.stdout}${web.stderr}`);
}

export function tempDir(prefix: string): string {
  return mkdtempSync(path.join(tmpdir(), prefix));
}

export interface RunningServer {
  url: string;
  proc: ChildProcess;
  /** Stops the server (SIGTERM, or SIGKILL to simulate a crash) and waits for it to exit. */
  stop(signal?: NodeJS.Signals): Promise<void>;
}

export function startServer(db: string): Promise<RunningServer> {
  const proc = spawn(process.execPath, [path.join(ROOT, 'dist/cli/main.js'), 'serve', '--port', '0', '--host', '127.0.0.1', '--db', db], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let errText = '';
  proc.stderr!.on('data', (d: Buffer) => (errText += d.toString()));
  const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start: ${out}${errText}`)), 20_000);
    proc.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /serving (http:\/\/127\.0\.0\.1:\d+)\//.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve({
          url: m[1]!,
          proc,
          stop: async (signal: NodeJS.Signals = 'SIGTERM') => {
            if (proc.exitCode === null && proc.signalCode === null) proc.kill(signal);
            await exited;
          },
        });
      }
    });
    proc.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}: ${out}${errText}`));
    });
  });
}

export interface Reply {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: a reply body of any route, read by tests that know its shape
  body: any;
}

export async function request(base: string, method: string, p: string, body?: unknown, raw?: string): Promise<Reply> {
  const init: RequestInit = { method };
  if (raw !== undefined) init.body = raw;
  else if (body !== undefined) init.body = JSON.stringify(body);
  if (init.body !== undefined) init.headers = { 'content-type': 'application/json' };
  const res = await fetch(base + p, init);
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    /* not JSON */
  }
  return { status: res.status, body: parsed };
}

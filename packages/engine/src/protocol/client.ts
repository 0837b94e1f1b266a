/**
 * The client side of the engine protocol: runs an external engine as a subprocess and asks it for
 * moves. `tournament --engine NAME=COMMAND` plays engines through this.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';

export class EngineProcess {
  private readonly child: ChildProcess;
  private readonly lines: string[] = [];
  private waiter: (() => void) | null = null;
  private exited = false;
  /** What the engine said about itself (`id name ...`). */
  id = '';

  private constructor(readonly command: string) {
    this.child = spawn(command, { shell: true, stdio: ['pipe', 'pipe', 'inherit'] });
    const rl = createInterface({ input: this.child.stdout!, crlfDelay: Infinity, terminal: false });
    rl.on('line', (l) => {
      this.lines.push(l);
      this.waiter?.();
    });
    this.child.on('exit', () => {
      this.exited = true;
      this.waiter?.();
    });
    this.child.on('error', () => {
      this.exited = true;
      this.waiter?.();
    });
    this.child.stdin!.on('error', () => {
      this.exited = true;
    });
  }

  /** Starts the engine and waits for its handshake (`gabata` ... `gabataok`). */
  static async start(command: string, timeoutMs = 20_000): Promise<EngineProcess> {
    const e = new EngineProcess(command);
    e.send('gabata');
    const lines = await e.until((l) => l === 'gabataok', timeoutMs);
    e.id = lines.find((l) => l.startsWith('id name '))?.slice(8) ?? '';
    return e;
  }

  send(line: string): void {
    if (!this.exited) this.child.stdin!.write(line + '\n');
  }

  /** Reads lines until one satisfies `done` (returned with those before it); rejects on an error line, exit or timeout. */
  async until(done: (line: string) => boolean, timeoutMs: number): Promise<string[]> {
    const seen: string[] = [];
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      while (this.lines.length > 0) {
        const l = this.lines.shift()!;
        seen.push(l);
        if (l.startsWith('error ')) throw new Error(`engine '${this.command}': ${l}`);
        if (done(l)) return seen;
      }
      if (this.exited) throw new Error(`engine '${this.command}' exited`);
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`engine '${this.command}' did not answer within ${timeoutMs} ms`);
      await new Promise<void>((resolve) => {
        const t = setTimeout(resolve, left);
        this.waiter = () => {
          clearTimeout(t);
          resolve();
        };
      });
      this.waiter = null;
    }
  }

  /** Starts a match: `newgame`, then waits for `readyok`. */
  async newGame(ruleset: string, options: Record<string, unknown>, seed: number): Promise<void> {
    const pairs = Object.entries(options).map(([k, v]) => `${k}=${String(v)}`);
    this.send(`newgame ${ruleset} seed=${seed} ${pairs.join(' ')}`.trimEnd());
    this.send('isready');
    await this.until((l) => l === 'readyok', 20_000);
  }

  /** The engine's move text after the given moves from the start (`player` at a simultaneous node). */
  async bestMove(moves: readonly string[], go: string, player?: number, timeoutMs = 600_000): Promise<string> {
    this.send(`position startpos${moves.length ? ` moves ${moves.join(' ')}` : ''}`);
    this.send(`go${player !== undefined ? ` player ${player}` : ''}${go ? ` ${go}` : ''}`);
    const lines = await this.until((l) => l.startsWith('bestmove '), timeoutMs);
    return lines[lines.length - 1]!.slice('bestmove '.length).trim();
  }

  async quit(): Promise<void> {
    if (this.exited) return;
    this.send('quit');
    const t = setTimeout(() => this.child.kill(), 2000);
    await new Promise<void>((r) => {
      if (this.exited) r();
      else this.child.once('exit', () => r());
    });
    clearTimeout(t);
  }
}

import { asGabataError, type GabataError } from '@gabata/engine/core';
import type { BatchSpec, MatchOutcome } from '../sim/batch.js';
import type { BatchRunner } from '../sim/runner.js';

/**
 * A progress bar with an estimate of the time left, on stderr. On a terminal it redraws one
 * line; otherwise it writes a line at every tenth of the work (logs stay short).
 */
export class Progress {
  private readonly start = performance.now();
  private last = 0;
  private lastDecile = 0;
  private readonly tty = process.stderr.isTTY === true;

  constructor(
    private readonly total: number,
    private readonly unit: string,
    private readonly quiet = false,
  ) {}

  tick(done: number): void {
    if (this.quiet || this.total === 0) return;
    const t = performance.now();
    const decile = Math.floor((10 * done) / this.total);
    if (this.tty ? t - this.last < 100 && done < this.total : decile === this.lastDecile) return;
    this.last = t;
    this.lastDecile = decile;
    const secs = (t - this.start) / 1000;
    const rate = done / Math.max(1e-9, secs);
    const left = rate > 0 ? (this.total - done) / rate : 0;
    const width = 30;
    const fill = Math.round((width * done) / this.total);
    const line =
      `[${'#'.repeat(fill)}${'.'.repeat(width - fill)}] ${done}/${this.total} ${this.unit} ` +
      `${rate.toFixed(rate < 10 ? 2 : 0)}/s, ${clock(left)} left`;
    process.stderr.write(this.tty ? `\r${line}` : `${line}\n`);
  }

  end(): void {
    if (this.tty && !this.quiet) process.stderr.write('\n');
  }
}

function clock(secs: number): string {
  const s = Math.round(secs);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const r = s % 60;
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${String(r).padStart(2, '0')}` : `${m}:${String(r).padStart(2, '0')}`;
}

/**
 * Plays the batches on the runner until they are done or Ctrl-C stops it (the matches finished by
 * then have been reported), then ends the progress bar and closes the runner.
 */
export async function runBatches(
  runner: BatchRunner,
  batches: readonly BatchSpec[],
  onBatch: (spec: BatchSpec, matches: MatchOutcome[]) => void,
  progress: Progress,
): Promise<{ interrupted: boolean; failure: GabataError | null }> {
  const end = { interrupted: false, failure: null as GabataError | null };
  const onSigint = (): void => {
    end.interrupted = true;
    void runner.stop();
  };
  process.on('SIGINT', onSigint);
  try {
    await runner.run(batches, onBatch);
  } catch (e) {
    end.failure = asGabataError(e);
  } finally {
    progress.end();
    process.off('SIGINT', onSigint);
    await runner.close();
  }
  return end;
}

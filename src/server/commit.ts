/**
 * Group commit: every write made during one turn of the event loop goes to SQLite in ONE
 * transaction, committed at the end of the turn (setImmediate). A commit is the costly part of a
 * write, so under load a few hundred moves share one instead of paying one each.
 *
 * What depends on a write being on disk waits for its batch: a write's `done` hook (the broadcast
 * of a move) runs after the commit, and `track` / `trackThen` tell the caller of an action once
 * it has committed (the socket's ack, the HTTP reply). In-memory state may run ahead (the next
 * message of the same turn sees the new ply), so if a batch fails, every write's `failed` hook
 * runs (the API drops its game from memory, to be reloaded from the store) and every caller gets
 * an error instead of an answer: nothing is answered or broadcast that is not stored.
 */
import { guard, logFailure } from './failures.js';
import { HttpError } from './http.js';

/** One write of a batch. */
export interface Write {
  /** The statements, run inside the batch's transaction; a throw fails the whole batch. */
  run(): void;
  /** After the batch has committed (in the order the writes were queued). */
  done?(): void;
  /** The batch did not commit: what memory holds and the disk does not must go. */
  failed?(): void;
}

/** Told once a batch has ended: null when it committed, else the refusal its callers get. */
type Ended = (error: HttpError | null) => void;

class Batch {
  readonly writes: Write[] = [];
  /** Undefined while open; then null (committed) or the refusal. */
  outcome: HttpError | null | undefined = undefined;
  private readonly waiters: Ended[] = [];

  /** Calls `then` once the batch has ended (at once if it has). */
  whenEnded(then: Ended): void {
    if (this.outcome === undefined) this.waiters.push(then);
    else then(this.outcome);
  }

  end(outcome: HttpError | null): void {
    this.outcome = outcome;
    for (const w of this.waiters) {
      try {
        w(outcome);
      } catch (e) {
        logFailure('after a commit', e);
      }
    }
    this.waiters.length = 0;
  }
}

const NOT_SAVED = 'the change could not be saved, so nothing of it was kept: catch up and try again';

export class GroupCommit {
  private open: Batch | null = null;
  /** The batches written to while `trackThen` runs its function (null outside it), each once, in order. */
  private touched: Batch[] | null = null;

  /**
   * `transact` runs the writes in one transaction (and rolls it back if one throws);
   * `schedule` runs the commit at the end of the turn.
   */
  constructor(
    private readonly transact: (writes: readonly Write[]) => void,
    private readonly schedule: (commit: () => void) => void = (commit) => void setImmediate(commit),
  ) {}

  /** True while writes wait for their commit. */
  get pending(): boolean {
    return this.open !== null;
  }

  /** Adds a write to this turn's batch (opening it, and scheduling its commit, if it is the first). */
  queue(w: Write): void {
    let b = this.open;
    if (b === null) {
      const opened = new Batch();
      b = opened;
      this.open = opened;
      this.schedule(() => {
        if (this.open === opened) this.flush();
      });
    }
    b.writes.push(w);
    const t = this.touched;
    if (t !== null && t[t.length - 1] !== b) t.push(b);
  }

  /**
   * Runs `fn` now and returns its value; `then` is called once every write `fn` queued has
   * committed (null; at once if it queued none) or one's batch failed (the refusal). Callbacks,
   * not promises: a socket's ack then costs nothing that outlives the turn but the callback. A
   * throw of `fn` is rethrown and `then` is never called; what it queued before still commits.
   */
  trackThen<T>(fn: () => T, then: Ended): T {
    const outer = this.touched;
    const mine: Batch[] = [];
    this.touched = mine;
    let value: T;
    try {
      value = fn();
    } finally {
      this.touched = outer;
      if (outer) for (const b of mine) if (outer[outer.length - 1] !== b) outer.push(b);
    }
    if (mine.length === 0) then(null);
    else if (mine.length === 1) mine[0]!.whenEnded(then);
    else {
      let left = mine.length;
      let first: HttpError | null = null;
      for (const b of mine) {
        b.whenEnded((e) => {
          first ??= e;
          if (--left === 0) then(first);
        });
      }
    }
    return value;
  }

  /** As `trackThen`, with a promise (`saved`) that resolves after the commit and rejects with an HttpError if it failed. */
  track<T>(fn: () => T): { value: T; saved: Promise<void> } {
    let settle: Ended = () => {};
    const saved = new Promise<void>((resolve, reject) => {
      settle = (e) => (e === null ? resolve() : reject(e));
    });
    // Marked handled: a caller that drops it must not make a failed batch an unhandled rejection (a crash).
    saved.catch(() => {});
    const value = this.trackThen(fn, (e) => settle(e));
    return { value, saved };
  }

  /**
   * Commits the open batch now (a read that must see this turn's writes, a shutdown). The batch
   * is taken first, so a hook that writes opens the next one.
   */
  flush(): void {
    const b = this.open;
    if (b === null) return;
    this.open = null;
    try {
      this.transact(b.writes);
    } catch (e) {
      logFailure(`the group commit: a batch of ${b.writes.length} writes was not saved`, e);
      for (const w of b.writes) if (w.failed) guard('the group commit: dropping what was not saved', w.failed);
      // A refusal the store made (its file is damaged: 503 ERR_STORE) is passed on; anything else is ours.
      b.end(e instanceof HttpError ? e : new HttpError(500, 'ERR_INTERNAL', NOT_SAVED));
      return;
    }
    // Stored is stored: a hook's failure (a broadcast) must not stop the others.
    for (const w of b.writes) if (w.done) guard('after a commit', w.done);
    b.end(null);
  }
}

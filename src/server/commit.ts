/**
 * Group commit: every write made during one turn of the event loop goes to SQLite in ONE
 * transaction, committed at the end of the turn (setImmediate). A commit is the costly part of a
 * write, so under load a few hundred moves share one instead of paying one each.
 *
 * What depends on a write being on disk waits for its batch: a write's `done` hook (the broadcast
 * of a move) runs after the commit, and `track` gives the caller of an action a promise settled by
 * the commit (the socket's ack, the HTTP reply). In-memory state may run ahead (the next message of
 * the same turn sees the new ply), so if a batch fails, every write's `failed` hook runs (the API
 * drops its game from memory, to be reloaded from the store) and every tracked caller gets an
 * error instead of an answer: nothing is answered or broadcast that is not stored.
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

type Outcome = { ok: true } | { ok: false; error: HttpError };

class Batch {
  readonly writes: Write[] = [];
  outcome: Outcome | null = null;
  private readonly waiters: ((o: Outcome) => void)[] = [];

  /** Resolves once committed; rejects with the refusal every caller of a failed batch gets. */
  settled(): Promise<void> {
    const settle = (o: Outcome): Promise<void> => (o.ok ? Promise.resolve() : Promise.reject(o.error));
    if (this.outcome) return settle(this.outcome);
    return new Promise<Outcome>((resolve) => this.waiters.push(resolve)).then(settle);
  }

  end(o: Outcome): void {
    this.outcome = o;
    for (const w of this.waiters.splice(0)) w(o);
  }
}

const NOT_SAVED = 'the change could not be saved, so nothing of it was kept: catch up and try again';

export class GroupCommit {
  private open: Batch | null = null;
  /** The batches written to while `track` runs its function (null outside `track`). */
  private touched: Set<Batch> | null = null;

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
    if (this.open === null) {
      const b = new Batch();
      this.open = b;
      this.schedule(() => {
        if (this.open === b) this.flush();
      });
    }
    this.open.writes.push(w);
    this.touched?.add(this.open);
  }

  /**
   * Runs `fn` now and returns its value with `saved`: a promise that resolves once every write
   * `fn` queued has committed (at once if it queued none) and rejects with an HttpError if one's
   * batch failed. A throw of `fn` is rethrown; what it queued before still commits.
   */
  track<T>(fn: () => T): { value: T; saved: Promise<void> } {
    const outer = this.touched;
    const mine = new Set<Batch>();
    this.touched = mine;
    try {
      const value = fn();
      const saved = mine.size === 0 ? Promise.resolve() : Promise.all([...mine].map((b) => b.settled())).then(() => undefined);
      // Marked handled: a caller that drops it must not make a failed batch an unhandled rejection (a crash).
      saved.catch(() => {});
      return { value, saved };
    } finally {
      this.touched = outer;
      if (outer) for (const b of mine) outer.add(b);
    }
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
      b.end({ ok: false, error: e instanceof HttpError ? e : new HttpError(500, 'ERR_INTERNAL', NOT_SAVED) });
      return;
    }
    // Stored is stored: a hook's failure (a broadcast) must not stop the others.
    for (const w of b.writes) if (w.done) guard('after a commit', w.done);
    b.end({ ok: true });
  }
}

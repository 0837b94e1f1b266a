/**
 * The message bus the lobby, its pools, the live games and their sockets talk through: typed
 * topics, publish and subscribe. One process today (InProcessBus); with several server instances a
 * second implementation (Redis pub/sub, one channel per topic, messages as JSON) carries the same
 * topics between them, and nothing that publishes or subscribes changes. That is why messages are
 * plain JSON values (no class instances, no functions, no Sets) and `publish` is async.
 */
import { logFailure } from './failures.js';

/** A handler of one topic's messages. */
export type Handler<M> = (message: M) => void;

/** Topics (names) and the message each carries. */
export type Topics = { [topic: string]: unknown };

export interface Bus<T extends Topics> {
  /** Sends `message` to every subscriber of `topic` (on every instance). Resolves once it is handed over. */
  publish<K extends keyof T & string>(topic: K, message: T[K]): Promise<void>;
  /** Calls `handler` with each message of `topic`; returns the function that unsubscribes. */
  subscribe<K extends keyof T & string>(topic: K, handler: Handler<T[K]>): () => void;
  /** Drops every subscription (and, for a network bus, its connection). */
  close(): Promise<void>;
}

const DONE: Promise<void> = Promise.resolve();

/**
 * The bus within one process. Subscribers are called in the order they subscribed, at once (before
 * `publish` returns, so a game's frames keep their order); one that throws is logged and the others
 * are still called (a socket's failure never stops the lobby or a game).
 */
export class InProcessBus<T extends Topics> implements Bus<T> {
  private readonly handlers = new Map<string, Set<Handler<never>>>();

  publish<K extends keyof T & string>(topic: K, message: T[K]): Promise<void> {
    const set = this.handlers.get(topic);
    if (set === undefined) return DONE;
    // Every frame of every game comes through here: no copy of the set and no new promise per call
    // (a handler that unsubscribes while the set is walked is skipped, as a Set's iteration allows).
    for (const h of set) {
      try {
        (h as Handler<T[K]>)(message);
      } catch (e) {
        logFailure(`bus: a subscriber of ${topic}`, e);
      }
    }
    return DONE;
  }

  subscribe<K extends keyof T & string>(topic: K, handler: Handler<T[K]>): () => void {
    let set = this.handlers.get(topic);
    if (set === undefined) {
      set = new Set();
      this.handlers.set(topic, set);
    }
    set.add(handler as Handler<never>);
    return () => {
      // A topic nobody listens to any more is forgotten (a game's topic lives while it has sockets).
      if (set.delete(handler as Handler<never>) && set.size === 0 && this.handlers.get(topic) === set) this.handlers.delete(topic);
    };
  }

  async close(): Promise<void> {
    this.handlers.clear();
  }
}

/**
 * What the lobby keeps: open seeks and the players waiting in each pool. Both live as long as a
 * socket does, so one process keeps them in memory (InMemoryLobbyStore). The interface is async
 * so that a shared store (PostgreSQL, or Redis) can hold them for several server instances; its
 * `take` operations are the ones that must be atomic there (a seek accepted twice at once, a
 * player paired by two waves), a row lock or a conditional delete.
 */
import type { RatingRange, Seek } from './seeks.js';

/** A player waiting in a pool. */
export interface Waiting {
  pool: string;
  identity: string;
  keyHash: string;
  client: string;
  socket: string;
  rating: number;
  deviation: number;
  since: number;
  range: RatingRange | null;
  /** Rated (an account's) or casual: a pair's game is rated when both entries are. */
  rated: boolean;
}

export interface LobbyStore {
  addSeek(seek: Seek): Promise<void>;
  /** Removes a seek and returns it, or null if it is gone (taken or cancelled): whoever gets it may pair on it. */
  takeSeek(id: string): Promise<Seek | null>;
  seek(id: string): Promise<Seek | null>;
  /** Every open seek, oldest first. */
  seeks(): Promise<Seek[]>;
  /** Open seeks of a key and of an address (the caps). */
  seekCounts(keyHash: string, client: string): Promise<{ key: number; client: number }>;
  /** Puts a player in a pool (a key waits in one pool at a time: any other entry of the key is replaced). */
  join(w: Waiting): Promise<void>;
  /** Takes a key out of its pool; the entry, or null if it was waiting nowhere. */
  leave(keyHash: string): Promise<Waiting | null>;
  entryOf(keyHash: string): Promise<Waiting | null>;
  /** Pool entries of an address (its cap). */
  entriesOf(client: string): Promise<number>;
  waiting(pool: string): Promise<Waiting[]>;
  /** Removes both keys from their pool if both are still in it (true), else neither (false). */
  takePair(pool: string, a: string, b: string): Promise<boolean>;
  /** How many wait in each pool that has anyone. */
  counts(): Promise<Record<string, number>>;
}

/** The lobby's store in this process's memory. */
export class InMemoryLobbyStore implements LobbyStore {
  private readonly open = new Map<string, Seek>();
  private readonly pools = new Map<string, Map<string, Waiting>>();
  private readonly byKey = new Map<string, Waiting>();

  async addSeek(seek: Seek): Promise<void> {
    this.open.set(seek.id, seek);
  }

  async takeSeek(id: string): Promise<Seek | null> {
    const s = this.open.get(id) ?? null;
    this.open.delete(id);
    return s;
  }

  async seek(id: string): Promise<Seek | null> {
    return this.open.get(id) ?? null;
  }

  async seeks(): Promise<Seek[]> {
    return [...this.open.values()];
  }

  async seekCounts(keyHash: string, client: string): Promise<{ key: number; client: number }> {
    let key = 0;
    let byClient = 0;
    for (const s of this.open.values()) {
      if (s.by.keyHash === keyHash) key++;
      if (s.by.client === client) byClient++;
    }
    return { key, client: byClient };
  }

  async join(w: Waiting): Promise<void> {
    await this.leave(w.keyHash);
    let pool = this.pools.get(w.pool);
    if (pool === undefined) {
      pool = new Map();
      this.pools.set(w.pool, pool);
    }
    pool.set(w.keyHash, w);
    this.byKey.set(w.keyHash, w);
  }

  async leave(keyHash: string): Promise<Waiting | null> {
    const w = this.byKey.get(keyHash);
    if (w === undefined) return null;
    this.byKey.delete(keyHash);
    const pool = this.pools.get(w.pool);
    pool?.delete(keyHash);
    if (pool?.size === 0) this.pools.delete(w.pool);
    return w;
  }

  async entryOf(keyHash: string): Promise<Waiting | null> {
    return this.byKey.get(keyHash) ?? null;
  }

  async entriesOf(client: string): Promise<number> {
    let n = 0;
    for (const w of this.byKey.values()) if (w.client === client) n++;
    return n;
  }

  async waiting(pool: string): Promise<Waiting[]> {
    return [...(this.pools.get(pool)?.values() ?? [])];
  }

  async takePair(pool: string, a: string, b: string): Promise<boolean> {
    const p = this.pools.get(pool);
    if (p === undefined || !p.has(a) || !p.has(b)) return false;
    await this.leave(a);
    await this.leave(b);
    return true;
  }

  async counts(): Promise<Record<string, number>> {
    const out: Record<string, number> = {};
    for (const [id, p] of this.pools) out[id] = p.size;
    return out;
  }
}

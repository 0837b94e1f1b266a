/**
 * The server's limits, keyed on what a client cannot choose: its address (an IPv6 client by its
 * /64, which one machine is given whole; behind a trusted proxy, the forwarded address) and, where
 * it sends one, its player key (by the key's hash, however the header is spelt). A fresh random
 * key per request, or a new spelling of `Bearer`, buys no more: the address's count still holds.
 *
 * Two kinds: `Window`, a count of events per fixed window (requests per minute), and `Gauge`, a
 * count of things held now (connections, sockets). Both keep at most `maxKeys` entries, so a
 * flood of clients cannot make the server keep unbounded state: past it, new clients are refused.
 */

import { RateLimited } from './http.js';

/**
 * Limits per client: each count holds for the client's address and, separately, for its player
 * key when it sends one, so neither a new key nor a new address alone buys more. Counts are per
 * minute but for `connections`, which are held at once.
 */
export interface ServerLimits {
  /** Every request (API, static files, WebSocket upgrades). */
  overall: number;
  create: number;
  import: number;
  join: number;
  /** WebSocket upgrades. */
  upgrades: number;
  /** Moves sent by catch-ups and game reads (a live hello, a page of moves, GET of a game). */
  catchUpMoves: number;
  /** TCP connections open at once from one address (not applied behind --trust-proxy: the proxy's job). */
  connections: number;
  /**
   * An address's per-minute counts are this many times a key's: several people may share one
   * address (a household, a school or an internet café behind one NAT), each with a key.
   */
  addressShare: number;
}

export const DEFAULT_LIMITS: ServerLimits = {
  overall: 1200,
  create: 30,
  import: 10,
  join: 30,
  upgrades: 120,
  catchUpMoves: 50_000,
  connections: 128,
  addressShare: 4,
};

/** What is counted per minute. */
export type Counted = Exclude<keyof ServerLimits, 'connections' | 'addressShare'>;

const WORDS: Record<Counted, string> = {
  overall: 'too many requests',
  create: 'too many new games',
  import: 'too many imports',
  join: 'too many joins',
  upgrades: 'too many live connections opened',
  catchUpMoves: 'too many moves read',
};

/** The per-minute counts of every client, by address and by key. */
export class ClientLimits {
  private readonly byKey = new Map<Counted, Window>();
  private readonly byAddress = new Map<Counted, Window>();

  constructor(readonly config: ServerLimits) {
    for (const what of Object.keys(WORDS) as Counted[]) {
      this.byKey.set(what, new Window(config[what]));
      this.byAddress.set(what, new Window(config[what] * config.addressShare));
    }
  }

  /** Counts `n` of `what` for the client; over the limit of its address or its key: RateLimited (429). */
  take(what: Counted, address: string, keyHash: string | null, n = 1, now = Date.now()): void {
    const a = this.byAddress.get(what)!;
    const k = this.byKey.get(what)!;
    const byAddress = a.take(address, now, n);
    const byKey = keyHash === null ? 0 : k.take(keyHash, now, n);
    if (byAddress > 0) throw new RateLimited(`${WORDS[what]} from this address (at most ${a.max} a minute)`, byAddress);
    if (byKey > 0) throw new RateLimited(`${WORDS[what]} for this player key (at most ${k.max} a minute)`, byKey);
  }
}

/** The rate-limit client of an address: IPv4 as is, an IPv4-mapped IPv6 as its IPv4, other IPv6 by /64. */
export function addressKey(ip: string): string {
  const a = ip
    .trim()
    .toLowerCase()
    .replace(/^\[|\]$/g, '')
    .replace(/%.*$/, '');
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(a);
  if (mapped) return mapped[1]!;
  if (!a.includes(':')) return a;
  return `${expandIpv6(a).slice(0, 4).join(':')}::/64`;
}

/** The eight groups of an IPv6 address (an embedded IPv4 tail counts as two). */
function expandIpv6(a: string): string[] {
  const [head = '', tail] = a.split('::', 2);
  const parts = (s: string): string[] => (s === '' ? [] : s.split(':'));
  const groups = (list: string[]): string[] =>
    list.flatMap((g) => {
      const v4 = /^(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(g);
      if (!v4) return [g];
      const n = v4.slice(1).map(Number);
      return [((n[0]! << 8) | n[1]!).toString(16), ((n[2]! << 8) | n[3]!).toString(16)];
    });
  const h = groups(parts(head));
  const t = tail === undefined ? [] : groups(parts(tail));
  const fill = tail === undefined ? [] : Array.from({ length: Math.max(0, 8 - h.length - t.length) }, () => '0');
  return [...h, ...fill, ...t].map((g) => (g.replace(/^0+(?=.)/, '') || '0').slice(0, 4));
}

/** At most `max` events per key in each fixed window of `windowMs`. */
export class Window {
  private counts = new Map<string, number>();
  private start = 0;

  constructor(
    readonly max: number,
    readonly windowMs = 60_000,
    private readonly maxKeys = 200_000,
  ) {}

  /** Counts `n` events for `key` at `now`: 0 when allowed, else the milliseconds until the window ends. */
  take(key: string, now: number, n = 1): number {
    if (now - this.start >= this.windowMs) {
      this.start = now - ((now - this.start) % this.windowMs);
      this.counts.clear();
    }
    const had = this.counts.get(key);
    if (had === undefined && this.counts.size >= this.maxKeys) return this.retryMs(now);
    const count = (had ?? 0) + n;
    this.counts.set(key, count);
    return count > this.max ? this.retryMs(now) : 0;
  }

  private retryMs(now: number): number {
    return Math.max(1, this.start + this.windowMs - now);
  }
}

/** At most `max` things held at once per key (connections, sockets). */
export class Gauge {
  private readonly held = new Map<string, number>();

  constructor(
    readonly max: number,
    private readonly maxKeys = 200_000,
  ) {}

  /** Takes one for `key` if it has fewer than `max` (true), else nothing (false). */
  acquire(key: string): boolean {
    const n = this.held.get(key) ?? 0;
    if (n >= this.max || (n === 0 && this.held.size >= this.maxKeys)) return false;
    this.held.set(key, n + 1);
    return true;
  }

  release(key: string): void {
    const n = this.held.get(key) ?? 0;
    if (n <= 1) this.held.delete(key);
    else this.held.set(key, n - 1);
  }

  count(key: string): number {
    return this.held.get(key) ?? 0;
  }
}

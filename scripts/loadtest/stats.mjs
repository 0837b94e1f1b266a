/**
 * A latency histogram with fixed 0.1 ms buckets up to 30 s (one typed array, no allocation per
 * sample), mergeable across client processes through its sparse form.
 */
const STEP_MS = 0.1;
const BUCKETS = 300_000;

export class Histogram {
  constructor() {
    this.counts = new Uint32Array(BUCKETS + 1);
    this.n = 0;
    this.sum = 0;
    this.max = 0;
  }

  add(ms) {
    const b = ms <= 0 ? 0 : Math.min(BUCKETS, Math.floor(ms / STEP_MS));
    this.counts[b]++;
    this.n++;
    this.sum += ms;
    if (ms > this.max) this.max = ms;
  }

  /** The q-quantile (0..1) in ms, at the upper edge of its bucket; null when empty. */
  quantile(q) {
    if (this.n === 0) return null;
    const rank = Math.max(1, Math.ceil(q * this.n));
    let seen = 0;
    for (let b = 0; b <= BUCKETS; b++) {
      seen += this.counts[b];
      if (seen >= rank) return Math.min(this.max, (b + 1) * STEP_MS);
    }
    return this.max;
  }

  /** `[[bucket, count], ...]` of the non-empty buckets, and the totals. */
  toSparse() {
    const pairs = [];
    for (let b = 0; b <= BUCKETS; b++) if (this.counts[b] !== 0) pairs.push([b, this.counts[b]]);
    return { pairs, n: this.n, sum: this.sum, max: this.max };
  }

  merge(sparse) {
    for (const [b, c] of sparse.pairs) this.counts[b] += c;
    this.n += sparse.n;
    this.sum += sparse.sum;
    if (sparse.max > this.max) this.max = sparse.max;
  }
}

/** Rounds to 0.1 (ms and rates in the report). */
export function round1(x) {
  return x === null ? null : Math.round(x * 10) / 10;
}

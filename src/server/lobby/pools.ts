/**
 * Quick pairing, pure: given the players waiting in one pool and the time now, which pairs to make
 * in this wave. No I/O, no clock of its own, no randomness but a seed: the same entries, time and
 * seed give the same pairs, in whatever order the entries come.
 *
 * The idea is lichess's pools (modules/pool, MatchMaking): a pair is allowed while its rating gap is
 * within an allowance, and the allowance grows with the time both have waited, so that nobody waits
 * for ever while a near match is preferred when there is one. lichess finds a maximum-weight
 * matching over all pairs (cubic); here a pair is looked for only among each player's nearest
 * neighbours by rating (the only ones a good pair can come from), and the candidate pairs are
 * taken best first: O(n log n) for n waiting, 10,000 in a few milliseconds (scripts/bench-pairing.mjs).
 *
 * Never allowed: a player with himself (the same identity twice, two devices of one account), a
 * player with someone either of them blocked, a player outside the other's own rating range.
 */

/** One player waiting in a pool. */
export interface PoolEntry {
  /** Who (the identity: a player key's hash today, an account id later). */
  player: string;
  rating: number;
  /** Rating deviation (Glicko): an uncertain rating is paired a little more widely. */
  deviation: number;
  /** When the player joined the queue (ms). */
  since: number;
  /** Identities this player has blocked. */
  blocked: ReadonlySet<string>;
  /** Ratings this player accepts as an opponent's, both ends included. */
  range?: { min: number; max: number } | undefined;
}

export interface Pairing<E extends PoolEntry = PoolEntry> {
  a: E;
  b: E;
  /** Their rating gap. */
  gap: number;
}

/** How the allowance of a pair is made (the defaults: PAIRING_RULES). */
export interface PairingRules {
  /** Points of allowance gained per second of waiting. */
  perSecond: number;
  /** The most waiting can add. */
  maxBonus: number;
  /** The share of the smaller deviation added to the allowance. */
  deviationWeight: number;
  /** How many following neighbours by rating each player's pairs are looked for among. */
  neighbours: number;
}

/**
 * With waves every few seconds, a player waiting alone gains about 10 points a wave (lichess: 12 a
 * missed wave) and, after two minutes, the most there is: a gap of 600 or so is then accepted.
 */
export const PAIRING_RULES: PairingRules = { perSecond: 4, maxBonus: 480, deviationWeight: 0.25, neighbours: 8 };

/** The gap allowed at once between players of about this rating: wider at the ends of the scale, where players are fewer. */
export function baseGap(rating: number): number {
  if (rating < 1000) return 130;
  return Math.max(100, Math.round(rating / 15));
}

/** What waiting since `since` adds to a player's allowance at `now`. */
export function waitBonus(since: number, now: number, rules: PairingRules = PAIRING_RULES): number {
  return Math.min(rules.maxBonus, Math.floor((Math.max(0, now - since) / 1000) * rules.perSecond));
}

/**
 * The gap allowed between `a` and `b` at `now`: the base gap at the lower rating, plus what the one
 * who has waited less has gained (each must have widened enough to accept the other), plus a share
 * of the smaller deviation.
 */
export function allowance(a: PoolEntry, b: PoolEntry, now: number, rules: PairingRules = PAIRING_RULES): number {
  const bonus = Math.min(waitBonus(a.since, now, rules), waitBonus(b.since, now, rules));
  return baseGap(Math.min(a.rating, b.rating)) + bonus + rules.deviationWeight * Math.min(a.deviation, b.deviation);
}

const inRange = (r: PoolEntry['range'], rating: number): boolean => r === undefined || (rating >= r.min && rating <= r.max);

/** Whether `a` and `b` may be paired at all (not the gap): never self, never blocked either way, each in the other's range. */
export function compatible(a: PoolEntry, b: PoolEntry): boolean {
  if (a.player === b.player || a.blocked.has(b.player) || b.blocked.has(a.player)) return false;
  return inRange(a.range, b.rating) && inRange(b.range, a.rating);
}

/** A 32-bit hash of a string mixed with the seed (FNV-1a, then a finaliser): the seeded tie-break. */
export function seededHash(text: string, seed: number): number {
  let h = (0x811c9dc5 ^ seed) >>> 0;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

interface Ranked<E> {
  e: E;
  hash: number;
  bonus: number;
}

/** The entries in a fixed order: by rating, then who waited longest, then the seeded hash, then the identity. */
function rank<E extends PoolEntry>(entries: readonly E[], now: number, seed: number, rules: PairingRules): Ranked<E>[] {
  const out = entries.map((e) => ({ e, hash: seededHash(e.player, seed), bonus: waitBonus(e.since, now, rules) }));
  out.sort(
    (x, y) =>
      x.e.rating - y.e.rating ||
      x.e.since - y.e.since ||
      x.hash - y.hash ||
      (x.e.player < y.e.player ? -1 : x.e.player > y.e.player ? 1 : 0),
  );
  return out;
}

/** Bits of a candidate's sort key: its score (quarter points), the seeded tie-break, its index. */
const INDEX_BITS = 2 ** 21;
const TIE_BITS = 2 ** 18;
const SCORE_OFFSET = 1024;
/** 14 bits are left of a double's 53 for the score. */
const SCORE_MAX = 2 ** 14 - 1;

/**
 * The candidate pairs: each entry with its next `neighbours` by rating, when allowed; each as one
 * number that sorts best first (a lower score: a nearer pair, or among near ones those who have
 * waited longer, as lichess takes the gap less the wait bonus; then the seeded tie-break; then the
 * order found), so that the sort needs no comparison function: that sort is most of a wave's time.
 */
function candidates<E extends PoolEntry>(ranked: Ranked<E>[], now: number, rules: PairingRules) {
  const cap = Math.min(INDEX_BITS, ranked.length * rules.neighbours);
  const from = new Int32Array(cap);
  const to = new Int32Array(cap);
  const keys = new Float64Array(cap);
  let n = 0;
  for (let i = 0; i < ranked.length && n < cap; i++) {
    const a = ranked[i]!;
    // No later entry can be within reach past this (the allowance takes the smaller of each part).
    const reach = baseGap(a.e.rating) + a.bonus + rules.deviationWeight * a.e.deviation;
    const last = Math.min(ranked.length - 1, i + rules.neighbours);
    for (let j = i + 1; j <= last && n < cap; j++) {
      const b = ranked[j]!;
      const gap = b.e.rating - a.e.rating;
      if (gap > reach) break;
      if (gap > allowance(a.e, b.e, now, rules) || !compatible(a.e, b.e)) continue;
      const score = Math.min(SCORE_MAX, Math.max(0, Math.round((gap - Math.min(a.bonus, b.bonus) + SCORE_OFFSET) * 4)));
      const tie = ((a.hash ^ b.hash) >>> 0) % TIE_BITS;
      from[n] = i;
      to[n] = j;
      keys[n] = (score * TIE_BITS + tie) * INDEX_BITS + n;
      n++;
    }
  }
  return { from, to, keys: keys.subarray(0, n).sort() };
}

/**
 * One wave: the pairs to make now, best first. Each entry is in at most one pair; the rest wait
 * for the next wave (their allowance grows meanwhile).
 */
export function pairWave<E extends PoolEntry>(
  entries: readonly E[],
  now: number,
  seed = 0,
  rules: PairingRules = PAIRING_RULES,
): Pairing<E>[] {
  const ranked = rank(entries, now, seed, rules);
  const c = candidates(ranked, now, rules);
  const taken = new Uint8Array(ranked.length);
  const pairs: Pairing<E>[] = [];
  for (const key of c.keys) {
    const k = key % INDEX_BITS;
    const i = c.from[k]!;
    const j = c.to[k]!;
    if (taken[i] || taken[j]) continue;
    taken[i] = 1;
    taken[j] = 1;
    pairs.push({ a: ranked[i]!.e, b: ranked[j]!.e, gap: ranked[j]!.e.rating - ranked[i]!.e.rating });
  }
  leftovers(ranked, taken, now, rules, pairs);
  return pairs;
}

/**
 * Those the best-first pass left alone may each have had all their near neighbours taken by
 * others: each is tried with the next one left alone, by rating (within the allowance, as always).
 */
function leftovers<E extends PoolEntry>(
  ranked: Ranked<E>[],
  taken: Uint8Array,
  now: number,
  rules: PairingRules,
  pairs: Pairing<E>[],
): void {
  let prev = -1;
  for (let i = 0; i < ranked.length; i++) {
    if (taken[i]) continue;
    if (prev >= 0) {
      const a = ranked[prev]!.e;
      const b = ranked[i]!.e;
      if (b.rating - a.rating <= allowance(a, b, now, rules) && compatible(a, b)) {
        taken[prev] = 1;
        taken[i] = 1;
        pairs.push({ a, b, gap: b.rating - a.rating });
        prev = -1;
        continue;
      }
    }
    prev = i;
  }
}

/**
 * Ratings kept in SQLite (src/server/ratings/store.ts), on a real better-sqlite3 database: a rated
 * game moves both players once (rating again is refused), the history grows a point per game, an
 * abandoned start (ply 0-1) is never rated, the same pair is rated at most a few times a day per
 * ruleset, the deviation grows while a player is idle, and the leaderboard lists only established,
 * active players.
 */
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { START } from '../src/server/ratings/glicko2.js';
import { PAIR_GAMES_PER_DAY, RatingStore } from '../src/server/ratings/store.js';

const DAY = 86_400_000;
const T0 = Date.UTC(2026, 11, 1);

function store(): RatingStore {
  return new RatingStore(new Database(':memory:'));
}

describe('the rating store', () => {
  it('rates a game once: both ratings, each a history point; the same game again is refused', () => {
    const s = store();
    const r = s.rate('g1', 'gifia', 'alice', 'bob', 1, 30, T0);
    expect(r.rated).toBe(true);
    const alice = s.get('alice', 'gifia', T0);
    const bob = s.get('bob', 'gifia', T0);
    expect(alice.rating).toBeGreaterThan(START.rating);
    expect(bob.rating).toBeLessThan(START.rating);
    expect([alice.wins, alice.losses, bob.wins, bob.losses]).toEqual([1, 0, 0, 1]);
    expect(s.rate('g1', 'gifia', 'alice', 'bob', 1, 30, T0 + 1)).toEqual({ rated: false, reason: 'already' });
    expect(s.history('alice', 'gifia')).toEqual([{ at: T0, rating: alice.rating, deviation: alice.deviation, gameId: 'g1' }]);
    // Another ruleset is another rating.
    expect(s.get('alice', 'selus', T0)).toMatchObject({ rating: 1500, games: 0, provisional: true });
  });

  it('says what one game did to a rating: from the point before it (a newcomer before his first) to its own', () => {
    const s = store();
    s.rate('g1', 'gifia', 'alice', 'bob', 1, 30, T0);
    const first = s.get('alice', 'gifia', T0);
    s.rate('g2', 'gifia', 'alice', 'carol', 0, 30, T0 + 1000);
    const second = s.get('alice', 'gifia', T0 + 1000);
    expect(s.changeIn('alice', 'gifia', 'g1')).toEqual({
      before: { rating: START.rating, deviation: START.deviation },
      after: { rating: first.rating, deviation: first.deviation },
    });
    expect(s.changeIn('alice', 'gifia', 'g2')).toEqual({
      before: { rating: first.rating, deviation: first.deviation },
      after: { rating: second.rating, deviation: second.deviation },
    });
    expect(second.rating).toBeLessThan(first.rating);
    // A game that did not rate him, or another ruleset's: nothing.
    expect(s.changeIn('bob', 'gifia', 'g2')).toBeNull();
    expect(s.changeIn('alice', 'selus', 'g1')).toBeNull();
  });

  it('an abandoned start (ply 0 or 1) is aborted, not rated; nobody is rated against himself', () => {
    const s = store();
    expect(s.rate('g', 'gifia', 'a', 'b', 1, 1, T0)).toEqual({ rated: false, reason: 'aborted' });
    expect(s.rate('g', 'gifia', 'a', 'a', 1, 40, T0)).toEqual({ rated: false, reason: 'samePlayer' });
    expect(s.get('a', 'gifia', T0).games).toBe(0);
  });

  it(`the same pair is rated at most ${PAIR_GAMES_PER_DAY} times a day per ruleset`, () => {
    const s = store();
    const outcomes = Array.from({ length: PAIR_GAMES_PER_DAY + 2 }, (_, i) => s.rate(`g${i}`, 'gifia', 'a', 'b', i % 2, 20, T0 + i).rated);
    expect(outcomes).toEqual([...Array(PAIR_GAMES_PER_DAY).fill(true), false, false]);
    // In the other order too, and not for another ruleset or a day later.
    expect(s.rate('x', 'gifia', 'b', 'a', 1, 20, T0 + 10)).toEqual({ rated: false, reason: 'pairLimit' });
    expect(s.rate('y', 'selus', 'a', 'b', 1, 20, T0 + 10).rated).toBe(true);
    expect(s.rate('z', 'gifia', 'a', 'b', 1, 20, T0 + DAY + 10).rated).toBe(true);
  });

  it('the deviation grows while a player is idle; the leaderboard lists established, active players best first', () => {
    const s = store();
    // Six players, each pair meeting every twelve hours for a month (under the pair's daily limit).
    const HOURS2 = DAY / 12;
    for (let i = 0; i < 360; i++) s.rate(`g${i}`, 'gifia', `p${i % 6}`, `p${(i + 1) % 6}`, i % 3 === 0 ? 1 : 0, 30, T0 + i * HOURS2);
    const now = T0 + 30 * DAY;
    const p = s.get('p0', 'gifia', now);
    expect(s.get('p0', 'gifia', now + 100 * DAY).deviation).toBeGreaterThan(p.deviation);
    const board = s.leaderboard('gifia', now - 30 * DAY);
    expect(board.length).toBeGreaterThan(0);
    for (const r of board) expect(r.provisional).toBe(false);
    expect(board.map((r) => r.rating)).toEqual([...board.map((r) => r.rating)].sort((a, b) => b - a));
    expect(s.leaderboard('gifia', now + DAY)).toEqual([]);
  });
});

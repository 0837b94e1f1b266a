/**
 * Who wins a game that ends other than by the rules, and the end's words: a resignation or a
 * flag (play.ts ends the game). Nothing here changes a game.
 */
import type { LiveGame } from './game.js';

/**
 * Who wins when `loser` resigns or loses on time: the other seat of a two-player game; with
 * more players, the one of the others the rules rank first now (the game's standings: in
 * Gabata each player's tally, ADW-18), or nobody when they are level.
 */
export function winnerAgainst(l: LiveGame, loser: number): number {
  if (l.seats.length === 2) return 3 - loser;
  const standing = l.game.standings?.(l.state) ?? Array.from(l.state.scores);
  let best = 0;
  let level = false;
  for (let p = 1; p <= l.seats.length; p++) {
    if (p === loser || !l.state.active[p]) continue;
    if (best === 0 || standing[p]! > standing[best]!) {
      best = p;
      level = false;
    } else if (standing[p] === standing[best]) level = true;
  }
  return level ? 0 : best;
}

/** The end's words for `loser` resigning (`what`: 'resigned') or running out of time. */
export function endText(l: LiveGame, loser: number, winner: number, what: string): string {
  if (winner > 0) return `seat ${loser} ${what}: seat ${winner} wins`;
  if (l.seats.length === 2) return `seat ${loser} ${what}`;
  return `seat ${loser} ${what}: the others are level`;
}

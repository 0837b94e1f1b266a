/**
 * Rates the rated games as they end: a game the lobby paired as rated, between two seats whose keys
 * belong to accounts, moves both accounts' ratings in its ruleset once it is over (by the rules, a
 * resignation, an agreed draw or time). Anonymous players and games against the computer are never
 * rated. The accounts are found through `Identities`, so this module knows nothing of how they are kept.
 */
import type { LiveGame } from '../live/game.js';
import type { GamesApi } from '../play.js';
import type { RateOutcome, RatingStore } from './store.js';

/** The account a player key belongs to, if any. */
export interface Identities {
  accountOf(keyHash: string): string | null;
}

export class Ratings {
  constructor(
    readonly store: RatingStore,
    private readonly identities: Identities,
    private readonly now: () => number = Date.now,
  ) {}

  /** Listens to the ends of `api`'s games; a game that moved ratings is sent again to its sockets (their change shows). */
  attach(api: GamesApi): void {
    api.ended.add((l) => {
      if (this.gameEnded(l)?.rated) api.refresh(l);
    });
  }

  /** Rates `l` if it is a rated two-player game between two accounts; null when it is not one. */
  gameEnded(l: LiveGame): RateOutcome | null {
    const end = l.meta.end;
    if (!l.meta.rated || l.seats.length !== 2 || end === null) return null;
    const [a, b] = l.seats.map((s) =>
      (s.kind === 'human' || s.kind === 'invite') && s.keyHash ? this.identities.accountOf(s.keyHash) : null,
    );
    if (!a || !b) return null;
    const score = end.winner === 1 ? 1 : end.winner === 2 ? 0 : 0.5;
    return this.store.rate(l.id, l.ruleset, a, b, score, l.moveCount, this.now());
  }
}

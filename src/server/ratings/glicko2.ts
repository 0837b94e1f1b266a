/**
 * Glicko-2 (Mark Glickman, "Example of the Glicko-2 system", 2013): a rating, its deviation (how
 * unsure it is) and its volatility (how erratic the player is), updated from the results of one
 * rating period. Online play rates each game as a period of its own, as lichess does, and lets the
 * deviation grow again while a player does not play (one period per RD_GROWTH_DAYS idle).
 *
 * Pure arithmetic, no I/O; the steps are numbered as in Glickman's paper.
 */

/** One player's rating on the Glicko scale. */
export interface Rating {
  rating: number;
  deviation: number;
  volatility: number;
}

/** A game of the period: the opponent's rating before it and the score (1 win, 0.5 draw, 0 loss). */
export interface Result {
  opponent: Rating;
  score: number;
}

/** Where every player starts: Glickman's suggested values. */
export const START: Readonly<Rating> = { rating: 1500, deviation: 350, volatility: 0.06 };
/**
 * The system constant τ: how much the volatility may change in a period. Glickman suggests 0.3 to
 * 1.2; lichess plays with 0.75, and so do we (his worked example uses 0.5).
 */
export const TAU = 0.75;
/** A rating is provisional (shown with "?") while its deviation is above this (lichess's threshold). */
export const PROVISIONAL_DEVIATION = 110;
/** Deviation bounds: never surer than this, never less sure than a newcomer. */
export const MIN_DEVIATION = 45;
export const MAX_DEVIATION = 350;
/** Days without a game that count as one rating period for the deviation's growth. */
export const RD_GROWTH_DAYS = 7;

const SCALE = 173.7178;
const EPSILON = 0.000001;

/** Step 3's g(φ). */
function g(phi: number): number {
  return 1 / Math.sqrt(1 + (3 * phi * phi) / (Math.PI * Math.PI));
}

/** Step 3's E(μ, μj, φj): the expected score against opponent j. */
function expected(mu: number, muJ: number, phiJ: number): number {
  return 1 / (1 + Math.exp(-g(phiJ) * (mu - muJ)));
}

/** Step 5: the new volatility, by the Illinois algorithm. */
function newVolatility(sigma: number, phi: number, v: number, delta: number, tau: number): number {
  const a = Math.log(sigma * sigma);
  const f = (x: number): number => {
    const ex = Math.exp(x);
    const d = phi * phi + v + ex;
    return (ex * (delta * delta - phi * phi - v - ex)) / (2 * d * d) - (x - a) / (tau * tau);
  };
  let A = a;
  let B: number;
  if (delta * delta > phi * phi + v) B = Math.log(delta * delta - phi * phi - v);
  else {
    let k = 1;
    while (f(a - k * tau) < 0) k++;
    B = a - k * tau;
  }
  let fA = f(A);
  let fB = f(B);
  while (Math.abs(B - A) > EPSILON) {
    const C = A + ((A - B) * fA) / (fB - fA);
    const fC = f(C);
    if (fC * fB <= 0) {
      A = B;
      fA = fB;
    } else fA /= 2;
    B = C;
    fB = fC;
  }
  return Math.exp(A / 2);
}

/** The rating after one period of `results` (none: only the deviation grows), with system constant `tau`. */
export function update(player: Rating, results: readonly Result[], tau = TAU): Rating {
  // Step 2: to the Glicko-2 scale.
  const mu = (player.rating - 1500) / SCALE;
  const phi = player.deviation / SCALE;
  const sigma = player.volatility;
  if (results.length === 0) {
    return { ...player, deviation: Math.min(MAX_DEVIATION, Math.sqrt(phi * phi + sigma * sigma) * SCALE) };
  }
  // Steps 3 and 4: the estimated variance and improvement.
  let vInverse = 0;
  let sum = 0;
  for (const r of results) {
    const muJ = (r.opponent.rating - 1500) / SCALE;
    const phiJ = r.opponent.deviation / SCALE;
    const e = expected(mu, muJ, phiJ);
    vInverse += g(phiJ) ** 2 * e * (1 - e);
    sum += g(phiJ) * (r.score - e);
  }
  const v = 1 / vInverse;
  const delta = v * sum;
  const sigmaNew = newVolatility(sigma, phi, v, delta, tau);
  // Steps 6 and 7: the new deviation and rating.
  const phiStar = Math.sqrt(phi * phi + sigmaNew * sigmaNew);
  const phiNew = 1 / Math.sqrt(1 / (phiStar * phiStar) + 1 / v);
  const muNew = mu + phiNew * phiNew * sum;
  // Step 8: back to the Glicko scale.
  return { rating: SCALE * muNew + 1500, deviation: SCALE * phiNew, volatility: sigmaNew };
}

/** The deviation after `days` without a game: one empty period per RD_GROWTH_DAYS. */
export function afterIdle(player: Rating, days: number): Rating {
  let r = player;
  for (let k = Math.floor(days / RD_GROWTH_DAYS); k > 0 && r.deviation < MAX_DEVIATION; k--) r = update(r, []);
  return r;
}

/** The two players' ratings after one game between them (`score` is a's: 1, 0.5 or 0), each clamped to the bounds. */
export function rateGame(a: Rating, b: Rating, score: number, tau = TAU): [Rating, Rating] {
  const clamp = (r: Rating): Rating => ({ ...r, deviation: Math.min(MAX_DEVIATION, Math.max(MIN_DEVIATION, r.deviation)) });
  return [clamp(update(a, [{ opponent: b, score }], tau)), clamp(update(b, [{ opponent: a, score: 1 - score }], tau))];
}

/** Whether a rating is provisional (its deviation too high to be trusted yet). */
export function provisional(r: Pick<Rating, 'deviation'>): boolean {
  return r.deviation > PROVISIONAL_DEVIATION;
}

/**
 * Clocks kept by the server: each seat has a remaining time; the seats whose clock runs (the
 * player to move, or every human seat that has not committed at a race node) lose the time since
 * `at`. A Fischer clock adds the increment to a move's mover; a correspondence clock (`perMoveMs`:
 * days per move) gives every seat whose clock starts to run a fresh `perMoveMs`, so a game cannot
 * be stalled for ever, however long it lasts. Pure functions over a plain JSON object, so the
 * clock is stored with the game and continues after a restart.
 */

export interface ClockSpec {
  baseMs: number;
  incrementMs: number;
  /** Correspondence: the time for each move (base and increment are then unused: 0). */
  perMoveMs?: number;
}

/** The correspondence clocks offered: days per move. */
export const DAYS_PER_MOVE = [1, 2, 3, 7] as const;
export const DAY_MS = 86_400_000;

export interface ClockState extends ClockSpec {
  /** Remaining time of each seat (index 0 = seat 1) as of `at`. */
  remainingMs: number[];
  /** The one seat whose clock runs, or 0 (none, or several at a race node: see runningSeats). */
  running: number;
  /** Every seat whose clock runs. */
  runningSeats: number[];
  /** Epoch milliseconds at which `remainingMs` was last brought up to date. */
  at: number;
}

export const MIN_CLOCK_BASE_MS = 10_000;
export const MAX_CLOCK_BASE_MS = 3 * 3_600_000;
export const MAX_CLOCK_INCREMENT_MS = 180_000;

export function newClock(spec: ClockSpec, seats: number, now: number): ClockState {
  const start = spec.perMoveMs ?? spec.baseMs;
  return { ...spec, remainingMs: Array.from({ length: seats }, () => start), running: 0, runningSeats: [], at: now };
}

/** Charges the running seats for the time since `at` (in place). */
export function settle(c: ClockState, now: number): void {
  const spent = Math.max(0, now - c.at);
  for (const s of c.runningSeats) c.remainingMs[s - 1] = c.remainingMs[s - 1]! - spent;
  c.at = now;
}

/** Sets which seats run from now on (after settling). */
export function run(c: ClockState, seats: readonly number[], now: number): void {
  settle(c, now);
  if (c.perMoveMs !== undefined) for (const s of seats) if (!c.runningSeats.includes(s)) c.remainingMs[s - 1] = c.perMoveMs;
  c.runningSeats = [...seats];
  c.running = seats.length === 1 ? seats[0]! : 0;
}

/** A seat whose time is out at `now` (without changing the clock), or 0. */
export function flagged(c: ClockState, now: number): number {
  const spent = Math.max(0, now - c.at);
  for (const s of c.runningSeats) if (c.remainingMs[s - 1]! - spent <= 0) return s;
  return 0;
}

/** Milliseconds from `now` until the first running seat's time is out; null when no clock runs. */
export function untilFlag(c: ClockState, now: number): number | null {
  if (c.runningSeats.length === 0) return null;
  const spent = Math.max(0, now - c.at);
  return Math.max(0, Math.min(...c.runningSeats.map((s) => c.remainingMs[s - 1]! - spent)));
}

/** After a decision by `movers`: settle, add the increment to each mover, and run `next`. */
export function afterMove(c: ClockState, movers: readonly number[], next: readonly number[], now: number): void {
  settle(c, now);
  for (const s of movers) c.remainingMs[s - 1] = c.remainingMs[s - 1]! + c.incrementMs;
  run(c, next, now);
}

/** The clock as clients see it: remaining times as of `now`. */
export function clockView(c: ClockState, now: number): ClockState {
  const view = { ...c, remainingMs: [...c.remainingMs], runningSeats: [...c.runningSeats] };
  settle(view, now);
  return view;
}

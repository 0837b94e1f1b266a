/**
 * What a player may ask for in the lobby: a seek (an open offer of a game: ruleset, options by
 * preset or by hand, clock, rated or casual, a seat preference, an optional rating range) and the
 * quick-pairing pools (each two-player ruleset with its default options, at 5+3, 10+5, 30+20 and
 * correspondence). A seek is checked here as a game would be created from it: options the ruleset
 * refuses are refused now (ERR_OPTION, naming the option), not when someone accepts.
 */
import { RULESETS, getRuleset } from '@gabata/engine/games';
import { HttpError, fail } from '../http.js';
import { intField } from '../games.js';
import { buildGame } from '../match.js';
import { MAX_CLOCK_BASE_MS, MAX_CLOCK_INCREMENT_MS, type ClockSpec } from '../live/clock.js';

/** Which seat the seeker wants: the first to move (seat 1), the second, or either (drawn from the lobby's seed). */
export const COLOURS = ['first', 'second', 'random'] as const;
export type Colour = (typeof COLOURS)[number];

/** The widest rating range a seek or pool entry may name. */
export const RATING_BOUNDS = { min: 0, max: 4000 } as const;

export interface RatingRange {
  min: number;
  max: number;
}

/** The game a seek or pool offers. */
export interface Terms {
  ruleset: string;
  /** Every option, resolved as the game will have them. */
  options: Record<string, unknown>;
  /** The preset named, if any (shown to others). */
  preset: string | null;
  /** null: correspondence (no clock). */
  clock: ClockSpec | null;
  rated: boolean;
}

/** Who made a seek or stands in a pool. */
export interface Owner {
  /** Who the player is (today the key's hash; an account id once accounts fill it). */
  identity: string;
  /** The key that will hold the seat. */
  keyHash: string;
  /** The address as limits count it. */
  client: string;
  /** The socket it came from: when that socket closes, the seek goes. */
  socket: string;
}

export interface Seek extends Terms {
  id: string;
  by: Owner;
  colour: Colour;
  range: RatingRange | null;
  /** The seeker's rating in these terms, shown to others. */
  rating: number;
  /** Whether that rating is provisional (its deviation still high: shown with "?"). */
  provisional: boolean;
  /** The seeker's account name; null for a player key alone (anonymous). */
  name: string | null;
  /** When it was made (ms). */
  created: number;
}

/** What everyone on the lobby page sees of a seek (no key hash, no identity, no address). */
export interface SeekView {
  id: string;
  ruleset: string;
  preset: string | null;
  options: Record<string, unknown>;
  clock: ClockSpec | null;
  rated: boolean;
  colour: Colour;
  range: RatingRange | null;
  /** The seeker: an account's name, or null (anonymous); the rating (rounded) and whether it is provisional. */
  name: string | null;
  rating: number;
  provisional: boolean;
  created: number;
}

export function seekView(s: Seek): SeekView {
  const { id, ruleset, preset, options, clock, rated, colour, range, name, provisional, created } = s;
  return { id, ruleset, preset, options, clock, rated, colour, range, name, rating: Math.round(s.rating), provisional, created };
}

type Body = Record<string, unknown>;

const bad = (message: string): HttpError => new HttpError(400, 'ERR_ARGUMENT', message);

function isObject(v: unknown): v is Body {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** The options a seek names: a preset's, then its own on top; checked by building the game (two players only). */
export function readTerms(body: Body, minClockBaseMs: number): Terms {
  const ruleset = body['ruleset'];
  if (typeof ruleset !== 'string' || ruleset.length > 60) throw bad('"ruleset" (a ruleset id) is required');
  const r = getRuleset(ruleset);
  if (!r.ok) fail(r.error, 400);
  const preset = body['preset'] ?? null;
  const own = body['options'] ?? {};
  if (preset !== null && (typeof preset !== 'string' || !Object.hasOwn(r.value.presets, preset))) {
    const known = Object.keys(r.value.presets).join(', ') || 'none';
    throw new HttpError(400, 'ERR_OPTION', `"preset" must be one of ${r.value.info.id}'s presets: ${known}`);
  }
  if (!isObject(own)) throw bad('"options" must be an object of option names and values');
  const built = buildGame(r.value.info.id, { ...(preset === null ? {} : r.value.presets[preset]), ...own });
  if (!built.ok) fail(built.error, 400);
  if (built.value.players !== 2)
    throw new HttpError(400, 'ERR_OPTION', `option players: the lobby pairs two players, not ${built.value.players}`);
  const rated = readRated(body['rated'], false);
  return { ruleset: r.value.info.id, options: { ...built.value.options }, preset, clock: readClock(body['clock'], minClockBaseMs), rated };
}

function readClock(raw: unknown, minBase: number): ClockSpec | null {
  if (raw === undefined || raw === null) return null;
  if (!isObject(raw)) throw bad('"clock" must be { baseMs, incrementMs }, or null for correspondence');
  return {
    baseMs: intField(raw, 'baseMs', minBase, MAX_CLOCK_BASE_MS),
    incrementMs: intField(raw, 'incrementMs', 0, MAX_CLOCK_INCREMENT_MS),
  };
}

/** An optional `rated` flag: true, false, or `fallback` when absent. */
export function readRated(raw: unknown, fallback: boolean): boolean {
  if (raw === undefined) return fallback;
  if (typeof raw !== 'boolean') throw bad('"rated" must be true or false');
  return raw;
}

export function readColour(raw: unknown): Colour {
  if (raw === undefined) return 'random';
  if (typeof raw !== 'string' || !(COLOURS as readonly string[]).includes(raw)) throw bad(`"colour" must be one of ${COLOURS.join(', ')}`);
  return raw as Colour;
}

/** An optional rating range `{ min, max }` (integers, min <= max). */
export function readRange(raw: unknown): RatingRange | null {
  if (raw === undefined || raw === null) return null;
  if (!isObject(raw)) throw bad('"range" must be { min, max }');
  const min = intField(raw, 'min', RATING_BOUNDS.min, RATING_BOUNDS.max);
  const max = intField(raw, 'max', RATING_BOUNDS.min, RATING_BOUNDS.max);
  if (min > max) throw bad('"range": min must not be above max');
  return { min, max };
}

// ---- pools ----

/** A quick-pairing pool: one ruleset (default options), one clock; a game rated when both entries are (accounts). */
export interface PoolSpec {
  id: string;
  ruleset: string;
  clock: ClockSpec | null;
  /** The clock's short name: 5+3, 10+5, 30+20, corr. */
  speed: string;
}

const POOL_CLOCKS: { speed: string; clock: ClockSpec | null }[] = [
  { speed: '5+3', clock: { baseMs: 5 * 60_000, incrementMs: 3_000 } },
  { speed: '10+5', clock: { baseMs: 10 * 60_000, incrementMs: 5_000 } },
  { speed: '30+20', clock: { baseMs: 30 * 60_000, incrementMs: 20_000 } },
  { speed: 'corr', clock: null },
];

/** Every pool: each ruleset whose default game has two players, at each pool clock. Ids: `<ruleset>/<speed>`. */
export function poolSpecs(): PoolSpec[] {
  const out: PoolSpec[] = [];
  for (const r of RULESETS) {
    const g = buildGame(r.info.id, {});
    if (!g.ok || g.value.players !== 2) continue;
    for (const c of POOL_CLOCKS) out.push({ id: `${r.info.id}/${c.speed}`, ruleset: r.info.id, clock: c.clock, speed: c.speed });
  }
  return out;
}

/** The terms of a pool's games, rated or casual. */
export function poolTerms(p: PoolSpec, rated: boolean): Terms {
  const g = buildGame(p.ruleset, {});
  if (!g.ok) fail(g.error);
  return { ruleset: p.ruleset, options: { ...g.value.options }, preset: null, clock: p.clock, rated };
}

/**
 * Positions as text and as JSON: everything needed to continue a match exactly (board, owners,
 * marks, off-board piles, whose move, phase, round and turn counters, race fields, the
 * ruleset's own fields, the seeded generator and the round-stalemate history).
 *
 * ## Text form (one line, space-separated tokens)
 *
 * ```
 * gabata-adowa 3.3.3.3.3.3/3.3.3.3.3.3/3.3.3.3.3.3 o:111111/222111/222222 c:0,0 m:1 ph:play r:1 t:0 ply:0 rs:1 rng:6f0e...
 * gabata-aksum(players=3,captureGate=none) 0.4w1.3...
 * ```
 *
 * 1. `ruleset` or `ruleset(name=value,...)`: the ruleset id (aliases accepted) and the options
 *    that differ from their defaults.
 * 2. The board: the count of each hole in hole-index order (SPEC numbering), separated by `.`;
 *    `/` separates the rows of the geometry (cosmetic: the parser accepts `.` or `/` anywhere).
 *    A marked hole (wegue, nedf) carries `w` and its owner: `4w1` (`n` and `*` are read as `w`).
 * 3. `key:value` fields, in any order, each at most once:
 *    `o:` owner digit of each hole (`/` between rows allowed) · `c:` captured (hand or store) by
 *    player, comma-separated, player 1 first · `m:` player to move (0 = simultaneous node or
 *    over) · `ph:` phase (play, continue, choose, race, over) · `r:` round · `t:` turns begun in
 *    the round · `ply:` decisions since the start · `rs:` round starter · `rng:` the generator
 *    (32 hex digits).
 *    Written only when not at their default: `rv:` reserve by player (0s) · `a:` active flag
 *    digit by player (all 1) · `sc:` scores (0s) · `ps:` consecutive passes (0) · `rh:`/`rc:`/`rd:`
 *    race hand / cursor / finishing place by player (0s / -1s / 0s) · `rt:` race ticks (0) ·
 *    `rw:` race winner (0) · `w:` winner (-1 ongoing, 0 draw, p) · `er:` end reason (none) ·
 *    `ge:` guard-ended rounds (0) · `x:` the ruleset's own fields, compact JSON (whitespace
 *    inside strings escaped as \uXXXX) · `h:` the stalemate history, `length:key.key...`
 *    (the recorded-turn count, then the kept keys as 8 hex digits in slot order: the history is
 *    a ring of HISTORY slots; empty).
 *    When parsing, a missing `o:` means the ruleset's initial owners, a missing `x:` whatever the
 *    ruleset's `extraFromJSON({})` makes of it, and any other missing field its default above
 *    (rng: seed 1). Option values other than [A-Za-z0-9_.+-] are %-escaped.
 *
 * ## JSON form
 *
 * `{ format: "gabata-position/1", ruleset, options (all, resolved), players, counts[hole],
 *    owners[hole], marks[hole], captured[], reserve[], active[] (0/1), scores[], toMove, phase,
 *    round, turn, ply, roundStarter, passes, race: {hand[], cursor[], done[], tick, winner},
 *    winner, endReason, guardEnds, extra: {...}, rng, history: {length, keys[]} }`.
 * Arrays by player (`captured`, `reserve`, `active`, `scores`, `race.*`) start with player 1
 * (index 0 = player 1). Only `counts` is required when parsing; other fields default as in the
 * text form. Unknown fields are errors (they are usually typos).
 *
 * Both forms are parsed into a `State` through one path and checked with `game.validate`;
 * `makePosition(parsePosition(t)) === t` for canonical text and JSON round-trips exactly.
 * A position is accepted only when it is reachable in kind: a finished match (`ph:over`) carries
 * a result (`w:`, `er:`, `sc:`) its rules give for the board and nobody to move; a match in play
 * has no winner, no scores yet and a legal move for whoever decides (no dead ends); a phase occurs
 * only under options that allow it; every `x:` field is known, integral and in range; the counters
 * (`r:`, `t:`, `ps:`, `ge:`) stay within what the options and the guards of SPEC §8 allow, and
 * before a round's first turn (`t:0`) its starter (`rs:`) is to move; the history (`h:`) is the
 * one the round-stalemate guard keeps (its newest key the position's own, no key three times in a
 * round that goes on); race places (`rd:`) are 1 and 2, the winner placed first. Anything else is
 * ERR_POSITION with the reason.
 */
import { err, type Result } from '../core/errors.js';
import type { Game } from '../core/game.js';
import { defaultOptions, type OptionValue } from '../core/options.js';
import { END_REASONS, HISTORY, PHASES, type State } from '../core/state.js';
import { getRuleset } from '../games/index.js';
import { bareMessage } from './move.js';
import { fromObject, isObject, type ParsePositionOptions, POSITION_FORMAT, type Position, perPlayer } from './position-object.js';
import { readTextTokens } from './position-text.js';

export { POSITION_FORMAT, type ParsePositionOptions, type Position, type RulesetLookup } from './position-object.js';

/** Longest position text (or JSON) accepted. */
export const MAX_POSITION_TEXT = 100_000;

export interface PositionJSON {
  format: typeof POSITION_FORMAT;
  ruleset: string;
  options: Record<string, OptionValue>;
  players: number;
  counts: number[];
  owners: number[];
  marks: number[];
  captured: number[];
  reserve: number[];
  active: number[];
  scores: number[];
  toMove: number;
  phase: string;
  round: number;
  turn: number;
  ply: number;
  roundStarter: number;
  passes: number;
  race: { hand: number[]; cursor: number[]; done: number[]; tick: number; winner: number };
  winner: number;
  endReason: string;
  guardEnds: number;
  extra: Record<string, unknown>;
  rng: string;
  history: { length: number; keys: number[] };
}

/** The JSON form of a position (every field). */
export function positionToJSON(game: Game, s: State): PositionJSON {
  const n = Math.min(s.historyLength, HISTORY);
  return {
    format: POSITION_FORMAT,
    ruleset: game.ruleset.info.id,
    options: { ...game.options },
    players: s.players,
    counts: Array.from(s.counts),
    owners: Array.from(s.owners),
    marks: Array.from(s.marks),
    captured: perPlayer(s.captured, s.players),
    reserve: perPlayer(s.reserve, s.players),
    active: perPlayer(s.active, s.players),
    scores: perPlayer(s.scores, s.players),
    toMove: s.toMove,
    phase: PHASES[s.phase] ?? String(s.phase),
    round: s.round,
    turn: s.turn,
    ply: s.ply,
    roundStarter: s.roundStarter,
    passes: s.passes,
    race: {
      hand: perPlayer(s.raceHand, s.players),
      cursor: perPlayer(s.raceCursor, s.players),
      done: perPlayer(s.raceDone, s.players),
      tick: s.raceTick,
      winner: s.raceWinner,
    },
    winner: s.winner,
    endReason: END_REASONS[s.endReason] ?? String(s.endReason),
    guardEnds: s.guardEnds,
    extra: game.extraToJSON(s),
    rng: s.rng.save(),
    history: { length: s.historyLength, keys: Array.from(s.history.subarray(0, n)) },
  };
}

/** Separator before hole i in the board and owner strings: '/' where the geometry's row changes. */
function sep(game: Game, i: number): string {
  if (i === 0) return '';
  const r = game.geometry.holeRow;
  return r[i] !== r[i - 1] ? '/' : '.';
}

/** Compact JSON without any whitespace (so that it stays one token of the text form). */
function compactJSON(x: unknown): string {
  return JSON.stringify(x).replace(/\s/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** Option values stay one token: anything but [A-Za-z0-9_.+-] is written %XX (UTF-8). */
function escapeOptionValue(v: string): string {
  return v.replace(/[^A-Za-z0-9_.+-]/gu, (c) =>
    encodeURIComponent(c).replace(/[!'()*~]/g, (x) => `%${x.charCodeAt(0).toString(16).toUpperCase()}`),
  );
}

/** The options that differ from the ruleset's defaults, as `(name=value,...)` or ''. */
function optionsSuffix(game: Game): string {
  const defs = defaultOptions(game.ruleset.options);
  const parts: string[] = [];
  for (const [k, v] of Object.entries(game.options)) if (defs[k] !== v) parts.push(`${k}=${escapeOptionValue(String(v))}`);
  return parts.length ? `(${parts.join(',')})` : '';
}

/** The one-line text form of a position (canonical: defaults omitted, fields in a fixed order). */
export function makePosition(game: Game, s: State): string {
  const P = s.players;
  const board: string[] = [];
  const owners: string[] = [];
  for (let i = 0; i < s.holeCount; i++) {
    board.push(sep(game, i) + String(s.counts[i]) + (s.marks[i] ? `w${s.marks[i]}` : ''));
    owners.push((sep(game, i) === '/' ? '/' : '') + String(s.owners[i]));
  }
  const list = (a: ArrayLike<number>): string => perPlayer(a, P).join(',');
  const allAre = (a: ArrayLike<number>, v: number): boolean => perPlayer(a, P).every((x) => x === v);
  const t: string[] = [game.ruleset.info.id + optionsSuffix(game), board.join(''), `o:${owners.join('')}`, `c:${list(s.captured)}`];
  if (!allAre(s.reserve, 0)) t.push(`rv:${list(s.reserve)}`);
  if (!allAre(s.active, 1)) t.push(`a:${perPlayer(s.active, P).join('')}`);
  if (!allAre(s.scores, 0)) t.push(`sc:${list(s.scores)}`);
  t.push(`m:${s.toMove}`, `ph:${PHASES[s.phase] ?? s.phase}`, `r:${s.round}`, `t:${s.turn}`, `ply:${s.ply}`, `rs:${s.roundStarter}`);
  if (s.passes !== 0) t.push(`ps:${s.passes}`);
  if (!allAre(s.raceHand, 0)) t.push(`rh:${list(s.raceHand)}`);
  if (!allAre(s.raceCursor, -1)) t.push(`rc:${list(s.raceCursor)}`);
  if (!allAre(s.raceDone, 0)) t.push(`rd:${list(s.raceDone)}`);
  if (s.raceTick !== 0) t.push(`rt:${s.raceTick}`);
  if (s.raceWinner !== 0) t.push(`rw:${s.raceWinner}`);
  if (s.winner !== -1) t.push(`w:${s.winner}`);
  if (s.endReason !== 0) t.push(`er:${END_REASONS[s.endReason] ?? s.endReason}`);
  if (s.guardEnds !== 0) t.push(`ge:${s.guardEnds}`);
  const extra = game.extraToJSON(s);
  if (Object.keys(extra).length > 0) t.push(`x:${compactJSON(extra)}`);
  t.push(`rng:${s.rng.save()}`);
  if (s.historyLength > 0) {
    const keys = Array.from(s.history.subarray(0, Math.min(s.historyLength, HISTORY)), (k) => k.toString(16).padStart(8, '0'));
    t.push(`h:${s.historyLength}:${keys.join('.')}`);
  }
  return t.join(' ');
}

/**
 * Parses the JSON form (text or an already-parsed object). `expect`, when given, is the ruleset
 * the position must be of (and the one used when the JSON does not name one).
 */
export function parsePositionJSON(input: unknown, opts: ParsePositionOptions = {}): Result<Position> {
  let o = input;
  if (typeof input === 'string') {
    if (input.length > MAX_POSITION_TEXT) return err('ERR_POSITION', `position text is too long (${input.length} characters)`, 'position');
    try {
      o = JSON.parse(input);
    } catch (e) {
      return err('ERR_POSITION', `not valid JSON: ${(e as Error).message}`, 'json');
    }
  }
  if (!isObject(o)) return err('ERR_POSITION', 'a JSON position is an object with at least counts', 'json');
  return fromObject(o, opts.lookup ?? getRuleset, opts.expect);
}

/** Parses the one-line text form. */
export function parsePosition(text: unknown, opts: ParsePositionOptions = {}): Result<Position> {
  if (typeof text !== 'string') return err('ERR_POSITION', `a position must be text, not ${typeof text}`, 'position');
  if (text.length > MAX_POSITION_TEXT) return err('ERR_POSITION', `position text is too long (${text.length} characters)`, 'position');
  const tokens = text
    .trim()
    .split(/\s+/)
    .filter((x) => x !== '');
  if (tokens.length === 0) return err('ERR_POSITION', 'empty position', 'position');
  const read = readTextTokens(tokens, opts);
  if (!read.ok) return read;
  const t = read.value;
  const r = fromObject(t.o, opts.lookup ?? getRuleset, opts.expect);
  if (r.ok) return r;
  // Point at the token the offending field came from.
  const w = r.error.where ?? '';
  const field = [...t.origin.keys()]
    .sort((a, b) => b.length - a.length)
    .find((f) => w === f || w.startsWith(f + '[') || w.startsWith(f + '.'));
  return err('ERR_POSITION', bareMessage(r.error), field ? `${t.origin.get(field)} (${w})` : w || undefined);
}

/**
 * Parses a position in either form: JSON when it starts with `{`, text otherwise. This is what
 * tools accept as a `<position>` argument.
 */
export function parseAnyPosition(text: unknown, opts: ParsePositionOptions = {}): Result<Position> {
  if (typeof text === 'string' && text.trimStart().startsWith('{')) return parsePositionJSON(text, opts);
  if (isObject(text)) return parsePositionJSON(text, opts);
  return parsePosition(text, opts);
}

/** The first field in which two states differ (null when equal): for tests and diagnostics. */
export function diffStates(a: State, b: State): string | null {
  if (a.players !== b.players) return 'players';
  if (a.holeCount !== b.holeCount) return 'holeCount';
  const arrays = [
    'counts',
    'owners',
    'marks',
    'captured',
    'reserve',
    'active',
    'scores',
    'raceHand',
    'raceCursor',
    'raceDone',
    'aux',
  ] as const;
  for (const k of arrays) {
    const x = a[k];
    const y = b[k];
    for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return `${k}[${i}]`;
  }
  const scalars = [
    'historyLength',
    'toMove',
    'phase',
    'round',
    'turn',
    'ply',
    'roundStarter',
    'passes',
    'raceTick',
    'raceWinner',
    'winner',
    'endReason',
    'guardEnds',
  ] as const;
  for (const k of scalars) if (a[k] !== b[k]) return k;
  for (let i = 0; i < Math.min(a.historyLength, HISTORY); i++) if (a.history[i] !== b.history[i]) return `history[${i}]`;
  if (a.rng.save() !== b.rng.save()) return 'rng';
  return null;
}

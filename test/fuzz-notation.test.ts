/**
 * Fuzzing every text input of the notation layer with seeded random mutations of valid inputs:
 * position text, position JSON, move text, record JSON. A parser must never throw: it returns a
 * value or a GabataError with a known code. What it accepts must be usable: a parsed position
 * prints and parses back to itself and its legal moves can be played.
 */
import { describe, expect, it } from 'vitest';
import { ERROR_CODES, GabataError, type Result } from '../packages/engine/src/core/errors.js';
import { MAX_MOVES, type Game, type Ruleset } from '../packages/engine/src/core/game.js';
import { Rng } from '../packages/engine/src/core/rng.js';
import { PHASE_OVER, type State } from '../packages/engine/src/core/state.js';
import { RULESETS } from '../packages/engine/src/games/index.js';
import { isSimultaneous, parseLegalMove, parseMove, applyParsed } from '../packages/engine/src/notation/move.js';
import {
  diffStates,
  makePosition,
  parseAnyPosition,
  parsePosition,
  parsePositionJSON,
  positionToJSON,
} from '../packages/engine/src/notation/position.js';
import { makeRecord, parseRecord, replayRecord, stringifyRecord } from '../packages/engine/src/notation/record.js';
import { mustCreate, randomPlayout } from './helpers/random-play.js';

const ALPHABET = '0123456789.,/:|()=-{}[]"wn* abcxyzABC\\\t\n\u00a0é💥';
const CHUNKS = ['99999999999', '-1', 'NaN', 'null', '""', '{}', '[]', 'ph:race', 'm:0', '4w9', 'x:{}', 'h:1:', '|', '1e309', 'true'];
/** Whole fields that are well-formed but often unreachable: what a parser must judge, not just read. */
const FIELDS = [
  ' ph:over',
  ' ph:choose',
  ' ph:continue',
  ' ph:race',
  ' w:0',
  ' w:1',
  ' er:rules',
  ' ps:2',
  ' ge:1',
  ' x:{"startedMask":1e300}',
  ' x:{"gain1":1}',
  ' x:{"latestNedf":[0,0]}',
  ' x:{"constructor":1}',
  ' sc:27,27',
];

/** One random edit of a string. */
function mutate(text: string, rng: Rng): string {
  const pos = text.length === 0 ? 0 : rng.int(text.length + 1);
  switch (rng.int(8)) {
    case 0: // delete a run
      return text.slice(0, pos) + text.slice(pos + 1 + rng.int(4));
    case 1: // insert a character
      return text.slice(0, pos) + ALPHABET[rng.int(ALPHABET.length)] + text.slice(pos);
    case 2: // replace a character
      return text.slice(0, pos) + ALPHABET[rng.int(ALPHABET.length)] + text.slice(pos + 1);
    case 3: // insert a nasty chunk
      return text.slice(0, pos) + CHUNKS[rng.int(CHUNKS.length)] + text.slice(pos);
    case 4: // truncate
      return text.slice(0, pos);
    case 5: {
      // duplicate a piece
      const end = Math.min(text.length, pos + 1 + rng.int(12));
      return text.slice(0, end) + text.slice(pos, end) + text.slice(end);
    }
    case 6: {
      // swap two space-separated tokens
      const t = text.split(' ');
      const i = rng.int(t.length);
      const j = rng.int(t.length);
      [t[i], t[j]] = [t[j]!, t[i]!];
      return t.join(' ');
    }
    default: {
      // change a number
      return text.replace(/\d+/, () => String(rng.int(3) === 0 ? -rng.int(100) : rng.int(1 << rng.int(31))));
    }
  }
}

function mutateN(text: string, rng: Rng): string {
  let t = text;
  const n = 1 + rng.int(3);
  for (let i = 0; i < n; i++) t = mutate(t, rng);
  return t;
}

/** Calls a parser; fails the test if it throws or returns an error that is not a GabataError with a known code. */
function neverThrows<T>(label: string, input: string, f: () => Result<T>): Result<T> {
  let r: Result<T>;
  try {
    r = f();
  } catch (e) {
    throw new Error(`${label} threw on ${JSON.stringify(input)}: ${(e as Error).stack}`);
  }
  if (!r.ok) {
    expect(r.error, label).toBeInstanceOf(GabataError);
    expect(ERROR_CODES).toContain(r.error.code);
    expect(r.error.message.length).toBeGreaterThan(0);
  }
  return r;
}

const ITER = 1500;

/**
 * What an accepted position promises: a finished match has a result and nobody to move; a match
 * in play is no dead end (the player to move, or every player at a simultaneous node, has a move).
 */
function expectUsable(game: Game, s: State, input: string): void {
  const buf = new Int32Array(MAX_MOVES);
  if (s.phase === PHASE_OVER) {
    expect(s.winner, input).toBeGreaterThanOrEqual(0);
    expect(s.toMove, input).toBe(0);
    return;
  }
  expect(s.winner, input).toBe(-1);
  if (isSimultaneous(s)) {
    for (let p = 1; p <= s.players; p++) if (s.active[p]) expect(game.legalMovesFor(s, p, buf), input).toBeGreaterThan(0);
  } else {
    expect(game.legalMoves(s, buf), input).toBeGreaterThan(0);
  }
}

describe('fuzzing the notation parsers', () => {
  for (const rs of RULESETS as Ruleset[]) {
    const game = mustCreate(rs, {});
    const samples = randomPlayout(game, 4242, 120).positions.filter((_, i) => i % 10 === 0);
    // A finished match too (the description's short match: a few rounds, no concession), so that results get mutated.
    const short = mustCreate(rs, rs.info.shortMatch);
    const finished = randomPlayout(short, 4242, 20000, false).final;

    it(`${rs.info.id}: mutated position text never throws; what parses is a usable position`, () => {
      const rng = new Rng(1);
      let accepted = 0;
      for (let i = 0; i < ITER; i++) {
        const s = samples[rng.int(samples.length)]!;
        const input = mutateN(makePosition(game, s), rng);
        const r = neverThrows('parsePosition', input, () => parsePosition(input));
        if (!r.ok) continue;
        accepted++;
        expectUsable(r.value.game, r.value.state, input);
        // A position that parses prints canonically and parses back to the same state.
        const text = makePosition(r.value.game, r.value.state);
        const again = parsePosition(text);
        expect(again.ok, text).toBe(true);
        if (again.ok) expect(diffStates(again.value.state, r.value.state)).toBeNull();
      }
      // Some mutations are harmless (a changed rng digit, swapped fields): they must still parse.
      expect(accepted).toBeGreaterThan(0);
    });

    it(`${rs.info.id}: positions with well-formed but unreachable fields are refused, or usable`, () => {
      const rng = new Rng(5);
      let accepted = 0;
      let refused = 0;
      for (let i = 0; i < ITER; i++) {
        const base = rng.int(4) === 0 ? makePosition(short, finished) : makePosition(game, samples[rng.int(samples.length)]!);
        // Replace a field of the same key, or add one.
        let input = base;
        for (let k = 1 + rng.int(2); k > 0; k--) {
          const field = FIELDS[rng.int(FIELDS.length)]!;
          const key = field.slice(1, field.indexOf(':') + 1);
          input = input.includes(` ${key}`) ? input.replace(new RegExp(` ${key}\\S*`), field) : input + field;
        }
        const r = neverThrows('parsePosition', input, () => parsePosition(input));
        if (!r.ok) {
          refused++;
          continue;
        }
        accepted++;
        expectUsable(r.value.game, r.value.state, input);
      }
      expect(refused).toBeGreaterThan(0);
      expect(accepted).toBeGreaterThan(0);
    });

    it(`${rs.info.id}: mutated position JSON never throws`, () => {
      const rng = new Rng(2);
      let accepted = 0;
      for (let i = 0; i < ITER; i++) {
        const s = samples[rng.int(samples.length)]!;
        const input = mutateN(JSON.stringify(positionToJSON(game, s)), rng);
        const r = neverThrows('parsePositionJSON', input, () => parsePositionJSON(input));
        if (r.ok) {
          accepted++;
          const j = positionToJSON(r.value.game, r.value.state);
          const back = parseAnyPosition(JSON.stringify(j));
          expect(back.ok).toBe(true);
        }
      }
      expect(accepted).toBeGreaterThan(0);
    });

    it(`${rs.info.id}: mutated move texts never throw; accepted legal moves apply`, () => {
      const rng = new Rng(3);
      const buf = new Int32Array(MAX_MOVES);
      let legal = 0;
      for (let i = 0; i < ITER; i++) {
        const s = samples[rng.int(samples.length)]!;
        if (s.phase === PHASE_OVER) continue;
        let seedText: string;
        if (isSimultaneous(s)) {
          const parts: string[] = [];
          for (let p = 1; p <= s.players; p++) {
            const n = game.legalMovesFor(s, p, buf);
            parts.push(n ? game.moveText(s, buf[rng.int(n)]!) : '0');
          }
          seedText = parts.join('|');
        } else {
          const n = game.legalMoves(s, buf);
          seedText = n ? game.moveText(s, buf[rng.int(n)]!) : 'pass';
        }
        const input = rng.int(4) === 0 ? seedText : mutateN(seedText, rng);
        neverThrows('parseMove', input, () => parseMove(game, s, input));
        const r = neverThrows('parseLegalMove', input, () => parseLegalMove(game, s, input));
        if (r.ok) {
          legal++;
          const c = s.clone();
          expect(() => applyParsed(game, c, r.value)).not.toThrow();
          expect(c.total()).toBe(s.total());
        }
      }
      expect(legal).toBeGreaterThan(0);
    });

    it(`${rs.info.id}: mutated records never throw when parsed or replayed`, () => {
      const rng = new Rng(4);
      const play = randomPlayout(game, 77, 60);
      const text = stringifyRecord(makeRecord({ game, seed: 77, moves: play.moves, final: play.final }), undefined);
      let replayed = 0;
      for (let i = 0; i < ITER / 3; i++) {
        const input = mutateN(text, rng);
        const r = neverThrows('parseRecord', input, () => parseRecord(input));
        if (!r.ok) continue;
        const rr = neverThrows('replayRecord', input, () => replayRecord(r.value));
        if (rr.ok) replayed++;
      }
      expect(replayed).toBeGreaterThan(0);
    });
  }

  it('non-string inputs are errors, not exceptions', () => {
    let refused = 0;
    for (const x of [undefined, null, 3, true, [], {}, { counts: 'x' }, [{ a: 1 }]]) {
      const results = [
        neverThrows('parseAnyPosition', String(x), () => parseAnyPosition(x)),
        neverThrows('parsePositionJSON', String(x), () => parsePositionJSON(x)),
        neverThrows('parseRecord', String(x), () => parseRecord(x)),
      ];
      // None of them is a position or a record: each must be refused, not accepted as something.
      for (const r of results) {
        expect(r.ok, `accepted ${JSON.stringify(x)}`).toBe(false);
        if (!r.ok) refused++;
      }
    }
    expect(refused).toBe(24);
  });
});

import { describe, expect, it } from 'vitest';
import {
  FIRST_PLAYERS,
  OptionReader,
  PERPETUAL_MOVES,
  firstPlayerOption,
  resolveOptions,
  roundStarterOption,
  type OptionSpec,
} from './options.js';

const SPECS: readonly OptionSpec[] = [
  { name: 'perpetualMove', kind: 'choice', values: PERPETUAL_MOVES, default: 'illegal', question: '', explain: {} },
  { name: 'guardian', kind: 'boolean', default: true, question: '', explain: { true: '', false: '' } },
  { name: 'rounds', kind: 'integer', min: 0, max: 9, default: 0, question: '', explain: {} },
];

describe('OptionReader: resolved options read one typed way', () => {
  it('reads a choice as its tuple type, a flag and an integer, after resolveOptions', () => {
    const values = resolveOptions(SPECS, { perpetualMove: 'drawRound', guardian: 'false', rounds: '3' });
    expect(values.ok).toBe(true);
    if (!values.ok) return;
    const read = new OptionReader(values.value);
    const move: (typeof PERPETUAL_MOVES)[number] = read.choice('perpetualMove', PERPETUAL_MOVES);
    expect([move, read.flag('guardian'), read.integer('rounds')]).toEqual(['drawRound', false, 3]);
  });

  it('an option the ruleset lacks reads as the given fallback; a value outside the tuple is a programming error', () => {
    const read = new OptionReader({ perpetualMove: 'sometimes', rounds: 'x' });
    expect(read.choice('chafaLocation', ['fixed', 'currentLeftmost'] as const, 'fixed')).toBe('fixed');
    expect(() => read.choice('perpetualMove', PERPETUAL_MOVES)).toThrow(/perpetualMove/);
    expect(() => read.choice('missing', PERPETUAL_MOVES)).toThrow(/missing/);
    expect(() => read.flag('guardian')).toThrow(/guardian/);
    expect(() => read.integer('rounds')).toThrow(/rounds/);
  });

  it('the shared specs list the values of their tuples', () => {
    expect(firstPlayerOption({ players: 3 }).values).toEqual(FIRST_PLAYERS);
    expect(firstPlayerOption({ players: 2 }).values).toEqual(['P1', 'P2', 'random']);
    expect(roundStarterOption({ loser: '', winner: '' }).values).toEqual(['alternate', 'loser', 'winner']);
  });
});

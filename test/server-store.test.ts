/**
 * The SQLite store on its own: a game and its moves are written in one transaction each, a stale
 * append writes nothing, a failed multi-row write leaves nothing behind, and a reopened file has
 * everything that was committed.
 */
import { rmSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { GameStore, type MoveRow } from '../src/server/store.js';
import { tempDir } from './web-harness.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function open(): { store: GameStore; file: string } {
  const d = tempDir('gabata-store-');
  dirs.push(d);
  const file = path.join(d, 'g.db');
  return { store: new GameStore(file), file };
}

const move = (ply: number, text = String(ply)): MoveRow => ({ ply, move: text, codes: [ply], joint: false, position: '{}' });
const base = { ruleset: 'gabata-adowa', options: { players: 2 }, seed: 1, seats: ['human', 'computer:1'], status: 'playing', result: null };

describe('game store', () => {
  it('appends moves in order and refuses a stale ply without writing', () => {
    const { store } = open();
    store.createGame({ id: 'a', ...base });
    expect(store.appendMove('a', move(0), 'playing', null)).toBe(true);
    expect(store.appendMove('a', move(1), 'playing', null)).toBe(true);
    expect(store.appendMove('a', move(1, 'again'), 'playing', null)).toBe(false);
    expect(store.appendMove('a', move(5), 'playing', null)).toBe(false);
    expect(store.getMoves('a').map((m) => m.move)).toEqual(['0', '1']);
    expect(store.getGame('a')!.moveCount).toBe(2);
    store.close();
  });

  it('a game created with moves is all or nothing: a bad row rolls the whole game back', () => {
    const { store } = open();
    expect(() => store.createGame({ id: 'b', ...base }, [move(0), move(1), move(1)])).toThrow();
    expect(store.getGame('b')).toBeUndefined();
    expect(store.getMoves('b')).toEqual([]);
    store.close();
  });

  it('undo truncates the moves and updates the status together; what was committed survives reopening', () => {
    const { store, file } = open();
    store.createGame({ id: 'c', ...base });
    for (let i = 0; i < 4; i++) store.appendMove('c', move(i), i === 3 ? 'over' : 'playing', i === 3 ? 'player 1 wins' : null);
    expect(store.getGame('c')!.status).toBe('over');
    expect(store.truncateMoves('c', 2, 'playing', null)).toBe(2);
    store.close();
    const again = new GameStore(file);
    const g = again.getGame('c')!;
    expect(g.moveCount).toBe(2);
    expect(g.status).toBe('playing');
    expect(g.result).toBeNull();
    expect(again.listGames().map((x) => x.id)).toEqual(['c']);
    expect(again.deleteGame('c')).toBe(true);
    expect(again.getMoves('c')).toEqual([]);
    again.close();
  });
});

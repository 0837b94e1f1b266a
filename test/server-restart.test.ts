/**
 * A crash of the real server process (SIGKILL) in the middle of an online game: every move that
 * was acknowledged is in SQLite; a new process on the same database file and port takes the
 * clients back, a client that reconnects with `since` gets what it missed, in order, and the game
 * continues over the socket.
 */
import { rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_MOVES, type Game } from '../packages/engine/src/core/game.js';
import { getRuleset } from '../packages/engine/src/games/index.js';
import { ensureBuilt, newKey, openLive, request, restartServer, startServer, tempDir, type RunningServer } from './web-harness.js';

let dir: string;
let server: RunningServer;

beforeAll(async () => {
  ensureBuilt({ web: false });
  dir = tempDir('gabata-restart-');
  server = await startServer(path.join(dir, 'games.db'));
});

afterAll(async () => {
  await server?.stop();
  rmSync(dir, { recursive: true, force: true });
});

function gifia(): Game {
  const r = getRuleset('gifia');
  if (!r.ok) throw r.error;
  const g = r.value.create({});
  if (!g.ok) throw g.error;
  return g.value;
}

describe('restart after a crash', () => {
  it('clients reconnect with since, catch up in order, and play on', async () => {
    const a = newKey();
    const b = newKey();
    const c = await request(server.url, 'POST', '/api/games', { ruleset: 'gifia', seed: 9, seats: ['human', 'invite'] }, undefined, {
      key: a,
    });
    const id = c.body.game.id;
    await request(server.url, 'POST', `/api/games/${id}/join`, { token: c.body.invites[0].token }, undefined, { key: b });
    const game = gifia();
    const s = game.newState(9);
    const first = (): number => {
      const buf = new Int32Array(MAX_MOVES);
      game.legalMoves(s, buf);
      return buf[0]!;
    };
    const la = await openLive(server.url, id, { key: a });
    const lb = await openLive(server.url, id, { key: b });
    for (let ply = 0; ply < 4; ply++) {
      const seat = s.toMove;
      const code = first();
      const client = seat === 1 ? la : lb;
      client.send({ type: 'move', id: ply, seat, ply, code });
      await client.next((m) => m.type === 'ack' && m.id === ply);
      game.apply(s, code);
    }
    // b has seen plies 0..3 only up to 1 when the server dies (it will ask from 1).
    server = await restartServer(server, 'SIGKILL');
    expect(await la.closed).not.toBe(1000);
    await lb.closed;
    const lb2 = await openLive(server.url, id, { key: b, since: 1 });
    await lb2.next((m) => m.type === 'move' && m.ply === 3);
    expect(lb2.frames.filter((m) => m.type === 'move').map((m) => m.ply)).toEqual([2, 3]);
    const la2 = await openLive(server.url, id, { key: a, since: 3 });
    const seat = s.toMove;
    const code = first();
    const mover = seat === 1 ? la2 : lb2;
    mover.send({ type: 'move', id: 99, seat, ply: 4, code });
    expect(await mover.next((m) => m.id === 99)).toMatchObject({ type: 'ack', ply: 5 });
    for (const cl of [la2, lb2]) expect((await cl.next((m) => m.type === 'move' && m.ply === 4)).codes).toEqual([code]);
    await la2.close();
    await lb2.close();
    expect((await request(server.url, 'GET', `/api/games/${id}`)).body.game.moveCount).toBe(5);
  });
});

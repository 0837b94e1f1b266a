/**
 * What the API does with games, one method per route: create, import, read, delete, play a move,
 * undo, export. Every move is validated by the engine before it is written; the replayed game of
 * each stored game is kept in memory between requests and rebuilt after a restart or an undo.
 */
import { randomBytes, randomInt } from 'node:crypto';
import type { Game } from '../core/game.js';
import type { State } from '../core/state.js';
import { RULESETS } from '../games/index.js';
import type { GameRecord } from '../notation/record.js';
import { HttpError, fail } from './http.js';
import { applyDecision, buildGame, replay, snapshot, statusOf } from './match.js';
import { decisionOf, makeGameRecord, readGameRecord } from './record.js';
import type { GameRow, GameStore, MoveRow } from './store.js';

export const SEAT_KINDS = ['human', 'computer:1', 'computer:2', 'computer:3', 'computer:4', 'computer:5'] as const;

/** A reply: HTTP status and JSON body. */
export type Reply = [status: number, body: unknown];

/** Game, replayed state and move count of a stored game. */
interface Live {
  game: Game;
  state: State;
  moveCount: number;
}

function newId(): string {
  return randomBytes(6).toString('base64url').replace(/[-_]/g, 'x');
}

function gameJSON(g: GameRow, moves?: MoveRow[]): Record<string, unknown> {
  const out: Record<string, unknown> = {
    id: g.id,
    ruleset: g.ruleset,
    options: g.options,
    seed: g.seed,
    seats: g.seats,
    created: g.created,
    updated: g.updated,
    status: g.status,
    result: g.result,
    moveCount: g.moveCount,
  };
  if (moves) out['moves'] = moves.map((m) => ({ ply: m.ply, move: m.move, codes: m.codes, joint: m.joint }));
  return out;
}

function parseSeats(raw: unknown, players: number): string[] {
  if (raw === undefined) return Array.from({ length: players }, (_, i) => (i === 0 ? 'human' : 'computer:2'));
  if (!Array.isArray(raw) || raw.length !== players) {
    throw new HttpError(400, 'ERR_ARGUMENT', `"seats" must list ${players} seats, one per player`);
  }
  return raw.map((k, i) => {
    if (typeof k !== 'string' || !(SEAT_KINDS as readonly string[]).includes(k)) {
      throw new HttpError(400, 'ERR_ARGUMENT', `seat ${i + 1} cannot be ${JSON.stringify(k)}; expected one of ${SEAT_KINDS.join(', ')}`);
    }
    return k;
  });
}

function parseSeed(raw: unknown): number {
  if (raw === undefined || raw === null) return randomInt(1, 2 ** 31);
  if (typeof raw !== 'number' || !Number.isInteger(raw) || raw < 0 || raw > 0xffffffff) {
    throw new HttpError(400, 'ERR_ARGUMENT', '"seed" must be an integer from 0 to 4294967295');
  }
  return raw;
}

/** Seats of an imported record: its agents when they are seat kinds, one per player; else people. */
function importedSeats(agents: readonly string[] | undefined, players: number): string[] {
  const known = (a: string): boolean => (SEAT_KINDS as readonly string[]).includes(a);
  return agents && agents.length === players && agents.every(known) ? [...agents] : Array.from({ length: players }, () => 'human');
}

export class GamesApi {
  private readonly live = new Map<string, Live>();

  constructor(private readonly store: GameStore) {}

  rulesets(): Reply {
    return [200, { rulesets: RULESETS.map((r) => ({ info: r.info, options: r.options, presets: r.presets })) }];
  }

  list(): Reply {
    return [200, { games: this.store.listGames().map((g) => gameJSON(g)) }];
  }

  get(id: string): Reply {
    const g = this.loadRow(id);
    return [200, { game: gameJSON(g, this.store.getMoves(id)) }];
  }

  delete(id: string): Reply {
    if (!this.store.deleteGame(id)) throw new HttpError(404, 'ERR_NOT_FOUND', `no game '${id}'`);
    this.live.delete(id);
    return [200, { deleted: id }];
  }

  create(body: Record<string, unknown>): Reply {
    if (typeof body['ruleset'] !== 'string') throw new HttpError(400, 'ERR_ARGUMENT', '"ruleset" (a ruleset id) is required');
    const options = body['options'] ?? {};
    if (typeof options !== 'object' || options === null || Array.isArray(options)) {
      throw new HttpError(400, 'ERR_ARGUMENT', '"options" must be an object of option names and values');
    }
    const built = buildGame(body['ruleset'], options as Record<string, unknown>);
    if (!built.ok) fail(built.error);
    const game = built.value;
    const seats = parseSeats(body['seats'], game.players);
    const seed = parseSeed(body['seed']);
    const s = game.newState(seed);
    const row = this.store.createGame({
      id: newId(),
      ruleset: game.ruleset.info.id,
      options: { ...game.options },
      seed,
      seats,
      ...statusOf(s),
    });
    this.live.set(row.id, { game, state: s, moveCount: 0 });
    return [201, { game: gameJSON(row, []) }];
  }

  import(body: unknown): Reply {
    const rec = readGameRecord(body);
    // A record of the wrong shape is a bad request; one whose moves do not replay is 422.
    if (!rec.ok) fail(rec.error, 400);
    const { ruleset, options, seed, moves } = rec.value;
    const built = buildGame(ruleset, options);
    if (!built.ok) fail(built.error, 422);
    const game = built.value;
    const seats = importedSeats(rec.value.agents, game.players);
    if (seed > 0xffffffff) throw new HttpError(422, 'ERR_RECORD', "the record's seed is larger than 4294967295");
    const s = game.newState(seed);
    const rows: MoveRow[] = [];
    for (let i = 0; i < moves.length; i++) {
      const r = applyDecision(game, s, decisionOf(s, moves[i]!));
      if (!r.ok) throw new HttpError(422, 'ERR_RECORD', `move ${i + 1} of the record ('${moves[i]}'): ${r.error.message}`);
      rows.push({ ply: i, move: r.value.text, codes: r.value.codes, joint: r.value.joint, position: JSON.stringify(snapshot(game, s)) });
    }
    const row = this.store.createGame(
      { id: newId(), ruleset: game.ruleset.info.id, options: { ...game.options }, seed, seats, ...statusOf(s) },
      rows,
    );
    this.live.set(row.id, { game, state: s, moveCount: rows.length });
    return [201, { game: gameJSON(row, this.store.getMoves(row.id)) }];
  }

  move(id: string, body: Record<string, unknown>): Reply {
    const g = this.loadRow(id);
    const l = this.loadLive(g);
    const ply = body['ply'];
    if (ply !== undefined && ply !== g.moveCount) {
      throw new HttpError(409, 'ERR_CONFLICT', `the game has ${g.moveCount} moves, not ${String(ply)}: reload it`);
    }
    const s = l.state.clone();
    const r = applyDecision(l.game, s, body);
    if (!r.ok) fail(r.error);
    const st = statusOf(s);
    const position = snapshot(l.game, s);
    const row: MoveRow = {
      ply: g.moveCount,
      move: r.value.text,
      codes: r.value.codes,
      joint: r.value.joint,
      position: JSON.stringify(position),
    };
    if (!this.store.appendMove(id, row, st.status, st.result)) {
      this.live.delete(id);
      throw new HttpError(409, 'ERR_CONFLICT', 'another move was stored first: reload the game');
    }
    this.live.set(id, { game: l.game, state: s, moveCount: g.moveCount + 1 });
    const { events } = r.value;
    return [
      200,
      { ply: row.ply, move: row.move, codes: row.codes, joint: row.joint, events, status: st.status, result: st.result, position },
    ];
  }

  undo(id: string, body: Record<string, unknown>): Reply {
    const g = this.loadRow(id);
    const to = body['toPly'] ?? g.moveCount - 1;
    if (typeof to !== 'number' || !Number.isInteger(to) || to < 0 || to > g.moveCount) {
      throw new HttpError(400, 'ERR_ARGUMENT', `"toPly" must be an integer from 0 to ${g.moveCount}`);
    }
    const l = this.loadLive(g);
    const kept = this.store.getMoves(id).slice(0, to);
    const s = replay(l.game, g.seed, kept);
    if (!s.ok) fail(s.error, 500);
    const st = statusOf(s.value);
    this.store.truncateMoves(id, to, st.status, st.result);
    this.live.set(id, { game: l.game, state: s.value, moveCount: to });
    return [200, { game: gameJSON(this.loadRow(id), this.store.getMoves(id)) }];
  }

  record(id: string): [number, GameRecord] {
    const g = this.loadRow(id);
    const l = this.loadLive(g);
    return [200, makeGameRecord(l.game, g, this.store.getMoves(id), l.state)];
  }

  private loadRow(id: string): GameRow {
    const g = this.store.getGame(id);
    if (!g) throw new HttpError(404, 'ERR_NOT_FOUND', `no game '${id}'`);
    return g;
  }

  private loadLive(g: GameRow): Live {
    const cached = this.live.get(g.id);
    if (cached && cached.moveCount === g.moveCount) return cached;
    const built = buildGame(g.ruleset, g.options);
    if (!built.ok) fail(built.error, 500);
    const s = replay(built.value, g.seed, this.store.getMoves(g.id));
    if (!s.ok) fail(s.error, 500);
    const l = { game: built.value, state: s.value, moveCount: g.moveCount };
    this.live.set(g.id, l);
    return l;
  }
}

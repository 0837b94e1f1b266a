/**
 * Games played with no server: a local game (every seat a person on this device or the computer,
 * no invitation) is kept in this browser's IndexedDB, its moves checked by the same engine the
 * server runs, and served to the game screen through the same port as the server's API
 * (`localServer`), so the controller plays it unchanged. The outbox (`sendLocalGames`) uploads
 * each such game when the server can be reached again: the record goes to POST /api/games/import,
 * any moves made meanwhile follow as ordinary moves, and from then on it is a normal saved game
 * on the server (its local copy remembers the server's id, and its page moves there).
 *
 * Local ids start with `local-`; they never reach the server.
 */
import { type Game, type GameEvent, MAX_MOVES, type State } from '@gabata/engine/core';
import { ApiError, api, type Decision, type MoveReply } from './api.js';
import type { PlayPorts } from './controller-modes.js';
import { applyStored, buildGame, isOver, isSimultaneous, type GameDoc, type StoredMove } from './engine.js';
import { rememberSeats, rememberedSeats } from './identity.js';

/** A game kept in this browser: what it takes to replay it, and where it went once uploaded. */
export interface LocalGame {
  id: string;
  ruleset: string;
  /** Every option, resolved by the engine (so the server replays the same game). */
  options: Record<string, unknown>;
  seed: number;
  /** Seat kinds, seat 1 first: 'human' or 'computer:N'. */
  seats: string[];
  moves: StoredMove[];
  created: string;
  updated: string;
  /** The server's id once the outbox has uploaded it; null while it waits. */
  serverId: string | null;
  /** The server's id once the record is imported, before the moves played meanwhile follow it. */
  importedAs?: string;
}

const DB_NAME = 'gabata-offline';
const STORE = 'games';
/** What a local game cannot do without the server (resign, draw offers, rematch). */
export const NEEDS_SERVER = 'needs a connection to the server: this game is kept on this device until it can be sent';

export const isLocalId = (id: string): boolean => id.startsWith('local-');

let opening: Promise<IDBDatabase> | null = null;

function db(): Promise<IDBDatabase> {
  opening ??= new Promise((resolve, reject) => {
    const req = indexedDB.open(DB_NAME, 1);
    req.onupgradeneeded = () => req.result.createObjectStore(STORE, { keyPath: 'id' });
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => {
      opening = null;
      reject(new ApiError(0, 'ERR_STORAGE', `this browser's storage cannot be opened: ${req.error?.message ?? 'unknown error'}`));
    };
  });
  return opening;
}

/** One request in its own transaction; resolves when the transaction has committed. */
async function run<T>(mode: IDBTransactionMode, f: (s: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  const d = await db();
  return new Promise((resolve, reject) => {
    const tx = d.transaction(STORE, mode);
    const req = f(tx.objectStore(STORE));
    tx.oncomplete = () => resolve(req.result);
    tx.onerror = () => reject(new ApiError(0, 'ERR_STORAGE', `saving in this browser failed: ${tx.error?.message ?? 'unknown error'}`));
    tx.onabort = tx.onerror;
  });
}

/**
 * Changes one game in a single transaction (read, `f`, write: no other change comes between).
 * If `f` throws, nothing is written and its error is the answer.
 */
async function update(id: string, f: (g: LocalGame) => LocalGame): Promise<LocalGame> {
  const d = await db();
  return new Promise((resolve, reject) => {
    const tx = d.transaction(STORE, 'readwrite');
    const store = tx.objectStore(STORE);
    let out: LocalGame | null = null;
    let failure: unknown = null;
    const req = store.get(id) as IDBRequest<LocalGame | undefined>;
    req.onsuccess = () => {
      try {
        if (!req.result) throw new ApiError(404, 'ERR_NOT_FOUND', `no game ${id} on this device`);
        out = f(req.result);
        store.put(out);
      } catch (e) {
        failure = e;
        tx.abort();
      }
    };
    tx.oncomplete = () => resolve(out!);
    tx.onabort = () =>
      reject(failure ?? new ApiError(0, 'ERR_STORAGE', `saving in this browser failed: ${tx.error?.message ?? 'unknown error'}`));
  });
}

export const localGames = {
  update,
  get: (id: string): Promise<LocalGame | undefined> => run('readonly', (s) => s.get(id) as IDBRequest<LocalGame | undefined>),
  all: (): Promise<LocalGame[]> => run('readonly', (s) => s.getAll() as IDBRequest<LocalGame[]>),
  put: (g: LocalGame): Promise<IDBValidKey> => run('readwrite', (s) => s.put(g)),
  remove: (id: string): Promise<undefined> => run('readwrite', (s) => s.delete(id)),
};

/** Local games not yet on the server. */
export async function pendingGames(): Promise<LocalGame[]> {
  const list = await localGames.all();
  return list.filter((g) => g.serverId === null).sort((a, b) => b.updated.localeCompare(a.updated));
}

function randomHex(bytes: number): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(bytes)), (b) => b.toString(16).padStart(2, '0')).join('');
}

/** Starts a local game (refused, as the server would refuse it, when its ruleset or options are wrong). */
export async function createLocalGame(body: {
  ruleset: string;
  options: Record<string, unknown>;
  seats: string[];
  seed?: number;
}): Promise<LocalGame> {
  if (body.seats.some((k) => k !== 'human' && !k.startsWith('computer:'))) {
    throw new ApiError(0, 'ERR_OFFLINE', 'inviting a friend needs a connection to the server');
  }
  let game: Game;
  try {
    game = buildGame(body.ruleset, body.options);
  } catch (e) {
    const g = e as { code?: string; message: string };
    throw new ApiError(422, g.code ?? 'ERR_OPTION', g.message);
  }
  if (body.seats.length !== game.players)
    throw new ApiError(400, 'ERR_ARGUMENT', `this game has ${game.players} seats, not ${body.seats.length}`);
  const now = new Date().toISOString();
  const g: LocalGame = {
    id: `local-${randomHex(8)}`,
    ruleset: game.ruleset.info.id,
    options: { ...game.options },
    seed: body.seed ?? crypto.getRandomValues(new Uint32Array(1))[0]!,
    seats: [...body.seats],
    moves: [],
    created: now,
    updated: now,
    serverId: null,
  };
  await localGames.put(g);
  rememberSeats(
    g.id,
    g.seats.flatMap((k, i) => (k === 'human' ? [i + 1] : [])),
  );
  return g;
}

/** Status and result as the server words them (src/server/match.ts statusOf). */
function statusOf(s: State): { status: string; result: string | null } {
  if (!isOver(s)) return { status: isSimultaneous(s) ? 'race' : 'play', result: null };
  const scores = Array.from(s.scores).slice(1).join('-');
  return { status: 'over', result: s.winner > 0 ? `player ${s.winner} wins (${scores})` : `draw (${scores})` };
}

function replayed(g: LocalGame): { game: Game; s: State } {
  const game = buildGame(g.ruleset, g.options);
  const s = game.newState(g.seed);
  for (const m of g.moves) applyStored(game, s, m);
  return { game, s };
}

/** The local game as a game document, the shape the server's API sends. */
export function docOf(g: LocalGame): GameDoc {
  const { s } = replayed(g);
  return {
    id: g.id,
    ruleset: g.ruleset,
    options: g.options,
    seed: g.seed,
    seats: g.seats.map((kind, i) => ({ seat: i + 1, kind, joined: true, connected: false })),
    ...statusOf(s),
    created: g.created,
    updated: g.updated,
    moveCount: g.moves.length,
    moves: g.moves,
    clock: null,
    offers: [],
    committed: [],
    end: null,
    online: false,
  };
}

async function load(id: string): Promise<LocalGame> {
  const g = await localGames.get(id);
  if (!g) throw new ApiError(404, 'ERR_NOT_FOUND', `no game ${id} on this device`);
  return g;
}

/** A local game can change here only until it is on the server. */
function stillHere(g: LocalGame): void {
  if (g.serverId !== null) throw new ApiError(409, 'ERR_STALE', `this game is now on the server as ${g.serverId}: open it there`);
}

function legal(game: Game, s: State, player: number, code: number): boolean {
  const buf = new Int32Array(MAX_MOVES);
  const n = isSimultaneous(s) ? game.legalMovesFor(s, player, buf) : game.legalMoves(s, buf);
  return buf.subarray(0, n).includes(code);
}

/** Checks and applies a decision as the server would (src/server/match.ts applyDecision). */
function decide(game: Game, s: State, seat: number, d: Decision): { move: string; codes: number[]; joint: boolean; events: GameEvent[] } {
  const events: GameEvent[] = [];
  if (isOver(s)) throw new ApiError(409, 'ERR_GAME_OVER', 'the match is over; no more moves can be played');
  if (isSimultaneous(s)) {
    if (!('joint' in d) || d.joint.length !== s.players)
      throw new ApiError(400, 'ERR_ARGUMENT', `every player chooses at once here: send ${s.players} moves`);
    const codes = [0, ...d.joint];
    for (let p = 1; p <= s.players; p++) {
      if (!legal(game, s, p, codes[p]!)) throw new ApiError(422, 'ERR_ILLEGAL_MOVE', `player ${p} cannot play ${codes[p]} here`);
    }
    const move = d.joint.map((c) => game.moveText(s, c)).join('|');
    game.applyJoint(s, codes, events);
    return { move, codes, joint: true, events };
  }
  if (!('code' in d)) throw new ApiError(400, 'ERR_ARGUMENT', `player ${s.toMove} alone is to move`);
  if (seat !== s.toMove) throw new ApiError(409, 'ERR_NOT_YOUR_TURN', `it is seat ${s.toMove}'s turn, not seat ${seat}'s`);
  if (!legal(game, s, s.toMove, d.code))
    throw new ApiError(422, 'ERR_ILLEGAL_MOVE', `${game.moveText(s, d.code)} is not a legal move here`);
  const move = game.moveText(s, d.code);
  const before = s.clone();
  if (!game.apply(s, d.code, events)) {
    s.copyFrom(before);
    throw new ApiError(422, 'ERR_ILLEGAL_MOVE', `${move} would never end (a perpetual relay)`);
  }
  return { move, codes: [d.code], joint: false, events };
}

const refuse = (what: string) => async (): Promise<never> => {
  throw new ApiError(0, 'ERR_OFFLINE', `${what} ${NEEDS_SERVER}`);
};

/** The server's port for a local game: the engine decides, IndexedDB stores. */
export const localServer: PlayPorts['server'] = {
  getGame: async (id) => docOf(await load(id)),
  async move(id, body): Promise<MoveReply> {
    let reply: MoveReply | null = null;
    // Checked and stored in one transaction: the outbox reading the game never misses this move.
    await update(id, (g) => {
      stillHere(g);
      if (body.ply !== g.moves.length) throw new ApiError(409, 'ERR_STALE', `the game is at move ${g.moves.length}, not ${body.ply}`);
      const { game, s } = replayed(g);
      const d = decide(
        game,
        s,
        body.seat,
        'joint' in body && body.joint ? { joint: body.joint } : { code: (body as { code: number }).code },
      );
      const stored: StoredMove = { ply: body.ply, move: d.move, codes: d.codes, joint: d.joint };
      reply = { ...stored, events: d.events, ...statusOf(s), clock: null, end: null };
      return { ...g, moves: [...g.moves, stored], updated: new Date().toISOString() };
    });
    return reply!;
  },
  async takeback(id, body) {
    let toPly = 0;
    await update(id, (g) => {
      stillHere(g);
      // Once the record is on the server, its moves are there too: no taking back here.
      if (g.importedAs) throw new ApiError(409, 'ERR_STALE', 'this game is being sent to the server: take the move back there');
      toPly = Math.max(0, Math.min(body.toPly ?? g.moves.length - 1, g.moves.length));
      return { ...g, moves: g.moves.slice(0, toPly), updated: new Date().toISOString() };
    });
    return { toPly };
  },
  commit: refuse('choosing in secret'),
  answer: refuse('answering an offer'),
  draw: refuse('offering a draw'),
  resign: refuse('resigning'),
  rematch: refuse('a rematch'),
  claim: refuse('claiming a game'),
};

/** The record the server imports (notation's gabata-record/1): seats travel as `agents`. */
export function recordOf(g: LocalGame, players: number): Record<string, unknown> {
  return {
    format: 'gabata-record/1',
    ruleset: g.ruleset,
    options: g.options,
    seed: g.seed,
    players,
    moves: g.moves.map((m) => m.move),
    result: null,
    date: g.created,
    agents: g.seats,
  };
}

/** The seat that posts a stored move: the player to move (a joint move is posted as seat 1's). */
const seatOf = (s: State): number => (isSimultaneous(s) ? 1 : s.toMove);

/**
 * Sends one local game to the server: imports its record (once: the server's id is kept at once,
 * so a retry after a failure does not import it twice), then posts the moves played here since,
 * and marks it sent. Returns the server's id.
 */
async function sendOne(g: LocalGame, server: typeof api): Promise<string> {
  const game = buildGame(g.ruleset, g.options);
  let target = g.importedAs;
  let sent: number;
  if (target === undefined) {
    const doc = await server.importRecord(recordOf(g, game.players));
    target = doc.id;
    sent = doc.moveCount;
    const id = target;
    await update(g.id, (cur) => ({ ...cur, importedAs: id }));
    const people = g.seats.flatMap((k, i) => (k === 'human' ? [i + 1] : []));
    rememberSeats(target, people.length > 0 ? people : rememberedSeats(g.id));
  } else {
    sent = (await server.getGame(target)).moveCount;
  }
  // Moves played here while the upload runs follow it, until none is left to send.
  for (;;) {
    const now = await load(g.id);
    if (now.moves.length > sent) {
      const s = game.newState(g.seed);
      for (const m of now.moves.slice(0, sent)) applyStored(game, s, m);
      for (const m of now.moves.slice(sent)) {
        const d: Decision = m.joint ? { joint: m.codes.slice(1) } : { code: m.codes[0]! };
        await server.move(target, { seat: seatOf(s), ply: m.ply, ...d });
        applyStored(game, s, m);
        sent++;
      }
      continue;
    }
    const id = target;
    const done = sent;
    // Marked sent in the same transaction that sees no newer move (else: round again).
    const marked = await update(g.id, (cur) =>
      cur.moves.length > done ? cur : { ...cur, serverId: id, updated: new Date().toISOString() },
    );
    if (marked.serverId !== null) return target;
  }
}

/** A local game reached the server: `detail` names both ids. */
export const UPLOADED_EVENT = 'gabata:uploaded';

let sending: Promise<number> | null = null;

/**
 * The outbox: sends every local game still waiting, oldest first; one run at a time. Stops at the
 * first network failure (the rest wait for the next try); a game the server refuses (its record
 * is invalid there) stays on this device and the refusal is returned in `refused`.
 */
export function sendLocalGames(server: typeof api = api): Promise<number> {
  sending ??= (async () => {
    let sent = 0;
    try {
      for (const g of (await pendingGames()).reverse()) {
        if (refused.has(g.id)) continue;
        let serverId: string;
        try {
          serverId = await sendOne(g, server);
        } catch (e) {
          if (e instanceof ApiError && e.status >= 400 && e.status < 500 && e.status !== 429) {
            refused.set(g.id, `${e.code}: ${e.message}`);
            continue;
          }
          break;
        }
        sent++;
        window.dispatchEvent(new CustomEvent(UPLOADED_EVENT, { detail: { local: g.id, server: serverId } }));
      }
    } finally {
      sending = null;
    }
    return sent;
  })();
  return sending;
}

/** Local games the server refused on upload, with its reason (they stay on this device). */
export const refused = new Map<string, string>();

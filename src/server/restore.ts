/**
 * A stored game rebuilt in memory: the game built from its ruleset and options, its moves
 * replayed from the seed, its meta read. A game whose rows do not rebuild it is quarantined
 * (quarantine.ts) and refused with 409 ERR_QUARANTINED instead of 500; the server's start, the
 * key's listing and every other game go on. A failure of the store itself (a damaged file: 503
 * ERR_STORE, see integrity.ts) or a missing game (404) is not the game's fault and passes through.
 */
import type { GameRow, GameStore } from './store.js';
import { HttpError, notFound } from './http.js';
import { buildGame, replay } from './match.js';
import { quarantinedError, type RawRecord } from './quarantine.js';
import { LiveGame, readMeta } from './live/game.js';

/** The game's rows say something the engine refuses (its message is the quarantine's reason). */
class Unbuildable extends Error {}

function build(store: GameStore, id: string): LiveGame {
  const row = store.getGame(id);
  if (!row) throw notFound(id);
  const built = buildGame(row.ruleset, row.options);
  if (!built.ok) throw new Unbuildable(`its ruleset and options do not build a game: ${built.error.message}`);
  const s = replay(built.value, row.seed, store.getMoves(id));
  if (!s.ok) throw new Unbuildable(s.error.message);
  return new LiveGame(row, built.value, s.value, store.getSeats(id), readMeta(row.meta));
}

/**
 * The error to answer for `e`, met while loading game `id`: a refusal (HttpError) as it is;
 * anything else quarantines the game (`doing` says what failed) and answers ERR_QUARANTINED.
 */
export function quarantineFor(store: GameStore, id: string, e: unknown, doing: string): HttpError {
  if (e instanceof HttpError) return e;
  const message = e instanceof Error ? e.message : String(e);
  const reason = e instanceof Unbuildable ? message : `${doing}: ${message}`;
  try {
    store.quarantine.mark(id, reason);
  } catch {
    /* not written (a damaged file): it is held in memory, and refused until the server restarts */
  }
  return quarantinedError(id, store.quarantine.reasonOf(id) ?? reason);
}

/**
 * Game `id` rebuilt from the store; 404 if there is none, ERR_QUARANTINED if its rows do not
 * rebuild it. A game quarantined by an earlier process is tried once more (and freed if it rebuilds).
 */
export function rebuild(store: GameStore, id: string): LiveGame {
  const held = store.quarantine.reasonOf(id);
  if (held !== null && store.quarantine.holds(id)) throw quarantinedError(id, held);
  let l: LiveGame;
  try {
    l = build(store, id);
  } catch (e) {
    throw quarantineFor(store, id, e, 'its stored rows do not read');
  }
  if (held !== null) store.quarantine.lift(id);
  return l;
}

/** Loads each game (the server's start: games with a running clock); a quarantined one is skipped. */
export function loadEach(ids: readonly string[], load: (id: string) => unknown): void {
  for (const id of ids) {
    try {
      load(id);
    } catch (e) {
      if (!(e instanceof HttpError && (e.code === 'ERR_QUARANTINED' || e.code === 'ERR_NOT_FOUND'))) throw e;
    }
  }
}

/** The loaded game, or, for a quarantined one, its rows as stored. */
export function loadOrRaw(store: GameStore, id: string, load: (id: string) => LiveGame): LiveGame | RawRecord {
  try {
    return load(id);
  } catch (e) {
    const raw = e instanceof HttpError && e.code === 'ERR_QUARANTINED' ? store.quarantine.raw(id) : undefined;
    if (raw) return raw;
    throw e;
  }
}

/** A quarantined game in the key's listing: what its row says, its status 'quarantined' and why. */
function quarantinedDoc(store: GameStore, g: GameRow, reason: string): Record<string, unknown> {
  const seats = store.getSeats(g.id);
  return {
    id: g.id,
    ruleset: g.ruleset,
    options: g.options,
    seed: g.seed,
    created: g.created,
    updated: g.updated,
    status: 'quarantined',
    quarantine: reason,
    result: g.result,
    moveCount: g.moveCount,
    online: seats.some((s) => s.kind === 'invite'),
    seats: seats.map((s) => ({ seat: s.seat, kind: s.kind, joined: s.keyHash !== null, connected: false })),
    clock: null,
    offers: [],
    committed: [],
    end: null,
    rematch: null,
  };
}

/** A listing's entry for a game not in memory: `doc()`, or the quarantined entry if it is (or its row does not read). */
export function listedDoc(store: GameStore, g: GameRow, doc: () => Record<string, unknown>): Record<string, unknown> {
  let reason = store.quarantine.reasonOf(g.id);
  if (reason === null) {
    try {
      return doc();
    } catch (e) {
      const refusal = quarantineFor(store, g.id, e, 'its stored row does not read');
      if (refusal.code !== 'ERR_QUARANTINED') throw refusal;
      reason = store.quarantine.reasonOf(g.id) ?? refusal.message;
    }
  }
  return quarantinedDoc(store, g, reason);
}

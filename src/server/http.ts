/**
 * The API's refusals: an error carries an HTTP status and a code, and reaches the client as
 * `{ error: { code, message } }` (over HTTP) or `{ type: 'error', code, message }` (over the live
 * socket). The server's own codes (who may act, what the edge refuses) join the engine's codes.
 */
import type { ErrorCode, GabataError } from '@gabata/engine/core';

/** Request bodies over this are refused (413) before they are parsed. */
export const MAX_BODY_BYTES = 256 * 1024;

/** The codes the server adds to the engine's (packages/engine/src/core/errors.ts). */
export const SERVER_CODES = [
  'ERR_AUTH',
  'ERR_FORBIDDEN',
  'ERR_NOT_YOUR_TURN',
  'ERR_STALE',
  'ERR_INVITE_USED',
  'ERR_HOST',
  'ERR_ORIGIN',
  'ERR_CONTENT_TYPE',
  'ERR_RATE_LIMIT',
  // A game whose stored rows do not rebuild it (409), and a store whose file is damaged (503).
  'ERR_QUARANTINED',
  'ERR_STORE',
] as const;

export type ApiCode = ErrorCode | (typeof SERVER_CODES)[number];

/** The HTTP status of each engine error code a handler may meet; any other code is a bad request (400). */
const STATUS: Partial<Record<ApiCode, number>> = {
  ERR_NOT_FOUND: 404,
  ERR_TOO_LARGE: 413,
  ERR_ILLEGAL_MOVE: 422,
  ERR_RECORD: 422,
  ERR_GAME_OVER: 409,
  ERR_CONFLICT: 409,
  ERR_INTERNAL: 500,
  ERR_QUARANTINED: 409,
  ERR_STORE: 503,
};

/** A refusal on its way to the client: `{ error: { code, message } }` with this status. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: ApiCode,
    message: string,
  ) {
    super(message);
  }
}

/** A refusal for going over a limit (429): says when to try again (the Retry-After header over HTTP). */
export class RateLimited extends HttpError {
  constructor(
    message: string,
    readonly retryAfterMs: number,
  ) {
    super(429, 'ERR_RATE_LIMIT', `${message}: try again in ${Math.ceil(retryAfterMs / 1000)} s`);
  }
}

/**
 * A refusal because it is too early (409 ERR_CONFLICT): `retryAfterMs` says how long until it may
 * succeed, null when no wait would do (a claim while the opponent is connected). Clients read the
 * field (`error.retryAfterMs`), never the message's words.
 */
export class NotYet extends HttpError {
  constructor(
    message: string,
    readonly retryAfterMs: number | null,
  ) {
    super(409, 'ERR_CONFLICT', message);
  }
}

/** The refusal's fields a client gets: its code and message, and how long to wait when it says so. */
export function errorBody(h: HttpError): { code: ApiCode; message: string; retryAfterMs?: number | null } {
  if (h instanceof NotYet || h instanceof RateLimited) return { code: h.code, message: h.message, retryAfterMs: h.retryAfterMs };
  return { code: h.code, message: h.message };
}

/** Turns an engine error into a refusal (its status from the code unless given). */
export function fail(e: GabataError, status?: number): never {
  throw new HttpError(status ?? STATUS[e.code] ?? 400, e.code, e.message);
}

export const notFound = (id: string): HttpError => new HttpError(404, 'ERR_NOT_FOUND', `no game '${id.slice(0, 40)}'`);

/**
 * The HTTP edge of the server: JSON replies, request bodies read with a size cap, errors that
 * carry a status and a code, and the built browser app served as static files. Nothing here
 * knows a game; the routes (routes.ts) and their handlers (games.ts) do.
 */
import { createReadStream, existsSync, statSync } from 'node:fs';
import type http from 'node:http';
import path from 'node:path';
import type { ErrorCode } from '../core/errors.js';
import type { GabataError } from '../core/errors.js';

export const MAX_BODY_BYTES = 256 * 1024;

/** The HTTP status of each error code a handler may meet; any other code is a bad request (400). */
const STATUS: Partial<Record<ErrorCode, number>> = {
  ERR_NOT_FOUND: 404,
  ERR_TOO_LARGE: 413,
  ERR_ILLEGAL_MOVE: 422,
  ERR_RECORD: 422,
  ERR_GAME_OVER: 409,
  ERR_CONFLICT: 409,
  ERR_INTERNAL: 500,
};

/** A refusal on its way to the client: `{ error: { code, message } }` with this status. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
  ) {
    super(message);
  }
}

/** Turns an engine error into a refusal (its status from the code unless given). */
export function fail(e: GabataError, status?: number): never {
  throw new HttpError(status ?? STATUS[e.code] ?? 400, e.code, e.message);
}

export function send(res: http.ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
  res.end(text);
}

/** Sends a refusal; anything else thrown is a bug, logged and answered with a bare 500. */
export function sendError(res: http.ServerResponse, e: unknown): void {
  if (e instanceof HttpError) {
    // The rest of an oversized body is not read: close the connection rather than reuse it.
    if (e.status === 413) res.setHeader('connection', 'close');
    send(res, e.status, { error: { code: e.code, message: e.message } });
    return;
  }
  process.stderr.write(`gabata serve: ${(e as Error).stack ?? String(e)}\n`);
  send(res, 500, { error: { code: 'ERR_INTERNAL', message: 'internal error' } });
}

/** Reads a JSON body (an empty body is `{}`), refusing one over MAX_BODY_BYTES before it is all read. */
export function readBody(req: http.IncomingMessage): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const declared = Number(req.headers['content-length'] ?? '0');
    if (declared > MAX_BODY_BYTES) {
      reject(new HttpError(413, 'ERR_TOO_LARGE', `request body of ${declared} bytes is over the limit of ${MAX_BODY_BYTES}`));
      req.resume();
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    let done = false;
    req.on('data', (c: Buffer) => {
      if (done) return;
      size += c.length;
      if (size > MAX_BODY_BYTES) {
        done = true;
        reject(new HttpError(413, 'ERR_TOO_LARGE', `request body is over the limit of ${MAX_BODY_BYTES} bytes`));
        req.resume();
        return;
      }
      chunks.push(c);
    });
    req.on('end', () => {
      if (done) return;
      done = true;
      const text = Buffer.concat(chunks).toString('utf8');
      if (text.trim() === '') {
        resolve({});
        return;
      }
      try {
        resolve(JSON.parse(text));
      } catch (e) {
        reject(new HttpError(400, 'ERR_ARGUMENT', `the request body is not valid JSON: ${(e as Error).message}`));
      }
    });
    req.on('error', (e) => {
      if (!done) reject(e);
      done = true;
    });
  });
}

export function asObject(body: unknown): Record<string, unknown> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new HttpError(400, 'ERR_ARGUMENT', 'the request body must be a JSON object');
  }
  return body as Record<string, unknown>;
}

const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.ico': 'image/x-icon',
};

/** Serves a file of the built app; a client-side route (no extension) gets the app's page. */
export function serveStatic(webRoot: string, req: http.IncomingMessage, res: http.ServerResponse, pathname: string): void {
  let rel = decodeURIComponent(pathname);
  if (rel.endsWith('/')) rel += 'index.html';
  let file = path.resolve(webRoot, '.' + path.posix.normalize(rel));
  if (!file.startsWith(path.resolve(webRoot))) {
    send(res, 404, { error: { code: 'ERR_NOT_FOUND', message: 'not found' } });
    return;
  }
  if (!existsSync(file) && path.extname(file) === '') file = path.join(webRoot, 'index.html');
  if (!existsSync(file) || !statSync(file).isFile()) {
    const hint = existsSync(path.join(webRoot, 'index.html')) ? '' : ' (the web app is not built: run npm run build)';
    send(res, 404, { error: { code: 'ERR_NOT_FOUND', message: `no file ${rel}${hint}` } });
    return;
  }
  res.writeHead(200, {
    'content-type': MIME[path.extname(file)] ?? 'application/octet-stream',
    'cache-control': 'no-cache',
    'x-content-type-options': 'nosniff',
  });
  if (req.method === 'HEAD') {
    res.end();
    return;
  }
  createReadStream(file).pipe(res);
}

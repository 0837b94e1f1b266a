/**
 * Player keys and invite tokens. A key is 32 random bytes in base64url (43 characters) made by
 * the client; the server keeps only its sha256. An invite token is 24 random bytes (32
 * characters), also kept only as its sha256.
 */
import { createHash, randomBytes } from 'node:crypto';
import { HttpError } from './http.js';

export const KEY_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

export function newToken(): string {
  return randomBytes(24).toString('base64url');
}

/** The hash of a well-formed key, or null when there is none; a malformed key is refused (401). */
export function keyHashOf(key: unknown): string | null {
  if (key === undefined || key === null) return null;
  if (typeof key !== 'string' || !KEY_PATTERN.test(key)) {
    throw new HttpError(401, 'ERR_AUTH', 'a player key is 43 characters of base64url (32 random bytes)');
  }
  return sha256(key);
}

/** The key of an `Authorization: Bearer <key>` header (hashed), or null without one. */
export function bearerHash(header: string | undefined): string | null {
  if (header === undefined) return null;
  const m = /^Bearer\s+(\S+)$/i.exec(header.trim());
  if (!m) throw new HttpError(401, 'ERR_AUTH', 'the Authorization header must be "Bearer <player key>"');
  return keyHashOf(m[1]);
}

/**
 * Passwords, kept only as scrypt hashes (node:crypto): N = 2^15, r = 8, p = 1, a 16-byte random
 * salt, a 32-byte key, written with their parameters (`scrypt$15$8$1$<salt>$<key>`, base64url) so
 * that stronger parameters later still verify the old hashes. The async scrypt runs on libuv's
 * thread pool, so hashing (about 0.1 s) does not block the event loop. A password is never
 * logged, stored or echoed: only its hash leaves this module.
 */
import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { HttpError } from '../http.js';

export const MIN_PASSWORD = 8;
export const MAX_PASSWORD = 256;

const LOG_N = 15;
const R = 8;
const P = 1;
const KEY_BYTES = 32;

/** scrypt needs 128 * N * r bytes (32 MiB here); twice that leaves room for the stored parameters of stronger hashes. */
function maxmem(logN: number, r: number): number {
  return 2 * 128 * 2 ** logN * r + 1024 * 1024;
}

function derive(password: string, salt: Buffer, logN: number, r: number, p: number, bytes: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFC'), salt, bytes, { N: 2 ** logN, r, p, maxmem: maxmem(logN, r) }, (e, key) =>
      e ? reject(e) : resolve(key),
    );
  });
}

/** A password a new account (or a recovery) may set: 8 to 256 characters. */
export function checkPassword(password: string): string {
  if (password.length < MIN_PASSWORD || password.length > MAX_PASSWORD) {
    throw new HttpError(400, 'ERR_ARGUMENT', `a password is ${MIN_PASSWORD} to ${MAX_PASSWORD} characters`);
  }
  return password;
}

/** The stored form of a password. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, LOG_N, R, P, KEY_BYTES);
  return ['scrypt', LOG_N, R, P, salt.toString('base64url'), key.toString('base64url')].join('$');
}

/** Whether `password` is the one `stored` was made from (compared in constant time). */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [logN, r, p] = parts.slice(1, 4).map(Number) as [number, number, number];
  if (!(logN >= 10 && logN <= 20 && r >= 1 && r <= 32 && p >= 1 && p <= 16)) return false;
  const want = Buffer.from(parts[5]!, 'base64url');
  const got = await derive(password, Buffer.from(parts[4]!, 'base64url'), logN, r, p, want.length);
  return want.length > 0 && timingSafeEqual(got, want);
}

/**
 * A hash of a password nobody has, verified when the name is unknown: a sign-in for a missing
 * name costs the same time as one with a wrong password, so timing does not tell which names exist.
 */
let decoy: Promise<string> | null = null;
export function decoyHash(): Promise<string> {
  decoy ??= hashPassword(randomBytes(18).toString('base64url'));
  return decoy;
}

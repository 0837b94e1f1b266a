/**
 * The account routes (docs/online.md "Accounts"), a fastify plugin registered beside the games'
 * routes, so the same edge holds (Host, Origin, JSON bodies, the overall rate limit):
 *
 *   GET  /api/account                          who am I: { account | null, csrf? }
 *   POST /api/account/signup                   { name, password } -> 201 { account, recoveryCodes, csrf } + cookie
 *   POST /api/account/signin                   { name, password } -> { account, csrf } + cookie
 *   POST /api/account/recover                  { name, code, newPassword } -> { account, csrf, recoveryCodesLeft } + cookie
 *   POST /api/account/signout                  {} (cookie + X-Gabata-CSRF)
 *   POST /api/account/signout-all              {} (cookie + X-Gabata-CSRF)
 *   POST /api/account/passkey/register/options {} (cookie + X-Gabata-CSRF) -> { options }
 *   POST /api/account/passkey/register/verify  { response } (cookie + X-Gabata-CSRF) -> { passkeys }
 *   POST /api/account/passkey/signin/options   { name? } -> { options }
 *   POST /api/account/passkey/signin/verify    { response } -> { account, csrf } + cookie
 *
 * The session is a cookie (HttpOnly, SameSite=Lax, Path=/, Secure when the request came over
 * TLS); the server keeps only its token's sha256. A route the cookie alone authorises also wants
 * the header X-Gabata-CSRF with the token GET /api/account gives (derived from the session's
 * token): a cross-site form cannot send a header, and a cross-site script cannot read the token.
 */
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import { HttpError } from '../http.js';
import { bearerHash, sha256 } from '../keys.js';
import { addressKey } from '../limits.js';
import { nameKey } from './names.js';
import type { Party } from './passkeys.js';
import type { Accounts, Caller, Signed } from './service.js';
import { SESSION_IDLE_MS, type Account } from './store.js';

export const COOKIE = 'gabata_session';
export const CSRF_HEADER = 'x-gabata-csrf';

const str = (max: number) => ({ type: 'string', minLength: 1, maxLength: max });
const obj = (properties: Record<string, unknown>, required: string[]) => ({
  type: 'object',
  properties,
  required,
  additionalProperties: false,
});
const credentials = obj({ name: str(64), password: str(1024) }, ['name', 'password']);
const empty = obj({}, []);
const webauthn = obj({ response: { type: 'object', maxProperties: 16 } }, ['response']);

/** The session token of the request's cookie, or null. */
export function tokenOf(req: FastifyRequest): string | null {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const [k, v] = part.trim().split('=', 2);
    if (k === COOKIE && v !== undefined && /^[A-Za-z0-9_-]{43}$/.test(v)) return v;
  }
  return null;
}

/** The double-submit token of a session: only its holder (or a page of this origin) can read it. */
export function csrfOf(token: string): string {
  return sha256(`csrf:${token}`);
}

function setCookie(req: FastifyRequest, reply: FastifyReply, token: string, maxAgeS: number): void {
  const secure = req.protocol === 'https' ? '; Secure' : '';
  reply.header('set-cookie', `${COOKIE}=${token}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${maxAgeS}${secure}`);
}

function caller(req: FastifyRequest): Caller {
  let keyHash: string | null = null;
  try {
    keyHash = bearerHash(req.headers.authorization);
  } catch {
    keyHash = null;
  }
  return { address: addressKey(req.ip), keyHash, agent: String(req.headers['user-agent'] ?? '') };
}

function party(req: FastifyRequest): Party {
  const host = req.headers.host ?? '';
  const name = host.startsWith('[') ? host.slice(1, host.indexOf(']')) : host.split(':')[0]!;
  return { rpID: name.toLowerCase(), origin: `${req.protocol}://${host}` };
}

/** The account a cookie-authorised, state-changing request speaks for: its session, and the CSRF header to match. */
export function authorised(accounts: Accounts, req: FastifyRequest): [string, Account] {
  const token = tokenOf(req);
  const account = accounts.session(token);
  if (token === null || !account) throw new HttpError(401, 'ERR_AUTH', 'you are not signed in');
  const sent = Buffer.from(String(req.headers[CSRF_HEADER] ?? ''));
  const want = Buffer.from(csrfOf(token));
  if (sent.length !== want.length || !timingSafeEqual(sent, want)) {
    throw new HttpError(403, 'ERR_FORBIDDEN', `this needs the header ${CSRF_HEADER} with the token of GET /api/account`);
  }
  return [token, account];
}

function signedIn(req: FastifyRequest, reply: FastifyReply, accounts: Accounts, s: Signed): Record<string, unknown> {
  setCookie(req, reply, s.token, SESSION_IDLE_MS / 1000);
  return { account: accounts.describe(s.account), csrf: csrfOf(s.token) };
}

type Body = Record<string, string>;

function passwordRoutes(app: FastifyInstance, accounts: Accounts): void {
  app.post('/api/account/signup', { schema: { body: credentials } }, async (req, reply) => {
    const b = req.body as Body;
    const s = await accounts.signup(b['name']!, b['password']!, caller(req));
    return reply.code(201).send({ ...signedIn(req, reply, accounts, s), recoveryCodes: s.recoveryCodes });
  });
  app.post('/api/account/signin', { schema: { body: credentials } }, async (req, reply) => {
    const b = req.body as Body;
    return reply.send(signedIn(req, reply, accounts, await accounts.signin(b['name']!, b['password']!, caller(req))));
  });
  const recover = obj({ name: str(64), code: str(64), newPassword: str(1024) }, ['name', 'code', 'newPassword']);
  app.post('/api/account/recover', { schema: { body: recover } }, async (req, reply) => {
    const b = req.body as Body;
    const s = await accounts.recover(b['name']!, b['code']!, b['newPassword']!, caller(req));
    return reply.send({ ...signedIn(req, reply, accounts, s), recoveryCodesLeft: s.recoveryCodesLeft });
  });
}

function sessionRoutes(app: FastifyInstance, accounts: Accounts): void {
  app.get('/api/account', async (req, reply) => {
    const token = tokenOf(req);
    const account = accounts.session(token);
    if (token === null || !account) return reply.send({ account: null });
    setCookie(req, reply, token, SESSION_IDLE_MS / 1000);
    return reply.send({ account: accounts.describe(account), csrf: csrfOf(token) });
  });
  app.post('/api/account/signout', { schema: { body: empty } }, async (req, reply) => {
    const [token] = authorised(accounts, req);
    accounts.signout(token);
    setCookie(req, reply, '', 0);
    return reply.send({ signedOut: 1 });
  });
  app.post('/api/account/signout-all', { schema: { body: empty } }, async (req, reply) => {
    const [, account] = authorised(accounts, req);
    const n = accounts.signoutAll(account);
    setCookie(req, reply, '', 0);
    return reply.send({ signedOut: n });
  });
}

function passkeyRoutes(app: FastifyInstance, accounts: Accounts): void {
  app.post('/api/account/passkey/register/options', { schema: { body: empty } }, async (req, reply) => {
    const [, account] = authorised(accounts, req);
    return reply.send({ options: await accounts.passkeys.registerOptions(account, party(req)) });
  });
  app.post('/api/account/passkey/register/verify', { schema: { body: webauthn } }, async (req, reply) => {
    const [, account] = authorised(accounts, req);
    const response = (req.body as { response: RegistrationResponseJSON }).response;
    return reply.send({ passkeys: await accounts.passkeys.register(account, response) });
  });
  app.post('/api/account/passkey/signin/options', { schema: { body: obj({ name: str(64) }, []) } }, async (req, reply) => {
    accounts.throttle.attempt(caller(req).address);
    const name = (req.body as { name?: string }).name;
    return reply.send({ options: await accounts.passkeys.signinOptions(name === undefined ? null : nameKey(name), party(req)) });
  });
  app.post('/api/account/passkey/signin/verify', { schema: { body: webauthn } }, async (req, reply) => {
    const c = caller(req);
    accounts.throttle.attempt(c.address);
    const account = await accounts.passkeys.signin((req.body as { response: AuthenticationResponseJSON }).response);
    return reply.send(signedIn(req, reply, accounts, accounts.startSession(account, c)));
  });
}

/** Registers the account routes on the API's scope. */
export function registerAccounts(app: FastifyInstance, accounts: Accounts): void {
  passwordRoutes(app, accounts);
  sessionRoutes(app, accounts);
  passkeyRoutes(app, accounts);
}

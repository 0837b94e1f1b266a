/**
 * The page's client of the account routes (docs/online.md "Accounts"). The session is an HttpOnly
 * cookie the page never sees; what it keeps is the CSRF token GET /api/account gives, sent back as
 * X-Gabata-CSRF on the routes the cookie authorises. Every call also carries the player key, so
 * that signing up or in links this browser's key (and adopts its games).
 *
 * Passkeys: the server's options (JSON, binary fields in base64url) become what
 * navigator.credentials wants, and the credential it makes becomes JSON again, by hand: a few
 * lines instead of a library in the bundle.
 */
import { ApiError } from './api.js';
import { playerKey } from './identity.js';

export interface AccountInfo {
  name: string;
  created: string;
  passkeys: number;
  recoveryCodesLeft: number;
}

let csrf = '';

async function call<T>(path: string, body?: unknown): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json', authorization: `Bearer ${playerKey()}` };
  const init: RequestInit = { method: body === undefined ? 'GET' : 'POST', headers, credentials: 'same-origin' };
  if (body !== undefined) {
    init.body = JSON.stringify(body);
    headers['content-type'] = 'application/json';
    if (csrf !== '') headers['x-gabata-csrf'] = csrf;
  }
  const res = await fetch(path, init).catch(() => null);
  if (res === null) throw new ApiError(0, 'ERR_OFFLINE', 'the server cannot be reached');
  const data = (await res.json().catch(() => ({}))) as { error?: { code: string; message: string }; csrf?: string };
  if (!res.ok) throw new ApiError(res.status, data.error?.code ?? 'ERR_INTERNAL', data.error?.message ?? res.statusText);
  if (typeof data.csrf === 'string') csrf = data.csrf;
  return data as T;
}

/** The signed-in account, or null. */
export async function whoAmI(): Promise<AccountInfo | null> {
  return (await call<{ account: AccountInfo | null }>('/api/account')).account;
}

export const signUp = (name: string, password: string) =>
  call<{ account: AccountInfo; recoveryCodes: string[] }>('/api/account/signup', { name, password });
export const signIn = (name: string, password: string) => call<{ account: AccountInfo }>('/api/account/signin', { name, password });
export const recover = (name: string, code: string, newPassword: string) =>
  call<{ account: AccountInfo; recoveryCodesLeft: number }>('/api/account/recover', { name, code, newPassword });
export const signOut = () => call<unknown>('/api/account/signout', {});
export const signOutAll = () => call<unknown>('/api/account/signout-all', {});

const fromB64 = (s: string): ArrayBuffer => {
  const bin = atob(s.replace(/-/g, '+').replace(/_/g, '/'));
  return Uint8Array.from(bin, (c) => c.charCodeAt(0)).buffer;
};
const toB64 = (b: ArrayBuffer | null): string | undefined => {
  if (b === null) return undefined;
  let s = '';
  for (const x of new Uint8Array(b)) s += String.fromCharCode(x);
  return btoa(s).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
};

interface Descriptor {
  id: string;
  type: 'public-key';
  transports?: AuthenticatorTransport[];
}
const descriptors = (list: Descriptor[] | undefined) => (list ?? []).map((d) => ({ ...d, id: fromB64(d.id) }));

/** Whether this browser has WebAuthn at all. */
export const passkeysSupported = (): boolean => typeof PublicKeyCredential !== 'undefined' && !!navigator.credentials;

/** Makes a passkey for the signed-in account and registers it; the account's count of passkeys. */
export async function addPasskey(): Promise<number> {
  const { options } = await call<{ options: Record<string, unknown> & { challenge: string; user: { id: string } } }>(
    '/api/account/passkey/register/options',
    {},
  );
  const publicKey = {
    ...options,
    challenge: fromB64(options.challenge),
    user: { ...options.user, id: fromB64(options.user.id) },
    excludeCredentials: descriptors(options['excludeCredentials'] as Descriptor[] | undefined),
  } as unknown as PublicKeyCredentialCreationOptions;
  const cred = (await navigator.credentials.create({ publicKey })) as PublicKeyCredential;
  const r = cred.response as AuthenticatorAttestationResponse;
  const response = {
    id: cred.id,
    rawId: toB64(cred.rawId),
    type: cred.type,
    authenticatorAttachment: cred.authenticatorAttachment ?? undefined,
    clientExtensionResults: cred.getClientExtensionResults(),
    response: { clientDataJSON: toB64(r.clientDataJSON), attestationObject: toB64(r.attestationObject), transports: r.getTransports() },
  };
  return (await call<{ passkeys: number }>('/api/account/passkey/register/verify', { response })).passkeys;
}

/** Signs in with a passkey (any of this site's, or `name`'s). */
export async function passkeySignIn(name?: string): Promise<AccountInfo> {
  const { options } = await call<{ options: Record<string, unknown> & { challenge: string } }>(
    '/api/account/passkey/signin/options',
    name ? { name } : {},
  );
  const publicKey = {
    ...options,
    challenge: fromB64(options.challenge),
    allowCredentials: descriptors(options['allowCredentials'] as Descriptor[] | undefined),
  } as unknown as PublicKeyCredentialRequestOptions;
  const cred = (await navigator.credentials.get({ publicKey })) as PublicKeyCredential;
  const r = cred.response as AuthenticatorAssertionResponse;
  const response = {
    id: cred.id,
    rawId: toB64(cred.rawId),
    type: cred.type,
    authenticatorAttachment: cred.authenticatorAttachment ?? undefined,
    clientExtensionResults: cred.getClientExtensionResults(),
    response: {
      clientDataJSON: toB64(r.clientDataJSON),
      authenticatorData: toB64(r.authenticatorData),
      signature: toB64(r.signature),
      userHandle: toB64(r.userHandle),
    },
  };
  return (await call<{ account: AccountInfo }>('/api/account/passkey/signin/verify', { response })).account;
}

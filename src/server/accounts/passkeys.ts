/**
 * Passkeys (WebAuthn) through @simplewebauthn/server: the options a browser passes to
 * navigator.credentials, and the check of what it answers. The relying party is the request's
 * host name and the origin the page's own (the edge has checked that a POST's Origin is this
 * server's). Each challenge is kept here, server-side, for five minutes and for one use only.
 */
import { createHash, randomBytes } from 'node:crypto';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { HttpError } from '../http.js';
import type { Account, AccountStore, Passkey } from './store.js';

export const CHALLENGE_MS = 5 * 60_000;
const MAX_CHALLENGES = 10_000;

/** Where a ceremony happens: the relying party's id (host name) and the page's origin. */
export interface Party {
  rpID: string;
  origin: string;
}

interface Pending {
  purpose: 'register' | 'signin';
  accountId: number | null;
  party: Party;
  expires: number;
}

const refused = (): HttpError => new HttpError(403, 'ERR_AUTH', 'the passkey was not accepted: try again');

export class Passkeys {
  private readonly pending = new Map<string, Pending>();

  constructor(private readonly store: AccountStore) {}

  /** Remembers a challenge (dropping expired ones, and the oldest past the cap). */
  private remember(challenge: string, p: Pending): void {
    const now = Date.now();
    for (const [c, q] of this.pending) if (q.expires <= now) this.pending.delete(c);
    if (this.pending.size >= MAX_CHALLENGES) this.pending.delete(this.pending.keys().next().value as string);
    this.pending.set(challenge, p);
  }

  /** The challenge an answer signed (from its clientDataJSON), spent whatever happens next. */
  private take(clientDataJSON: unknown, purpose: Pending['purpose']): [string, Pending] {
    let challenge = '';
    try {
      challenge = String(
        (JSON.parse(Buffer.from(String(clientDataJSON), 'base64url').toString('utf8')) as { challenge?: unknown }).challenge,
      );
    } catch {
      throw refused();
    }
    const p = this.pending.get(challenge);
    this.pending.delete(challenge);
    if (!p || p.purpose !== purpose || p.expires <= Date.now()) throw refused();
    return [challenge, p];
  }

  async registerOptions(account: Account, party: Party): Promise<unknown> {
    const userID = createHash('sha256').update(`webauthn:${account.principal}`).digest();
    const options = await generateRegistrationOptions({
      rpName: 'Gabata',
      rpID: party.rpID,
      userName: account.name,
      userID: new Uint8Array(userID),
      attestationType: 'none',
      excludeCredentials: this.store.passkeysOf(account.id).map((k) => ({ id: k.credentialId, transports: k.transports })),
      authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
    });
    this.remember(options.challenge, { purpose: 'register', accountId: account.id, party, expires: Date.now() + CHALLENGE_MS });
    return options;
  }

  /** Checks a new passkey's answer and keeps its public key for the account that asked. */
  async register(account: Account, response: RegistrationResponseJSON): Promise<number> {
    const [challenge, p] = this.take(response?.response?.clientDataJSON, 'register');
    if (p.accountId !== account.id) throw refused();
    const v = await verifyRegistrationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: p.party.origin,
      expectedRPID: p.party.rpID,
      requireUserVerification: false,
    }).catch(() => null);
    if (!v?.verified || !v.registrationInfo) throw refused();
    const c = v.registrationInfo.credential;
    if (this.store.passkey(c.id)) throw new HttpError(409, 'ERR_CONFLICT', 'this passkey is registered already');
    this.store.addPasskey({
      credentialId: c.id,
      accountId: account.id,
      publicKey: c.publicKey,
      counter: c.counter,
      transports: c.transports ?? [],
    });
    return this.store.passkeysOf(account.id).length;
  }

  /** Options of a sign-in: for a name, its passkeys; without one (or an unknown name), any discoverable passkey. */
  async signinOptions(nameKey: string | null, party: Party): Promise<unknown> {
    const account = nameKey === null ? undefined : this.store.byName(nameKey);
    const allow = account ? this.store.passkeysOf(account.id) : [];
    const options = await generateAuthenticationOptions({
      rpID: party.rpID,
      userVerification: 'preferred',
      allowCredentials: allow.map((k) => ({ id: k.credentialId, transports: k.transports as AuthenticatorTransport[] })),
    });
    this.remember(options.challenge, { purpose: 'signin', accountId: account?.id ?? null, party, expires: Date.now() + CHALLENGE_MS });
    return options;
  }

  /** The account whose passkey signed the challenge. */
  async signin(response: AuthenticationResponseJSON): Promise<Account> {
    const [challenge, p] = this.take(response?.response?.clientDataJSON, 'signin');
    const key: Passkey | undefined = typeof response.id === 'string' ? this.store.passkey(response.id) : undefined;
    if (!key || (p.accountId !== null && key.accountId !== p.accountId)) throw refused();
    const v = await verifyAuthenticationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: p.party.origin,
      expectedRPID: p.party.rpID,
      credential: {
        id: key.credentialId,
        publicKey: new Uint8Array(key.publicKey),
        counter: key.counter,
        transports: key.transports as AuthenticatorTransport[],
      },
      requireUserVerification: false,
    }).catch(() => null);
    if (!v?.verified) throw refused();
    this.store.usedPasskey(key.credentialId, v.authenticationInfo.newCounter);
    return this.store.byId(key.accountId)!;
  }
}

/** A random recovery code: 16 characters of base32 (80 bits) in four groups. */
export function newRecoveryCode(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  const bytes = randomBytes(16);
  const chars = Array.from(bytes, (b) => alphabet[b % 32]!).join('');
  return chars.match(/.{4}/g)!.join('-');
}

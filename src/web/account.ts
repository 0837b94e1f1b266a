/**
 * The account page (#/account): sign in (password or passkey), make an account (its recovery codes
 * shown once), recover with a code; signed in: the name, add a passkey, sign out, sign out
 * everywhere. Signing in or out reloads the app, so that its live sockets speak for the new
 * identity. The nav's account link shows the name when signed in (`showAccountInNav`).
 */
import { ApiError } from './api.js';
import {
  addPasskey,
  passkeySignIn,
  passkeysSupported,
  recover,
  signIn,
  signOut,
  signOutAll,
  signUp,
  whoAmI,
  type AccountInfo,
} from './account-api.js';
import { h } from './dom.js';
import type { Page } from './router.js';
import { I18N, T } from './text.js';

/** A message of the catalogue's `account` area. */
const A = (key: string, vars: Record<string, string | number> = {}): string => I18N.lookup(`account.${key}`, vars) ?? key;

/** The page's live region: what just happened, or why it did not. */
function statusLine(): HTMLElement {
  return h('p', { class: 'account-status', role: 'status', 'aria-live': 'polite' });
}

function say(status: HTMLElement, e: unknown): void {
  status.textContent = e instanceof ApiError ? e.message : e instanceof Error ? e.message : String(e);
}

/** Reloads the app on its saved games: its sockets reconnect with the key's new principal. */
function reloadOn(path: string): void {
  location.hash = `#${path}`;
  location.reload();
}

function field(label: string, name: string, type: string, autocomplete: string, help?: string): HTMLElement {
  const id = `account-${name}-${Math.random().toString(36).slice(2, 8)}`;
  const input = h('input', { id, name, type, autocomplete, required: true, spellcheck: 'false', autocapitalize: 'none' });
  const helpId = help === undefined ? undefined : `${id}-help`;
  if (helpId) input.setAttribute('aria-describedby', helpId);
  return h('div', { class: 'account-field' }, h('label', { for: id }, label), input, help ? h('small', { id: helpId }, help) : null);
}

const value = (form: HTMLFormElement, name: string): string => (form.elements.namedItem(name) as HTMLInputElement).value;

/** A form whose submit runs `act` with its fields, saying what failed in `status`. */
function form(
  cls: string,
  title: string,
  fields: HTMLElement[],
  button: string,
  status: HTMLElement,
  act: (f: HTMLFormElement) => Promise<void>,
) {
  const f = h(
    'form',
    { class: `account-form ${cls}`, 'aria-label': title },
    h('h2', {}, title),
    ...fields,
    h('button', { type: 'submit' }, button),
  );
  f.addEventListener('submit', (e) => {
    e.preventDefault();
    act(f).catch((err: unknown) => say(status, err));
  });
  return f;
}

function showCodes(root: HTMLElement, codes: string[]): void {
  root.replaceChildren(
    h(
      'section',
      { class: 'panel account recovery-codes' },
      h('h1', {}, A('codesTitle')),
      h('p', {}, A('codesHelp')),
      h(
        'ol',
        { class: 'codes' },
        codes.map((c) => h('li', {}, h('code', {}, c))),
      ),
      h('button', { type: 'button', class: 'codes-done', onclick: () => reloadOn('/games') }, A('codesDone')),
    ),
  );
}

function signedOutView(root: HTMLElement, section: HTMLElement, status: HTMLElement): void {
  const signin = form(
    'signin',
    A('signInTitle'),
    [field(A('name'), 'name', 'text', 'username webauthn'), field(A('password'), 'password', 'password', 'current-password')],
    A('signIn'),
    status,
    async (f) => {
      await signIn(value(f, 'name'), value(f, 'password'));
      reloadOn('/games');
    },
  );
  const passkey = h('button', { type: 'button', class: 'passkey-signin' }, A('passkeySignIn'));
  passkey.addEventListener('click', () => {
    if (!passkeysSupported()) {
      status.textContent = A('passkeyUnsupported');
      return;
    }
    const name = value(signin as HTMLFormElement, 'name').trim();
    passkeySignIn(name || undefined).then(
      () => reloadOn('/games'),
      (e: unknown) => say(status, e),
    );
  });
  const signup = form(
    'signup',
    A('signUpTitle'),
    [
      field(A('name'), 'name', 'text', 'username', A('nameHelp')),
      field(A('password'), 'password', 'password', 'new-password', A('passwordHelp')),
    ],
    A('signUp'),
    status,
    async (f) => {
      const r = await signUp(value(f, 'name'), value(f, 'password'));
      showCodes(root, r.recoveryCodes);
    },
  );
  const rec = form(
    'recover',
    A('recoverTitle'),
    [
      field(A('name'), 'name', 'text', 'username'),
      field(A('code'), 'code', 'text', 'one-time-code'),
      field(A('newPassword'), 'newPassword', 'password', 'new-password', A('passwordHelp')),
    ],
    A('recover'),
    status,
    async (f) => {
      await recover(value(f, 'name'), value(f, 'code'), value(f, 'newPassword'));
      reloadOn('/account');
    },
  );
  section.append(h('p', {}, A('intro')), signin, passkey, signup, h('details', {}, h('summary', {}, A('recoverTitle')), rec));
}

function signedInView(section: HTMLElement, me: AccountInfo, status: HTMLElement): void {
  const count = h('p', { class: 'passkey-count' }, A('passkeys', { count: me.passkeys }));
  const add = h('button', { type: 'button', class: 'add-passkey' }, A('addPasskey'));
  add.addEventListener('click', () => {
    if (!passkeysSupported()) {
      status.textContent = A('passkeyUnsupported');
      return;
    }
    addPasskey().then(
      (n) => {
        count.textContent = A('passkeys', { count: n });
        status.textContent = A('passkeyAdded');
      },
      (e: unknown) => say(status, e),
    );
  });
  const out = (all: boolean) => () =>
    (all ? signOutAll() : signOut()).then(
      () => reloadOn('/account'),
      (e: unknown) => say(status, e),
    );
  section.append(
    h('p', { class: 'signed-in-as' }, A('signedInAs', { name: me.name })),
    count,
    h('p', {}, A('codesLeft', { count: me.recoveryCodesLeft })),
    h(
      'div',
      { class: 'account-actions' },
      add,
      h('button', { type: 'button', class: 'signout', onclick: out(false) }, A('signOut')),
      h('button', { type: 'button', class: 'signout-all', onclick: out(true) }, A('signOutAll')),
    ),
  );
}

export const accountPage: Page = (root) => {
  document.title = `${A('title')} · ${T.appTitle}`;
  const status = statusLine();
  const section = h('section', { class: 'panel account' }, h('h1', {}, A('title')));
  root.append(section);
  whoAmI().then(
    (me) => {
      if (me) signedInView(section, me, status);
      else signedOutView(root, section, status);
      section.append(status);
    },
    (e: unknown) => {
      section.append(status);
      say(status, e);
    },
  );
};

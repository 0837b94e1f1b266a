/**
 * The web app's entry: the header and the route table. `START` is the start page: the catalogue
 * of the games (issue 8), whose cards lead to each game's page (#/catalogue/<ruleset>) and whose
 * Play button opens the new-game screen with that ruleset (#/new/<ruleset>).
 */
import { LANGUAGES, LANGUAGE_QUERY_PARAM, type Lang, rememberLanguage } from '../i18n/base.js';
import { showAccountInNav } from './account-nav.js';
import { renderCatalogue, renderGamePage, type Nav } from './catalogue/index.js';
import { h } from './dom.js';
import { homePage } from './home.js';
import { joinPage } from './join.js';
import { newGamePage } from './newgame.js';
import { playPage } from './play.js';
import { registerOffline } from './pwa.js';
import { Router, go, link, type Page } from './router.js';
import { I18N, T } from './text.js';

/** How the catalogue pages move around the app. */
const nav: Nav = {
  play: (id) => go(`/new/${id}`),
  open: (id) => go(`/catalogue/${id}`),
  home: () => go('/'),
  href: (id) => link(`/catalogue/${id}`),
};

/**
 * A page whose code is loaded when it is first opened (a chunk of its own: the first screen loads
 * only what it shows). Nothing is drawn if the route changed while it loaded.
 */
function lazy(load: () => Promise<Page>): Page {
  return (root, params) => {
    let gone = false;
    let dispose: (() => void) | undefined;
    void load().then((page) => {
      if (!gone) dispose = page(root, params) ?? undefined;
    });
    return () => {
      gone = true;
      dispose?.();
    };
  };
}

const explorePage = lazy(async () => (await import('./explore.js')).explorePage);
const aboutPage = lazy(async () => (await import('./about.js')).loadAboutPage());
const accountPage = lazy(async () => (await import('./account.js')).accountPage);
const profilePage = lazy(async () => (await import('./profile.js')).profilePage);
const leaderboardPage = lazy(async () => (await import('./profile.js')).leaderboardPage);
const lobbyPage = lazy(async () => (await import('./lobby.js')).lobbyPage);
const tutorialPage = lazy(async () => (await import('./tutorial.js')).tutorialPage);

/** The page shown at #/. */
const START: Page = (root) => renderCatalogue(root, nav);

const notFound: Page = (root) => {
  document.title = `${T.notFound} · ${T.appTitle}`;
  root.append(h('section', { class: 'panel' }, h('h1', {}, T.notFound), h('a', { href: link('/') }, T.backHome)));
};

/**
 * Switches the app to another language: remembers the choice, drops a `?lang=` that would
 * override it, and reloads (the words are chosen once, when the page loads).
 */
function switchLanguage(lang: Lang): void {
  rememberLanguage(lang);
  const url = new URL(location.href);
  url.searchParams.delete(LANGUAGE_QUERY_PARAM);
  if (url.href === location.href) location.reload();
  else location.replace(url.href);
}

/** The language switch: each language named in its own language and script. */
function languageSwitch(): HTMLElement {
  const select = h(
    'select',
    { name: 'lang', 'aria-label': T.language, onchange: (e: Event) => switchLanguage((e.target as HTMLSelectElement).value as Lang) },
    LANGUAGES.map((l) => h('option', { value: l.code, lang: l.code, selected: l.code === I18N.lang }, l.name)),
  );
  return h('label', { class: 'lang-switch', title: T.language }, select);
}

/**
 * An address typed as a path (`/game/<id>`, `/new/selus`): the server answers it with this page
 * (index.html's URLs are absolute, so it loads), and the app routes by #hash: the same place as a
 * hash route, without a reload.
 */
function pathToHash(): void {
  const path = location.pathname.replace(/\/+$/, '');
  if (path === '' || path === '/index.html') return;
  history.replaceState(null, '', `/${location.search}#${path}`);
}

/** The nav's link to the account page, showing the account's name once signed in. */
function accountLink(): HTMLElement {
  const a = h('a', { href: link('/account'), class: 'nav-account' }, I18N.lookup('account.nav') ?? 'Account');
  showAccountInNav(a);
  return a;
}

function boot(): void {
  pathToHash();
  document.documentElement.lang = I18N.lang;
  const header = h(
    'header',
    { class: 'site' },
    h('a', { class: 'brand', href: link('/') }, h('span', { class: 'logo', 'aria-hidden': 'true' }, '◉'), T.appTitle),
    h(
      'nav',
      {},
      h('a', { href: link('/') }, T.navCatalogue),
      h('a', { href: link('/games') }, T.navHome),
      h('a', { href: link('/new') }, T.navNew),
      h('a', { href: link('/lobby'), class: 'nav-lobby' }, I18N.t('lobby.nav')),
      h('a', { href: link('/explore') }, T.navExplore),
      h('a', { href: link('/about') }, T.about),
      accountLink(),
    ),
    languageSwitch(),
  );
  const main = h('main', { id: 'app' });
  document.body.replaceChildren(header, main);
  document.title = T.appTitle;
  const router = new Router(
    main,
    [
      { pattern: /^\/$/, page: START },
      { pattern: /^\/catalogue\/([\w-]+)$/, page: (root, [id]) => renderGamePage(root, id!, nav) },
      { pattern: /^\/games$/, page: homePage },
      { pattern: /^\/new(?:\/([\w-]+))?$/, page: newGamePage },
      { pattern: /^\/game\/([\w-]+)(?:\/(\d+))?$/, page: (root, p) => playPage(root, p) },
      { pattern: /^\/watch\/([\w-]+)(?:\/(\d+))?$/, page: (root, p) => playPage(root, p, true) },
      { pattern: /^\/join\/([\w-]+)\/([\w-]+)$/, page: joinPage },
      { pattern: /^\/explore(?:\/([\w.-]+))?$/, page: explorePage },
      { pattern: /^\/about$/, page: aboutPage },
      { pattern: /^\/account$/, page: accountPage },
      { pattern: /^\/@\/([\w-]+)$/, page: profilePage },
      { pattern: /^\/leaderboard\/([\w-]+)$/, page: leaderboardPage },
      { pattern: /^\/lobby$/, page: lobbyPage },
      { pattern: /^\/learn(?:\/([\w-]+))?$/, page: tutorialPage },
    ],
    notFound,
  );
  router.show();
  registerOffline();
}

boot();

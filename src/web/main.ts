/**
 * The web app's entry: the header and the route table. `START` is the start page: the catalogue
 * of the games (issue 8), whose cards lead to each game's page (#/catalogue/<ruleset>) and whose
 * Play button opens the new-game screen with that ruleset (#/new/<ruleset>).
 */
import { renderCatalogue, renderGamePage, type Nav } from './catalogue/index.js';
import { h } from './dom.js';
import { explorePage } from './explore.js';
import { homePage } from './home.js';
import { joinPage } from './join.js';
import { newGamePage } from './newgame.js';
import { playPage } from './play.js';
import { Router, go, link, type Page } from './router.js';
import { T } from './text.js';

/** How the catalogue pages move around the app. */
const nav: Nav = {
  play: (id) => go(`/new/${id}`),
  open: (id) => go(`/catalogue/${id}`),
  home: () => go('/'),
  href: (id) => link(`/catalogue/${id}`),
};

/** The page shown at #/. */
const START: Page = (root) => renderCatalogue(root, nav);

const notFound: Page = (root) => {
  root.append(h('section', { class: 'panel' }, h('h1', {}, T.notFound), h('a', { href: link('/') }, T.backHome)));
};

function boot(): void {
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
      h('a', { href: link('/explore') }, 'Explore'),
    ),
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
      { pattern: /^\/game\/([\w-]+)$/, page: (root, p) => playPage(root, p) },
      { pattern: /^\/watch\/([\w-]+)$/, page: (root, p) => playPage(root, p, true) },
      { pattern: /^\/join\/([\w-]+)\/([\w-]+)$/, page: joinPage },
      { pattern: /^\/explore(?:\/([\w.-]+))?$/, page: explorePage },
    ],
    notFound,
  );
  router.show();
}

boot();

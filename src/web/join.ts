/**
 * `#/join/<id>/<token>`: takes the invited seat with this browser's key (the token is spent), then
 * opens the game. A spent or wrong token gets a page that says so, with the game to watch.
 */
import { api, ApiError } from './api.js';
import { fill, h } from './dom.js';
import { rememberSeats, rememberedSeats } from './identity.js';
import { link } from './router.js';
import { I18N, T } from './text.js';

/** Opens the game in place of the join page (Back does not join again). */
function openGame(id: string): void {
  location.replace(`${location.pathname}${location.search}#/game/${id}`);
}

export function joinPage(root: HTMLElement, params: string[]): void {
  const [id, token] = [params[0]!, params[1]!];
  const box = h('section', { class: 'panel join', 'data-state': 'joining' }, h('p', {}, T.joining));
  root.append(box);
  void api.join(id, token).then(
    ({ seat }) => {
      rememberSeats(id, [...rememberedSeats(id), seat]);
      openGame(id);
    },
    (e: unknown) => {
      // A reload of the link after joining: the seat is already ours.
      if (e instanceof ApiError && e.status === 410 && rememberedSeats(id).length > 0) {
        openGame(id);
        return;
      }
      const used = e instanceof ApiError && (e.status === 410 || e.code === 'ERR_INVITE_USED');
      // The creator opened his own link: he plays already; the link is for somebody else.
      const own = e instanceof ApiError && e.status === 409 && rememberedSeats(id).length > 0;
      box.dataset['state'] = used ? 'used' : own ? 'own' : 'invalid';
      fill(
        box,
        h('h1', {}, T.joinFailed),
        h('p', { class: 'message' }, used ? T.joinUsed : own ? T.joinOwn : T.joinWrong),
        // The server's own words are English: a translated page shows only its code.
        e instanceof ApiError
          ? h(
              'p',
              { class: 'help' },
              I18N.lang === 'en'
                ? T.serverError(e.code, e.message)
                : [`${I18N.t('pages.errorCode')}${I18N.t('pages.colon')}`, h('code', {}, e.code)],
            )
          : null,
        h(
          'p',
          {},
          own ? h('a', { class: 'button primary', href: link(`/game/${id}`) }, T.openYourGame) : null,
          ' ',
          h('a', { class: 'button', href: link(`/watch/${id}`) }, T.watchGame),
          ' ',
          h('a', { href: link('/') }, T.backHome),
        ),
      );
    },
  );
}

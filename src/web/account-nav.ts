/**
 * The navigation's account link, apart from the account page (which is loaded when opened): it
 * names the signed-in account.
 */
import { whoAmI } from './account-api.js';

/** Shows the account's name on the nav's link when signed in (the link stays the account page's). */
export function showAccountInNav(link: HTMLElement): void {
  // Offline there is nobody to ask (the request would only fail, noisily): ask once back online.
  if (!navigator.onLine) {
    window.addEventListener('online', () => showAccountInNav(link), { once: true });
    return;
  }
  whoAmI().then(
    (me) => {
      if (me) {
        link.textContent = me.name;
        // On a phone a long name is cut to its share of the row (pages.css): the whole of it here.
        link.title = me.name;
        link.classList.add('signed-in');
      }
    },
    () => {},
  );
}

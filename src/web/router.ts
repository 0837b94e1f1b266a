/**
 * Hash routes of the app. The start page is one entry of the table, so the catalogue of the
 * games (issue 8) can become the start page by adding its route and changing `START`.
 *
 *   #/               the start page (START)
 *   #/games          saved games and import
 *   #/new            new game (#/new/<ruleset> preselects a ruleset: the game pages' Play button)
 *   #/game/<id>      a game (#/game/<id>/<ply>: at that move)
 *   #/watch/<id>     a game, as a spectator
 *   #/join/<id>/<t>  takes an invited seat with the invite token t, then opens the game
 *   #/lobby          finding an opponent without a link: quick-pairing pools and open seeks
 *   #/explore        stored sweeps of rule readings (#/explore/<name> opens one)
 *   #/about          the About page: languages and the translations' status
 *   #/learn          the tutorials (#/learn/<ruleset> opens one game's tutorial)
 */
// biome-ignore lint/suspicious/noConfusingVoidType: a page returns nothing, or a function that disposes of it
export type Page = (root: HTMLElement, params: string[]) => void | (() => void);

export interface Route {
  pattern: RegExp;
  page: Page;
}

export class Router {
  private cleanup: (() => void) | undefined;

  constructor(
    private readonly root: HTMLElement,
    private readonly routes: Route[],
    private readonly notFound: Page,
  ) {
    window.addEventListener('hashchange', () => this.show());
  }

  show(): void {
    const path = decodeURIComponent(location.hash.replace(/^#/, '')) || '/';
    this.cleanup?.();
    this.cleanup = undefined;
    this.root.replaceChildren();
    for (const r of this.routes) {
      const m = r.pattern.exec(path);
      if (m) {
        this.cleanup = r.page(this.root, m.slice(1)) ?? undefined;
        window.scrollTo(0, 0);
        return;
      }
    }
    this.notFound(this.root, []);
  }
}

export function go(path: string): void {
  location.hash = '#' + path;
}

export const link = (path: string): string => '#' + path;

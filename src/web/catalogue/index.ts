/** The catalogue pages of the web app: the catalogue (start page), a page per game, the evidence map. */
export { renderCatalogue } from './catalogue.js';
export { renderGamePage } from './gamepage.js';
export type { Nav } from './nav.js';

/**
 * The app's languages and every message catalogue (./base.ts, with the translations registered):
 * what Node reads (the CLI, the tests). The web app imports ./base.ts and loads the page's
 * translation alone (./load.ts).
 *
 * ```ts
 * const i18n = createI18n('am');
 * i18n.t('web.movesCount', { count: 3 });
 * ```
 */
import type { Catalogue } from './catalogue.js';
import { type Lang, registerCatalogue } from './base.js';
import { am } from './locales/am.js';
import { en } from './locales/en.js';
import { ti } from './locales/ti.js';

export * from './base.js';

/** Every catalogue by language. */
export const CATALOGUES: { readonly [L in Lang]: Catalogue } = { en, am, ti };

registerCatalogue('am', am);
registerCatalogue('ti', ti);

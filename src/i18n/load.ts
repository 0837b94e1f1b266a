/**
 * Loads a translation when a page needs it: each one is a module (a chunk of the web bundle) of its
 * own, fetched only by a page in that language; English is always at hand (./base.ts).
 *
 * ```ts
 * await loadCatalogue(lang);
 * const i18n = createI18n(lang);
 * ```
 */
import { type Lang, hasCatalogue, registerCatalogue } from './base.js';

/** Makes `lang`'s catalogue available to `createI18n` (at once for English or one loaded before). */
export async function loadCatalogue(lang: Lang): Promise<void> {
  if (hasCatalogue(lang)) return;
  const catalogue = lang === 'am' ? (await import('./locales/am.js')).am : (await import('./locales/ti.js')).ti;
  registerCatalogue(lang, catalogue);
}

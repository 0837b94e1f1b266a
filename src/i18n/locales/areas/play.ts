/**
 * The `play` messages of the catalogue in every language (English is the source; Amharic and
 * Tigrinya are drafts, see docs/translating.md). Spread into en.ts, am.ts and ti.ts as `play`.
 */
import type { Messages } from '../../catalogue.js';

export const playEn = {
  placeholder: 'placeholder',
} as const;

export const playAm: Messages<typeof playEn> = {
  placeholder: 'ቦታ ያዥ',
};

export const playTi: Messages<typeof playEn> = {
  placeholder: 'ቦታ ሓዚ',
};

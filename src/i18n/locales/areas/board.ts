/**
 * The `board` messages of the catalogue in every language (English is the source; Amharic and
 * Tigrinya are drafts, see docs/translating.md). Spread into en.ts, am.ts and ti.ts as `board`.
 */
import type { Messages } from '../../catalogue.js';

export const boardEn = {
  placeholder: 'placeholder',
} as const;

export const boardAm: Messages<typeof boardEn> = {
  placeholder: 'ቦታ ያዥ',
};

export const boardTi: Messages<typeof boardEn> = {
  placeholder: 'ቦታ ሓዚ',
};

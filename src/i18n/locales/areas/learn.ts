/**
 * The `learn` messages of the catalogue in every language (English is the source; Amharic and
 * Tigrinya are drafts, see docs/translating.md). Spread into en.ts, am.ts and ti.ts as `learn`.
 */
import type { Messages } from '../../catalogue.js';

export const learnEn = {
  placeholder: 'placeholder',
} as const;

export const learnAm: Messages<typeof learnEn> = {
  placeholder: 'ቦታ ያዥ',
};

export const learnTi: Messages<typeof learnEn> = {
  placeholder: 'ቦታ ሓዚ',
};

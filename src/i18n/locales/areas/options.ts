/**
 * The `options` messages of the catalogue in every language (English is the source; Amharic and
 * Tigrinya are drafts, see docs/translating.md). Spread into en.ts, am.ts and ti.ts as `options`.
 */
import type { Messages } from '../../catalogue.js';

export const optionsEn = {
  placeholder: 'placeholder',
} as const;

export const optionsAm: Messages<typeof optionsEn> = {
  placeholder: 'ቦታ ያዥ',
};

export const optionsTi: Messages<typeof optionsEn> = {
  placeholder: 'ቦታ ሓዚ',
};

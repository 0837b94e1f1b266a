/**
 * The `board` messages of the catalogue in every language (English is the source; Amharic and
 * Tigrinya are drafts, see docs/translating.md). Spread into en.ts, am.ts and ti.ts as `board`.
 * Used by src/web/board.ts: the legend of the sowing tracks, and the parts of the holes' and the
 * stores' accessible names.
 */
import type { Messages } from '../../catalogue.js';

export const boardEn = {
  /** Legend of a track that every player follows (Track G). */
  everySowsThisWay: 'Every player sows this way round',
  /** Legend of a player's own track (Abalala'e's A1, A2). */
  sowsThisWay: '{{who}} sows this way',
  /** Legend of two rings the mover chooses between (Gifia). */
  eitherWay: 'Either way round: the player to move chooses',
  /** Legend of the dashed lines. */
  jump: 'Dashed: the jump to another row',
  /** A store's accessible name. */
  storeLabel: '{{who}}’s store, {{counters}}',
  /** Appended to a hole's accessible name. */
  markOf: ', {{who}}’s {{mark}}',
  chafaOf: ', {{who}}’s chafa enda',
  guardianOf: ', guardian of {{who}}’s {{mark}}',
  /** The letter on a guardian hole's tag. */
  guardianLetter: 'G',
} as const;

export const boardAm: Messages<typeof boardEn> = {
  everySowsThisWay: 'ሁሉም ተጫዋቾች በዚህ አቅጣጫ ይዘራሉ',
  sowsThisWay: '{{who}} በዚህ አቅጣጫ ይዘራል',
  eitherWay: 'በሁለቱም አቅጣጫ፦ ተራው የደረሰው ተጫዋች ይመርጣል',
  jump: 'ነጠብጣብ መስመር፦ ወደ ሌላ ረድፍ የሚደረግ ዝላይ',
  storeLabel: 'የ{{who}} ጎተራ፣ {{counters}}',
  markOf: '፣ የ{{who}} {{mark}}',
  chafaOf: '፣ የ{{who}} chafa enda',
  guardianOf: '፣ የ{{who}} {{mark}} ጠባቂ',
  guardianLetter: 'ጠ',
};

export const boardTi: Messages<typeof boardEn> = {
  everySowsThisWay: 'ኩሎም ተጻወትቲ ብዚ ኣንፈት ይዘርኡ',
  sowsThisWay: '{{who}} ብዚ ኣንፈት ይዘርእ',
  eitherWay: 'ብኽልቲኡ ኣንፈት፦ እቲ ተራኡ ዝበጽሖ ተጻዋቲ ይመርጽ',
  jump: 'ነጠብጣብ መስመር፦ ናብ ካልእ መስርዕ ዝግበር ዝላ',
  storeLabel: 'ቆፎ ናይ {{who}}፣ {{counters}}',
  markOf: '፣ {{mark}} ናይ {{who}}',
  chafaOf: '፣ chafa enda ናይ {{who}}',
  guardianOf: '፣ ሓላዊ {{mark}} ናይ {{who}}',
  guardianLetter: 'ሓ',
};

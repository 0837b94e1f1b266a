/**
 * The `play` messages of the catalogue in every language (English is the source; Amharic and
 * Tigrinya are drafts, see docs/translating.md). Spread into en.ts, am.ts and ti.ts as `play`:
 * the game screen's race as it happens, its sound and its track.
 */
import type { Messages } from '../../catalogue.js';

export const playEn = {
  /** The status line while the opening race is drawn; `rule` is its clause ('ABA-04'). */
  raceOpening: 'The opening race: both players sow at once, one counter each per tick ({{rule}}).',
  /** The status line while a later race (a new round's, or Selus's joint move) is drawn. */
  raceRunning: 'The race: both players sow at once, one counter each per tick ({{rule}}).',
  /** After a dead heat: how the tie was decided, by the option in effect (`option`: 'raceTie = coin'). */
  deadHeatCoin: 'Both finished in the same tick, so a coin decided ({{option}}; the coin is drawn from the game’s seed).',
  deadHeatTickOrder: 'Both finished in the same tick, so the tick’s order decided ({{option}}).',
  /** The commentary's heading when the opening race is played again. */
  raceAgainHead: 'The opening race, again',
  watchRace: 'Watch the race again',
  /** The sound toggle (a button that stays pressed while sound is on). */
  sound: 'Sound',
  soundHelp: 'A soft sound for every counter dropped, another for a capture',
  /** The track toggle: the path of the sowing drawn on the board. */
  track: 'Show the track',
  trackHelp: 'Draw the way the counters travel round the board',
  /** Leaving (docs/online.md `claim`): the opponent's presence dot went grey (All: every one of several opponents'). */
  claimGone: 'Your opponent left the game.',
  claimGoneAll: 'Your opponents left the game.',
  /** The countdown before a claim: the server's delay, counted from when they left. */
  claimWait: 'If nobody comes back, you can claim the win in {{seconds, number}} s.',
  claimNow: 'You can claim the win, call it a draw, or wait for them to come back.',
  /** The two buttons, as lichess has them. */
  claimWin: 'Claim the win',
  claimDraw: 'Call it a draw',
  /** How a game claimed after the opponents left ended (`reason: abandoned`). */
  wonAbandoned: '{{who}} wins: the opponent left the game.',
  drawnAbandoned: 'A draw: a player left the game and the other called it a draw.',
  /** Beside a player's name on the game page: his rating (with '?' while provisional), and what the rated game did to it. */
  ratingOf: 'Rating {{rating}}',
  ratingChange: 'Rating change {{diff}}',
} as const;

export const playAm: Messages<typeof playEn> = {
  raceOpening: 'የመክፈቻው ሩጫ፦ ሁለቱም ተጫዋቾች በአንድ ጊዜ ይዘራሉ፤ በእያንዳንዱ ምት እያንዳንዳቸው አንድ ጠጠር ይጥላሉ ({{rule}})።',
  raceRunning: 'ሩጫው፦ ሁለቱም ተጫዋቾች በአንድ ጊዜ ይዘራሉ፤ በእያንዳንዱ ምት እያንዳንዳቸው አንድ ጠጠር ይጥላሉ ({{rule}})።',
  deadHeatCoin: 'ሁለቱም በአንድ ምት ስለጨረሱ ሳንቲም ወሰነ ({{option}}፤ ሳንቲሙ ከጨዋታው ዘር ቁጥር ይወጣል)።',
  deadHeatTickOrder: 'ሁለቱም በአንድ ምት ስለጨረሱ የምቱ ቅደም ተከተል ወሰነ ({{option}})።',
  raceAgainHead: 'የመክፈቻው ሩጫ፣ እንደገና',
  watchRace: 'ሩጫውን እንደገና ይመልከቱ',
  sound: 'ድምፅ',
  soundHelp: 'ለእያንዳንዱ የተጣለ ጠጠር ለስላሳ ድምፅ፣ ለመብላት ደግሞ ሌላ ድምፅ',
  track: 'መንገዱን ያሳዩ',
  trackHelp: 'ጠጠሮቹ በሰሌዳው ዙሪያ የሚሄዱበትን መንገድ ይሳላል',
  claimGone: 'ተቃዋሚዎ ጨዋታውን ትቶ ወጥቷል።',
  claimGoneAll: 'ተቃዋሚዎችዎ ጨዋታውን ትተው ወጥተዋል።',
  claimWait: 'ማንም ካልተመለሰ በ{{seconds, number}} ሰከንድ ውስጥ ድሉን መጠየቅ ይችላሉ።',
  claimNow: 'ድሉን መጠየቅ፣ አቻ ማለት ወይም እስኪመለሱ መጠበቅ ይችላሉ።',
  claimWin: 'ድሉን ይጠይቁ',
  claimDraw: 'አቻ በል',
  wonAbandoned: '{{who}} አሸነፈ፦ ተቃዋሚው ጨዋታውን ትቶ ወጥቷል።',
  drawnAbandoned: 'አቻ፦ አንድ ተጫዋች ጨዋታውን ትቶ ወጥቷል፤ ሌላው አቻ ብሏል።',
  ratingOf: 'ደረጃ {{rating}}',
  ratingChange: 'የደረጃ ለውጥ {{diff}}',
};

export const playTi: Messages<typeof playEn> = {
  raceOpening: 'ናይ መኽፈቲ ቅድድም፦ ክልቲኦም ተጻወትቲ ብሓንሳብ ይዘርኡ፤ ኣብ ነፍሲ ወከፍ ህርመት ነፍሲ ወከፎም ሓደ እምኒ የንብሩ ({{rule}})።',
  raceRunning: 'እቲ ቅድድም፦ ክልቲኦም ተጻወትቲ ብሓንሳብ ይዘርኡ፤ ኣብ ነፍሲ ወከፍ ህርመት ነፍሲ ወከፎም ሓደ እምኒ የንብሩ ({{rule}})።',
  deadHeatCoin: 'ክልቲኦም ኣብ ሓደ ህርመት ስለ ዝወድኡ ሳንቲም ወሲና ({{option}}፤ እታ ሳንቲም ካብ ቁጽሪ ዘርኢ ናይቲ ጸወታ ትውጻእ)።',
  deadHeatTickOrder: 'ክልቲኦም ኣብ ሓደ ህርመት ስለ ዝወድኡ ስርዓት ናይቲ ህርመት ወሲኑ ({{option}})።',
  raceAgainHead: 'ናይ መኽፈቲ ቅድድም፣ ደጊሙ',
  watchRace: 'ነቲ ቅድድም ደጊምካ ርአ',
  sound: 'ድምጺ',
  soundHelp: 'ንነፍሲ ወከፍ ዝወደቐ እምኒ ልስሉስ ድምጺ፣ ንምብላዕ ድማ ካልእ ድምጺ',
  track: 'መገዲ ኣርኢ',
  trackHelp: 'እቲ እምኒ ኣብ ዙርያ ሰሌዳ ዝኸደሉ መገዲ ይስእል',
  claimGone: 'ተቓዋሚኻ ካብቲ ጸወታ ወጺኡ።',
  claimGoneAll: 'ተቓወምትኻ ካብቲ ጸወታ ወጺኦም።',
  claimWait: 'ሓደ እኳ እንተዘይተመሊሱ፣ ድሕሪ {{seconds, number}} ካልኢት ዓወት ክትሓትት ትኽእል።',
  claimNow: 'ዓወት ክትሓትት፣ ማዕረ ክትብል ወይ ክሳብ ዝምለሱ ክትጽበ ትኽእል።',
  claimWin: 'ዓወት ሕተት',
  claimDraw: 'ማዕረ በል',
  wonAbandoned: '{{who}} ይዕወት፦ እቲ ተቓዋሚ ካብቲ ጸወታ ወጺኡ።',
  drawnAbandoned: 'ማዕረ፦ ሓደ ተጻዋቲ ካብቲ ጸወታ ወጺኡ፣ እቲ ካልእ ማዕረ ኢሉ።',
  ratingOf: 'ደረጃ {{rating}}',
  ratingChange: 'ለውጢ ደረጃ {{diff}}',
};

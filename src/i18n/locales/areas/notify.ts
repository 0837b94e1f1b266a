/**
 * The `notify` messages (issue 23): what the app says when the page is hidden and something needs
 * the player (his move, the game starting, an offer, a seek accepted), in the tab's title and in a
 * system notification, and the opt-in toggle of those notifications. English is the source; the
 * Amharic and Tigrinya texts are drafts by a non-native writer, to be reviewed (docs/translating.md).
 * `game` is the game's name ('Gabata (Adowa)'), `who` a player's name.
 */
import type { Messages } from '../../catalogue.js';

export const notifyEn = {
  /** The opt-in toggle on the game page and the lobby (a button that stays pressed while on). */
  toggle: 'Notify me',
  toggleHelp: 'Tell me when it is my move while this page is in the background',
  /** The browser refused (or the player blocked) notifications. */
  blocked: 'System notifications are blocked in this browser’s settings: the tab’s title will still say when you are needed.',
  yourMove: '{{game}}: your move',
  started: '{{game}}: the game has started',
  drawOffered: '{{game}}: {{who}} offers a draw',
  takebackAsked: '{{game}}: {{who}} asks to take back a move',
  rematchOffered: '{{game}}: {{who}} offers a rematch',
  seekAccepted: '{{game}}: your seek was accepted',
  /** The body of the system notification. */
  body: 'Open the game to play.',
} as const;

export const notifyAm: Messages<typeof notifyEn> = {
  toggle: 'አሳውቀኝ',
  toggleHelp: 'ይህ ገጽ ከበስተጀርባ ሲሆን የእኔ ተራ ሲደርስ አሳውቀኝ',
  blocked: 'የሥርዓት ማሳወቂያዎች በዚህ አሳሽ ቅንብሮች ታግደዋል፤ ተራዎ ሲደርስ የትሩ ርዕስ ግን ያሳውቃል።',
  yourMove: '{{game}}፦ የእርስዎ ተራ ነው',
  started: '{{game}}፦ ጨዋታው ጀምሯል',
  drawOffered: '{{game}}፦ {{who}} አቻ ይጠይቃል',
  takebackAsked: '{{game}}፦ {{who}} እንቅስቃሴ እንዲመለስ ይጠይቃል',
  rematchOffered: '{{game}}፦ {{who}} እንደገና እንጫወት ይላል',
  seekAccepted: '{{game}}፦ ጥያቄዎ ተቀባይነት አግኝቷል',
  body: 'ለመጫወት ጨዋታውን ይክፈቱ።',
};

export const notifyTi: Messages<typeof notifyEn> = {
  toggle: 'ኣፍልጠኒ',
  toggleHelp: 'እዚ ገጽ ኣብ ድሕሪት ከሎ ተራይ ምስ በጽሐ ኣፍልጠኒ',
  blocked: 'ናይ ስርዓት መፍለጢታት ኣብ ምርጫታት እዚ መርበብ ተዓጊቶም ኣለዉ፤ ተራኻ ምስ በጽሐ ኣርእስቲ እቲ ገጽ ግን ክሕብር እዩ።',
  yourMove: '{{game}}፦ ተራኻ እዩ',
  started: '{{game}}፦ ጸወታ ጀሚሩ',
  drawOffered: '{{game}}፦ {{who}} ማዕረ ይሓትት',
  takebackAsked: '{{game}}፦ {{who}} ምንቅስቓስ ክምለስ ይሓትት',
  rematchOffered: '{{game}}፦ {{who}} ካልኣይ ጸወታ ይሓትት',
  seekAccepted: '{{game}}፦ ሕቶኻ ተቐባልነት ረኺቡ',
  body: 'ንምጽዋት ነቲ ጸወታ ክፈቶ።',
};

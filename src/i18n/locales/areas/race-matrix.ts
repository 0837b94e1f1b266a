/**
 * The `raceMatrix` messages: the panel of a game's catalogue page that shows the opening race as a
 * matrix game (src/web/catalogue/race.ts), in every language (English is the source; Amharic and
 * Tigrinya are drafts, see docs/translating.md). Numbers arrive written the language's way.
 */
import type { Messages } from '../../catalogue.js';

export const raceMatrixEn = {
  title: 'The opening race as a matrix game',
  introChoices: 'Both players choose their starting hole at once, unseen: player 1 among {{rows}} holes, player 2 among {{cols}}.',
  introSolve:
    'Each pair of choices is raced, and the position after the race is played out by the computer from both seats. That is a ' +
    'two-player zero-sum game, solved here for the mixed strategies no opponent can exploit.',
  payoff: 'Each cell is player 1’s mean score (win 1, draw ½, loss 0); player 2’s is 1 minus it.',
  coin: '⚖ a dead heat or a loop: a fair coin decides the race, and the cell averages both outcomes.',
  corner: 'Player 1 ↓ / Player 2 →',
  hole: 'hole {{hole}}',
  p1: 'Player 1',
  p2: 'Player 2',
  mixOf: '{{who}}: how often',
  value: 'Value of the game to player 1: {{value}}',
  valueRange: 'Redrawing every cell within its standard error ({{count}} times), the value stayed within {{lo}}–{{hi}} in 95% of draws.',
  startFrom: '{{who}} should start from',
  share: 'hole {{hole}}: {{share}}',
  never: 'never from {{holes}}',
  listSeparator: ', ',
  support: 'in the mix in {{share}} of redrawn matrices',
  guarantee: 'Player 1’s mix scores at least {{row}} whatever player 2 does; player 2’s mix holds player 1 to at most {{col}}.',
  basis: 'Computed {{date}}: {{games}} games per cell, both seats played by {{agent}} after the race; seed {{seed}}; {{seconds}} s.',
  caveat:
    'The standard errors measure the spread of the games played (the agent’s seeded tie-breaks and the coin), not the ' +
    'distance from perfect play: a deeper search may value a cell differently.',
  reproduce: 'Reproduce',
  cellTitle: 'Player 1 from hole {{row}}, player 2 from hole {{col}}: player 1 scores {{mean}} over {{games}} games',
  cellTally: '({{wins}} won, {{draws}} drawn, {{losses}} lost); {{race}} in {{ticks}} ticks.',
  cellCoin: 'a coin decides the race',
  cellWinner: 'player {{player}} wins the race',
  boardTitle: 'Where the starts are',
  boardLabel: 'The board with each player’s starting holes and how often the equilibrium starts from each',
} as const;

export const raceMatrixAm: Messages<typeof raceMatrixEn> = {
  title: 'የመክፈቻው ሩጫ እንደ ማትሪክስ ጨዋታ',
  introChoices: 'ሁለቱም ተጫዋቾች የሌላውን ምርጫ ሳያዩ በአንድ ጊዜ የመነሻ ጉድጓዳቸውን ይመርጣሉ፦ ተጫዋች 1 ከ{{rows}} ጉድጓዶች፣ ተጫዋች 2 ከ{{cols}}።',
  introSolve:
    'እያንዳንዱ የምርጫ ጥንድ ይሮጣል፤ ከሩጫው በኋላ ያለው ሁኔታ በኮምፒውተሩ ከሁለቱም ወገን እስከ መጨረሻ ይጫወታል። ' +
    'ይህ የሁለት ተጫዋቾች ዜሮ ድምር ጨዋታ ነው፤ እዚህ የተፈታው የትኛውም ተቃዋሚ ሊጠቀምባቸው ለማይችል የተደባለቁ ስልቶች ነው።',
  payoff: 'እያንዳንዱ ክፍል የተጫዋች 1 አማካይ ውጤት ነው (ድል 1፣ አቻ ½፣ ሽንፈት 0)፤ የተጫዋች 2 ውጤት 1 ሲቀነስ እሱ ነው።',
  coin: '⚖ እኩል መድረስ ወይም ዙሪያ መሽከርከር፦ ሩጫውን ፍትሐዊ ሳንቲም ይወስነዋል፤ ክፍሉም የሁለቱን ውጤቶች አማካይ ይይዛል።',
  corner: 'ተጫዋች 1 ↓ / ተጫዋች 2 →',
  hole: 'ጉድጓድ {{hole}}',
  p1: 'ተጫዋች 1',
  p2: 'ተጫዋች 2',
  mixOf: '{{who}}፦ ምን ያህል ጊዜ',
  value: 'የጨዋታው ዋጋ ለተጫዋች 1፦ {{value}}',
  valueRange: 'እያንዳንዱን ክፍል በመደበኛ ስሕተቱ ውስጥ እንደገና በመሳል ({{count}} ጊዜ)፣ ዋጋው በ95% ሙከራዎች ከ{{lo}}–{{hi}} ውስጥ ቆየ።',
  startFrom: '{{who}} መጀመር ያለበት ጉድጓዶች',
  share: 'ጉድጓድ {{hole}}፦ {{share}}',
  never: 'በጭራሽ ከ{{holes}} አይጀምርም',
  listSeparator: '፣ ',
  support: 'እንደገና ከተሳሉት ማትሪክሶች በ{{share}} ውስጥ በድብልቁ ውስጥ አለ',
  guarantee: 'የተጫዋች 1 ድብልቅ ተጫዋች 2 ምንም ቢያደርግ ቢያንስ {{row}} ያስገኛል፤ የተጫዋች 2 ድብልቅ ተጫዋች 1ን ቢበዛ በ{{col}} ይገድባል።',
  basis: 'የተሰላው {{date}}፦ በእያንዳንዱ ክፍል {{games}} ጨዋታዎች፣ ከሩጫው በኋላ ሁለቱንም ወገኖች {{agent}} ተጫወተ፤ ዘር {{seed}}፤ {{seconds}} ሰከንድ።',
  caveat:
    'መደበኛ ስሕተቶቹ የሚለኩት የተጫወቱትን ጨዋታዎች ልዩነት ነው (የኮምፒውተሩን በዘር የተወሰኑ ምርጫዎችና ሳንቲሙን)፣ ' +
    'ከፍጹም ጨዋታ ያለውን ርቀት አይደለም፦ ጥልቅ ፍለጋ ለአንድ ክፍል የተለየ ዋጋ ሊሰጥ ይችላል።',
  reproduce: 'እንደገና ለማስላት',
  cellTitle: 'ተጫዋች 1 ከጉድጓድ {{row}}፣ ተጫዋች 2 ከጉድጓድ {{col}}፦ ተጫዋች 1 በ{{games}} ጨዋታዎች {{mean}} ያገኛል',
  cellTally: '({{wins}} ድል፣ {{draws}} አቻ፣ {{losses}} ሽንፈት)፤ {{race}} በ{{ticks}} ምቶች።',
  cellCoin: 'ሩጫውን ሳንቲም ይወስነዋል',
  cellWinner: 'ሩጫውን ተጫዋች {{player}} ያሸንፋል',
  boardTitle: 'የመነሻዎቹ ቦታ',
  boardLabel: 'የእያንዳንዱ ተጫዋች የመነሻ ጉድጓዶችና ሚዛናዊው ስልት ከእያንዳንዳቸው ምን ያህል ጊዜ እንደሚጀምር የሚያሳይ ሰሌዳ',
};

export const raceMatrixTi: Messages<typeof raceMatrixEn> = {
  title: 'እቲ መኽፈቲ ቅድድም ከም ጸወታ ማትሪክስ',
  introChoices: 'ክልቲኦም ተጻወትቲ ምርጫ እቲ ካልእ ከይረኣዩ ብሓደ ግዜ መበገሲ ጉድጓዶም ይመርጹ፦ ተጻዋቲ 1 ካብ {{rows}} ጉድጓዳት፣ ተጻዋቲ 2 ካብ {{cols}}።',
  introSolve:
    'ነፍሲ ወከፍ ጽምዲ ምርጫ ይቀዳደም፤ ድሕሪ እቲ ቅድድም ዘሎ ኩነታት ድማ ብኮምፒተር ካብ ክልቲኡ ወገን ክሳብ መወዳእታ ይጽወት። ' +
    'እዚ ናይ ክልተ ተጻወትቲ ድምር ዜሮ ጸወታ እዩ፤ ኣብዚ ዝተፈትሐ ንዝኾነ ተቓዋሚ ክጥቀመሉ ዘይክእል ሕውስ ሜላታት እዩ።',
  payoff: 'ነፍሲ ወከፍ ክፍሊ ማእከላይ ውጽኢት ተጻዋቲ 1 እዩ (ዓወት 1፣ ማዕረ ½፣ ስዕረት 0)፤ ናይ ተጻዋቲ 2 ካብ 1 ንሱ ምስ ተቐንሰ እዩ።',
  coin: '⚖ ማዕረ ምብጻሕ ወይ ዙረት፦ ነቲ ቅድድም ፍትሓዊ ሳንቲም ይውስኖ፤ እቲ ክፍሊ ድማ ማእከላይ ክልቲኡ ውጽኢት ይሕዝ።',
  corner: 'ተጻዋቲ 1 ↓ / ተጻዋቲ 2 →',
  hole: 'ጉድጓድ {{hole}}',
  p1: 'ተጻዋቲ 1',
  p2: 'ተጻዋቲ 2',
  mixOf: '{{who}}፦ ክንደይ ግዜ',
  value: 'ዋጋ እቲ ጸወታ ንተጻዋቲ 1፦ {{value}}',
  valueRange: 'ነፍሲ ወከፍ ክፍሊ ኣብ ውሽጢ መደበኛ ጌጋኡ ብምድጋም ({{count}} ግዜ)፣ እቲ ዋጋ ኣብ 95% ፈተነታት ኣብ ውሽጢ {{lo}}–{{hi}} ጸኒሑ።',
  startFrom: '{{who}} ክጅምረሉ ዘለዎ ጉድጓዳት',
  share: 'ጉድጓድ {{hole}}፦ {{share}}',
  never: 'ካብ {{holes}} ፈጺሙ ኣይጅምርን',
  listSeparator: '፣ ',
  support: 'ካብቶም ዳግማይ ዝተሳሕቡ ማትሪክሳት ኣብ {{share}} ኣብቲ ሕውስ ኣሎ',
  guarantee: 'ተጻዋቲ 2 ዝገበሮ ይግበር፣ ሕውስ ተጻዋቲ 1 እንተወሓደ {{row}} የርክብ፤ ሕውስ ተጻዋቲ 2 ንተጻዋቲ 1 እንተበዝሐ ኣብ {{col}} ይድርቶ።',
  basis: 'ዝተሓሰበ {{date}}፦ ኣብ ነፍሲ ወከፍ ክፍሊ {{games}} ጸወታታት፣ ድሕሪ እቲ ቅድድም ክልቲኡ ወገን {{agent}} ተጻዊትዎ፤ ዘርኢ {{seed}}፤ {{seconds}} ካልኢት።',
  caveat:
    'እቶም መደበኛ ጌጋታት ዝዕቅኑ ፍልልይ ናይቶም ዝተጻወቱ ጸወታታት እዩ (ብዘርኢ ዝተወሰኑ ምርጫታት ኮምፒተርን እቲ ሳንቲምን)፣ ' +
    'ካብ ፍጹም ጸወታ ዘሎ ርሕቀት ኣይኮነን፦ ዝዓሞቐ ምድላይ ንሓደ ክፍሊ ካልእ ዋጋ ክህቦ ይኽእል።',
  reproduce: 'ዳግማይ ንምሕሳብ',
  cellTitle: 'ተጻዋቲ 1 ካብ ጉድጓድ {{row}}፣ ተጻዋቲ 2 ካብ ጉድጓድ {{col}}፦ ተጻዋቲ 1 ኣብ {{games}} ጸወታታት {{mean}} የርክብ',
  cellTally: '({{wins}} ዓወት፣ {{draws}} ማዕረ፣ {{losses}} ስዕረት)፤ {{race}} ኣብ {{ticks}} ህርመታት።',
  cellCoin: 'ነቲ ቅድድም ሳንቲም ይውስኖ',
  cellWinner: 'ነቲ ቅድድም ተጻዋቲ {{player}} ይዕወቶ',
  boardTitle: 'ቦታ ናይቶም መበገሲታት',
  boardLabel: 'መበገሲ ጉድጓዳት ነፍሲ ወከፍ ተጻዋቲን እቲ ሚዛናዊ ሜላ ካብ ነፍሲ ወከፍ ክንደይ ግዜ ከም ዝጅምርን ዘርኢ ሰሌዳ',
};

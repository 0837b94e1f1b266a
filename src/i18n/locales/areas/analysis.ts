/**
 * The `analysis` messages of the catalogue in every language (English is the source; Amharic and
 * Tigrinya are drafts, see docs/translating.md): the game page's analysis (src/web/analysis.ts),
 * its evaluation graph, the marks of the moves and the analysis board; and the move list's keys.
 */
import type { Messages } from '../../catalogue.js';

export const analysisEn = {
  /** The button that starts the engine's analysis of a finished game. */
  analyse: 'Analyse',
  analyseHelp: 'The computer at its strongest looks at every position of the game',
  heading: 'Analysis',
  /** While it runs: positions done of all. */
  progress: 'Analysing: {{done, number}} of {{total, number}} moves',
  done: 'Analysis done: {{total, number}} moves',
  stop: 'Stop',
  /** The evaluation graph: what it shows, and one point of it (a button that shows that position). */
  graph: 'Evaluation graph: {{who}}’s expected result after each move (up = {{who}} is better)',
  graphPoint: 'Move {{ply, number}}: {{who}}’s expected result {{value}}',
  /** The marks of the moves, by how much the mover's expected result dropped. */
  inaccuracy: 'Inaccuracy',
  mistake: 'Mistake',
  blunder: 'Blunder',
  /** The summary line of one player's marks. */
  summary: '{{who}}: inaccuracies {{inaccuracy, number}}, mistakes {{mistake, number}}, blunders {{blunder, number}}',
  /** The engine's view of the position shown. */
  best: 'Best move: {{move}}',
  line: 'Expected line: {{line}}',
  evalOf: '{{who}}’s expected result: {{value}}',
  noBest: 'No move to choose here.',
  thinking: 'The computer is thinking…',
  /** The analysis board: other moves from the position shown. */
  board: 'Analysis board',
  boardHelp: 'Tap a highlighted hole to try another move from this position.',
  variation: 'Your line: {{line}}',
  backToGame: 'Back to the game',
  /** A comment kept in an imported record's annotation. */
  comment: 'Comment: {{text}}',
  /** The move list's keys (Left/Right, Home/End: `home` and `end` are the keys' names, 'Home' and 'End'). */
  keysHelp: 'Left and Right go back or forward one move, {{home}} and {{end}} go to the start and the end.',
} as const;

export const analysisAm: Messages<typeof analysisEn> = {
  analyse: 'ተንትን',
  analyseHelp: 'ኮምፒውተሩ በሙሉ ኃይሉ እያንዳንዱን የጨዋታውን አቋም ይመለከታል',
  heading: 'ትንተና',
  progress: 'በመተንተን ላይ፦ ከ{{total, number}} እንቅስቃሴዎች {{done, number}}',
  done: 'ትንተናው ተጠናቋል፦ {{total, number}} እንቅስቃሴዎች',
  stop: 'አቁም',
  graph: 'የግምገማ ግራፍ፦ ከእያንዳንዱ እንቅስቃሴ በኋላ የ{{who}} የሚጠበቅ ውጤት (ወደ ላይ = {{who}} ይሻላል)',
  graphPoint: 'እንቅስቃሴ {{ply, number}}፦ የ{{who}} የሚጠበቅ ውጤት {{value}}',
  inaccuracy: 'ትንሽ ስህተት',
  mistake: 'ስህተት',
  blunder: 'ከባድ ስህተት',
  summary: '{{who}}፦ ትንሽ ስህተቶች {{inaccuracy, number}}፣ ስህተቶች {{mistake, number}}፣ ከባድ ስህተቶች {{blunder, number}}',
  best: 'ምርጥ እንቅስቃሴ፦ {{move}}',
  line: 'የሚጠበቀው ቅደም ተከተል፦ {{line}}',
  evalOf: 'የ{{who}} የሚጠበቅ ውጤት፦ {{value}}',
  noBest: 'እዚህ የሚመረጥ እንቅስቃሴ የለም።',
  thinking: 'ኮምፒውተሩ እያሰበ ነው…',
  board: 'የትንተና ሰሌዳ',
  boardHelp: 'ከዚህ አቋም ሌላ እንቅስቃሴ ለመሞከር የደመቀ ጉድጓድ ይንኩ።',
  variation: 'የእርስዎ ቅደም ተከተል፦ {{line}}',
  backToGame: 'ወደ ጨዋታው ተመለስ',
  comment: 'አስተያየት፦ {{text}}',
  keysHelp: 'ግራ እና ቀኝ በእንቅስቃሴዎቹ ይራመዳሉ፤ {{home}} እና {{end}} ወደ መጀመሪያው እና ወደ መጨረሻው ይሄዳሉ።',
};

export const analysisTi: Messages<typeof analysisEn> = {
  analyse: 'ተንትን',
  analyseHelp: 'እቲ ኮምፒተር ብምሉእ ሓይሉ ነፍሲ ወከፍ ኩነታት ናይቲ ጸወታ ይርኢ',
  heading: 'ትንተና',
  progress: 'ይትንተን ኣሎ፦ ካብ {{total, number}} ምንቅስቓሳት {{done, number}}',
  done: 'ትንተና ተወዲኡ፦ {{total, number}} ምንቅስቓሳት',
  stop: 'ደው ኣብል',
  graph: 'ግራፍ ገምጋም፦ ድሕሪ ነፍሲ ወከፍ ምንቅስቓስ ናይ {{who}} ዝጽበ ውጽኢት (ናብ ላዕሊ = {{who}} ይሓይሽ)',
  graphPoint: 'ምንቅስቓስ {{ply, number}}፦ ናይ {{who}} ዝጽበ ውጽኢት {{value}}',
  inaccuracy: 'ንእሽቶ ጌጋ',
  mistake: 'ጌጋ',
  blunder: 'ዓቢ ጌጋ',
  summary: '{{who}}፦ ንኣሽቱ ጌጋታት {{inaccuracy, number}}፣ ጌጋታት {{mistake, number}}፣ ዓበይቲ ጌጋታት {{blunder, number}}',
  best: 'ዝበለጸ ምንቅስቓስ፦ {{move}}',
  line: 'ዝጽበ መስመር፦ {{line}}',
  evalOf: 'ናይ {{who}} ዝጽበ ውጽኢት፦ {{value}}',
  noBest: 'ኣብዚ ዝምረጽ ምንቅስቓስ የለን።',
  thinking: 'እቲ ኮምፒተር ይሓስብ ኣሎ…',
  board: 'ሰሌዳ ትንተና',
  boardHelp: 'ካብዚ ኩነታት ካልእ ምንቅስቓስ ንምፍታን ዝበርሀ ጉድጓድ ጠውቕ።',
  variation: 'ናትካ መስመር፦ {{line}}',
  backToGame: 'ናብቲ ጸወታ ተመለስ',
  comment: 'ርእይቶ፦ {{text}}',
  keysHelp: 'ጸጋምን የማንን ብምንቅስቓሳት ይስጉሙ፤ {{home}}ን {{end}}ን ናብ መጀመርታን መወዳእታን ይወስዱ።',
};

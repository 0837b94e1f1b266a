/**
 * The `options` messages of the catalogue in every language (English is the source; Amharic and
 * Tigrinya are drafts, see docs/translating.md). Spread into en.ts, am.ts and ti.ts as `options`.
 *
 * The new-game screen says every rule option in plain words: `opt.<option>.label` is the question
 * the option settles, `opt.<option>.values.<value>` the answer each value gives, written so that
 * "question + answer" reads as a rule. An integer option has words for its special values
 * (`values.0`) and `values.n` (plural, `count`) for any other. Where one option name means
 * something different in a ruleset, `in.<rulesetId>.<option>` overrides the general words (the
 * screen looks there first: src/web/option-words.ts). No clause ids and no option names here:
 * the screen shows those beside the words, in code, under "Advanced".
 *
 * The English `opt` and `in` are not written here: they are the options' own words, declared with
 * each option in the engine (`question` and `explain`, packages/engine/src/core/options.ts and the
 * games' options.ts), and made into messages as the rulesets register
 * (packages/engine/src/games/option-english.ts). test/options-words.test.ts holds them equal.
 */
import type { Messages } from '../../catalogue.js';

export const optionsEn = {
  learn: 'Learn to play',
  learnHelp: 'A short guided lesson on the board, before you play.',
  rulesTitle: 'The rules',
  rulesIntro: 'How this game will be played. These are the usual readings; you can change them under "Advanced".',
  advanced: 'Advanced (rule readings)',
  advancedHelp:
    'The sources leave these points open, so each one is a choice. The reading we play by default is marked. ' +
    'The name in code is how game records and the command-line tools call the option.',
  changed: 'changed from the default',
  changedCount_one: '{{count, number}} changed',
  changedCount_other: '{{count, number}} changed',
  reset: 'Reset to defaults',
  chosenAbove: 'Chosen above:',
  limits: 'Limits that stop endless play',
  limitsHelp: 'Safety nets against games that would never end.',
  allowed: 'From {{min}} to {{max}}; usually {{value}}.',
  presetLabel: 'Start from',
  presetNone: 'our usual readings',
  preset: { ludii: 'the readings of the Ludii program' },
  ourReading: 'our reading ({{confidence}})',
  confidence: { low: 'uncertain', medium: 'fairly sure', high: 'sure' },
  otherReadings: 'Other points we read for ourselves',
  pages: 'pages {{pages}}',
  /** Made from the options' declarations (see above); the translations write theirs by the same keys. */
  opt: {} as OptionsGroup,
  in: {} as { readonly [rulesetId: string]: OptionsGroup },
} as const;

/** A group of option words by key: an option's `label` and `values`, the options of a ruleset. */
export interface OptionsGroup {
  readonly [key: string]: string | OptionsGroup;
}

type Words = Messages<typeof optionsEn>;
type GabataWords = OptionsGroup;

const gabataAm: GabataWords = {
  rounds: { values: { '0': 'አንድ ተጫዋች ሁሉንም ጉድጓዶች እስኪይዝ ድረስ ይጫወቱ።' } },
  roundStarter: {
    values: {
      loser: 'ባለፈው ዙር ትንሹን ድምር ያገኘው ተጫዋች ቀጣዩን ይጀምራል።',
      winner: 'ባለፈው ዙር ትልቁን ድምር ያገኘው ተጫዋች ቀጣዩን ይጀምራል።',
    },
  },
  roundStalemate: {
    values: { ownerTakes: 'በመደበኛ ጉድጓዶች የቀሩት ጠጠሮች ለጉድጓዶቹ ባለቤቶች ይሄዳሉ፤ ከዚያም ዙሩ እንደተለመደው ይቆጠራል።' },
  },
};

export const optionsAm: Words = {
  learn: 'መጫወት ይማሩ',
  learnHelp: 'ከመጫወትዎ በፊት በሰሌዳው ላይ አጭር የተመራ ትምህርት።',
  rulesTitle: 'ህጎቹ',
  rulesIntro: 'ይህ ጨዋታ የሚጫወተው እንዲህ ነው። እነዚህ የተለመዱት ንባቦች ናቸው፤ «የላቀ» በሚለው ስር መቀየር ይችላሉ።',
  advanced: 'የላቀ (የህግ ንባቦች)',
  advancedHelp:
    'ምንጮቹ እነዚህን ነጥቦች ክፍት ትተዋቸዋል፤ ስለዚህ እያንዳንዱ ምርጫ ነው። በነባሪ የምንጫወትበት ንባብ ምልክት ተደርጎበታል። ' +
    'በኮድ የተጻፈው ስም የጨዋታ መዛግብት እና የትእዛዝ መስመር መሣሪያዎች አማራጩን የሚጠሩበት ስም ነው።',
  changed: 'ከነባሪው ተቀይሯል',
  changedCount_one: '{{count, number}} ተቀይሯል',
  changedCount_other: '{{count, number}} ተቀይረዋል',
  reset: 'ወደ ነባሪዎቹ መልስ',
  chosenAbove: 'ከላይ የተመረጡ፦',
  limits: 'ማለቂያ የሌለውን ጨዋታ የሚያቆሙ ገደቦች',
  limitsHelp: 'ፈጽሞ የማያበቁ ጨዋታዎችን የሚከላከሉ የጥንቃቄ ገደቦች።',
  allowed: 'ከ{{min}} እስከ {{max}}፤ በተለምዶ {{value}}።',
  presetLabel: 'መነሻ',
  presetNone: 'የተለመዱት ንባቦቻችን',
  preset: { ludii: 'የLudii ፕሮግራም ንባቦች' },
  ourReading: 'የእኛ ንባብ ({{confidence}})',
  confidence: { low: 'እርግጠኛ ያልሆነ', medium: 'በመጠኑ እርግጠኛ', high: 'እርግጠኛ' },
  otherReadings: 'በራሳችን ያነበብናቸው ሌሎች ነጥቦች',
  pages: 'ገጽ {{pages}}',
  opt: {
    players: {
      label: 'ስንት ተጫዋቾች?',
      values: { '2': 'ሁለት ተጫዋቾች።', '3': 'ሦስት ተጫዋቾች፦ ከሁለት ተጫዋቾች ህጎች የተዘጋጀ የሙከራ ዓይነት።' },
    },
    firstPlayer: {
      label: 'ግጥሚያውን በመጀመሪያ የሚጫወተው ማን ነው?',
      values: {
        P1: 'ተጫዋች 1 መጀመሪያ ይጫወታል።',
        P2: 'ተጫዋች 2 መጀመሪያ ይጫወታል።',
        P3: 'ተጫዋች 3 መጀመሪያ ይጫወታል።',
        random: 'ጨዋታው ሲጀምር በዕጣ ይወሰናል።',
      },
    },
    roundStarter: {
      label: 'እያንዳንዱን አዲስ ዙር የሚጀምረው ማን ነው?',
      values: {
        alternate: 'ተጫዋቾቹ ዙሮቹን በየተራ ይጀምራሉ።',
        loser: 'ባለፈው ዙር የከፋ ውጤት ያገኘው ተጫዋች ቀጣዩን ይጀምራል።',
        winner: 'ባለፈው ዙር የተሻለ ውጤት ያገኘው ተጫዋች ቀጣዩን ይጀምራል።',
      },
    },
    rounds: {
      label: 'ስንት ዙሮች?',
      values: {
        '0': 'ግጥሚያው በአሸናፊ እስኪያበቃ ድረስ ይጫወቱ።',
        n_one: '{{count, number}} ዙር ይጫወቱ፤ ከዚያም ትልቁ ድምር ያሸንፋል።',
        n_other: '{{count, number}} ዙሮች ይጫወቱ፤ ከዚያም ትልቁ ድምር ያሸንፋል።',
      },
    },
    captureGate: {
      label: 'የዙሩ የመጀመሪያው wegue መቼ ሊሠራ ይችላል?',
      values: {
        firstTurnOfRound: 'በዙሩ የመጀመሪያ ተራ አይቻልም፤ ከሁለተኛው ተራ ጀምሮ ይቻላል።',
        eachPlayersFirstTurn: 'በዙሩ የማንኛውም ተጫዋች የመጀመሪያ ተራ አይቻልም።',
        perHoleUntilEmptied: 'አንድ ጉድጓድ wegue ሊሆን የሚችለው በዙሩ አንድ ጊዜ ባዶ ከሆነ በኋላ ብቻ ነው።',
        none: 'በማንኛውም ጊዜ፣ ከመጀመሪያው ተራ ጀምሮ።',
      },
    },
    wegueContinuation: {
      label: 'wegue ከሠራ በኋላ ተጫዋቹ እንደገና ይዘራል?',
      values: {
        mandatory: 'አዎ፦ ጉድጓድ ካለው ከራሱ ጉድጓዶች ከአንዱ እንደገና መዝራት አለበት።',
        optional: 'እንደ ምርጫው እንደገና ሊዘራ ወይም ሊያቆም ይችላል።',
        none: 'አይ፦ wegue መሥራት ተራውን ያበቃል።',
      },
    },
    surplusHoleOrder: {
      label: 'በዙሮች መካከል ሀብታሙ ተጫዋች የትኞቹን ጉድጓዶች ይወስዳል?',
      values: {
        opponentTrackOrder: 'የተሸናፊውን ጉድጓዶች በተሸናፊው የአዘራር ቅደም ተከተል፣ ከረድፉ ግራ ጀምሮ።',
        winnerChooses: 'ጉድጓዶች የሚያገኘው ተጫዋች አንድ በአንድ ይመርጣቸዋል።',
      },
    },
    lastHoleRule: {
      label: 'የተጫዋቹ የመጨረሻ ጉድጓድ ሲማረክ አንድ ጠጠር ይቀርለታል?',
      values: {
        off: 'አይ፦ መማረኩ እንደተለመደው ይፈጸማል።',
        on: 'አዎ፦ ማራኪው ከአራቱ ጠጠሮች ሦስቱን ይወስዳል፤ አንዱ ይቀራል።',
      },
    },
    skipOriginOnLongLaps: {
      label: 'መዝራቱ ሙሉ ዙር ሲዞር የተነሳበትን ጉድጓድ ይዘልላል?',
      values: {
        true: 'አዎ፦ መነሻው ጉድጓድ ይዘለላል።',
        false: 'አይ፦ መነሻው ጉድጓድ እንደማንኛውም ጉድጓድ ጠጠር ይቀበላል።',
      },
    },
    perpetualMove: {
      label: 'መዝራቱ ፈጽሞ የማያበቃ እንቅስቃሴ መጫወት ይቻላል?',
      values: {
        illegal: 'አይቻልም፤ እንዲህ ያሉ እንቅስቃሴዎች ብቻ ያሉት ተጫዋች ያልፋል።',
        endTurnAtRepeat: 'ይቻላል፤ መዝራቱ ራሱን መድገም በሚጀምርበት ቦታ ተራው ያበቃል።',
        drawRound: 'ይቻላል፤ ዙሩ ወዲያው ያበቃል፣ እንደማይገፋ ዙርም ይወሰናል።',
      },
    },
    maxLapsPerTurn: {
      label: 'አንድ መዝራት ማለቂያ እንደሌለው ከመቆጠሩ በፊት ስንት ዙረት ሊያደርግ ይችላል?',
      values: {
        n_one: 'ከ{{count, number}} ዙረት በኋላ መዝራቱ ማለቂያ እንደሌለው ይቆጠራል።',
        n_other: 'ከ{{count, number}} ዙረቶች በኋላ መዝራቱ ማለቂያ እንደሌለው ይቆጠራል።',
      },
    },
    maxTurnsPerRound: {
      label: 'የማይገፋ ዙር ከስንት ተራ በኋላ ይቆማል?',
      values: {
        n_one: 'ዙሩ ከ{{count, number}} ተራ በኋላ ይቆማል።',
        n_other: 'ዙሩ ከ{{count, number}} ተራዎች በኋላ ይቆማል።',
      },
    },
    roundStalemate: {
      label: 'ራሱን የሚደግም ወይም በጣም የሚረዝም ዙር ይቆማል፦ እንዴት ይወሰናል?',
      values: {
        ownerTakes: 'እያንዳንዱ ተጫዋች በራሱ ጉድጓዶች ያሉትን ጠጠሮች ይይዛል፤ ዙሩም እንደተለመደው ይቆጠራል።',
        draw: 'ግጥሚያው በአቻ ያበቃል።',
      },
    },
    chafaAppliesToRelay: {
      label: 'chafa enda ቅብብልንም ያቆማል?',
      values: {
        true: 'አዎ፦ ሦስት ወይም ከዚያ ያነሰ በያዘ የተጫዋቹ የራሱ chafa enda ላይ የሚያበቃ ቅብብል ተራውን ያበቃል።',
        false: 'አይ፦ የሚገድበው የመነሻ ጉድጓድ ምርጫን ብቻ ነው።',
      },
    },
    chafaLocation: {
      label: 'ጉድጓዶች ባለቤት ከቀየሩ በኋላ chafa enda የት ነው?',
      values: {
        fixed: 'ሁልጊዜ በእነዚያው ሁለት ጉድጓዶች፣ የመጀመሪያ ባለቤታቸው እስከያዛቸው ድረስ ብቻ።',
        currentLeftmost: 'ተጫዋቹ አሁንም ከያዛቸው የመጀመሪያ የዙሪያ መንገድ ክፍሉ ጉድጓዶች የመጀመሪያው።',
      },
    },
    gifiaAdjacency: {
      label: 'ለመማረክ የመጨረሻው ጉድጓድ ጎረቤቶች የትኞቹ ናቸው?',
      values: {
        ring: 'ሰሌዳውን በመዞር ከእሱ በፊት እና በኋላ ያሉት ጉድጓዶች።',
        row: 'በዚያው ረድፍ ከጎኑ ያሉት ጉድጓዶች ብቻ፤ በረድፉ ጫፍ ያለ ጉድጓድ አንድ ጎረቤት አለው።',
      },
    },
    gifiaChainCapture: {
      label: 'መማረኩ ከጎረቤቶቹ አልፎ ይቀጥላል?',
      values: {
        true: 'አዎ፦ ቀጣዩ ጉድጓድ 2 ወይም 4 እስከያዘ ድረስ ወደ ውጭ ይቀጥላል።',
        false: 'አይ፦ የመጨረሻውን ጉድጓድ እና 2 ወይም 4 የያዙትን የቅርብ ጎረቤቶቹን ብቻ ይወስዳል።',
      },
    },
    gifiaSingleNeighbourOptional: {
      label: 'ተጫዋቹ አንድ ጎረቤት ከመውሰድ መቆጠብ ይችላል?',
      values: {
        true: 'አዎ፦ ከእንዲህ ያሉ ጎረቤቶች አንዱን ሊወስድ ወይም ምንም ላይወስድ ይችላል።',
        false: 'አይ፦ ከእንዲህ ያሉ ጎረቤቶች የአንዱን ሙሉ ጠጠሮች መውሰድ አለበት።',
      },
    },
    gifiaPassMaxBeans: {
      label: 'ጥቂት ባቄላዎች ያሉት ተጫዋች ከመጫወት ይልቅ መቼ ማለፍ ይችላል?',
      values: {
        '0': 'በጭራሽ፦ የሚያልፈው ምንም ባቄላ የሌለው ተጫዋች ብቻ ነው።',
        n_one: 'ጉድጓዶቹ በአጠቃላይ {{count, number}} ባቄላ ሲይዙ።',
        n_other: 'ጉድጓዶቹ በአጠቃላይ {{count, number}} ወይም ከዚያ ያነሱ ባቄላዎች ሲይዙ።',
      },
    },
    gifiaWeakPlayer: {
      label: 'በዙሩ መጀመሪያ አንድ ጉድጓድ በስድስት ባቄላ መሙላት የማይችል ተጫዋችስ?',
      values: {
        loses: 'ግጥሚያውን ይሸነፋል።',
        singleShortHole: 'ባቄላዎቹን በሙሉ በመጀመሪያ ጉድጓዱ አስቀምጦ መጫወቱን ይቀጥላል፤ የሚሸነፈው ምንም ባቄላ የሌለው ብቻ ነው።',
      },
    },
    maxRounds: {
      label: 'የማያበቃ ግጥሚያ ከስንት ዙር በኋላ ይቆማል?',
      values: {
        n_one: 'ከ{{count, number}} ዙር በኋላ ግጥሚያው ያበቃል፤ ትልቁ ድምር ያሸንፋል።',
        n_other: 'ከ{{count, number}} ዙሮች በኋላ ግጥሚያው ያበቃል፤ ትልቁ ድምር ያሸንፋል።',
      },
    },
    openingMode: {
      label: 'በመጀመሪያ የሚጫወተው ማን ነው?',
      values: {
        race: 'የመክፈቻ ሩጫ፦ ሁለቱም ተጫዋቾች በአንድ ጊዜ ይዘራሉ፤ መጀመሪያ የጨረሰው መጀመሪያ ይጫወታል።',
        p1First: 'ሩጫ የለም፦ ተጫዋች 1 መጀመሪያ ይጫወታል።',
        random: 'ሩጫ የለም፦ በዕጣ ይወሰናል።',
      },
    },
    selusRaceStart: {
      label: 'እያንዳንዱ ተጫዋች የመክፈቻውን ሩጫ ከየት ይጀምራል?',
      values: {
        choose: 'እያንዳንዱ መነሻ ጉድጓዱን በሚስጥር ይመርጣል፤ ምርጫዎቹ በአንድ ላይ ይገለጣሉ።',
        leftmost: 'ሊጀምርባቸው ከሚችሉት ጉድጓዶች ከግራው ሲቆጠር የመጀመሪያው።',
        closestToOpponent: 'ሊጀምርባቸው ከሚችሉት ጉድጓዶች ለተቃዋሚው ቅርብ የሆነው።',
      },
    },
    raceSkip: {
      label: 'በሩጫው ሦስት የያዙ የተቃዋሚ ጉድጓዶች ይዘለላሉ?',
      values: {
        true: 'አዎ፦ ሯጮቹ በትክክል ሦስት የያዙትን የተቃዋሚ ጉድጓዶች ይዘልላሉ።',
        false: 'አይ፦ ሯጮቹ በመንገዳቸው ባለ እያንዳንዱ ጉድጓድ ጠጠር ይጥላሉ።',
      },
    },
    raceTickOrder: {
      label: 'በሩጫው በእያንዳንዱ እርምጃ መጀመሪያ ጠጠር የሚጥለው ማን ነው?',
      values: {
        alternate: 'ተጫዋች 1 እና ተጫዋች 2 በየተራ ይቀድማሉ።',
        p1First: 'ሁልጊዜ ተጫዋች 1 ይቀድማል።',
        p2First: 'ሁልጊዜ ተጫዋች 2 ይቀድማል።',
      },
    },
    raceTie: {
      label: 'ሁለቱም በአንድ ምት ሲጨርሱ ሩጫውን የሚያሸንፈው ማን ነው?',
      values: {
        coin: 'የሳንቲም ውርወራ ይወስናል (በእያንዳንዱ የጨዋታው ድጋሚ ማሳያ ያው ውርወራ)።',
        tickOrder: 'በዚያ እርምጃ መጀመሪያ የጣለው (የዚህ መተግበሪያ የቀድሞው ህግ)።',
      },
    },
    raceLoserCompletion: {
      label: 'አንዱ ሩጫውን ካሸነፈ በኋላ ተሸናፊው መዝራቱን ይጨርሳል?',
      values: {
        finish: 'አዎ፦ የመጨረሻ ጠጠሩ ባዶ ጉድጓድ ውስጥ እስኪወድቅ ድረስ ብቻውን መዝራቱን ይቀጥላል።',
        abandon: 'አይ፦ ያቆማል፤ በእጁ ያሉትን ጠጠሮች መጨረሻ ወዳነሳበት ጉድጓድ ይመልሳል።',
      },
    },
    raceLoopResolution: {
      label: 'ለዘላለም የሚቀጥል ሩጫን የሚያሸንፈው ማን ነው?',
      values: {
        p1Starts: 'በእጅ ያሉት ጠጠሮች ይመለሳሉ፤ ተጫዋች 1 መጀመሪያ ይጫወታል።',
        random: 'በእጅ ያሉት ጠጠሮች ይመለሳሉ፤ የሳንቲም ውርወራ ይወስናል።',
        restartRace: 'ሩጫው ከመጀመሪያው እንደገና ይካሄዳል፣ በእያንዳንዱ እርምጃ ሌላው ተጫዋች እየቀደመ፤ እንደገና ከተደጋገመ የሳንቲም ውርወራ ይወስናል።',
      },
    },
    raceCaptures: {
      label: 'በሩጫው ወቅት መማረክ ይቻላል?',
      values: {
        true: 'አዎ፦ የመጨረሻ ጠጠሩ በራሱ ባዶ ጉድጓድ የወደቀ ሯጭ ይማርካል፣ ሩጫውንም ይቀጥላል።',
        false: 'አይ፦ የሯጭ ሩጫ በማንኛውም ባዶ ጉድጓድ ያበቃል፣ ባለቤቱ ማንም ይሁን።',
      },
    },
    winningsCountLater: {
      label: 'ተለይቶ የተቀመጠው ትርፍ በቀጣዮቹ ዙሮች እንደገና ይቆጠራል?',
      values: {
        true: 'አዎ፦ እያንዳንዱ ተጫዋች ትርፉን ጨምሮ ያለውን ሁሉ ያስቀምጣል።',
        false: 'አይ፦ ትርፍ ለዘለቄታው ይያዛል፤ እያንዳንዱ ዙር ባለፈው ዙር በተማረከው ይጫወታል።',
      },
    },
    nedfFirstScope: {
      label: 'በቀላሉ መንገድ ሊሠራ የሚችለው የማን የመጀመሪያ nedf ነው?',
      values: {
        perPlayer: 'የእያንዳንዱ ተጫዋች የራሱ የመጀመሪያ nedf፤ ቀጣዮቹ ሁለት ጠጠሮች ያስፈልጋቸዋል።',
        global: 'የጨዋታው የመጀመሪያ nedf ብቻ፣ በየትኛውም ተጫዋች።',
      },
    },
    nedfMode: {
      label: 'ከመጀመሪያው በኋላ ያሉት nedfዎች እንዴት ይሠራሉ?',
      values: {
        twoCounterRule: 'በዙረቱ የመጨረሻ ሁለት ጠጠሮች፣ ተከታትለው ሦስት ሦስት በያዙ ሁለት ጉድጓዶች ውስጥ በመጣል።',
        onePerPlayer: 'አይሠሩም፦ እያንዳንዱ ተጫዋች በጨዋታው ቢበዛ አንድ nedf ይሠራል።',
      },
    },
    nedfZone: {
      label: 'ከተቃዋሚው ጉድጓዶች የትኞቹ nedf ሊሆኑ ይችላሉ?',
      values: {
        allOpponentHoles: 'ማንኛውም መደበኛ ጉድጓዱ፣ የመሃለኛው ረድፍ ግማሹንም ጨምሮ።',
        opponentOuterRow: 'በአጠገቡ ባለው ረድፍ ያሉት ጉድጓዶች ብቻ።',
      },
    },
    twoCounterSecondHole: {
      label: 'nedf በሁለት ጠጠሮች ሲሠራ ሁለተኛው ጉድጓድ የማን ሊሆን ይችላል?',
      values: {
        anyOwner: 'የየትኛውም ተጫዋች፦ ከአዲሱ nedf ቀጥሎ ያለ ሦስት የያዘ ማንኛውም ጉድጓድ።',
        opponentOnly: 'የተቃዋሚው ብቻ።',
      },
    },
    guardian: {
      label: 'የጠባቂው ህግ ይጫወታል?',
      values: {
        true: 'አዎ፦ ከnedf ቀጥሎ ያለው ጉድጓድ በትክክል ሦስት እስከያዘ ድረስ የባለቤቱ ተቃዋሚ nedf አይሠራም።',
        false: 'አይ፦ ጠባቂ የለም።',
      },
    },
    guardianScope: {
      label: 'ጠባቂ ያላቸው የትኞቹ nedfዎች ናቸው?',
      values: {
        allNedfs: 'ተጫዋቹ የያዛቸው nedfዎች በሙሉ።',
        latestNedf: 'የተጫዋቹ የቅርብ ጊዜው nedf ብቻ።',
      },
    },
    selusScoring: {
      label: 'ጨዋታው ሲያበቃ የሚያሸንፈው ማን ነው?',
      values: {
        nedfPlusOwnHoles: 'እያንዳንዱ ተጫዋች በnedfዎቹ እና በራሱ ጉድጓዶች ያሉትን ጠጠሮች ይቆጥራል፤ የበለጠ ያለው ያሸንፋል።',
        nedfOnly: 'እያንዳንዱ ተጫዋች በnedfዎቹ ያሉትን ጠጠሮች ብቻ ይቆጥራል፤ የበለጠ ያለው ያሸንፋል።',
        blockWin: 'የሚጫወተው ያጣ ወይም እጅ የሰጠ ተጫዋች ይሸነፋል።',
      },
    },
    concession: {
      label: 'እጅ መስጠት ምን ማለት ነው?',
      values: {
        resign: 'ተጫዋች በተራው እጅ ሊሰጥ ይችላል፤ ቁጥሩ ምንም ይሁን ይሸነፋል።',
        scored: 'እጅ መስጠት ጨዋታውን ያበቃል፤ ከዚያም እንደተለመደው ይቆጠራል (የዚህ መተግበሪያ የቀድሞው ህግ)።',
        off: 'ማንም እጅ መስጠት አይችልም።',
      },
    },
  },
  in: {
    'gabata-adowa': gabataAm,
    'gabata-aksum': gabataAm,
    gifia: {
      rounds: { values: { '0': 'አንድ ተጫዋች ጉድጓድ መሙላት እስኪያቅተው ድረስ ይጫወቱ።' } },
      roundStarter: {
        values: {
          loser: 'ባለፈው ዙር ድምሩ የቀነሰው ተጫዋች ቀጣዩን ይጀምራል፤ ምንም ድምር ካልተለወጠ በየተራ ይጀምራሉ።',
          winner: 'ባለፈው ዙር ድምሩ የጨመረው ተጫዋች ቀጣዩን ይጀምራል፤ ምንም ድምር ካልተለወጠ በየተራ ይጀምራሉ።',
        },
      },
      skipOriginOnLongLaps: { values: { false: 'አይ፦ መነሻው ጉድጓድ እንደማንኛውም ጉድጓድ ባቄላ ይቀበላል።' } },
      roundStalemate: {
        values: { ownerTakes: 'እንደ ተለመደው የዙር መጨረሻ እያንዳንዱ ተጫዋች የራሱን ጉድጓዶች ባቄላዎች ወደ ጎተራው ያስገባል።' },
      },
    },
    selus: {
      perpetualMove: { values: { drawRound: 'ይቻላል፤ ጨዋታው ወዲያው በአቻ ያበቃል።' } },
      maxTurnsPerRound: {
        label: 'የማይገፋ ጨዋታ ከስንት ተራ በኋላ ይቆማል?',
        values: {
          n_one: 'ጨዋታው ከ{{count, number}} ተራ በኋላ ይቆማል።',
          n_other: 'ጨዋታው ከ{{count, number}} ተራዎች በኋላ ይቆማል።',
        },
      },
      roundStalemate: {
        label: 'ራሱን የሚደግም ወይም በጣም የሚረዝም ጨዋታ ይቆማል፦ እንዴት ይወሰናል?',
        values: {
          ownerTakes: 'እያንዳንዱ ተጫዋች በራሱ ጉድጓዶች ያሉትን ጠጠሮች በnedfዎቹ ላይ ይደምራል፤ የበለጠ ያለው ያሸንፋል።',
          draw: 'ጨዋታው በአቻ ያበቃል።',
        },
      },
    },
    abalalae: {
      rounds: { values: { '0': 'አንድ ተጫዋች ሁሉንም ጠጠሮች እስኪይዝ ድረስ ይጫወቱ።' } },
      openingMode: {
        label: 'የእያንዳንዱን ዙር የመጀመሪያ እንቅስቃሴ የሚያደርገው ማን ነው?',
        values: {
          race: 'እያንዳንዱ ዙር በሩጫ ይከፈታል፦ ሁለቱም ከግራ ጫፍ ጉድጓዶቻቸው በአንድ ጊዜ ይዘራሉ፤ አሸናፊው ይጀምራል።',
          p1First: 'ሩጫ የለም፦ ተጫዋች 1 እያንዳንዱን ዙር ይጀምራል።',
          random: 'ሩጫ የለም፦ የእያንዳንዱ ዙር ጀማሪ በዕጣ ይወሰናል።',
        },
      },
      roundStalemate: {
        values: { ownerTakes: 'እያንዳንዱ ተጫዋች በራሱ ጉድጓዶች ያሉትን ጠጠሮች ይወስዳል፤ ግጥሚያውም በቀጣዩ ዙር ይቀጥላል።' },
      },
    },
  },
};

const gabataTi: GabataWords = {
  rounds: { values: { '0': 'ሓደ ተጻዋቲ ኩሎም ጉድጓዳት ክሳብ ዝሕዝ ተጻወቱ።' } },
  roundStarter: {
    values: {
      loser: 'ኣብቲ ዝሓለፈ ዙር እቲ ዝነኣሰ ድምር ዝረኸበ ተጻዋቲ ነቲ ዝቕጽል ይጅምር።',
      winner: 'ኣብቲ ዝሓለፈ ዙር እቲ ዝዓበየ ድምር ዝረኸበ ተጻዋቲ ነቲ ዝቕጽል ይጅምር።',
    },
  },
  roundStalemate: {
    values: { ownerTakes: 'ኣብ ንቡራት ጉድጓዳት ዝተረፉ ኣእማን ናብ ወነንቲ ጉድጓዳት ይኸዱ፤ ድሕሪኡ እቲ ዙር ከም ልሙድ ይቑጸር።' },
  },
};

export const optionsTi: Words = {
  learn: 'ምጽዋት ተማሃር',
  learnHelp: 'ቅድሚ ምጽዋትካ ኣብ ሰሌዳ ሓጺር ዝምራሕ ትምህርቲ።',
  rulesTitle: 'እቶም ሕግታት',
  rulesIntro: 'እዚ ጸወታ ከምዚ ክጻወት እዩ። እዚኣቶም እቶም ልሙዳት ንባባት እዮም፤ ኣብ ትሕቲ «ዝለዓለ» ክትቕይሮም ትኽእል ኢኻ።',
  advanced: 'ዝማዕበለ (ንባባት ሕጊ)',
  advancedHelp:
    'ምንጭታት ነዞም ነጥብታት ክፉታት ገዲፈምዎም፤ ስለዚ ነፍሲ ወከፍ ምርጫ እዩ። እቲ ብንቡር እንጻወተሉ ንባብ ምልክት ተገይርሉ ኣሎ። ' +
    'እቲ ብኮድ ዝተጻሕፈ ስም፣ መዛግብቲ ጸወታን መሳርሒታት መስመር ትእዛዝን ነቲ ኣማራጺ ዝጽውዕሉ ስም እዩ።',
  changed: 'ካብ ንቡር ተቐይሩ',
  changedCount_one: '{{count, number}} ተቐይሩ',
  changedCount_other: '{{count, number}} ተቐይሮም',
  reset: 'ናብ ንቡራት መልስ',
  chosenAbove: 'ኣብ ላዕሊ ዝተመርጹ፦',
  limits: 'መወዳእታ ዘይብሉ ጸወታ ዘቋርጹ ደረታት',
  limitsHelp: 'ፈጺሞም ዘይውድኡ ጸወታታት ዝከላኸሉ ናይ ጥንቃቐ ደረታት።',
  allowed: 'ካብ {{min}} ክሳብ {{max}}፤ ብልሙድ {{value}}።',
  presetLabel: 'መበገሲ',
  presetNone: 'ልሙዳት ንባባትና',
  preset: { ludii: 'ንባባት ፕሮግራም Ludii' },
  ourReading: 'ናትና ንባብ ({{confidence}})',
  confidence: { low: 'ዘይርጉጽ', medium: 'ብመጠኑ ርግጸኛ', high: 'ርግጸኛ' },
  otherReadings: 'ባዕልና ዘንበብናዮም ካልኦት ነጥብታት',
  pages: 'ገጽ {{pages}}',
  opt: {
    players: {
      label: 'ክንደይ ተጻወትቲ?',
      values: { '2': 'ክልተ ተጻወትቲ።', '3': 'ሰለስተ ተጻወትቲ፦ ካብ ሕግታት ክልተ ተጻወትቲ ዝተዳለወ ናይ ፈተነ ዓይነት።' },
    },
    firstPlayer: {
      label: 'ነቲ ግጥሚ መን ቀዲሙ ይጻወት?',
      values: {
        P1: 'ተጻዋቲ 1 ቀዲሙ ይጻወት።',
        P2: 'ተጻዋቲ 2 ቀዲሙ ይጻወት።',
        P3: 'ተጻዋቲ 3 ቀዲሙ ይጻወት።',
        random: 'ጸወታ ክጅምር ከሎ ብዕጫ ይውሰን።',
      },
    },
    roundStarter: {
      label: 'ነፍሲ ወከፍ ሓድሽ ዙር መን ይጅምር?',
      values: {
        alternate: 'ተጻወትቲ ነቶም ዙራት ብተራ ይጅምርዎም።',
        loser: 'ኣብቲ ዝሓለፈ ዙር ዝሓመቐ ውጽኢት ዝረኸበ ተጻዋቲ ነቲ ዝቕጽል ይጅምር።',
        winner: 'ኣብቲ ዝሓለፈ ዙር ዝበለጸ ውጽኢት ዝረኸበ ተጻዋቲ ነቲ ዝቕጽል ይጅምር።',
      },
    },
    rounds: {
      label: 'ክንደይ ዙራት?',
      values: {
        '0': 'እቲ ግጥሚ ብዓወት ክሳብ ዝውዳእ ተጻወቱ።',
        n_one: '{{count, number}} ዙር ተጻወቱ፤ ድሕሪኡ እቲ ዝዓበየ ድምር ይዕወት።',
        n_other: '{{count, number}} ዙራት ተጻወቱ፤ ድሕሪኡ እቲ ዝዓበየ ድምር ይዕወት።',
      },
    },
    captureGate: {
      label: 'ቀዳማይ wegue ናይ ዙር መዓስ ክስራሕ ይኽእል?',
      values: {
        firstTurnOfRound: 'ኣብ ቀዳማይ ተራ ናይ ዙር ኣይከኣልን፤ ካብ ካልኣይ ተራ ጀሚሩ ይከኣል።',
        eachPlayersFirstTurn: 'ኣብ ቀዳማይ ተራ ናይ ዝኾነ ተጻዋቲ ኣብቲ ዙር ኣይከኣልን።',
        perHoleUntilEmptied: 'ሓደ ጉድጓድ wegue ክኸውን ዝኽእል ኣብቲ ዙር ሓንሳብ ባዶ ምስ ኮነ ጥራይ እዩ።',
        none: 'ኣብ ዝኾነ ግዜ፣ ካብ ቀዳማይ ተራ ጀሚሩ።',
      },
    },
    wegueContinuation: {
      label: 'wegue ምስ ሰርሐ እቲ ተጻዋቲ ደጊሙ ይዘርእ ድዩ?',
      values: {
        mandatory: 'እወ፦ ጉድጓድ እንተሃልይዎ ካብ ሓደ ካብ ጉድጓዳቱ ደጊሙ ክዘርእ ኣለዎ።',
        optional: 'ከም ድሌቱ ደጊሙ ክዘርእ ወይ ደው ክብል ይኽእል።',
        none: 'ኣይፋል፦ wegue ምስራሕ ነቲ ተራ ይውድኦ።',
      },
    },
    surplusHoleOrder: {
      label: 'ኣብ መንጎ ዙራት እቲ ሃብታም ተጻዋቲ ኣየኖት ጉድጓዳት ይወስድ?',
      values: {
        opponentTrackOrder: 'ጉድጓዳት ናይቲ ተሳዓሪ ብናይቲ ተሳዓሪ ስርዓት ምዝራእ፣ ካብ ጸጋም መስርዑ ጀሚሩ።',
        winnerChooses: 'እቲ ጉድጓዳት ዝረክብ ተጻዋቲ ሓደ ብሓደ ይመርጾም።',
      },
    },
    lastHoleRule: {
      label: 'እቲ ናይ መወዳእታ ጉድጓድ ተጻዋቲ ምስ ዝማረኽ፣ ሓደ እምኒ ይተርፎ ድዩ?',
      values: {
        off: 'ኣይፋል፦ እቲ ምምራኽ ከም ልሙድ ይፍጸም።',
        on: 'እወ፦ እቲ ማራኺ ካብ ኣርባዕተ ኣእማን ሰለስተ ይወስድ፤ ሓደ ይተርፍ።',
      },
    },
    skipOriginOnLongLaps: {
      label: 'ምዝራእ ምሉእ ዙር ምስ ዝዞር ነቲ ዝተበገሰሉ ጉድጓድ ይሓልፎ ድዩ?',
      values: {
        true: 'እወ፦ እቲ መበገሲ ጉድጓድ ይሕለፍ።',
        false: 'ኣይፋል፦ እቲ መበገሲ ጉድጓድ ከም ዝኾነ ጉድጓድ እምኒ ይቕበል።',
      },
    },
    perpetualMove: {
      label: 'ምዝራኡ ፈጺሙ ዘይውዳእ ምንቅስቓስ ክጻወት ይከኣል ድዩ?',
      values: {
        illegal: 'ኣይከኣልን፤ ከምዚኦም ዝኣመሰሉ ምንቅስቓሳት ጥራይ ዘለዎ ተጻዋቲ ይሓልፍ።',
        endTurnAtRepeat: 'ይከኣል፤ ምዝራእ ንባዕሉ ክደግም ኣብ ዝጅምረሉ ቦታ እቲ ተራ ይውዳእ።',
        drawRound: 'ይከኣል፤ እቲ ዙር ብኡንብኡ ይውዳእ፣ ከም ዘይሰጕም ዙር ድማ ይውሰን።',
      },
    },
    maxLapsPerTurn: {
      label: 'ሓደ ምዝራእ መወዳእታ ከም ዘይብሉ ቅድሚ ምቑጻሩ ክንደይ ዙረት ክገብር ይኽእል?',
      values: {
        n_one: 'ድሕሪ {{count, number}} ዙረት እቲ ምዝራእ መወዳእታ ከም ዘይብሉ ይቑጸር።',
        n_other: 'ድሕሪ {{count, number}} ዙረታት እቲ ምዝራእ መወዳእታ ከም ዘይብሉ ይቑጸር።',
      },
    },
    maxTurnsPerRound: {
      label: 'ዘይሰጕም ዙር ድሕሪ ክንደይ ተራ ደው ይብል?',
      values: {
        n_one: 'እቲ ዙር ድሕሪ {{count, number}} ተራ ደው ይብል።',
        n_other: 'እቲ ዙር ድሕሪ {{count, number}} ተራታት ደው ይብል።',
      },
    },
    roundStalemate: {
      label: 'ንባዕሉ ዝደግም ወይ ብዙሕ ዝነውሕ ዙር ደው ይብል፦ ከመይ ይውሰን?',
      values: {
        ownerTakes: 'ነፍሲ ወከፍ ተጻዋቲ ኣብ ጉድጓዳቱ ዘለዉ ኣእማን ይሕዝ፤ እቲ ዙር ድማ ከም ልሙድ ይቑጸር።',
        draw: 'እቲ ግጥሚ ማዕረ ይውዳእ።',
      },
    },
    chafaAppliesToRelay: {
      label: 'chafa enda ንቅብብል እውን ደው የብሎ ድዩ?',
      values: {
        true: 'እወ፦ ኣብ ሰለስተ ወይ ካብኡ ዝውሕድ ዝሓዘ ናይ ባዕሉ chafa enda ዝውዳእ ቅብብል ነቲ ተራ ይውድኦ።',
        false: 'ኣይፋል፦ ዝድርቶ ምርጫ መበገሲ ጉድጓድ ጥራይ እዩ።',
      },
    },
    chafaLocation: {
      label: 'ጉድጓዳት ወናኒ ምስ ቀየሩ chafa enda ኣበይ እዩ?',
      values: {
        fixed: 'ኩሉ ግዜ ኣብቶም ሓደ ዓይነት ክልተ ጉድጓዳት፣ ቀዳማይ ወናኒኦም ክሳብ ዝሕዞም ጥራይ።',
        currentLeftmost: 'እቲ ተጻዋቲ ሕጂ ካብ ዝሕዞም ጉድጓዳት ናይ መጀመርታ ክፋል መዞሪ መንገዱ እቲ ቀዳማይ።',
      },
    },
    gifiaAdjacency: {
      label: 'ንምምራኽ ጎረባብቲ ናይቲ ናይ መወዳእታ ጉድጓድ ኣየኖት እዮም?',
      values: {
        ring: 'ሰሌዳ ብምዝዋር ቅድሚኡን ድሕሪኡን ዘለዉ ጉድጓዳት።',
        row: 'ኣብቲ ሓደ መስርዕ ኣብ ጎኑ ዘለዉ ጉድጓዳት ጥራይ፤ ኣብ ጫፍ መስርዕ ዘሎ ጉድጓድ ሓደ ጎረቤት ኣለዎ።',
      },
    },
    gifiaChainCapture: {
      label: 'እቲ ምምራኽ ካብ ጎረባብቲ ሓሊፉ ይቕጽል ድዩ?',
      values: {
        true: 'እወ፦ እቲ ዝቕጽል ጉድጓድ 2 ወይ 4 ክሳብ ዝሓዘ ንደገ ይቕጽል።',
        false: 'ኣይፋል፦ ነቲ ናይ መወዳእታ ጉድጓድን 2 ወይ 4 ዝሓዙ ቀረባ ጎረባብቱን ጥራይ ይወስድ።',
      },
    },
    gifiaSingleNeighbourOptional: {
      label: 'እቲ ተጻዋቲ ሓደ ጎረቤት ካብ ምውሳድ ክቑጠብ ይኽእል ድዩ?',
      values: {
        true: 'እወ፦ ካብ ከምኡ ዝበሉ ጎረባብቲ ሓደ ክወስድ ወይ ዋላ ሓደ ከይወሰደ ክተርፍ ይኽእል።',
        false: 'ኣይፋል፦ ካብ ከምኡ ዝበሉ ጎረባብቲ ናይ ሓደ ምሉእ ክወስድ ኣለዎ።',
      },
    },
    gifiaPassMaxBeans: {
      label: 'ውሑድ ባልደንጓ ዘለዎ ተጻዋቲ ካብ ምጽዋት መዓስ ክሓልፍ ይኽእል?',
      values: {
        '0': 'ፈጺሙ፦ ዝሓልፍ ዋላ ሓደ ባልደንጓ ዘይብሉ ተጻዋቲ ጥራይ እዩ።',
        n_one: 'ጉድጓዳቱ ብድምር {{count, number}} ባልደንጓ ምስ ዝሕዙ።',
        n_other: 'ጉድጓዳቱ ብድምር {{count, number}} ወይ ካብኡ ዝውሕድ ባልደንጓ ምስ ዝሕዙ።',
      },
    },
    gifiaWeakPlayer: {
      label: 'ኣብ መጀመርታ ዙር ሓደ ጉድጓድ ብሽድሽተ ባልደንጓ ክመልእ ዘይክእል ተጻዋቲኸ?',
      values: {
        loses: 'ነቲ ግጥሚ ይስዓር።',
        singleShortHole: 'ኩሉ ባልደንጓኡ ኣብ ቀዳማይ ጉድጓዱ ኣቐሚጡ ምጽዋት ይቕጽል፤ ዝስዓር ዋላ ሓደ ባልደንጓ ዘይብሉ ጥራይ እዩ።',
      },
    },
    maxRounds: {
      label: 'ዘይውዳእ ግጥሚ ድሕሪ ክንደይ ዙር ደው ይብል?',
      values: {
        n_one: 'ድሕሪ {{count, number}} ዙር እቲ ግጥሚ ይውዳእ፤ እቲ ዝዓበየ ድምር ይዕወት።',
        n_other: 'ድሕሪ {{count, number}} ዙራት እቲ ግጥሚ ይውዳእ፤ እቲ ዝዓበየ ድምር ይዕወት።',
      },
    },
    openingMode: {
      label: 'መን ቀዲሙ ይጻወት?',
      values: {
        race: 'ናይ መኽፈቲ ቅድድም፦ ክልቲኦም ተጻወትቲ ብሓንሳብ ይዘርኡ፤ ቀዲሙ ዝወድአ ቀዲሙ ይጻወት።',
        p1First: 'ቅድድም የለን፦ ተጻዋቲ 1 ቀዲሙ ይጻወት።',
        random: 'ቅድድም የለን፦ ብዕጫ ይውሰን።',
      },
    },
    selusRaceStart: {
      label: 'ነፍሲ ወከፍ ተጻዋቲ ነቲ ናይ መኽፈቲ ቅድድም ካበይ ይጅምር?',
      values: {
        choose: 'ነፍሲ ወከፍ መበገሲ ጉድጓዱ ብሕቡእ ይመርጽ፤ ምርጫታት ብሓንሳብ ይግለጹ።',
        leftmost: 'ካብቶም ክጅምረሎም ዝኽእል ጉድጓዳት፣ ካብ ጸጋሙ ክቑጸር እቲ ቀዳማይ።',
        closestToOpponent: 'ካብቶም ክጅምረሎም ዝኽእል ጉድጓዳት ንተቓዋሚ ዝቐረበ።',
      },
    },
    raceSkip: {
      label: 'ኣብ ቅድድም ሰለስተ ዝሓዙ ጉድጓዳት ተቓዋሚ ይሕለፉ ድዮም?',
      values: {
        true: 'እወ፦ ተቐዳደምቲ ነቶም ብትኽክል ሰለስተ ዝሓዙ ጉድጓዳት ተቓዋሚ ይሓልፍዎም።',
        false: 'ኣይፋል፦ ተቐዳደምቲ ኣብ መንገዶም ኣብ ነፍሲ ወከፍ ጉድጓድ እምኒ የእትዉ።',
      },
    },
    raceTickOrder: {
      label: 'ኣብ ቅድድም ኣብ ነፍሲ ወከፍ ስጉምቲ ቀዲሙ እምኒ ዘእቱ መን እዩ?',
      values: {
        alternate: 'ተጻዋቲ 1ን ተጻዋቲ 2ን ብተራ ይቕድሙ።',
        p1First: 'ኩሉ ግዜ ተጻዋቲ 1 ይቕድም።',
        p2First: 'ኩሉ ግዜ ተጻዋቲ 2 ይቕድም።',
      },
    },
    raceTie: {
      label: 'ክልቲኦም ኣብ ሓደ ህርመት ምስ ዝውድኡ ነቲ ቅድድም መን ይዕወቶ?',
      values: {
        coin: 'ምድርባይ ሳንቲም ይውስን (ኣብ ነፍሲ ወከፍ ድግማ ናይቲ ጸወታ እቲ ሓደ ምድርባይ)።',
        tickOrder: 'እቲ ኣብቲ ስጉምቲ ቀዲሙ ዘእተወ (ናይዚ መተግበሪ ናይ ቀደም ሕጊ)።',
      },
    },
    raceLoserCompletion: {
      label: 'ቅድድም ምስ ተዓወተ፣ እቲ ተሳዓሪ ምዝራኡ ይውድእ ድዩ?',
      values: {
        finish: 'እወ፦ ናይ መወዳእታ እምኑ ኣብ ባዶ ጉድጓድ ክሳብ ዝወድቕ በይኑ ምዝራእ ይቕጽል።',
        abandon: 'ኣይፋል፦ ደው ይብል፤ ኣብ ኢዱ ዘለዉ ኣእማን ናብቲ ዳሕራይ ዘልዓለሉ ጉድጓድ ይመልሶም።',
      },
    },
    raceLoopResolution: {
      label: 'ንዘለኣለም ዝቕጽል ቅድድም መን ይዕወቶ?',
      values: {
        p1Starts: 'ኣብ ኢድ ዘለዉ ኣእማን ይምለሱ፤ ተጻዋቲ 1 ቀዲሙ ይጻወት።',
        random: 'ኣብ ኢድ ዘለዉ ኣእማን ይምለሱ፤ ምድርባይ ሳንቲም ይውስን።',
        restartRace: 'እቲ ቅድድም ካብ መጀመርታ ብሓድሽ ይካየድ፣ ኣብ ነፍሲ ወከፍ ስጉምቲ እቲ ካልእ ተጻዋቲ እናቐደመ፤ ደጊሙ እንተ ተደጋጊሙ ምድርባይ ሳንቲም ይውስን።',
      },
    },
    raceCaptures: {
      label: 'ኣብ እዋን ቅድድም ምምራኽ ይከኣል ድዩ?',
      values: {
        true: 'እወ፦ ናይ መወዳእታ እምኑ ኣብ ናይ ባዕሉ ባዶ ጉድጓድ ዝወደቐ ተቐዳዳማይ ይማርኽ፣ ቅድድሙ ድማ ይቕጽል።',
        false: 'ኣይፋል፦ ቅድድም ሓደ ተቐዳዳማይ ኣብ ዝኾነ ባዶ ጉድጓድ ይውዳእ፣ ወናኒኡ ዝኾነ ይኹን።',
      },
    },
    winningsCountLater: {
      label: 'ዝተፈልየ መኽሰብ ኣብ ዝቕጽሉ ዙራት ደጊሙ ይቑጸር ድዩ?',
      values: {
        true: 'እወ፦ ነፍሲ ወከፍ ተጻዋቲ መኽሰቡ ሓዊሱ ዘለዎ ኩሉ የቐምጥ።',
        false: 'ኣይፋል፦ መኽሰብ ንሓዋሩ ይተሓዝ፤ ነፍሲ ወከፍ ዙር ብቲ ኣብ ዝሓለፈ ዙር ዝተማረኸ ይጻወት።',
      },
    },
    nedfFirstScope: {
      label: 'ብቐሊል መንገዲ ክስራሕ ዝኽእል ቀዳማይ nedf ናይ መን እዩ?',
      values: {
        perPlayer: 'ናይ ነፍሲ ወከፍ ተጻዋቲ ናይ ባዕሉ ቀዳማይ nedf፤ ዝቕጽሉ ክልተ ኣእማን የድልዮም።',
        global: 'ቀዳማይ nedf ናይቲ ጸወታ ጥራይ፣ ብዝኾነ ተጻዋቲ።',
      },
    },
    nedfMode: {
      label: 'ድሕሪ እቲ ቀዳማይ ዘለዉ nedfታት ከመይ ይስርሑ?',
      values: {
        twoCounterRule: 'ብናይ መወዳእታ ክልተ ኣእማን ናይ ዙረት፣ ኣብ ተኸታተልቲ ሰለስተ ሰለስተ ዝሓዙ ክልተ ጉድጓዳት ብምእታው።',
        onePerPlayer: 'ኣይስርሑን፦ ነፍሲ ወከፍ ተጻዋቲ ኣብቲ ጸወታ ብዝበዝሐ ሓደ nedf ይሰርሕ።',
      },
    },
    nedfZone: {
      label: 'ካብ ጉድጓዳት ተቓዋሚ ኣየኖት nedf ክኾኑ ይኽእሉ?',
      values: {
        allOpponentHoles: 'ዝኾነ ንቡር ጉድጓዱ፣ ፍርቂ ማእከላይ መስርዕ ሓዊሱ።',
        opponentOuterRow: 'ኣብቲ ጥቓኡ ዘሎ መስርዕ ዘለዉ ጉድጓዳት ጥራይ።',
      },
    },
    twoCounterSecondHole: {
      label: 'nedf ብክልተ ኣእማን ክስራሕ ከሎ፣ እቲ ካልኣይ ጉድጓድ ናይ መን ክኸውን ይኽእል?',
      values: {
        anyOwner: 'ናይ ዝኾነ ተጻዋቲ፦ ድሕሪ እቲ ሓድሽ nedf ዘሎ ሰለስተ ዝሓዘ ዝኾነ ጉድጓድ።',
        opponentOnly: 'ናይ ተቓዋሚ ጥራይ።',
      },
    },
    guardian: {
      label: 'ሕጊ ሓላዊ ይጻወት ድዩ?',
      values: {
        true: 'እወ፦ እቲ ድሕሪ nedf ዘሎ ጉድጓድ ብትኽክል ሰለስተ ክሳብ ዝሕዝ፣ ተቓዋሚ ወናኒኡ nedf ኣይሰርሕን።',
        false: 'ኣይፋል፦ ሓላዊ የለን።',
      },
    },
    guardianScope: {
      label: 'ሓላዊ ዘለዎም ኣየኖት nedfታት እዮም?',
      values: {
        allNedfs: 'ኩሎም እቲ ተጻዋቲ ዝሓዞም nedfታት።',
        latestNedf: 'እቲ ናይ ቀረባ ግዜ nedf ናይቲ ተጻዋቲ ጥራይ።',
      },
    },
    selusScoring: {
      label: 'ጸወታ ምስ ተወድአ መን ይዕወት?',
      values: {
        nedfPlusOwnHoles: 'ነፍሲ ወከፍ ተጻዋቲ ኣብ nedfታቱን ኣብ ጉድጓዳቱን ዘለዉ ኣእማን ይቖጽር፤ ዝበዝሐ ዘለዎ ይዕወት።',
        nedfOnly: 'ነፍሲ ወከፍ ተጻዋቲ ኣብ nedfታቱ ዘለዉ ኣእማን ጥራይ ይቖጽር፤ ዝበዝሐ ዘለዎ ይዕወት።',
        blockWin: 'ዝጻወቶ ዝሰኣነ ወይ ኣሚኑ ዝሓደገ ተጻዋቲ ይስዓር።',
      },
    },
    concession: {
      label: 'ኢድ ምሃብ እንታይ ማለት እዩ?',
      values: {
        resign: 'ተጻዋቲ ብተራኡ ኣሚኑ ክሓድግ ይኽእል፤ ቁጽሪ ዝኾነ ይኹን ይስዓር።',
        scored: 'ኢድ ምሃብ ነቲ ጸወታ ይውድኦ፤ ድሕሪኡ ከም ልሙድ ይቑጸር (ናይዚ መተግበሪ ናይ ቀደም ሕጊ)።',
        off: 'ማንም ኣሚኑ ክሓድግ ኣይክእልን።',
      },
    },
  },
  in: {
    'gabata-adowa': gabataTi,
    'gabata-aksum': gabataTi,
    gifia: {
      rounds: { values: { '0': 'ሓደ ተጻዋቲ ጉድጓድ ክመልእ ክሳብ ዘይክእል ተጻወቱ።' } },
      roundStarter: {
        values: {
          loser: 'ኣብቲ ዝሓለፈ ዙር ድምሩ ዝጎደሎ ተጻዋቲ ነቲ ዝቕጽል ይጅምር፤ ዋላ ሓደ ድምር እንተ ዘይተቐየረ ብተራ ይጅምሩ።',
          winner: 'ኣብቲ ዝሓለፈ ዙር ድምሩ ዝወሰኸ ተጻዋቲ ነቲ ዝቕጽል ይጅምር፤ ዋላ ሓደ ድምር እንተ ዘይተቐየረ ብተራ ይጅምሩ።',
        },
      },
      skipOriginOnLongLaps: { values: { false: 'ኣይፋል፦ እቲ መበገሲ ጉድጓድ ከም ዝኾነ ጉድጓድ ባልደንጓ ይቕበል።' } },
      roundStalemate: {
        values: { ownerTakes: 'ከም ልሙድ መወዳእታ ዙር ነፍሲ ወከፍ ተጻዋቲ ባልደንጓ ጉድጓዳቱ ናብ ቆፎኡ የእቱ።' },
      },
    },
    selus: {
      perpetualMove: { values: { drawRound: 'ይከኣል፤ እቲ ጸወታ ብኡንብኡ ማዕረ ይውዳእ።' } },
      maxTurnsPerRound: {
        label: 'ዘይሰጕም ጸወታ ድሕሪ ክንደይ ተራ ደው ይብል?',
        values: {
          n_one: 'እቲ ጸወታ ድሕሪ {{count, number}} ተራ ደው ይብል።',
          n_other: 'እቲ ጸወታ ድሕሪ {{count, number}} ተራታት ደው ይብል።',
        },
      },
      roundStalemate: {
        label: 'ንባዕሉ ዝደግም ወይ ብዙሕ ዝነውሕ ጸወታ ደው ይብል፦ ከመይ ይውሰን?',
        values: {
          ownerTakes: 'ነፍሲ ወከፍ ተጻዋቲ ኣብ ጉድጓዳቱ ዘለዉ ኣእማን ኣብ nedfታቱ ይውስኽ፤ ዝበዝሐ ዘለዎ ይዕወት።',
          draw: 'እቲ ጸወታ ማዕረ ይውዳእ።',
        },
      },
    },
    abalalae: {
      rounds: { values: { '0': 'ሓደ ተጻዋቲ ኩሎም ኣእማን ክሳብ ዝሕዝ ተጻወቱ።' } },
      openingMode: {
        label: 'ናይ ነፍሲ ወከፍ ዙር ቀዳማይ ምንቅስቓስ መን ይገብር?',
        values: {
          race: 'ነፍሲ ወከፍ ዙር ብቅድድም ይኽፈት፦ ክልቲኦም ካብ ጸጋማይ ጫፍ ጉድጓዳቶም ብሓንሳብ ይዘርኡ፤ እቲ ዝተዓወተ ይጅምር።',
          p1First: 'ቅድድም የለን፦ ተጻዋቲ 1 ነፍሲ ወከፍ ዙር ይጅምር።',
          random: 'ቅድድም የለን፦ ጀማሪ ነፍሲ ወከፍ ዙር ብዕጫ ይውሰን።',
        },
      },
      roundStalemate: {
        values: { ownerTakes: 'ነፍሲ ወከፍ ተጻዋቲ ኣብ ጉድጓዳቱ ዘለዉ ኣእማን ይወስድ፤ እቲ ግጥሚ ድማ ብዝቕጽል ዙር ይቕጽል።' },
      },
    },
  },
};

/**
 * The `prose` messages: our own words about each game on its catalogue page (description,
 * history, notes, the reconstructed readings of its ruleset, our summaries of its evidence
 * records), by ruleset id, in every language. English is the source and says word for word what
 * src/catalogue/entries.ts says (test/i18n.test.ts checks it); the English of the readings is made
 * from each ruleset's `info.reconstructions` and not written here. The English page reads those,
 * a translated page these. Amharic and Tigrinya are drafts
 * (docs/translating.md). `{{dlp665}}`, `{{sel08}}`, ...: identifiers kept in Latin letters in
 * every language (PROSE_TERMS in src/web/catalogue/text.ts). Personal and place names are
 * written in Ge'ez script in the translations.
 */
import type { Messages } from '../../catalogue.js';

const proseBase = {
  'gabata-adowa': {
    description1:
      'Two players share a board of eighteen holes and one circuit round it. A sowing that ends in an ' +
      'occupied hole is picked up again and carried on, so a single turn can sweep many times round the ' +
      'board.',
    description2:
      "The aim is to end a sowing in one of the opponent's holes that held three: it becomes your wegue, a " +
      'hole you keep for the round and that gathers every counter falling into it. When only wegues hold ' +
      'counters the round is counted, and the richer player takes holes from the poorer for the next round, ' +
      'until one owns them all.',
    history1:
      'Gabata is a name given to several three-row mancala games of Ethiopia and Eritrea. Richard Pankhurst ' +
      'collected descriptions of them from players of several towns and published them in the Ethiopia ' +
      'Observer in 1971; this ruleset follows his description of the game around Adowa in Tigray.',
    history2: 'The same account also describes a three-handed form, which we offer as an experimental option.',
    identifiersNote:
      'Our seeds give no portal or BoardGameGeek identifier for the Adowa game; the portal files its ' +
      'account as evidence {{dlp664}} (not among our seeds).',
    similarNote: 'The seeds give no similar-games list for this game; these are the rulesets of this app on the same ' + 'board.',
    evidenceNote:
      'The portal keeps the Adowa account as evidence {{dlp664}}, whose rules text matches that of ' +
      '{{dlp665}} (see Gabata (Aksum)); its other fields are not in our seeds.',
  },
  'gabata-aksum': {
    description1:
      "Played exactly like Gabata of Adowa, with one rule more. Each player's leftmost hole in his own row " +
      'is his chafa enda, and he may not begin a sowing there while it holds three counters or fewer, ' +
      'unless it is the only hole he could play.',
    description2:
      'The rule leaves that hole standing at three for longer, which makes it the natural target for the ' + "opponent's first wegue.",
    history1:
      'Pankhurst learned the Aksum game from three young men of the city who were then pupils at the Baeda ' +
      'Maryam School in Addis Ababa. Their account differs from the Adowa one only in the chafa enda ' +
      'restriction, which is why both games share one module here.',
    history2:
      'The portal dates the record 1977 and cites "Pankhurst 1977", although the article it lists as the ' +
      'source appeared in 1971; we keep both figures as given.',
    identifiersNote:
      'Our seeds give no portal or BoardGameGeek identifier for the Aksum game itself, only its evidence ' + 'record {{dlp665}}.',
    similarNote: 'The seeds give no similar-games list for this game; these are the rulesets of this app on the same ' + 'board.',
    'DLP-Evidence-665': {
      rules:
        'Eighteen holes in three rows, three counters each; a player owns his near row and the right half of ' +
        'the centre row (a three-handed split is also described). Sowing runs along a fixed circuit from one ' +
        "of the player's own holes; a lap ending in an occupied hole is picked up and continued, one ending " +
        'in an empty hole ends the turn. Once the opening setup has been disturbed, ending a sowing in an ' +
        "opponent's hole of three makes it the sower's own for good, never to be sown from, and he plays " +
        'again from any of his holes; ending in such a captured hole of the opponent takes the last counter ' +
        'and one more. When all counters are captured or sit in captured holes, each surplus of three ' +
        "counters over the starting number wins a hole from the opponent's left, and play resumes until one " +
        'player holds every hole.',
      content:
        'Pankhurst reports that the Aksum game hardly differs from the Adowa one. His informants were Wasihun ' +
        'Tatamke, Amha Sahay and Abraha Berhe, natives of Aksum studying at the Baeda Maryam School in Addis ' +
        "Ababa. The one difference is the chafa enda, the leftmost hole of a player's main row: he may not " +
        'lift it while it holds three or fewer unless he has nothing else to play, which keeps it open to ' +
        'capture.',
      note: 'The record is dated 1977 and cites Pankhurst 1977, while its source entry is the 1971 article.',
    },
  },
  abalalae: {
    description1:
      'The two players sow along serpentine tracks that run in opposite directions. Each round begins with ' +
      'both sowing at once from their leftmost hole, a race to drop a last counter into an empty hole; the ' +
      'winner of the race moves first.',
    description2:
      "Ending a sowing in an empty hole of your own takes the opponent's counters in the holes facing it, " +
      'two holes on your left half and one on your right, and the capturing counter then steps on to the ' +
      'next hole. At the end of a round the poorer player sets out all he has in threes and the richer ' +
      'matches him and keeps the rest aside, round after round until one player has everything.',
    history1:
      'Pankhurst was taught the game by four men from towns of the Eritrean highlands, among them Abba ' +
      'Pawlos Tzadua. He notes that in the eastern lowlands of Eritrea the same game goes by the name ' +
      'Gabata.',
    history2: "Ludii's encoding plays only one round; this app plays the whole match with the redistribution " + 'between rounds.',
    evidenceNote: 'The portal counts one piece of evidence for this game; its fields are not in our seeds.',
  },
  selus: {
    description1:
      'Selus uses the Gabata board and circuit but hedges sowing about with restrictions. After a ' +
      "simultaneous opening, players alternate relay sowings; no counter may be dropped into an opponent's " +
      "hole holding exactly three, except to make a nedf, a hole whose counters are its maker's and are " +
      'never sown again.',
    description2:
      'Only the first nedf is made with a single last counter; later ones take the last two counters of a ' +
      'lap. The hole after a nedf is its guardian: while it holds three, the other side cannot make a nedf ' +
      'at all. The game ends when a player cannot move or gives up hope of another nedf.',
    history1:
      'Pankhurst describes Selus as an aristocratic game, the pastime of the nobility of the Ethiopian ' +
      'Empire from the nineteenth century at the latest, and says a single game could last for hours.',
    history2:
      'Many of its rules survive only in outline, so this ruleset carries more reconstructed readings than ' +
      'any other here; each can be switched in the new-game screen.',
    similarNote: 'Our copy of the portal page lists a tenth similar game whose name is cut off after its first letter ' + '("I").',
    evidenceNote: 'The portal counts one piece of evidence for this game; its fields are not in our seeds.',
  },
  gifia: {
    description1:
      'A small board of two rows of four holes with a store at each end; each player owns the two left-hand ' +
      'holes of both rows. A move sows one lap in the direction the player chooses.',
    description2:
      'Making a hole hold two or four wins its beans, together with any neighbour holding two or four; ' +
      'failing that, one neighbour of two or four may still be taken. A round ends when each side is down ' +
      'to a single bean; the beans are then set out again six to a hole, and a player who cannot fill a ' +
      'hole has lost.',
    history1:
      'Gifia was recorded among the Umon on the Cross River in south-eastern Nigeria by K. C. Murray, then ' +
      'Nigeria’s Surveyor of Antiquities, who watched two women play a round. H. J. R. Murray included the ' +
      'account in his 1951 history of board games.',
    identifiersNote: 'Our seed for Gifia is its evidence record {{dlp673}}; it gives no game identifier.',
    similarNote: 'The seed gives no similar-games list; these are the other multi-round games of this app.',
    'DLP-Evidence-673': {
      rules:
        'Two rows of four holes and a store at each end, six beans to a hole; each player owns the left-hand ' +
        'half of the board. A move lifts any own hole and sows it either way round. A last bean that makes ' +
        'two or four takes that hole and any neighbour holding two or four; otherwise one such neighbour ' +
        'alone may be taken. The round ends when each player is down to one bean; next round each sets out ' +
        'six per hole as far as his beans go and stores the rest; rounds go on until someone has lost ' +
        'everything.',
      content:
        'K. C. Murray watched two women of Umon (Aro Division, Calabar Province) play the first round. His ' +
        'note adds that a player with very few beans may choose not to move, that each player keeps the store ' +
        'on his left, and that at the end of a round each takes the single bean left in his own row.',
      placeNote:
        'The seed names Umon (Aro Division, Calabar Province; today Cross River State) but gives no ' +
        'coordinates: the marker stands at the rough position of Umon on the Cross River.',
    },
  },
} as const;

/**
 * A game's `prose` with the readings of its ruleset (`reading1`, ...): their English is made from
 * the ruleset's `info.reconstructions` as the ruleset is registered (src/games/info/english.ts),
 * written only there; a translation writes them here.
 */
type WithReadings<T> = { readonly [K in keyof T]: T[K] & { readonly [reading: `reading${number}`]: string } };

export const proseEn: WithReadings<typeof proseBase> = proseBase;

/** The readings Gabata of Adowa and of Aksum share (Amharic). */
const gabataReadingsAm = {
  reading1: 'የመማረክ በሩ የእያንዳንዱን ዙር የመጀመሪያ ተራ ይዘጋል።',
  reading2: 'ከwegue በኋላ እንደገና መዝራት በሚቻልበት ጊዜ ግዴታ ነው።',
  reading3: 'ትርፍ ጉድጓዶች በተሸናፊው የአዘራር ቅደም ተከተል እጅ ይቀይራሉ።',
  reading4: 'ቀጣዮቹ ዙሮች በየተራ ይጀመራሉ።',
  reading5: 'ከተቃዋሚ wegue መውሰድ ተራውን ያበቃል።',
  reading6: 'ሕጋዊ መነሻ የሌለው ተጫዋች ያልፋል።',
  reading7: 'ሦስት ተጫዋቾች፦ የተራ ቅደም ተከተሉ፣ ቆጠራውና የጉድጓድ ዝውውሩ ከሁለት ተጫዋቾች ሕግ ተገምቶ የተዘረጋ ነው።',
  reading8: 'የማያቋርጥ ቅብብል የተከለከለ ነው፤ መደጋገም ወይም የተራዎች ገደብ ዙሩን ያበቃል።',
};

export const proseAm: Messages<typeof proseEn> = {
  'gabata-adowa': {
    description1:
      'ሁለት ተጫዋቾች አሥራ ስምንት ጉድጓዶች ያሉትን ሰሌዳና በዙሪያው ያለውን አንድ መንገድ ይጋራሉ። ባዶ ባልሆነ ጉድጓድ ' +
      'የሚያበቃ መዝራት እንደገና ተነስቶ ይቀጥላል፤ ስለዚህ አንድ ተራ ሰሌዳውን ብዙ ጊዜ ሊዞር ይችላል።',
    description2:
      'ዓላማው መዝራትን ሦስት በያዘ የተቃዋሚ ጉድጓድ ውስጥ ማብቃት ነው፦ ያ ጉድጓድ የእርስዎ wegue ይሆናል፤ ለዙሩ ' +
      'የሚይዙትና የሚወድቅበትን ጠጠር ሁሉ የሚሰበስብ ጉድጓድ ነው። ጠጠሮች በwegueዎች ውስጥ ብቻ ሲቀሩ ዙሩ ይቆጠራል፤ ' +
      'ሀብታሙ ተጫዋች ለቀጣዩ ዙር ከድሃው ጉድጓዶችን ይወስዳል፤ ይህም አንዱ ሁሉንም እስኪይዝ ይቀጥላል።',
    history1:
      'Gabata በኢትዮጵያና በኤርትራ ለሚገኙ በርካታ ባለሦስት ረድፍ የማንካላ ጨዋታዎች የሚሰጥ ስም ነው። ሪቻርድ ፓንክኸርስት ' +
      'ከተለያዩ ከተሞች ተጫዋቾች ገለጻዎችን ሰብስቦ በ1971 በኢትዮጵያ ኦብዘርቨር አሳተማቸው፤ ይህ የሕግ ስብስብ በትግራይ ' +
      'በዓድዋ አካባቢ ስለሚጫወተው ጨዋታ የሰጠውን ገለጻ ይከተላል።',
    history2: 'ይኸው ዘገባ የሦስት ተጫዋቾችን ዓይነትም ይገልጻል፤ እኛ እንደ ሙከራ አማራጭ እናቀርበዋለን።',
    identifiersNote: 'ምንጮቻችን ለዓድዋው ጨዋታ የፖርታሉን ወይም የቦርድጌምጊክን መለያ አይሰጡም፤ ፖርታሉ ዘገባውን እንደ ማስረጃ {{dlp664}} ' + 'ያስቀምጠዋል (በምንጮቻችን ውስጥ የለም)።',
    similarNote: 'ምንጮቹ ለዚህ ጨዋታ ተመሳሳይ ጨዋታዎችን አይዘረዝሩም፤ እነዚህ በዚሁ ሰሌዳ ላይ የሚጫወቱ የዚህ መተግበሪያ የሕግ ስብስቦች ናቸው።',
    evidenceNote:
      'ፖርታሉ የዓድዋን ዘገባ እንደ ማስረጃ {{dlp664}} ይይዛል፤ የሕጎቹ ጽሑፍ ከ{{dlp665}} ጋር አንድ ነው (Gabata (አክሱም) ' + 'ይመልከቱ)፤ ሌሎቹ መስኮቹ በምንጮቻችን ውስጥ የሉም።',
    ...gabataReadingsAm,
  },
  'gabata-aksum': {
    description1:
      'ልክ እንደ ዓድዋው Gabata ይጫወታል፤ አንድ ሕግ ብቻ ይጨመራል። የእያንዳንዱ ተጫዋች በራሱ ረድፍ በስተግራ ያለው ጉድጓድ ' +
      'የእሱ chafa enda ነው፤ ሦስት ወይም ከዚያ ያነሰ ጠጠር እስከያዘ ድረስ ከዚያ መዝራት መጀመር አይችልም፤ ሊጫወተው ' +
      'የሚችለው ብቸኛ ጉድጓድ ካልሆነ በቀር።',
    description2: 'ሕጉ ያንን ጉድጓድ ረዘም ላለ ጊዜ በሦስት ያቆየዋል፤ ይህም ለተቃዋሚው የመጀመሪያ wegue ተፈጥሯዊ ዒላማ ያደርገዋል።',
    history1:
      'ፓንክኸርስት የአክሱምን ጨዋታ የተማረው በወቅቱ በአዲስ አበባ የበእደ ማርያም ትምህርት ቤት ተማሪዎች ከነበሩ ሦስት ' +
      'የከተማዋ ወጣቶች ነው። ዘገባቸው ከዓድዋው የሚለየው በchafa enda ገደብ ብቻ ነው፤ ለዚህም ነው ሁለቱ ጨዋታዎች ' +
      'እዚህ አንድ ክፍል የሚጋሩት።',
    history2: 'ፖርታሉ መዝገቡን በ1977 ያስቀምጠዋል፤ «ፓንክኸርስት 1977»ንም ይጠቅሳል፤ ምንጭ ብሎ የዘረዘረው ጽሑፍ ግን በ1971 ' + 'የወጣ ነው፤ ሁለቱንም አሃዞች እንደተሰጡ እንተዋቸዋለን።',
    identifiersNote: 'ምንጮቻችን ለአክሱሙ ጨዋታ ራሱ የፖርታሉን ወይም የቦርድጌምጊክን መለያ አይሰጡም፤ የማስረጃ መዝገቡን {{dlp665}} ብቻ ይሰጣሉ።',
    similarNote: 'ምንጮቹ ለዚህ ጨዋታ ተመሳሳይ ጨዋታዎችን አይዘረዝሩም፤ እነዚህ በዚሁ ሰሌዳ ላይ የሚጫወቱ የዚህ መተግበሪያ የሕግ ስብስቦች ናቸው።',
    ...gabataReadingsAm,
    reading9: 'chafa enda የሚገድበው የመነሻ ጉድጓድ ምርጫን ብቻ ነው።',
    reading10: 'chafa enda በጉድጓድ 0 እና 17 ላይ ይቆያል።',
    'DLP-Evidence-665': {
      rules:
        'አሥራ ስምንት ጉድጓዶች በሦስት ረድፍ፣ በእያንዳንዱ ሦስት ጠጠሮች፤ ተጫዋቹ በአጠገቡ ያለውን ረድፍና የመሃለኛውን ረድፍ ' +
        'የቀኝ ግማሽ ይይዛል (የሦስት ተጫዋቾች ክፍፍልም ተገልጿል)። መዝራት ከተጫዋቹ ጉድጓዶች ከአንዱ ተነስቶ በቋሚ መንገድ ' +
        'ይሄዳል፤ ባዶ ባልሆነ ጉድጓድ የሚያበቃ ዙር ተነስቶ ይቀጥላል፤ በባዶ ጉድጓድ የሚያበቃው ተራውን ያበቃል። የመክፈቻው ' +
        'አቀማመጥ ከተነካ በኋላ፣ መዝራትን ሦስት በያዘ የተቃዋሚ ጉድጓድ ማብቃት ጉድጓዱን ለዘለቄታው የዘሪው ያደርገዋል፤ ' +
        'ከእሱ ፈጽሞ አይዘራም፤ ዘሪውም ከማንኛውም ጉድጓዱ እንደገና ይጫወታል፤ በእንደዚህ ያለ የተቃዋሚ የተማረከ ጉድጓድ ' +
        'ማብቃት የመጨረሻውን ጠጠርና አንድ ተጨማሪ ይወስዳል። ጠጠሮች ሁሉ ሲማረኩ ወይም በተማረኩ ጉድጓዶች ውስጥ ሲሆኑ፣ ' +
        'ከመነሻው ቁጥር በላይ ያለው እያንዳንዱ የሦስት ጠጠሮች ትርፍ ከተቃዋሚው ግራ አንድ ጉድጓድ ያስገኛል፤ አንዱ ተጫዋች ' +
        'ሁሉንም ጉድጓዶች እስኪይዝ ጨዋታው ይቀጥላል።',
      content:
        'ፓንክኸርስት የአክሱሙ ጨዋታ ከዓድዋው ብዙም እንደማይለይ ይናገራል። መረጃ ሰጪዎቹ በአዲስ አበባ በእደ ማርያም ትምህርት ' +
        'ቤት ይማሩ የነበሩ የአክሱም ተወላጆች ዋሲሁን ታተምቀ፣ አምሃ ሳሃይ እና አብርሃ በርሄ ነበሩ። ብቸኛው ልዩነት chafa ' +
        'enda ነው፤ የተጫዋቹ ዋና ረድፍ በስተግራ ያለው ጉድጓድ፦ ሌላ የሚጫወተው ነገር ከሌለው በቀር ሦስት ወይም ከዚያ ያነሰ ' +
        'እስከያዘ ድረስ ሊያነሳው አይችልም፤ ይህም ለመማረክ ክፍት ያደርገዋል።',
      note: 'መዝገቡ በ1977 የተቀመጠ ሲሆን ፓንክኸርስት 1977ን ይጠቅሳል፤ የምንጩ መግቢያ ግን የ1971 ጽሑፍ ነው።',
    },
  },
  abalalae: {
    description1:
      'ሁለቱ ተጫዋቾች በተቃራኒ አቅጣጫ በሚሄዱ እባባዊ መንገዶች ይዘራሉ። እያንዳንዱ ዙር ሁለቱም በአንድ ጊዜ በስተግራ ካለው ' +
      'ጉድጓዳቸው በመዝራት ይጀምራል፤ የመጨረሻ ጠጠርን ወደ ባዶ ጉድጓድ ለመጣል የሚደረግ ሩጫ ነው፤ ሩጫውን ያሸነፈ መጀመሪያ ይጫወታል።',
    description2:
      'መዝራትን በራስዎ ባዶ ጉድጓድ ማብቃት ፊት ለፊቱ ባሉት ጉድጓዶች ያሉትን የተቃዋሚ ጠጠሮች ይወስዳል፤ በግራ ግማሽዎ ሁለት ' +
      'ጉድጓዶች፣ በቀኝ ግማሽዎ አንድ፤ የማረከው ጠጠርም ወደሚቀጥለው ጉድጓድ ይሸጋገራል። በዙሩ መጨረሻ ድሃው ተጫዋች ያለውን ' +
      'ሁሉ በሦስት በሦስት ያስቀምጣል፤ ሀብታሙም ያንኑ ያህል አስቀምጦ የቀረውን ለብቻው ያቆያል፤ ይህም አንዱ ተጫዋች ሁሉንም ' +
      'እስኪይዝ ከዙር ወደ ዙር ይቀጥላል።',
    history1:
      'ፓንክኸርስት ጨዋታውን የተማረው ከኤርትራ ደጋማ ከተሞች ከመጡ አራት ሰዎች ነው፤ ከእነሱም አንዱ አባ ጳውሎስ ጻድዋ ነበሩ። ' +
      'በኤርትራ ምሥራቃዊ ቆላማ አካባቢዎች ያው ጨዋታ Gabata ተብሎ እንደሚጠራ ይገልጻል።',
    history2: 'የLudii ቅንብር አንድ ዙር ብቻ ይጫወታል፤ ይህ መተግበሪያ በዙሮች መካከል ካለው ድጋሚ ክፍፍል ጋር ሙሉውን ግጥሚያ ይጫወታል።',
    evidenceNote: 'ፖርታሉ ለዚህ ጨዋታ አንድ ማስረጃ ይቆጥራል፤ መስኮቹ በምንጮቻችን ውስጥ የሉም።',
    reading1: 'የአንድ ጊዜው ሩጫ በአንድነት በሚራመዱ እርምጃዎች ይጫወታል፤ በእያንዳንዱ እርምጃ ለእያንዳንዱ ተጫዋች አንድ ጠጠር (ዝርዝር መግለጫ §7)።',
    reading2: 'በአንድ እርምጃ ውስጥ ተጫዋቾቹ በተፈራረቀ ቅድሚያ ይጥላሉ።',
    reading3: 'እኩል መድረስ (ሁለቱም ሯጮች በአንድ እርምጃ ሲጨርሱ፣ ከመደበኛው መነሻ ሁልጊዜ እንደሚሆነው) በዘር በተወሰነ ሳንቲም ይፈታል።',
    reading4: 'በሩጫው የተሸነፈው የራሱን መዝራት ይጨርሳል።',
    reading5: 'ለዘለዓለም የሚደጋገም ሩጫ በዘር በተወሰነ ሳንቲም ይወሰናል።',
    reading6: 'በሩጫው ውስጥ ምንም አይማረክም።',
    reading7: 'የዋናው ምዕራፍ ተራ ከማንኛውም የራስ ጉድጓድ ሊጀምር ይችላል (የግራ ጫፍ ጉድጓድ ሕግ ለሩጫው ብቻ እንደሆነ ይነበባል)።',
    reading8: 'የዙሩ መጨረሻ የሚፈተሸው በእያንዳንዱ ተራ መጨረሻ (እና ከሩጫው በኋላ) ነው፤ ከእያንዳንዱ ዙር መዝራት በኋላ አይደለም።',
    reading9: 'ለብቻ የተቀመጡ ትርፎች በቀጣዮቹ ድጋሚ ክፍፍሎች ይቆጠራሉ (የLudii የራብዕ ሞዴል)።',
    reading10: 'እያንዳንዱ ዙር እንደገና በሩጫ ይከፈታል።',
    reading11: 'ረጅም ዙር ወደ ራሱ መነሻ ጉድጓድም ይዘራል።',
    reading12: 'የማያቋርጥ መዝራት የተከለከለ ነው፤ የተደጋገሙ ወይም ከልክ በላይ የረዘሙ ዙሮች እያንዳንዱ ተጫዋች የራሱን ጉድጓዶች በመውሰድ ያበቃሉ።',
  },
  selus: {
    description1:
      'Selus የGabataን ሰሌዳና መንገድ ይጠቀማል፤ መዝራትን ግን በገደቦች ያጥረዋል። ከአንድ ጊዜ መክፈቻ በኋላ ተጫዋቾች ' +
      'በየተራ በቅብብል ይዘራሉ፤ በትክክል ሦስት በያዘ የተቃዋሚ ጉድጓድ ውስጥ ጠጠር መጣል አይቻልም፤ nedf ለማድረግ ካልሆነ ' +
      'በቀር፤ nedf ጠጠሮቹ የሠራው ሰው የሆኑና ዳግም የማይዘሩበት ጉድጓድ ነው።',
    description2:
      'የመጀመሪያው nedf ብቻ በአንድ የመጨረሻ ጠጠር ይሠራል፤ ቀጣዮቹ የአንድ ዙርን የመጨረሻ ሁለት ጠጠሮች ይወስዳሉ። ከnedf ' +
      'ቀጥሎ ያለው ጉድጓድ ጠባቂው ነው፦ ሦስት እስከያዘ ድረስ ሌላው ወገን ምንም nedf መሥራት አይችልም። ጨዋታው የሚያበቃው ' +
      'አንድ ተጫዋች መንቀሳቀስ ሲያቅተው ወይም ሌላ nedf የማግኘት ተስፋ ሲቆርጥ ነው።',
    history1:
      'ፓንክኸርስት Selusን የመኳንንት ጨዋታ፣ ቢያንስ ከአሥራ ዘጠነኛው ክፍለ ዘመን ጀምሮ የኢትዮጵያ ንጉሠ ነገሥታዊ መንግሥት ' +
      'መኳንንት መዝናኛ እንደነበር ይገልጻል፤ አንድ ጨዋታ ለሰዓታት ሊቆይ እንደሚችልም ይናገራል።',
    history2:
      'ብዙዎቹ ሕጎቹ የደረሱን በአጭሩ ብቻ ነው፤ ስለዚህ ይህ የሕግ ስብስብ ከዚህ ካሉት ሌሎች ሁሉ የበለጠ እንደገና የተገነቡ ' + 'ንባቦችን ይዟል፤ እያንዳንዳቸው በአዲስ ጨዋታ ገጹ ላይ ሊቀየሩ ይችላሉ።',
    similarNote: 'ያለን የፖርታሉ ገጽ ቅጂ ስሙ ከመጀመሪያው ፊደል በኋላ የተቆረጠ አሥረኛ ተመሳሳይ ጨዋታ ይዘረዝራል።',
    evidenceNote: 'ፖርታሉ ለዚህ ጨዋታ አንድ ማስረጃ ይቆጥራል፤ መስኮቹ በምንጮቻችን ውስጥ የሉም።',
    reading1: 'የሩጫው መነሻ በ{{sel08}} ሕጋዊ የሆነ ሚስጥራዊ ምርጫ ነው',
    reading2: 'በሩጫው ውስጥ እኩል መድረስ (ሁለቱም በአንድ እርምጃ ሲጨርሱ) በዘር በተወሰነ ሳንቲም ይፈታል',
    reading3: 'የመዝለል ሕጉ በሩጫው ውስጥ ይሠራል፤ በውስጡ ምንም nedf አይሠራም',
    reading4: 'ቀላሉ nedf የእያንዳንዱ ተጫዋች የራሱ የመጀመሪያ nedf ነው',
    reading5: 'ቀጣዮቹ nedfዎች በአንድ ዙር የመጨረሻ ሁለት ጠጠሮች ይሠራሉ፤ በአንድ ዙር አንድ nedf ({{sel15}})',
    reading6: 'nedf በማንኛውም የተቃዋሚ መደበኛ ጉድጓድ ውስጥ ሊሠራ ይችላል',
    reading7: 'የሁለት ጠጠሮቹ ዘዴ ሁለተኛ ጉድጓድ የማንኛውም ተጫዋች ሊሆን ይችላል',
    reading8: 'የእያንዳንዱ nedf ጠባቂ የባለቤቱን ተቃዋሚ ያግዳል',
    reading9: 'በnedf የሚያበቃ ዙር ተራውን ያበቃል (የnedf ጠጠሮች ፈጽሞ አይዘሩም)',
    reading10: 'የመዝለል ሕጉ ወቅታዊውን ቁጥር በየጠጠሩ ይመለከታል',
    reading11: 'የመነሻ ጉድጓድ ቅድሚያዎች ቅደም ተከተል',
    reading12: 'nedfዎችና የራስ ጉድጓዶች ይቆጠራሉ፤ ብዙ ያለው ያሸንፋል',
    reading13: 'መሸነፍን መቀበል የሚቀበለው ተጫዋች ጨዋታውን የሚሸነፍበት ግልጽ እንቅስቃሴ ነው',
    reading14: 'ከማያቋርጥ መዝራትና ማለቂያ ከሌላቸው ጨዋታዎች የሚከላከሉ ጥበቃዎች',
  },
  gifia: {
    description1:
      'ሁለት ረድፍ አራት አራት ጉድጓዶችና በእያንዳንዱ ጫፍ ጎተራ ያለው ትንሽ ሰሌዳ፤ እያንዳንዱ ተጫዋች የሁለቱንም ረድፎች ' +
      'የግራ ሁለት ጉድጓዶች ይይዛል። አንድ እንቅስቃሴ ተጫዋቹ በመረጠው አቅጣጫ አንድ ዙር ይዘራል።',
    description2:
      'አንድን ጉድጓድ ሁለት ወይም አራት እንዲይዝ ማድረግ ባቄላዎቹን ያስገኛል፤ ሁለት ወይም አራት ከያዘ ከማንኛውም ጎረቤት ጋር፤ ' +
      'ይህ ካልሆነ ሁለት ወይም አራት ያለው አንድ ጎረቤት አሁንም ሊወሰድ ይችላል። እያንዳንዱ ወገን አንድ ባቄላ ብቻ ሲቀረው ዙሩ ' +
      'ያበቃል፤ ባቄላዎቹም በጉድጓድ ስድስት ስድስት ሆነው እንደገና ይቀመጣሉ፤ አንድ ጉድጓድ መሙላት ያልቻለ ተጫዋች ተሸንፏል።',
    history1:
      'Gifia በደቡብ ምሥራቅ ናይጄሪያ በክሮስ ሪቨር አጠገብ በኡሞን ሕዝብ ዘንድ የተመዘገበው በወቅቱ የናይጄሪያ የጥንታዊ ቅርሶች ' +
      'ቀያሽ በነበሩት በኬ. ሲ. ሙሬይ ነው፤ ሁለት ሴቶች አንድ ዙር ሲጫወቱ ተመልክተዋል። ኤች. ጄ. አር. ሙሬይ ዘገባውን በ1951 ' +
      'ባሳተሙት የሰሌዳ ጨዋታዎች ታሪክ ውስጥ አካትተውታል።',
    identifiersNote: 'ለGifia ያለን ምንጭ የማስረጃ መዝገቡ {{dlp673}} ነው፤ የጨዋታ መለያ አይሰጥም።',
    similarNote: 'ምንጩ ተመሳሳይ ጨዋታዎችን አይዘረዝርም፤ እነዚህ የዚህ መተግበሪያ ሌሎች ባለብዙ ዙር ጨዋታዎች ናቸው።',
    reading1: 'የመጨረሻው ጉድጓድ ጎረቤቶች በቀለበቱ ላይ ያሉት ጎረቤቶቹ ናቸው',
    reading2: 'መማረክ ሀ የቅርብ ጎረቤቶችን ብቻ ይወስዳል',
    reading3: 'መማረክ ለ ግዴታ ነው፤ ሙሉ ጉድጓድም ይወስዳል',
    reading4: 'በፈቃድ ለማለፍ «ጥቂት ባቄላዎች ብቻ» ማለት ቢበዛ 3 ማለት ነው',
    reading5: 'አንድ ጉድጓድ በስድስት መሙላት ያልቻለ ተጫዋች ግጥሚያውን ይሸነፋል',
    reading6: 'ተጫዋች 1 መጀመሪያ ይጫወታል',
    reading7: 'ዙሩን የሚጀምረው በየተራ ይቀያየራል',
    reading8: '8 ወይም ከዚያ በላይ ባቄላ ያለው ዙር ወደ መነሻ ጉድጓዱም ይዘራል',
    reading9: 'የሚሞሉ ጉድጓዶች፦ መጀመሪያ የቅርቡ ረድፍ፣ ከግራ (1፦ 0፣1፣4፣5፤ 2፦ 7፣6፣3፣2)',
    reading10: 'ሁለት ተከታታይ ማለፎች ዙሩን ያበቃሉ (ጥበቃ)',
    'DLP-Evidence-673': {
      rules:
        'ሁለት ረድፍ አራት አራት ጉድጓዶችና በእያንዳንዱ ጫፍ ጎተራ፣ በጉድጓድ ስድስት ባቄላዎች፤ እያንዳንዱ ተጫዋች የሰሌዳውን ' +
        'የግራ ግማሽ ይይዛል። እንቅስቃሴ ማንኛውንም የራስ ጉድጓድ አንስቶ በየትኛውም አቅጣጫ ይዘራዋል። ሁለት ወይም አራት ' +
        'የሚያደርግ የመጨረሻ ባቄላ ያንን ጉድጓድና ሁለት ወይም አራት የያዘውን ማንኛውንም ጎረቤት ይወስዳል፤ ያለበለዚያ ' +
        'እንደዚህ ያለ አንድ ጎረቤት ብቻ ሊወሰድ ይችላል። እያንዳንዱ ተጫዋች አንድ ባቄላ ብቻ ሲቀረው ዙሩ ያበቃል፤ በቀጣዩ ዙር ' +
        'እያንዳንዱ ባቄላዎቹ እስከሚበቁ በጉድጓድ ስድስት ያስቀምጣል፤ የቀረውን በጎተራው ያኖራል፤ አንድ ሰው ሁሉንም እስኪያጣ ' +
        'ዙሮች ይቀጥላሉ።',
      content:
        'ኬ. ሲ. ሙሬይ ሁለት የኡሞን ሴቶች (የአሮ ወረዳ፣ የካላባር ክፍለ ሀገር) የመጀመሪያውን ዙር ሲጫወቱ ተመልክተዋል። ማስታወሻቸው ' +
        'በጣም ጥቂት ባቄላ ያለው ተጫዋች ላለመንቀሳቀስ ሊመርጥ እንደሚችል፣ እያንዳንዱ ተጫዋች በግራው ያለውን ጎተራ እንደሚይዝ፣ ' +
        'በዙሩ መጨረሻም እያንዳንዱ በራሱ ረድፍ የቀረችውን አንዲት ባቄላ እንደሚወስድ ያክላል።',
      placeNote:
        'ምንጩ ኡሞንን (የአሮ ወረዳ፣ የካላባር ክፍለ ሀገር፤ ዛሬ የክሮስ ሪቨር ግዛት) ይጠቅሳል፤ መጋጠሚያዎችን ግን አይሰጥም፦ ' + 'ምልክቱ ኡሞን በክሮስ ሪቨር ላይ ባለበት ግምታዊ ቦታ ላይ ቆሟል።',
    },
  },
};

/** The readings Gabata of Adowa and of Aksum share (Tigrinya). */
const gabataReadingsTi = {
  reading1: 'ኣፍደገ ምምራኽ ነቲ ቀዳማይ ተራ ናይ ነፍሲ ወከፍ ዙር ይዓጽዎ።',
  reading2: 'ድሕሪ wegue ደጊምካ ምዝራእ ክኽእል ከሎ ግዴታ እዩ።',
  reading3: 'ትርፊ ጉድጓዳት ብመስርዕ ምዝራእ ናይቲ ዝተሳዕረ ኢድ ይቕይሩ።',
  reading4: 'ዝቕጽሉ ዙራት ብተራ ይጅመሩ።',
  reading5: 'ካብ wegue ተጻባኢ ምውሳድ ነቲ ተራ ይውድኦ።',
  reading6: 'ሕጋዊ መበገሲ ዘይብሉ ተጻዋቲ ይሓልፍ።',
  reading7: 'ሰለስተ ተጻወትቲ፦ መስርዕ ተራ፣ ቆጸራን ምስግጋር ጉድጓዳትን ካብ ሕጊ ክልተ ተጻወትቲ ተገሚቱ ዝተዘርግሐ እዩ።',
  reading8: 'ዘየቋርጽ ቅብብል ኣይፍቀድን፤ ምድግጋም ወይ ደረት ተራታት ነቲ ዙር ይውድኦ።',
};

export const proseTi: Messages<typeof proseEn> = {
  'gabata-adowa': {
    description1:
      'ክልተ ተጻወትቲ ዓሰርተው ሸሞንተ ጉድጓዳት ዘለዎ ሰሌዳን ኣብ ዙርያኡ ዘሎ ሓደ መገድን ይካፈሉ። ኣብ ባዶ ዘይኮነ ጉድጓድ ' +
      'ዝውዳእ ምዝራእ ደጊሙ ተላዒሉ ይቕጽል፤ ስለዚ ሓደ ተራ ነቲ ሰሌዳ ብዙሕ ግዜ ክዞሮ ይኽእል።',
    description2:
      'ዕላማኡ ምዝራእ ኣብ ሰለስተ ዝሓዘ ጉድጓድ ተጻባኢ ምውዳእ እዩ፦ እቲ ጉድጓድ ናትካ wegue ይኸውን፤ ንዙሩ እትሕዞን ' +
      'ዝወድቐሉ እምኒ ኩሉ ዝእክብን ጉድጓድ እዩ። ኣእማን ኣብ wegueታት ጥራይ ምስ ተረፉ እቲ ዙር ይቑጸር፤ እቲ ሃብታም ተጻዋቲ ' +
      'ንዝቕጽል ዙር ካብቲ ድኻ ጉድጓዳት ይወስድ፤ እዚ ድማ ሓደ ንኹሎም ክሳብ ዝሕዞም ይቕጽል።',
    history1:
      'Gabata ኣብ ኢትዮጵያን ኤርትራን ንዝርከቡ ብዙሓት ሰለስተ መስርዕ ዘለዎም ጸወታታት ማንካላ ዝወሃብ ስም እዩ። ሪቻርድ ' +
      'ፓንክኸርስት ካብ ተጻወትቲ ናይ ዝተፈላለያ ከተማታት መግለጺታት ኣኪቡ ብ1971 ኣብ ኢትዮጵያ ኦብዘርቨር ኣሕቲምዎም፤ ' +
      'እዚ ስብስብ ሕጊ ብዛዕባ ኣብ ከባቢ ዓድዋ ትግራይ ዝጽወት ጸወታ ዝሃቦ መግለጺ ይስዕብ።',
    history2: 'እቲ ሓደ ጸብጻብ ናይ ሰለስተ ተጻወትቲ ዓይነት እውን ይገልጽ፤ ንሕና ከም ናይ ፈተነ ኣማራጺ ነቕርቦ።',
    identifiersNote: 'ምንጭታትና ንጸወታ ዓድዋ መለለዪ ፖርታል ወይ ቦርድጌምጊክ ኣይህቡን፤ እቲ ፖርታል ነቲ ጸብጻብ ከም መርትዖ {{dlp664}} ' + 'የቐምጦ (ኣብ ምንጭታትና የለን)።',
    similarNote: 'እቶም ምንጭታት ንዚ ጸወታ ተመሳሰልቲ ጸወታታት ኣይዝርዝሩን፤ እዚኣቶም ኣብዚ ሰሌዳ ዝጽወቱ ስብስባት ሕጊ ናይዚ መተግበሪ እዮም።',
    evidenceNote:
      'እቲ ፖርታል ጸብጻብ ዓድዋ ከም መርትዖ {{dlp664}} ይሕዞ፤ ጽሑፍ ሕጊታቱ ምስ {{dlp665}} ሓደ እዩ (Gabata (ኣኽሱም) ' + 'ርአ)፤ እቶም ካልኦት ዓውድታቱ ኣብ ምንጭታትና የለዉን።',
    ...gabataReadingsTi,
  },
  'gabata-aksum': {
    description1:
      'ልክዕ ከም Gabata ዓድዋ ይጽወት፤ ሓደ ሕጊ ጥራይ ይውሰኽ። ኣብ ናይ ነፍሲ ወከፍ ተጻዋቲ መስርዕ ኣብ ጸጋም ዘሎ ጉድጓድ ' +
      'ናቱ chafa enda እዩ፤ ሰለስተ ወይ ካብኡ ዝውሕድ ክሳብ ዝሓዘ ካብኡ ምዝራእ ክጅምር ኣይክእልን፤ እቲ ጥራይ ክጻወቶ ' +
      'ዝኽእል ጉድጓድ እንተዘይኮይኑ።',
    description2: 'እቲ ሕጊ ነቲ ጉድጓድ ንነዊሕ ግዜ ኣብ ሰለስተ የጽንሖ፤ እዚ ድማ ንቀዳማይ wegue ተጻባኢ ባህርያዊ ዕላማ ይገብሮ።',
    history1:
      'ፓንክኸርስት ጸወታ ኣኽሱም ዝተማህሮ ካብ ሰለስተ መንእሰያት ናይታ ከተማ እዩ፤ ሽዑ ኣብ ኣዲስ ኣበባ ኣብ ቤት ትምህርቲ በእደ ' +
      'ማርያም ተማሃሮ ነይሮም። ጸብጻቦም ካብ ናይ ዓድዋ ዝፍለ ብደረት chafa enda ጥራይ እዩ፤ ስለዚ ክልቲኦም ጸወታታት ' +
      'ኣብዚ ሓደ ክፍሊ ይካፈሉ።',
    history2: 'እቲ ፖርታል ነቲ መዝገብ ብ1977 የቐምጦ፤ «ፓንክኸርስት 1977» እውን ይጠቅስ፤ ከም ምንጪ ዝዘርዘሮ ጽሑፍ ግን ብ1971 ' + 'ዝወጸ እዩ፤ ክልቲኦም ኣሃዛት ከም ዝተዋህቡ ንገድፎም።',
    identifiersNote: 'ምንጭታትና ንጸወታ ኣኽሱም ባዕሉ መለለዪ ፖርታል ወይ ቦርድጌምጊክ ኣይህቡን፤ መዝገብ መርትዖኡ {{dlp665}} ጥራይ ይህቡ።',
    similarNote: 'እቶም ምንጭታት ንዚ ጸወታ ተመሳሰልቲ ጸወታታት ኣይዝርዝሩን፤ እዚኣቶም ኣብዚ ሰሌዳ ዝጽወቱ ስብስባት ሕጊ ናይዚ መተግበሪ እዮም።',
    ...gabataReadingsTi,
    reading9: 'chafa enda ዝድርቶ ምርጫ መበገሲ ጉድጓድ ጥራይ እዩ።',
    reading10: 'chafa enda ኣብ ጉድጓድ 0ን 17ን ይጸንሕ።',
    'DLP-Evidence-665': {
      rules:
        'ዓሰርተው ሸሞንተ ጉድጓዳት ኣብ ሰለስተ መስርዕ፣ ኣብ ነፍሲ ወከፍ ሰለስተ ኣእማን፤ ተጻዋቲ ነቲ ጥቓኡ ዘሎ መስርዕን ፍርቂ የማን ' +
        'ናይቲ ማእከላይ መስርዕን ይሕዝ (ናይ ሰለስተ ተጻወትቲ ምምቃል እውን ተገሊጹ)። ምዝራእ ካብ ሓደ ጉድጓድ ናይቲ ተጻዋቲ ተበጊሱ ' +
        'ብቑዋሚ መገዲ ይኸይድ፤ ኣብ ባዶ ዘይኮነ ጉድጓድ ዝውዳእ ዙረት ተላዒሉ ይቕጽል፤ ኣብ ባዶ ጉድጓድ ዝውዳእ ነቲ ተራ ይውድኦ። ' +
        'እቲ ናይ መኽፈቲ ኣቀማምጣ ምስ ተተንከፈ፣ ምዝራእ ኣብ ሰለስተ ዝሓዘ ጉድጓድ ተጻባኢ ምውዳእ ነቲ ጉድጓድ ንሓዋሩ ናይቲ ዘራኢ ' +
        'ይገብሮ፤ ካብኡ ፈጺሙ ኣይዝራእን፤ እቲ ዘራኢ ድማ ካብ ዝኾነ ጉድጓዱ ደጊሙ ይጻወት፤ ኣብ ከምዚ ዝበለ ዝተማረኸ ጉድጓድ ' +
        'ተጻባኢ ምውዳእ ነቲ ናይ መወዳእታ እምንን ሓደ ተወሳኺን ይወስድ። ኩሎም ኣእማን ምስ ተማረኹ ወይ ኣብ ዝተማረኹ ጉድጓዳት ' +
        'ምስ ኮኑ፣ ካብቲ ናይ መበገሲ ቁጽሪ ንላዕሊ ዘሎ ነፍሲ ወከፍ ትርፊ ሰለስተ ኣእማን ካብ ጸጋም ተጻባኢ ሓደ ጉድጓድ የርክብ፤ ' +
        'ሓደ ተጻዋቲ ንኹሎም ጉድጓዳት ክሳብ ዝሕዝ እቲ ጸወታ ይቕጽል።',
      content:
        'ፓንክኸርስት ጸወታ ኣኽሱም ካብ ናይ ዓድዋ ብዙሕ ከም ዘይፍለ ይገልጽ። ሓበሬታ ዝሃብዎ ኣብ ኣዲስ ኣበባ ኣብ ቤት ትምህርቲ ' +
        'በእደ ማርያም ዝመሃሩ ዝነበሩ ደቂ ኣኽሱም ዋሲሁን ታተምቀ፣ ኣምሃ ሳሃይን ኣብርሃ በርሀን እዮም። እቲ ሓደ ፍልልይ chafa ' +
        'enda እዩ፤ እቲ ኣብ ጸጋም ናይ ቀንዲ መስርዕ ተጻዋቲ ዘሎ ጉድጓድ፦ ካልእ ዝጻወቶ እንተዘይብሉ ሰለስተ ወይ ካብኡ ዝውሕድ ' +
        'ክሳብ ዝሓዘ ከልዕሎ ኣይክእልን፤ እዚ ድማ ንምምራኽ ክፉት ይገብሮ።',
      note: 'እቲ መዝገብ ብ1977 ዝተቐመጠ ኮይኑ ፓንክኸርስት 1977 ይጠቅስ፤ እቲ ናይ ምንጪ መእተዊ ግን ጽሑፍ 1971 እዩ።',
    },
  },
  abalalae: {
    description1:
      'እቶም ክልተ ተጻወትቲ ብተጻራሪ ኣንፈት ኣብ ዝኸዱ ከም ተመን ዝጠውዩ መገድታት ይዘርኡ። ነፍሲ ወከፍ ዙር ክልቲኦም ብሓደ ' +
      'ግዜ ካብቲ ኣብ ጸጋም ዘሎ ጉድጓዶም ብምዝራእ ይጅምር፤ ናይ መወዳእታ እምኒ ናብ ባዶ ጉድጓድ ንምውዳቕ ዝግበር ቅድድም እዩ፤ ' +
      'ነቲ ቅድድም ዝተዓወተ ቀዲሙ ይጻወት።',
    description2:
      'ምዝራእ ኣብ ናትካ ባዶ ጉድጓድ ምውዳእ ነቶም ኣብ ቅድሚኡ ዘለዉ ጉድጓዳት ዘለዉ ኣእማን ተጻባኢ ይወስድ፤ ኣብ ፍርቂ ጸጋምካ ' +
      'ክልተ ጉድጓዳት፣ ኣብ ፍርቂ የማንካ ሓደ፤ እቲ ዝማረኸ እምኒ ድማ ናብቲ ዝቕጽል ጉድጓድ ይሰጋገር። ኣብ መወዳእታ ዙር እቲ ድኻ ' +
      'ተጻዋቲ ዘለዎ ኩሉ ሰለስተ ሰለስተ የቐምጥ፤ እቲ ሃብታም ድማ ማዕረኡ ኣቐሚጡ ነቲ ዝተረፈ በይኑ የቐምጦ፤ እዚ ድማ ሓደ ' +
      'ተጻዋቲ ኩሉ ክሳብ ዝሕዝ ካብ ዙር ናብ ዙር ይቕጽል።',
    history1:
      'ፓንክኸርስት ነቲ ጸወታ ዝተማህሮ ካብ ከተማታት ደጋታት ኤርትራ ካብ ዝመጹ ኣርባዕተ ሰባት እዩ፤ ሓደ ካብኣቶም ኣባ ጳውሎስ ' +
      'ጻድዋ ነይሮም። ኣብ ምብራቓዊ ቆላታት ኤርትራ እቲ ሓደ ጸወታ Gabata ተባሂሉ ከም ዝጽዋዕ ይገልጽ።',
    history2: 'ቅንብር Ludii ሓደ ዙር ጥራይ ይጻወት፤ እዚ መተግበሪ ምስቲ ኣብ መንጎ ዙራት ዘሎ ዳግማይ ምምቃል ምሉእ ግጥሚ ይጻወት።',
    evidenceNote: 'እቲ ፖርታል ንዚ ጸወታ ሓደ መርትዖ ይቖጽር፤ ዓውድታቱ ኣብ ምንጭታትና የለዉን።',
    reading1: 'እቲ ብሓደ ግዜ ዝግበር ቅድድም ብሓባር ብዝኸዱ ስጉምትታት ይጽወት፤ ኣብ ነፍሲ ወከፍ ስጉምቲ ንነፍሲ ወከፍ ተጻዋቲ ሓደ እምኒ (ዝርዝር መግለጺ §7)።',
    reading2: 'ኣብ ውሽጢ ሓደ ስጉምቲ ተጻወትቲ ብተቐያያሪ ቀዳምነት የውድቑ።',
    reading3: 'ማዕረ ምብጻሕ (ክልቲኦም ተቀዳደምቲ ኣብ ሓደ ስጉምቲ ምስ ዝውድኡ፣ ካብቲ ንቡር መበገሲ ኩሉ ግዜ ከም ዝኸውን) ብዘርኢ ብዝተወሰነ ሳንቲም ይፍታሕ።',
    reading4: 'እቲ ኣብ ቅድድም ዝተሳዕረ ናቱ ምዝራእ ይውድእ።',
    reading5: 'ንዘልኣለም ዝደጋገም ቅድድም ብዘርኢ ብዝተወሰነ ሳንቲም ይውሰን።',
    reading6: 'ኣብ ቅድድም ዝኾነ ኣይማረኽን።',
    reading7: 'ተራ ናይቲ ቀንዲ ምዕራፍ ካብ ዝኾነ ናይ ገዛእ ርእስኻ ጉድጓድ ክጅምር ይኽእል (ሕጊ ናይ ጸጋማይ ጉድጓድ ንቅድድም ጥራይ ከም ዝኾነ ይንበብ)።',
    reading8: 'መወዳእታ ዙር ዝፍተሽ ኣብ መወዳእታ ነፍሲ ወከፍ ተራ (ድሕሪ ቅድድምን) እዩ፤ ድሕሪ ነፍሲ ወከፍ ዙረት ምዝራእ ኣይኮነን።',
    reading9: 'በይኖም ዝተቐመጡ ትርፍታት ኣብ ዝቕጽሉ ዳግማይ ምምቃላት ይቑጸሩ (ሞዴል ራብዕ ናይ Ludii)።',
    reading10: 'ነፍሲ ወከፍ ዙር ደጊሙ ብቅድድም ይኽፈት።',
    reading11: 'ነዊሕ ዙረት ናብ ናቱ መበገሲ ጉድጓድ እውን ይዘርእ።',
    reading12: 'ዘየቋርጽ ምዝራእ ኣይፍቀድን፤ ዝተደጋገሙ ወይ ልዕሊ ዓቐን ዝነውሑ ዙራት ነፍሲ ወከፍ ተጻዋቲ ናቱ ጉድጓዳት ብምውሳድ ይውድኡ።',
  },
  selus: {
    description1:
      'Selus ሰሌዳን መገድን ናይ Gabata ይጥቀም፤ ምዝራእ ግን ብደረታት ይሕጽሮ። ድሕሪ ብሓደ ግዜ ዝግበር መኽፈቲ ተጻወትቲ ብተራ ' +
      'ብቅብብል ይዘርኡ፤ ኣብ ብትኽክል ሰለስተ ዝሓዘ ጉድጓድ ተጻባኢ እምኒ ምውዳቕ ኣይፍቀድን፤ nedf ንምግባር እንተዘይኮይኑ፤ ' +
      'nedf ኣእማኑ ናይቲ ዝገበሮ ዝኾኑን ደጊሞም ዘይዝርኡን ጉድጓድ እዩ።',
    description2:
      'ቀዳማይ nedf ጥራይ ብሓደ ናይ መወዳእታ እምኒ ይግበር፤ ዝቕጽሉ ናይ ሓደ ዙረት ናይ መወዳእታ ክልተ ኣእማን ይወስዱ። እቲ ድሕሪ ' +
      'nedf ዘሎ ጉድጓድ ሓላዊኡ እዩ፦ ሰለስተ ክሳብ ዝሓዘ እቲ ካልእ ወገን ዝኾነ nedf ክገብር ኣይክእልን። እቲ ጸወታ ዝውዳእ ሓደ ' +
      'ተጻዋቲ ክንቀሳቐስ ምስ ዘይከኣሎ ወይ ካልእ nedf ናይ ምርካብ ተስፋ ምስ ዝቖርጽ እዩ።',
    history1:
      'ፓንክኸርስት Selus ጸወታ መሳፍንቲ፣ እንተወሓደ ካብ ዘመን ዓሰርተው ትሽዓተ ኣትሒዙ መዘናግዒ መሳፍንቲ ንጉሠ ነገሥታዊ ' +
      'መንግስቲ ኢትዮጵያ ከም ዝነበረ ይገልጽ፤ ሓደ ጸወታ ንሰዓታት ክቕጽል ከም ዝኽእል እውን ይዛረብ።',
    history2:
      'ብዙሓት ካብ ሕጊታቱ ዝበጽሑና ብሓጺሩ ጥራይ እዩ፤ ስለዚ እዚ ስብስብ ሕጊ ካብ ኩሎም ኣብዚ ዘለዉ ዝበዝሐ ዳግማይ ዝተሃንጹ ' + 'ንባባት ሒዙ ኣሎ፤ ነፍሲ ወከፎም ኣብ ገጽ ሓድሽ ጸወታ ክቕየሩ ይኽእሉ።',
    similarNote: 'ዘሎና ቅዳሕ ገጽ ፖርታል ስሙ ድሕሪ ቀዳመይቲ ፊደሉ ዝተቖርጸ ዓስራይ ተመሳሳሊ ጸወታ ይዝርዝር።',
    evidenceNote: 'እቲ ፖርታል ንዚ ጸወታ ሓደ መርትዖ ይቖጽር፤ ዓውድታቱ ኣብ ምንጭታትና የለዉን።',
    reading1: 'መበገሲ ቅድድም ብ{{sel08}} ሕጋዊ ዝኾነ ምስጢራዊ ምርጫ እዩ',
    reading2: 'ኣብ ቅድድም ማዕረ ምብጻሕ (ክልቲኦም ኣብ ሓደ ስጉምቲ ምስ ዝውድኡ) ብዘርኢ ብዝተወሰነ ሳንቲም ይፍታሕ',
    reading3: 'ሕጊ ምሕላፍ ኣብ ቅድድም ይሰርሕ፤ ኣብኡ ዝኾነ nedf ኣይግበርን',
    reading4: 'እቲ ቀሊል nedf ናይ ነፍሲ ወከፍ ተጻዋቲ ናይ ገዛእ ርእሱ ቀዳማይ nedf እዩ',
    reading5: 'ዝቕጽሉ nedfታት ብናይ መወዳእታ ክልተ ኣእማን ናይ ሓደ ዙረት ይግበሩ፤ ኣብ ሓደ ዙረት ሓደ nedf ({{sel15}})',
    reading6: 'nedf ኣብ ዝኾነ ንቡር ጉድጓድ ተጻባኢ ክግበር ይኽእል',
    reading7: 'እቲ ካልኣይ ጉድጓድ ናይ ሜላ ክልተ ኣእማን ናይ ዝኾነ ተጻዋቲ ክኸውን ይኽእል',
    reading8: 'ሓላዊ ነፍሲ ወከፍ nedf ንተጻባኢ ወናኒኡ ይዓግቶ',
    reading9: 'ኣብ nedf ዝውዳእ ዙረት ነቲ ተራ ይውድኦ (ኣእማን nedf ፈጺሞም ኣይዝርኡን)',
    reading10: 'ሕጊ ምሕላፍ ነቲ ህሉው ቁጽሪ እምኒ ብእምኒ ይርኢ',
    reading11: 'መስርዕ ቀዳምነታት ናይ መበገሲ ጉድጓድ',
    reading12: 'nedfታትን ናይ ገዛእ ርእስኻ ጉድጓዳትን ይቑጸሩ፤ ዝበዝሐ ይዕወት',
    reading13: 'ምስዓር ምቕባል እቲ ዝቕበል ተጻዋቲ ነቲ ጸወታ ዝስዕረሉ ንጹር ምንቅስቓስ እዩ',
    reading14: 'ካብ ዘየቋርጽ ምዝራእን መወዳእታ ዘይብሎም ጸወታታትን ዝከላኸሉ ሓለዋታት',
  },
  gifia: {
    description1:
      'ክልተ መስርዕ ኣርባዕተ ኣርባዕተ ጉድጓዳትን ኣብ ነፍሲ ወከፍ ጫፍ ቆፎን ዘለዎ ንእሽቶ ሰሌዳ፤ ነፍሲ ወከፍ ተጻዋቲ ክልተ ጸጋማውያን ' +
      'ጉድጓዳት ናይ ክልቲኡ መስርዕ ይሕዝ። ሓደ ምንቅስቓስ ብዝመረጾ ኣንፈት ተጻዋቲ ሓደ ዙረት ይዘርእ።',
    description2:
      'ንሓደ ጉድጓድ ክልተ ወይ ኣርባዕተ ከም ዝሕዝ ምግባር ባልደንጓታቱ የርክብ፤ ምስ ዝኾነ ክልተ ወይ ኣርባዕተ ዝሓዘ ጎረቤት፤ ' +
      'እዚ እንተዘይኮይኑ ክልተ ወይ ኣርባዕተ ዘለዎ ሓደ ጎረቤት ገና ክውሰድ ይኽእል። ነፍሲ ወከፍ ወገን ሓንቲ ባልደንጓ ጥራይ ምስ ' +
      'ተረፈቶ እቲ ዙር ይውዳእ፤ ባልደንጓታት ድማ ኣብ ጉድጓድ ሽዱሽተ ሽዱሽተ ኮይኖም ደጊሞም ይቕመጡ፤ ሓደ ጉድጓድ ክመልእ ' +
      'ዘይከኣለ ተጻዋቲ ተሳዒሩ።',
    history1:
      'Gifia ኣብ ደቡባዊ ምብራቕ ናይጀርያ ኣብ ጥቓ ክሮስ ሪቨር ኣብ ህዝቢ ኡሞን ዝተመዝገበ ብኬ. ሲ. ሙሬይ እዩ፤ ሽዑ ቀያሲ ' +
      'ጥንታዊ ቅርስታት ናይጀርያ ነይሩ፤ ክልተ ኣንስቲ ሓደ ዙር ክጻወታ ተዓዚቡ። ኤች. ጄ. ኣር. ሙሬይ ነቲ ጸብጻብ ኣብቲ ብ1951 ' +
      'ዘሕተሞ ታሪኽ ጸወታታት ሰሌዳ ኣእትይዎ።',
    identifiersNote: 'ንGifia ዘሎና ምንጪ መዝገብ መርትዖኡ {{dlp673}} እዩ፤ መለለዪ ጸወታ ኣይህብን።',
    similarNote: 'እቲ ምንጪ ተመሳሰልቲ ጸወታታት ኣይዝርዝርን፤ እዚኣቶም ካልኦት ብዙሕ ዙር ዘለዎም ጸወታታት ናይዚ መተግበሪ እዮም።',
    reading1: 'ጎረባብቲ ናይቲ መወዳእታ ጉድጓድ ኣብቲ ቀለበት ዘለዉ ጎረባብቱ እዮም',
    reading2: 'ምምራኽ ሀ ነቶም ቀጥታዊ ጎረባብቲ ጥራይ ይወስድ',
    reading3: 'ምምራኽ ለ ግዴታ እዩ፤ ምሉእ ጉድጓድ ድማ ይወስድ',
    reading4: 'ብፍቓድ ንምሕላፍ «ቁሩብ ባልደንጓታት ጥራይ» ማለት እንተበዝሐ 3 ማለት እዩ',
    reading5: 'ሓደ ጉድጓድ ብሽዱሽተ ክመልእ ዘይከኣለ ተጻዋቲ ነቲ ግጥሚ ይስዓር',
    reading6: 'ተጻዋቲ 1 ቀዲሙ ይጻወት',
    reading7: 'ዙር ዝጅምር ብተራ ይቕያየር',
    reading8: '8 ወይ ካብኡ ንላዕሊ ባልደንጓ ዘለዎ ዙረት ናብ መበገሲ ጉድጓዱ እውን ይዘርእ',
    reading9: 'ዝመልኡ ጉድጓዳት፦ መጀመርታ እቲ ጥቓ መስርዕ፣ ካብ ጸጋም (1፦ 0፣1፣4፣5፤ 2፦ 7፣6፣3፣2)',
    reading10: 'ክልተ ተኸታተልቲ ምሕላፋት ነቲ ዙር ይውድኡ (ሓለዋ)',
    'DLP-Evidence-673': {
      rules:
        'ክልተ መስርዕ ኣርባዕተ ኣርባዕተ ጉድጓዳትን ኣብ ነፍሲ ወከፍ ጫፍ ቆፎን፣ ኣብ ጉድጓድ ሽዱሽተ ባልደንጓታት፤ ነፍሲ ወከፍ ተጻዋቲ ' +
        'ፍርቂ ጸጋም ናይቲ ሰሌዳ ይሕዝ። ምንቅስቓስ ዝኾነ ናይ ገዛእ ርእሱ ጉድጓድ ኣልዒሉ ብዝኾነ ኣንፈት ይዘርኦ። ክልተ ወይ ኣርባዕተ ' +
        'ዝገብር ናይ መወዳእታ ባልደንጓ ነቲ ጉድጓድን ክልተ ወይ ኣርባዕተ ዝሓዘ ዝኾነ ጎረቤትን ይወስድ፤ እንተዘይኮይኑ ከምዚ ዝበለ ' +
        'ሓደ ጎረቤት ጥራይ ክውሰድ ይኽእል። ነፍሲ ወከፍ ተጻዋቲ ሓንቲ ባልደንጓ ጥራይ ምስ ተረፈቶ እቲ ዙር ይውዳእ፤ ኣብ ዝቕጽል ዙር ' +
        'ነፍሲ ወከፍ ክሳብ ባልደንጓታቱ ዝኣኽላ ኣብ ጉድጓድ ሽዱሽተ የቐምጥ፤ ነቲ ዝተረፈ ኣብ ቆፎኡ የቐምጦ፤ ሓደ ኩሉ ክሳብ ዝስእን ' +
        'ዙራት ይቕጽሉ።',
      content:
        'ኬ. ሲ. ሙሬይ ክልተ ኣንስቲ ኡሞን (ወረዳ ኣሮ፣ ኣውራጃ ካላባር) ነቲ ቀዳማይ ዙር ክጻወታ ተዓዚቡ። መዘኻኸሪኡ ብጣዕሚ ቁሩብ ' +
        'ባልደንጓ ዘለዎ ተጻዋቲ ከይንቀሳቐስ ክመርጽ ከም ዝኽእል፣ ነፍሲ ወከፍ ተጻዋቲ ነቲ ኣብ ጸጋሙ ዘሎ ቆፎ ከም ዝሕዝ፣ ኣብ መወዳእታ ' +
        'ዙር ድማ ነፍሲ ወከፍ ነታ ኣብ ናቱ መስርዕ ዝተረፈት ሓንቲ ባልደንጓ ከም ዝወስድ ይውስኽ።',
      placeNote:
        'እቲ ምንጪ ንኡሞን (ወረዳ ኣሮ፣ ኣውራጃ ካላባር፤ ሎሚ ግዝኣት ክሮስ ሪቨር) ይጠቅስ፤ መወሃሃዲታት ግን ኣይህብን፦ ' + 'እቲ ምልክት ኡሞን ኣብ ክሮስ ሪቨር ኣብ ዘለዋ ግምታዊ ቦታ ደው ኢሉ ኣሎ።',
    },
  },
};

/**
 * The catalogue data: one entry per ruleset. Identifiers, coordinates, dates, confidences and
 * sources are facts copied from the seed pages (/work/shared/seeds, the Ludii portal); every
 * description, history and rules paraphrase is written in our own words; the clauses are those of
 * each ruleset's description (src/games/info), where their texts are written. Where a
 * seed gives no value the entry says so (`identifiersNote`, `evidenceNote`) or marks the value
 * as ours (`basis`). `validateCatalogue` (validate.ts) checks all of it at build and test time.
 */
import { addEnglishMessages, type RulesetInfo } from '@gabata/engine/core';
import { ABALALAE_INFO, ADOWA_INFO, AKSUM_INFO, GIFIA_INFO, SELUS_INFO } from '@gabata/engine/games';
import { catalogueEnglish } from './english.js';
import type { CatalogueEntry, CatalogueSource, Clause, Place, SimilarGame } from './types.js';

/** The rules of a game, clause by clause: the texts its ruleset's description holds (written there only). */
const clausesOf = (info: RulesetInfo): readonly Clause[] => info.clauses.map(({ id, text }) => ({ id, text }));

const PANKHURST_PUBLISHED = 'Ethiopia Observer 14(3): 154-206';
const PANKHURST_TITLE = 'Gabata and Related Board Games of Ethiopia and the Horn of Africa';

const pankhurst = (pages: string, note?: string): CatalogueSource => ({
  author: 'Pankhurst, R.',
  year: 1971,
  title: PANKHURST_TITLE,
  published: PANKHURST_PUBLISHED,
  pages,
  ...(note === undefined ? {} : { note }),
});

const MURRAY: CatalogueSource = {
  author: 'Murray, H. J. R.',
  year: 1951,
  title: 'A History of Board-Games Other Than Chess',
  published: 'Oxford: Clarendon Press',
  pages: '192-193',
  note: 'quoting a record made by K. C. Murray, Surveyor of Antiquities of Nigeria',
};

/** Aksum, as DLP.Evidence.665 gives it. */
const AKSUM: Place = {
  name: 'Aksum',
  country: 'Ethiopia',
  dms: '14° 7\'55.67"N, 38°43\'8.99"E',
  // 14 + 7/60 + 55.67/3600 and 38 + 43/60 + 8.99/3600
  coords: { lat: 14.132130556, lon: 38.719163889 },
  basis: 'seed',
};

const UMON: Place = {
  name: 'Umon',
  country: 'Nigeria',
  coords: { lat: 5.3, lon: 8.1 },
  basis: 'approximate',
  note:
    'The seed names Umon (Aro Division, Calabar Province; today Cross River State) but gives no coordinates: the ' +
    'marker stands at the rough position of Umon on the Cross River.',
};

const ADWA: Place = {
  name: 'Adowa (Adwa)',
  country: 'Ethiopia',
  coords: { lat: 14.17, lon: 38.9 },
  basis: 'approximate',
  note: 'Named by the Aksum record as the home of the game it builds on; no coordinates in the seeds.',
};

const ERITREAN_HIGHLANDS: Place = {
  name: 'Eritrean highlands',
  country: 'Eritrea',
  coords: { lat: 15.33, lon: 38.93 },
  basis: 'approximate',
  note: 'The portal names the region, not a town; the marker stands near Asmara, in its middle.',
};

const GABATA_SIMILAR: readonly SimilarGame[] = [
  { name: 'Gabata (Aksum)', basis: 'ours', rulesetId: 'gabata-aksum' },
  { name: 'Selus', basis: 'ours', rulesetId: 'selus' },
  { name: "Abalala'e", basis: 'ours', rulesetId: 'abalalae' },
];

/** The catalogue, one entry per ruleset id. */
export const CATALOGUE: readonly CatalogueEntry[] = [
  {
    rulesetId: 'gabata-adowa',
    name: ADOWA_INFO.name,
    aliases: ['Gabata', 'Gabata (Adwa)'],
    period: 'Modern',
    region: 'Eastern Africa',
    countries: ['Ethiopia'],
    category: ['Board', 'Sow', 'Three rows'],
    oneLine: 'Relay sowing on three rows; turn enemy holes into wegues and win the board hole by hole.',
    description: [
      'Two players share a board of eighteen holes and one circuit round it. A sowing that ends in an occupied ' +
        'hole is picked up again and carried on, so a single turn can sweep many times round the board.',
      "The aim is to end a sowing in one of the opponent's holes that held three: it becomes your wegue, a hole " +
        'you keep for the round and that gathers every counter falling into it. When only wegues hold counters the ' +
        'round is counted, and the richer player takes holes from the poorer for the next round, until one owns them ' +
        'all.',
    ],
    history: [
      'Gabata is a name given to several three-row mancala games of Ethiopia and Eritrea. Richard Pankhurst ' +
        'collected descriptions of them from players of several towns and published them in the Ethiopia Observer in ' +
        '1971; this ruleset follows his description of the game around Adowa in Tigray.',
      'The same account also describes a three-handed form, which we offer as an experimental option.',
    ],
    origin: 'Adowa, Tigray, northern Ethiopia',
    identifiers: [],
    identifiersNote:
      'Our seeds give no portal or BoardGameGeek identifier for the Adowa game; the portal files its account as ' +
      'evidence DLP.Evidence.664 (not among our seeds).',
    sources: [pankhurst('154-206', 'the Adowa account; our seeds do not give its exact pages, so the whole article is cited')],
    similar: GABATA_SIMILAR,
    similarNote: 'The seeds give no similar-games list for this game; these are the rulesets of this app on the same board.',
    evidence: [],
    evidenceNote:
      'The portal keeps the Adowa account as evidence DLP.Evidence.664, whose rules text matches that of ' +
      'DLP.Evidence.665 (see Gabata (Aksum)); its other fields are not in our seeds.',
    places: [ADWA],
    clauses: clausesOf(ADOWA_INFO),
  },
  {
    rulesetId: 'gabata-aksum',
    name: AKSUM_INFO.name,
    aliases: ['Gabata (Axum)'],
    period: 'Modern',
    region: 'Eastern Africa',
    countries: ['Ethiopia'],
    category: ['Board', 'Sow', 'Three rows'],
    oneLine: 'The Adowa game plus the chafa enda: a hole you may not empty lightly.',
    description: [
      "Played exactly like Gabata of Adowa, with one rule more. Each player's leftmost hole in his own row is his " +
        'chafa enda, and he may not begin a sowing there while it holds three counters or fewer, unless it is the ' +
        'only hole he could play.',
      "The rule leaves that hole standing at three for longer, which makes it the natural target for the opponent's first wegue.",
    ],
    history: [
      'Pankhurst learned the Aksum game from three young men of the city who were then pupils at the Baeda Maryam ' +
        'School in Addis Ababa. Their account differs from the Adowa one only in the chafa enda restriction, which ' +
        'is why both games share one module here.',
      'The portal dates the record 1977 and cites "Pankhurst 1977", although the article it lists as the source ' +
        'appeared in 1971; we keep both figures as given.',
    ],
    origin: 'Aksum, Tigray, northern Ethiopia',
    identifiers: [],
    identifiersNote:
      'Our seeds give no portal or BoardGameGeek identifier for the Aksum game itself, only its evidence record DLP.Evidence.665.',
    sources: [pankhurst('164-165', 'the Aksum account')],
    similar: [{ name: 'Gabata (Adowa)', basis: 'ours', rulesetId: 'gabata-adowa' }, ...GABATA_SIMILAR.slice(1)],
    similarNote: 'The seeds give no similar-games list for this game; these are the rulesets of this app on the same board.',
    evidence: [
      {
        id: 'DLP.Evidence.665',
        type: 'Ethnography',
        place: AKSUM,
        date: { from: '1977-01-01', to: '1977-12-31' },
        confidence: 100,
        source: pankhurst('164-165'),
        rulesParaphrase:
          'Eighteen holes in three rows, three counters each; a player owns his near row and the right half of the ' +
          'centre row (a three-handed split is also described). Sowing runs along a fixed circuit from one of the ' +
          "player's own holes; a lap ending in an occupied hole is picked up and continued, one ending in an empty " +
          "hole ends the turn. Once the opening setup has been disturbed, ending a sowing in an opponent's hole of " +
          "three makes it the sower's own for good, never to be sown from, and he plays again from any of his holes; " +
          'ending in such a captured hole of the opponent takes the last counter and one more. When all counters are ' +
          'captured or sit in captured holes, each surplus of three counters over the starting number wins a hole from ' +
          "the opponent's left, and play resumes until one player holds every hole.",
        contentSummary:
          'Pankhurst reports that the Aksum game hardly differs from the Adowa one. His informants were Wasihun ' +
          'Tatamke, Amha Sahay and Abraha Berhe, natives of Aksum studying at the Baeda Maryam School in Addis Ababa. ' +
          "The one difference is the chafa enda, the leftmost hole of a player's main row: he may not lift it while it " +
          'holds three or fewer unless he has nothing else to play, which keeps it open to capture.',
        citation: 'Pankhurst 1977: 164-165',
        note: 'The record is dated 1977 and cites Pankhurst 1977, while its source entry is the 1971 article.',
      },
    ],
    places: [],
    clauses: clausesOf(AKSUM_INFO),
  },
  {
    rulesetId: 'abalalae',
    name: ABALALAE_INFO.name,
    aliases: ['Gabata'],
    period: 'Modern',
    region: 'Eastern Africa',
    countries: ['Eritrea'],
    category: ['Board', 'Sow', 'Three rows'],
    oneLine: 'An opening race, then captures across the board from your own empty holes.',
    description: [
      'The two players sow along serpentine tracks that run in opposite directions. Each round begins with both ' +
        'sowing at once from their leftmost hole, a race to drop a last counter into an empty hole; the winner of ' +
        'the race moves first.',
      "Ending a sowing in an empty hole of your own takes the opponent's counters in the holes facing it, two " +
        'holes on your left half and one on your right, and the capturing counter then steps on to the next hole. At ' +
        'the end of a round the poorer player sets out all he has in threes and the richer matches him and keeps the ' +
        'rest aside, round after round until one player has everything.',
    ],
    history: [
      'Pankhurst was taught the game by four men from towns of the Eritrean highlands, among them Abba Pawlos ' +
        'Tzadua. He notes that in the eastern lowlands of Eritrea the same game goes by the name Gabata.',
      "Ludii's encoding plays only one round; this app plays the whole match with the redistribution between rounds.",
    ],
    origin: 'Eritrea',
    identifiers: [
      { scheme: 'DLP', id: 'DLP.Games.319' },
      { scheme: 'BGG', id: 'BGG.60709' },
    ],
    sources: [pankhurst('163, 172', "rules on p. 163; the portal's reference is p. 172")],
    similar: [
      'Bao Ki Arabu (Zanzibar 1)',
      'Bao Ki Arabu (Zanzibar 2)',
      'Kanji Guti',
      'Muvalavala (Luena)',
      'Pachgarhwa',
      'Nchayo',
      'Mefuvha',
      'Owela (Benguela)',
      "La'b Akila",
      'Katra Boaoaka',
    ].map((name) => ({ name, basis: 'portal' as const })),
    evidence: [],
    evidenceNote: 'The portal counts one piece of evidence for this game; its fields are not in our seeds.',
    places: [ERITREAN_HIGHLANDS],
    clauses: clausesOf(ABALALAE_INFO),
  },
  {
    rulesetId: 'selus',
    name: SELUS_INFO.name,
    aliases: ['Gabata', 'Sulusé'],
    period: 'Modern',
    region: 'Eastern Africa',
    countries: ['Ethiopia'],
    category: ['Board', 'Sow', 'Three rows'],
    oneLine: 'The game of the Ethiopian nobility: skips, nedfs and their guardians.',
    description: [
      'Selus uses the Gabata board and circuit but hedges sowing about with restrictions. After a simultaneous ' +
        "opening, players alternate relay sowings; no counter may be dropped into an opponent's hole holding exactly " +
        "three, except to make a nedf, a hole whose counters are its maker's and are never sown again.",
      'Only the first nedf is made with a single last counter; later ones take the last two counters of a lap. The ' +
        'hole after a nedf is its guardian: while it holds three, the other side cannot make a nedf at all. The game ' +
        'ends when a player cannot move or gives up hope of another nedf.',
    ],
    history: [
      'Pankhurst describes Selus as an aristocratic game, the pastime of the nobility of the Ethiopian Empire from ' +
        'the nineteenth century at the latest, and says a single game could last for hours.',
      'Many of its rules survive only in outline, so this ruleset carries more reconstructed readings than any ' +
        'other here; each can be switched in the new-game screen.',
    ],
    origin: 'Horn of Africa',
    identifiers: [
      { scheme: 'DLP', id: 'DLP.Games.321' },
      { scheme: 'BGG', id: 'BGG.39615' },
    ],
    sources: [pankhurst('165-166')],
    similar: ['Deka', 'Kisolo (Lali)', 'Lobudok', 'Pereauni', 'Choro (Lango)', 'Mweiso', 'Choro (Acholi)', 'Adjiboto', 'Mbelele'].map(
      (name) => ({ name, basis: 'portal' as const }),
    ),
    similarNote: 'Our copy of the portal page lists a tenth similar game whose name is cut off after its first letter ("I").',
    evidence: [],
    evidenceNote: 'The portal counts one piece of evidence for this game; its fields are not in our seeds.',
    places: [],
    clauses: clausesOf(SELUS_INFO),
  },
  {
    rulesetId: 'gifia',
    name: GIFIA_INFO.name,
    aliases: [],
    period: 'Modern',
    region: 'Western Africa',
    countries: ['Nigeria'],
    category: ['Board', 'Sow', 'Two rows'],
    oneLine: 'Two rows of four, sow either way, capture twos and fours.',
    description: [
      'A small board of two rows of four holes with a store at each end; each player owns the two left-hand holes ' +
        'of both rows. A move sows one lap in the direction the player chooses.',
      'Making a hole hold two or four wins its beans, together with any neighbour holding two or four; failing ' +
        'that, one neighbour of two or four may still be taken. A round ends when each side is down to a single ' +
        'bean; the beans are then set out again six to a hole, and a player who cannot fill a hole has lost.',
    ],
    history: [
      'Gifia was recorded among the Umon on the Cross River in south-eastern Nigeria by K. C. Murray, then ' +
        'Nigeria’s Surveyor of Antiquities, who watched two women play a round. H. J. R. Murray included the account ' +
        'in his 1951 history of board games.',
    ],
    origin: 'Nigeria',
    identifiers: [],
    identifiersNote: 'Our seed for Gifia is its evidence record DLP.Evidence.673; it gives no game identifier.',
    sources: [MURRAY],
    similar: [
      { name: 'Gabata (Adowa)', basis: 'ours', rulesetId: 'gabata-adowa' },
      { name: "Abalala'e", basis: 'ours', rulesetId: 'abalalae' },
    ],
    similarNote: 'The seed gives no similar-games list; these are the other multi-round games of this app.',
    evidence: [
      {
        id: 'DLP.Evidence.673',
        type: 'Ethnography',
        place: UMON,
        date: { from: '1951-01-01', to: '1951-12-31' },
        confidence: 100,
        source: MURRAY,
        rulesParaphrase:
          'Two rows of four holes and a store at each end, six beans to a hole; each player owns the left-hand half of ' +
          'the board. A move lifts any own hole and sows it either way round. A last bean that makes two or four takes ' +
          'that hole and any neighbour holding two or four; otherwise one such neighbour alone may be taken. The round ' +
          'ends when each player is down to one bean; next round each sets out six per hole as far as his beans go and ' +
          'stores the rest; rounds go on until someone has lost everything.',
        contentSummary:
          'K. C. Murray watched two women of Umon (Aro Division, Calabar Province) play the first round. His note adds ' +
          'that a player with very few beans may choose not to move, that each player keeps the store on his left, and ' +
          'that at the end of a round each takes the single bean left in his own row.',
        citation: 'Murray 1951: 192-193',
      },
    ],
    places: [],
    clauses: clausesOf(GIFIA_INFO),
  },
];

// Our words about each game are written above only: the English `prose.*` messages are made from them.
addEnglishMessages(catalogueEnglish(CATALOGUE), true, 'catalogue');

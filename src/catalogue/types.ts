/**
 * The shape of a catalogue entry: what the games portal says about a game (facts, kept as the
 * seeds give them) and what we say about it (descriptions, history, rules paraphrase: our own
 * words). Facts that the seeds do not give are either absent with a note saying so, or marked
 * with the basis on which we added them (`basis`), never passed off as the portal's.
 */

/** A bibliographic source; `pages` is compulsory (the validator rejects a source without it). */
export interface CatalogueSource {
  readonly author: string;
  readonly year: number;
  readonly title: string;
  /** Where it was published (journal, volume, publisher). */
  readonly published: string;
  /** The pages that concern this game, e.g. '165-166'. */
  readonly pages: string;
  readonly note?: string;
}

/** An identifier of the game in another catalogue: `DLP.Games.319` (Ludii), `BGG.60709` (BoardGameGeek). */
export interface Identifier {
  readonly scheme: 'DLP' | 'BGG';
  readonly id: string;
}

/** Coordinates in decimal degrees (north and east positive). */
export interface LatLon {
  readonly lat: number;
  readonly lon: number;
}

/** A place named by a source. */
export interface Place {
  readonly name: string;
  /** The country the place is in today (for the map's highlighting). */
  readonly country: string;
  /** The coordinates exactly as the source prints them (degrees, minutes, seconds), when it does. */
  readonly dms?: string;
  readonly coords: LatLon;
  /**
   * `seed`: converted exactly from the DMS the seed gives. `approximate`: the seed names the
   * place but gives no coordinates; we put the marker at the place's rough location (see `note`).
   */
  readonly basis: 'seed' | 'approximate';
  readonly note?: string;
}

/** One piece of evidence, with every field the seed page gives. */
export interface EvidenceRecord {
  readonly id: string;
  readonly type: string;
  readonly place: Place;
  /** The date range as the portal gives it (ISO dates). */
  readonly date: { readonly from: string; readonly to: string };
  /** The portal's confidence, 0-100. */
  readonly confidence: number;
  /** The source as the portal cites it (a key of the entry's `sources`). */
  readonly source: CatalogueSource;
  /** The rules the record describes, paraphrased in our own words. */
  readonly rulesParaphrase: string;
  /** The quoted account, summarised in our own words (who recorded it, where, what it adds). */
  readonly contentSummary: string;
  /** Where the seed's page cites the original (e.g. 'Pankhurst 1977: 164-165'). */
  readonly citation: string;
  /** Anything odd about the record worth telling a reader. */
  readonly note?: string;
}

/** A game the portal lists as similar; `basis: 'ours'` marks relations we add ourselves. */
export interface SimilarGame {
  readonly name: string;
  readonly basis: 'portal' | 'ours';
  /** The ruleset id when the game is playable here. */
  readonly rulesetId?: string;
}

/** One rule clause of SPEC.md in plain words. */
export interface Clause {
  readonly id: string;
  readonly text: string;
}

export interface CatalogueEntry {
  /** The ruleset id in the registry. */
  readonly rulesetId: string;
  readonly name: string;
  readonly aliases: readonly string[];
  readonly period: string;
  readonly region: string;
  /** Today's countries of the region (map highlighting and filtering). */
  readonly countries: readonly string[];
  readonly category: readonly string[];
  /** One line for the card. */
  readonly oneLine: string;
  /** Paragraphs, our own words. */
  readonly description: readonly string[];
  readonly history: readonly string[];
  readonly origin: string;
  readonly identifiers: readonly Identifier[];
  /** Why there are no identifiers, when there are none. */
  readonly identifiersNote?: string;
  readonly sources: readonly CatalogueSource[];
  readonly similar: readonly SimilarGame[];
  readonly similarNote?: string;
  readonly evidence: readonly EvidenceRecord[];
  /** What the portal says about evidence that our seeds do not give in full. */
  readonly evidenceNote?: string;
  /** Places named by the descriptions (not evidence records), drawn as hollow markers. */
  readonly places: readonly Place[];
  /** The rules, clause by clause, in plain words (ids as in SPEC.md). */
  readonly clauses: readonly Clause[];
}

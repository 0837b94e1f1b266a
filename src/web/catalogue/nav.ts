/** How the catalogue pages move around the app; the app's router supplies it. */
export interface Nav {
  /** Open the new-game screen (then the board) with this ruleset preselected. */
  play(rulesetId: string): void;
  /** Open the game page of a ruleset. */
  open(rulesetId: string): void;
  /** Back to the catalogue. */
  home(): void;
  /** The href of a game page, so cards are real links (optional; defaults to none). */
  href?(rulesetId: string): string;
}

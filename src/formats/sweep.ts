/**
 * The shape of a sweep's document (sweep.json, `gabata sweep --json`, format gabata-sweep/1) as
 * the Explore page reads it (the fields it shows, nothing more), and the entry of the list of
 * stored sweeps the server gives (server/sweeps.ts). The browser may not import the simulation
 * code, and the server and the web app may not import each other, so the shapes both sides read
 * are declared here, below both. Types only; imports nothing.
 */
export interface Rate {
  count: number;
  rate: number;
  lo: number;
  hi: number;
}

export interface Mean {
  n: number;
  mean: number;
  lo: number;
  hi: number;
}

export interface ExploreCell {
  key: string;
  id: string;
  values: Record<string, string | number | boolean>;
  figures: {
    games: number;
    unfinished: number;
    seats: { seat: number; wins: Rate }[];
    draws: Rate;
    firstPlayerAdvantage: { advantage: number; lo: number; hi: number };
    completion: { byRules: Rate; guards: Record<string, number> };
    duration: { decisions: Mean; turns: Mean; rounds: Mean; branching: Mean; realChoices: Mean | null };
    metrics: Record<string, Mean>;
  };
}

export interface ExploreDoc {
  format: string;
  id: string;
  ruleset: string;
  spec: {
    preset?: string;
    options: Record<string, string | number | boolean>;
    grids: { name: string; values: (string | number | boolean)[] }[];
    agents: string[];
    games: number;
    seed: number;
  };
  planned: number;
  played: number;
  complete: boolean;
  date: string;
  cells: ExploreCell[];
}

/** A sweep in the list the server gives (GET /api/sweeps). */
export interface ExploreEntry {
  name: string;
  id: string;
  ruleset: string;
  grids: string[];
  cells: number;
  games: number;
  played: number;
  planned: number;
  complete: boolean;
  date: string;
}

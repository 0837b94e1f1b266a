/**
 * Board geometry as data: holes with their row and column, the stores, and the sowing tracks
 * (each an ordered, cyclic list of holes). Rulesets build their boards from these pieces; the web
 * UI draws the board from the same data, so it never needs to know a game's rules.
 */

/** A cyclic sowing track: `holes[i]` is followed by `holes[(i + 1) % length]`. */
export interface Track {
  readonly name: string;
  readonly holes: Int8Array;
  /** `next[h]` = the hole after h on this track, or -1 when h is not on it. */
  readonly next: Int8Array;
  /** `position[h]` = the index of h in `holes`, or -1. */
  readonly position: Int8Array;
}

export interface Geometry {
  readonly id: string;
  readonly rows: number;
  readonly cols: number;
  readonly holeCount: number;
  /** Row of each hole; row 0 is player 1's near row (drawn at the bottom). */
  readonly holeRow: Int8Array;
  /** Column of each hole, 0 = leftmost as seen by player 1. */
  readonly holeCol: Int8Array;
  /** Stores, if any: which player owns each and on which side (as seen by player 1) it sits. */
  readonly stores: readonly { readonly player: number; readonly side: 'left' | 'right' }[];
  readonly tracks: readonly Track[];
}

export function makeTrack(name: string, holes: readonly number[], holeCount: number): Track {
  const h = Int8Array.from(holes);
  const next = new Int8Array(holeCount).fill(-1);
  const position = new Int8Array(holeCount).fill(-1);
  for (let i = 0; i < h.length; i++) {
    if (position[h[i]!] !== -1) throw new Error(`track ${name} visits hole ${h[i]} twice`);
    position[h[i]!] = i;
    next[h[i]!] = h[(i + 1) % h.length]!;
  }
  return { name, holes: h, next, position };
}

/** A rectangular grid of holes indexed `row * cols + col`. */
export function gridGeometry(
  id: string,
  rows: number,
  cols: number,
  tracks: readonly { name: string; holes: readonly number[] }[],
  stores: Geometry['stores'] = [],
): Geometry {
  const holeCount = rows * cols;
  const holeRow = new Int8Array(holeCount);
  const holeCol = new Int8Array(holeCount);
  for (let i = 0; i < holeCount; i++) {
    holeRow[i] = Math.floor(i / cols);
    holeCol[i] = i % cols;
  }
  return {
    id,
    rows,
    cols,
    holeCount,
    holeRow,
    holeCol,
    stores,
    tracks: tracks.map((t) => makeTrack(t.name, t.holes, holeCount)),
  };
}

export function trackByName(g: Geometry, name: string): Track {
  const t = g.tracks.find((x) => x.name === name);
  if (!t) throw new Error(`geometry ${g.id} has no track ${name}`);
  return t;
}

// ---------------------------------------------------------------------------------------------
// The 3x6 board of SPEC §2, shared by Gabata (Adowa, Aksum), Abalala'e and Selus.

/** Track G (SPEC §2.3): one cycle that both players follow in the same sense. */
export const TRACK_G = [0, 1, 2, 3, 4, 5, 11, 10, 9, 17, 16, 15, 14, 13, 12, 6, 7, 8] as const;
/** Track A (SPEC §2.4): player 1's serpentine; player 2 follows it reversed. */
export const TRACK_A_P1 = [0, 1, 2, 3, 4, 5, 11, 10, 9, 8, 7, 6, 12, 13, 14, 15, 16, 17] as const;
export const TRACK_A_P2 = [17, 16, 15, 14, 13, 12, 6, 7, 8, 9, 10, 11, 5, 4, 3, 2, 1, 0] as const;

/** Two-player ownership of the 3x6 board (SPEC §2.2): own near row + the right half of the centre row. */
export const OWNERS_3X6_2P = [1, 1, 1, 1, 1, 1, 2, 2, 2, 1, 1, 1, 2, 2, 2, 2, 2, 2] as const;
/** Three-player split (SPEC AKS-3P-01): A = row 0, B = cols 0-2 of rows 1-2, C = cols 3-5 of rows 1-2. */
export const OWNERS_3X6_3P = [1, 1, 1, 1, 1, 1, 3, 3, 3, 2, 2, 2, 3, 3, 3, 2, 2, 2] as const;

export const GEOMETRY_3X6_G: Geometry = gridGeometry('3x6', 3, 6, [{ name: 'G', holes: TRACK_G }]);
export const GEOMETRY_3X6_A: Geometry = gridGeometry('3x6', 3, 6, [
  { name: 'A1', holes: TRACK_A_P1 },
  { name: 'A2', holes: TRACK_A_P2 },
]);

/** Gifia's board (SPEC §9.1): the 2x4 ring, owners, the refill order and the move encoding. */
import { gridGeometry, trackByName, type Geometry } from '../../core/geometry.js';

/** Anticlockwise ring as player 1 sees the board (SPEC §9.1). */
export const RING_CCW = [0, 1, 2, 3, 7, 6, 5, 4] as const;
/** Clockwise ring: RING_CCW reversed, from hole 0. */
export const RING_CW = [0, 4, 5, 6, 7, 3, 2, 1] as const;
/** Player 1 owns the two west holes of each row, player 2 the two east holes. */
export const OWNERS_2X4 = [1, 1, 2, 2, 1, 1, 2, 2] as const;
/** Order in which a player's holes are refilled with six at a new round (GIF-11). */
export const GIFIA_FILL_ORDER: readonly (readonly number[])[] = [[], [0, 1, 4, 5], [7, 6, 3, 2]];

export const GEOMETRY_2X4: Geometry = gridGeometry(
  '2x4',
  2,
  4,
  [
    { name: 'ccw', holes: RING_CCW },
    { name: 'cw', holes: RING_CW },
  ],
  [
    { player: 1, side: 'left' },
    { player: 2, side: 'right' },
  ],
);

export const HOLES = 8;
export const TOTAL = 48;
export const SEED_PER_HOLE = 6;
export const DIR_CCW = 0;
export const DIR_CW = 1;
export const DIR_LETTER = ['a', 'c'] as const;

/** aux slot: player 1's total (store + own holes) when the current round began. */
export const AUX_ROUND_START_P1 = 0;
/** aux slot: player 2's total when the current round began. */
export const AUX_ROUND_START_P2 = 1;

export const moveHole = (m: number): number => m & 7;
export const moveDir = (m: number): number => (m >> 3) & 1;
/** The neighbour taken by capture B, or -1. */
export const moveTake = (m: number): number => (m >> 4) - 1;
export const makeMove = (hole: number, dir: number, take = -1): number => hole | (dir << 3) | ((take + 1) << 4);

export const NEXT_CCW = trackByName(GEOMETRY_2X4, 'ccw').next;
export const NEXT_CW = trackByName(GEOMETRY_2X4, 'cw').next;
/** Row neighbours: west and east in the same row, -1 past a row end (the stores are not holes). */
export const ROW_WEST = Int8Array.from({ length: HOLES }, (_, h) => (h % 4 === 0 ? -1 : h - 1));
export const ROW_EAST = Int8Array.from({ length: HOLES }, (_, h) => (h % 4 === 3 ? -1 : h + 1));

export const isTwoOrFour = (n: number): boolean => n === 2 || n === 4;

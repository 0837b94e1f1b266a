/**
 * Ludii's board and compiled game for each ruleset, as far as Ludii's metrics read them
 * (sim/ludii-metrics.ts): BoardCoverageFull and BoardCoverageUsed divide by elements of Ludii's
 * board graph, StateSpaceComplexity is computed from the compiled game alone, and MoveDistance
 * reads the sites of Ludii's moves. Everything here is read from github.com/Ludeme/Ludii at
 * commit 845cda6f (2024-07-10); nothing of Ludii's code is copied.
 *
 * - **The board graph** of `(mancalaBoard rows columns store:...)`
 *   (Core/src/game/equipment/container/board/custom/MancalaBoard.java): lines 83-84, the stores
 *   are `Outer` and two unless said; lines 119-201, each row is a `(rectangle 1 columns)` of
 *   vertices one apart joined in a line (RectangleOnSquare.java lines 74-101, evaluated on
 *   vertices), the rows one above the other, and the two stores as lone vertices, at
 *   (-0.85, 0.5) and (columns - 0.15, 0.5) with two rows, at (-1, 1) and (columns, 1) with three;
 *   line 324, the board's sites are its vertices. The union (graph/operators/Union.java lines
 *   235-249) then joins every two vertices nearer than 1.1 x the mean edge length (1 here: the
 *   rows' edges) and makes the faces: the graph is connected and planar with no crossing edges,
 *   so its faces are E - V + 1 (Euler). `mancalaGraph` does this construction; the test checks it
 *   against Ludii's own counts (Mining/res/concepts/output/LudiiGameConceptsMancala.csv:
 *   NumVertices, NumEdges, NumCells of Abalala'e, Kalah, Boukerourou).
 * - **The encodings** (`LUDII_ENCODINGS`): the .lud of each ruleset's game, with the facts
 *   Ludii's compiler takes from it, each with its line.
 */
import type { Game } from '@gabata/engine/core';

/** The numbers of vertices, edges and faces (Ludii's cells) of a board graph. */
export interface GraphSize {
  vertices: number;
  edges: number;
  cells: number;
}

/**
 * The vertices, edges and faces of Ludii's `(mancalaBoard rows columns)` graph, built as
 * MancalaBoard.java builds it (see the file's comment). Two and three rows only: the boards of
 * the rulesets here (the other row counts place their stores elsewhere, lines 203-322).
 */
export function mancalaGraph(rows: number, columns: number, stores: boolean): GraphSize {
  if (rows !== 2 && rows !== 3) throw new Error(`Ludii's mancala board with ${rows} rows is not derived here`);
  const pts: [number, number][] = [];
  // RectangleOnSquare.java lines 74-101: each row a line of vertices one apart.
  for (let r = 0; r < rows; r++) for (let c = 0; c < columns; c++) pts.push([c, r]);
  if (stores) {
    // MancalaBoard.java lines 137-153 (two rows) and 185-193 (three rows).
    if (rows === 2) pts.push([-0.85, 0.5], [columns - 0.15, 0.5]);
    else pts.push([-1, 1], [columns, 1]);
  }
  // Union.java lines 236-248: the rows' edges are all of length 1, so every two vertices nearer
  // than 1.1 are joined (a row's own edges among them: findOrAddEdge adds none twice).
  let edges = 0;
  for (let a = 0; a < pts.length; a++)
    for (let b = a + 1; b < pts.length; b++) if (Math.hypot(pts[a]![0] - pts[b]![0], pts[a]![1] - pts[b]![1]) < 1.1) edges++;
  const vertices = pts.length;
  return { vertices, edges, cells: edges - vertices + 1 };
}

/** What Ludii's compiler reads from the encoding of a ruleset's game, with where it reads it. */
export interface LudiiEncoding {
  /** The .lud file (Common/res/lud/board/sow/...). */
  readonly lud: string;
  /** `(mancalaBoard rows columns store:...)`: the line, and whether there are stores. */
  readonly rows: number;
  readonly columns: number;
  readonly stores: boolean;
  readonly boardLine: number;
  readonly players: number;
  /** `(hand Each)`: one hand site a player, counted by Equipment.totalDefaultSites (line 716), or null. */
  readonly handLine: number | null;
  /** Counters the start places: Σ count × sites of its `(set Count ...)` (SetCount.java lines 185-196). */
  readonly startCounters: number;
  readonly startLine: number;
  /**
   * Concept.Cell: set when a ludeme names the Cell site type (SiteType.java line 85), here
   * `(count Cell at:(handSite ...))`; the first such line of the game (a define used in it
   * counts, an unused one does not), or null. (The 63 mancala games of
   * LudiiGameConceptsMancala.csv have Cell = 1 exactly when their .lud names `Cell`.)
   */
  readonly cellLine: number | null;
  /**
   * GameType.SiteState: `(state at:...)` or `(set State ...)` (functions/ints/state/State.java,
   * SetState.java); the first line of the game, or null.
   */
  readonly stateLine: number | null;
  /**
   * Moves whose decision has from != to that our trials do not hold (MoveDistance), or null when
   * every Ludii move our trial holds is a `(move Select ...)` (from == to) or a pass.
   */
  readonly fromToMoves: string | null;
}

const SOW = 'Common/res/lud/board/sow';

/** The Ludii encoding of each ruleset's game (Ludii has no other encoding of these games' boards). */
export const LUDII_ENCODINGS: Readonly<Record<string, LudiiEncoding>> = {
  'gabata-adowa': {
    lud: `${SOW}/three_rows/Gabata (Adowa).lud`,
    rows: 3,
    columns: 6,
    stores: false,
    boardLine: 44,
    players: 2,
    handLine: 48,
    startCounters: 3 * 18,
    startLine: 56,
    cellLine: 131,
    stateLine: 71,
    fromToMoves: null,
  },
  'gabata-aksum': {
    lud: `${SOW}/three_rows/Gabata (Aksum).lud`,
    rows: 3,
    columns: 6,
    stores: false,
    boardLine: 44,
    players: 2,
    handLine: 48,
    startCounters: 3 * 18,
    startLine: 56,
    cellLine: 144,
    stateLine: 83,
    fromToMoves: null,
  },
  abalalae: {
    lud: `${SOW}/three_rows/Abalala'e.lud`,
    rows: 3,
    columns: 6,
    stores: false,
    boardLine: 16,
    players: 2,
    handLine: 29,
    startCounters: 3 * 18,
    startLine: 33,
    // Line 1 names Cell only in the define "PiecesOwnedBy", which nothing uses since the scores
    // were dropped (it was used in 2021, when LudiiGameConceptsMancala.csv gave Abalala'e Cell = 1).
    cellLine: null,
    stateLine: null,
    fromToMoves: null,
  },
  selus: {
    lud: `${SOW}/three_rows/Selus.lud`,
    rows: 3,
    columns: 6,
    stores: false,
    boardLine: 19,
    players: 2,
    handLine: 23,
    startCounters: 3 * 18,
    startLine: 31,
    cellLine: null,
    stateLine: 48,
    fromToMoves: null,
  },
  gifia: {
    lud: `${SOW}/two_rows/Gifia.lud`,
    rows: 2,
    columns: 4,
    stores: true,
    boardLine: 20,
    players: 2,
    handLine: null,
    // `(set Count 6 to:(sites Track))`: the 8 holes of the first track, TrackCCW.
    startCounters: 6 * 8,
    startLine: 33,
    cellLine: null,
    stateLine: null,
    fromToMoves:
      "Gifia.lud's moves of the same turn (lines 40-50: a neighbour's counters to the store) and between rounds " +
      "(line 237: the store's counters to a hole) have from != to; our trial folds them into the sowing and the round's start",
  },
};

/** Ludii's board for a trial: the graph's sizes and what the metrics read from the compiled game. */
export interface LudiiBoard extends GraphSize {
  /** The stores are vertices of the board (their counters are on it). */
  stores: boolean;
  /** Topology.getAllUsedGraphElements (Topology.java lines 974-985): vertices, and cells when Concept.Cell. */
  used: number;
  /** StateSpaceComplexity of the compiled game, or null with the reason. */
  stateSpace: { value: number } | { value: null; reason: string };
  /** Why MoveDistance is not computed for this game, or null. */
  moveDistance: string | null;
}

/**
 * complexity/StateSpaceComplexity.java lines 50-67: (components + 1) × the largest count
 * (Game.java lines 1100-1122: the start's counters, at least the default sites) × the local states
 * when the game keeps one (Game.java lines 1127-1180: the players + 1 here, no start rule naming a
 * state), in log10, times the used elements of the board. No stacking, rotation, piece value or
 * hidden information in these encodings; one component, the shared `Seed`.
 */
export function stateSpaceComplexity(e: LudiiEncoding, g: GraphSize = mancalaGraph(e.rows, e.columns, e.stores)): number {
  const used = usedElements(e, g);
  const components = 1;
  const defaultSites = g.vertices + (e.handLine !== null ? e.players : 0);
  const maxCount = Math.max(0, e.startCounters, defaultSites);
  let possibilities = (components + 1) * maxCount;
  if (e.stateLine !== null) possibilities *= e.players + 1;
  return used * Math.log10(possibilities);
}

/** Topology.getAllUsedGraphElements (Topology.java lines 974-985): the vertices, and the cells when Concept.Cell. */
function usedElements(e: LudiiEncoding, g: GraphSize): number {
  return g.vertices + (e.cellLine !== null ? g.cells : 0);
}

/** Ludii's board of a game's ruleset, or undefined when Ludii has no encoding of it here. */
export function ludiiBoardOf(game: Game): LudiiBoard | undefined {
  const e = LUDII_ENCODINGS[game.ruleset.info.id];
  if (e === undefined) return undefined;
  const g = mancalaGraph(e.rows, e.columns, e.stores);
  const differs: string[] = [];
  if (game.players !== e.players) differs.push(`${game.players} players, not ${e.players}`);
  if (game.counterTotal !== e.startCounters) differs.push(`${game.counterTotal} counters, not ${e.startCounters}`);
  return {
    ...g,
    stores: e.stores,
    used: usedElements(e, g),
    stateSpace:
      differs.length === 0
        ? { value: stateSpaceComplexity(e, g) }
        : { value: null, reason: `Ludii's encoding (${e.lud}) is not this game: ${differs.join(', ')}` },
    moveDistance: e.fromToMoves,
  };
}

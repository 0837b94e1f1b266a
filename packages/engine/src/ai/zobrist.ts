/**
 * Zobrist keys for the transposition table: two independent 32-bit keys (an index and a check)
 * over what decides a position's future in every ruleset: counts, marks and owners of the holes,
 * the piles off the board, the player to move, the phase, the round, the first turns of a round, and the ruleset's aux
 * slots. Counts above the table's range share the last entry (rare; the check key keeps
 * collisions harmless). Computed from scratch per node: a few dozen table reads.
 */
import type { Game } from '../core/game.js';
import { AUX_SLOTS, type State } from '../core/state.js';
import { Rng } from '../core/rng.js';

export class Zobrist {
  private readonly holes: number;
  private readonly players: number;
  private readonly maxCount: number;
  private readonly countA: Uint32Array;
  private readonly countB: Uint32Array;
  private readonly markA: Uint32Array;
  private readonly markB: Uint32Array;
  private readonly pileA: Uint32Array;
  private readonly pileB: Uint32Array;
  private readonly miscA: Uint32Array;
  private readonly miscB: Uint32Array;
  /** The check key of the last `hash` call. */
  check = 0;

  constructor(game: Game, seed = 0x5eed) {
    this.holes = game.geometry.holeCount;
    this.players = game.players;
    this.maxCount = Math.max(8, game.counterTotal);
    const rng = new Rng(seed);
    const table = (n: number): Uint32Array => {
      const t = new Uint32Array(n);
      for (let i = 0; i < n; i++) t[i] = rng.nextUint32();
      return t;
    };
    const nc = this.holes * (this.maxCount + 1);
    const nm = this.holes * 16;
    const np = (this.players + 1) * 2 * (this.maxCount + 1);
    const nmisc = 64 + AUX_SLOTS;
    this.countA = table(nc);
    this.countB = table(nc);
    this.markA = table(nm);
    this.markB = table(nm);
    this.pileA = table(np);
    this.pileB = table(np);
    this.miscA = table(nmisc);
    this.miscB = table(nmisc);
  }

  /** The index key of `s`; the check key is left in `this.check`. */
  hash(s: State): number {
    const m1 = this.maxCount + 1;
    let a = 0;
    let b = 0;
    const counts = s.counts;
    const marks = s.marks;
    const owners = s.owners;
    for (let h = 0; h < this.holes; h++) {
      let c = counts[h]!;
      if (c > this.maxCount) c = this.maxCount;
      const i = h * m1 + c;
      a ^= this.countA[i]!;
      b ^= this.countB[i]!;
      const mo = ((marks[h]! & 3) << 2) | (owners[h]! & 3);
      if (mo !== 0) {
        a ^= this.markA[h * 16 + mo]!;
        b ^= this.markB[h * 16 + mo]!;
      }
    }
    for (let p = 1; p <= this.players; p++) {
      let c = s.captured[p]!;
      if (c > this.maxCount) c = this.maxCount;
      let r = s.reserve[p]!;
      if (r > this.maxCount) r = this.maxCount;
      const i = p * 2 * m1 + c;
      const j = (p * 2 + 1) * m1 + r;
      a ^= this.pileA[i]! ^ this.pileA[j]!;
      b ^= this.pileB[i]! ^ this.pileB[j]!;
      if (!s.active[p]) {
        a ^= this.miscA[40 + p]!;
        b ^= this.miscB[40 + p]!;
      }
    }
    const tm = s.toMove & 7;
    const ph = 8 + (s.phase & 7);
    const rd = 16 + (s.round & 15);
    // Rules may treat a round's first turns apart (a capture gate); later turns are alike.
    const tu = 32 + Math.min(s.turn, 3);
    a ^= this.miscA[tm]! ^ this.miscA[ph]! ^ this.miscA[rd]! ^ this.miscA[tu]!;
    b ^= this.miscB[tm]! ^ this.miscB[ph]! ^ this.miscB[rd]! ^ this.miscB[tu]!;
    // Aux slots hold arbitrary integers: mix each value with its slot's key.
    const aux = s.aux;
    for (let k = 0; k < AUX_SLOTS; k++) {
      const v = aux[k]!;
      if (v !== 0) {
        a ^= Math.imul(this.miscA[64 + k]! ^ v, 0x9e3779b1);
        b ^= Math.imul(this.miscB[64 + k]! + v, 0x85ebca6b);
      }
    }
    this.check = b >>> 0;
    return a >>> 0;
  }
}

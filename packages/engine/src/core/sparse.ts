/**
 * The sparse board text of SPEC.md's worked examples: `0:1, 3:5(W2), 15:4(N1)` lists the
 * non-empty holes with their counts and, in brackets, a wegue (W) or nedf (N) mark with its
 * owner. Used by tests and by the position notation.
 */
import { err, ok, type Result } from './errors.js';

export interface SparseHole {
  hole: number;
  count: number;
  /** 0, or the player whose wegue/nedf the hole is. */
  mark: number;
}

const ENTRY = /^(\d+)\s*:\s*(\d+)\s*(?:\(\s*([WN])\s*([1-3])\s*\))?$/;

export function parseSparse(text: string, holeCount: number): Result<SparseHole[]> {
  const out: SparseHole[] = [];
  const trimmed = text.trim();
  if (trimmed === '' || trimmed === '-') return ok(out);
  const seen = new Set<number>();
  for (const part of trimmed.split(',')) {
    const m = ENTRY.exec(part.trim());
    if (!m) return err('ERR_POSITION', `'${part.trim()}' is not 'hole:count' or 'hole:count(W1)'`, part.trim());
    const hole = Number(m[1]);
    if (hole >= holeCount) return err('ERR_POSITION', `hole ${hole} does not exist (0..${holeCount - 1})`, part.trim());
    if (seen.has(hole)) return err('ERR_POSITION', `hole ${hole} is listed twice`, part.trim());
    seen.add(hole);
    out.push({ hole, count: Number(m[2]), mark: m[4] ? Number(m[4]) : 0 });
  }
  return ok(out);
}

/** Sparse text of a board: non-empty or marked holes in index order. */
export function makeSparse(counts: ArrayLike<number>, marks: ArrayLike<number>, markLetter = 'W'): string {
  const parts: string[] = [];
  for (let i = 0; i < counts.length; i++) {
    if (counts[i] !== 0 || marks[i] !== 0) parts.push(marks[i] ? `${i}:${counts[i]}(${markLetter}${marks[i]})` : `${i}:${counts[i]}`);
  }
  return parts.join(', ');
}

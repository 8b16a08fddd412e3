/**
 * How many native bars each shown bar merges. A chart shows one series made of parts at different
 * levels (a coarse level with a finer window spliced in, a live tail merged at its own factor): the
 * parts are recorded as pieces (`BarsResult.pieces`), so the legend, the tooltip and the data window
 * can say that a bar stands for many and which span it covers. Pure, so it is unit-tested.
 */
import type { BarsResult, FactorPiece } from '../protocol';

type Factors = Pick<BarsResult, 'factor' | 'pieces'>;

function piecesOf(bars: Factors): readonly FactorPiece[] {
  return bars.pieces ?? [{ start: 0, factor: bars.factor }];
}

/** Native bars merged into bar `index` of `bars`. */
export function factorAt(bars: Factors, index: number): number {
  const pieces = piecesOf(bars);
  let factor = pieces[0]?.factor ?? bars.factor;
  for (const piece of pieces) {
    if (piece.start > index) break;
    factor = piece.factor;
  }
  return factor;
}

/** The pieces of bars [from, to) of `bars`, renumbered to start at `at`. */
export function slicePieces(bars: Factors, from: number, to: number, at: number): FactorPiece[] {
  if (to <= from) return [];
  const out: FactorPiece[] = [{ start: at, factor: factorAt(bars, from) }];
  for (const piece of piecesOf(bars)) {
    if (piece.start > from && piece.start < to)
      out.push({ start: at + piece.start - from, factor: piece.factor });
  }
  return out;
}

/** Pieces in order with neighbours of one factor joined. */
export function joinPieces(parts: readonly FactorPiece[][]): FactorPiece[] {
  const out: FactorPiece[] = [];
  for (const piece of parts.flat()) {
    const last = out[out.length - 1];
    if (last && last.start === piece.start) {
      // An empty piece before this one: this one replaces it.
      last.factor = piece.factor;
      if (out.length > 1 && out[out.length - 2]?.factor === piece.factor) out.pop();
    } else if (!last || last.factor !== piece.factor) out.push({ ...piece });
  }
  return out;
}

/**
 * The fewest and the most native bars that one of bars `from` to `to` (inclusive) merges, from the
 * pieces they lie in; `least` is +Infinity and `most` 0 where none does.
 */
export function factorRange(bars: Factors, from: number, to: number): { least: number; most: number } {
  const pieces = piecesOf(bars);
  let least = Number.POSITIVE_INFINITY;
  let most = 0;
  pieces.forEach((p, i) => {
    if (p.start > to || (pieces[i + 1]?.start ?? Number.POSITIVE_INFINITY) <= from) return;
    least = Math.min(least, p.factor);
    most = Math.max(most, p.factor);
  });
  return { least, most };
}

/** Whether any of bars `from` to `to` (inclusive) merges more than one native bar. */
export function mergedIn(bars: Factors, from: number, to: number): boolean {
  return factorRange(bars, from, to).most > 1;
}

/** Whether any of the bars merges more than one native bar. */
export function hasMergedBars(bars: BarsResult): boolean {
  return mergedIn(bars, 0, bars.time.length - 1);
}

/** The data cursor of an analytic chart steps through its items (slices, bars, bins, points) in reading order. */
export type ItemMove = 'previous' | 'next';

/** The item the cursor moves to among `count`; a cursor not shown yet starts at the first (or last) item. */
export function steppedItem(current: number | null, move: ItemMove, count: number): number | null {
  if (count === 0) return null;
  if (current === null || current >= count) return move === 'next' ? 0 : count - 1;
  return move === 'next' ? Math.min(count - 1, current + 1) : Math.max(0, current - 1);
}

/** The data cursor of an analytic chart steps through its items (slices, bars, bins, points) in reading order. */
import type { Hit } from './chart';

export type ItemMove = 'previous' | 'next';

/** The item the cursor moves to among `count`; a cursor not shown yet starts at the first (or last) item. */
export function steppedItem(current: number | null, move: ItemMove, count: number): number | null {
  if (count === 0) return null;
  if (current === null || current >= count) return move === 'next' ? 0 : count - 1;
  return move === 'next' ? Math.min(count - 1, current + 1) : Math.max(0, current - 1);
}

/**
 * The item `key` among a new layout's `anchors` (after a resize, a zoom or new data): where it stands
 * and what it reads; null when it is no longer in view. The cursor stays on its item, not on its old
 * place in the order.
 */
export function itemWithKey(
  key: string,
  anchors: readonly { x: number; y: number }[],
  hitTest: (x: number, y: number) => Hit | null,
): { index: number; hit: Hit } | null {
  for (const [index, anchor] of anchors.entries()) {
    const hit = hitTest(anchor.x, anchor.y);
    if (hit?.key === key) return { index, hit };
  }
  return null;
}

import { useEffect, useRef, useState } from 'react';
import type { PaneId } from '../../../state/layout-node';
import type { Hit } from './chart';
import { itemWithKey, steppedItem } from './item-cursor';
import { registerItemCursor } from './view-controls';

/** What the live region reads of the item the cursor stands on: its tooltip, and where it stands. */
const readingOf = (hit: Hit, index: number, count: number): string =>
  `${hit.title}, ${index + 1} of ${count}: ${hit.lines.join(', ')}`;

/**
 * The pane's data cursor: the arrows step through the items in view (the chart's anchors), the item
 * is highlighted with its tooltip as if hovered, and the returned text (for a polite live region)
 * reads its tooltip and where it stands. A new layout (zoom, data, size) keeps it on its item while
 * that item is in view, and starts it again otherwise; the pane losing focus starts it again.
 */
export function useItemCursor(
  paneId: PaneId,
  focused: boolean,
  anchors: readonly { x: number; y: number }[],
  hitTest: ((x: number, y: number) => Hit | null) | null,
  showHit: (hit: Hit | null) => void,
): string {
  const [reading, setReading] = useState('');
  const index = useRef<number | null>(null);
  /** The item the cursor stands on (its hit's key), found again in a new layout. */
  const itemKey = useRef<string | null>(null);
  const latest = useRef({ anchors, hitTest });
  latest.current = { anchors, hitTest };

  useEffect(
    () =>
      registerItemCursor(paneId, {
        step: (move) => {
          const { anchors, hitTest } = latest.current;
          const next = steppedItem(index.current, move, anchors.length);
          const anchor = next === null ? undefined : anchors[next];
          const hit = anchor && hitTest ? hitTest(anchor.x, anchor.y) : null;
          if (next === null || !hit) return;
          index.current = next;
          itemKey.current = hit.key;
          showHit(hit);
          setReading(readingOf(hit, next, anchors.length));
        },
        items: () => {
          const { anchors, hitTest } = latest.current;
          return hitTest ? anchors.flatMap((a) => hitTest(a.x, a.y) ?? []) : [];
        },
      }),
    [paneId, showHit],
  );
  // biome-ignore lint/correctness/useExhaustiveDependencies: new anchors are a new layout
  useEffect(() => {
    const { hitTest } = latest.current;
    const key = itemKey.current;
    const item = key !== null && hitTest ? itemWithKey(key, anchors, hitTest) : null;
    index.current = item?.index ?? null;
    if (!item) {
      itemKey.current = null;
      return;
    }
    // Its tooltip moves with it; the reading changes only if what it reads did (new data).
    showHit(item.hit);
    setReading(readingOf(item.hit, item.index, anchors.length));
  }, [anchors]);
  useEffect(() => {
    if (focused) return;
    index.current = null;
    itemKey.current = null;
    setReading('');
  }, [focused]);
  return reading;
}

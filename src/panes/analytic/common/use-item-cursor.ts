import { useEffect, useRef, useState } from 'react';
import type { PaneId } from '../../../state/layout-node';
import type { Hit } from './chart';
import { steppedItem } from './item-cursor';
import { registerItemCursor } from './view-controls';

/**
 * The pane's data cursor: the arrows step through the items in view (the chart's anchors), the item
 * is highlighted with its tooltip as if hovered, and the returned text (for a polite live region)
 * reads its tooltip and where it stands. A new layout (zoom, data, size) starts it again; so does
 * the pane losing focus.
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
          showHit(hit);
          setReading(`${hit.title}, ${next + 1} of ${anchors.length}: ${hit.lines.join(', ')}`);
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
    index.current = null;
  }, [anchors]);
  useEffect(() => {
    if (focused) return;
    index.current = null;
    setReading('');
  }, [focused]);
  return reading;
}

/**
 * A focusable grip on every splitter, so splitters resize from the keyboard. react-mosaic renders it
 * without telling which split it belongs to, so the split is found by geometry: the divider of the
 * document's layout that lies under the handle.
 */
import { useRef, useState } from 'react';
import { useWorkstation } from '../app/workstation-context';
import { MIN_PANE_PX } from '../commands/workspace-commands';
import { mergeBy } from '../state/history';
import { setLayout } from '../state/workspace-edits';
import { computeDividers, findDividerAt, minPercentForPixels } from './layout-geometry';
import type { SplitDirection } from './layout-node';
import { resizeDivider } from './layout-tree';

const STEP_PX = 10;
const BIG_STEP_PX = 50;

export function SplitHandle({ direction }: { direction: SplitDirection }) {
  const { workspace } = useWorkstation();
  const ref = useRef<HTMLDivElement>(null);
  // Position of the divider within its split, in percent: the separator's value for screen readers.
  const [position, setPosition] = useState(50);

  const locate = () => {
    const area = ref.current?.closest('[data-workspace-area]')?.getBoundingClientRect();
    const handle = ref.current?.getBoundingClientRect();
    const layout = workspace.getDocument().layout;
    if (!area || !handle || layout === null) return null;
    const boundsPx = { x: 0, y: 0, width: area.width, height: area.height };
    const centre = { x: handle.x + handle.width / 2 - area.x, y: handle.y + handle.height / 2 - area.y };
    const divider = findDividerAt(computeDividers(layout, boundsPx), centre, 16);
    return divider && divider.direction === direction ? { divider, layout, boundsPx } : null;
  };

  const onFocus = () => {
    const found = locate();
    if (found) {
      const { percentages, index } = found.divider;
      setPosition(Math.round(percentages.slice(0, index + 1).reduce((a, b) => a + b, 0)));
    }
  };

  const onKeyDown = (e: React.KeyboardEvent) => {
    const horizontalKeys = direction === 'row' && (e.key === 'ArrowLeft' || e.key === 'ArrowRight');
    const verticalKeys = direction === 'column' && (e.key === 'ArrowUp' || e.key === 'ArrowDown');
    if (!horizontalKeys && !verticalKeys) return;
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    e.preventDefault();
    e.stopPropagation();
    const found = locate();
    if (!found) return;
    const { divider, layout, boundsPx } = found;
    const sign = e.key === 'ArrowLeft' || e.key === 'ArrowUp' ? -1 : 1;
    const extent = direction === 'row' ? divider.splitRect.width : divider.splitRect.height;
    const delta = (sign * (e.shiftKey ? BIG_STEP_PX : STEP_PX) * 100) / extent;
    const min = minPercentForPixels(layout, divider.path, boundsPx, MIN_PANE_PX);
    const next = resizeDivider(layout, divider.path, divider.index, delta, min);
    // A burst of arrow presses on one splitter is one undo step.
    workspace.edit((d) => setLayout(d, next), mergeBy(`resize:${divider.path.join('.')}:${divider.index}`));
    requestAnimationFrame(onFocus);
  };

  return (
    // biome-ignore lint/a11y/useSemanticElements: an <hr> cannot take focus or keys; this is the WAI-ARIA window splitter pattern.
    <div
      ref={ref}
      role="separator"
      tabIndex={0}
      aria-orientation={direction === 'row' ? 'vertical' : 'horizontal'}
      aria-label={direction === 'row' ? 'Resize panes left and right' : 'Resize panes up and down'}
      aria-valuenow={position}
      aria-valuemin={0}
      aria-valuemax={100}
      className="split-grip"
      onFocus={onFocus}
      onKeyDown={onKeyDown}
    />
  );
}

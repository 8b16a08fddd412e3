/**
 * A focusable grip on every splitter, so splitters resize from the keyboard. react-mosaic renders it
 * without telling which split it belongs to, so the split is found by geometry: the divider of the
 * document's layout that lies under the handle.
 */
import { useRef, useState } from 'react';
import type { SplitterArgs } from '../commands/splitter-commands';
import { useWidgetKeys } from '../commands/use-key-bindings';
import { useWorkstation } from '../commands/use-workstation';
import { computeDividers, findDividerAt } from '../state/layout-geometry';
import type { SplitDirection } from '../state/layout-node';

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
    return divider && divider.direction === direction ? { divider, bounds: boundsPx } : null;
  };

  const onFocus = () => {
    const found = locate();
    if (found) {
      const { percentages, index } = found.divider;
      setPosition(Math.round(percentages.slice(0, index + 1).reduce((a, b) => a + b, 0)));
    }
  };

  // The keys are the registry's (splitter scope); the handle supplies the divider it stands on.
  const splitterKeys = useWidgetKeys<SplitterArgs>('splitter', locate);
  const onKeyDown = (e: React.KeyboardEvent) => {
    if (splitterKeys(e)) requestAnimationFrame(onFocus);
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

/**
 * The zoom and pan of each mounted cartesian analytic pane, and the data cursor of every analytic
 * pane, so the chart-scope keyboard commands (`+`, `-`, `Shift+Arrow`, `Home`; arrows for the cursor)
 * can reach the focused one.
 */
import type { ItemMove } from './item-cursor';

export interface ViewControls {
  /** Zooms around the centre of the plot; factor < 1 zooms in. */
  zoom(factor: number): void;
  /** Moves the window by fractions of its size: +x shows data further right, +y data further up. */
  pan(fx: number, fy: number): void;
  /** Shows all the data again. */
  reset(): void;
}

const controls = new Map<string, ViewControls>();

export function registerViewControls(paneId: string, control: ViewControls): () => void {
  controls.set(paneId, control);
  return () => {
    if (controls.get(paneId) === control) controls.delete(paneId);
  };
}

export function viewControlsOf(paneId: string | null): ViewControls | undefined {
  return paneId ? controls.get(paneId) : undefined;
}

const cursors = new Map<string, (move: ItemMove) => void>();

/** The pane's data cursor: a step reads the next or previous item in its live region. */
export function registerItemCursor(paneId: string, step: (move: ItemMove) => void): () => void {
  cursors.set(paneId, step);
  return () => {
    if (cursors.get(paneId) === step) cursors.delete(paneId);
  };
}

export function itemCursorOf(paneId: string | null): ((move: ItemMove) => void) | undefined {
  return paneId ? cursors.get(paneId) : undefined;
}

/**
 * The zoom and pan of each mounted cartesian analytic pane, and the data cursor of every analytic
 * pane, so the chart-scope keyboard commands (`+`, `-`, `Shift+Arrow`, `Home`; arrows for the cursor)
 * can reach the focused one.
 */
import type { Hit } from './chart';
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

/** A pane's data cursor and the items it steps through (also the rows of its data table). */
export interface ItemCursor {
  /** A step reads the next or previous item in the pane's live region. */
  step(move: ItemMove): void;
  /** Every item in view, in reading order, as its tooltip gives it. */
  items(): Hit[];
}

const cursors = new Map<string, ItemCursor>();

export function registerItemCursor(paneId: string, cursor: ItemCursor): () => void {
  cursors.set(paneId, cursor);
  return () => {
    if (cursors.get(paneId) === cursor) cursors.delete(paneId);
  };
}

export function itemCursorOf(paneId: string | null): ItemCursor | undefined {
  return paneId ? cursors.get(paneId) : undefined;
}

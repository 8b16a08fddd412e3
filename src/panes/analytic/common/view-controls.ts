/**
 * The zoom and pan of each mounted cartesian analytic pane, and the data cursor of every analytic
 * pane, so the chart-scope keyboard commands (`+`, `-`, `Shift+Arrow`, `Home`; arrows for the cursor)
 * can reach the focused one.
 */
import { createPaneHandles } from '../../../workspace/pane-handles';
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

const controls = createPaneHandles<ViewControls>();

export const registerViewControls = controls.register;
export const viewControlsOf = controls.of;

/** A pane's data cursor and the items it steps through (also the rows of its data table). */
export interface ItemCursor {
  /** A step reads the next or previous item in the pane's live region. */
  step(move: ItemMove): void;
  /** Every item in view, in reading order, as its tooltip gives it. */
  items(): Hit[];
}

const cursors = createPaneHandles<ItemCursor>();

export const registerItemCursor = cursors.register;
export const itemCursorOf = cursors.of;

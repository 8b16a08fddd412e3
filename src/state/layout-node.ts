/**
 * The layout tree: react-mosaic's n-ary split tree restricted to what the workstation uses
 * (no tab groups). A leaf is a pane id. Structurally assignable to `MosaicNode<string>`.
 */
export type PaneId = string;
export type SplitDirection = 'row' | 'column';

export interface LayoutSplit {
  type: 'split';
  direction: SplitDirection;
  children: LayoutNode[];
  /** Percentages of each child, summing to 100. Missing means equal sizes. */
  splitPercentages?: number[];
}

export type LayoutNode = PaneId | LayoutSplit;

/** Path of child indices from the root; `[]` is the root. */
export type LayoutPath = number[];

export type Direction = 'left' | 'right' | 'up' | 'down';

/** A rectangle in units of the workspace (0..1 on both axes) or in pixels. */
export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

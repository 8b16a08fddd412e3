/**
 * When a chart's view has gone toward its first bar far enough that the page of history before it is
 * wanted. Pure, so it is unit-tested; `useEarlierHistory` feeds it the chart's views.
 */

/**
 * Earlier history is asked for once the view's left edge comes within this many screens of the first
 * bar: the page is on its way before the user reaches the edge. Half a screen was a quarter of a
 * second of a steady drag back (two screens a second), and a page takes longer: the chart waited at
 * its first bar for two frames in three (bench clickhouse-scroll).
 */
export const AHEAD_SCREENS = 2;

/**
 * A view by the times at its edges (UTC seconds; the right edge at the latest bar when the view
 * reaches it), the time of the first bar held, and the plot's width in pixels. Times, not bar
 * positions: finer bars swapped in for the view, or a page of history, renumber the positions, and
 * the bars merged before the view say little of how far its first bar is.
 */
export interface EdgeView {
  from: number;
  to: number;
  first: number;
  widthPx: number;
}

/** A move this small (of the view's width) is rounding, not the user's. */
const STILL = 1e-3;

/**
 * Only a move of the user's toward the first bar counts: a scroll back or a zoom out from where the
 * view stood once the bars settled, or a view showing space before the first bar (a pane opens on
 * bars, not on space before them; where the chart lets it go no further a push moves it no more).
 * Live bars move the view right, never left. A resize is not a move (of the pane, or of the plot when
 * the price axis narrows): wider at the same spacing, the chart shows more of the left, space before
 * the first bar included, and nobody asked for it.
 */
export class EarlierEdge {
  /** Where the view's left edge stood when it settled (or was last resized); null until then. */
  private openedFrom: number | null = null;
  /** The plot's width when the bars were shown, then when the view settled or was resized. */
  private openedWidth: number;
  /** A left edge left of this shows space the user pushed into (null: the first bar's time). */
  private spaceFrom: number | null = null;
  /**
   * The furthest left the view went since the last judgement: a drag into the space before the first
   * bar is drawn back to it when the chart's finer bars come in, before the view has held.
   */
  private leftmost = Number.POSITIVE_INFINITY;

  constructor(shownWidthPx: number) {
    this.openedWidth = shownWidthPx;
  }

  get watching(): boolean {
    return this.openedFrom !== null;
  }

  /** The view's left edge moved to `from` (judged later, once it held or while it keeps moving). */
  moved(from: number): void {
    if (this.openedFrom !== null) this.leftmost = Math.min(this.leftmost, from);
  }

  /** Whether the page before the first bar is wanted for `view`. */
  wants(view: EdgeView): boolean {
    const width = view.to - view.from;
    if (!(width > 0)) return false;
    const still = width * STILL;
    const resized = view.widthPx !== this.openedWidth;
    if (this.openedFrom === null || resized) {
      this.openedFrom = view.from;
      this.openedWidth = view.widthPx;
      this.leftmost = Number.POSITIVE_INFINITY;
      if (resized) {
        // What the resize showed stands as the view opened: only a move left of it counts.
        this.spaceFrom = Math.min(view.first, view.from) - still;
        return false;
      }
    }
    const from = Math.min(view.from, this.leftmost);
    this.leftmost = Number.POSITIVE_INFINITY;
    const spaceFrom = this.spaceFrom ?? view.first - still;
    if (from > this.openedFrom - still && from > spaceFrom) return false;
    return (from - view.first) / width <= AHEAD_SCREENS;
  }
}

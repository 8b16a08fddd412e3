/**
 * When a chart's view has gone toward its first bar far enough that the page of history before it is
 * wanted. Pure, so it is unit-tested; `useEarlierHistory` feeds it the chart's views.
 */

/**
 * Earlier history is asked for once the view's left edge comes within this share of a screen of the
 * first bar: the page is on its way before the user reaches the edge.
 */
export const AHEAD_SCREENS = 0.5;

/** A view in logical bar indices (0 is the first bar) and the plot's width in pixels. */
export interface EdgeView {
  from: number;
  to: number;
  widthPx: number;
}

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
  /** A left edge left of this shows space before the first bar the user pushed into. */
  private spaceFrom = -0.5;
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

  /** The view moved (judged later, once it held or while it keeps moving). */
  moved(from: number): void {
    if (this.openedFrom !== null) this.leftmost = Math.min(this.leftmost, from);
  }

  /** Whether the page before the first bar is wanted for `view`. */
  wants(view: EdgeView): boolean {
    const resized = view.widthPx !== this.openedWidth;
    if (this.openedFrom === null || resized) {
      this.openedFrom = view.from;
      this.openedWidth = view.widthPx;
      this.leftmost = Number.POSITIVE_INFINITY;
      if (resized) {
        // What the resize showed stands as the view opened: only a move left of it counts.
        this.spaceFrom = Math.min(-0.5, view.from - 0.5);
        return false;
      }
    }
    const from = Math.min(view.from, this.leftmost);
    this.leftmost = Number.POSITIVE_INFINITY;
    const openedFrom = this.openedFrom as number;
    if (from > openedFrom - 0.5 && from > this.spaceFrom) return false;
    const screen = Math.max(1, view.to - view.from);
    return from <= screen * AHEAD_SCREENS;
  }
}

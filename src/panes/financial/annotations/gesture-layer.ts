/**
 * The drawings' copy during a zoom or a scroll, shown over the chart's pane as a layer of its own and
 * moved and stretched by a CSS transform: the compositor places it, and the frame's main thread draws
 * none of it. Drawn into the chart's canvas instead, the stretched copy cost about 2 ms a zoom frame
 * in software rendering (bench drawings-1m), a filtered (shrunk) one more.
 *
 * The layer lies between lightweight-charts' two canvases of the pane: over the series, under the
 * crosshair, as the drawings painted into the chart do. It only ever shows a gesture's copy: at rest
 * the drawings are painted into the chart (after the gesture settles), so that a screenshot of the
 * chart's canvases has them.
 */
import { enlarges, type PlacementTransform } from './placement-transform';

/** The element lightweight-charts draws a pane's canvases in, from the pane's row (IPaneApi). */
function canvasHost(paneRow: HTMLElement | null): HTMLElement | null {
  // The row holds the left axis cell, the pane cell and the right axis cell; the pane cell one
  // wrapper of the pane's canvases (the main one, then the top one, of the crosshair).
  const host = paneRow?.children[1]?.firstElementChild;
  return host instanceof HTMLElement && host.querySelectorAll(':scope > canvas').length >= 2 ? host : null;
}

export class GestureLayer {
  private shown: HTMLCanvasElement | null = null;

  /** `paneRow`: the pane's element, or null while the chart has none. */
  constructor(private readonly paneRow: () => HTMLElement | null) {}

  /**
   * Shows `copy` (a bitmap of `hr` by `vr` pixels per CSS pixel, its origin the placement's) where
   * `transform` puts it on the pane; false when the pane is not laid out as expected (the caller then
   * draws the copy itself).
   */
  show(copy: HTMLCanvasElement, transform: PlacementTransform, hr: number, vr: number): boolean {
    const host = canvasHost(this.paneRow());
    const chartCanvas = host?.querySelector(':scope > canvas');
    if (!host || !chartCanvas) return false;
    if (this.shown !== copy) this.hide();
    const { style } = copy;
    if (copy.parentElement !== host) {
      copy.dataset.drawingsLayer = '';
      style.position = 'absolute';
      style.left = '0';
      style.top = '0';
      // Over the chart's canvas (its z-index, later in the DOM), under the crosshair's.
      style.zIndex = '1';
      style.pointerEvents = 'none';
      style.transformOrigin = '0 0';
      style.willChange = 'transform';
      chartCanvas.after(copy);
    }
    style.width = `${copy.width / hr}px`;
    style.height = `${copy.height / vr}px`;
    const { scale, offset } = transform;
    style.transform = `translate(${offset.x}px, ${offset.y}px) scale(${scale.x}, ${scale.y})`;
    // Enlarged, at the nearest pixel: a 1 px line stays one crisp row (1.15x at most), not two faint
    // ones. Shrunk, filtered: nearest sampling could drop a line with its row.
    style.imageRendering = enlarges(transform) ? 'pixelated' : 'auto';
    this.shown = copy;
    return true;
  }

  /** Takes the copy off the pane (the frame then draws the drawings into the chart). */
  hide(): void {
    this.shown?.remove();
    this.shown = null;
  }
}

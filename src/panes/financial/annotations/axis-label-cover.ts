/**
 * Whether the crosshair's axis label covers a drawing's. lightweight-charts paints the crosshair's
 * labels over the drawings' in the same colour (the theme's accent, which is also the drawings'
 * default), so where they overlap the drawing's label peeks out as stray glyphs beside the
 * crosshair's ("A Aug 23, 2019"). A covered label is left out: the crosshair's says where the
 * pointer is, and the drawing's is back once the pointer moves on.
 */

/** Average glyph width of the chart's font (Inter) per font size, on the generous side. */
const GLYPH_EM = 0.6;
/** lightweight-charts' time label: its text plus this much on either side (measured at 11 px). */
const TIME_LABEL_PADDING = 12;
/** Its price label: the line height plus this much above and below. */
const PRICE_LABEL_PADDING = 3;

/**
 * A time label of `text` at `x` and the crosshair's at `crosshairX` overlap. The crosshair's text
 * is the same kind of time, so as wide: their centres are closer than one label's width.
 */
export function coversTimeLabel(crosshairX: number, x: number, text: string, fontSize: number): boolean {
  const width = text.length * fontSize * GLYPH_EM + 2 * TIME_LABEL_PADDING;
  return Math.abs(crosshairX - x) < width;
}

/** A price label at `y` and the crosshair's at `crosshairY` overlap: closer than one label's height. */
export function coversPriceLabel(crosshairY: number, y: number, fontSize: number): boolean {
  const height = Math.ceil(fontSize * 1.2) + 2 * PRICE_LABEL_PADDING;
  return Math.abs(crosshairY - y) < height;
}

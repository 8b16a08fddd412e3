/**
 * Draws drawings' shapes (practice 5: views compute, renderers draw) in as few canvas calls as the
 * styles allow. In software rendering a stroked path costs far more than a filled rectangle: so level
 * lines, box edges and the measurer's cross are filled rectangles (or copies of a dashed strip), and
 * only slanted lines are stroked, grouped by style so the canvas state changes once per style. Fills
 * and labels are grouped by colour. The slanted lines are stroked one by one: one path per style
 * measured four times slower in software rendering (a path of many segments is filled by
 * supersampling, a single segment's outline analytically), and their rasterisation is most of what
 * drawings cost (bench `drawings-1m`).
 */

import type { LineStyle } from '../../../state/workspace-document';
import { contrastRatio, isHexColor } from '../../../themes/contrast';
import { NOTE_LINE_HEIGHT, type Px, type Shape } from './drawing-shapes';

export const DASHES: Readonly<Record<LineStyle, readonly number[]>> = {
  solid: [],
  dashed: [6, 4],
  dotted: [2, 3],
};

/** Fill of a rectangle's or range's box: a tint of the drawing's colour (red for a falling range). */
const FILL_ALPHA = 0.15;
export const DOWN_COLOR = '#f23645';

export interface ShapeItem {
  shapes: readonly Shape[];
  color: string;
  lineStyle: LineStyle;
  /** Line width in bitmap pixels. */
  width: number;
}

interface Scale {
  hr: number;
  vr: number;
}

const strips = new Map<string, HTMLCanvasElement>();
/** Styles times chart sizes in use at once stay far below this; past it the cache starts over. */
const MAX_STRIPS = 64;

/** A dashed line `length` px long along x or y, `width` px thick, drawn once and kept for copying. */
export function dashStrip(
  color: string,
  width: number,
  dash: readonly number[],
  ratio: number,
  length: number,
  along: 'x' | 'y',
): HTMLCanvasElement | null {
  const key = `${color}|${width}|${dash.join(',')}|${ratio}|${length}|${along}`;
  const cached = strips.get(key);
  if (cached) return cached;
  const strip = document.createElement('canvas');
  strip.width = along === 'x' ? Math.max(1, length) : width;
  strip.height = along === 'x' ? width : Math.max(1, length);
  const ctx = strip.getContext('2d');
  if (!ctx) return null;
  const on = Math.max(1, Math.round((dash[0] ?? 1) * ratio));
  const period = on + Math.max(1, Math.round((dash[1] ?? 1) * ratio));
  ctx.fillStyle = color;
  for (let at = 0; at < length; at += period) {
    if (along === 'x') ctx.fillRect(at, 0, on, width);
    else ctx.fillRect(0, at, width, on);
  }
  if (strips.size >= MAX_STRIPS) strips.clear();
  strips.set(key, strip);
  return strip;
}

/**
 * A horizontal or vertical line from (x0, y0) along one axis, `length` bitmap px: a rectangle, or a
 * part of a dashed strip as wide as the pane.
 */
function axisLine(
  ctx: CanvasRenderingContext2D,
  item: ShapeItem,
  along: 'x' | 'y',
  x0: number,
  y0: number,
  length: number,
  full: number,
  ratio: number,
) {
  const half = item.width >> 1;
  const dash = DASHES[item.lineStyle];
  if (dash.length > 0) {
    const strip = dashStrip(item.color, item.width, dash, ratio, full, along);
    if (strip) {
      if (along === 'x') ctx.drawImage(strip, 0, 0, length, item.width, x0, y0 - half, length, item.width);
      else ctx.drawImage(strip, 0, 0, item.width, length, x0 - half, y0, item.width, length);
      return;
    }
  }
  ctx.fillStyle = item.color;
  if (along === 'x') ctx.fillRect(x0, y0 - half, length, item.width);
  else ctx.fillRect(x0 - half, y0, item.width, length);
}

const textColors = new Map<string, string>();

/** Black or white, whichever contrasts more with a `#rrggbb` colour (white on anything else). */
export function textOn(color: string): string {
  let text = textColors.get(color);
  if (text === undefined) {
    text = !isHexColor(color)
      ? '#ffffff'
      : contrastRatio(color, '#ffffff') >= contrastRatio(color, '#000000')
        ? '#ffffff'
        : '#000000';
    // A note's colour is picked from a palette or typed: a handful in use, the map stays small.
    if (textColors.size >= 256) textColors.clear();
    textColors.set(color, text);
  }
  return text;
}

/**
 * Sets the canvas to outline text in `halo` (the chart's background), 2 px each side of the
 * glyphs: a label stays readable where it crosses candles, grid lines and other drawings.
 */
export function outlineText(ctx: CanvasRenderingContext2D, halo: string, vr: number): void {
  ctx.strokeStyle = halo;
  ctx.lineWidth = Math.max(2, Math.round(4 * vr));
  ctx.lineJoin = 'round';
}

/**
 * Draws every item's shapes onto a bitmap of `size`: fills, then lines, then labels (outlined in
 * `halo` when given).
 */
export function drawShapeItems(
  ctx: CanvasRenderingContext2D,
  items: readonly ShapeItem[],
  { hr, vr }: Scale,
  size: { width: number; height: number },
  halo: string | null = null,
): void {
  const slanted = new Map<string, { item: ShapeItem; coords: number[] }>();
  const fills = new Map<string, number[]>();
  const bands = new Map<string, (readonly Px[])[]>();
  const labels = new Map<string, Extract<Shape, { type: 'label' }>[]>();
  const notes: { color: string; note: Extract<Shape, { type: 'note' }> }[] = [];

  ctx.save();
  for (const item of items) {
    // The item's key among the stroke styles, made once per item rather than once per line.
    let strokeKey: string | null = null;
    for (const shape of item.shapes) {
      switch (shape.type) {
        case 'label': {
          const list = labels.get(item.color);
          if (list) list.push(shape);
          else labels.set(item.color, [shape]);
          break;
        }
        case 'note':
          notes.push({ color: item.color, note: shape });
          break;
        case 'band': {
          const list = bands.get(item.color);
          if (list) list.push(shape.corners);
          else bands.set(item.color, [shape.corners]);
          break;
        }
        case 'box': {
          const x = Math.round(Math.min(shape.from.x, shape.to.x) * hr);
          const y = Math.round(Math.min(shape.from.y, shape.to.y) * vr);
          const w = Math.round(Math.abs(shape.to.x - shape.from.x) * hr);
          const h = Math.round(Math.abs(shape.to.y - shape.from.y) * vr);
          const color = shape.fill === 'down' ? DOWN_COLOR : item.color;
          if (shape.fill !== 'none') {
            const list = fills.get(color);
            if (list) list.push(x, y, w, h);
            else fills.set(color, [x, y, w, h]);
          }
          const edge = color === item.color ? item : { ...item, color };
          axisLine(ctx, edge, 'x', x, y, w, size.width, hr);
          axisLine(ctx, edge, 'x', x, y + h, w, size.width, hr);
          axisLine(ctx, edge, 'y', x, y, h, size.height, vr);
          axisLine(ctx, edge, 'y', x + w, y, h, size.height, vr);
          break;
        }
        case 'segment': {
          const x0 = Math.round(shape.from.x * hr);
          const y0 = Math.round(shape.from.y * vr);
          const x1 = Math.round(shape.to.x * hr);
          const y1 = Math.round(shape.to.y * vr);
          if (y0 === y1) axisLine(ctx, item, 'x', Math.min(x0, x1), y0, Math.abs(x1 - x0), size.width, hr);
          else if (x0 === x1)
            axisLine(ctx, item, 'y', x0, Math.min(y0, y1), Math.abs(y1 - y0), size.height, vr);
          else {
            strokeKey ??= `${item.color}|${item.width}|${item.lineStyle}`;
            let batch = slanted.get(strokeKey);
            if (!batch) {
              batch = { item, coords: [] };
              slanted.set(strokeKey, batch);
            }
            batch.coords.push(shape.from.x * hr, shape.from.y * vr, shape.to.x * hr, shape.to.y * vr);
          }
          break;
        }
      }
    }
  }

  ctx.globalAlpha = FILL_ALPHA;
  for (const [color, rects] of fills) {
    ctx.fillStyle = color;
    for (let i = 0; i < rects.length; i += 4) {
      ctx.fillRect(
        rects[i] as number,
        rects[i + 1] as number,
        rects[i + 2] as number,
        rects[i + 3] as number,
      );
    }
  }
  for (const [color, polygons] of bands) {
    ctx.fillStyle = color;
    ctx.beginPath();
    for (const corners of polygons) {
      corners.forEach((p, i) => {
        if (i === 0) ctx.moveTo(p.x * hr, p.y * vr);
        else ctx.lineTo(p.x * hr, p.y * vr);
      });
      ctx.closePath();
    }
    ctx.fill();
  }
  ctx.globalAlpha = 1;

  for (const { item, coords } of slanted.values()) {
    ctx.lineWidth = item.width;
    ctx.strokeStyle = item.color;
    ctx.setLineDash(DASHES[item.lineStyle].map((d) => d * hr));
    for (let i = 0; i < coords.length; i += 4) {
      ctx.beginPath();
      ctx.moveTo(coords[i] as number, coords[i + 1] as number);
      ctx.lineTo(coords[i + 2] as number, coords[i + 3] as number);
      ctx.stroke();
    }
  }
  ctx.setLineDash([]);

  ctx.font = `${Math.round(11 * vr)}px 'Inter Variable', system-ui, sans-serif`;
  // Each assignment of textAlign is parsed again: it is set only where it changes.
  let align: CanvasTextAlign = 'start';
  ctx.textAlign = align;
  if (halo) outlineText(ctx, halo, vr);
  for (const [color, list] of labels) {
    ctx.fillStyle = color;
    for (const label of list) {
      if (label.align !== align) {
        align = label.align;
        ctx.textAlign = align;
      }
      const x = label.at.x * hr;
      const y = label.at.y * vr;
      if (halo) ctx.strokeText(label.text, x, y);
      ctx.fillText(label.text, x, y);
    }
  }
  ctx.textAlign = 'left';
  ctx.textBaseline = 'middle';
  for (const { color, note } of notes) {
    const x = Math.round(note.from.x * hr);
    const y = Math.round(note.from.y * vr);
    ctx.fillStyle = color;
    ctx.fillRect(
      x,
      y,
      Math.round((note.to.x - note.from.x) * hr),
      Math.round((note.to.y - note.from.y) * vr),
    );
    ctx.fillStyle = textOn(color);
    // Lines from the top of the card down, each in the middle of its line's height.
    const lines = note.text.split('\n');
    const top = (note.from.y + note.to.y) / 2 - ((lines.length - 1) * NOTE_LINE_HEIGHT) / 2;
    lines.forEach((line, i) => {
      ctx.fillText(line, x + 6 * hr, Math.round((top + i * NOTE_LINE_HEIGHT) * vr));
    });
  }
  ctx.restore();
}

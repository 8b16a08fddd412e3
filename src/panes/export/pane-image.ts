/**
 * Pictures of panes for `Export pane as PNG` and `Export workspace as PNG`: what the pane's canvases
 * show (a financial chart's own screenshot, without the crosshair; an analytic pane's canvas), laid
 * out as on screen under a caption band. DOM parts (toolbars, the legend) are not in the picture;
 * the caption says what it shows instead.
 */
import { chartOf } from '../financial/chart-registry';

export interface ImageColors {
  background: string;
  text: string;
  muted: string;
}

const CAPTION_HEIGHT = 28;
const TITLE_HEIGHT = 20;
const FONT = "'Inter Variable', system-ui, sans-serif";

interface Placed {
  image: CanvasImageSource;
  /** Where it lies in CSS pixels, relative to the page. */
  rect: DOMRect;
}

function paneElement(paneId: string): HTMLElement | null {
  return document.querySelector<HTMLElement>(`[data-pane-id="${CSS.escape(paneId)}"]`);
}

/** The pane's pictures where they lie: its chart's screenshot, or each canvas it holds. */
function placedImages(paneId: string, pane: HTMLElement): Placed[] {
  const chart = chartOf(paneId);
  const holder = pane.querySelector<HTMLElement>('.chart-canvas');
  if (chart && holder) return [{ image: chart.screenshot(), rect: holder.getBoundingClientRect() }];
  return [...pane.querySelectorAll('canvas')]
    .map((canvas) => ({ image: canvas, rect: canvas.getBoundingClientRect() }))
    .filter(({ rect }) => rect.width > 0 && rect.height > 0);
}

function union(rects: readonly DOMRect[]): DOMRect | null {
  if (rects.length === 0) return null;
  const left = Math.min(...rects.map((r) => r.left));
  const top = Math.min(...rects.map((r) => r.top));
  const right = Math.max(...rects.map((r) => r.right));
  const bottom = Math.max(...rects.map((r) => r.bottom));
  return new DOMRect(left, top, right - left, bottom - top);
}

function newCanvas(width: number, height: number, scale: number) {
  const canvas = document.createElement('canvas');
  canvas.width = Math.round(width * scale);
  canvas.height = Math.round(height * scale);
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('This browser cannot draw an image to export');
  ctx.scale(scale, scale);
  return { canvas, ctx };
}

function drawCaption(ctx: CanvasRenderingContext2D, caption: string, width: number, colors: ImageColors) {
  ctx.fillStyle = colors.background;
  ctx.fillRect(0, 0, width, CAPTION_HEIGHT);
  ctx.fillStyle = colors.text;
  ctx.font = `600 13px ${FONT}`;
  ctx.textBaseline = 'middle';
  ctx.fillText(caption, 8, CAPTION_HEIGHT / 2, width - 16);
}

function drawPlaced(
  ctx: CanvasRenderingContext2D,
  placed: readonly Placed[],
  origin: { x: number; y: number },
) {
  for (const { image, rect } of placed) {
    ctx.drawImage(image, rect.left - origin.x, rect.top - origin.y, rect.width, rect.height);
  }
}

/** One pane as a picture: its caption above what its canvases show; null when it shows none. */
export function paneImage(paneId: string, caption: string, colors: ImageColors): HTMLCanvasElement | null {
  const pane = paneElement(paneId);
  if (!pane) return null;
  const placed = placedImages(paneId, pane);
  const body = union(placed.map((p) => p.rect));
  if (!body) return null;
  const { canvas, ctx } = newCanvas(body.width, body.height + CAPTION_HEIGHT, window.devicePixelRatio || 1);
  ctx.fillStyle = colors.background;
  ctx.fillRect(0, 0, body.width, body.height + CAPTION_HEIGHT);
  drawCaption(ctx, caption, body.width, colors);
  drawPlaced(ctx, placed, { x: body.left, y: body.top - CAPTION_HEIGHT });
  return canvas;
}

/** The workspace as a picture: every pane where it is, each under its title, below one caption. */
export function workspaceImage(
  panes: readonly { id: string; title: string }[],
  caption: string,
  colors: ImageColors,
): HTMLCanvasElement | null {
  const workspace = document.querySelector<HTMLElement>('main[aria-label="Workspace"]');
  if (!workspace) return null;
  const area = workspace.getBoundingClientRect();
  const { canvas, ctx } = newCanvas(area.width, area.height + CAPTION_HEIGHT, window.devicePixelRatio || 1);
  ctx.fillStyle = colors.background;
  ctx.fillRect(0, 0, area.width, area.height + CAPTION_HEIGHT);
  drawCaption(ctx, caption, area.width, colors);
  const origin = { x: area.left, y: area.top - CAPTION_HEIGHT };
  for (const { id, title } of panes) {
    const pane = paneElement(id);
    if (!pane) continue;
    const rect = pane.getBoundingClientRect();
    ctx.strokeStyle = colors.muted;
    ctx.strokeRect(rect.left - origin.x + 0.5, rect.top - origin.y + 0.5, rect.width - 1, rect.height - 1);
    ctx.fillStyle = colors.text;
    ctx.font = `12px ${FONT}`;
    ctx.textBaseline = 'middle';
    ctx.fillText(title, rect.left - origin.x + 8, rect.top - origin.y + TITLE_HEIGHT / 2, rect.width - 16);
    drawPlaced(ctx, placedImages(id, pane), origin);
  }
  return canvas;
}

import type { SessionStore, SystemColors } from '../session/session-store';

/** `rgb(r, g, b)` (what computed styles give) as `#rrggbb`. */
function toHex(rgb: string): string {
  const [r = 0, g = 0, b = 0] = (rgb.match(/\d+(\.\d+)?/g) ?? []).map(Number);
  return `#${[r, g, b].map((v) => Math.round(v).toString(16).padStart(2, '0')).join('')}`;
}

/** The CSS system colours as the browser resolves them now (a probe element reads each one). */
function readSystemColors(): SystemColors {
  const probe = document.createElement('span');
  probe.hidden = true;
  document.body.append(probe);
  const read = (keyword: string) => {
    probe.style.color = keyword;
    return toHex(getComputedStyle(probe).color);
  };
  const colors: SystemColors = {
    canvas: read('Canvas'),
    canvasText: read('CanvasText'),
    grayText: read('GrayText'),
    highlight: read('Highlight'),
    highlightText: read('HighlightText'),
    linkText: read('LinkText'),
    buttonBorder: read('ButtonBorder'),
  };
  probe.remove();
  return colors;
}

/**
 * Keeps `forcedColors` in the session in step with the browser: the system colours while colours are
 * forced (Windows high contrast, or emulated), null otherwise; charts redraw in them.
 */
export function followForcedColors(session: SessionStore): () => void {
  const query = window.matchMedia('(forced-colors: active)');
  const update = () => session.setState({ forcedColors: query.matches ? readSystemColors() : null });
  update();
  query.addEventListener('change', update);
  return () => query.removeEventListener('change', update);
}

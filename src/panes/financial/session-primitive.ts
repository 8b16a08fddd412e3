/**
 * The symbol's trading sessions on an intraday chart, as a lightweight-charts series primitive drawn
 * under the bars: out-of-session time shaded, and a dashed break at each session open. The view places
 * the marks (session-marks.ts) in pixels each update; the renderer only fills.
 */
import type {
  IPrimitivePaneRenderer,
  IPrimitivePaneView,
  ISeriesPrimitive,
  SeriesAttachedParameter,
  Time,
} from 'lightweight-charts';
import type { TradingSession } from '../../../core/sessions/trading-session';
import type { Theme } from '../../themes/theme';
import { type OutOfSession, SessionSpans, sessionMarks } from './session-marks';
import { timeToX } from './time-to-x';

/** Sessions in view at most before marks are dropped: at least this many pixels a session. */
const MIN_PX_PER_SESSION = 6;

export interface SessionDisplay {
  session: TradingSession | null;
  outOfSession: OutOfSession;
  breaks: boolean;
}

interface Placed {
  shades: { x1: number; x2: number }[];
  breaks: number[];
}

interface BitmapScope {
  context: CanvasRenderingContext2D;
  horizontalPixelRatio: number;
  bitmapSize: { width: number; height: number };
}

class SessionRenderer implements IPrimitivePaneRenderer {
  constructor(
    private readonly placed: () => Placed,
    private readonly colours: () => { shade: string; line: string },
  ) {}

  draw(target: { useBitmapCoordinateSpace(draw: (scope: BitmapScope) => void): void }): void {
    const { shades, breaks } = this.placed();
    if (shades.length === 0 && breaks.length === 0) return;
    const { shade, line } = this.colours();
    // biome-ignore lint/correctness/useHookAtTopLevel: fancy-canvas's drawing scope, not a React hook.
    target.useBitmapCoordinateSpace(({ context: ctx, horizontalPixelRatio: hr, bitmapSize }) => {
      ctx.fillStyle = shade;
      for (const { x1, x2 } of shades) {
        const left = Math.round(x1 * hr);
        ctx.fillRect(left, 0, Math.max(1, Math.round(x2 * hr) - left), bitmapSize.height);
      }
      ctx.fillStyle = line;
      const width = Math.max(1, Math.round(hr));
      const dash = Math.round(4 * hr);
      for (const x of breaks) {
        const left = Math.round(x * hr) - (width >> 1);
        for (let y = 0; y < bitmapSize.height; y += 2 * dash) ctx.fillRect(left, y, width, dash);
      }
    });
  }
}

export class SessionPrimitive implements ISeriesPrimitive<Time> {
  private params: SeriesAttachedParameter<Time> | null = null;
  private display: SessionDisplay = { session: null, outOfSession: 'show', breaks: false };
  private spans: SessionSpans | null = null;
  private placed: Placed = { shades: [], breaks: [] };
  private colours = { shade: '#00000010', line: '#00000040' };
  private readonly view: IPrimitivePaneView;

  constructor(
    private readonly source: { times(): ArrayLike<number>; intraday(): boolean },
    theme: Theme,
  ) {
    const renderer = new SessionRenderer(
      () => this.placed,
      () => this.colours,
    );
    this.view = { renderer: () => renderer, zOrder: () => 'bottom' };
    this.applyTheme(theme);
  }

  applyTheme(theme: Theme): void {
    // Hex with alpha: a tint of the muted text colour, light enough to read bars through.
    const muted = theme.colors.textMuted;
    this.colours = { shade: `${muted}${theme.dark ? '26' : '1a'}`, line: `${muted}99` };
    this.params?.requestUpdate();
  }

  set(display: SessionDisplay): void {
    if (display.session !== this.display.session) {
      this.spans = display.session ? new SessionSpans(display.session) : null;
    }
    this.display = display;
    this.updateAllViews();
    this.params?.requestUpdate();
  }

  attached(params: SeriesAttachedParameter<Time>): void {
    this.params = params;
  }

  detached(): void {
    this.params = null;
  }

  updateAllViews(): void {
    this.placed = { shades: [], breaks: [] };
    const params = this.params;
    const { session, outOfSession, breaks } = this.display;
    if (!params || !session || !this.spans || !this.source.intraday()) return;
    const shade = outOfSession === 'shade';
    if (!shade && !breaks) return;
    const timeScale = params.chart.timeScale();
    const range = timeScale.getVisibleRange();
    if (!range) return;
    const from = range.from as number;
    const to = range.to as number;
    const width = timeScale.width();
    const marks = sessionMarks(this.spans.between(from, to), from, to, width / MIN_PX_PER_SESSION);
    const times = this.source.times();
    // A session starts at the left edge of its first bar, not at the bar's middle.
    const half = timeScale.options().barSpacing / 2;
    const x = (t: number) => {
      const at = timeToX(timeScale, times, t);
      return at === null ? null : at - half;
    };
    if (shade) {
      for (const { from: a, to: b } of marks.closed) {
        const x1 = a <= from ? 0 : x(a);
        const x2 = b >= to ? width : x(b);
        if (x1 !== null && x2 !== null && x2 > x1) this.placed.shades.push({ x1, x2 });
      }
    }
    if (breaks) {
      for (const open of marks.opens) {
        const at = x(open);
        if (at !== null) this.placed.breaks.push(at);
      }
    }
  }

  paneViews(): readonly IPrimitivePaneView[] {
    return [this.view];
  }
}

import type { AlertCondition } from '../../core/alerts/alert-types';
import type { AnnotationKind, DrawingPoint, FibLevel } from './drawing-kinds';
import type { LayoutNode, PaneId } from './layout-node';

/** Version of the saved document's schema. Bump it and add a migration for every shape change. */
export const DOCUMENT_VERSION = 1;

/** The 12 theme ids (docs/reference-constants.md); their colours are in src/themes/themes.ts. */
export const THEME_IDS = [
  'default',
  'default-dark',
  'sheets',
  'sheets-dark',
  'polychroma',
  'polychroma-dark',
  'vivid',
  'vivid-dark',
  'material',
  'material-dark',
  'financial',
  'financial-dark',
] as const;
export type ThemeId = (typeof THEME_IDS)[number];

export const DEFAULT_THEME_ID: ThemeId = 'default';

/** Link groups are colours, as in thinkorswim and Bloomberg: panes of one colour share their symbol. */
export const LINK_GROUPS = ['red', 'green', 'blue', 'yellow', 'purple', 'orange'] as const;
export type LinkGroup = (typeof LINK_GROUPS)[number];

export interface PaneState {
  id: PaneId;
  /** A registered pane kind id, e.g. `watchlist`, `candlestick`, `donut`. */
  kind: string;
  symbol: string;
  linkGroup: LinkGroup | null;
  /** Kind-specific settings (chart options, sort order...). Plain JSON. */
  settings: Readonly<Record<string, unknown>>;
}

export type { AnnotationKind, DrawingPoint, FibLevel } from './drawing-kinds';

/** A pane's setup saved under a name (type, interval, studies, styles), to apply to any pane of its family. */
export interface PaneTemplate {
  name: string;
  kind: string;
  settings: Readonly<Record<string, unknown>>;
}
export type LineStyle = 'solid' | 'dashed' | 'dotted';

/**
 * A price alert of a symbol: on a drawing (it follows the drawing's line or band as it is moved), or
 * on a price level. It fires once; firing and expiry are not edits (src/state/price-alerts.ts).
 */
export interface PriceAlert {
  id: string;
  symbol: string;
  /** The drawing it follows; absent: the alert is on `price`. */
  annotationId?: string;
  /** The level of an alert on no drawing. */
  price?: number;
  condition: AlertCondition;
  /** Shown when it fires (the notice, the browser notification); may be empty. */
  message: string;
  /** Wall-clock ms after which it no longer fires; absent: never. */
  expiresAt?: number;
  /** Wall-clock ms it was armed (created, or edited back to active): one arming from the next. */
  armedAt: number;
  /** When it fired (wall-clock ms) and the price of the tick that fired it; absent until then. */
  fired?: { readonly at: number; readonly price: number };
  /**
   * The bars of the chart it was set on: its interval (absent: the data's own) and whether it left
   * out-of-session bars out. A sloped line is evaluated along these bars, where that chart draws it.
   * Absent: the data's own bars, all of them.
   */
  bars?: { readonly interval?: string; readonly sessionOnly?: true };
}

export interface Annotation {
  id: string;
  paneId: PaneId;
  kind: AnnotationKind;
  /** UTC seconds; absent for a horizontal line. */
  time?: number;
  /** Absent for a vertical line. */
  price?: number;
  /** The anchors of a two-point drawing (trend line, rectangle...), which has no `time` or `price`. */
  points?: readonly DrawingPoint[];
  /**
   * The symbol it was drawn on. A drawing belongs to its symbol: every chart of that symbol shows it,
   * and it stays when its pane closes. Absent in documents saved before drawings had a symbol: such an
   * annotation belongs to its pane, as `paneOnly` ones do.
   */
  symbol?: string;
  /** Shown on its pane (`paneId`) only, not on the symbol's other charts; it goes when the pane closes. */
  paneOnly?: boolean;
  /** A Fibonacci retracement's levels once edited (absent: the defaults, all shown). */
  fibLevels?: readonly FibLevel[];
  /** Its lines reach the chart's left or right edge past the anchors (kinds marked `extendable`). */
  extendLeft?: boolean;
  extendRight?: boolean;
  /** Filled with a tint of its colour (kinds marked `fillable`; absent: as the kind starts). */
  fill?: boolean;
  label: string;
  color: string;
  lineStyle: LineStyle;
  lineWidth: number;
  locked: boolean;
  hidden: boolean;
}

/** Everything the user edits. It is what undo/redo covers and what is saved. */
export interface WorkspaceDocument {
  version: typeof DOCUMENT_VERSION;
  layout: LayoutNode | null;
  panes: Readonly<Record<PaneId, PaneState>>;
  annotations: Readonly<Record<string, Annotation>>;
  theme: ThemeId;
  /**
   * The IANA time zone intraday times are shown in (axis, crosshair, legend, tooltip, data cursor,
   * annotation labels); `local` is the browser's, `exchange` each symbol's exchange's (UTC for one
   * that trades around the clock). Absent means UTC. Daily bars keep their date.
   */
  timeZone?: string;
  /** The maximized pane, if any: maximize and restore are workspace edits, so they are undoable. */
  maximizedPaneId: PaneId | null;
  /** Pane templates by name; absent means none. */
  templates?: Readonly<Record<string, PaneTemplate>>;
  /** Price alerts by id; absent means none. */
  alerts?: Readonly<Record<string, PriceAlert>>;
}

/**
 * The session: everything a running workstation holds that is not the document. Focus, dialogs,
 * notices, drags in progress, the annotation selection and tool, the renderer's status, the live
 * feed's and the real feeds', and the main thread's copy of the engine's symbol list. None of it is
 * saved or undone.
 *
 * One store per workstation, created by it and handed down (views through React context, commands
 * through their context, services as a constructor argument), so every test makes its own and no
 * state leaks from one test into the next.
 */
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { CsvImportSummary, FeedStatus, SourceStatus, SymbolInfo } from '../../core/protocol';
import type { AnnotationPlace } from '../state/annotation-edits';
import type { LayoutNode, PaneId } from '../state/layout-node';
import type { Annotation, AnnotationKind, DrawingPoint, PriceAlert } from '../state/workspace-document';

export type NoticeTone = 'info' | 'warning' | 'error';

export interface Notice {
  id: number;
  tone: NoticeTone;
  text: string;
  /** A button in the notice (`Undo` after a deletion that is not a document edit). */
  action?: NoticeAction;
  /** A fired alert's: those out of sight are in the alerts panel, which the stack leads to. */
  alert?: boolean;
}

export interface NoticeAction {
  label: string;
  run(): void;
}

export interface ContextMenuRequest {
  x: number;
  y: number;
  paneId: PaneId | null;
}

export type DialogId =
  | 'palette'
  | 'shortcuts'
  | 'save-workspace'
  | 'open-workspace'
  | 'remove-imported-symbol'
  | 'data-table'
  | 'interval-entry'
  | 'symbol-search'
  | 'feed-status'
  | 'save-template'
  | 'templates'
  | 'compare-symbol'
  | 'add-watchlist-symbol'
  | 'alert'
  | null;

/**
 * What the alert dialog edits: a new alert on a drawing or at a price of a symbol, or an existing one.
 */
export type AlertEditorRequest =
  | {
      readonly mode: 'new';
      readonly symbol: string;
      readonly annotationId?: string;
      readonly price?: number;
      /** The bars of the chart it is set on, for an alert on a sloped drawing. */
      readonly bars?: PriceAlert['bars'];
    }
  | { readonly mode: 'edit'; readonly alertId: string };

export interface StorageProblem {
  problem: string;
  /** The unreadable text as it was found, offered for download. */
  raw: string;
  kind: 'unreadable' | 'newer';
  backupKey: string | null;
}

export interface AnnotationSession {
  selectedId: string | null;
  /** Where the annotation being dragged is now; committed as one step on release. */
  drag: { id: string; place: AnnotationPlace } | null;
  /** The tool armed from a chart toolbar, the palette or a key: the next click in a chart draws it. */
  tool: AnnotationKind | null;
  /** A drawing being placed anchor by anchor (mouse or keys); it enters the document when complete. */
  draft: DrawingDraft | null;
  /** Snap to the bar's open, high, low or close while drawing and dragging. */
  magnet: boolean;
  clipboard: Annotation | null;
  panelOpen: boolean;
  /** The annotation whose edit popover is open beside it, and the chart it is open in. */
  popover: { annotationId: string; paneId: PaneId } | null;
}

export interface DrawingDraft {
  paneId: PaneId;
  kind: AnnotationKind;
  /** The anchors placed so far. */
  placed: readonly DrawingPoint[];
  /** Where the next anchor would go: the pointer, or the keyboard's drawing cursor. */
  at: DrawingPoint | null;
}

export type RendererKind = 'webgl' | 'canvas';
export type RendererPreference = 'auto' | RendererKind;
export type RendererState = 'idle' | 'starting' | 'ready' | 'lost' | 'failed';

/** What the shared PixiJS layer is doing, for the status bar. */
export interface RendererStatus {
  state: RendererState;
  /** The renderer drawing now; null before the first analytic pane opens. */
  kind: RendererKind | null;
  reason: string;
  preference: RendererPreference;
  /** Where the preference came from. */
  source: 'url' | 'setting' | 'default';
  /** WebGL context restores so far. */
  restores: number;
}

export interface LiveFeedStatus {
  /** The simulated feed is paused for every live symbol at once. */
  paused: boolean;
  /** Panes subscribed to a symbol the simulator moves, right now (a real feed's have the feed's status). */
  livePanes: number;
}

export interface SymbolCatalog {
  /** The engine's last answer to `listSymbols`; null until one arrives. */
  symbols: readonly SymbolInfo[] | null;
  /** Per symbol, how many times its data changed under the panes (absent: never). */
  dataVersion: Readonly<Record<string, number>>;
}

export interface CsvReadProgress {
  bytesRead: number;
  totalBytes: number;
  rowsRead: number;
}

/** Where a confirmed import is charted: the pane it was dropped on, or the focused pane. */
export interface CsvImportTarget {
  paneId: PaneId | null;
}

export interface FileFacts {
  importId: string;
  fileName: string;
  fileBytes: number;
  target: CsvImportTarget;
}

/** The `Import CSV` dialog: the worker reading the file, its report, the commit, or why it failed. */
export type CsvImportState =
  | { phase: 'idle' }
  | (FileFacts & { phase: 'reading'; progress: CsvReadProgress })
  | (FileFacts & { phase: 'report' | 'committing'; summary: CsvImportSummary; commitError: string | null })
  | (FileFacts & { phase: 'failed'; message: string });

/**
 * The user's system colours while the browser forces colours (Windows high contrast), as `#rrggbb`:
 * the charts' canvases, which forced colours do not reach, are drawn in them.
 */
export interface SystemColors {
  canvas: string;
  canvasText: string;
  grayText: string;
  highlight: string;
  highlightText: string;
  linkText: string;
  buttonBorder: string;
}

export interface SessionState {
  focusedPaneId: PaneId | null;
  /** A pane whose root should receive keyboard focus on the next render (keyboard navigation). */
  domFocusRequest: PaneId | null;
  /** The layout while a splitter or a pane is being dragged; committed as one step on release. */
  transientLayout: LayoutNode | null;
  dialog: DialogId;
  /** The pane whose visible bars the `data-table` dialog lists. */
  dataTablePaneId: PaneId | null;
  /** The data window (values at the crosshair for the focused chart and its link group) is shown. */
  dataWindowOpen: boolean;
  /** The alerts panel (active, fired and expired alerts) is shown. */
  alertsPanelOpen: boolean;
  /** The alert the `alert` dialog creates or edits. */
  alertEditor: AlertEditorRequest | null;
  /** A fired alert beeps (a setting of this browser, kept in its storage: src/ui/alert-sound.ts). */
  alertSound: boolean;
  /** The chart whose interval the `interval-entry` box sets, and what was typed to open it. */
  intervalEntry: { paneId: PaneId; typed: string } | null;
  /** The chart whose symbol the `symbol-search` box sets, and the letter typed to open it. */
  symbolSearch: { paneId: PaneId; typed: string } | null;
  contextMenu: ContextMenuRequest | null;
  notices: readonly Notice[];
  /** Announced to screen readers through the live region. */
  announcement: string;
  storageProblem: StorageProblem | null;
  /** Why the workspace is not being saved right now (storage full, a newer tab), for the status bar. */
  saveProblem: string | null;
  /** Panes made to throw on their next render, to exercise error boundaries (test hook). */
  faultyPaneIds: readonly PaneId[];
  annotation: AnnotationSession;
  renderer: RendererStatus;
  /** The system colours while colours are forced, else null. */
  forcedColors: SystemColors | null;
  /** What each pane shows, in a sentence (its region's description); panes without one are left out. */
  paneDescriptions: Readonly<Record<PaneId, string>>;
  /** Panes whose chart refused a logarithmic scale (a value at or below zero). */
  logRefused: Readonly<Record<PaneId, boolean>>;
  liveFeed: LiveFeedStatus;
  /** The real market-data feeds as the data worker last reported them (none configured: empty). */
  feeds: readonly FeedStatus[];
  /** The history sources as the data worker last reported them (none configured: empty). */
  sources: readonly SourceStatus[];
  catalog: SymbolCatalog;
  csvImport: CsvImportState;
}

export type SessionStore = StoreApi<SessionState>;

/** The parts of the session that group several fields; `patchSession` updates one of them. */
export type SessionPart = 'annotation' | 'renderer' | 'liveFeed' | 'catalog';

export function initialSession(): SessionState {
  return {
    focusedPaneId: null,
    domFocusRequest: null,
    transientLayout: null,
    dialog: null,
    dataTablePaneId: null,
    dataWindowOpen: false,
    alertsPanelOpen: false,
    alertEditor: null,
    alertSound: true,
    intervalEntry: null,
    symbolSearch: null,
    contextMenu: null,
    notices: [],
    announcement: '',
    storageProblem: null,
    saveProblem: null,
    faultyPaneIds: [],
    annotation: {
      selectedId: null,
      drag: null,
      tool: null,
      draft: null,
      magnet: true,
      clipboard: null,
      panelOpen: false,
      popover: null,
    },
    renderer: { state: 'idle', kind: null, reason: '', preference: 'auto', source: 'default', restores: 0 },
    forcedColors: null,
    paneDescriptions: {},
    logRefused: {},
    liveFeed: { paused: false, livePanes: 0 },
    feeds: [],
    sources: [],
    catalog: { symbols: null, dataVersion: {} },
    csvImport: { phase: 'idle' },
  };
}

export function createSessionStore(): SessionStore {
  return createStore<SessionState>(initialSession);
}

/** Merges `patch` into one part of the session (a function gets that part as it is now). */
export function patchSession<P extends SessionPart>(
  session: SessionStore,
  part: P,
  patch: NoInfer<Partial<SessionState[P]> | ((current: SessionState[P]) => Partial<SessionState[P]>)>,
): void {
  session.setState((s) => {
    const current = s[part];
    const changes = typeof patch === 'function' ? patch(current) : patch;
    return { [part]: { ...current, ...changes } };
  });
}

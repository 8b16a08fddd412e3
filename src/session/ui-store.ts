/**
 * Session state that never enters history: focus, open dialogs, transient drags, notices.
 */
import { createStore } from 'zustand/vanilla';
import type { LayoutNode, PaneId } from '../state/layout-node';

export type NoticeTone = 'info' | 'warning' | 'error';

export interface Notice {
  id: number;
  tone: NoticeTone;
  text: string;
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
  | null;

export interface StorageProblem {
  problem: string;
  /** The unreadable text as it was found, offered for download. */
  raw: string;
  kind: 'unreadable' | 'newer';
  backupKey: string | null;
}

export interface UiState {
  focusedPaneId: PaneId | null;
  /** A pane whose root should receive keyboard focus on the next render (keyboard navigation). */
  domFocusRequest: PaneId | null;
  /** The layout while a splitter or a pane is being dragged; committed as one step on release. */
  transientLayout: LayoutNode | null;
  dialog: DialogId;
  contextMenu: ContextMenuRequest | null;
  notices: Notice[];
  /** Announced to screen readers through the live region. */
  announcement: string;
  storageProblem: StorageProblem | null;
  /** Panes made to throw on their next render, to exercise error boundaries (test hook). */
  faultyPaneIds: readonly PaneId[];
}

export const uiStore = createStore<UiState>(() => ({
  focusedPaneId: null,
  domFocusRequest: null,
  transientLayout: null,
  dialog: null,
  contextMenu: null,
  notices: [],
  announcement: '',
  storageProblem: null,
  faultyPaneIds: [],
}));

let nextNoticeId = 1;
const NOTICE_MS = 6000;

export function notify(text: string, tone: NoticeTone = 'info'): void {
  const notice = { id: nextNoticeId++, tone, text };
  uiStore.setState((s) => ({ notices: [...s.notices.slice(-3), notice] }));
  setTimeout(() => dismissNotice(notice.id), NOTICE_MS);
}

export function dismissNotice(id: number): void {
  uiStore.setState((s) => ({ notices: s.notices.filter((n) => n.id !== id) }));
}

export function announce(text: string): void {
  uiStore.setState({ announcement: text });
}

export function openDialog(dialog: DialogId): void {
  uiStore.setState({ dialog, contextMenu: null });
}

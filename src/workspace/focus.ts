/** Focus is session state: exactly one pane is focused whenever any exists. */

import { announce } from '../session/session-actions';
import type { SessionStore } from '../session/session-store';
import type { PaneId } from '../state/layout-node';
import { getLeaves } from '../state/layout-tree';
import type { WorkspaceDocument } from '../state/workspace-document';
import { paneTitle } from './pane-registry';

/** The panes the user can see, in reading order: the maximized one alone, or every leaf. */
export function visiblePaneIds(doc: WorkspaceDocument): PaneId[] {
  return doc.maximizedPaneId ? [doc.maximizedPaneId] : getLeaves(doc.layout);
}

export function resolveFocusedPane(doc: WorkspaceDocument, requested: PaneId | null): PaneId | null {
  const visible = visiblePaneIds(doc);
  return requested !== null && visible.includes(requested) ? requested : (visible[0] ?? null);
}

/** Focuses a pane and says so in the live region. `moveDomFocus` asks the view to move keyboard focus. */
export function focusPane(
  session: SessionStore,
  doc: WorkspaceDocument,
  paneId: PaneId,
  moveDomFocus = true,
): void {
  const pane = doc.panes[paneId];
  if (!pane) return;
  const visible = visiblePaneIds(doc);
  session.setState({ focusedPaneId: paneId, domFocusRequest: moveDomFocus ? paneId : null });
  announce(session, `${paneTitle(pane)}, pane ${visible.indexOf(paneId) + 1} of ${visible.length}`);
}

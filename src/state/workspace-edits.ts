/**
 * Pure edits of the workspace document. Cross-object rules live here and nowhere else (practice 4,
 * docs/practices.md): closing a pane removes its annotations and un-maximizes it in the same step.
 */
import { belongsToPane } from './annotation-edits';
import type { LayoutNode, PaneId, SplitDirection } from './layout-node';
import { getLeaves, normalizeLayout, removePane, replacePane, splitPane, swapPanes } from './layout-tree';
import { withoutOrphanAlerts } from './price-alerts';
import type { LinkGroup, PaneState, ThemeId, WorkspaceDocument } from './workspace-document';

export function insertPane(
  doc: WorkspaceDocument,
  target: PaneId | null,
  pane: PaneState,
  direction: SplitDirection,
): WorkspaceDocument {
  const layout =
    doc.layout === null
      ? pane.id
      : target === null
        ? addToRoot(doc.layout, pane.id, direction)
        : splitPane(doc.layout, target, pane.id, direction);
  return { ...doc, layout, panes: { ...doc.panes, [pane.id]: pane }, maximizedPaneId: null };
}

function addToRoot(layout: LayoutNode, id: PaneId, direction: SplitDirection): LayoutNode {
  const leaves = getLeaves(layout);
  const last = leaves[leaves.length - 1];
  return last === undefined ? id : splitPane(layout, last, id, direction);
}

export function closePane(doc: WorkspaceDocument, paneId: PaneId): WorkspaceDocument {
  if (!(paneId in doc.panes)) return doc;
  const { [paneId]: _closed, ...panes } = doc.panes;
  // The pane's own annotations go with it; drawings of its symbol stay with the symbol.
  const annotations = Object.fromEntries(
    Object.entries(doc.annotations).filter(([, a]) => a.paneId !== paneId || !belongsToPane(a)),
  );
  // Alerts on the pane's own drawings go with them.
  return withoutOrphanAlerts({
    ...doc,
    layout: doc.layout === null ? null : removePane(doc.layout, paneId),
    panes,
    annotations,
    maximizedPaneId: doc.maximizedPaneId === paneId ? null : doc.maximizedPaneId,
  });
}

export function swapPanePositions(doc: WorkspaceDocument, a: PaneId, b: PaneId): WorkspaceDocument {
  if (doc.layout === null || a === b) return doc;
  return { ...doc, layout: swapPanes(doc.layout, a, b) };
}

export function setLayout(doc: WorkspaceDocument, layout: LayoutNode | null): WorkspaceDocument {
  const normalized = normalizeLayout(layout);
  // Panes missing from a layout handed back by the view are kept only if the view never dropped them.
  const leaves = new Set(getLeaves(normalized));
  const sameLeaves =
    leaves.size === Object.keys(doc.panes).length && Object.keys(doc.panes).every((id) => leaves.has(id));
  if (!sameLeaves) return doc;
  return { ...doc, layout: normalized };
}

export function setMaximized(doc: WorkspaceDocument, paneId: PaneId | null): WorkspaceDocument {
  if (paneId !== null && !(paneId in doc.panes)) return doc;
  if (doc.maximizedPaneId === paneId) return doc;
  return { ...doc, maximizedPaneId: paneId };
}

/** Shows intraday times in `zone` (an IANA name, `UTC` or `local`). */
export function setTimeZone(doc: WorkspaceDocument, zone: string): WorkspaceDocument {
  return (doc.timeZone ?? 'UTC') === zone ? doc : { ...doc, timeZone: zone };
}

export function setTheme(doc: WorkspaceDocument, theme: ThemeId): WorkspaceDocument {
  return doc.theme === theme ? doc : { ...doc, theme };
}

function updatePane(doc: WorkspaceDocument, paneId: PaneId, patch: Partial<PaneState>): WorkspaceDocument {
  const pane = doc.panes[paneId];
  if (!pane) return doc;
  const changed = (Object.keys(patch) as (keyof PaneState)[]).some((k) => pane[k] !== patch[k]);
  return changed ? { ...doc, panes: { ...doc.panes, [paneId]: { ...pane, ...patch } } } : doc;
}

/** Changes a pane's kind in place (a chart-type switch): same pane, same annotations and settings. */
export function setPaneKind(doc: WorkspaceDocument, paneId: PaneId, kind: string): WorkspaceDocument {
  return updatePane(doc, paneId, { kind });
}

/** Replaces a pane by one of another kind in the same tile; its annotations belong to the old chart. */
export function replacePaneKind(doc: WorkspaceDocument, paneId: PaneId, next: PaneState): WorkspaceDocument {
  if (!doc.panes[paneId] || doc.layout === null) return doc;
  const closed = closePane(doc, paneId);
  return {
    ...closed,
    layout: replacePane(doc.layout, paneId, next.id),
    panes: { ...closed.panes, [next.id]: next },
    maximizedPaneId: doc.maximizedPaneId === paneId ? next.id : closed.maximizedPaneId,
  };
}

/**
 * Sets the symbol of a pane and, when it is in a link group, of every other member that `follows` it:
 * a member whose symbol names its dataset (a donut's `Portfolio`) keeps its own, as it does when it
 * joins the group (setLinkGroup).
 */
export function setSymbol(
  doc: WorkspaceDocument,
  paneId: PaneId,
  symbol: string,
  follows: (pane: PaneState) => boolean = () => true,
): WorkspaceDocument {
  const pane = doc.panes[paneId];
  if (!pane) return doc;
  const targets = pane.linkGroup
    ? Object.values(doc.panes).filter(
        (p) => p.linkGroup === pane.linkGroup && (p.id === paneId || follows(p)),
      )
    : [pane];
  return targets.reduce((d, p) => updatePane(d, p.id, { symbol }), doc);
}

/**
 * Joining a group adopts the group's symbol so that linked panes agree from the first moment: that of
 * the first other member that shows a market's symbol (`showsSymbol`). A donut's symbol names its
 * dataset (`Portfolio`): a chart that joined its group charted "Unknown symbol", and keeps its own now.
 */
export function setLinkGroup(
  doc: WorkspaceDocument,
  paneId: PaneId,
  group: LinkGroup | null,
  showsSymbol: (pane: PaneState) => boolean = () => true,
): WorkspaceDocument {
  const pane = doc.panes[paneId];
  if (!pane) return doc;
  const member = group
    ? Object.values(doc.panes).find((p) => p.linkGroup === group && p.id !== paneId && showsSymbol(p))
    : undefined;
  return updatePane(doc, paneId, member ? { linkGroup: group, symbol: member.symbol } : { linkGroup: group });
}

export function setPaneSettings(
  doc: WorkspaceDocument,
  paneId: PaneId,
  settings: Readonly<Record<string, unknown>>,
): WorkspaceDocument {
  const pane = doc.panes[paneId];
  if (!pane) return doc;
  return updatePane(doc, paneId, { settings: { ...pane.settings, ...settings } });
}

/**
 * The settings a pane shares with its link group (a chart's interval, unless it keeps its own): each
 * pane kind says which, and a key is shared between two panes only when both list it.
 */
export type LinkedSettings = (pane: PaneState) => readonly string[];

/**
 * Sets a pane's settings and, for each key it shares with its link group, the same value on every
 * member that shares that key too: one edit, so one undo step for the whole group.
 */
export function setLinkedSettings(
  doc: WorkspaceDocument,
  paneId: PaneId,
  settings: Readonly<Record<string, unknown>>,
  linked: LinkedSettings,
): WorkspaceDocument {
  const pane = doc.panes[paneId];
  if (!pane) return doc;
  let next = setPaneSettings(doc, paneId, settings);
  if (pane.linkGroup === null) return next;
  const keys = linked(pane).filter((key) => key in settings);
  for (const member of Object.values(doc.panes)) {
    if (member.id === paneId || member.linkGroup !== pane.linkGroup) continue;
    const memberKeys = linked(member);
    const shared = keys.filter((key) => memberKeys.includes(key));
    if (shared.length > 0) {
      next = setPaneSettings(next, member.id, Object.fromEntries(shared.map((key) => [key, settings[key]])));
    }
  }
  return next;
}

/**
 * A pane that joins a link group, or starts sharing a setting with it again, takes the group's values
 * of the settings it shares: from the first other member (in document order) that shares each key.
 */
export function adoptLinkedSettings(
  doc: WorkspaceDocument,
  paneId: PaneId,
  linked: LinkedSettings,
): WorkspaceDocument {
  const pane = doc.panes[paneId];
  if (!pane || pane.linkGroup === null) return doc;
  const adopted: Record<string, unknown> = {};
  for (const key of linked(pane)) {
    const source = Object.values(doc.panes).find(
      (p) => p.id !== paneId && p.linkGroup === pane.linkGroup && linked(p).includes(key),
    );
    if (source && key in source.settings) adopted[key] = source.settings[key];
  }
  return Object.keys(adopted).length > 0 ? setPaneSettings(doc, paneId, adopted) : doc;
}

/**
 * Applying another tab's change to this tab's document and undo history.
 *
 * A document is seen as parts: its layout, theme and maximized pane, and each pane and annotation by
 * id. Another tab's change is the set of parts that differ between the document this tab last had in
 * common with storage (`base`) and the one the other tab saved (`remote`). Those parts are taken from
 * `remote` everywhere: in the current document and in every snapshot of the undo and redo stacks.
 * So undo never takes back another tab's edit, and a step of this tab that only touched those parts
 * becomes empty and is dropped. A snapshot mixed this way can hold a pane the layout no longer shows,
 * or a layout leaf without its pane; `repairDocument` restores the invariants.
 */
import { belongsToPane } from './annotation-edits';
import { emptyHistory, type History } from './history';
import type { PaneId } from './layout-node';
import { getLeaves, removePane } from './layout-tree';
import { withoutOrphanAlerts } from './price-alerts';
import type { WorkspaceDocument } from './workspace-document';

type Doc = WorkspaceDocument;

const WHOLE_PARTS = ['layout', 'theme', 'timeZone', 'maximizedPaneId'] as const;
type WholePart = (typeof WHOLE_PARTS)[number];

/** The parts that differ between two documents: `layout`, `theme`, `timeZone`, `maximizedPaneId`, `pane:<id>`, `annotation:<id>`, `alert:<id>`. */
export function changedParts(a: Doc, b: Doc): Set<string> {
  const parts = new Set<string>();
  if (a === b) return parts;
  for (const part of WHOLE_PARTS) if (!sameValue(a[part], b[part])) parts.add(part);
  for (const id of keysOfBoth(a.panes, b.panes)) {
    if (!sameValue(a.panes[id], b.panes[id])) parts.add(`pane:${id}`);
  }
  for (const id of keysOfBoth(a.annotations, b.annotations)) {
    if (!sameValue(a.annotations[id], b.annotations[id])) parts.add(`annotation:${id}`);
  }
  for (const id of keysOfBoth(a.alerts ?? {}, b.alerts ?? {})) {
    if (!sameValue(a.alerts?.[id], b.alerts?.[id])) parts.add(`alert:${id}`);
  }
  return parts;
}

/** `target` with each of `parts` as `source` has it (present or absent). */
export function takeParts(target: Doc, source: Doc, parts: ReadonlySet<string>): Doc {
  if (parts.size === 0) return target;
  let next: Doc = target;
  const panes: Record<string, Doc['panes'][string]> = { ...target.panes };
  const annotations: Record<string, Doc['annotations'][string]> = { ...target.annotations };
  const alerts: Record<string, NonNullable<Doc['alerts']>[string]> = { ...target.alerts };
  let panesChanged = false;
  let annotationsChanged = false;
  let alertsChanged = false;
  for (const part of parts) {
    if (isWholePart(part)) {
      next = { ...next, [part]: source[part] };
    } else if (part.startsWith('pane:')) {
      panesChanged = copyEntry(panes, source.panes, part.slice('pane:'.length)) || panesChanged;
    } else if (part.startsWith('annotation:')) {
      annotationsChanged =
        copyEntry(annotations, source.annotations, part.slice('annotation:'.length)) || annotationsChanged;
    } else if (part.startsWith('alert:')) {
      alertsChanged = copyEntry(alerts, source.alerts ?? {}, part.slice('alert:'.length)) || alertsChanged;
    }
  }
  if (panesChanged) next = { ...next, panes };
  if (annotationsChanged) next = { ...next, annotations };
  if (alertsChanged) next = { ...next, alerts };
  return next;
}

/**
 * Makes a document consistent: every layout leaf has its pane and every pane is a leaf, annotations
 * belong to existing panes, alerts to existing drawings, and the maximized pane is one of them. A consistent document is
 * returned as it is.
 */
export function repairDocument(doc: Doc): Doc {
  let layout = doc.layout;
  for (const leaf of getLeaves(layout)) {
    if (!(leaf in doc.panes)) layout = removePane(layout, leaf);
  }
  const leaves = new Set(getLeaves(layout));
  const orphanPanes = Object.keys(doc.panes).filter((id) => !leaves.has(id));
  const orphanAnnotations = Object.entries(doc.annotations).filter(
    ([, a]) => belongsToPane(a) && !leaves.has(a.paneId),
  );
  const maximizedPaneId =
    doc.maximizedPaneId !== null && leaves.has(doc.maximizedPaneId) ? doc.maximizedPaneId : null;
  if (
    layout === doc.layout &&
    orphanPanes.length === 0 &&
    orphanAnnotations.length === 0 &&
    maximizedPaneId === doc.maximizedPaneId
  ) {
    return withoutOrphanAlerts(doc);
  }
  return withoutOrphanAlerts({
    ...doc,
    layout,
    panes: withoutKeys(doc.panes, orphanPanes),
    annotations: withoutKeys(
      doc.annotations,
      orphanAnnotations.map(([id]) => id),
    ),
    maximizedPaneId,
  });
}

export interface HistoryState {
  readonly document: Doc;
  readonly history: History<Doc>;
}

export interface Rebased extends HistoryState {
  /** Undo or redo steps of this tab that the remote change emptied, and so were dropped. */
  readonly droppedSteps: number;
  /** Whether the remote change overwrote edits of this tab's current document. */
  readonly overwroteLocal: boolean;
}

/** Applies the change `base -> remote` to the current document and every history snapshot. */
export function rebaseOnRemote(state: HistoryState, base: Doc, remote: Doc): Rebased {
  const parts = changedParts(base, remote);
  const { document, history } = state;
  if (parts.size === 0) return { document, history, droppedSteps: 0, overwroteLocal: false };
  const apply = (doc: Doc) => repairDocument(takeParts(doc, remote, parts));

  // One sequence, oldest first, with the current document among them; equal neighbours merge.
  const sequence = [...history.past, document, ...history.future].map(apply);
  const current = history.past.length;
  const kept: Doc[] = [];
  let currentAt = -1;
  sequence.forEach((doc, index) => {
    const previous = kept[kept.length - 1];
    const same = previous !== undefined && changedParts(previous, doc).size === 0;
    if (!same) kept.push(doc);
    if (index === current) currentAt = kept.length - 1;
  });
  const overwroteLocal = [...changedParts(base, document)].some((part) => parts.has(part));
  const next: History<Doc> = {
    ...emptyHistory<Doc>(),
    past: kept.slice(0, currentAt),
    future: kept.slice(currentAt + 1),
  };
  return {
    document: kept[currentAt] ?? apply(document),
    history: next,
    droppedSteps: sequence.length - kept.length,
    overwroteLocal,
  };
}

function isWholePart(part: string): part is WholePart {
  return (WHOLE_PARTS as readonly string[]).includes(part);
}

function keysOfBoth(a: Readonly<Record<string, unknown>>, b: Readonly<Record<string, unknown>>): Set<string> {
  return new Set([...Object.keys(a), ...Object.keys(b)]);
}

function copyEntry<T>(target: Record<string, T>, source: Readonly<Record<string, T>>, id: string): boolean {
  const value = source[id];
  if (value === undefined) {
    if (!(id in target)) return false;
    delete target[id];
    return true;
  }
  if (target[id] === value) return false;
  target[id] = value;
  return true;
}

function withoutKeys<T>(
  record: Readonly<Record<string, T>>,
  ids: readonly PaneId[],
): Readonly<Record<string, T>> {
  if (ids.length === 0) return record;
  const next = { ...record };
  for (const id of ids) delete next[id];
  return next;
}

/** Deep equality of plain JSON values, with a shortcut for the shared objects of immutable updates. */
function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const keysA = Object.keys(a);
  const keysB = Object.keys(b);
  if (keysA.length !== keysB.length) return false;
  const recordA = a as Record<string, unknown>;
  const recordB = b as Record<string, unknown>;
  return keysA.every((key) => key in recordB && sameValue(recordA[key], recordB[key]));
}

import { useDocument, useWorkstation } from '../../../commands/use-workstation';
import { symbolTimeZone } from '../../../data/symbol-catalog';
import { useSession } from '../../../session/session-context';
import { annotationName, annotationsOf } from '../../../state/annotation-edits';
import { priceInWords } from '../../../state/price-words';
import { timeZoneOf } from '../../../state/time-zone';
import type { Annotation } from '../../../state/workspace-document';
import { resolveFocusedPane } from '../../../workspace/focus';
import { paneTitle } from '../../../workspace/pane-registry';
import { formatAnnotationTime } from '../bar-time';
import { AnnotationRow } from './annotation-row';

export function describeAnnotation(a: Annotation, zone = 'UTC'): string {
  const parts = [annotationName(a)];
  if (a.points) {
    const [first, last] = [a.points[0], a.points[a.points.length - 1]];
    if (first && last) {
      parts.push(`${priceInWords(first.price)} to ${priceInWords(last.price)}`);
      parts.push(`${formatAnnotationTime(first.time, zone)} to ${formatAnnotationTime(last.time, zone)}`);
    }
    return parts.join(' · ');
  }
  if (a.price !== undefined) parts.push(priceInWords(a.price));
  if (a.time !== undefined) parts.push(formatAnnotationTime(a.time, zone));
  return parts.join(' · ');
}

/**
 * The object tree: the drawings the focused chart shows, then every drawing of the workspace by
 * symbol (those of symbols no chart shows included), each to select, show, lock, zoom to, edit or
 * delete, all by keyboard too.
 */
export function AnnotationsPanel() {
  const { run } = useWorkstation();
  const doc = useDocument((s) => s.document);
  const open = useSession((s) => s.annotation.panelOpen);
  const catalog = useSession((s) => s.catalog);
  const paneId = useSession((s) => resolveFocusedPane(doc, s.focusedPaneId));
  if (!open) return null;
  const pane = paneId ? doc.panes[paneId] : undefined;
  const items = paneId ? annotationsOf(doc, paneId) : [];
  const setting = timeZoneOf(doc);
  // Each drawing's times in its symbol's zone (its exchange's, under the `exchange` setting).
  const zoneOf = (a: Annotation) =>
    symbolTimeZone(setting, catalog, a.symbol ?? doc.panes[a.paneId]?.symbol ?? null);
  const all = Object.values(doc.annotations).sort(
    (a, b) =>
      (a.symbol ?? '').localeCompare(b.symbol ?? '') || annotationName(a).localeCompare(annotationName(b)),
  );

  return (
    <aside className="annotations-panel" aria-label="Annotations panel">
      <header className="dialog-header">
        <h2>Annotations</h2>
        <button
          type="button"
          className="icon-button"
          aria-label="Close annotations panel"
          onClick={() => run('toggle-annotations-panel')}
        >
          ✕
        </button>
      </header>
      <h3 className="annotations-section">This pane: {pane ? paneTitle(pane) : 'none'}</h3>
      {items.length === 0 && (
        <p className="muted">No annotations on this pane. Press X on a chart to add a cross-line.</p>
      )}
      <ul aria-label="Annotations" className="annotation-list">
        {items.map((a) => (
          <AnnotationRow key={a.id} annotation={a} description={describeAnnotation(a, zoneOf(a))} />
        ))}
      </ul>
      <h3 className="annotations-section">Workspace</h3>
      {all.length === 0 && <p className="muted">No drawings in this workspace.</p>}
      <ul aria-label="All drawings" className="annotation-list">
        {all.map((a) => (
          <AnnotationRow key={a.id} annotation={a} description={describeAnnotation(a, zoneOf(a))} showOwner />
        ))}
      </ul>
    </aside>
  );
}

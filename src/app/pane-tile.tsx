import { useEffect, useRef } from 'react';
import { type MosaicPath, MosaicWindow } from 'react-mosaic-component';
import { CommandButton } from '../commands/command-button';
import { useDocument, useWorkstation } from '../commands/use-workstation';
import { DrawFailureScope } from '../render/draw-failure';
import { useSession, useSessionStore } from '../session/session-context';
import { annotationsOf } from '../state/annotation-edits';
import { LINK_GROUPS, type LinkGroup, type PaneState } from '../state/workspace-document';
import { Icon } from '../ui/icons';
import { useLongPress } from '../ui/use-long-press';
import { focusPane, resolveFocusedPane } from '../workspace/focus';
import { getPaneKind, paneTitle } from '../workspace/pane-registry';
import { PaneErrorBoundary } from './pane-error-boundary';

/** The link select's value: a link group, or none (the empty option). */
function linkGroupOf(value: string): LinkGroup | null {
  return LINK_GROUPS.find((g) => g === value) ?? null;
}

/** A link group as the chip's tooltip and list name it: `Red`. */
const groupName = (group: LinkGroup): string => `${group[0]?.toUpperCase()}${group.slice(1)}`;

function PaneHeader({ pane, title, focused }: { pane: PaneState; title: string; focused: boolean }) {
  const { run } = useWorkstation();
  const maximized = useDocument((s) => s.document.maximizedPaneId === pane.id);
  const Toolbar = getPaneKind(pane.kind)?.Toolbar;
  return (
    <div className="pane-header">
      <span className="pane-grip" title="Drag to move the pane">
        <Icon name="grip" size={14} />
      </span>
      <h2 className="pane-title">{title}</h2>
      <label
        className={`link-chip link-${pane.linkGroup ?? 'none'}`}
        title={
          pane.linkGroup
            ? `Link group: ${groupName(pane.linkGroup)} (its panes share symbol, crosshair and range)`
            : 'Link group: none (pick a colour to link this pane)'
        }
      >
        <span className="sr-only">Link group</span>
        <select
          value={pane.linkGroup ?? ''}
          onChange={(e) => run('set-link-group', { paneId: pane.id, group: linkGroupOf(e.target.value) })}
        >
          <option value="">No link</option>
          {LINK_GROUPS.map((g) => (
            <option key={g} value={g}>
              {groupName(g)}
            </option>
          ))}
        </select>
      </label>
      {Toolbar && <Toolbar pane={pane} focused={focused} />}
      <span className="pane-actions">
        {/* In a narrow pane these two give way (app.css): they are in its menu and keys too. */}
        <span className="pane-split">
          <CommandButton commandId="split-pane-right" icon="splitRight" paneId={pane.id} />
          <CommandButton commandId="split-pane-down" icon="splitDown" paneId={pane.id} />
        </span>
        {maximized ? (
          <CommandButton commandId="restore-pane" icon="restore" paneId={pane.id} />
        ) : (
          <CommandButton commandId="maximize-pane" icon="maximize" paneId={pane.id} />
        )}
        <CommandButton commandId="close-pane" icon="close" paneId={pane.id} />
      </span>
    </div>
  );
}

function PaneBody({ pane, focused }: { pane: PaneState; focused: boolean }) {
  const faulty = useSession((s) => s.faultyPaneIds.includes(pane.id));
  if (__TEST_HOOKS__ && faulty) throw new Error('Simulated failure of this pane (test hook)');
  const kind = getPaneKind(pane.kind);
  if (!kind) throw new Error(`This workspace uses a pane kind this version does not have: "${pane.kind}"`);
  return <kind.View pane={pane} focused={focused} />;
}

/**
 * One tile. react-mosaic owns the window element, so the region contract of docs/test-contract.md
 * (role, name, data-pane-*) is put on it here; the title bar is the drag handle.
 */
export function PaneTile({ paneId, path }: { paneId: string; path: MosaicPath }) {
  const session = useSessionStore();
  const { workspace } = useWorkstation();
  const pane = useDocument((s) => s.document.panes[paneId]);
  const annotationCount = useDocument((s) => annotationsOf(s.document, paneId).length);
  const focused = useSession((s) => resolveFocusedPane(workspace.getDocument(), s.focusedPaneId) === paneId);
  const domFocusRequest = useSession((s) => s.domFocusRequest);
  const description = useSession((s) => s.paneDescriptions[paneId] ?? '');
  const descriptionId = `pane-description-${paneId}`;
  const bodyRef = useRef<HTMLDivElement>(null);
  const title = pane ? paneTitle(pane) : paneId;
  const family = pane ? getPaneKind(pane.kind)?.family : undefined;
  const longPress = useLongPress((x, y) => session.setState({ contextMenu: { x, y, paneId } }));

  useEffect(() => {
    const win = bodyRef.current?.closest<HTMLElement>('.mosaic-window');
    if (!win || !pane) return;
    win.setAttribute('role', 'region');
    win.setAttribute('aria-label', title);
    win.dataset.paneId = pane.id;
    win.dataset.paneKind = pane.kind;
    win.dataset.paneFamily = family ?? 'unknown';
    win.dataset.focused = String(focused);
    if (family === 'financial') win.dataset.annotationCount = String(annotationCount);
    else delete win.dataset.annotationCount;
    if (description) win.setAttribute('aria-describedby', descriptionId);
    else win.removeAttribute('aria-describedby');
    win.tabIndex = -1;
  });

  useEffect(() => {
    const win = bodyRef.current?.closest<HTMLElement>('.mosaic-window');
    if (!win) return;
    const onPointerDown = () => {
      const doc = workspace.getDocument();
      if (resolveFocusedPane(doc, session.getState().focusedPaneId) !== paneId)
        focusPane(session, doc, paneId, false);
    };
    const onFocusIn = onPointerDown;
    const onContextMenu = (e: MouseEvent) => {
      e.preventDefault();
      // Shift+F10 or the menu key: no pointer position, so open the menu at the pane's top left.
      const fromKeyboard = e.clientX === 0 && e.clientY === 0;
      const r = win.getBoundingClientRect();
      const x = fromKeyboard ? r.left + 24 : e.clientX;
      const y = fromKeyboard ? r.top + 40 : e.clientY;
      session.setState({ contextMenu: { x, y, paneId } });
    };
    win.addEventListener('pointerdown', onPointerDown, true);
    win.addEventListener('focusin', onFocusIn);
    win.addEventListener('contextmenu', onContextMenu);
    return () => {
      win.removeEventListener('pointerdown', onPointerDown, true);
      win.removeEventListener('focusin', onFocusIn);
      win.removeEventListener('contextmenu', onContextMenu);
    };
  }, [paneId, workspace, session]);

  useEffect(() => {
    if (domFocusRequest !== paneId) return;
    const win = bodyRef.current?.closest<HTMLElement>('.mosaic-window');
    win?.focus({ preventScroll: true });
    // In a workspace scrolled for lack of room, the pane the keys moved to comes into view (by the
    // least scroll: a pane already in view does not move).
    win?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
    session.setState({ domFocusRequest: null });
  }, [domFocusRequest, paneId, session]);

  if (!pane) return <div />;
  return (
    <MosaicWindow<string>
      path={path}
      title={title}
      className={focused ? 'is-focused' : undefined}
      renderPreview={renderDragPreview}
      renderToolbar={() => (
        // react-dnd connects the drag source to a native element only.
        <div className="pane-header-host">
          <PaneHeader pane={pane} title={title} focused={focused} />
        </div>
      )}
    >
      <div ref={bodyRef} className="pane-body" {...longPress}>
        {description && (
          <p id={descriptionId} className="sr-only">
            {description}
          </p>
        )}
        <div className="pane-content">
          <PaneErrorBoundary
            title={title}
            onReload={() =>
              session.setState((s) => ({ faultyPaneIds: s.faultyPaneIds.filter((id) => id !== paneId) }))
            }
          >
            <DrawFailureScope paneId={paneId}>
              <PaneBody pane={pane} focused={focused} />
            </DrawFailureScope>
          </PaneErrorBoundary>
        </div>
      </div>
    </MosaicWindow>
  );
}

/**
 * What a pane looks like while it is dragged: its title on the pane's surface. The library's own preview
 * puts the title in an h4 under the panes' h2 headings (a skipped level for screen readers); this one is
 * hidden from them, as it is only a picture of the drag.
 */
function renderDragPreview({ title }: { title?: string }) {
  return (
    <div className="mosaic-preview" aria-hidden="true">
      <div className="mosaic-window-toolbar">
        <div className="mosaic-window-title">{title}</div>
      </div>
      <div className="mosaic-window-body" />
    </div>
  );
}

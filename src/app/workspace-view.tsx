import { Mosaic, type MosaicChangeMeta, type MosaicNode } from 'react-mosaic-component';
import { useDocument, useWorkstation } from '../commands/use-workstation';
import { MIN_CELL, MIN_TILE } from '../commands/workspace-commands';
import { useSession, useSessionStore } from '../session/session-context';
import { minExtentAtSplits } from '../state/layout-geometry';
import type { LayoutNode } from '../state/layout-node';
import { normalizeLayout } from '../state/layout-tree';
import { PaneTile } from './pane-tile';
import { SplitHandle } from './split-handle';

/**
 * The tiling view. During a splitter or pane drag the view shows a transient layout; the release
 * commits it as one undo step (a drag is one step, whatever the number of moves).
 */
export function WorkspaceView() {
  const session = useSessionStore();
  const { run } = useWorkstation();
  const layout = useDocument((s) => s.document.layout);
  const maximized = useDocument((s) => s.document.maximizedPaneId);
  const transient = useSession((s) => s.transientLayout);
  const value: LayoutNode | null = maximized ?? transient ?? layout;

  const onChange = (node: MosaicNode<string> | null, meta?: MosaicChangeMeta<string>) => {
    if (maximized) return;
    session.setState({ transientLayout: meta?.type === 'drag-cancel' ? null : normalizeLayout(node) });
  };
  const onRelease = (node: MosaicNode<string> | null) => {
    session.setState({ transientLayout: null });
    if (!maximized) run('commit-layout', { layout: normalizeLayout(node) });
  };

  // Every pane keeps its minimum: a window too small for the layout (a laptop at 200 % zoom) scrolls
  // the workspace rather than squeezing panes under each other's controls.
  // From the saved layout, not a drag's: dragging a pane collapses its share to 0 for the while.
  const settled = maximized ?? layout;
  const minimum = {
    minWidth: minExtentAtSplits(settled, 'x', MIN_CELL),
    minHeight: minExtentAtSplits(settled, 'y', MIN_CELL),
  };

  return (
    <div className="workspace-area" data-workspace-area="" style={minimum}>
      <Mosaic<string>
        className="mosaic-workstation"
        value={value}
        onChange={onChange}
        onRelease={onRelease}
        renderTile={(id, path) => <PaneTile paneId={id} path={path} />}
        resize={{
          // Along a row the width counts, along a column the height (react-mosaic adds the gutter).
          minimumPaneSizePx: { row: MIN_TILE.x, column: MIN_TILE.y },
          renderSplitHandle: (direction) => <SplitHandle direction={direction} />,
        }}
        zeroStateView={
          <div className="zero-state">
            <p>The workspace is empty.</p>
            <button type="button" className="button" onClick={() => run('open-command-palette')}>
              Add a pane from the command palette
            </button>
          </div>
        }
      />
    </div>
  );
}

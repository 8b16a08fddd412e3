/** A pane kind for unit tests of the shell, so they do not depend on any real pane's code. */
import { getPaneKind, registerPaneKind } from '../workspace/pane-registry';

export const TEST_KIND = 'test-kind';

function EmptyView() {
  return null;
}

export function registerTestPaneKind(): void {
  if (getPaneKind(TEST_KIND)) return;
  registerPaneKind({
    id: TEST_KIND,
    label: 'Test kind',
    family: 'grid',
    defaultSymbol: 'SPX',
    title: (pane) => `${pane.symbol} · Test`,
    View: EmptyView,
  });
}

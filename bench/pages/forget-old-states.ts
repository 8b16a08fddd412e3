import { flushSync } from 'react-dom';
import type { WorkspaceStore } from '../../src/state/workspace-store';

/**
 * React keeps the previous render of a component beside the current one, and CommandButton subscribes
 * to the whole store state, so a cleared history stays reachable until two more renders. Two no-op
 * state updates make that happen, for either history, before the zero-step reading.
 */
export function forgetOldStates(workspace: WorkspaceStore): void {
  for (let render = 0; render < 2; render++) flushSync(() => workspace.reset(workspace.reader.getDocument()));
}

/** Every pane kind of the workstation: one line per kind (STYLE practice 8). */
import { registerPaneKind } from '../workspace/pane-registry';
import { watchlistKind } from './watchlist';

let registered = false;

export function registerPaneKinds(): void {
  if (registered) return;
  registered = true;
  registerPaneKind(watchlistKind);
}

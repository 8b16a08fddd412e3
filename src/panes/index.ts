/** Every pane kind of the workstation: one line per kind (STYLE practice 8). */
import { registerPaneCommands, registerPaneKind } from '../workspace/pane-registry';
import { financialCommands, financialKinds } from './financial';
import { watchlistKind } from './watchlist';

let registered = false;

export function registerPaneKinds(): void {
  if (registered) return;
  registered = true;
  for (const kind of financialKinds) registerPaneKind(kind);
  registerPaneKind(watchlistKind);
  registerPaneCommands(financialCommands());
}

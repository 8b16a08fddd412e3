import type { PaneKind } from '../../workspace/pane-registry';
import { WatchlistPane } from './watchlist-pane';
import { watchlistSettingsSchema } from './watchlist-settings';

export { watchlistCommands } from './watchlist-commands';

export const watchlistKind: PaneKind = {
  id: 'watchlist',
  label: 'Watchlist',
  family: 'grid',
  defaultSymbol: 'SPX',
  title: () => 'Watchlist',
  View: WatchlistPane,
  settings: watchlistSettingsSchema,
};

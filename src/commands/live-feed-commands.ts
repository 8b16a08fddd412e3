/**
 * `Pause live feed` / `Resume live feed`: the simulated feed stops or goes on for every live symbol.
 * Session state (src/data/live-feed-status.ts), never part of the document's undo history.
 */
import { liveFeedStatus, pauseLiveFeed } from '../data/live-feed-status';
import type { Command } from './command';

export function liveFeedCommands(): Command[] {
  return [
    {
      id: 'live-feed-pause',
      label: 'Pause live feed',
      group: 'Live feed',
      toggleGroup: 'live-feed',
      when: () => (liveFeedStatus.getState().paused ? 'The live feed is paused already' : true),
      hiddenWhenUnavailable: true,
      perform: () => pauseLiveFeed(true),
    },
    {
      id: 'live-feed-resume',
      label: 'Resume live feed',
      group: 'Live feed',
      toggleGroup: 'live-feed',
      when: () => (liveFeedStatus.getState().paused ? true : 'The live feed is running'),
      hiddenWhenUnavailable: true,
      perform: () => pauseLiveFeed(false),
    },
  ];
}

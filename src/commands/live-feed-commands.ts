/**
 * `Pause live feed` / `Resume live feed`: the simulated feed stops or goes on for every live symbol.
 * Session state (src/data/live-feed-status.ts), never part of the document's undo history.
 */
import { pauseLiveFeed } from '../data/live-feed-status';
import type { Command } from './command';

export function liveFeedCommands(): Command[] {
  return [
    {
      id: 'live-feed-pause',
      label: 'Pause live feed',
      group: 'Live feed',
      toggleGroup: 'live-feed',
      when: (ctx) => (ctx.session.getState().liveFeed.paused ? 'The live feed is paused already' : true),
      hiddenWhenUnavailable: true,
      perform: (ctx) => pauseLiveFeed(ctx.session, true),
    },
    {
      id: 'live-feed-resume',
      label: 'Resume live feed',
      group: 'Live feed',
      toggleGroup: 'live-feed',
      when: (ctx) => (ctx.session.getState().liveFeed.paused ? true : 'The live feed is running'),
      hiddenWhenUnavailable: true,
      perform: (ctx) => pauseLiveFeed(ctx.session, false),
    },
  ];
}

import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CommandContext } from './command';

const call = vi.fn((..._args: unknown[]) => Promise.resolve(true));
vi.mock('../data/engine-client', () => ({ getEngineClient: () => ({ call }) }));

const { createSessionStore } = await import('../session/session-store');
const { feedCommands } = await import('./feed-commands');
const { CommandRegistry } = await import('./command-registry');
const { feedStatus, sourceStatus } = await import('../test/feed-status');

const session = createSessionStore();
const ctx = { session } as CommandContext;
const registry = new CommandRegistry();
registry.register(feedCommands());
const availability = (id: string) => {
  const command = registry.get(id);
  if (!command) throw new Error(`${id} is not registered`);
  return registry.availability(command, ctx);
};
const run = (id: string) => registry.get(id)?.perform(ctx, {});

afterEach(() => {
  session.setState(session.getInitialState(), true);
  call.mockClear();
});

describe('feed commands', () => {
  it('are not offered in a build without a feed', () => {
    for (const id of ['feed-reconnect', 'feed-notices-clear']) {
      expect(availability(id)).toBe('No market-data feed is configured (feeds.config.json)');
      expect(registry.get(id)?.hiddenWhenUnavailable).toBe(true);
    }
    expect(availability('feed-status-show')).toBe(
      'No market-data feed or history source is configured (feeds.config.json)',
    );
    expect(registry.get('feed-status-show')?.hiddenWhenUnavailable).toBe(true);
  });

  it('Show feed status is offered for a history source alone, whose reconnect and notices are not', () => {
    session.setState({ sources: [sourceStatus()] });
    expect(availability('feed-status-show')).toBe(true);
    expect(availability('feed-reconnect')).toBe('No market-data feed is configured (feeds.config.json)');
  });

  it('Show feed status opens the panel', () => {
    session.setState({ feeds: [feedStatus({ state: 'idle' })] });
    expect(registry.get('feed-status-show')?.label).toBe('Show feed status');
    run('feed-status-show');
    expect(session.getState().dialog).toBe('feed-status');
  });

  it('Reconnect feed asks the worker to reconnect each active feed, and needs one', () => {
    session.setState({ feeds: [feedStatus({ state: 'idle' })] });
    expect(availability('feed-reconnect')).toMatch(/No feed is connected/);
    session.setState({ feeds: [feedStatus({ state: 'stale' }), feedStatus({ id: 'other', state: 'idle' })] });
    expect(availability('feed-reconnect')).toBe(true);
    run('feed-reconnect');
    expect(call.mock.calls).toEqual([['reconnectFeed', 'replay']]);
  });

  it('Clear feed notices is offered while a gap is shown', () => {
    session.setState({ feeds: [feedStatus()] });
    expect(availability('feed-notices-clear')).toBe('There is no feed notice');
    const gap = { symbol: 'BTCUSDT', kind: 'sequence' as const, fromTime: 0, toTime: 1, missed: 3, at: 0 };
    session.setState({ feeds: [feedStatus({ gaps: [gap] })] });
    expect(availability('feed-notices-clear')).toBe(true);
    run('feed-notices-clear');
    expect(call.mock.calls).toEqual([['clearFeedNotices']]);
  });
});

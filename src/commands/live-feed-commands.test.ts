import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CommandContext } from './command';

const setLiveFeedPaused = vi.fn((_paused: boolean) => Promise.resolve());
vi.mock('../data/live-bars', () => ({ setLiveFeedPaused }));

const { trackLivePane } = await import('../data/live-feed-status');
const { createSessionStore } = await import('../session/session-store');
const { liveFeedCommands } = await import('./live-feed-commands');
const { CommandRegistry } = await import('./command-registry');

function registry() {
  const r = new CommandRegistry();
  r.register(liveFeedCommands());
  return r;
}

const session = createSessionStore();
const ctx = { session } as CommandContext;
const run = (id: string) => {
  const command = registry().get(id);
  return command !== undefined && command.perform(ctx, {}) === undefined;
};

afterEach(() => {
  session.setState(session.getInitialState(), true);
  setLiveFeedPaused.mockClear();
});

describe('live feed commands', () => {
  it('pause and resume are alternatives: only one is available at a time', () => {
    const r = registry();
    const pause = r.get('live-feed-pause');
    const resume = r.get('live-feed-resume');
    if (!pause || !resume) throw new Error('commands not registered');
    expect(pause.label).toBe('Pause live feed');
    expect(resume.label).toBe('Resume live feed');
    expect(r.availability(pause, ctx)).toBe(true);
    expect(r.availability(resume, ctx)).not.toBe(true);
    expect(run('live-feed-pause')).toBe(true);
    expect(session.getState().liveFeed.paused).toBe(true);
    expect(setLiveFeedPaused).toHaveBeenLastCalledWith(true);
    expect(r.availability(pause, ctx)).not.toBe(true);
    expect(run('live-feed-resume')).toBe(true);
    expect(session.getState().liveFeed.paused).toBe(false);
    expect(setLiveFeedPaused).toHaveBeenLastCalledWith(false);
  });

  it('counts live panes once each', () => {
    const stopA = trackLivePane(session);
    const stopB = trackLivePane(session);
    expect(session.getState().liveFeed.livePanes).toBe(2);
    stopA();
    stopA();
    expect(session.getState().liveFeed.livePanes).toBe(1);
    stopB();
    expect(session.getState().liveFeed.livePanes).toBe(0);
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CommandContext } from './command';

const setLiveFeedPaused = vi.fn((_paused: boolean) => Promise.resolve());
vi.mock('../data/live-bars', () => ({ setLiveFeedPaused }));

const { liveFeedStatus, trackLivePane } = await import('../data/live-feed-status');
const { liveFeedCommands } = await import('./live-feed-commands');
const { CommandRegistry } = await import('./command-registry');

function registry() {
  const r = new CommandRegistry();
  r.register(liveFeedCommands());
  return r;
}

const ctx = {} as CommandContext;
const run = (id: string) => {
  const command = registry().get(id);
  return command !== undefined && command.perform(ctx, {}) === undefined;
};

afterEach(() => {
  liveFeedStatus.setState({ paused: false, livePanes: 0 });
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
    expect(liveFeedStatus.getState().paused).toBe(true);
    expect(setLiveFeedPaused).toHaveBeenLastCalledWith(true);
    expect(r.availability(pause, ctx)).not.toBe(true);
    expect(run('live-feed-resume')).toBe(true);
    expect(liveFeedStatus.getState().paused).toBe(false);
    expect(setLiveFeedPaused).toHaveBeenLastCalledWith(false);
  });

  it('counts live panes once each', () => {
    const stopA = trackLivePane();
    const stopB = trackLivePane();
    expect(liveFeedStatus.getState().livePanes).toBe(2);
    stopA();
    stopA();
    expect(liveFeedStatus.getState().livePanes).toBe(1);
    stopB();
    expect(liveFeedStatus.getState().livePanes).toBe(0);
  });
});

/**
 * Whether the simulated live feed is paused, and how many panes show a live symbol, for the status
 * bar and the pause / resume commands. Session state of this browser, not part of the workspace
 * document: pausing is never saved and never enters the undo history (like the renderer setting).
 */
import { createStore } from 'zustand/vanilla';
import { setLiveFeedPaused } from './live-bars';

export interface LiveFeedStatus {
  paused: boolean;
  /** Panes subscribed to a live symbol right now. */
  livePanes: number;
}

export const liveFeedStatus = createStore<LiveFeedStatus>(() => ({ paused: false, livePanes: 0 }));

/** The pause / resume commands: stops or restarts the simulation for every live symbol at once. */
export function pauseLiveFeed(paused: boolean): void {
  liveFeedStatus.setState({ paused });
  setLiveFeedPaused(paused).catch((error: unknown) => {
    console.warn(`Could not ${paused ? 'pause' : 'resume'} the live feed:`, error);
  });
}

/** Counts a pane that shows a live symbol; returns the function that stops counting it. */
export function trackLivePane(): () => void {
  liveFeedStatus.setState((s) => ({ livePanes: s.livePanes + 1 }));
  let counted = true;
  return () => {
    if (!counted) return;
    counted = false;
    liveFeedStatus.setState((s) => ({ livePanes: s.livePanes - 1 }));
  };
}

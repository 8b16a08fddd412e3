/**
 * Pausing the simulated live feed, and counting the panes that show a live symbol, for the status bar
 * and the pause / resume commands. Session state of this browser, not part of the workspace document:
 * pausing is never saved and never enters the undo history (like the renderer setting).
 */
import { patchSession, type SessionStore } from '../session/session-store';
import { setLiveFeedPaused } from './live-bars';

/** The pause / resume commands: stops or restarts the simulation for every live symbol at once. */
export function pauseLiveFeed(session: SessionStore, paused: boolean): void {
  patchSession(session, 'liveFeed', { paused });
  setLiveFeedPaused(paused).catch((error: unknown) => {
    console.warn(`Could not ${paused ? 'pause' : 'resume'} the live feed:`, error);
  });
}

/** Counts a pane that shows a live symbol; returns the function that stops counting it. */
export function trackLivePane(session: SessionStore): () => void {
  patchSession(session, 'liveFeed', (s) => ({ livePanes: s.livePanes + 1 }));
  let counted = true;
  return () => {
    if (!counted) return;
    counted = false;
    patchSession(session, 'liveFeed', (s) => ({ livePanes: s.livePanes - 1 }));
  };
}

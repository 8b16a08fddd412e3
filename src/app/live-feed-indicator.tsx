import { useWorkstation } from '../commands/use-workstation';
import { useSession } from '../session/session-context';

/**
 * Status-bar indicator and toggle of the simulated live feed: `Simulator: live` while a pane shows a
 * symbol it moves (a real feed's panes have the feed's indicator beside it, each source saying what
 * it feeds), `Paused` while live updates are paused, of every source (shown even with no live pane,
 * so a pause is never forgotten). A click runs the pause or resume command.
 */
export function LiveFeedIndicator() {
  const { run } = useWorkstation();
  const paused = useSession((s) => s.liveFeed.paused);
  const livePanes = useSession((s) => s.liveFeed.livePanes);
  if (!paused && livePanes === 0) return null;
  return (
    <button
      type="button"
      className={`live-feed-indicator${paused ? ' live-feed-paused' : ''}`}
      data-testid="live-feed-indicator"
      data-state={paused ? 'paused' : 'live'}
      title={paused ? 'Resume live feed' : 'Pause live feed'}
      onClick={() => run(paused ? 'live-feed-resume' : 'live-feed-pause')}
    >
      <span className="live-feed-dot" aria-hidden="true" />
      {paused ? 'Paused' : 'Simulator: live'}
    </button>
  );
}

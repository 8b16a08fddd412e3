import { dismissNotice } from '../session/session-actions';
import { useSession, useSessionStore } from '../session/session-context';

/** Notices in sight at once; the others are counted below them. */
export const NOTICES_SHOWN = 3;

/**
 * Transient messages (refusals, confirmations, fired alerts) in one corner, the newest first and at
 * most three, then "and N more" (which leads to the alerts panel when fired alerts are among them);
 * plus the live region that announces focus moves.
 */
export function Notices() {
  const session = useSessionStore();
  const notices = useSession((s) => s.notices);
  const announcement = useSession((s) => s.announcement);
  const newestFirst = [...notices].reverse();
  const shown = newestFirst.slice(0, NOTICES_SHOWN);
  const hidden = newestFirst.slice(NOTICES_SHOWN);
  const hiddenAlerts = hidden.filter((n) => n.alert);
  return (
    <>
      <div className="sr-only" aria-live="polite" data-testid="announcer">
        {announcement}
      </div>
      <section className="notices" aria-label="Notifications">
        {shown.map((n) => (
          <div key={n.id} className={`notice notice-${n.tone}`} role={n.tone === 'info' ? 'status' : 'alert'}>
            <span className="notice-text">{n.text}</span>
            {n.action && (
              <button
                type="button"
                className="button"
                onClick={() => {
                  dismissNotice(session, n.id);
                  n.action?.run();
                }}
              >
                {n.action.label}
              </button>
            )}
            <button
              type="button"
              className="icon-button"
              aria-label="Dismiss"
              onClick={() => dismissNotice(session, n.id)}
            >
              ✕
            </button>
          </div>
        ))}
        {hidden.length > 0 &&
          (hiddenAlerts.length > 0 ? (
            <button
              type="button"
              className="notice-more"
              onClick={() => {
                for (const n of hiddenAlerts) dismissNotice(session, n.id);
                session.setState({ alertsPanelOpen: true });
              }}
            >
              {`and ${hidden.length} more: show alerts`}
            </button>
          ) : (
            <p className="notice-more">{`and ${hidden.length} more`}</p>
          ))}
      </section>
    </>
  );
}

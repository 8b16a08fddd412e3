import { dismissNotice } from '../session/session-actions';
import { useSession, useSessionStore } from '../session/session-context';

/** Transient messages (refusals, confirmations), plus the live region that announces focus moves. */
export function Notices() {
  const session = useSessionStore();
  const notices = useSession((s) => s.notices);
  const announcement = useSession((s) => s.announcement);
  return (
    <>
      <div className="sr-only" aria-live="polite" data-testid="announcer">
        {announcement}
      </div>
      <section className="notices" aria-label="Notifications">
        {notices.map((n) => (
          <div key={n.id} className={`notice notice-${n.tone}`} role={n.tone === 'info' ? 'status' : 'alert'}>
            <span>{n.text}</span>
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
      </section>
    </>
  );
}

import { useStore } from 'zustand';
import { dismissNotice, uiStore } from '../session/ui-store';

/** Transient messages (refusals, confirmations), plus the live region that announces focus moves. */
export function Notices() {
  const notices = useStore(uiStore, (s) => s.notices);
  const announcement = useStore(uiStore, (s) => s.announcement);
  return (
    <>
      <div className="sr-only" aria-live="polite" data-testid="announcer">
        {announcement}
      </div>
      <section className="notices" aria-label="Notifications">
        {notices.map((n) => (
          <div key={n.id} className={`notice notice-${n.tone}`} role={n.tone === 'info' ? 'status' : 'alert'}>
            <span>{n.text}</span>
            <button
              type="button"
              className="icon-button"
              aria-label="Dismiss"
              onClick={() => dismissNotice(n.id)}
            >
              ✕
            </button>
          </div>
        ))}
      </section>
    </>
  );
}

/** The session changes more than one view makes: notices, the live region, dialogs, the context menu. */
import type { DialogId, Notice, NoticeAction, NoticeTone, SessionStore } from './session-store';

/** How long a notice stays before it dismisses itself. */
const NOTICE_MS = 6000;
/** Notices shown at once; an older one makes room for a new one. */
/** Notices kept at once (those out of the stack's sight wait, each for its own time). */
const MAX_NOTICES = 20;

// Ids only tell notices apart (React keys, dismissal): one sequence serves every session.
let nextNoticeId = 1;

export function notify(
  session: SessionStore,
  text: string,
  tone: NoticeTone = 'info',
  action?: NoticeAction,
  alert = false,
): void {
  const notice = {
    id: nextNoticeId++,
    tone,
    text,
    ...(action ? { action } : {}),
    ...(alert ? { alert } : {}),
  };
  // The same words again (a refused split pressed three times) replace the notice showing them, at
  // the end and for its full time: one notice, not a stack of copies pushing the others out. Not one
  // with a button: each of those undoes its own change.
  const same = (n: Notice) => !action && !n.action && n.text === text && n.tone === tone;
  session.setState((s) => {
    const others = s.notices.filter((n) => !same(n));
    return { notices: [...others.slice(Math.max(0, others.length - (MAX_NOTICES - 1))), notice] };
  });
  setTimeout(() => dismissNotice(session, notice.id), NOTICE_MS);
}

export function dismissNotice(session: SessionStore, id: number): void {
  session.setState((s) => ({ notices: s.notices.filter((n) => n.id !== id) }));
}

/** Says `text` to screen readers through the polite live region. */
export function announce(session: SessionStore, text: string): void {
  session.setState({ announcement: text });
}

/** Opens a dialog (closing any context menu: the dialog takes the keyboard). */
export function openDialog(session: SessionStore, dialog: DialogId): void {
  session.setState({ dialog, contextMenu: null });
}

export function closeDialog(session: SessionStore): void {
  session.setState({ dialog: null });
}

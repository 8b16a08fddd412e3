/**
 * Errors nothing caught: thrown in a library's own frame or event handler, a timer, or a promise no one
 * awaited. The browser only logs them, so a user would see at most a chart that stopped changing. A
 * pane's own drawing reports to the pane (render/draw-guard.ts); anything else is told in a notice, once
 * per text while it repeats.
 */
import { errorMessage } from '../../workers/error-message';
import { notify } from '../session/session-actions';
import type { SessionStore } from '../session/session-store';

export function uncaughtErrorText(error: unknown): string {
  return `Something failed: ${errorMessage(error)}. The workspace keeps working; if a chart looks stale, reload the page (your workspace is kept).`;
}

export function reportUncaughtErrors(session: SessionStore): () => void {
  const report = (error: unknown) => notify(session, uncaughtErrorText(error), 'error');
  // Events without an error object are the browser's own notes (a ResizeObserver loop) or scripts
  // that are not ours ("Script error."): nothing the user can act on.
  const onError = (event: ErrorEvent) => {
    if (event.error != null) report(event.error);
  };
  const onRejection = (event: PromiseRejectionEvent) => report(event.reason);
  window.addEventListener('error', onError);
  window.addEventListener('unhandledrejection', onRejection);
  return () => {
    window.removeEventListener('error', onError);
    window.removeEventListener('unhandledrejection', onRejection);
  };
}

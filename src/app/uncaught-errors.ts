/**
 * Errors nothing caught: thrown in a library's own frame or event handler, a timer, or a promise no one
 * awaited. The browser only logs them, so a user would see at most a chart that stopped changing. A
 * pane's own drawing reports to the pane (render/draw-guard.ts); anything else is told in a notice, once
 * per text while it repeats.
 */
import { errorMessage } from '../../core/error-message';
import { notify } from '../session/session-actions';
import type { SessionStore } from '../session/session-store';

function uncaughtErrorText(error: unknown): string {
  return `Something failed: ${errorMessage(error)}. The workspace keeps working; if a chart looks stale, reload the page (your workspace is kept).`;
}

/** The same error again within this time is not told again (one in a chart's paint repeats every frame). */
const REPEAT_MS = 1000;

/** Tells the uncaught errors of `target` (the window) in notices, until the returned function is called. */
export function reportUncaughtErrors(
  session: SessionStore,
  target: Pick<EventTarget, 'addEventListener' | 'removeEventListener'> = window,
): () => void {
  let last = { text: '', at: Number.NEGATIVE_INFINITY };
  // Told again after REPEAT_MS while it repeats, the notice stays up for as long as the error does.
  const report = (error: unknown) => {
    const text = uncaughtErrorText(error);
    const at = performance.now();
    if (text === last.text && at - last.at < REPEAT_MS) return;
    last = { text, at };
    notify(session, text, 'error');
  };
  // Events without an error object are the browser's own notes (a ResizeObserver loop) or scripts
  // that are not ours ("Script error."): nothing the user can act on.
  const onError = (event: Event) => {
    const { error } = event as ErrorEvent;
    if (error != null) report(error);
  };
  const onRejection = (event: Event) => report((event as PromiseRejectionEvent).reason);
  target.addEventListener('error', onError);
  target.addEventListener('unhandledrejection', onRejection);
  return () => {
    target.removeEventListener('error', onError);
    target.removeEventListener('unhandledrejection', onRejection);
  };
}

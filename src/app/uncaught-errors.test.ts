import { afterEach, describe, expect, it, vi } from 'vitest';
import { createSessionStore } from '../session/session-store';
import { reportUncaughtErrors } from './uncaught-errors';

const errorEvent = (error: unknown) => Object.assign(new Event('error'), { error });
const rejection = (reason: unknown) => Object.assign(new Event('unhandledrejection'), { reason });

describe('reportUncaughtErrors', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('tells an error in a notice, again each second while it repeats every frame, and stops when asked', () => {
    vi.useFakeTimers();
    const session = createSessionStore();
    const target = new EventTarget();
    const notify = vi.spyOn(session, 'setState');
    const stop = reportUncaughtErrors(session, target);
    const texts = () => session.getState().notices.map((n) => n.text);

    target.dispatchEvent(errorEvent(new Error('Value is null')));
    expect(texts()).toEqual([
      'Something failed: Value is null. The workspace keeps working; if a chart looks stale, reload the page (your workspace is kept).',
    ]);
    const told = notify.mock.calls.length;
    // Sixty frames in a second: told once.
    for (let frame = 0; frame < 59; frame++) {
      vi.advanceTimersByTime(16);
      target.dispatchEvent(errorEvent(new Error('Value is null')));
    }
    expect(notify.mock.calls.length).toBe(told);
    // Still failing 5.5 s on: the notice (6 s) is still up, renewed.
    for (let t = 0; t < 5500; t += 16) {
      vi.advanceTimersByTime(16);
      target.dispatchEvent(errorEvent(new Error('Value is null')));
    }
    vi.advanceTimersByTime(2000);
    expect(texts()).toHaveLength(1);

    target.dispatchEvent(rejection('The feed closed'));
    expect(texts()[1]).toMatch(/^Something failed: The feed closed\./);
    stop();
    target.dispatchEvent(rejection(new Error('after stop')));
    expect(texts()).toHaveLength(2);
  });

  it('leaves out error events without an error: the browser’s ResizeObserver note, foreign scripts', () => {
    const session = createSessionStore();
    const target = new EventTarget();
    reportUncaughtErrors(session, target);
    target.dispatchEvent(errorEvent(null));
    target.dispatchEvent(errorEvent(undefined));
    expect(session.getState().notices).toEqual([]);
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { notify } from './session-actions';
import { createSessionStore } from './session-store';

describe('notify', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows the same words once, renewed at the end, and keeps at most twenty notices', () => {
    vi.useFakeTimers();
    const session = createSessionStore();
    const texts = () => session.getState().notices.map((n) => n.text);
    notify(session, 'Cannot split', 'warning');
    notify(session, 'Saved');
    notify(session, 'Cannot split', 'warning');
    notify(session, 'Cannot split', 'warning');
    expect(texts()).toEqual(['Saved', 'Cannot split']);
    // Renewed: the repeat has its full time, counted from the last press.
    vi.advanceTimersByTime(5000);
    notify(session, 'Cannot split', 'warning');
    vi.advanceTimersByTime(5000);
    expect(texts()).toEqual(['Cannot split']);
    vi.advanceTimersByTime(1000);
    expect(texts()).toEqual([]);
    // The view shows three (ui/notices.tsx); the others wait, counted, each for its own time.
    const many = Array.from({ length: 25 }, (_, i) => `n${i}`);
    for (const text of many) notify(session, text);
    expect(texts()).toEqual(many.slice(5));
  });

  it('keeps each notice with a button: each undoes its own change', () => {
    const session = createSessionStore();
    const undo = { label: 'Undo', run: () => undefined };
    notify(session, 'Deleted', 'info', undo);
    notify(session, 'Deleted', 'info', { ...undo });
    expect(session.getState().notices).toHaveLength(2);
  });
});

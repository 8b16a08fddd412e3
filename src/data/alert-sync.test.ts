import { describe, expect, it, vi } from 'vitest';
import type { AlertFired, AlertFiredEvent } from '../../core/protocol';
import { RECORD } from '../state/history';
import { addAlert, deleteAlert } from '../state/price-alerts';
import { setTheme } from '../state/workspace-edits';
import { createWorkspaceStore } from '../state/workspace-store';
import { twoPaneDocument } from '../test/test-documents';
import { syncAlertsWithEngine } from './alert-sync';
import type { EngineClient } from './engine-client';

function fakeEngine() {
  const calls: unknown[][] = [];
  let restart: (() => void) | null = null;
  let fired: ((payload: AlertFiredEvent) => void) | null = null;
  const engine = {
    call: vi.fn(async (method: string, ...args: unknown[]) => {
      calls.push([method, ...args]);
      return 0;
    }),
    onRestart: (listener: () => void) => {
      restart = listener;
      return () => {};
    },
    onEvent: (_channel: string, listener: (payload: AlertFiredEvent) => void) => {
      fired = listener;
      return () => {};
    },
  } as unknown as EngineClient;
  return { engine, calls, restart: () => restart?.(), fire: (p: AlertFiredEvent) => fired?.(p) };
}

const alert = {
  id: 'a1',
  symbol: 'SPX',
  price: 3000,
  condition: 'crosses' as const,
  message: '',
  armedAt: 1,
};

describe('syncAlertsWithEngine', () => {
  it('sends the active alerts when they change, not for other edits, and again after a restart', () => {
    const store = createWorkspaceStore(twoPaneDocument());
    const { engine, calls, restart, fire } = fakeEngine();
    const onFired = vi.fn();
    syncAlertsWithEngine({ reader: store.reader, engine: () => engine, onFired, now: () => 0 });
    // No alerts: the worker is not started for them.
    expect(calls).toEqual([]);
    restart();
    expect(calls).toEqual([]);
    store.apply((d) => addAlert(d, alert), RECORD);
    expect(calls).toEqual([
      [
        'setAlerts',
        [
          {
            id: 'a1',
            symbol: 'SPX',
            condition: 'crosses',
            shape: { kind: 'line', line: { kind: 'level', price: 3000 } },
            bars: { interval: null, sessionOnly: false },
            expiresAt: null,
            armedAt: 1,
          },
        ],
      ],
    ]);
    store.apply((d) => setTheme(d, 'default-dark'), RECORD);
    expect(calls).toHaveLength(1);
    restart();
    expect(calls).toHaveLength(2);
    store.apply((d) => deleteAlert(d, 'a1'), RECORD);
    expect(calls.at(-1)).toEqual(['setAlerts', []]);

    const event: AlertFired = {
      id: 'a1',
      armedAt: 1,
      symbol: 'SPX',
      condition: 'crosses',
      time: 0,
      price: 1,
      level: 1,
      firedAt: 0,
    };
    fire({ alerts: [event] });
    expect(onFired).toHaveBeenCalledWith([event]);
  });

  it('says when an active alert expires, once, and sends the list without it; one found expired on opening is not announced', () => {
    vi.useFakeTimers({ now: 1_000 });
    try {
      const store = createWorkspaceStore(twoPaneDocument());
      store.apply((d) => addAlert(d, { ...alert, id: 'old', expiresAt: 500 }), RECORD);
      store.apply((d) => addAlert(d, { ...alert, id: 'soon', expiresAt: 61_000 }), RECORD);
      store.apply((d) => addAlert(d, { ...alert, id: 'later', expiresAt: 3_601_000 }), RECORD);
      const { engine, calls } = fakeEngine();
      const onExpired = vi.fn();
      syncAlertsWithEngine({ reader: store.reader, engine: () => engine, onFired: vi.fn(), onExpired });
      const sentIds = () => ((calls.at(-1)?.[1] ?? []) as { id: string }[]).map((a) => a.id);
      expect(sentIds()).toEqual(['later', 'soon']);

      vi.advanceTimersByTime(59_000);
      expect(onExpired).not.toHaveBeenCalled();
      vi.advanceTimersByTime(1_100);
      expect(onExpired).toHaveBeenCalledTimes(1);
      expect(onExpired.mock.calls[0]?.[0].map((a: { id: string }) => a.id)).toEqual(['soon']);
      expect(sentIds()).toEqual(['later']);

      // A new expiry, nearer than the one waited for, is waited for instead.
      store.apply((d) => addAlert(d, { ...alert, id: 'sooner', expiresAt: 120_000 }), RECORD);
      vi.advanceTimersByTime(60_000);
      expect(onExpired).toHaveBeenCalledTimes(2);
      expect(onExpired.mock.calls[1]?.[0].map((a: { id: string }) => a.id)).toEqual(['sooner']);
      vi.advanceTimersByTime(3_600_000);
      expect(onExpired).toHaveBeenCalledTimes(3);
      vi.advanceTimersByTime(3_600_000);
      expect(onExpired).toHaveBeenCalledTimes(3);
    } finally {
      vi.useRealTimers();
    }
  });
});

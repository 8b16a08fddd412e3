/**
 * Keeps the data worker's alerts in step with the document: whenever the active alerts (or the
 * drawings they follow) change, the worker gets the whole list again (and after a restart, since a
 * new worker holds none); what fires comes back through `onFired`. When an active alert's expiry
 * passes while the workstation is open, `onExpired` says so (an alert found expired on opening is
 * not announced) and the worker gets the list without it.
 */
import type { AlertFired, AlertSpec } from '../../core/protocol';
import type { DocumentReader } from '../state/document-reader';
import { alertSpecsOf, alertsOf, nextExpiry } from '../state/price-alerts';
import type { PriceAlert } from '../state/workspace-document';
import type { EngineClient } from './engine-client';

export interface AlertSyncOptions {
  reader: DocumentReader;
  engine(): EngineClient;
  onFired(alerts: readonly AlertFired[]): void;
  /** Alerts whose expiry just passed, unfired. */
  onExpired?(alerts: readonly PriceAlert[]): void;
  /** Wall clock, ms. */
  now?(): number;
}

/** The longest timeout browsers keep (about 24.8 days); a later expiry is waited for in steps. */
const MAX_TIMEOUT_MS = 2 ** 31 - 1;

export function syncAlertsWithEngine(options: AlertSyncOptions): () => void {
  const now = options.now ?? Date.now;
  const engine = options.engine();
  let sent = '[]';
  const send = (specs: AlertSpec[], force = false): void => {
    const key = JSON.stringify(specs);
    // The worker starts on its first request: a workspace without alerts does not start it for them.
    if (key === sent && !force) return;
    if (force && specs.length === 0) return;
    sent = key;
    engine.call('setAlerts', specs).catch((error: unknown) => {
      sent = '';
      console.warn('Could not send the alerts to the data engine', error);
    });
  };
  const current = () => alertSpecsOf(options.reader.getDocument(), now());

  // Expiries: announced once each, from the time the workstation opened.
  let checkedUntil = now();
  let expiryTimer: ReturnType<typeof setTimeout> | null = null;
  const expire = (): void => {
    expiryTimer = null;
    const at = now();
    const expired = alertsOf(options.reader.getDocument()).filter(
      (a) => !a.fired && a.expiresAt !== undefined && a.expiresAt > checkedUntil && a.expiresAt <= at,
    );
    checkedUntil = at;
    if (expired.length > 0) options.onExpired?.(expired);
    send(current());
    scheduleExpiry();
  };
  const scheduleExpiry = (): void => {
    if (expiryTimer !== null) clearTimeout(expiryTimer);
    expiryTimer = null;
    const next = nextExpiry(alertsOf(options.reader.getDocument()), now());
    if (Number.isFinite(next)) expiryTimer = setTimeout(expire, Math.min(next - now() + 1, MAX_TIMEOUT_MS));
  };

  send(current());
  scheduleExpiry();
  const stops = [
    options.reader.state.subscribe((state, previous) => {
      if (
        state.document.alerts === previous.document.alerts &&
        state.document.annotations === previous.document.annotations
      )
        return;
      send(current());
      if (state.document.alerts !== previous.document.alerts) scheduleExpiry();
    }),
    engine.onRestart(() => send(current(), true)),
    engine.onEvent('alert-fired', (payload) => options.onFired(payload.alerts)),
  ];
  return () => {
    for (const stop of stops) stop();
    if (expiryTimer !== null) clearTimeout(expiryTimer);
  };
}

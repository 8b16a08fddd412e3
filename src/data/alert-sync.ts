/**
 * Keeps the data worker's alerts in step with the document: whenever the active alerts (or the
 * drawings they follow) change, the worker gets the whole list again (and after a restart, since a
 * new worker holds none); what fires comes back through `onFired`.
 */
import type { AlertFired, AlertSpec } from '../../workers/protocol';
import type { DocumentReader } from '../state/document-reader';
import { alertSpecsOf } from '../state/price-alerts';
import type { EngineClient } from './engine-client';

export interface AlertSyncOptions {
  reader: DocumentReader;
  engine(): EngineClient;
  onFired(alerts: readonly AlertFired[]): void;
  /** Wall clock, ms. */
  now?(): number;
}

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
  send(current());
  const stops = [
    options.reader.state.subscribe((state, previous) => {
      if (
        state.document.alerts === previous.document.alerts &&
        state.document.annotations === previous.document.annotations
      )
        return;
      send(current());
    }),
    engine.onRestart(() => send(current(), true)),
    engine.onEvent('alert-fired', (payload) => options.onFired(payload.alerts)),
  ];
  return () => {
    for (const stop of stops) stop();
  };
}
